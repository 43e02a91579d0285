// Policy files → scopes → one policy. Reading files happens only here, through an injectable
// reader; environment and home directory are inputs, never read from the process.
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { join, resolve } from "node:path";
import { type AgentRules, agentSectionKey, policyAgentRules } from "./agents.ts";
import {
  type CheckedDocument,
  DOCUMENT_CHECKS,
  POLICY_CHECKS,
  type PolicyFinding,
} from "./checks.ts";
import { DEFAULT_POLICY_NAME, DEFAULT_POLICY_TEXT } from "./default-policy.ts";
import type { PolicyDocument } from "./document.ts";
import { type PolicyHookDefinition, policyHooks } from "./hooks.ts";
import { hasErrors, type IssueDraft, issue, type PolicyIssue } from "./issues.ts";
import type { JsonPathSegment } from "./json-path.ts";
import { formatJsonPath, parseJsonPath } from "./json-path.ts";
import { type Locator, parseJsonc } from "./parse.ts";
import { type BrokenScope, DEFAULT_RULE, floored, permissionRules, type Rule } from "./rules.ts";
import { salvageDocument } from "./salvage.ts";
import { PolicyDocumentSchema } from "./schema.ts";
import { checkAgainstSchema, type KeyOrder, type SchemaNode } from "./schema-check.ts";
import { mergePrograms, type PolicySettings, resolveSettings } from "./settings.ts";
import {
  isTrustedProjectFile,
  type ProjectTrust,
  type ProjectTrustState,
  policyHash,
  projectLoosening,
  relaxedSettings,
} from "./trust.ts";

/**
 * A policy file's scope, in the order they are merged: the managed (administrator's) file,
 * the user's global file (or the built-in `default` policy when there is none), the project's.
 */
export type FileScope = "managed" | "global" | "default" | "project";

/**
 * What reading one scope's file gave:
 * - `loaded`: a valid document (its issues are warnings only);
 * - `missing`: no file, so no rules from it;
 * - `untrusted`: not read (kept for hosts that skip the project file; `loadPolicy` reads it
 *   and records its trust on the `loaded` scope instead);
 * - `broken`: unreadable, not JSON, or not a valid policy; its `issues` hold at least one
 *   error and it fails closed: what it could still read of its deny and ask rules stays in
 *   force (`rules`, `hooks`), its allows and invalid entries ask, its relaxing settings are
 *   dropped.
 */
export type ScopeLoad =
  | {
      readonly scope: FileScope;
      readonly file: string;
      readonly status: "loaded";
      readonly document: PolicyDocument;
      readonly rules: readonly Rule[];
      /** The permission hooks the file defines, in the order written. */
      readonly hooks: readonly PolicyHookDefinition[];
      /** The rules of the file's agent sections, by agent name. */
      readonly agents?: AgentRules;
      readonly issues: readonly PolicyIssue[];
      /** The SHA-256 of the file's text (absent for a scope built in memory). */
      readonly hash?: string;
      /** A project file's trust, set by {@link mergeScopes}. */
      readonly trust?: ProjectTrust;
    }
  | {
      readonly scope: FileScope;
      readonly file: string;
      readonly status: "broken";
      readonly issues: readonly PolicyIssue[];
      /** Whether the text parsed as JSON; when not, nothing of it could be kept. */
      readonly parsed?: boolean;
      /** The rules kept in force: valid deny and ask rules; allows and invalid entries as ask. */
      readonly rules?: readonly Rule[];
      /** The hooks kept, with the same salvage of their rules. */
      readonly hooks?: readonly PolicyHookDefinition[];
      /** The agent sections kept, with the same salvage of their rules. */
      readonly agents?: AgentRules;
      /** The settings whose values are valid, without the relaxing ones (`yolo`). */
      readonly settings?: PolicyDocument;
      readonly hash?: string;
    }
  | {
      readonly scope: FileScope;
      readonly file: string;
      readonly status: "missing" | "untrusted";
      readonly issues: readonly PolicyIssue[];
    };

/**
 * The policy the gates read: the ordered rules (rule 0 is the built-in universal default),
 * the resolved settings, and the files that made it fail closed.
 */
export interface Policy {
  readonly rules: readonly Rule[];
  /**
   * The permission hooks of every loaded file: the managed file's, the global file's, then
   * the project's. A broken file contributes what it could read of them.
   */
  readonly hooks: readonly PolicyHookDefinition[];
  /**
   * The rules for each agent some file has a section for (`agents`), by agent name: the
   * whole rule list in evaluation order, each file's section right after that file's own
   * rules, with the same trust and fail-closed marks as {@link Policy.rules}. Absent when no
   * file has one. `policyForAgent` picks an agent's list.
   */
  readonly agents?: ReadonlyMap<string, readonly Rule[]>;
  readonly settings: PolicySettings;
  /**
   * Broken policy files. A broken file's own allows ask; while a file is not JSON at all,
   * every allow of every file asks. Yolo is off while any is listed.
   */
  readonly brokenScopes: readonly BrokenScope[];
}

/** The result of loading: the policy, what happened to each scope, every issue to show. */
export interface PolicyLoadResult {
  readonly policy: Policy;
  readonly scopes: readonly ScopeLoad[];
  /** Errors and warnings of every scope, then the warnings about the merged rules. */
  readonly issues: readonly PolicyIssue[];
  /** The project file's trust, when there is a loaded project file. */
  readonly projectTrust?: ProjectTrust;
  /** Whether the built-in default policy applies (there is no global file). */
  readonly usesDefaultPolicy?: boolean;
}

/** Reads a file's text; returns `undefined` when there is no such file, throws when it cannot read. */
export type PolicyFileReader = (file: string) => string | undefined;

/** Where the files are: the environment, the home directory and the working directory. */
export interface PolicyLocation {
  /** The environment (only `PI_CODING_AGENT_DIR` is read). */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly home: string;
  readonly cwd: string;
}

/**
 * Pi's agent directory: `PI_CODING_AGENT_DIR` when set (a leading `~` is the home
 * directory, a relative path is relative to `cwd`), otherwise `~/.pi/agent`.
 *
 * @example
 * ```ts
 * agentDir({ env: {}, home: "/home/u", cwd: "/repo" }); // "/home/u/.pi/agent"
 * ```
 */
export function agentDir({ env, home, cwd }: PolicyLocation): string {
  const fromEnv = env.PI_CODING_AGENT_DIR;
  if (fromEnv === undefined || fromEnv === "") return join(home, ".pi", "agent");
  if (fromEnv === "~") return home;
  if (fromEnv.startsWith("~/")) return join(home, fromEnv.slice(2));
  return resolve(cwd, fromEnv);
}

/**
 * The two policy files: global `<agentDir>/permissions.json` and project
 * `<cwd>/.pi/permissions.json`.
 *
 * @example
 * ```ts
 * policyFiles({ env: {}, home: "/home/u", cwd: "/repo" });
 * // { global: "/home/u/.pi/agent/permissions.json", project: "/repo/.pi/permissions.json" }
 * ```
 */
export function policyFiles(location: PolicyLocation): { global: string; project: string } {
  return {
    global: join(agentDir(location), "permissions.json"),
    project: join(location.cwd, ".pi", "permissions.json"),
  };
}

/**
 * The reader used when none is given: the file's text, with a missing file (or a missing
 * parent folder) as `undefined`; anything but a regular file of at most 4 MiB, and any other
 * failure, throws (the file then loads as unreadable, and fails closed).
 *
 * @example
 * ```ts
 * readPolicyFile("/no/such/permissions.json"); // undefined
 * ```
 */
export const readPolicyFile: PolicyFileReader = (file) => {
  let fd: number;
  try {
    // Non-blocking, so that a FIFO in a cloned repository cannot hold the open.
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw error;
  }
  try {
    // INVARIANT: only a regular file of a policy's size is read. A project file is the
    // repository's: a link to /dev/zero or /dev/stdin would otherwise never finish reading.
    const stat = fstatSync(fd);
    if (!stat.isFile()) {
      const kind = stat.isDirectory()
        ? "a directory"
        : stat.isFIFO()
          ? "a FIFO"
          : stat.isCharacterDevice() || stat.isBlockDevice()
            ? "a device"
            : "a socket";
      throw new Error(`not a regular file: ${kind}`);
    }
    if (stat.size > POLICY_FILE_MAX_BYTES) {
      throw new Error(`larger than ${POLICY_FILE_MAX_BYTES} bytes (${stat.size})`);
    }
    return readBounded(fd);
  } finally {
    closeSync(fd);
  }
};

// INVARIANT (S32 F12): the read itself is bounded, whatever `fstat` says: a link to
// /proc/self/pagemap is a "regular file" of size 0 that reads 2^38 bytes of zeros.
function readBounded(fd: number): string {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    // Whole chunks (a /proc file may refuse a read of an odd size); at most one past the cap.
    const chunk = Buffer.allocUnsafe(64 * 1024);
    const read = readSync(fd, chunk, 0, chunk.length, null);
    if (read === 0) break;
    chunks.push(read === chunk.length ? chunk : chunk.subarray(0, read));
    total += read;
    if (total > POLICY_FILE_MAX_BYTES) {
      throw new Error(`larger than ${POLICY_FILE_MAX_BYTES} bytes`);
    }
  }
  return Buffer.concat(chunks, total).toString("utf8");
}

/** The largest policy file read: far above any real policy, far below a reader's patience. */
const POLICY_FILE_MAX_BYTES = 4 * 1024 * 1024;

// A check's finding points at the key it is about: the pattern, the surface, the hook.
function locateAll(
  drafts: readonly IssueDraft[],
  file: string | null,
  locate: Locator,
): PolicyIssue[] {
  return drafts.map((draft) =>
    issue(draft, file, locate(parseJsonPath(draft.jsonPath) ?? [], "key")),
  );
}

interface ParsedScope {
  readonly issues: PolicyIssue[];
  readonly checked?: CheckedDocument;
  readonly locate: Locator;
  /** The parsed value and key order, also when it failed validation (for the salvage). */
  readonly value?: unknown;
  readonly keyOrder?: KeyOrder;
  /** Where each error is. */
  readonly errorPaths: JsonPathSegment[][];
}

function parseScope(text: string, file: string | null): ParsedScope {
  const parsed = parseJsonc(text);
  const issues = parsed.problems.map((p) => issue(p.draft, file, p.position));
  const errorPaths: JsonPathSegment[][] = [];
  if (parsed.value === undefined) return { issues, locate: parsed.locate, errorPaths };
  const findings = checkAgainstSchema(
    PolicyDocumentSchema as SchemaNode,
    parsed.value,
    parsed.keyOrder,
  );
  for (const f of findings) {
    const found = issue(f.draft, file, parsed.locate(f.segments, f.target));
    issues.push(found);
    if (found.severity === "error") errorPaths.push([...f.segments]);
  }
  const base = { locate: parsed.locate, value: parsed.value, keyOrder: parsed.keyOrder };
  if (hasErrors(issues)) return { issues, errorPaths, ...base };
  const checked: CheckedDocument = {
    document: parsed.value as PolicyDocument,
    keyOrder: parsed.keyOrder,
  };
  for (const documentCheck of DOCUMENT_CHECKS) {
    for (const found of locateAll(documentCheck.check(checked), file, parsed.locate)) {
      issues.push(found);
      // A document check's error breaks the file like a schema error: the salvage drops it.
      if (found.severity === "error") errorPaths.push(parseJsonPath(found.jsonPath) ?? []);
    }
  }
  return { issues, checked, errorPaths, ...base };
}

// Locators of the loaded files, so that merged findings get a line and column too.
const locators = new WeakMap<ScopeLoad, Locator>();

/**
 * An issue about a loaded file, placed at its JSON path in that file's text (line and column)
 * when the file was read from text.
 */
export function issueInScope(scope: ScopeLoad, draft: IssueDraft): PolicyIssue {
  const locate = locators.get(scope);
  return issue(draft, scope.file, locate?.(parseJsonPath(draft.jsonPath) ?? [], "key") ?? null);
}

function brokenScopeOf(
  source: { readonly scope: FileScope; readonly file: string },
  issues: readonly PolicyIssue[],
  kept: boolean,
): BrokenScope {
  const errors = issues.filter((i) => i.severity === "error");
  const first = errors[0];
  return {
    scope: source.scope,
    file: source.file,
    errorCount: errors.length,
    kept,
    ...(first === undefined
      ? {}
      : {
          firstError: {
            jsonPath: first.jsonPath,
            line: first.line,
            column: first.column,
            message: first.message,
          },
        }),
  };
}

/**
 * Turn one policy file's text into a scope: parse (comments and trailing commas allowed),
 * validate against the schema, run the document checks, and build its rules. A file with
 * errors is `broken`; when it parsed, its valid deny and ask rules are kept (see
 * `salvageDocument`).
 *
 * @example
 * ```ts
 * parsePolicyText('{ "permission": { "read": "allow" } }', { scope: "project", file: "/repo/.pi/permissions.json" });
 * ```
 */
export function parsePolicyText(
  text: string,
  source: { readonly scope: FileScope; readonly file: string },
): ScopeLoad {
  const parsed = parseScope(text, source.file);
  const { issues, checked, locate } = parsed;
  const hash = policyHash(text);
  let load: ScopeLoad;
  if (checked === undefined || hasErrors(issues)) {
    const salvage =
      parsed.value === undefined
        ? undefined
        : salvageDocument(
            parsed.value,
            parsed.keyOrder ?? ((o) => Object.keys(o)),
            parsed.errorPaths,
            source,
            brokenScopeOf(source, issues, true),
          );
    const kept = salvage?.kept === true;
    load = {
      ...source,
      status: "broken",
      issues,
      parsed: parsed.value !== undefined,
      hash,
      ...(kept && salvage
        ? {
            rules: salvage.rules,
            hooks: salvage.hooks,
            settings: salvage.settings,
            ...(salvage.agents.size > 0 ? { agents: salvage.agents } : {}),
          }
        : {}),
    };
  } else {
    load = {
      ...source,
      status: "loaded",
      document: checked.document,
      rules: permissionRules(checked.document.permission ?? {}, source, checked.keyOrder),
      hooks: policyHooks(checked.document, source, checked.keyOrder),
      ...(checked.document.agents === undefined
        ? {}
        : { agents: policyAgentRules(checked.document, source, checked.keyOrder) }),
      issues,
      hash,
    };
  }
  locators.set(load, locate);
  return load;
}

/**
 * Read and parse one scope's file. A missing file is `missing`; a file the reader cannot read
 * is `broken` with an `unreadable` error.
 *
 * @example
 * ```ts
 * loadPolicyFile({ scope: "global", file: "/home/u/.pi/agent/permissions.json" });
 * ```
 */
export function loadPolicyFile(
  source: { readonly scope: FileScope; readonly file: string },
  readFile: PolicyFileReader = readPolicyFile,
): ScopeLoad {
  let text: string | undefined;
  try {
    text = readFile(source.file);
  } catch (error) {
    return unloadable(source, error, "the policy file cannot be read", "a readable file");
  }
  if (text === undefined) return { ...source, status: "missing", issues: [] };
  try {
    return parsePolicyText(text, source);
  } catch (error) {
    // INVARIANT (S32 F4): a file the loader cannot read through fails closed as a broken
    // file (every allow asks), never as an exception out of the loader.
    return unloadable(source, error, "the policy file cannot be loaded", "a policy file");
  }
}

function unloadable(
  source: { readonly scope: FileScope; readonly file: string },
  error: unknown,
  message: string,
  expected: string,
): ScopeLoad {
  const reason = error instanceof Error ? error.message : String(error);
  return {
    ...source,
    status: "broken",
    issues: [
      issue(
        {
          code: "unreadable",
          jsonPath: "",
          message,
          expected,
          received: reason,
          help: "check that it is a file and that you may read it",
        },
        source.file,
      ),
    ],
  };
}

/**
 * The built-in default policy as a scope: what applies when there is no global file.
 *
 * @example
 * ```ts
 * mergeScopes([defaultPolicyScope()]).policy.rules; // the default's rules
 * ```
 */
export function defaultPolicyScope(): ScopeLoad {
  return parsePolicyText(DEFAULT_POLICY_TEXT, { scope: "default", file: DEFAULT_POLICY_NAME });
}

function policyFindings(rules: readonly Rule[], scopes: readonly ScopeLoad[]): PolicyIssue[] {
  const findings: PolicyFinding[] = POLICY_CHECKS.flatMap((c) => c.check(rules));
  return findings.map(({ file, draft }) => {
    const scope = scopes.find((s) => s.file === file);
    const locate = scope === undefined ? undefined : locators.get(scope);
    const segments = parseJsonPath(draft.jsonPath) ?? [];
    return issue(draft, file, locate ? locate(segments, "key") : null);
  });
}

/** A program a later file declares again, differently: the first declaration stands. */
function redeclaredPrograms(scopes: readonly ScopeLoad[]): PolicyIssue[] {
  const first = new Map<string, { file: string; text: string }>();
  const issues: PolicyIssue[] = [];
  for (const scope of scopes) {
    const document =
      scope.status === "loaded"
        ? scope.document
        : scope.status === "broken"
          ? scope.settings
          : undefined;
    for (const [name, declaration] of Object.entries(document?.programs ?? {})) {
      const text = JSON.stringify(declaration);
      const earlier = first.get(name);
      if (earlier === undefined) {
        first.set(name, { file: scope.file, text });
        continue;
      }
      if (earlier.text === text) continue;
      const segments = ["programs", name];
      const locate = locators.get(scope);
      issues.push(
        issue(
          {
            code: "programRedeclared",
            jsonPath: formatJsonPath(segments),
            message: `\`${name}\` is declared differently by ${earlier.file}, whose declaration stands`,
            expected: "one declaration of a program",
            received: "a second, different declaration",
            help: "declare the program in one file only, or give both files the same declaration",
          },
          scope.file,
          locate ? locate(segments, "key") : null,
        ),
      );
    }
  }
  return issues;
}

/** A project file's `promptKeys`, which is ignored. */
function projectPromptKeys(scopes: readonly ScopeLoad[]): PolicyIssue[] {
  return scopes.flatMap((scope): PolicyIssue[] => {
    if (scope.scope !== "project") return [];
    const document =
      scope.status === "loaded"
        ? scope.document
        : scope.status === "broken"
          ? scope.settings
          : undefined;
    if (document?.promptKeys === undefined) return [];
    const segments = ["promptKeys"];
    const locate = locators.get(scope);
    return [
      issue(
        {
          code: "promptKeysIgnored",
          jsonPath: formatJsonPath(segments),
          message: "a project file cannot remap the dialog's keys, so this `promptKeys` is ignored",
          expected: "`promptKeys` in your global file",
          received: "`promptKeys` in the project file",
          help: "move `promptKeys` to ~/.pi/agent/permissions.json: a project could otherwise swap the approve and deny keys",
        },
        scope.file,
        locate ? locate(segments, "key") : null,
      ),
    ];
  });
}

/**
 * What an untrusted (or broken) project file's settings may still set: nothing that loosens.
 * Its `yolo`, `shellTools` and `promptKeys` are dropped, and every setting that would keep less
 * watch than `baseSettings` (the files before it) is left to them, a longer analysis budget
 * included (see `relaxedSettings`).
 */
function untrustedProjectSettings(
  document: PolicyDocument,
  baseSettings: PolicySettings,
): PolicyDocument {
  return {
    ...document,
    promptKeys: undefined,
    yolo: undefined,
    shellTools: undefined,
    // INVARIANT: an untrusted project file never switches the user's watch off.
    ...Object.fromEntries(relaxedSettings(document, baseSettings).map((key) => [key, undefined])),
  };
}

/** How {@link mergeScopes} decides a project file's trust. */
export interface MergeOptions {
  /**
   * Whether the user trusted this content of the project file. Default: trusted (a caller
   * merging files it chose itself trusts them).
   */
  readonly projectTrusted?: (file: string, hash: string) => boolean;
}

/**
 * Merge scopes in order (managed, global or the built-in default, project) into one policy.
 *
 * - Rules: the built-in universal default (`"*": "ask"`), then each scope's rules in order,
 *   so within a surface a later rule overrides an earlier one.
 * - Managed rules are a floor: where the managed file asks or denies, nothing later decides
 *   less.
 * - Trust: a project file that would loosen (see `projectLoosening`) and is not trusted (or
 *   whose loosening a file forbids with `allowProjectLoosening: false`) only tightens: its
 *   rules decide only where they are stricter, and its `yolo` is ignored.
 * - Hooks: each scope's hooks, in scope order; they are evaluated apart from the rules.
 * - Settings: a later scope's value overrides an earlier one's; defaults fill the rest;
 *   `allowYolo` and `allowProjectLoosening` switched off anywhere stay off.
 * - Fail closed: a broken file keeps its valid deny and ask rules, its allows and invalid
 *   entries ask, and it only tightens; a file that is not JSON makes every allow of every
 *   file ask. Yolo is off while any file is broken.
 *
 * @example
 * ```ts
 * const { policy, issues } = mergeScopes([loadPolicyFile({ scope: "global", file })]);
 * ```
 */
export function mergeScopes(
  scopes: readonly ScopeLoad[],
  options: MergeOptions = {},
): PolicyLoadResult {
  const brokenScopes: BrokenScope[] = scopes.flatMap((s) =>
    s.status === "broken" ? [brokenScopeOf(s, s.issues, s.rules !== undefined)] : [],
  );
  const unreadable = brokenScopes.filter((b) => !b.kept);
  const settingDocuments: PolicyDocument[] = [];
  // The settings of the files whose program declarations may only tighten: a broken file's,
  // and a project file's the user has not trusted.
  const untrustedPrograms = new Set<PolicyDocument>();
  const hooks: PolicyHookDefinition[] = [];
  const rules: Rule[] = [DEFAULT_RULE];
  const findingRules: Rule[] = [DEFAULT_RULE];
  const loaded: ScopeLoad[] = [];
  let projectTrust: ProjectTrust | undefined;
  const merged: ScopeLoad[] = [];
  // Each named agent's whole rule list, built alongside the session's: every file's rules,
  // then that file's section for the agent.
  const agentLists = new Map<string, Rule[]>();
  for (const scope of scopes) {
    if (scope.status !== "loaded" && scope.status !== "broken") continue;
    for (const name of scope.agents?.keys() ?? []) {
      if (!agentLists.has(name)) agentLists.set(name, [DEFAULT_RULE]);
    }
  }
  const pushRules = (list: readonly Rule[]) => {
    rules.push(...list);
    for (const agentList of agentLists.values()) agentList.push(...list);
  };
  const pushAgents = (agents: AgentRules | undefined, mark: (rule: Rule) => Rule = (r) => r) => {
    for (const [name, list] of agents ?? []) agentLists.get(name)?.push(...list.map(mark));
  };

  // Settings that forbid something are read before any project file is judged.
  const forbidding = resolveSettings(
    scopes.flatMap((s) =>
      s.scope !== "project" && s.status === "loaded"
        ? [s.document]
        : s.scope !== "project" && s.status === "broken" && s.settings
          ? [s.settings]
          : [],
    ),
  );

  for (const scope of scopes) {
    if (scope.status === "broken") {
      pushRules(scope.rules ?? []);
      pushAgents(scope.agents);
      hooks.push(...(scope.hooks ?? []));
      if (scope.settings) {
        // INVARIANT: a broken project file is at least as constrained as a clean untrusted
        // one: its salvaged settings pass the same trust filter (S32 F2: one unknown key
        // skipped it and kept a longer analysis budget and the review log switched off).
        const document =
          scope.scope === "project"
            ? untrustedProjectSettings(scope.settings, resolveSettings(settingDocuments))
            : scope.settings;
        // INVARIANT: a broken file only tightens, its sound program declarations too.
        untrustedPrograms.add(document);
        settingDocuments.push(document);
      }
      merged.push(scope);
      continue;
    }
    if (scope.status !== "loaded") {
      merged.push(scope);
      continue;
    }
    loaded.push(scope);
    findingRules.push(...scope.rules);
    hooks.push(...scope.hooks);
    if (scope.scope !== "project") {
      pushRules(scope.rules);
      pushAgents(scope.agents);
      settingDocuments.push(scope.document);
      merged.push(scope);
      continue;
    }
    // An agent section loosens against what that agent's calls met before this file.
    const baseSettings = resolveSettings(settingDocuments);
    // INVARIANT (S32 F6 agent-loosening): the project's own rules are read in every agent's
    // list too, after that agent's sections of the earlier files, so they loosen against each
    // of those lists as well: a top-level ask over a deny the user wrote only in an agent
    // section lifted it (deny -> ask) with the file counted as only tightening. A section
    // loosens against every list of an agent name it applies to (`policyForAgent` folds
    // spellings, S32 F14).
    const againstAgents = [...agentLists.values()].flatMap((list) =>
      projectLoosening(scope.rules, list, undefined),
    );
    const sections = [...(scope.agents ?? [])].flatMap(([name, list]) => {
      const key = agentSectionKey(name);
      const bases = [...agentLists].filter(([other]) => agentSectionKey(other) === key);
      return bases.length === 0
        ? projectLoosening(list, rules, undefined)
        : bases.flatMap(([, base]) => projectLoosening(list, base, undefined));
    });
    const loosening = [
      ...new Map(
        [
          ...projectLoosening(scope.rules, rules, scope.document, baseSettings),
          ...againstAgents,
          ...sections,
        ].map((entry) => [entry.jsonPath, entry] as const),
      ).values(),
    ];
    const hash = scope.hash ?? "";
    const state: ProjectTrustState =
      loosening.length === 0
        ? "not-needed"
        : !forbidding.allowProjectLoosening
          ? "forbidden"
          : (options.projectTrusted?.(scope.file, hash) ?? true)
            ? "trusted"
            : "untrusted";
    projectTrust = { state, file: scope.file, hash, loosening };
    const applies = state === "trusted" || state === "not-needed";
    // INVARIANT: an untrusted project file tightens and never loosens, in its agent
    // sections too.
    const tightening = (r: Rule): Rule => (applies ? r : { ...r, onlyTightens: true as const });
    pushRules(scope.rules.map(tightening));
    pushAgents(scope.agents, tightening);
    // INVARIANT: the dialog's keys are the user's own: a project file's, trusted or not,
    // could swap approve and deny under their fingers (promptKeysIgnored says so).
    const projectDocument: PolicyDocument = applies
      ? { ...scope.document, promptKeys: undefined }
      : untrustedProjectSettings(scope.document, baseSettings);
    // INVARIANT: a project file's declared programs loosen nothing unless the user trusted
    // it: a wrapper's grammar replaces the reading of an unknown program's later words
    // (`eatmydata git push` declared with one positional runs `push`), so the calls are
    // judged both with and without them (see `trustedPrograms`).
    if (state !== "trusted") untrustedPrograms.add(projectDocument);
    settingDocuments.push(projectDocument);
    merged.push({ ...scope, trust: projectTrust });
  }

  const resolved = resolveSettings(settingDocuments);
  const settings: PolicySettings = [...untrustedPrograms].some(
    (d) => Object.keys(d.programs ?? {}).length > 0,
  )
    ? Object.freeze({
        ...resolved,
        trustedPrograms:
          mergePrograms(settingDocuments.filter((d) => !untrustedPrograms.has(d))) ?? null,
      })
    : resolved;
  const yoloAllowed = brokenScopes.length === 0 && settings.allowYolo;
  // INVARIANT: a file that is not JSON could have decided anything, so every allow asks
  // and the universal default is named as the broken file's.
  const enforce = (list: Rule[]): Rule[] =>
    unreadable.length === 0
      ? list
      : list.map((rule, index) =>
          index === 0
            ? floored(rule, "default", unreadable)
            : rule.action === "allow" && !rule.floor
              ? floored(rule, "allow", unreadable)
              : rule,
        );
  const policy: Policy = {
    rules: enforce(rules),
    hooks,
    ...(agentLists.size === 0
      ? {}
      : {
          agents: new Map([...agentLists].map(([name, list]) => [name, enforce(list)] as const)),
        }),
    settings: yoloAllowed ? settings : { ...settings, yolo: false },
    brokenScopes,
  };
  // The merged scopes stand for the read ones (one each, in order): keep their locators.
  merged.forEach((scope, index) => {
    const locate = locators.get(scopes[index] as ScopeLoad);
    if (locate) locators.set(scope, locate);
  });
  return {
    policy,
    scopes: merged,
    issues: [
      ...scopes.flatMap((s) => s.issues),
      ...policyFindings(findingRules, loaded),
      ...redeclaredPrograms(scopes),
      ...projectPromptKeys(scopes),
    ],
    ...(projectTrust ? { projectTrust } : {}),
  };
}

/** What {@link loadPolicy} needs: where the files are, the project's trust, a reader. */
export interface LoadPolicyOptions extends PolicyLocation {
  /**
   * Treat the project file as trusted whatever the record says (`pi-permission check
   * --trust-project`). Otherwise it is trusted when the user trusted this exact content
   * (recorded under the agent dir).
   */
  readonly projectTrusted?: boolean;
  /** The agent dir (default: {@link agentDir} of the location). */
  readonly agentDir?: string;
  /** The managed policy file (default: {@link managedPolicyFile} of the environment); `null` for none. */
  readonly managedFile?: string | null;
  readonly readFile?: PolicyFileReader;
}

/** The system-wide managed policy file when `PI_PERMISSION_MANAGED_POLICY` does not name one. */
export const MANAGED_POLICY_FILE = "/etc/pi-permission/permissions.json";

/**
 * The managed policy file: `PI_PERMISSION_MANAGED_POLICY` when set, else
 * `/etc/pi-permission/permissions.json`.
 *
 * @example
 * ```ts
 * managedPolicyFile({}); // "/etc/pi-permission/permissions.json"
 * ```
 */
export function managedPolicyFile(env: Readonly<Record<string, string | undefined>>): string {
  const named = env.PI_PERMISSION_MANAGED_POLICY;
  return named !== undefined && named !== "" ? named : MANAGED_POLICY_FILE;
}

/**
 * Load the managed, global (or, without one, the built-in default) and project policy files
 * and merge them. The project file is always read: it tightens at once and loosens only once
 * trusted.
 *
 * @example
 * ```ts
 * const { policy, issues, projectTrust } = loadPolicy({
 *   env: process.env, home: os.homedir(), cwd: process.cwd(),
 * });
 * ```
 */
export function loadPolicy(options: LoadPolicyOptions): PolicyLoadResult {
  const dir = options.agentDir ?? agentDir(options);
  const files = {
    global: join(dir, "permissions.json"),
    project: join(options.cwd, ".pi", "permissions.json"),
  };
  const readFile = options.readFile ?? readPolicyFile;
  const managedFile =
    options.managedFile === undefined ? managedPolicyFile(options.env) : options.managedFile;
  const managed =
    managedFile === null
      ? undefined
      : loadPolicyFile({ scope: "managed", file: managedFile }, readFile);
  const global = loadPolicyFile({ scope: "global", file: files.global }, readFile);
  const usesDefaultPolicy = global.status === "missing";
  const project = loadPolicyFile({ scope: "project", file: files.project }, readFile);
  const scopes = [
    ...(managed && managed.status !== "missing" ? [managed] : []),
    usesDefaultPolicy ? defaultPolicyScope() : global,
    project,
  ];
  const result = mergeScopes(scopes, {
    projectTrusted: (file, hash) =>
      options.projectTrusted === true || isTrustedProjectFile(dir, file, hash),
  });
  return { ...result, usesDefaultPolicy };
}

/** The issues of one policy file on its own, as `pi-permission validate` reports them. */
export interface PolicyValidation {
  readonly file: string;
  readonly issues: readonly PolicyIssue[];
}

/**
 * Validate one policy file on its own: every error loading would report, and the warnings
 * about its rules. A missing file is a `fileNotFound` error here.
 *
 * @example
 * ```ts
 * const { issues } = validatePolicyFile("./permissions.json");
 * ```
 */
export function validatePolicyFile(
  file: string,
  readFile: PolicyFileReader = readPolicyFile,
): PolicyValidation {
  const load = loadPolicyFile({ scope: "project", file }, readFile);
  if (load.status === "missing") {
    const missing = issue(
      {
        code: "fileNotFound",
        jsonPath: "",
        message: "the policy file does not exist",
        expected: "a policy file",
        received: "no file",
        help: "check the path; pi reads `~/.pi/agent/permissions.json` and `<project>/.pi/permissions.json`",
      },
      file,
    );
    return { file, issues: [missing] };
  }
  return { file, issues: mergeScopes([load]).issues };
}
