import type { BashAnalysis, BashAnalyzer } from "@pi-permission/bash";
import { strictest } from "../action.ts";
import { bashGate } from "./bash-gate.ts";
import { applyHooks } from "./hooks.ts";
import type { GatePolicy } from "./judge.ts";
import { mcpTargetsOf } from "./mcp-targets.ts";
import type { Evaluation, Judgement, SkillLocation, ToolCallFacts } from "./model.ts";
import { externalDirectoryGate, pathGate, type TouchedFile, touchedFiles } from "./path-gates.ts";
import { mcpGate, skillGate, toolGate } from "./tool-gates.ts";
import { isOutside, toolPathOf } from "./tool-paths.ts";

/** Tools whose input is a bash command. */
export const SHELL_TOOLS: ReadonlySet<string> = new Set(["bash"]);

/**
 * Judge one tool call with every gate and compose the verdicts: deny preempts ask, ask
 * preempts allow. Pure and synchronous: nothing is asked and nothing is written here.
 *
 * @example
 * ```ts
 * const analyzer = await loadBashAnalyzer();
 * const evaluation = evaluateToolCall(policy, facts, analyzer);
 * evaluation.action; // "deny"
 * ```
 */
export function evaluateToolCall(
  policy: GatePolicy,
  facts: ToolCallFacts,
  analyzer: BashAnalyzer,
): Evaluation {
  const isShell = SHELL_TOOLS.has(facts.toolName);
  const command = isShell ? commandOf(facts.input) : null;
  // Analysed once: the policy's gates and every hook read the same analysis.
  const analysis: BashAnalysis | null =
    command === null ? null : analyzer.analyze(command, { cwd: facts.cwd, home: facts.home });
  const toolPath = isShell ? null : toolPathOf(facts.toolName, facts.input);
  const files = touchedFiles(facts, toolPath, analysis);
  const call: Call = { facts, isShell, command, analysis, toolPath, files };
  const judgements = applyHooks(judgeCall(policy, call), policy.hooks ?? [], facts, {
    bash: analysis,
    paths: files,
    judge: (rules) => judgeCall({ rules, scrutinyOnly: true }, call),
  });
  return compose(judgements, analysis);
}

interface Call {
  facts: ToolCallFacts;
  isShell: boolean;
  command: string | null;
  analysis: BashAnalysis | null;
  toolPath: ReturnType<typeof toolPathOf>;
  files: TouchedFile[];
}

/** Every gate's judgement of one call under one set of rules. */
function judgeCall(policy: GatePolicy, call: Call): Judgement[] {
  const { facts, isShell, command, analysis, toolPath, files } = call;
  const judgements: Judgement[] = [];
  const skill =
    toolPath && facts.toolName === "read" ? skillOf(files[0]?.path, facts.skills) : null;
  if (skill && files[0]) judgements.push(skillGate(policy, facts, skill.name, files[0].path));
  const path = pathGate(policy, facts, files, command);
  if (path) judgements.push(path);
  // A skill's own files are judged on the `skill` surface; where it allows them, their
  // place outside the project is no news.
  const skillAllowed = skill !== null && judgements[0]?.action === "allow";
  const external = externalDirectoryGate(
    policy,
    facts,
    skillAllowed && skill ? files.filter((f) => isOutside(f.path, skill.dir)) : files,
    command,
  );
  if (external) judgements.push(external);

  const targets = mcpTargetsOf(facts.toolName, facts.input);
  if (isShell) {
    judgements.push(bashGate(policy, facts, command ?? "", analysis ?? UNPARSEABLE));
  } else if (targets) {
    judgements.push(mcpGate(policy, facts, targets));
  } else if (!(skillAllowed && !hasOwnSurface(policy, facts.toolName))) {
    judgements.push(toolGate(policy, facts, toolPath ? (files[0] ?? null) : null));
  }
  return judgements;
}

/** Judge `/skill:<name>` input on the `skill` surface. */
export function evaluateSkillInput(
  policy: GatePolicy,
  facts: ToolCallFacts,
  skill: string,
): Evaluation {
  const judge = (rules: GatePolicy) => [skillGate(rules, facts, skill, null)];
  const judgements = applyHooks(judge(policy), policy.hooks ?? [], facts, {
    bash: null,
    paths: [],
    judge: (rules) => judge({ rules, scrutinyOnly: true }),
  });
  return compose(judgements, null);
}

/** Compose gate verdicts: the strictest action; the first judgement holding it decides. */
export function compose(judgements: readonly Judgement[], bash: BashAnalysis | null): Evaluation {
  const action = strictest(judgements.map((j) => j.action)) ?? "allow";
  const deciding =
    action === "allow" ? null : (judgements.find((j) => j.action === action) ?? null);
  return { action, judgements, deciding, bash };
}

const UNPARSEABLE: BashAnalysis = { status: "unparseable", units: [], paths: [] };

function commandOf(input: unknown): string | null {
  const command = (input as { command?: unknown } | null)?.command;
  // A bash call without a string command is unreadable, and is judged as such.
  return typeof command === "string" ? command : null;
}

function skillOf(
  path: string | undefined,
  skills: readonly SkillLocation[] | undefined,
): SkillLocation | null {
  if (path === undefined) return null;
  return skills?.find((s) => !isOutside(path, s.dir)) ?? null;
}

function hasOwnSurface(policy: GatePolicy, surface: string): boolean {
  return policy.rules.some((r) => r.surface === surface);
}
