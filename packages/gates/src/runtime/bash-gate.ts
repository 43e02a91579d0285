import { type BashAnalysis, type BashUnit, builtinProgram, SENTINELS } from "@pi-permission/bash";
import type { PermissionState } from "@pi-permission/payload";
import { bashPatternMeets, matchesBashPattern } from "../policy/index.ts";
import {
  type GatePolicy,
  isStricter,
  judgeOnSurface,
  type SurfaceVerdict,
  universalDefault,
} from "./judge.ts";
import type { JudgedItem, RequestVerdict, ToolCallFacts } from "./model.ts";
import { fullCommandEvidence } from "./payloads.ts";
import { suggestBashPattern } from "./suggest.ts";
import { requestOf } from "./verdict.ts";

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

/**
 * The unit's words as shapes where each computed word is ` *` (any text, any number of words)
 * or gone (it may also expand to nothing): one shape per choice, or none when every word is
 * known. Past a few computed words one coarse shape stands for all.
 */
function computedShapes(
  words: readonly string[],
  computed: readonly number[],
  offset = 0,
): string[] {
  const marked = computed.map((index) => index - offset).filter((i) => i >= 0 && i < words.length);
  if (marked.length === 0) return [];
  if (marked.length > 3) {
    return [
      words.map((word, i) => (marked.includes(i) ? "*" : (i === 0 ? "" : " ") + word)).join(""),
    ];
  }
  const shapes: string[] = [];
  for (let choice = 0; choice < 1 << marked.length; choice++) {
    let shape = "";
    words.forEach((word, i) => {
      const k = marked.indexOf(i);
      if (k === -1) shape += (i === 0 ? "" : " ") + word;
      else if (choice & (1 << k)) shape += i === 0 ? "*" : " *";
    });
    shapes.push(shape);
  }
  return shapes;
}

/**
 * Whether some text the unit's computed words can make is decided, under "the last matching
 * rule wins", by a rule stricter than `action`. Rules are read from the last: one that meets a
 * shape and is stricter answers yes; one that matches every text of the shape hides the
 * rules before it.
 */
function mayMeetStricter(policy: GatePolicy, unit: BashUnit, action: PermissionState): boolean {
  if (unit.computed === undefined) return false;
  let skip = 0;
  for (const layer of unit.wrappers) {
    if (layer.kind !== "transparent") break;
    skip += layer.argv.length;
  }
  const shapes = [
    ...computedShapes(unit.argv.slice(skip), unit.computed.argv, skip),
    ...(unit.executed ? computedShapes(unit.executed, unit.computed.executed) : []),
  ];
  return shapes.some((shape) => shapeMeetsStricter(policy, shape, action));
}

function shapeMeetsStricter(policy: GatePolicy, shape: string, action: PermissionState): boolean {
  const rules = policy.rules.filter((r) => r.surface === "bash");
  for (let k = rules.length - 1; k >= 0; k--) {
    const pattern = (rules[k] as (typeof rules)[number]).pattern;
    if (!bashPatternMeets(pattern, shape)) continue;
    const verdict = judgeOnSurface(policy, "bash", (p) => p === pattern, false);
    if (verdict && isStricter(verdict.action, action)) return true;
    // Every text of the shape is matched by this rule: no earlier rule can decide one.
    if (matchesBashPattern(pattern, shape)) return false;
  }
  return isStricter(universalDefault(policy).action, action);
}

/** How many words of an unknown program are read as possible commands. */
const HIDDEN_COMMAND_WORDS = 16;

/**
 * The explicit deny or ask rule (never the catch-all `*`) that some tail of an unknown
 * program's words meets, read as a command of its own: `pkexec rm x` holds `rm x`. Options
 * and assignments do not start a command. Null when the program is one a table knows (its
 * inner command, if any, is already a unit) or no tail meets such a rule.
 */
function hiddenCommandRule(policy: GatePolicy, unit: BashUnit): SurfaceVerdict | null {
  const words = unit.executed ?? null;
  if (words === null || words.length < 2) return null;
  const head = words[0] as string;
  const name = head.slice(head.lastIndexOf("/") + 1);
  if (builtinProgram(name) !== null) return null;
  const computed = new Set(unit.computed?.executed ?? []);
  const last = Math.min(words.length, HIDDEN_COMMAND_WORDS);
  for (let i = 1; i < last; i++) {
    const word = words[i] as string;
    if (computed.has(i) || word === "" || word.startsWith("-") || word.includes("=")) continue;
    const tail = words.slice(i).join(" ");
    for (const text of [tail, ...spellings(tail)]) {
      const met = judgeOnSurface(
        policy,
        "bash",
        (pattern) => pattern !== "*" && matchesBashPattern(pattern, text),
        false,
      );
      if (met !== null && met.action !== "allow") return met;
    }
  }
  return null;
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
    // A rule that names the outer command (`npx vitest *`) is the operator's word on it; the
    // inner command's catch-all does not overrule it, an explicit rule for it does.
    const outerExplicit = verdict.rule !== null && verdict.rule.pattern !== "*";
    const innerExplicit = inner.rule !== null && inner.rule.pattern !== "*";
    if (isStricter(inner.action, verdict.action) && (innerExplicit || !outerExplicit))
      verdict = inner;
  }
  // A spelling never evades a pattern: the command word without its directory, and the
  // words with leading options set aside (`npm --silent publish` meets `npm publish*`).
  for (const text of new Set([outer, executed].flatMap((t) => (t === null ? [] : spellings(t))))) {
    const spelled = judge(text);
    if (isStricter(spelled.action, verdict.action)) verdict = spelled;
  }
  let action = verdict.action;
  let sentinel = unit.sentinel;
  // A program no table knows may run the command in its arguments (`pkexec rm x`): a later
  // word that starts a command an explicit deny or ask rule names cannot be allowed unasked.
  if (action === "allow" && !policy.scrutinyOnly) {
    const hidden = hiddenCommandRule(policy, unit);
    if (hidden !== null) {
      verdict = hidden;
      action = "ask";
      sentinel ??= SENTINELS.indirectionWrapper;
    }
  }
  // A word only known at run time may become what a stricter rule names: the unit cannot be
  // allowed without asking (its deny cannot be proven either).
  if (action === "allow" && !policy.scrutinyOnly && mayMeetStricter(policy, unit, action)) {
    action = "ask";
    sentinel ??= SENTINELS.computedWord;
  }
  // INVARIANT: what the analyzer cannot prove is at most ask; an explicit deny still denies.
  if (unit.sentinel !== null && action === "allow" && !policy.scrutinyOnly) action = "ask";
  const value = outer ?? unit.text;
  return {
    action,
    rule: verdict.rule,
    sentinel,
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
): RequestVerdict {
  const items = analysis.units.map((unit) => judgeUnit(policy, unit));
  let deciding = pickDeciding(items);
  let action = deciding?.action ?? "allow";
  // A string that runs nothing (`X=1`, a comment) is proven too: the analysis is ok and the
  // token cross-check found no command the grammar missed.
  const provable = analysis.status === "ok";
  // INVARIANT: a partial or unparseable command never allows.
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
  return requestOf(facts, {
    gate: "bash",
    surface: "bash",
    value: command,
    action,
    decidingItem: deciding,
    items,
    payload: {
      kind: "bash",
      surface: "bash",
      value: deciding?.value ?? command,
      commandContext: deciding?.context ?? null,
      executedUnit: deciding?.executedUnit ?? null,
      evidence: [fullCommandEvidence(command)],
    },
    facts: { kind: "bash", command, parseStatus: analysis.status },
  });
}

/** The first item with the strictest action: the one that decides. */
export function pickDeciding(items: readonly JudgedItem[]): JudgedItem | null {
  let deciding: JudgedItem | null = null;
  for (const item of items) {
    if (deciding === null || isStricter(item.action, deciding.action)) deciding = item;
  }
  return deciding;
}
