// Readable declarations of the policy file. test/schema-types.test.ts proves they
// describe exactly what ./schema.ts (and so the runtime validation and the committed JSON
// Schema) accepts.
import type { PermissionAction } from "./action.ts";
import type { ShellToolDeclaration } from "./shell-tools.ts";

/** A pattern's value: an action, or an action with the reason a deny shows. */
export type PatternValue = PermissionAction | RuleObject;

/** `{ "action": "deny", "reason": "…" }`: a reason is shown only with a deny. */
export interface RuleObject {
  action: PermissionAction;
  reason?: string;
}

/** Pattern → action, in the order written: within a surface the last matching pattern wins. */
export interface PatternMap {
  [pattern: string]: PatternValue;
}

/** A surface's value: one action for the whole surface (`{ "*": action }`) or a pattern map. */
export type SurfaceValue = PermissionAction | PatternMap;

/**
 * The `permission` map: `"*"` is the universal default; every other key is a surface (a tool
 * name, or `path`, `path_read`, `path_write`, `external_directory`, `external_directory_read`,
 * `external_directory_write`, `mcp`, `skill`).
 */
export interface PermissionMap {
  "*"?: PermissionAction;
  [surface: string]: SurfaceValue | undefined;
}

/** A permission hook: a named, toggleable group of rules that can only tighten the policy. */
export interface PolicyHook {
  name: string;
  permission: { [surface: string]: SurfaceValue };
}

/** The rules for the calls one agent (a subagent) makes, merged over the session's policy. */
export interface PolicyAgent {
  permission: PermissionMap;
}

/** What a program does to a file: reads it, writes it, or both. */
export type ProgramFileAccess = "read" | "write" | "read_write";

/** A regression example of a policy file: a call and the decision it must get. */
export interface PolicyExample {
  tool: string;
  /** The tool's input, a JSON object. */
  input: object;
  expect: "allow" | "ask" | "deny";
  /** The rule pattern or sentinel that must decide it. */
  rule?: string;
  /** The working directory of the call (default `/project`). */
  cwd?: string;
  /** The home directory (default `/home/user`). */
  home?: string;
  note?: string;
}

/**
 * A program the bash analysis does not know, as a policy file declares it under `programs`
 * (docs/configuration.md, "Programs you can add"). Fields apply to the kinds named beside them.
 */
export interface PolicyProgram {
  /** `wrapper` runs the command in its arguments; `executor` runs code; `files` touches its operands. */
  kind: "wrapper" | "executor" | "files";
  /** The options it accepts before its operands, in getopt's notation. */
  options?: {
    short?: string;
    long?: { [option: string]: "none" | "required" | "optional" };
    abbreviations?: boolean;
  };
  /** wrapper: words between its options and the command it runs. */
  positionals?: number;
  /** wrapper: options after which what runs is not the operand as written. */
  unsafe?: string[];
  /** wrapper: options with which it runs nothing. */
  query?: string[];
  /** executor: options that make it run code; without them every call does. */
  codeOptions?: string[];
  /** files: what it does to its operands (default `read_write`). */
  operands?: ProgramFileAccess;
  /** files: whether a directory operand covers everything below: always, or with these options. */
  recursive?: boolean | string[];
  /** wrapper, files: options whose value is a file. */
  fileOptions?: { [option: string]: ProgramFileAccess };
  /** Examples: wrapper command → inner command; executor commands; files command → touched. */
  match?: string[] | { [command: string]: string | string[] };
  /** wrapper: commands whose inner command is not proven; executor: commands running no code. */
  notMatch?: string[];
  /** Why the entry looks the way it does. */
  note?: string;
}

/** A policy file (`permissions.json`) as written, once validated. */
export interface PolicyDocument {
  $schema?: string;
  permission?: PermissionMap;
  hooks?: { [hookId: string]: PolicyHook };
  /** Policy sections by agent name, for the calls that agent makes. */
  agents?: { [agentName: string]: PolicyAgent };
  shellTools?: { [tool: string]: ShellToolDeclaration };
  /** Programs the bash analysis does not know, by name or name and subcommand (`uv run`). */
  programs?: { [program: string]: PolicyProgram };
  /** Calls with the decision this file must reach for them (`pi-permission validate` checks them). */
  examples?: PolicyExample[];
  yolo?: boolean;
  permissionReviewLog?: boolean;
  debugLog?: boolean;
  promptMaxRows?: number;
  promptFieldMaxWidth?: number;
  /** The dialog's keys; a key left out keeps its default. */
  promptKeys?: {
    once?: string;
    session?: string;
    always?: string;
    deny?: string;
    denyWithReason?: string;
    wider?: string;
    expand?: string;
  };
  promptDoublePress?: boolean;
  promptNotification?: "off" | "bell" | "osc9" | "osc777";
  reviewLogFieldMaxWidth?: number;
  reviewLogMaxBytes?: number;
  reviewLogFiles?: number;
  forwardingTimeoutMs?: number;
  analysisDeadlineMs?: number;
  allowYolo?: boolean;
  allowProjectLoosening?: boolean;
  judgeUserBash?: boolean;
}
