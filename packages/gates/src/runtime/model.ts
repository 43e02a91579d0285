import type { BashAnalysis, BashCommandContext, Sentinel } from "@pi-permission/bash";
import type { PermissionHookRef, PermissionState, PromptPayload } from "@pi-permission/payload";
import type { Rule } from "../policy/index.ts";

/** Everything the gates know about one tool call. Hosts fill it; gates never read the host. */
export interface ToolCallFacts {
  toolName: string;
  toolCallId: string | null;
  input: unknown;
  /** The working directory the call runs in (absolute). */
  cwd: string;
  /** The home directory `~` expands to (absolute). */
  home: string;
  agentName: string | null;
  sessionId: string | null;
  /** Skills the host knows of: reads of their files are judged on the `skill` surface. */
  skills?: readonly SkillLocation[];
  /**
   * The names of every tool the host has registered (Pi's `pi.getAllTools()`). When given, a
   * call to any other name is refused before the rules are consulted; when absent, the host
   * vouches for the tool.
   */
  knownTools?: readonly string[];
}

/** A skill and the folder its files live in. */
export interface SkillLocation {
  name: string;
  dir: string;
}

/** The gates, in the order their results are listed. */
export type GateName =
  | "skill"
  | "skill_read"
  | "path"
  | "external_directory"
  | "mcp"
  | "tool"
  | "bash"
  | "hook";

/**
 * Why an item got its action. `rule` is the policy rule that matched (the universal default
 * included); `sentinel` names what the analyzer could not prove; `floor` says the action
 * was raised to ask because of it.
 */
export interface ItemVerdict {
  action: PermissionState;
  rule: Rule | null;
  sentinel: Sentinel | null;
}

/** One value a gate judged: a bash unit, a path, an MCP target. */
export interface JudgedItem extends ItemVerdict {
  /** What the patterns were matched against (a unit's text, an absolute path, a target). */
  value: string;
  /** The value as the agent wrote it, for display (a path before `~` expansion). */
  shown: string;
  /** The surface whose rules judged it (`path_read`, `bash`, …). */
  surface: string;
  /** For a bash unit, its context; for a path, its access. */
  context: BashCommandContext;
  access?: "read" | "write" | "read_write";
  /** The executed command inside a wrapper, when it differs from `value`. */
  executedUnit: string | null;
  /** The session pattern a human could approve this item with. */
  suggestion: string;
  /** Set when only a grant of exactly `suggestion` may cover it (a registered hook's ask). */
  exact?: true;
  /**
   * Set when the item stands for files the call may touch rather than files it names: a glob,
   * everything below a recursive tool's operand, a computed path. Another gate's verdict on
   * what the call certainly does explains the same action better.
   */
  speculative?: true;
}

/** What one gate says about one tool call: one permission request. */
export interface Judgement {
  gate: GateName;
  /** The surface named in text and events (`bash`, `path`, `external_directory`, `read`, …). */
  surface: string;
  /** The value named in events and the review log (the command, the path, the target). */
  value: string;
  action: PermissionState;
  /** The item that decided the action, or `null` when the gate had nothing to judge. */
  deciding: JudgedItem | null;
  items: readonly JudgedItem[];
  payload: PromptPayload;
  /** Facts the review log records beside the payload facts. */
  logContext: Record<string, unknown>;
  /** Set when a permission hook's verdict replaced the policy's for this request. */
  hook?: HookDecision;
  /**
   * The agent text of a refusal that is not a rule's (a call to a tool the host does not
   * have): when set, the runner returns it instead of rendering a policy denial.
   */
  refusal?: string;
}

/** The hook that decided a request, and the reason it gave. */
export interface HookDecision {
  ref: PermissionHookRef;
  /** The hook's reason (a registered check's, or a deny rule's), or `null`. */
  reason: string | null;
}

/** The gates' verdict on one tool call, before anyone is asked. */
export interface Evaluation {
  /** The most restrictive judgement's action; `allow` when no gate had anything to say. */
  action: PermissionState;
  /** Every gate that judged the call. */
  judgements: readonly Judgement[];
  /** The judgement that decides: the first deny, else the first ask, else `null`. */
  deciding: Judgement | null;
  /** The bash analysis the gates used, for `explain` and the review log. */
  bash: BashAnalysis | null;
}
