// A policy file's `hooks` key: named, toggleable groups of rules. A hook only adds scrutiny,
// so it has no universal default: a call none of its rules matches gets no verdict from it.
import type { PolicyDocument } from "./document.ts";
import { type PolicyScope, permissionRules, type Rule } from "./rules.ts";
import type { KeyOrder } from "./schema-check.ts";

/** A permission hook a policy file defines, ready to evaluate. */
export interface PolicyHookDefinition {
  /** Stable and unique across scopes: `user:<key>` (global file) or `project:<key>`. */
  readonly id: string;
  /** The key the file defines it under. */
  readonly key: string;
  readonly name: string;
  readonly source: "user" | "project";
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
 * // [{ id: "user:git", key: "git", name: "Git mutations", source: "user", rules: [ … ] }]
 * ```
 */
export function policyHooks(
  document: PolicyDocument,
  origin: { readonly scope: PolicyScope; readonly file: string | null },
  keyOrder: KeyOrder = (object) => Object.keys(object),
): PolicyHookDefinition[] {
  const hooks = document.hooks ?? {};
  const source = origin.scope === "project" ? "project" : "user";
  return keyOrder(hooks).flatMap((key) => {
    const hook = hooks[key];
    if (hook === undefined) return [];
    return [
      {
        id: `${source}:${key}`,
        key,
        name: hook.name,
        source,
        rules: permissionRules(hook.permission, origin, keyOrder, ["hooks", key, "permission"]),
      },
    ];
  });
}
