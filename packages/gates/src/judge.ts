import type { PermissionState } from "@pi-permission/payload";
import {
  decideSurface,
  universalDefault as defaultRule,
  matchesBashPattern,
  type Rule,
  strictest,
} from "@pi-permission/policy";
import type { PermissionHook } from "./hooks.ts";

/** Whose patterns {@link refusingPatterns} gathers: bash rules, or the path-language ones. */
export type RefusingFamily = "bash" | "paths";

const refusingCache = new WeakMap<
  readonly Rule[],
  Partial<Record<RefusingFamily, ReadonlySet<string>>>
>();

/**
 * The patterns of a rule list's deny and ask rules, of bash rules (the catch-all `*` left out)
 * or of every other surface, built once per list. The readings that only ever tighten (a bash
 * rule meeting a command with other options set aside, a path rule naming a folder covering
 * what lies below it) apply to these patterns alone.
 */
export function refusingPatterns(
  rules: readonly Rule[],
  family: RefusingFamily,
): ReadonlySet<string> {
  let cached = refusingCache.get(rules);
  if (cached === undefined) {
    cached = {};
    refusingCache.set(rules, cached);
  }
  cached[family] ??= new Set(
    rules
      .filter(
        (r) =>
          r.action !== "allow" &&
          (family === "bash" ? r.surface === "bash" && r.pattern !== "*" : r.surface !== "bash"),
      )
      .map((r) => r.pattern),
  );
  return cached[family];
}

/** A value judged on one surface: the action and the rule that decided it. */
export interface SurfaceVerdict {
  action: PermissionState;
  rule: Rule | null;
}

/** The rules and settings the gates read; built once per loaded policy. */
export interface GatePolicy {
  rules: readonly Rule[];
  /**
   * The enabled permission hooks, in runtime order. Each can only tighten the verdict the
   * rules reach; a disabled hook is left out, so it is not consulted at all.
   */
  hooks?: readonly PermissionHook[];
  /**
   * Set when these rules are a hook's: no universal default (a value no rule matches gets no
   * opinion) and no floors (the policy's own rules already floor what the analyzer cannot
   * prove, so a hook repeating that ask would ask twice).
   */
  scrutinyOnly?: boolean;
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
  head?: string,
): SurfaceVerdict | null {
  // The policy's layers (untrusted project, broken files, managed floor) apply in one place.
  const rule = decideSurface(
    policy.rules,
    surface,
    matches,
    fallback && !policy.scrutinyOnly,
    head,
  );
  if (rule) return { action: rule.action, rule };
  if (!fallback) return null;
  return NO_OPINION;
}

const NO_OPINION: SurfaceVerdict = Object.freeze({ action: "allow", rule: null });

/**
 * Judge one text on the bash surface by {@link matchesBashPattern}: the rules about another
 * program are not read (see `decideSurface`'s `head`). `named`: only a rule that names
 * something, never the catch-all `*`.
 */
export function judgeBashText(
  policy: GatePolicy,
  text: string,
  named: boolean,
  fallback: boolean,
): SurfaceVerdict | null {
  return judgeOnSurface(
    policy,
    "bash",
    named ? (p) => p !== "*" && matchesBashPattern(p, text) : (p) => matchesBashPattern(p, text),
    fallback,
    textHead(text),
  );
}

/**
 * A bash text's first word, up to its first space: what `decideSurface`'s `head` reads. A
 * matcher that meets a pattern only when its first literal word is this one (a match, or a
 * reading with options set aside, which never changes the command word) may pass it.
 */
export function textHead(text: string): string {
  const space = text.indexOf(" ");
  return space === -1 ? text : text.slice(0, space);
}

/** The universal default: the last `*` rule, or the built-in ask when no file sets one. */
export function universalDefault(policy: GatePolicy): SurfaceVerdict {
  if (policy.scrutinyOnly) return NO_OPINION;
  const rule = decideSurface(policy.rules, "*", () => true, true) ?? defaultRule(policy.rules);
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
