// Project trust of our own. A project file (`<cwd>/.pi/permissions.json`) arrives with the
// repository, so anyone who can commit to it could switch the permission system off for
// everyone who opens it. Its rules therefore tighten at once and loosen only after the user
// trusted that exact content: the file's SHA-256 is recorded under the agent dir, and a
// changed file is untrusted again. Pi's own project trust is not enough: Pi asks only when a
// folder holds one of Pi's own protected resources (docs/configuration.md, "Project trust").

import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { PolicyDocument } from "./document.ts";
import { formatJsonPath } from "./json-path.ts";
import { type Rule, universalDefault } from "./rules.ts";
import { DEFAULT_POLICY_SETTINGS, type PolicySettings } from "./settings.ts";

/** One thing a project file would loosen, as the trust dialog lists it. */
export interface Loosening {
  /** Where it is written: `permission.bash["rm *"]`, `yolo`. */
  readonly jsonPath: string;
  /** What it does: `allow`, `ask over a deny`, `yolo on`. */
  readonly what: string;
}

/**
 * Whether the project file's loosening applies:
 * - `not-needed`: it only tightens, so it applies whole without trust;
 * - `trusted`: the user trusted this exact content;
 * - `untrusted`: it would loosen and is not trusted, so only its tightening applies;
 * - `forbidden`: a file set `allowProjectLoosening: false`, so only its tightening applies.
 */
export type ProjectTrustState = "not-needed" | "trusted" | "untrusted" | "forbidden";

/** The project file's trust: its state, its content hash and what it would loosen. */
export interface ProjectTrust {
  readonly state: ProjectTrustState;
  readonly file: string;
  readonly hash: string;
  readonly loosening: readonly Loosening[];
}

/**
 * The SHA-256 of a policy file's text, as recorded when the user trusts it.
 *
 * @example
 * ```ts
 * policyHash("{}"); // "44136fa3…"
 * ```
 */
export function policyHash(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/**
 * What a project file would loosen relative to the rules before it (the managed, global or
 * built-in default rules): every allow rule, every ask rule of a surface where an earlier
 * rule (or the universal default) denies, `yolo: true`, a `shellTools` or `programs`
 * declaration, and a setting that keeps less watch than `baseSettings` (the settings the files
 * before it resolve to). Conservative: an allow is listed
 * even where the rules before it allow too.
 *
 * @example
 * ```ts
 * projectLoosening(projectRules, baseRules, { yolo: true });
 * // [{ jsonPath: 'permission.bash["rm *"]', what: "allow" }, { jsonPath: "yolo", what: "yolo on" }]
 * ```
 */
export function projectLoosening(
  rules: readonly Rule[],
  base: readonly Rule[],
  document: PolicyDocument | undefined,
  baseSettings: PolicySettings = DEFAULT_POLICY_SETTINGS,
): Loosening[] {
  const found = new Map<string, Loosening>();
  const defaultDenies = universalDefault(base).action === "deny";
  for (const rule of rules) {
    if (found.has(rule.origin.jsonPath)) continue;
    if (rule.action === "allow") {
      found.set(rule.origin.jsonPath, { jsonPath: rule.origin.jsonPath, what: "allow" });
    } else if (
      rule.action === "ask" &&
      (defaultDenies ||
        base.some((b) => b.action === "deny" && (b.surface === rule.surface || b.surface === "*")))
    ) {
      found.set(rule.origin.jsonPath, { jsonPath: rule.origin.jsonPath, what: "ask over a deny" });
    }
  }
  if (document?.yolo === true) found.set("yolo", { jsonPath: "yolo", what: "yolo on" });
  for (const key of relaxedSettings(document, baseSettings)) {
    found.set(key, { jsonPath: key, what: PROTECTING_SETTINGS[key].what });
  }
  // A declared shell tool meets the bash rules instead of its own surface's default: that
  // may allow what the default asks.
  for (const tool of Object.keys(document?.shellTools ?? {})) {
    const jsonPath = formatJsonPath(["shellTools", tool]);
    found.set(jsonPath, { jsonPath, what: "shell tool" });
  }
  // A declared program may read a command less strictly than the analysis of a program nobody
  // declared (a wrapper's grammar replaces the search of its later words for a command), so
  // the full declaration waits for trust; until then a call is judged with and without the
  // project's declarations and the stricter verdict stands (`PolicySettings.trustedPrograms`).
  for (const name of Object.keys(document?.programs ?? {})) {
    const jsonPath = formatJsonPath(["programs", name]);
    found.set(jsonPath, { jsonPath, what: "program declaration" });
  }
  return [...found.values()];
}

/** The trust record under the agent dir: `<agentDir>/pi-permission/trust.json`. */
// Settings that keep watch over the agent (the review log, judging the user's `!` commands,
// how much of a request the dialog shows, how much of the log is kept, the notification that a
// dialog waits, how long a crafted command may freeze the analysis), with the direction that
// keeps more watch: a switch's watching value, or for a number `larger` / `smaller`. A project
// file that turns one the other way, against what the user's own files (or the defaults) say,
// switches part of the protection off: that waits for trust. Every one is compared with the
// value the files before the project resolve to, never with the default (S32 F1: a project's
// `analysisDeadlineMs: 50` lengthened the user's own 1 ms budget unnoticed).
const PROTECTING_SETTINGS = {
  permissionReviewLog: { more: (v: unknown) => v === true, what: "review log off" },
  judgeUserBash: { more: (v: unknown) => v === true, what: "user bash not judged" },
  promptNotification: { more: (v: unknown) => v !== "off", what: "prompt notification off" },
  promptMaxRows: { more: "larger", what: "smaller dialog" },
  promptFieldMaxWidth: { more: "larger", what: "shorter dialog fields" },
  reviewLogFieldMaxWidth: { more: "larger", what: "shorter review-log fields" },
  reviewLogMaxBytes: { more: "larger", what: "smaller review log" },
  reviewLogFiles: { more: "larger", what: "fewer review-log files" },
  // A longer analysis budget is a longer possible freeze of the agent on a crafted command.
  analysisDeadlineMs: { more: "smaller", what: "longer analysis budget" },
} as const satisfies Partial<
  Record<
    keyof PolicySettings,
    { more: ((v: unknown) => boolean) | "larger" | "smaller"; what: string }
  >
>;

type ProtectingSetting = keyof typeof PROTECTING_SETTINGS;

/**
 * The settings of a project file that would keep less watch than `baseSettings` (the user's
 * own files, or the defaults): a switch turned off, or a number made smaller.
 */
export function relaxedSettings(
  document: PolicyDocument | undefined,
  baseSettings: PolicySettings,
): ProtectingSetting[] {
  if (document === undefined) return [];
  return (Object.keys(PROTECTING_SETTINGS) as ProtectingSetting[]).filter((key) => {
    const value = document[key];
    if (value === undefined) return false;
    const { more } = PROTECTING_SETTINGS[key];
    if (more === "larger") return (value as number) < (baseSettings[key] as number);
    if (more === "smaller") return (value as number) > (baseSettings[key] as number);
    return more(baseSettings[key]) && !more(value);
  });
}

export function trustStoreFile(agentDir: string): string {
  return join(agentDir, "pi-permission", "trust.json");
}

interface TrustStore {
  version: 1;
  /** Project policy file → the hash of the content the user trusted. */
  projects: Record<string, { sha256: string; trustedAt: string }>;
}

function readStore(agentDir: string): TrustStore {
  try {
    const parsed = JSON.parse(readFileSync(trustStoreFile(agentDir), "utf8")) as TrustStore;
    if (parsed?.version === 1 && typeof parsed.projects === "object" && parsed.projects !== null) {
      return parsed;
    }
  } catch {
    // No record (or an unreadable one) trusts nothing: fail closed.
  }
  return { version: 1, projects: {} };
}

/**
 * Whether the user trusted exactly this content of a project policy file.
 *
 * @example
 * ```ts
 * isTrustedProjectFile(agentDir, "/repo/.pi/permissions.json", policyHash(text)); // false until trusted
 * ```
 */
export function isTrustedProjectFile(agentDir: string, file: string, hash: string): boolean {
  const record = readStore(agentDir).projects[file];
  return record !== undefined && record.sha256 === hash;
}

/**
 * Record that the user trusts this content of a project policy file (replacing an earlier
 * record of the same file), or forget it with `hash: null`. Written atomically.
 *
 * @example
 * ```ts
 * recordProjectTrust(agentDir, "/repo/.pi/permissions.json", policyHash(text));
 * ```
 */
export function recordProjectTrust(
  agentDir: string,
  file: string,
  hash: string | null,
  now: Date = new Date(),
): void {
  const store = readStore(agentDir);
  if (hash === null) delete store.projects[file];
  else store.projects[file] = { sha256: hash, trustedAt: now.toISOString() };
  const target = trustStoreFile(agentDir);
  mkdirSync(dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(store, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, target);
}
