// The project trust dialog and its notices (docs/configuration.md, "Project trust").
//
// S32 F9: trust is for the content the user was shown. The dialog awaits a human; the file
// can change meanwhile (a concurrent `git checkout`, a background job), so the click trusts
// the hash the dialog listed, never what the file holds at the click. A file that changed is
// not trusted; its new content is asked about again.
//
// S32 F10: the dialog lists the loosening that matters most first (a rule that allows any
// command or any path, yolo, a shell tool), never cuts those, says how many others it leaves
// out, and shows a pattern's blanks and invisible characters, so a key of 300 spaces and a
// `*` reads as what it is.
//
// S33 F-trust (attacker r33c F3): a loosening is ranked by what its pattern can reach, never by
// how it is spelled. Only a first character that was a wildcard counted as broad, so
// `/*/**`, `/{home,etc}/**`, `~/*/**` and `../**` (every other project, the whole home) were
// cut as "narrower rules" behind twelve harmless allows.
import { homedir } from "node:os";
import { posix } from "node:path";
import {
  type Loosening,
  matchesPathPattern,
  type PathPatternContext,
  type PolicyLoadResult,
  type ProjectTrust,
  pathPatternBelow,
  patternLanguage,
  resolvePathPattern,
} from "@pi-permission/policy";

export const TRUST_CHOICES = ["Trust this file", "Not now (it only tightens)"] as const;

/** How many loosening rows the dialog lists besides the broad ones, which it always lists. */
export const TRUST_DIALOG_ROWS = 12;

/** What trusting needs from the session. */
export interface TrustingSession {
  readonly loadResult: PolicyLoadResult;
  /** The session's working and home directories, which the file's path patterns resolve against. */
  readonly location?: PathPatternContext;
  trustProject(hash: string | null): PolicyLoadResult | "changed" | undefined;
}

/** What the dialog needs from Pi's UI. */
export interface TrustUi {
  select(title: string, options: string[]): Promise<string | undefined>;
  notify(message: string, level: "info" | "warning" | "error"): void;
}

/** The one-line notice of a project file that waits for trust. */
export function untrustedNotice(trust: ProjectTrust): string {
  return `pi-permission: ${trust.file} is not trusted, so it only tightens (${trust.loosening.length} loosening rule${trust.loosening.length === 1 ? "" : "s"} ignored); run /permissions trust to apply it in full.`;
}

/**
 * Ask the human whether to trust the project file's content as `trust` describes it, and
 * record the trust of exactly that content. When the file changed while the dialog was open,
 * nothing is recorded, the human is told, and the new content is asked about (`asked` holds
 * the hashes already asked about, so each content is asked once).
 * Returns whether the file ended up trusted.
 */
export async function askProjectTrust(
  ui: TrustUi,
  state: TrustingSession,
  trust: ProjectTrust,
  asked: Set<string> = new Set(),
): Promise<boolean> {
  asked.add(trust.hash);
  const choice = await ui.select(trustDialogTitle(trust, state.location), [...TRUST_CHOICES]);
  if (choice !== TRUST_CHOICES[0]) {
    ui.notify(untrustedNotice(trust), "warning");
    return false;
  }
  const outcome = state.trustProject(trust.hash);
  if (outcome === "changed") {
    ui.notify(
      `pi-permission: ${trust.file} changed while the dialog was open, so it was not trusted: trust is for the content you were shown.`,
      "warning",
    );
    const now = state.loadResult.projectTrust;
    if (now?.state !== "untrusted" || asked.has(now.hash)) return now?.state === "trusted";
    return askProjectTrust(ui, state, now, asked);
  }
  ui.notify(`pi-permission: trusted ${trust.file}; its rules apply in full.`, "info");
  return true;
}

/**
 * The dialog's title: the file, what it would loosen (the broadest first), and the rule. `where`
 * is where the file's path patterns resolve (the session's working and home directories; by
 * default the folder holding `.pi/` and this user's home).
 */
export function trustDialogTitle(
  trust: ProjectTrust,
  where: PathPatternContext = {
    cwd: posix.dirname(posix.dirname(trust.file)),
    home: homedir(),
  },
): string {
  const ordered = trust.loosening
    .map((entry, index) => ({ entry, index, rank: looseningRank(entry, where) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index);
  // INVARIANT (S32 F10, S33 F-trust): a broad loosening is never cut from the list.
  const broad = ordered.filter((o) => o.rank <= BROAD).length;
  const shown = ordered.slice(0, Math.max(broad, TRUST_DIALOG_ROWS));
  const hidden = ordered.length - shown.length;
  return [
    `pi-permission: trust the project policy ${trust.file}?`,
    "It would loosen your policy:",
    ...shown.map((o) => `  ${visibleJsonPath(o.entry.jsonPath)}: ${o.entry.what}`),
    ...(hidden > 0 ? [`  and ${hidden} more (narrower rules; /permissions lists them all)`] : []),
    "Until you trust it, only its deny and ask rules apply. A changed file is asked about again.",
  ].join("\n");
}

/** The highest rank that is broad, so never cut. */
const BROAD = 1;

/**
 * How much a loosening opens, 0 the most:
 * - 0: what meets anything: the switches that open whole surfaces (yolo, a shell tool, a
 *   longer analysis budget, a declared program, a watch setting turned down), a rule of a
 *   whole surface, a command pattern whose command word is a wildcard, a path pattern that
 *   meets a secret of the home or a system file or a file of a sibling project;
 * - 1: what is still broad: a command or name pattern with a wildcard (`git *` runs any git
 *   command), a path pattern that can reach outside the project or into the home's dot
 *   folders, or that meets the project as a whole or its dot folders;
 * - 2: another allow; 3: another ask over a deny.
 * A shape the ranking does not know is 0: in doubt, a loosening is broad.
 */
function looseningRank(entry: Loosening, where: PathPatternContext): number {
  const segments = jsonPathSegments(entry.jsonPath);
  // A rule sits at `permission.<surface>.<pattern>`, in an agent's or a hook's section too.
  const at =
    segments[0] === "permission"
      ? 0
      : (segments[0] === "agents" || segments[0] === "hooks") && segments[2] === "permission"
        ? 2
        : -1;
  // Not a rule (yolo, a setting, a declaration), or a whole surface (`permission.bash: "allow"`,
  // `permission["*"]`): no pattern narrows it.
  if (at === -1 || segments.length !== at + 3) return 0;
  const surface = segments[at + 1] as string;
  const pattern = segments[at + 2] as string;
  const reach =
    patternLanguage(surface) === "path" ? pathReach(pattern, where) : wordsReach(pattern);
  if (reach === "anything") return 0;
  if (reach === "broad") return 1;
  return entry.what === "allow" ? 2 : 3;
}

type Reach = "anything" | "broad" | "narrow";

/**
 * What a bash (or name) pattern meets: any program when its command word holds a wildcard
 * (`*`, ` * x`, `*sh -c *`, `*​`: blanks, invisible characters and quotes before it do not
 * narrow it), many commands when it holds one anywhere (`git *`, `npm run t*`).
 */
function wordsReach(pattern: string): Reach {
  const bare = pattern.replace(LEADING_BLANKS, "");
  const word = bare.split(INVISIBLE_OR_BLANK)[0] ?? "";
  if (word === "" || word.includes("*")) return "anything";
  return bare.includes("*") ? "broad" : "narrow";
}

/**
 * What a path pattern can reach, judged by the gate's own matcher and resolution: anything
 * when it meets one of the files a loosening must never open unseen ({@link outsideSamples});
 * broad when the folder its literal part names is not one part of the project
 * ({@link insideProject}), or when a `..` may climb out of it; narrow only when every path it
 * matches lies in one named folder (or file) of the project.
 */
function pathReach(pattern: string, where: PathPatternContext): Reach {
  const glob = resolvePathPattern(pattern, where);
  // Brace ranges and nests multiply into more alternatives than are worth compiling here.
  const braces = glob.match(/(?<!\\)\{/g)?.length ?? 0;
  if (glob === "*" || braces > 8 || /\{[^{}]*\.\.[^{}]*\}/.test(glob) || glob.length > 4096) {
    return "anything";
  }
  // A rule that names a folder without a glob may cover what is inside it (path-pattern.ts).
  const below = pathPatternBelow(pattern, where);
  const meets = (path: string) =>
    matchesPathPattern(pattern, path, where) ||
    (below !== null && matchesPathPattern(below, path, where));
  if (outsideSamples(where).some(meets)) return "anything";
  const folder = literalFolder(glob);
  return folder !== null && insideProject(folder, where) ? "narrow" : "broad";
}

/**
 * Files outside the project (or, whatever the project, in the home's dot folders) that no
 * loosening may open without being shown: the home's secrets and shell start-up, system
 * files, a file of the home and of the project's parent folder and a sibling project.
 */
function outsideSamples({ cwd, home }: PathPatternContext): string[] {
  const homeDots = [
    ".ssh/id_rsa",
    ".aws/credentials",
    ".gnupg/private-keys-v1.d/k.key",
    ".config/gcloud/credentials.db",
    ".kube/config",
    ".docker/config.json",
    ".netrc",
    ".bashrc",
    ".pi/agent/permissions.json",
  ].map((name) => posix.join(home, name));
  const parent = posix.dirname(cwd);
  const elsewhere = [
    "/etc/shadow",
    "/etc/passwd",
    "/root/.ssh/id_rsa",
    "/var/lib/x",
    "/usr/local/bin/x",
    "/tmp/x",
    "/x",
    posix.join(home, "notes.txt"),
    posix.join(home, "src", "other", "x"),
    posix.join(parent, "x"),
    posix.join(parent, "other-project", "src", "x"),
  ].filter((path) => !within(path, cwd));
  return [...homeDots, ...elsewhere];
}

/**
 * The folder named by the literal segments a resolved glob starts with (unescaped), or `null`
 * when a `..` may climb out of it (minimatch folds `x/..` away, braces may hold one).
 */
function literalFolder(glob: string): string | null {
  const segments = glob.split("/").filter((segment) => segment !== "");
  const literal: string[] = [];
  let open = true;
  for (const segment of segments) {
    if (segment.includes("..")) return null;
    if (open && !GLOB_CHARACTER.test(segment.replace(/\\./g, ""))) {
      literal.push(segment.replace(/\\(.)/g, "$1"));
    } else open = false;
  }
  return `/${literal.join("/")}`;
}

const GLOB_CHARACTER = /[*?[\]{}()!+@\\]/;

/**
 * Whether a folder (or file) names one part of the project: strictly below the working
 * directory (a glob right below it, `*\/**`, meets nearly every file of the project), in none
 * of the project's dot folders (`.git`, `.pi`, `.husky` hold what runs or decides), and away
 * from the home's dot folders (a project may be the home, or hold it).
 */
function insideProject(folder: string, { cwd, home }: PathPatternContext): boolean {
  if (folder === cwd || !within(folder, cwd)) return false;
  const below = folder.slice(cwd === "/" ? 1 : cwd.length + 1).split("/");
  if (below.some((segment) => segment.startsWith("."))) return false;
  // At or above the home: a glob below it may name its dot folders.
  if (within(home, folder)) return false;
  return !(within(folder, home) && folder.slice(home.length + 1).startsWith("."));
}

/** Whether `path` is `folder` or lies below it (both absolute and normalised). */
function within(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder === "/" ? "/" : `${folder}/`);
}

// Blanks and invisible characters before a pattern's first word (and quotes, which a pattern
// matches as themselves but a reader skips).
const LEADING_BLANKS = /^[\s\p{Cf}"']+/u;

// Blanks of any kind, and the format characters that render as nothing.
const INVISIBLE_OR_BLANK = /[\s\p{Cf}]+/gu;

/** The segments of a JSON path as `formatJsonPath` writes it (`a.b["c d"]`). */
function jsonPathSegments(path: string): string[] {
  const segments: string[] = [];
  const step = /\.?([A-Za-z_$][A-Za-z0-9_$]*)|\[("(?:[^"\\]|\\.)*")\]|\[(\d+)\]/y;
  let at = 0;
  while (at < path.length) {
    step.lastIndex = at;
    const m = step.exec(path);
    if (m === null) return [path];
    if (m[1] !== undefined) segments.push(m[1]);
    else if (m[2] !== undefined) segments.push(JSON.parse(m[2]) as string);
    else segments.push(m[3] as string);
    at = step.lastIndex;
  }
  return segments;
}

/**
 * A JSON path whose keys show what they hold: runs of blanks are counted (`␠×300`), a blank
 * at either end of a key and any other blank or invisible character is spelled as its code
 * point (`\u200b`), so no key reads as empty, shorter, or as another key.
 */
export function visibleJsonPath(path: string): string {
  return path.replace(/\["((?:[^"\\]|\\.)*)"\]/g, (_whole, body: string) => {
    const key = JSON.parse(`"${body}"`) as string;
    return `["${visibleKey(key)}"]`;
  });
}

function visibleKey(key: string): string {
  let out = "";
  const runs = /( {2,})|([^\x20-\x7e])|(")|(\\)/gu;
  let last = 0;
  for (const m of key.matchAll(runs)) {
    const at = m.index ?? 0;
    out += key.slice(last, at);
    if (m[1] !== undefined) out += `␠×${m[1].length}`;
    else if (m[3] !== undefined) out += '\\"';
    else if (m[4] !== undefined) out += "\\\\";
    else {
      const char = m[2] as string;
      out +=
        /[\p{L}\p{N}\p{P}\p{S}]/u.test(char) && !LOOKALIKE.test(char)
          ? char
          : `\\u{${(char.codePointAt(0) ?? 0).toString(16)}}`;
    }
    last = at + m[0].length;
  }
  out += key.slice(last);
  // A single blank at either end would read as nothing.
  return out.replace(/^ /, "␠").replace(/ $/, "␠");
}

// Characters that read as `*`, `/` or a blank but are none of them (fullwidth asterisk,
// asterisk operator, division slash, fraction slash, big solidus, fullwidth solidus).
const LOOKALIKE = /[\uff0a\u2217\u2215\u2044\u29f8\uff0f\u066d\u204e]/u;
