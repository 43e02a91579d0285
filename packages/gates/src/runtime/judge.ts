import type { PermissionState } from "@pi-permission/payload";
import { strictest } from "../action.ts";
import { universalDefault as defaultRule, evaluateSurface, type Rule } from "../policy/index.ts";

/** A value judged on one surface: the action and the rule that decided it. */
export interface SurfaceVerdict {
  action: PermissionState;
  rule: Rule | null;
}

/** The rules and settings the gates read; built once per loaded policy. */
export interface GatePolicy {
  rules: readonly Rule[];
}

/**
 * Judge a value on one surface: the last matching rule of that surface wins; when none
 * matches, `fallback` says whether the universal default decides (tool surfaces) or the
 * surface adds no verdict (path surfaces, corpus rule 2).
 */
export function judgeOnSurface(
  policy: GatePolicy,
  surface: string,
  matches: (pattern: string) => boolean,
  fallback: boolean,
): SurfaceVerdict | null {
  const rule = evaluateSurface(policy.rules, surface, matches);
  if (rule) return { action: rule.action, rule };
  return fallback ? universalDefault(policy) : null;
}

/** The universal default: the last `*` rule, or the built-in ask when no file sets one. */
export function universalDefault(policy: GatePolicy): SurfaceVerdict {
  const rule = defaultRule(policy.rules);
  return { action: rule.action, rule };
}

/** Judge a value on several surfaces at once (a path read and written); the strictest wins. */
export function judgeOnSurfaces(
  policy: GatePolicy,
  surfaces: readonly string[],
  matches: (pattern: string) => boolean,
): SurfaceVerdict | null {
  let worst: SurfaceVerdict | null = null;
  for (const surface of surfaces) {
    const verdict = judgeOnSurface(policy, surface, matches, false);
    if (verdict && (worst === null || strictest([worst.action, verdict.action]) !== worst.action)) {
      worst = verdict;
    }
  }
  return worst;
}

/** Whether `a` is stricter than `b`. */
export function isStricter(a: PermissionState, b: PermissionState): boolean {
  return a !== b && strictest([a, b]) === a;
}
