import type { BashAnalysis, BashCommandContext, ParseStatus, Sentinel } from "@pi-permission/bash";
import type {
  MatchedSpelling,
  PermissionHookRef,
  PermissionState,
  PromptPayload,
} from "@pi-permission/payload";
import type { Rule, ToolPathAccess } from "@pi-permission/policy";

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
  /**
   * The other calls the host runs at the same time as this one: Pi judges every tool call of
   * one assistant message before any of them runs, then runs them together. When one of them
   * may make or move a symbolic link, the files this call opens are not proven by looking them
   * up on disk now (`<concurrent-call>`). Absent or empty: the call runs alone.
   */
  concurrent?: readonly ConcurrentCall[];
  /**
   * The calls already running when this one is judged: judged earlier, not yet finished (the
   * calls a codemode script makes one by one while others it made still run). Their files were
   * looked up before this call could make a link on them: when this call may make or move a
   * symbolic link, it is at most an ask (`<concurrent-call>`). Absent or empty: nothing runs.
   */
  running?: readonly ConcurrentCall[];
  /**
   * The program the host runs a `bash` call's command with, when its settings name one (Pi's
   * `shellPath`); `null` when the host could not read its settings. Absent: the system's bash.
   * A program that is not a bash the analysis models makes the call ask (host-shell.ts).
   */
  shellPath?: string | null;
  /**
   * The children a subagent launch (pi-subagents' `subagent` tool) may start whose calls no
   * pi-permission will judge, or whose definition comes from a project: the host works them
   * out from the agent files the launcher would use (S34 agent-file-trust). Each makes the
   * call ask, naming the file and why (subagent-launch.ts). Absent or empty: none.
   */
  unguardedLaunches?: readonly UnguardedLaunch[];
}

/** A child of a subagent launch that the parent cannot vouch for (see `unguardedLaunches`). */
export interface UnguardedLaunch {
  /** The agent name the call gives. */
  agent: string;
  /**
   * What will define the child, as one text that changes when the definition does (the file
   * and a digest of its content, or a sentinel such as `<workflow-script>`): an approval
   * covers only the same text again.
   */
  definition: string;
  /** Why the child is not vouched for, in words for the human. */
  why: string;
}

/** A call that runs at the same time as the judged one: its tool and its input. */
export interface ConcurrentCall {
  toolName: string;
  input: unknown;
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
  /**
   * For a bash unit, the spelling of its words that met the rule, when the rule met neither
   * `value` nor `executedUnit` (`rm /tmp/builds/x` for `rm builds/x` after `cd /tmp`).
   */
  matchedAs?: MatchedSpelling;
  /** The session pattern a human could approve this item with. */
  suggestion: string;
  /** Set when only a grant of exactly `suggestion` may cover it (a registered hook's ask). */
  exact?: true;
  /**
   * Set on a bash unit whose text holds a value bash makes when it runs (`rm "$F"`,
   * `"$(cat tool.txt)" README.md`): its text fixes no program or file, so no grant covers it
   * (S33 grant-unfixed). A path's equivalent is its `<computed-path>` sentinel.
   */
  unfixed?: true;
  /**
   * Set when the item stands for files the call may touch rather than files it names: a glob,
   * everything below a recursive tool's operand, a computed path. Another gate's verdict on
   * what the call certainly does explains the same action better.
   */
  speculative?: true;
}

/**
 * What decided a request's action, exactly one of four:
 *
 * - `rule`: a rule of the judged surface matched (`bash: { "rm *": "deny" }`), with its origin.
 * - `default`: no rule of the surface matched and the universal default decided (`rule` is
 *   the `"*"` rule, the built-in one when no file sets it), or the gate reached its verdict
 *   with no rule at all (`rule: null`: a command that runs nothing is allowed; a call to a
 *   tool the host does not have is refused).
 * - `sentinel`: what could not be proven (the analyzer's sentinel, or a broken policy file's
 *   `<broken-policy-file>`) held the action at ask; `floored` is the rule whose allow it
 *   overruled, as written, or `null`.
 * - `hook`: a permission hook's verdict replaced the policy's; `rule` is the hook's own rule
 *   that matched (`null` for a registered check), `pattern` what the texts name.
 */
export type DeterminingSource =
  | { readonly kind: "rule"; readonly rule: Rule }
  | { readonly kind: "default"; readonly rule: Rule | null }
  | { readonly kind: "sentinel"; readonly sentinel: string; readonly floored: Rule | null }
  | {
      readonly kind: "hook";
      readonly hook: PermissionHookRef;
      readonly rule: Rule | null;
      readonly pattern: string | null;
      /** What the hook said (its deny rule's reason, or a check's reason), or `null`. */
      readonly reason: string | null;
    };

/** A permission hook that failed while judging a call: it asked instead (fail closed). */
export interface HookError {
  readonly hook: PermissionHookRef;
  /** What went wrong: `threw: boom`, `returned a promise; …`. */
  readonly error: string;
}

/**
 * The facts a gate records about its request beside the payload: what the review log writes
 * and a host may read, typed per gate.
 */
export type GateFacts =
  | { readonly kind: "bash"; readonly command: string; readonly parseStatus: ParseStatus }
  | { readonly kind: "path"; readonly path: string; readonly access: ToolPathAccess | null }
  | { readonly kind: "external_directory"; readonly externalPaths: readonly string[] }
  /** A path-bearing tool judged on the path it opens. */
  | { readonly kind: "tool_path"; readonly path: string }
  /** Any other tool: its input, which the review log caps and masks. */
  | { readonly kind: "tool_input"; readonly input: unknown }
  /** A tool the host does not have: refused before any rule is consulted. */
  | {
      readonly kind: "unregistered_tool";
      readonly input: unknown;
      readonly knownTools: readonly string[];
    }
  | { readonly kind: "mcp"; readonly target: string; readonly input: unknown }
  | { readonly kind: "skill"; readonly skillName: string; readonly path: string | null };

/**
 * One permission request: what one gate says about one tool call. Everything a text, a log
 * line, an event or the CLI says about the request is read from here; nothing works its
 * reason out again.
 */
export interface RequestVerdict {
  gate: GateName;
  /** The surface named in text and events (`bash`, `path`, `external_directory`, `read`, …). */
  surface: string;
  /** The value named in events and the review log (the command, the path, the target). */
  value: string;
  action: PermissionState;
  /** What decided the action: exactly one rule, default, sentinel or hook. */
  source: DeterminingSource;
  /**
   * The reason the texts give beside the source: an operator's deny reason (the rule's or the
   * hook's), or, for an ask a broken policy file decided, which file is broken and where;
   * `null` otherwise.
   */
  reason: string | null;
  /** Hooks that failed while judging the call and whose error belongs to this request. */
  hookErrors: readonly HookError[];
  /** The item that decided the action, or `null` when the gate had nothing to judge. */
  decidingItem: JudgedItem | null;
  items: readonly JudgedItem[];
  /** The one presentation fact of the request (seed 000); its `matchedPattern` names the source. */
  payload: PromptPayload;
  facts: GateFacts;
}

/** The gates' verdict on one tool call, before anyone is asked. */
export interface Verdict {
  /** The most restrictive request's action; `allow` when no gate had anything to say. */
  action: PermissionState;
  /** One request per gate that judged the call, in gate order. */
  requests: readonly RequestVerdict[];
  /**
   * The request that decides the call: the first deny, else the first ask (one about what the
   * call certainly does before one about what a glob may name); for an allow, the call's own
   * gate (bash, the tool, mcp or skill), which is judged last. `null` only with no requests.
   */
  deciding: RequestVerdict | null;
  /** The bash analysis the gates used, for `explain` and the review log. */
  bash: BashAnalysis | null;
}
