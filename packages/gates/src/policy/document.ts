// Readable declarations of the policy file. test/policy/schema-types.test.ts proves they
// describe exactly what ./schema.ts (and so the runtime validation and the committed JSON
// Schema) accepts.
import type { PermissionAction } from "../action.ts";
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

/** A policy file (`permissions.json`) as written, once validated. */
export interface PolicyDocument {
  $schema?: string;
  permission?: PermissionMap;
  hooks?: { [hookId: string]: PolicyHook };
  shellTools?: { [tool: string]: ShellToolDeclaration };
  yolo?: boolean;
  permissionReviewLog?: boolean;
  debugLog?: boolean;
  promptMaxRows?: number;
  promptFieldMaxWidth?: number;
  reviewLogFieldMaxWidth?: number;
  forwardingTimeoutMs?: number;
  allowYolo?: boolean;
  allowProjectLoosening?: boolean;
  judgeUserBash?: boolean;
}
