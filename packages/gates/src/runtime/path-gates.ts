import type { BashAnalysis } from "@pi-permission/bash";
import { matchesPathPattern } from "../policy/index.ts";
import { pickDeciding } from "./bash-gate.ts";
import { type GatePolicy, judgeOnSurfaces } from "./judge.ts";
import type { GateName, JudgedItem, Judgement, ToolCallFacts } from "./model.ts";
import {
  buildPayload,
  externalPathEvidence,
  fullCommandEvidence,
  workingDirectoryEvidence,
} from "./payloads.ts";
import { suggestPathPattern } from "./suggest.ts";
import { isInertDevice, isOutside, resolvePath, type ToolPathAccess } from "./tool-paths.ts";

/** A file a call touches, resolved. */
export interface TouchedFile {
  shown: string;
  path: string;
  access: ToolPathAccess;
}

/** The files a call touches: the file tool's path, or every resolved path of a bash command. */
export function touchedFiles(
  facts: ToolCallFacts,
  toolPath: { raw: string; access: ToolPathAccess } | null,
  analysis: BashAnalysis | null,
): TouchedFile[] {
  const files: TouchedFile[] = [];
  if (toolPath) {
    files.push({
      shown: toolPath.raw,
      path: resolvePath(toolPath.raw, facts.cwd, facts.home),
      access: toolPath.access,
    });
  }
  for (const p of analysis?.paths ?? []) {
    // A glob is judged by what it could expand to (see matchSamples); a computed path
    // (`"$f"`) cannot be matched at all, and is left to the analyzer's sentinels.
    const path = p.path ?? p.glob ?? null;
    if (path !== null) files.push({ shown: p.raw, path, access: p.access });
  }
  return files.filter((f) => !isInertDevice(f.path));
}

const SURFACES: Record<"path" | "external_directory", Record<ToolPathAccess, string[]>> = {
  path: { read: ["path_read"], write: ["path_write"], read_write: ["path_read", "path_write"] },
  external_directory: {
    read: ["external_directory_read"],
    write: ["external_directory_write"],
    read_write: ["external_directory_read", "external_directory_write"],
  },
};

/**
 * A glob a shell would expand (`.env*`) is judged by the files it could name: the glob
 * itself and its shortest expansion, so `.env*` meets a `**\/.env` deny.
 */
function matchSamples(path: string): string[] {
  if (!/[*?[]/.test(path)) return [path];
  return [
    path,
    path
      .replace(/\*+/g, "")
      .replace(/\?/g, "x")
      .replace(/\[[^\]]*\]/g, "x"),
  ];
}

function judgeFiles(
  policy: GatePolicy,
  facts: ToolCallFacts,
  family: "path" | "external_directory",
  files: readonly TouchedFile[],
): JudgedItem[] {
  const items: JudgedItem[] = [];
  for (const file of files) {
    const samples = matchSamples(file.path);
    const verdict = judgeOnSurfaces(policy, SURFACES[family][file.access], (pattern) =>
      samples.some((s) => matchesPathPattern(pattern, s, { cwd: facts.cwd, home: facts.home })),
    );
    // A path map with no matching pattern adds no verdict (corpus rule 2).
    if (!verdict) continue;
    items.push({
      action: verdict.action,
      rule: verdict.rule,
      sentinel: null,
      value: file.path,
      shown: file.shown,
      surface: verdict.rule?.surface ?? family,
      context: null,
      access: file.access,
      executedUnit: null,
      suggestion: suggestPathPattern(file.path),
    });
  }
  return items;
}

/** The `path` gate: every touched file on the `path_read` / `path_write` surfaces. */
export function pathGate(
  policy: GatePolicy,
  facts: ToolCallFacts,
  files: readonly TouchedFile[],
  command: string | null,
): Judgement | null {
  const items = judgeFiles(policy, facts, "path", files);
  const deciding = pickDeciding(items);
  if (!deciding) return null;
  return {
    gate: "path",
    surface: "path",
    value: deciding.value,
    action: deciding.action,
    deciding,
    items,
    payload: buildPayload(facts, {
      kind: "path",
      surface: "path",
      value: deciding.value,
      matchedPattern: deciding.rule?.pattern ?? null,
      evidence: command === null ? [] : [fullCommandEvidence(command)],
    }),
    logContext: { path: deciding.value, access: deciding.access },
  };
}

/** The `external_directory` gate: every touched path outside the working directory. */
export function externalDirectoryGate(
  policy: GatePolicy,
  facts: ToolCallFacts,
  files: readonly TouchedFile[],
  command: string | null,
): Judgement | null {
  const outside = files.filter((f) => isOutside(f.path, facts.cwd));
  const items = judgeFiles(policy, facts, "external_directory", outside);
  const deciding = pickDeciding(items);
  if (!deciding) return null;
  const flagged = items.filter((i) => i.action === deciding.action);
  const gate: GateName = "external_directory";
  const evidence = [
    workingDirectoryEvidence(facts.cwd),
    ...(command === null ? [] : [fullCommandEvidence(command)]),
    ...(command === null ? [] : flagged.map((i) => externalPathEvidence(i.shown, i.value))),
  ];
  return {
    gate,
    surface: "external_directory",
    value: command ?? deciding.value,
    action: deciding.action,
    deciding,
    items,
    payload: buildPayload(facts, {
      kind: command === null ? "external_directory" : "bash_external_directory",
      surface: "external_directory",
      value: command ?? deciding.value,
      matchedPattern: deciding.rule?.pattern ?? null,
      evidence,
    }),
    logContext: { externalPaths: flagged.map((i) => i.value) },
  };
}
