// The catalogue of surfaces: every key a policy's `permission` map names besides `"*"` and
// extension tools. The schema (its properties and descriptions), the rules (directional
// sugar, pattern languages), the gates (which path a file tool opens, which field of a shell
// tool holds its command) and the checks all read this one table, so a new built-in tool is
// one entry here.

/** How a tool uses the file it names. */
export type ToolPathAccess = "read" | "write" | "read_write";

/** The language a surface's patterns are written in (see docs/configuration.md). */
export type PatternLanguage = "bash" | "path" | "name";

/** One surface of the catalogue. */
export interface SurfaceSpec {
  /** A Pi built-in tool, or a surface that every call can touch. */
  readonly kind: "tool" | "special";
  /** The language of its patterns. */
  readonly language: PatternLanguage;
  /** The text editors show for the key (the JSON Schema's description). */
  readonly description: string;
  /**
   * For a path surface: which gate judges it (`path`, or `external_directory` for paths
   * outside the working directory) and which accesses it covers.
   */
  readonly paths?: {
    readonly family: "path" | "external_directory";
    readonly access: ToolPathAccess;
  };
  /** For a bare surface: the directional surfaces it stands for. */
  readonly directions?: readonly [read: string, write: string];
  /**
   * For a file tool: how it uses its `path` argument, and whether a missing `path` means the
   * working directory (Pi's `ls`, `find` and `grep`).
   */
  readonly file?: {
    readonly access: ToolPathAccess;
    readonly optionalPath: boolean;
    /**
     * The tool reads the contents of every file below a directory it is given (Pi's `grep`
     * runs ripgrep there), so those files are judged too, not only the directory.
     */
    readonly readsBelow?: true;
    /**
     * The tool shows the names of a directory's entries (Pi's `ls`: `"entries"`, one level,
     * with each entry's metadata) or of everything below it (Pi's `find`: `"below"`), not
     * their contents: those listings are judged too, not only the directory.
     */
    readonly lists?: "entries" | "below";
  };
  /** For a shell tool: the input field holding its command, and its working directory's. */
  readonly shell?: { readonly command: string; readonly cwd: string | null };
}

const pathTool = (
  access: ToolPathAccess,
  optionalPath: boolean,
  description: string,
  below?: { readsBelow?: true; lists?: "entries" | "below" },
): SurfaceSpec => ({
  kind: "tool",
  language: "path",
  description,
  file: { access, optionalPath, ...below },
});

/** Every surface the policy language knows, in the order the schema lists them. */
export const SURFACES = {
  path: {
    kind: "special",
    language: "path",
    paths: { family: "path", access: "read_write" },
    directions: ["path_read", "path_write"],
    description:
      "Every file a call touches, read or written. Sugar for `path_read` plus `path_write`. Path patterns.",
  },
  path_read: {
    kind: "special",
    language: "path",
    paths: { family: "path", access: "read" },
    description: "Every file a call reads. Path patterns.",
  },
  path_write: {
    kind: "special",
    language: "path",
    paths: { family: "path", access: "write" },
    description: "Every file a call writes (bash redirects included). Path patterns.",
  },
  external_directory: {
    kind: "special",
    language: "path",
    paths: { family: "external_directory", access: "read_write" },
    directions: ["external_directory_read", "external_directory_write"],
    description:
      "Every touched path outside the working directory. Sugar for `external_directory_read` plus `external_directory_write`. Path patterns.",
  },
  external_directory_read: {
    kind: "special",
    language: "path",
    paths: { family: "external_directory", access: "read" },
    description: "Every path outside the working directory that a call reads. Path patterns.",
  },
  external_directory_write: {
    kind: "special",
    language: "path",
    paths: { family: "external_directory", access: "write" },
    description: "Every path outside the working directory that a call writes. Path patterns.",
  },
  mcp: {
    kind: "special",
    language: "name",
    description: "MCP tool calls, matched by target name (for example `github:*`).",
  },
  skill: { kind: "special", language: "name", description: "Skills, matched by skill name." },
  read: pathTool("read", false, "The `read` tool, matched by the path it reads. Path patterns."),
  write: pathTool(
    "write",
    false,
    "The `write` tool, matched by the path it writes. Path patterns.",
  ),
  edit: pathTool(
    "read_write",
    false,
    "The `edit` tool, matched by the path it edits. Path patterns.",
  ),
  bash: {
    kind: "tool",
    language: "bash",
    shell: { command: "command", cwd: null },
    description: "Each command the `bash` tool would execute, matched by bash patterns (`git *`).",
  },
  grep: pathTool(
    "read",
    true,
    "The `grep` tool, matched by the path it searches; a directory's files below it are read too. Path patterns.",
    { readsBelow: true },
  ),
  find: pathTool("read", true, "The `find` tool, matched by the path it searches. Path patterns.", {
    lists: "below",
  }),
  ls: pathTool("read", true, "The `ls` tool, matched by the path it lists. Path patterns.", {
    lists: "entries",
  }),
} as const satisfies Record<string, SurfaceSpec>;

/** A surface the catalogue knows. */
export type SurfaceName = keyof typeof SURFACES;

/** The catalogue entry of a surface, or `undefined` for an extension tool or a typo. */
export function surfaceSpec(surface: string): SurfaceSpec | undefined {
  return Object.hasOwn(SURFACES, surface) ? SURFACES[surface as SurfaceName] : undefined;
}

const names = Object.keys(SURFACES) as SurfaceName[];

/** Keys under `permission` that are not tool names: surfaces every call can touch. */
export const SPECIAL_SURFACES: readonly SurfaceName[] = Object.freeze(
  names.filter((name) => SURFACES[name].kind === "special"),
);

/** Pi's built-in tools, listed so editors complete them; any other tool name is accepted too. */
export const BUILTIN_TOOL_SURFACES: readonly SurfaceName[] = Object.freeze(
  names.filter((name) => SURFACES[name].kind === "tool"),
);

/** Pi's built-in file tools and how each uses its `path`. */
export const FILE_TOOLS: Readonly<Record<string, ToolPathAccess>> = Object.freeze(
  Object.fromEntries(
    names.flatMap((name) => {
      const file = (SURFACES[name] as SurfaceSpec).file;
      return file ? [[name, file.access]] : [];
    }),
  ),
);

/**
 * Which pattern language a surface's patterns are written in: `bash` for the bash tool,
 * `path` for the path and external-directory surfaces and the file tools (`read`, `write`,
 * `edit`, `grep`, `find`, `ls`), `name` (the bash wildcard: `*` is any run) for everything
 * else, such as `mcp`, `skill` and extension tools.
 *
 * @example
 * ```ts
 * patternLanguage("path_write"); // "path"
 * ```
 */
export function patternLanguage(surface: string): PatternLanguage {
  return surfaceSpec(surface)?.language ?? "name";
}
