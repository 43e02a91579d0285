// A policy file's `hooks` key: named, toggleable groups of rules. A hook only adds scrutiny,
// so it has no universal default: a call none of its rules matches gets no verdict from it.
import type { PermissionHookRef } from "@pi-permission/payload";
import type { PolicyDocument } from "./document.ts";
import { type PolicyScope, permissionRules, type Rule } from "./rules.ts";
import type { KeyOrder } from "./schema-check.ts";

/**
 * A permission hook a policy file defines, ready to evaluate: a loaded `Policy` can be passed
 * to the gates as it is, and its hooks apply, all enabled.
 */
export interface PolicyHookDefinition {
  readonly kind: "rules";
  /** Its id is stable and unique across scopes: `user:<key>` (global file) or `project:<key>`. */
  readonly ref: PermissionHookRef & { readonly source: "user" | "project" };
  /** The key the file defines it under. */
  readonly key: string;
  /** Its rules in evaluation order (last match wins within a surface), with their origin. */
  readonly rules: readonly Rule[];
}

/**
 * The hooks of one policy file, in the order written. The global file's hooks have the
 * source `user`, the project file's `project`.
 *
 * @example
 * ```ts
 * policyHooks({ hooks: { git: { name: "Git mutations", permission: { bash: { "git push *": "ask" } } } } },
 *   { scope: "global", file: "/home/u/.pi/agent/permissions.json" });
 * // [{ kind: "rules", ref: { id: "user:git", name: "Git mutations", source: "user" }, key: "git", rules: [ … ] }]
 * ```
 */
export function policyHooks(
  document: PolicyDocument,
  origin: { readonly scope: PolicyScope; readonly file: string | null },
  keyOrder: KeyOrder = (object) => Object.keys(object),
): PolicyHookDefinition[] {
  const hooks = document.hooks ?? {};
  const source = origin.scope === "project" ? "project" : "user";
  // The managed file's hooks are the user's source too, under their own ids.
  const prefix = origin.scope === "managed" ? "managed" : source;
  return keyOrder(hooks).flatMap((key) => {
    const hook = hooks[key];
    if (hook === undefined) return [];
    return [
      {
        kind: "rules" as const,
        ref: { id: `${prefix}:${key}`, name: hook.name, source },
        key,
        rules: permissionRules(hook.permission, origin, keyOrder, ["hooks", key, "permission"]),
      },
    ];
  });
}
