// The flat `permission` map becomes an ordered rule list with provenance; one function
// evaluates a surface by last match.
import type { PermissionAction } from "./action.ts";
import { normalizeBashPattern } from "./bash-pattern.ts";
import type { PatternValue, PermissionMap, SurfaceValue } from "./document.ts";
import { formatJsonPath } from "./json-path.ts";
import type { KeyOrder } from "./schema-check.ts";
import { surfaceSpec } from "./surfaces.ts";

/**
 * Where a rule came from: the built-in default, the managed (administrator's) file, the
 * user's global file, the project's file, or a session.
 */
export type PolicyScope = "default" | "managed" | "global" | "project" | "session";

/** The provenance of a rule: its scope, its file and where in that file. */
export interface RuleOrigin {
  readonly scope: PolicyScope;
  /** The policy file, or `null` for the built-in default and rules from memory. */
  readonly file: string | null;
  /** Where the rule is written, as `formatJsonPath` spells it: `permission.bash["git *"]`. */
  readonly jsonPath: string;
}

/** Where a broken policy file's first error is, as the texts name it. */
export interface BrokenPlace {
  readonly jsonPath: string;
  readonly line: number | null;
  readonly column: number | null;
  readonly message: string;
}

/** A policy file that failed to load and so made the policy fail closed. */
export interface BrokenScope {
  readonly scope: PolicyScope;
  readonly file: string;
  /** How many errors the file has. */
  readonly errorCount: number;
  /**
   * Whether its valid rules were kept. A file that is not JSON (or whose `permission` is not
   * a map) could have decided anything, so while one is listed every allow of every file
   * asks; a file whose rules were kept asks only for its own allows and invalid entries.
   */
  readonly kept?: boolean;
  /** The first error, for the texts that say where the file is broken. */
  readonly firstError?: BrokenPlace;
}

/**
 * Why a rule is enforced as ask although its file says otherwise: a broken policy file.
 * `configured` is what the file says: `allow` (an allow of a broken file, or of any file
 * while a file is not JSON), `invalid` (an entry that failed validation, asked where it
 * would have decided) or `default` (the universal default while a file is not JSON).
 */
export interface RuleFloor {
  /** What the rule says in its file. */
  readonly configured: "allow" | "invalid" | "default";
  /** The pattern as written; the deciding rule names {@link BROKEN_POLICY_SENTINEL} instead. */
  readonly pattern?: string;
  /** The files whose errors put the floor in place. */
  readonly brokenScopes: readonly BrokenScope[];
}

/**
 * What a floored rule is named as when it decides: never the allow pattern it was written
 * with, since that allow is exactly what does not apply.
 */
export const BROKEN_POLICY_SENTINEL = "<broken-policy-file>";

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
  /**
   * Set on the rules of an untrusted project file and of a broken file: such a rule applies
   * only where it is stricter than what the rules before it decide (see {@link decideSurface}).
   */
  readonly onlyTightens?: true;
}

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

function isDirectionalSugar(surface: string): boolean {
  return surfaceSpec(surface)?.directions !== undefined;
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
    const targets = surfaceSpec(key)?.directions ?? [key];
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
    rule.action === "allow" ? floored(rule, "allow", brokenScopes) : rule,
  );
}

/** The rule enforced as ask because of broken files, remembering what it said. */
export function floored(
  rule: Rule,
  configured: RuleFloor["configured"],
  brokenScopes: readonly BrokenScope[],
): Rule {
  return {
    ...rule,
    action: rule.action === "deny" ? "deny" : "ask",
    floor: { configured, pattern: rule.pattern, brokenScopes },
  };
}

const RANK: Record<PermissionAction, number> = { allow: 0, ask: 1, deny: 2 };

// The stricter of two verdicts; on a tie the first, the later layer's own rule (a broken
// file's floored allow is named where it would have decided).
function stricterOf(a: Rule | undefined, b: Rule | undefined): Rule | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return RANK[b.action] > RANK[a.action] ? b : a;
}

/**
 * The rule that decides a value on a surface, with the policy's layers applied. `fallback`
 * says whether a value no rule of the surface matches falls to the universal default (tool
 * surfaces) or gets no verdict (`path_*`, `external_directory_*`).
 *
 * - Last match wins within the surface (see {@link evaluateSurface}).
 * - Rules marked `onlyTightens` (an untrusted project file, a broken file) decide only where
 *   they are stricter than the rules before them: the verdict is the stricter of the verdict
 *   with them and the verdict without them.
 * - Managed rules (`scope: "managed"`) are a floor: where the managed file alone asks or
 *   denies, nothing after it decides less.
 * - A floored rule (a broken file's) is returned named as {@link BROKEN_POLICY_SENTINEL}.
 * - `head`, for the bash surface: the first word (up to the first space) of the one text
 *   `matches` reads as `matchesBashPattern` does. Rules whose pattern starts with another
 *   literal word cannot match it and are not asked (a gate judges every spelling of every
 *   unit; each then reads the few rules about its program instead of all of them).
 *
 * @example
 * ```ts
 * decideSurface(policy.rules, "bash", (p) => matchesBashPattern(p, "git status"), true);
 * ```
 */
export function decideSurface(
  rules: readonly Rule[],
  surface: string,
  matches: (pattern: string) => boolean,
  fallback: boolean,
  head?: string,
): Rule | undefined {
  const decide = (list: readonly Rule[]) =>
    evaluateSurface(list, surface, matches) ?? (fallback ? universalDefault(list) : undefined);
  let verdict: Rule | undefined;
  const layers = layersOf(rules);
  const { layered, managed } = layers;
  if (!layered) {
    // The same answer as `decide(rules)`, read from the surface's own rules (in order) and the
    // universal default found once per list.
    verdict = lastMatching(
      head === undefined
        ? surfaceRules(layers, rules, surface)
        : headRules(layers, rules, surface, head),
      matches,
    );
    if (verdict === undefined && fallback) layers.universal ??= universalDefault(rules);
    verdict ??= fallback ? layers.universal : undefined;
  } else {
    // INVARIANT: never weaker than the trusted rules before an untrusted or broken layer.
    // A layer is one file's run of rules (S32 F13): two neighbouring tighten-only files (a
    // broken global file, then an untrusted project file) are two layers, so the project's
    // rules meet the verdict the broken file's own denies give, not only the one before it.
    for (let end = 1; end <= rules.length; end++) {
      const last = rules[end - 1] as Rule;
      const next = rules[end];
      // Between two trusted files the verdict is read again at the next cut anyway.
      if (
        next !== undefined &&
        (sameLayer(last, next) || (!last.onlyTightens && !next.onlyTightens))
      )
        continue;
      const here = decide(rules.slice(0, end));
      verdict = last.onlyTightens ? stricterOf(here, verdict) : here;
    }
  }
  if (managed.length > 0) {
    // INVARIANT: a managed ask or deny is never loosened by anything below it.
    const floor =
      evaluateSurface(managed, surface, matches) ??
      (fallback ? evaluateSurface(managed, "*", () => true) : undefined);
    if (floor !== undefined && floor.action !== "allow") verdict = stricterOf(verdict, floor);
  }
  return verdict?.floor && verdict.action !== "deny"
    ? { ...verdict, pattern: BROKEN_POLICY_SENTINEL }
    : verdict;
}

// Two neighbouring rules are one layer when both are tighten-only or both are not, and both
// come from the same file of the same scope.
function sameLayer(a: Rule, b: Rule): boolean {
  return (
    Boolean(a.onlyTightens) === Boolean(b.onlyTightens) &&
    a.origin.scope === b.origin.scope &&
    a.origin.file === b.origin.file
  );
}

// What decideSurface reads of a rule list besides its order, found once per list: a gate
// decides a surface many times per call (each spelling of each unit), over the same rules.
interface Layers {
  readonly layered: boolean;
  readonly managed: readonly Rule[];
  /** Each surface's rules, in the list's order. */
  readonly bySurface: Map<string, readonly Rule[]>;
  /** Each bash-language surface's rules by the first word of their pattern (see headRules). */
  readonly byHead: Map<string, HeadIndex>;
  /** The universal default ({@link universalDefault}), once asked for. */
  universal?: Rule;
}

const layerCache = new WeakMap<readonly Rule[], Layers>();

function layersOf(rules: readonly Rule[]): Layers {
  let layers = layerCache.get(rules);
  if (layers === undefined) {
    layers = {
      layered: rules.some((r) => r.onlyTightens),
      managed: rules.filter((r) => r.origin.scope === "managed"),
      bySurface: new Map(),
      byHead: new Map(),
    };
    layerCache.set(rules, layers);
  }
  return layers;
}

function surfaceRules(layers: Layers, rules: readonly Rule[], surface: string): readonly Rule[] {
  let own = layers.bySurface.get(surface);
  if (own === undefined) {
    own = rules.filter((r) => r.surface === surface);
    layers.bySurface.set(surface, own);
  }
  return own;
}

// A surface's rules grouped by the literal first word of their pattern: for each such word, the
// rules with that word or with a `*` in their first word, in the list's order; `wild` alone for
// any other word.
interface HeadIndex {
  readonly byWord: Map<string, readonly Rule[]>;
  readonly wild: readonly Rule[];
}

/**
 * The rules of a bash-language surface that can match a text whose first word is `head`. A
 * pattern whose first word has no `*` matches only a text with that first word (its padded form
 * starts with the word between blanks, see `matchesBashPattern`), so the others are left out; the
 * order stays, and with it which rule is last. Built once per rule list and surface.
 */
function headRules(
  layers: Layers,
  rules: readonly Rule[],
  surface: string,
  head: string,
): readonly Rule[] {
  let index = layers.byHead.get(surface);
  if (index === undefined) {
    const own = surfaceRules(layers, rules, surface);
    const headOf = (rule: Rule) => {
      const first = normalizeBashPattern(rule.pattern).split(" ", 1)[0] as string;
      return first.includes("*") ? null : first;
    };
    const words = new Set<string>();
    for (const rule of own) {
      const word = headOf(rule);
      if (word !== null) words.add(word);
    }
    const byWord = new Map<string, readonly Rule[]>();
    for (const word of words) {
      byWord.set(
        word,
        own.filter((rule) => {
          const first = headOf(rule);
          return first === null || first === word;
        }),
      );
    }
    index = { byWord, wild: own.filter((rule) => headOf(rule) === null) };
    layers.byHead.set(surface, index);
  }
  return index.byWord.get(head) ?? index.wild;
}

// The last rule whose pattern matches (the rules are one surface's).
function lastMatching(
  rules: readonly Rule[],
  matches: (pattern: string) => boolean,
): Rule | undefined {
  for (let i = rules.length - 1; i >= 0; i--) {
    const rule = rules[i] as Rule;
    if (matches(rule.pattern)) return rule;
  }
  return undefined;
}

/**
 * What the texts say when a broken policy file decided an ask: which file is broken and
 * where its first error is. `null` when the rule is not floored.
 *
 * @example
 * ```ts
 * brokenPolicyNote(rule);
 * // "the policy file /repo/.pi/permissions.json is broken (line 4, permission.bash: unknown action `dney`), so it asks here until it is fixed"
 * ```
 */
export function brokenPolicyNote(rule: Rule | null | undefined): string | null {
  const broken = rule?.floor?.brokenScopes[0];
  if (broken === undefined) return null;
  const first = broken.firstError;
  const place = first
    ? [
        first.line === null ? null : `line ${first.line}`,
        first.jsonPath === "" ? null : first.jsonPath,
      ].filter((p) => p !== null)
    : [];
  const detail = first
    ? ` (${[place.join(", "), first.message].filter((p) => p !== "").join(": ")})`
    : "";
  return `the policy file ${broken.file} is broken${detail}, so it asks here until it is fixed`;
}
