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
import type { Loosening, PolicyLoadResult, ProjectTrust } from "@pi-permission/policy";

export const TRUST_CHOICES = ["Trust this file", "Not now (it only tightens)"] as const;

/** How many loosening rows the dialog lists besides the broad ones, which it always lists. */
export const TRUST_DIALOG_ROWS = 12;

/** What trusting needs from the session. */
export interface TrustingSession {
  readonly loadResult: PolicyLoadResult;
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
  const choice = await ui.select(trustDialogTitle(trust), [...TRUST_CHOICES]);
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

/** The dialog's title: the file, what it would loosen (the broadest first), and the rule. */
export function trustDialogTitle(trust: ProjectTrust): string {
  const ordered = trust.loosening
    .map((entry, index) => ({ entry, index, rank: looseningRank(entry) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index);
  // INVARIANT (S32 F10): a broad loosening is never cut from the list.
  const broad = ordered.filter((o) => o.rank === 0).length;
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

/**
 * How much a loosening opens, 0 the most: a rule that meets any command, path or tool, and
 * the switches that open whole surfaces (yolo, a shell tool, a longer analysis budget, a
 * declared program, a watch setting turned down); then other allows; then an ask over a deny.
 */
function looseningRank(entry: Loosening): number {
  const segments = jsonPathSegments(entry.jsonPath);
  const key = segments.at(-1) ?? "";
  const inPermission = segments.includes("permission");
  if (!inPermission) return 0;
  // `permission.bash: "allow"` (a whole surface) or `permission["*"]`: no pattern narrows it.
  const surfaceLevel = segments.at(-2) === "permission";
  if (surfaceLevel || startsAnywhere(key)) return 0;
  return entry.what === "allow" ? 1 : 2;
}

/**
 * Whether a pattern's first word (or path segment) is a wildcard, so it meets any program
 * or any folder: `*`, ` * x`, `**`, `** /x`, `*​`. Blanks, invisible characters and quotes
 * before it do not narrow it.
 */
function startsAnywhere(pattern: string): boolean {
  const bare = pattern.replace(INVISIBLE_OR_BLANK, "");
  return bare === "" || /^[*?[{]/.test(bare) || /^\/?\*\*/.test(bare) || bare.startsWith("~/**");
}

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
