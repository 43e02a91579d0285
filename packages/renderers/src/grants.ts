// The patterns an approval adds, shown before the human commits to it, and the session's
// grants as `/permissions grants` lists them. A pattern is agent input: it is neutralized onto
// one line and capped like any dialog value, so it can neither redraw the terminal nor take
// more rows than it is given.
import { DEFAULT_PROMPT_FIELD_MAX_WIDTH } from "./agent.ts";
import { oneLine, resolveCount, truncateToWidth } from "./text.ts";

/** One grant as the renderers see it (the gates' `SessionGrant` has this shape). */
export interface GrantLine {
  /** The surface it answers (`bash`, `path`, a tool's name). */
  surface: string;
  /** The pattern, or the exact text for an exact grant. */
  pattern: string;
  /** `exact`: only this text; `pattern`: matched like a policy rule. */
  match: "exact" | "pattern";
  /** The permission request whose approval added it. */
  requestId?: string | null;
}

/** Options of {@link renderGrantPreview} and {@link renderGrantList}. */
export interface GrantRenderOptions {
  /** The terminal width in columns. No line is wider. */
  width: number;
  /** The most lines to return; the last one says how many grants were left out. */
  maxRows?: number;
  /** The widest a pattern is shown, in columns (`promptFieldMaxWidth`). Defaults to 400. */
  fieldMaxWidth?: number;
}

/**
 * The lines saying what an approval will add, one per grant, under a heading naming the
 * approval (`approve for this session`, `always allow`).
 *
 * @example
 * ```ts
 * renderGrantPreview("for this session", [
 *   { surface: "bash", pattern: "npm install lodash", match: "exact" },
 * ], { width: 80 });
 * // ["for this session adds:", "  bash  npm install lodash  (exactly)"]
 * ```
 */
export function renderGrantPreview(
  heading: string,
  grants: readonly GrantLine[],
  options: GrantRenderOptions,
): string[] {
  const lines = grants.map((g) => `  ${describeGrant(g, options)}`);
  return fit([`${heading} adds:`, ...lines], options);
}

/**
 * The session's grants, numbered from 1 as `/permissions grants revoke <n>` takes them,
 * each with the request id that added it.
 *
 * @example
 * ```ts
 * renderGrantList([{ surface: "bash", pattern: "git status *", match: "pattern", requestId: "perm-1" }], { width: 80 });
 * // ["Session grants:", "  1. bash  git status *  (pattern)  from perm-1"]
 * ```
 */
export function renderGrantList(
  grants: readonly GrantLine[],
  options: GrantRenderOptions,
): string[] {
  if (grants.length === 0) return fit(["Session grants: none"], options);
  const lines = grants.map((g, i) => {
    const from = g.requestId ? `  from ${g.requestId}` : "";
    return `  ${i + 1}. ${describeGrant(g, options)}${from}`;
  });
  return fit(["Session grants:", ...lines], options);
}

function describeGrant(grant: GrantLine, options: GrantRenderOptions): string {
  const fieldMax = resolveCount(options.fieldMaxWidth, DEFAULT_PROMPT_FIELD_MAX_WIDTH);
  const pattern = truncateToWidth(oneLine(grant.pattern, "↵"), fieldMax);
  return `${oneLine(grant.surface, " ")}  ${pattern}  (${grant.match === "exact" ? "exactly" : "pattern"})`;
}

function fit(lines: string[], options: GrantRenderOptions): string[] {
  const width = resolveCount(options.width, 80);
  const maxRows = options.maxRows === undefined ? lines.length : Math.max(1, options.maxRows);
  let kept = lines;
  if (lines.length > maxRows) {
    const left = lines.length - (maxRows - 1);
    kept = [...lines.slice(0, maxRows - 1), `  … ${left} more`];
  }
  return kept.map((line) => truncateToWidth(line, width));
}
