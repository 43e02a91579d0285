// The `shellTools` setting: tools, besides Pi's `bash`, whose argument is a shell command.

/**
 * A shell tool as a policy file declares it: the name of the input key holding the command
 * (`"cmd"`), or that key and the key holding the directory it runs in
 * (`{ "command": "cmd", "cwd": "workdir" }`).
 */
export type ShellToolDeclaration = string | { command: string; cwd?: string };

/** Where a shell tool's call keeps its command and its working directory. */
export interface ShellToolSpec {
  /** The input key holding the command: a string, or an argv array of strings. */
  readonly command: string;
  /** The input key holding the directory it runs in, or `null`: the session's. */
  readonly cwd: string | null;
}

/** Tool name → every way a policy file declared it. */
export type ShellToolMap = Readonly<Record<string, readonly ShellToolSpec[]>>;

/**
 * Add one file's `shellTools` to those of the files before it. Declarations add up, never
 * replace: a later file that declares a tool again with other keys makes the gates read
 * both commands, because dropping the earlier declaration would leave a command unjudged.
 *
 * @example
 * ```ts
 * mergeShellTools({}, { exec_command: { command: "cmd", cwd: "workdir" } });
 * // { exec_command: [{ command: "cmd", cwd: "workdir" }] }
 * ```
 */
export function mergeShellTools(
  base: ShellToolMap,
  declared: Readonly<Record<string, ShellToolDeclaration>>,
): ShellToolMap {
  const merged = new Map<string, ShellToolSpec[]>(
    Object.entries(base).map(([tool, specs]) => [tool, [...specs]]),
  );
  for (const [tool, declaration] of Object.entries(declared)) {
    const spec: ShellToolSpec =
      typeof declaration === "string"
        ? { command: declaration, cwd: null }
        : { command: declaration.command, cwd: declaration.cwd ?? null };
    const specs = merged.get(tool) ?? [];
    if (!specs.some((s) => s.command === spec.command && s.cwd === spec.cwd)) specs.push(spec);
    merged.set(tool, specs);
  }
  // fromEntries defines own properties, so a tool named `__proto__` stays a tool.
  return Object.freeze(Object.fromEntries(merged));
}
