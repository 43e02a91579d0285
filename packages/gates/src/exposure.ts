import { type Rule, universalDefault } from "@pi-permission/policy";

/**
 * Whether the policy denies every call of a tool, whatever its input: every rule of the
 * tool's surface denies, and values no rule matches fall to a deny (the surface's own `*`
 * or the universal default). Such a tool can be withheld from the model.
 *
 * @example
 * ```ts
 * isToolFullyDenied(rules, "write"); // true for { "*": "ask", "write": "deny" }
 * ```
 */
export function isToolFullyDenied(rules: readonly Rule[], toolName: string): boolean {
  const own = rules.filter((r) => r.surface === toolName);
  if (own.some((r) => r.action !== "deny")) return false;
  return own.some((r) => r.pattern === "*") || universalDefault(rules).action === "deny";
}
