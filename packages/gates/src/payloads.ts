import {
  type BashCommandContext,
  EVIDENCE_LABELS,
  type MatchedSpelling,
  type PromptEvidence,
  type PromptPayload,
  type PromptPayloadKind,
} from "@pi-permission/payload";
import type { ToolCallFacts } from "./model.ts";

/** The request facts a gate knows; the rest of the payload is filled the same way for all. */
export interface PayloadFacts {
  kind: PromptPayloadKind;
  surface: string;
  value: string;
  matchedPattern: string | null;
  commandContext?: BashCommandContext;
  executedUnit?: string | null;
  /** The spelling of a bash unit that met the rule; see `PromptRequestFacts.matchedAs`. */
  matchedAs?: MatchedSpelling | null;
  evidence?: PromptEvidence[];
}

/** Build the one presentation fact of a gate's request (seed 000: one payload, many renderers). */
export function buildPayload(facts: ToolCallFacts, gate: PayloadFacts): PromptPayload {
  const request: PromptPayload["request"] = {
    requester: { agentName: facts.agentName, forwarded: false, sessionId: facts.sessionId },
    surface: gate.surface,
    toolName: facts.toolName,
    invokedToolName: null,
    value: gate.value,
    matchedPattern: gate.matchedPattern,
    commandContext: gate.commandContext ?? null,
    executedUnit: gate.executedUnit ?? null,
  };
  // Added last, where a spread put it (the key order is the JSON's), without the spread's cost.
  if (gate.matchedAs) request.matchedAs = gate.matchedAs;
  return { kind: gate.kind, request, evidence: gate.evidence ?? [], annotations: [] };
}

/** Evidence: the full bash command (shown to the human, never to the agent). */
export function fullCommandEvidence(command: string): PromptEvidence {
  return { label: EVIDENCE_LABELS.fullCommand, text: command, detail: null };
}

/** Evidence: the working directory an external path escapes. */
export function workingDirectoryEvidence(cwd: string): PromptEvidence {
  return { label: EVIDENCE_LABELS.workingDirectory, text: cwd, detail: null };
}

/** Evidence: an external path as written, with its resolved form when that differs. */
export function externalPathEvidence(shown: string, resolved: string): PromptEvidence {
  return {
    label: EVIDENCE_LABELS.externalPath,
    text: shown,
    detail: shown === resolved ? null : resolved,
  };
}

/** Evidence: the tool input, for a human deciding on a non-bash tool. */
export function inputEvidence(input: unknown): PromptEvidence {
  return { label: EVIDENCE_LABELS.input, text: jsonText(input), detail: null };
}

/** A value as JSON, or as `String(value)` when it has no JSON form (a cycle, a BigInt). */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
