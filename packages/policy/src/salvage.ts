// A file that parses but fails validation keeps what it can (docs/configuration.md, "A broken
// file"): every valid deny and ask rule stays in force, an allow asks, an invalid entry asks
// where it would have decided (or denies, when a deny is still readable in it), and relaxing
// settings are dropped. Without this, one typo anywhere would drop the file's denies too.
import { checkPrograms } from "@pi-permission/bash";
import type { PermissionAction } from "./action.ts";
import type {
  PatternValue,
  PermissionMap,
  PolicyDocument,
  PolicyProgram,
  SurfaceValue,
} from "./document.ts";
import type { PolicyHookDefinition } from "./hooks.ts";
import { formatJsonPath, type JsonPathSegment } from "./json-path.ts";
import {
  type BrokenScope,
  floored,
  type PolicyScope,
  permissionRules,
  type Rule,
} from "./rules.ts";
import { MISSPELLED_SURFACE_PATTERN } from "./schema.ts";
import type { KeyOrder } from "./schema-check.ts";
import { POLICY_SETTING_KEYS } from "./settings.ts";

/** What a broken but parsed file keeps. `kept: false` when nothing of its rules is readable. */
export interface Salvage {
  readonly kept: boolean;
  readonly rules: readonly Rule[];
  readonly hooks: readonly PolicyHookDefinition[];
  /** The agent sections' rules, salvaged like the top-level map's. */
  readonly agents: ReadonlyMap<string, readonly Rule[]>;
  readonly settings: PolicyDocument;
}

/** Settings a broken file loses even when their values are valid: they relax the policy. */
const RELAXING_SETTINGS: ReadonlySet<string> = new Set(["yolo"]);

const MISSPELLED = new RegExp(MISSPELLED_SURFACE_PATTERN, "u");

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function startsWith(path: readonly JsonPathSegment[], prefix: readonly JsonPathSegment[]) {
  return prefix.length <= path.length && prefix.every((segment, i) => path[i] === segment);
}

// What an invalid entry still says: a readable deny stays a deny, anything else asks.
function salvagedValue(value: unknown): PatternValue {
  if (value === "deny") return "deny";
  if (isRecord(value) && value.action === "deny") {
    return typeof value.reason === "string" ? { action: "deny", reason: value.reason } : "deny";
  }
  return "ask" satisfies PermissionAction;
}

/**
 * Salvage a parsed document that has errors (`errors` are the JSON paths of its error
 * issues). Every kept rule is marked `onlyTightens`, so nothing a broken file says can
 * loosen what the files before it decide.
 *
 * @example
 * ```ts
 * salvageDocument(value, keyOrder, [["permission", "bash", "rm *"]], source, broken);
 * ```
 */
export function salvageDocument(
  value: unknown,
  keyOrder: KeyOrder,
  errors: readonly (readonly JsonPathSegment[])[],
  source: { readonly scope: PolicyScope; readonly file: string },
  broken: BrokenScope,
): Salvage {
  const within = (prefix: readonly JsonPathSegment[]) => errors.some((e) => startsWith(e, prefix));
  const exactly = (prefix: readonly JsonPathSegment[]) =>
    errors.some((e) => e.length === prefix.length && startsWith(e, prefix));
  const nothing: Salvage = { kept: false, rules: [], hooks: [], agents: new Map(), settings: {} };
  if (!isRecord(value) || exactly(["permission"])) return nothing;

  const order = new WeakMap<object, string[]>();
  const orderOf: KeyOrder = (object) => order.get(object) ?? keyOrder(object);
  const invalid = new Set<string>();

  // A cleaned copy of one permission map: invalid entries replaced by what they still say.
  const clean = (map: Record<string, unknown>, at: readonly string[], universal: boolean) => {
    const cleaned: Record<string, SurfaceValue> = {};
    const keys: string[] = [];
    for (const surface of keyOrder(map)) {
      // A misspelled or empty surface names nothing a rule could be placed on.
      if (MISSPELLED.test(surface) || (!universal && surface === "*")) continue;
      const entry = map[surface];
      const path = [...at, surface];
      keys.push(surface);
      if (!within(path)) {
        cleaned[surface] = entry as SurfaceValue;
        continue;
      }
      if (!isRecord(entry) || surface === "*" || exactly(path)) {
        const kept = salvagedValue(entry);
        cleaned[surface] = typeof kept === "string" ? kept : { "*": kept };
        invalid.add(formatJsonPath(path));
        continue;
      }
      const patterns: Record<string, PatternValue> = {};
      const patternKeys: string[] = [];
      for (const pattern of keyOrder(entry)) {
        if (pattern === "") continue;
        patternKeys.push(pattern);
        const patternPath = [...path, pattern];
        if (within(patternPath)) {
          patterns[pattern] = salvagedValue(entry[pattern]);
          invalid.add(formatJsonPath(patternPath));
        } else {
          patterns[pattern] = entry[pattern] as PatternValue;
        }
      }
      order.set(patterns, patternKeys);
      cleaned[surface] = patterns;
    }
    order.set(cleaned, keys);
    return cleaned as PermissionMap;
  };

  // An invalid entry asks (or denies) where it would have decided, named as the broken file.
  const mark = (rule: Rule): Rule => {
    if (invalid.has(rule.origin.jsonPath)) return floored(rule, "invalid", [broken]);
    return rule;
  };

  const tightenOnly = (rule: Rule): Rule => {
    const enforced = rule.action === "allow" ? floored(rule, "allow", [broken]) : rule;
    return { ...enforced, onlyTightens: true };
  };
  const permission = isRecord(value.permission) ? value.permission : {};
  const rules = permissionRules(clean(permission, ["permission"], true), source, orderOf)
    .map(mark)
    .map(tightenOnly);

  // An agent section keeps its deny and ask rules like the top-level map.
  const agents = new Map<string, Rule[]>();
  const agentMap = isRecord(value.agents) ? value.agents : {};
  for (const name of keyOrder(agentMap)) {
    const section = agentMap[name];
    if (name === "" || !isRecord(section) || !isRecord(section.permission)) continue;
    const at = ["agents", name, "permission"];
    agents.set(
      name,
      permissionRules(clean(section.permission, at, true), source, orderOf, at)
        .map(mark)
        .map(tightenOnly),
    );
  }

  const hooks: PolicyHookDefinition[] = [];
  const hookMap = isRecord(value.hooks) ? value.hooks : {};
  const origin = source.scope === "project" ? "project" : "user";
  for (const key of keyOrder(hookMap)) {
    const hook = hookMap[key];
    if (key === "" || !isRecord(hook) || !isRecord(hook.permission)) continue;
    const name = typeof hook.name === "string" && hook.name !== "" ? hook.name : key;
    const at = ["hooks", key, "permission"];
    // A hook's allow changes nothing (a hook only tightens), so it is not floored.
    hooks.push({
      kind: "rules",
      ref: {
        id: `${source.scope === "managed" ? "managed" : origin}:${key}`,
        name,
        source: origin,
      },
      key,
      rules: permissionRules(clean(hook.permission, at, false), source, orderOf, at).map(mark),
    });
  }

  const settings: Record<string, unknown> = {};
  for (const key of POLICY_SETTING_KEYS) {
    if (value[key] === undefined || within([key]) || RELAXING_SETTINGS.has(key)) continue;
    settings[key] = value[key];
  }
  const programs = salvagePrograms(value.programs, within);
  if (programs !== undefined) settings.programs = programs;
  return { kept: true, rules, hooks, agents, settings: settings as PolicyDocument };
}

/**
 * A broken file's declared programs that are sound on their own, kept as a second reading of
 * each call that can only tighten (see `PolicySettings.trustedPrograms`). An entry with an
 * error in it, or one the bash package's own checks reject, is dropped.
 */
function salvagePrograms(
  value: unknown,
  within: (prefix: readonly JsonPathSegment[]) => boolean,
): Record<string, PolicyProgram> | undefined {
  if (!isRecord(value)) return undefined;
  const candidates = new Map<string, PolicyProgram>();
  for (const [name, entry] of Object.entries(value)) {
    if (name !== "" && !within(["programs", name])) candidates.set(name, entry as PolicyProgram);
  }
  const rejected = new Set(checkPrograms(Object.fromEntries(candidates)).map((p) => p.path[0]));
  const kept = new Map([...candidates].filter(([name]) => !rejected.has(name)));
  return kept.size === 0 ? undefined : Object.fromEntries(kept);
}
