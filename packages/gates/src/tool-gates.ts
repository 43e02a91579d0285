import { SENTINELS } from "@pi-permission/bash";
import { matchesBashPattern, surfaceSpec } from "@pi-permission/policy";
import { renderUnregisteredToolDenial } from "@pi-permission/renderers";
import { toolLinksWhileRunning } from "./concurrent-calls.ts";
import { isGitMetadata } from "./git-metadata.ts";
import {
  type GatePolicy,
  isStricter,
  judgeOnSurface,
  type SurfaceVerdict,
  universalDefault,
} from "./judge.ts";
import type { JudgedItem, RequestVerdict, ToolCallFacts } from "./model.ts";
import { judgeFile, pathRuleMeets, type TouchedFile } from "./path-gates.ts";
import { inputEvidence } from "./payloads.ts";
import { suggestPathPattern } from "./suggest.ts";
import { judgedItem, requestOf } from "./verdict.ts";

/**
 * The per-tool gate for every tool but bash: the tool's name is its surface. A path-bearing
 * tool is matched on its resolved path (`write: { "/etc/**": "deny" }`); any other tool
 * only by `*`. Nothing matching means the universal default.
 */
export function toolGate(
  policy: GatePolicy,
  facts: ToolCallFacts,
  file: TouchedFile | null,
): RequestVerdict {
  const surface = facts.toolName;
  // A tool named like a special surface (`path_read`, `external_directory`, `skill`) has no
  // surface of its own: the rules under that key judge every call's files or skills, and a
  // bare `"path": "allow"` is not an allow of such a tool. The universal default judges it.
  const special = surfaceSpec(surface)?.kind === "special";
  let verdict: SurfaceVerdict =
    (special
      ? null
      : judgeOnSurface(
          policy,
          surface,
          (pattern) =>
            pattern === "*" ||
            (file !== null &&
              pathRuleMeets(policy, pattern, file.path, { cwd: facts.cwd, home: facts.home })),
          true,
        )) ?? universalDefault(policy);
  // A file known only as a glob (everything below a searched folder), a listing, or a path
  // that may be any file (computed, or looked up before a sibling call could change it)
  // meets the surface's refusing rules as the path gates meet them: a rule that may name a
  // file there asks, a deny covering all of it denies. Matched as a plain name, `/repo/**`
  // met no `grep: { "**\/.env": "deny" }` (S33 grep-surface-rules).
  const spread =
    file !== null && !special && (file.glob || file.computed || file.listing)
      ? judgeFile(policy, facts, [surface], file)
      : null;
  const tightened = spread !== null && isStricter(spread.action, verdict.action);
  if (spread !== null && tightened) verdict = { action: spread.action, rule: spread.rule };
  const value = file?.path ?? facts.toolName;
  const judged: JudgedItem = judgedItem(
    verdict,
    surface,
    value,
    file?.shown ?? facts.toolName,
    file
      ? tightened && (file.glob || file.computed)
        ? file.path
        : suggestPathPattern(file.path)
      : "*",
  );
  // Added last, as a spread put it, without the spread's cost (issue 18).
  if (file) judged.access = file.access;
  if (file !== null && tightened) {
    // As the path gates mark such an item: a sentinel for a path that may be any file, and
    // it stands for files the call may touch rather than files it names.
    if (spread?.computed) {
      judged.sentinel = file.concurrent ? SENTINELS.concurrentCall : SENTINELS.computedPath;
    }
    if (file.glob || file.computed) {
      judged.exact = true;
      judged.speculative = true;
    }
  }
  // A file git reads as configuration or runs as a hook plants what a later git call runs
  // (see git-metadata.ts): written by any tool, it is at most an ask.
  if (
    file !== null &&
    file.access !== "read" &&
    judged.action === "allow" &&
    !policy.scrutinyOnly &&
    isGitMetadata(file.path)
  ) {
    judged.action = "ask";
    judged.sentinel = SENTINELS.opaqueWrapper;
  }
  floorWhileRunning(judged, policy, facts);
  return requestOf(facts, {
    gate: "tool",
    surface,
    value,
    action: judged.action,
    decidingItem: judged,
    items: [judged],
    payload: {
      // A path-bearing tool names the path its rule fired on, so the agent can correct it.
      kind: file ? "path" : "tool",
      surface,
      value,
      evidence: [inputEvidence(facts.input)],
    },
    // The review log records the input of a tool it has no better words for; its one write
    // path caps every string and masks sensitive keys.
    facts: file
      ? { kind: "tool_path", path: file.path }
      : { kind: "tool_input", input: facts.input },
  });
}

/**
 * A tool that may make a link while calls judged before it still run is at most an ask (T34
 * nested-running; a shell call is floored unit by unit in the bash gate instead).
 */
function floorWhileRunning(judged: JudgedItem, policy: GatePolicy, facts: ToolCallFacts): void {
  if (judged.action === "allow" && !policy.scrutinyOnly && toolLinksWhileRunning(facts)) {
    judged.action = "ask";
    judged.sentinel = SENTINELS.concurrentCall;
  }
}

/** The `mcp` gate: the last rule matching any of the call's target names wins. */
export function mcpGate(
  policy: GatePolicy,
  facts: ToolCallFacts,
  targets: readonly string[],
  files: readonly TouchedFile[] = [],
): RequestVerdict {
  const verdict =
    judgeOnSurface(
      policy,
      "mcp",
      (pattern) => targets.some((t) => matchesBashPattern(pattern, t)),
      true,
    ) ?? universalDefault(policy);
  const value = targets[0] ?? facts.toolName;
  const judged = judgedItem(verdict, "mcp", value, value, value);
  // Git configuration or a hook an MCP tool may write (its paths have no known direction, so
  // any of them may be written) is at most an ask, as for every other tool (see toolGate).
  if (
    judged.action === "allow" &&
    !policy.scrutinyOnly &&
    files.some((file) => file.access !== "read" && isGitMetadata(file.path))
  ) {
    judged.action = "ask";
    judged.sentinel = SENTINELS.opaqueWrapper;
  }
  floorWhileRunning(judged, policy, facts);
  return requestOf(facts, {
    gate: "mcp",
    surface: "mcp",
    value,
    action: judged.action,
    decidingItem: judged,
    items: [judged],
    payload: { kind: "mcp", surface: "mcp", value, evidence: [inputEvidence(facts.input)] },
    facts: { kind: "mcp", target: value, input: facts.input },
  });
}

/** The `skill` surface for a skill by name: `/skill:<name>` input or a read of its files. */
export function skillGate(
  policy: GatePolicy,
  facts: ToolCallFacts,
  skill: string,
  readPath: string | null,
): RequestVerdict {
  const verdict =
    judgeOnSurface(policy, "skill", (pattern) => matchesBashPattern(pattern, skill), true) ??
    universalDefault(policy);
  const judged = judgedItem(verdict, "skill", skill, skill, skill);
  return requestOf(facts, {
    gate: readPath === null ? "skill" : "skill_read",
    surface: "skill",
    value: skill,
    action: judged.action,
    decidingItem: judged,
    items: [judged],
    payload: {
      kind: readPath === null ? "skill" : "skill_read",
      surface: "skill",
      value: skill,
      evidence: readPath === null ? [] : [{ label: "read path", text: readPath, detail: null }],
    },
    facts: { kind: "skill", skillName: skill, path: readPath },
  });
}

/**
 * What the agent is told when it calls a tool the host has not registered.
 *
 * @deprecated Use `renderUnregisteredToolDenial` from `@pi-permission/renderers`; the runner
 * renders the text from the request's `unregistered_tool` facts.
 */
export function unregisteredToolReason(toolName: string, knownTools: readonly string[]): string {
  return renderUnregisteredToolDenial(toolName, knownTools);
}

/**
 * The pre-check of a call to a tool the host does not have: a deny that no rule, grant, hook
 * or yolo can lift, or `null` when the host did not say which tools it has, or has this one.
 */
export function unregisteredToolGate(facts: ToolCallFacts): RequestVerdict | null {
  const known = facts.knownTools;
  if (known === undefined || known.includes(facts.toolName)) return null;
  const judged: JudgedItem = {
    ...judgedItem(
      { action: "deny", rule: null },
      facts.toolName,
      facts.toolName,
      facts.toolName,
      "",
    ),
    exact: true,
  };
  return requestOf(facts, {
    gate: "tool",
    surface: facts.toolName,
    value: facts.toolName,
    action: "deny",
    decidingItem: judged,
    items: [judged],
    payload: {
      kind: "tool",
      surface: facts.toolName,
      value: facts.toolName,
      evidence: [inputEvidence(facts.input)],
    },
    facts: { kind: "unregistered_tool", input: facts.input, knownTools: known },
  });
}
