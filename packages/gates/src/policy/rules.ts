// The flat `permission` map becomes an ordered rule list with provenance; one function
// evaluates a surface by last match.
import type { PermissionAction } from "../action.ts";
import type { PatternValue, PermissionMap, SurfaceValue } from "./document.ts";
import { formatJsonPath } from "./json-path.ts";
import type { KeyOrder } from "./schema-check.ts";

/** Where a rule came from. */
export type PolicyScope = "default" | "global" | "project" | "session";

/** The provenance of a rule: its scope, its file and where in that file. */
export interface RuleOrigin {
  readonly scope: PolicyScope;
  /** The policy file, or `null` for the built-in default and rules from memory. */
  readonly file: string | null;
  /** Where the rule is written, as `formatJsonPath` spells it: `permission.bash["git *"]`. */
  readonly jsonPath: string;
}

/** A policy file that failed to load and so made the policy fail closed. */
export interface BrokenScope {
  readonly scope: PolicyScope;
  readonly file: string;
  /** How many errors the file has. */
  readonly errorCount: number;
}

/** Why a rule written as allow is enforced as ask: broken policy files. */
export interface RuleFloor {
  /** What the rule says in its file. */
  readonly configured: "allow";
  /** The files whose errors put the floor in place. */
  readonly brokenScopes: readonly BrokenScope[];
}

/** One rule: within its surface, the last rule whose pattern matches decides. */
export interface Rule {
  /**
   * What the rule judges: `*` (the universal default), a tool name, or one of `path_read`,
   * `path_write`, `external_directory_read`, `external_directory_write`, `mcp`, `skill`.
   * Bare `path` and `external_directory` never appear: they expand into both directions.
   */
  readonly surface: string;
  readonly pattern: string;
  /** The action enforced (after any fail-closed floor). */
  readonly action: PermissionAction;
  /** The operator's reason. Present only on deny rules: a reason is shown only with a deny. */
  readonly reason?: string;
  readonly origin: RuleOrigin;
  /** Present when a broken policy file turned this rule's allow into ask. */
  readonly floor?: RuleFloor;
}

/** The directional surfaces each bare surface stands for. */
export const DIRECTIONAL_SURFACES = {
  path: ["path_read", "path_write"],
  external_directory: ["external_directory_read", "external_directory_write"],
} as const;

/**
 * The universal default when no policy file sets `"*"`: ask. It is always rule 0, so a rule
 * list always has a universal default.
 */
export const DEFAULT_RULE: Rule = Object.freeze({
  surface: "*",
  pattern: "*",
  action: "ask",
  origin: Object.freeze({ scope: "default", file: null, jsonPath: 'permission["*"]' }),
});

function isDirectionalSugar(surface: string): surface is keyof typeof DIRECTIONAL_SURFACES {
  return Object.hasOwn(DIRECTIONAL_SURFACES, surface);
}

function patternEntries(
  value: SurfaceValue,
  keyOrder: KeyOrder,
): [pattern: string | null, value: PatternValue][] {
  if (typeof value === "string") return [[null, value]];
  return keyOrder(value).map((pattern) => [pattern, value[pattern] as PatternValue]);
}

/**
 * The rules of one `permission` map, in evaluation order. `"*"` comes first; then the bare
 * `path` / `external_directory` entries, each expanded into a `_read` and a `_write` rule;
 * then every other entry in the order written, so an explicit directional rule comes after
 * (and so overrides) the sugar. A surface written as one action is the pattern `*`. `keyOrder`
 * gives the order keys were written in (JavaScript objects put integer-like keys first, so
 * the loader passes the file's own order). `at` is where the map sits in its file, for the
 * rules' `jsonPath` (a hook's map sits at `hooks.<id>.permission`).
 *
 * @example
 * ```ts
 * permissionRules({ "*": "ask", bash: { "git *": "allow" } }, { scope: "global", file: "/g.json" });
 * // [{ surface: "*", pattern: "*", action: "ask", origin: { …, jsonPath: 'permission["*"]' } },
 * //  { surface: "bash", pattern: "git *", action: "allow", origin: { …, jsonPath: 'permission.bash["git *"]' } }]
 * ```
 */
export function permissionRules(
  permission: PermissionMap,
  source: { readonly scope: PolicyScope; readonly file: string | null },
  keyOrder: KeyOrder = (object) => Object.keys(object),
  at: readonly string[] = ["permission"],
): Rule[] {
  const surfaces = keyOrder(permission);
  const ordered = [
    ...surfaces.filter((s) => s === "*"),
    ...surfaces.filter(isDirectionalSugar),
    ...surfaces.filter((s) => s !== "*" && !isDirectionalSugar(s)),
  ];
  const rules: Rule[] = [];
  for (const key of ordered) {
    const value = permission[key];
    if (value === undefined) continue;
    const targets = isDirectionalSugar(key) ? DIRECTIONAL_SURFACES[key] : [key];
    for (const [pattern, patternValue] of patternEntries(value, keyOrder)) {
      const jsonPath = formatJsonPath(pattern === null ? [...at, key] : [...at, key, pattern]);
      const action = typeof patternValue === "string" ? patternValue : patternValue.action;
      const reason =
        typeof patternValue === "object" && action === "deny" ? patternValue.reason : undefined;
      for (const surface of targets) {
        rules.push({
          surface,
          pattern: pattern ?? "*",
          action,
          ...(reason === undefined ? {} : { reason }),
          origin: { scope: source.scope, file: source.file, jsonPath },
        });
      }
    }
  }
  return rules;
}

/**
 * The rule that decides a surface: the last rule of that surface whose pattern matches, or
 * `undefined` when none does. What `undefined` means is the caller's: a tool surface falls
 * back to the universal default ({@link universalDefault}); a `path_*` or
 * `external_directory_*` surface adds no verdict.
 *
 * @example
 * ```ts
 * evaluateSurface(policy.rules, "bash", (p) => matchesBashPattern(p, "git status"));
 * ```
 */
export function evaluateSurface(
  rules: readonly Rule[],
  surface: string,
  matches: (pattern: string) => boolean,
): Rule | undefined {
  for (let i = rules.length - 1; i >= 0; i--) {
    const rule = rules[i];
    if (rule !== undefined && rule.surface === surface && matches(rule.pattern)) return rule;
  }
  return undefined;
}

/**
 * The universal default: the last `"*"` rule, or {@link DEFAULT_RULE} (ask).
 *
 * @example
 * ```ts
 * evaluateSurface(rules, "read", matchPath) ?? universalDefault(rules);
 * ```
 */
export function universalDefault(rules: readonly Rule[]): Rule {
  return evaluateSurface(rules, "*", () => true) ?? DEFAULT_RULE;
}

/**
 * Which pattern language a surface's patterns are written in: `bash` for the bash tool,
 * `path` for the path and external-directory surfaces and the file tools (`read`, `write`,
 * `edit`, `grep`, `find`, `ls`), `name` (the bash wildcard: `*` is any run) for everything
 * else, such as `mcp`, `skill` and extension tools.
 *
 * @example
 * ```ts
 * patternLanguage("path_write"); // "path"
 * ```
 */
export function patternLanguage(surface: string): "bash" | "path" | "name" {
  if (surface === "bash") return "bash";
  if (PATH_SURFACES.has(surface)) return "path";
  return "name";
}

const PATH_SURFACES: ReadonlySet<string> = new Set([
  "path",
  "path_read",
  "path_write",
  "external_directory",
  "external_directory_read",
  "external_directory_write",
  "read",
  "write",
  "edit",
  "grep",
  "find",
  "ls",
]);

/**
 * Fail closed: every allow rule becomes ask, recording the broken files that caused it; ask
 * and deny rules are untouched. With no broken files the rules are returned as they are.
 *
 * @example
 * ```ts
 * applyFailClosedFloor(rules, [{ scope: "project", file: "/repo/.pi/permissions.json", errorCount: 1 }]);
 * ```
 */
export function applyFailClosedFloor(
  rules: readonly Rule[],
  brokenScopes: readonly BrokenScope[],
): Rule[] {
  if (brokenScopes.length === 0) return [...rules];
  return rules.map((rule) =>
    rule.action === "allow"
      ? { ...rule, action: "ask", floor: { configured: "allow", brokenScopes } }
      : rule,
  );
}
