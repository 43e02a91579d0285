// `pi-permission explain`: the gates' own Verdict, printed as a trace a human reads.
// Every line is read from the record (style rule 5): the analysis, each gate's judged
// items with the rule that matched them, and the composition. Nothing is judged again here.
import { type BashAnalysis, type BashUnit, SENTINELS, type TouchedPath } from "@pi-permission/bash";
import type { JudgedItem, RequestVerdict, Verdict } from "@pi-permission/gates";
import type { Policy, Rule } from "@pi-permission/policy";
import { describeBashCommandContext } from "@pi-permission/renderers";
import { checkRecord, decidingJudgement } from "./record.ts";

/** What `explain` says about the call beside the Verdict itself. */
export interface ExplainContext {
  readonly tool: string;
  readonly cwd: string;
  readonly home: string;
  /** The policy the call was judged with (its settings and broken files). */
  readonly policy: Policy;
  /** The policy file as given on the command line. */
  readonly file: string;
  /** The agent the call was judged as (`--agent`), or `null`/absent for the session. */
  readonly agentName?: string | null;
}

/**
 * The readable trace of one evaluated tool call: the call, the policy, the bash analysis
 * (units, paths, diagnostics), every gate with each item it judged and the rule that
 * matched (file, scope and JSON path; reasons, sentinels and floors), the gates with no
 * verdict, and the decision with the agent-facing text.
 *
 * @example
 * ```ts
 * formatExplanation(evaluateToolCall(policy, facts, analyzer), {
 *   tool: "bash", cwd: "/repo", home: "/home/user", policy, file: "P1.json",
 * });
 * // "call: bash, working directory /repo, home /home/user\npolicy: P1.json\n…\ndecision: deny\n…"
 * ```
 */
export function formatExplanation(evaluation: Verdict, context: ExplainContext): string {
  const width = context.policy.settings.promptFieldMaxWidth;
  const show = (text: string) => cap(text, width);
  const lines = [
    `call: ${context.tool}, working directory ${context.cwd}, home ${context.home}`,
    `policy: ${context.file}`,
  ];
  if (context.agentName != null) lines.push(agentLine(context.agentName, context.policy));
  for (const broken of context.policy.brokenScopes) {
    lines.push(
      broken.kept === false
        ? `  fails closed: ${broken.file} is broken (${plural(broken.errorCount, "error")}) and could not be read, so every allow is enforced as ask`
        : `  fails closed: ${broken.file} is broken (${plural(broken.errorCount, "error")}), so its valid deny and ask rules apply and its allows ask`,
    );
  }
  if (evaluation.bash) lines.push("", ...analysisLines(evaluation.bash, show));

  const deciding = decidingJudgement(evaluation);
  const decidingItem = evaluation.action === "allow" ? null : (deciding?.decidingItem ?? null);
  for (const judgement of evaluation.requests) {
    const { source } = judgement;
    const hook =
      source.kind === "hook" ? ` (hook ${show(source.hook.name)}, ${source.hook.id})` : "";
    lines.push("", `gate ${judgement.gate}: ${judgement.action}${hook}`);
    const items = [...judgement.items];
    // The bash gate's unparseable floor is an item of its own, not one of the units.
    if (judgement.decidingItem && !items.includes(judgement.decidingItem))
      items.push(judgement.decidingItem);
    for (const item of items) {
      const mark = item === decidingItem ? ", decides" : "";
      lines.push(`  ${itemLabel(judgement, item, show)}: ${item.action}${mark}`);
      lines.push(...itemDetails(item, show).map((line) => `    ${line}`));
    }
  }
  const silent = ["path", "external_directory"].filter(
    (gate) => !evaluation.requests.some((j) => j.gate === gate),
  );
  if (silent.length > 0) {
    lines.push(
      "",
      `no verdict from ${silent.join(", ")}: no rule matches anything the call touches`,
    );
  }

  lines.push("", ...decisionLines(evaluation, deciding, context, show));
  return `${lines.join("\n")}\n`;
}

function analysisLines(analysis: BashAnalysis, show: (text: string) => string): string[] {
  const lines = [
    `bash analysis: ${analysis.status}, ${plural(analysis.units.length, "unit")}, ${plural(analysis.paths.length, "path")}`,
  ];
  for (const diagnostic of analysis.diagnostics ?? []) {
    const at = diagnostic.offset < 0 ? "" : ` at offset ${diagnostic.offset}`;
    lines.push(`  ${diagnostic.kind}${at}: ${diagnostic.message}`);
  }
  analysis.units.forEach((unit, index) => {
    lines.push(`  unit ${index + 1}: ${show(unit.text)}`);
    lines.push(...unitDetails(unit, show).map((line) => `    ${line}`));
  });
  for (const path of analysis.paths) lines.push(`  path: ${pathLine(path, show)}`);
  return lines;
}

function unitDetails(unit: BashUnit, show: (text: string) => string): string[] {
  const details: string[] = [];
  const inside = describeBashCommandContext(unit.context);
  if (inside !== undefined) details.push(`inside a ${inside}`);
  if (unit.wrappers.length > 0) {
    details.push(`wrappers: ${unit.wrappers.map((w) => `${w.name} (${w.kind})`).join(", ")}`);
    details.push(
      unit.executed === null ? "runs: not proven" : `runs: ${show(unit.executed.join(" "))}`,
    );
  }
  if (unit.sentinel !== null) details.push(`sentinel: ${unit.sentinel}`);
  return details;
}

function pathLine(path: TouchedPath, show: (text: string) => string): string {
  const where = `(${path.access}, ${path.via} of unit ${path.unit + 1})`;
  if (path.path !== null) {
    const resolved = path.path === path.raw ? "" : ` → ${show(path.path)}`;
    return `${show(path.raw)}${resolved} ${where}`;
  }
  if (path.glob !== undefined) return `${show(path.raw)} → glob ${show(path.glob)} ${where}`;
  return `${show(path.raw)} → computed: it may name any file ${where}`;
}

function itemLabel(
  judgement: RequestVerdict,
  item: JudgedItem,
  show: (text: string) => string,
): string {
  if (judgement.gate === "bash") {
    const index = judgement.items.indexOf(item);
    return index < 0 ? "command" : `unit ${index + 1} \`${show(item.value)}\``;
  }
  if (item.access !== undefined) {
    const resolved = item.shown === item.value ? "" : ` (${show(item.value)})`;
    return `${item.surface} \`${show(item.shown)}\`${resolved}`;
  }
  return `${item.surface} \`${show(item.value)}\``;
}

function itemDetails(item: JudgedItem, show: (text: string) => string): string[] {
  const details: string[] = [];
  if (item.executedUnit !== null) details.push(`runs \`${show(item.executedUnit)}\``);
  const rule = item.rule;
  if (rule !== null) {
    details.push(`rule ${rule.origin.jsonPath} = ${rule.action} (${originText(rule)})`);
    if (rule.reason !== undefined) details.push(`reason: ${show(rule.reason)}`);
    if (item.speculative && rule.action === "deny" && item.action === "ask") {
      details.push("only some files it may name meet this rule, so it asks rather than denies");
    }
    if (rule.floor !== undefined) {
      const files = rule.floor.brokenScopes.map((s) => s.file).join(", ");
      details.push(
        `floor: written ${rule.floor.configured}, enforced as ask while ${files} is broken`,
      );
    }
  }
  if (item.sentinel !== null) {
    // INVARIANT: what the analyzer cannot prove is at most ask; the record says which held it.
    const raised = rule === null || rule.action !== item.action;
    const unproven =
      item.sentinel === SENTINELS.computedPath
        ? "which file it names cannot be worked out, and a path rule here does not allow every file"
        : item.sentinel === SENTINELS.concurrentCall
          ? "a call running at the same time may make a link on its path, and a path rule here does not allow every file"
          : "what runs cannot be proven";
    details.push(
      raised
        ? `sentinel ${item.sentinel}: ${unproven}, so at most ask`
        : `sentinel ${item.sentinel}: the rule's ${rule.action} stands`,
    );
  }
  return details;
}

function originText(rule: Rule): string {
  const { scope, file } = rule.origin;
  if (scope === "default") return "built-in default";
  return file === null ? scope : `${scope} ${file}`;
}

function decisionLines(
  evaluation: Verdict,
  deciding: RequestVerdict | null,
  context: ExplainContext,
  show: (text: string) => string,
): string[] {
  const lines = [`decision: ${evaluation.action}`];
  if (evaluation.action === "allow") {
    const gates = evaluation.requests.map((j) => j.gate).join(", ");
    lines.push(gates === "" ? "  no gate judged the call" : `  every gate allows: ${gates}`);
    return lines;
  }
  const record = checkRecord(evaluation, context.policy, context.tool);
  const item = deciding?.decidingItem ?? null;
  if (deciding !== null && item !== null) {
    const named = record.source === "sentinel";
    const pattern =
      record.matchedPattern === null
        ? ""
        : `, ${named ? "sentinel" : "rule"} \`${record.matchedPattern}\``;
    lines.push(
      `  decided by the ${deciding.gate} gate: ${itemLabel(deciding, item, show)}${pattern}`,
    );
  }
  if (record.reason !== null) lines.push(`  reason: ${show(record.reason)}`);
  if (evaluation.action === "deny") {
    lines.push(
      "  a deny from any gate refuses the call: no prompt, session grant or yolo overrides it",
    );
    lines.push(`  agent text: ${record.agentText}`);
  } else {
    lines.push(
      context.policy.settings.yolo
        ? "  no gate denies, and yolo is on: pi approves this ask without prompting"
        : "  no gate denies, so pi asks a human (or the parent session)",
    );
    lines.push(`  agent text when no one can answer: ${record.agentText}`);
  }
  return lines;
}

/** One line, at most `width` characters: newlines shown as `\n`, the rest cut with `…`. */
function cap(text: string, width: number): string {
  const line = text.replace(/\r?\n/g, "\\n");
  const chars = [...line];
  return chars.length <= width ? line : `${chars.slice(0, Math.max(1, width - 1)).join("")}…`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

// Which sections of the policy the agent's calls meet, by where they are written.
function agentLine(agentName: string, policy: Policy): string {
  const own = (policy.agents?.get(agentName) ?? []).filter((r) =>
    /^agents[.[]/.test(r.origin.jsonPath),
  );
  const files = [...new Set(own.map((r) => r.origin.file ?? r.origin.scope))];
  return files.length === 0
    ? `agent: ${agentName} (no section for it: the session's policy applies)`
    : `agent: ${agentName} (its sections, each after its file's own rules: ${files.join(", ")})`;
}
