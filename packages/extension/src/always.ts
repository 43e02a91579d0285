// "Always": an approval saved as an allow rule in a policy file. The file keeps its formatting
// and comments (jsonc-parser edits only the text it must), is replaced atomically (a temporary
// file in the same folder, renamed over it, with the same mode), and only after the new text
// loads without an error and judges the approved call as allowed. On any failure the file is
// untouched and the caller approves the call once and says why.
import { randomBytes } from "node:crypto";
import {
  closeSync,
  fchmodSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import type { BashAnalyzer } from "@pi-permission/bash";
import { evaluateToolCall, type SessionGrant, type ToolCallFacts } from "@pi-permission/gates";
import {
  bashPatternMeets,
  DEFAULT_POLICY_TEXT,
  isTrustedProjectFile,
  loadPolicy,
  matchesBashPattern,
  matchesPathPattern,
  type PolicyLoadResult,
  policyHash,
  type Rule,
  readPolicyFile,
  recordProjectTrust,
} from "@pi-permission/policy";
import {
  applyEdits,
  type FormattingOptions,
  findNodeAtLocation,
  type Node as JsonNode,
  modify,
  parseTree,
} from "jsonc-parser";

/** Where an "always" rule is saved. */
export interface AlwaysTarget {
  scope: "global" | "project";
  file: string;
}

/** What saving needs: the files' location, the call, and the grants the human approved. */
export interface SaveAlwaysOptions {
  location: {
    cwd: string;
    home: string;
    env: Readonly<Record<string, string | undefined>>;
    agentDir: string;
  };
  target: AlwaysTarget;
  /** The grants to save as allow rules (exact or wider, as the human picked). */
  grants: readonly SessionGrant[];
  /** The approved call: the saved rules must allow its request on `surface`. */
  facts: ToolCallFacts;
  surface: string;
  analyzer: BashAnalyzer;
  /** The policy as loaded now (its deny rules are checked against the new rules). */
  current: PolicyLoadResult;
  /** Test seam: what renames the temporary file over the policy file. */
  rename?: (from: string, to: string) => void;
}

/** The rules saved, or why nothing was saved. */
export type SaveAlwaysOutcome =
  | { saved: true; file: string; rules: { surface: string; pattern: string }[] }
  | { saved: false; reason: string };

const PATH_FAMILY = new Set(["path", "external_directory"]);

/**
 * Save the approved grants as allow rules in the target file, or say why not. Never throws.
 *
 * @example
 * ```ts
 * const outcome = saveAlwaysRule({ location, target: { scope: "global", file }, grants, facts,
 *   surface: "bash", analyzer, current: state.loadResult });
 * ```
 */
export function saveAlwaysRule(options: SaveAlwaysOptions): SaveAlwaysOutcome {
  try {
    return save(options);
  } catch (error) {
    return { saved: false, reason: `could not save the rule: ${String(error)}` };
  }
}

function save(options: SaveAlwaysOptions): SaveAlwaysOutcome {
  const { target, grants, current } = options;
  const rules: { surface: string; pattern: string }[] = [];
  for (const grant of grants) {
    const pattern = rulePattern(grant);
    if (pattern === null) {
      return {
        saved: false,
        reason: `\`${grant.pattern}\` contains \`*\`, which a bash rule cannot say literally`,
      };
    }
    const deny = overlappingDeny(current.policy.rules, grant, options);
    if (deny) {
      return {
        saved: false,
        reason: `the deny rule ${deny.surface} \`${deny.pattern}\` (${deny.origin.scope} file) covers part of \`${grant.pattern}\`; an allow rule there would override it`,
      };
    }
    rules.push({ surface: grant.surface, pattern });
  }

  // A missing global file means the built-in default applies: start from it, so saving one
  // allow rule does not drop the default's denies.
  const before = readPolicyFile(target.file);
  if (before === undefined && target.scope === "project") {
    return { saved: false, reason: `${target.file} does not exist` };
  }
  // INVARIANT (S32 F8): the saved project file is trusted again below, so the content it is
  // built on must be content the user trusted. The file may have changed since the dialog
  // offered it (a concurrent call's `git checkout`, a background job): its new content was
  // never shown, and trusting it with the rule would launder its loosening. The text read
  // here, once, is the one checked, edited and written.
  if (
    target.scope === "project" &&
    before !== undefined &&
    !isTrustedProjectFile(options.location.agentDir, target.file, policyHash(before))
  ) {
    return {
      saved: false,
      reason: `${target.file} changed since you trusted it, so no rule is saved there: trust its new content first (/permissions trust)`,
    };
  }
  let text = before ?? DEFAULT_POLICY_TEXT;
  for (const rule of rules) text = withRule(text, rule.surface, rule.pattern);

  // Re-validate before replacing: the new text loads without an error, and the call is allowed.
  const load = loadPolicy({
    ...options.location,
    agentDir: options.location.agentDir,
    projectTrusted: target.scope === "project" ? true : undefined,
    readFile: (file) => (file === target.file ? text : readPolicyFile(file)),
  });
  const errors = load.issues.filter((i) => i.severity === "error");
  if (errors.length > 0) {
    return { saved: false, reason: `the edited file would not load: ${errors[0]?.message}` };
  }
  const verdict = evaluateToolCall(
    { rules: load.policy.rules, settings: load.policy.settings },
    options.facts,
    options.analyzer,
  );
  const request = verdict.requests.find((r) => r.surface === options.surface);
  if (request === undefined || request.action !== "allow") {
    const item = request?.decidingItem;
    const still = request?.action ?? "ask";
    if (item?.sentinel) {
      return {
        saved: false,
        reason: `the analysis cannot prove the call (${item.sentinel}), so no rule can allow it; it would still ${still}`,
      };
    }
    const by = item?.rule;
    const where = by
      ? ` (${by.surface} \`${by.pattern}\` in the ${by.origin.scope} file decides)`
      : "";
    return {
      saved: false,
      reason: `another rule would shadow it, so the call would still ${still}${where}`,
    };
  }

  writeAtomically(target.file, text, options.rename ?? renameSync);
  // The user asked for this content: a project file they trusted stays trusted.
  if (target.scope === "project") {
    recordProjectTrust(options.location.agentDir, target.file, policyHash(text));
  }
  return { saved: true, file: target.file, rules };
}

/** The policy pattern of a grant: exact text escaped for its language, or `null`. */
export function rulePattern(grant: SessionGrant): string | null {
  if (grant.match === "pattern") return grant.pattern;
  // A file's grant is on its access half (`external_directory_read`): the same path language.
  if (PATH_FAMILY.has(surfaceFamily(grant.surface)) || grant.pattern.startsWith("/")) {
    // minimatch reads a backslash as "the next character is literal".
    return grant.pattern.replace(/[*?[\]{}()!+@\\]/g, "\\$&");
  }
  // The bash pattern language has no escape for `*`: such a command cannot be saved exactly.
  return grant.pattern.includes("*") ? null : grant.pattern;
}

function overlappingDeny(
  rules: readonly Rule[],
  grant: SessionGrant,
  options: SaveAlwaysOptions,
): Rule | undefined {
  const place = { cwd: options.facts.cwd, home: options.facts.home };
  const family = surfaceFamily;
  return rules.find((rule) => {
    if (rule.action !== "deny" || family(rule.surface) !== family(grant.surface)) return false;
    if (PATH_FAMILY.has(family(grant.surface))) {
      if (grant.match === "exact") return matchesPathPattern(rule.pattern, grant.pattern, place);
      // A wider path grant is `<dir>/*`: any deny naming a file of that folder overlaps it.
      const dir = grant.pattern.slice(0, -2);
      return (
        matchesPathPattern(rule.pattern, `${dir}/x`, place) ||
        rule.pattern.startsWith(`${dir}/`) ||
        rule.pattern.includes("**")
      );
    }
    return grant.match === "exact"
      ? matchesBashPattern(rule.pattern, grant.pattern)
      : bashPatternMeets(rule.pattern, grant.pattern);
  });
}

/** `external_directory_read` → `external_directory`; any other surface as it is. */
function surfaceFamily(surface: string): string {
  return surface.replace(/_(read|write)$/, "");
}

const FORMAT: FormattingOptions = { insertSpaces: true, tabSize: 2, eol: "\n" };

/** The text with `permission.<surface>.<pattern>: "allow"` added, everything else kept. */
export function withRule(text: string, surface: string, pattern: string): string {
  const formatting = detectFormatting(text);
  const root = parseTree(text);
  const existing = root ? findNodeAtLocation(root, ["permission", surface]) : undefined;
  if (existing && existing.type === "string") {
    // `"bash": "ask"` becomes `{ "*": "ask", "<pattern>": "allow" }`: the same default, plus the rule.
    const value = { "*": existing.value, [pattern]: "allow" };
    return applyEdits(
      text,
      modify(text, ["permission", surface], value, { formattingOptions: formatting }),
    );
  }
  const appended = existing?.type === "object" ? appendLast(text, existing, pattern) : null;
  if (appended !== null) return appended;
  const edits = modify(text, ["permission", surface, pattern], "allow", {
    formattingOptions: formatting,
  });
  return applyEdits(text, edits);
}

/**
 * The rule added on its own line after the map's last entry, past that entry's comma and
 * line comment, so a comment stays beside the entry it was written for (jsonc-parser's own
 * insertion lands before them). `null` when the last entry does not end its line.
 */
function appendLast(text: string, map: JsonNode, pattern: string): string | null {
  const last = map.children?.at(-1);
  if (last === undefined) return null;
  const end = last.offset + last.length;
  const lineEnd = text.indexOf("\n", end);
  if (lineEnd < 0) return null;
  const rest = /^[ \t]*(,)?[ \t]*(\/\/[^\n]*)?[ \t]*$/.exec(text.slice(end, lineEnd));
  if (rest === null) return null;
  const lineStart = text.lastIndexOf("\n", last.offset) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? "";
  const entry = `${JSON.stringify(pattern)}: "allow"`;
  if (rest[1] !== undefined) {
    // The file ends entries with a comma: so does the new one.
    return `${text.slice(0, lineEnd)}\n${indent}${entry},${text.slice(lineEnd)}`;
  }
  return `${text.slice(0, end)},${text.slice(end, lineEnd)}\n${indent}${entry}${text.slice(lineEnd)}`;
}

function detectFormatting(text: string): FormattingOptions {
  const indent = /\n([ \t]+)"/.exec(text)?.[1];
  if (indent === undefined) return FORMAT;
  return indent.startsWith("\t")
    ? { insertSpaces: false, tabSize: 1, eol: "\n" }
    : { insertSpaces: true, tabSize: indent.length, eol: "\n" };
}

/** Write `text` to `file` by a temporary file in the same folder renamed over it. */
function writeAtomically(file: string, text: string, rename: (from: string, to: string) => void) {
  let mode = 0o600;
  try {
    mode = statSync(file).mode & 0o777;
  } catch {
    // A new file: readable by its owner only, like the trust store.
  }
  const temp = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
  mkdirSync(dirname(file), { recursive: true });
  const fd = openSync(temp, "wx", mode);
  try {
    // The same mode as the file it replaces, whatever the umask.
    fchmodSync(fd, mode);
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    rename(temp, file);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // Already gone.
    }
    throw error;
  }
}

/** What {@link createAlwaysSaver} reads from the session. */
export interface AlwaysSession {
  location: SaveAlwaysOptions["location"];
  /** The policy as loaded now (re-read when a file changed). */
  readonly loadResult: PolicyLoadResult;
}

/**
 * The session's "always": the global file (the default) and a trusted project file as
 * targets, and a save that records its outcome in the review log with the request id.
 */
export function createAlwaysSaver(
  session: AlwaysSession,
  analyzer: BashAnalyzer,
  review: (event: string, details: Record<string, unknown>) => void,
) {
  return {
    targets(): AlwaysTarget[] {
      const load = session.loadResult;
      const global = join(session.location.agentDir, "permissions.json");
      const trust = load.projectTrust;
      // INVARIANT: an allow rule goes only to a project file the user trusted: in any other
      // it could not loosen anything, and saving there would only look like it did.
      const project =
        trust?.state === "trusted" ? [{ scope: "project" as const, file: trust.file }] : [];
      return [{ scope: "global", file: global }, ...project];
    },
    save(
      request: { requestId: string; facts: ToolCallFacts; verdict: { surface: string } },
      grants: readonly SessionGrant[],
      target: AlwaysTarget,
    ): SaveAlwaysOutcome {
      const outcome = saveAlwaysRule({
        location: session.location,
        target,
        grants,
        facts: request.facts,
        surface: request.verdict.surface,
        analyzer,
        current: session.loadResult,
      });
      review(outcome.saved ? "permission_policy.rule_saved" : "permission_policy.rule_not_saved", {
        requestId: request.requestId,
        toolCallId: request.facts.toolCallId,
        scope: target.scope,
        file: target.file,
        ...(outcome.saved ? { rules: outcome.rules } : { reason: outcome.reason, grants }),
      });
      return outcome;
    },
  };
}
