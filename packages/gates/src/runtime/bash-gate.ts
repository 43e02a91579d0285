import { type BashAnalysis, type BashUnit, SENTINELS } from "@pi-permission/bash";
import { matchesBashPattern } from "../policy/index.ts";
import { type GatePolicy, isStricter, judgeOnSurface, type SurfaceVerdict } from "./judge.ts";
import type { JudgedItem, Judgement, ToolCallFacts } from "./model.ts";
import { buildPayload, fullCommandEvidence } from "./payloads.ts";
import { suggestBashPattern } from "./suggest.ts";

/**
 * The words a unit is matched by (corpus rule 3): its words without the leading
 * execution-modifier wrappers, and, when another wrapper runs a proven inner command, that
 * inner command too. Both are judged; the strictest wins.
 */
export function unitMatchTexts(unit: BashUnit): { outer: string | null; executed: string | null } {
  let skip = 0;
  for (const layer of unit.wrappers) {
    if (layer.kind !== "transparent") break;
    skip += layer.argv.length;
  }
  const outerArgv = unit.argv.slice(skip);
  const outer = outerArgv.length > 0 ? outerArgv.join(" ") : null;
  const executed = unit.executed ? unit.executed.join(" ") : null;
  return { outer, executed: executed === outer ? null : executed };
}

/**
 * Other spellings of the same command a pattern must also meet: the command word without its
 * directory (`/usr/bin/git` is `git`, `./node_modules/.bin/x` is `x`), and the words with the
 * options before the first operand set aside, with and without the word after each option
 * (which may be its value). They can only make the verdict stricter.
 */
export function spellings(text: string): string[] {
  const words = text.split(" ");
  const head = words[0] ?? "";
  const name =
    head.includes("/") && !head.endsWith("/") ? head.slice(head.lastIndexOf("/") + 1) : head;
  const out: string[] = [];
  if (name !== head) out.push([name, ...words.slice(1)].join(" "));
  let i = 1;
  while (i < words.length && /^-./.test(words[i] as string) && words[i] !== "--") i++;
  if (i === 1) return out;
  const withoutOptions = [name, ...words.slice(i)];
  out.push(withoutOptions.join(" "));
  const withoutValues: string[] = [name];
  let k = 1;
  while (k < i) {
    const word = words[k] as string;
    const next = words[k + 1];
    // An option without `=` may take the next word as its value (`--prefix .`).
    k += !word.includes("=") && k + 1 < i + 1 && next !== undefined && !/^-/.test(next) ? 2 : 1;
  }
  withoutValues.push(...words.slice(Math.max(k, i)));
  out.push(withoutValues.join(" "));
  return [...new Set(out)].filter((variant) => variant !== text);
}

/** Judge one unit: outer and inner command, then the sentinel floor. */
export function judgeUnit(policy: GatePolicy, unit: BashUnit): JudgedItem {
  const { outer, executed } = unitMatchTexts(unit);
  const judge = (text: string): SurfaceVerdict =>
    // Tool surfaces fall back to the universal default, so this is never null.
    judgeOnSurface(policy, "bash", (p) => matchesBashPattern(p, text), true) as SurfaceVerdict;
  let verdict: SurfaceVerdict =
    outer === null ? { action: policy.scrutinyOnly ? "allow" : "ask", rule: null } : judge(outer);
  if (executed !== null) {
    const inner = judge(executed);
    if (isStricter(inner.action, verdict.action)) verdict = inner;
  }
  // A spelling never evades a pattern: the command word without its directory, and the
  // words with leading options set aside (`npm --silent publish` meets `npm publish*`).
  for (const text of new Set([outer, executed].flatMap((t) => (t === null ? [] : spellings(t))))) {
    const spelled = judge(text);
    if (isStricter(spelled.action, verdict.action)) verdict = spelled;
  }
  let action = verdict.action;
  // INVARIANT: what the analyzer cannot prove is at most ask; an explicit deny still denies.
  if (unit.sentinel !== null && action === "allow" && !policy.scrutinyOnly) action = "ask";
  const value = outer ?? unit.text;
  return {
    action,
    rule: verdict.rule,
    sentinel: unit.sentinel,
    value,
    shown: unit.text,
    surface: "bash",
    context: unit.context,
    executedUnit: executed,
    suggestion: suggestBashPattern(
      outer === null ? [unit.text] : outer.split(" "),
      unit.wrappers.some((w) => w.kind !== "transparent") || unit.sentinel !== null,
    ),
  };
}

/** The bash gate: every executed unit judged, the most restrictive one decides. */
export function bashGate(
  policy: GatePolicy,
  facts: ToolCallFacts,
  command: string,
  analysis: BashAnalysis,
): Judgement {
  const items = analysis.units.map((unit) => judgeUnit(policy, unit));
  let deciding = pickDeciding(items);
  let action = deciding?.action ?? "allow";
  const provable = analysis.status === "ok" && (items.length > 0 || command.trim() === "");
  // INVARIANT: a partial or unparseable command, or one that yields no unit, never allows.
  if (!provable && action === "allow" && !policy.scrutinyOnly) {
    deciding = {
      action: "ask",
      rule: null,
      sentinel: SENTINELS.unparseable,
      value: command,
      shown: command,
      surface: "bash",
      context: null,
      executedUnit: null,
      suggestion: command,
    };
    action = "ask";
  }
  const matchedPattern = deciding ? (patternShown(deciding) ?? null) : null;
  return {
    gate: "bash",
    surface: "bash",
    value: command,
    action,
    deciding,
    items,
    payload: buildPayload(facts, {
      kind: "bash",
      surface: "bash",
      value: deciding?.value ?? command,
      matchedPattern,
      commandContext: deciding?.context ?? null,
      executedUnit: deciding?.executedUnit ?? null,
      evidence: [fullCommandEvidence(command)],
    }),
    logContext: { command, parseStatus: analysis.status },
  };
}

/** What a text names as the matched rule: the sentinel when the floor decided, else the pattern. */
export function patternShown(item: JudgedItem): string | undefined {
  if (item.sentinel !== null && (item.rule === null || item.rule.action === "allow")) {
    return item.sentinel;
  }
  return item.rule?.pattern;
}

/** The first item with the strictest action: the one that decides. */
export function pickDeciding(items: readonly JudgedItem[]): JudgedItem | null {
  let deciding: JudgedItem | null = null;
  for (const item of items) {
    if (deciding === null || isStricter(item.action, deciding.action)) deciding = item;
  }
  return deciding;
}
