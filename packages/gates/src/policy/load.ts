// Policy files → scopes → one policy. Reading files happens only here, through an injectable
// reader; environment and home directory are inputs, never read from the process.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  type CheckedDocument,
  DOCUMENT_CHECKS,
  POLICY_CHECKS,
  type PolicyFinding,
} from "./checks.ts";
import type { PolicyDocument } from "./document.ts";
import { type PolicyHookDefinition, policyHooks } from "./hooks.ts";
import { hasErrors, type IssueDraft, issue, type PolicyIssue } from "./issues.ts";
import { parseJsonPath } from "./json-path.ts";
import { type Locator, parseJsonc } from "./parse.ts";
import {
  applyFailClosedFloor,
  type BrokenScope,
  DEFAULT_RULE,
  permissionRules,
  type Rule,
} from "./rules.ts";
import { PolicyDocumentSchema } from "./schema.ts";
import { checkAgainstSchema, type SchemaNode } from "./schema-check.ts";
import { type PolicySettings, resolveSettings } from "./settings.ts";

/** A policy file's scope. */
export type FileScope = "global" | "project";

/**
 * What reading one scope's file gave:
 * - `loaded`: a valid document (its issues are warnings only);
 * - `missing`: no file, so no rules from it;
 * - `untrusted`: a project the host does not trust, so its file was not read;
 * - `broken`: unreadable, not JSON, or not a valid policy; its `issues` hold at least one
 *   error and the policy fails closed.
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
      readonly issues: readonly PolicyIssue[];
    }
  | {
      readonly scope: FileScope;
      readonly file: string;
      readonly status: "missing" | "untrusted" | "broken";
      readonly issues: readonly PolicyIssue[];
    };

/**
 * The policy the gates read: the ordered rules (rule 0 is the built-in universal default),
 * the resolved settings, and the files that made it fail closed.
 */
export interface Policy {
  readonly rules: readonly Rule[];
  /**
   * The permission hooks of every loaded file: the global file's, then the project's. A
   * broken file contributes none (its allows are floored to ask anyway).
   */
  readonly hooks: readonly PolicyHookDefinition[];
  readonly settings: PolicySettings;
  /** Broken policy files. When any is listed, every allow rule is enforced as ask and yolo is off. */
  readonly brokenScopes: readonly BrokenScope[];
}

/** The result of loading: the policy, what happened to each scope, every issue to show. */
export interface PolicyLoadResult {
  readonly policy: Policy;
  readonly scopes: readonly ScopeLoad[];
  /** Errors and warnings of every scope, then the warnings about the merged rules. */
  readonly issues: readonly PolicyIssue[];
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
 * The reader used when none is given: `fs.readFileSync`, with a missing file (or a missing
 * parent folder) as `undefined`; any other failure throws.
 *
 * @example
 * ```ts
 * readPolicyFile("/no/such/permissions.json"); // undefined
 * ```
 */
export const readPolicyFile: PolicyFileReader = (file) => {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw error;
  }
};

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
}

function parseScope(text: string, file: string | null): ParsedScope {
  const parsed = parseJsonc(text);
  const issues = parsed.problems.map((p) => issue(p.draft, file, p.position));
  if (parsed.value === undefined) return { issues, locate: parsed.locate };
  const findings = checkAgainstSchema(
    PolicyDocumentSchema as SchemaNode,
    parsed.value,
    parsed.keyOrder,
  );
  issues.push(...findings.map((f) => issue(f.draft, file, parsed.locate(f.segments, f.target))));
  if (hasErrors(issues)) return { issues, locate: parsed.locate };
  const checked: CheckedDocument = {
    document: parsed.value as PolicyDocument,
    keyOrder: parsed.keyOrder,
  };
  for (const documentCheck of DOCUMENT_CHECKS) {
    issues.push(...locateAll(documentCheck.check(checked), file, parsed.locate));
  }
  return { issues, checked, locate: parsed.locate };
}

// Locators of the loaded files, so that merged findings get a line and column too.
const locators = new WeakMap<ScopeLoad, Locator>();

/**
 * Turn one policy file's text into a scope: parse (comments and trailing commas allowed),
 * validate against the schema, run the document checks, and build its rules.
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
  const { issues, checked, locate } = parseScope(text, source.file);
  const load: ScopeLoad =
    checked === undefined || hasErrors(issues)
      ? { ...source, status: "broken", issues }
      : {
          ...source,
          status: "loaded",
          document: checked.document,
          rules: permissionRules(checked.document.permission ?? {}, source, checked.keyOrder),
          hooks: policyHooks(checked.document, source, checked.keyOrder),
          issues,
        };
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
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ...source,
      status: "broken",
      issues: [
        issue(
          {
            code: "unreadable",
            jsonPath: "",
            message: "the policy file cannot be read",
            expected: "a readable file",
            received: reason,
            help: "check that it is a file and that you may read it",
          },
          source.file,
        ),
      ],
    };
  }
  if (text === undefined) return { ...source, status: "missing", issues: [] };
  return parsePolicyText(text, source);
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

/**
 * Merge scopes in order (global, then project) into one policy.
 *
 * - Rules: the built-in default (`"*": "ask"`), then each loaded scope's rules in order, so
 *   within a surface a project rule overrides a global one.
 * - Hooks: each loaded scope's hooks, global first; they are evaluated apart from the rules.
 * - Settings: a later scope's value overrides an earlier one's; defaults fill the rest.
 * - Fail closed: a broken scope contributes no rules and no settings; while any scope is
 *   broken, every allow is enforced as ask (with a `floor` naming the broken files) and yolo
 *   is off. Deny and ask rules are untouched, and the other scopes still apply.
 *
 * @example
 * ```ts
 * const { policy, issues } = mergeScopes([loadPolicyFile({ scope: "global", file })]);
 * ```
 */
export function mergeScopes(scopes: readonly ScopeLoad[]): PolicyLoadResult {
  const loaded = scopes.flatMap((s) => (s.status === "loaded" ? [s] : []));
  const brokenScopes: BrokenScope[] = scopes.flatMap((s) =>
    s.status === "broken"
      ? [
          {
            scope: s.scope,
            file: s.file,
            errorCount: s.issues.filter((i) => i.severity === "error").length,
          },
        ]
      : [],
  );
  const rules = [DEFAULT_RULE, ...loaded.flatMap((s) => s.rules)];
  const settings = resolveSettings(loaded.map((s) => s.document));
  const policy: Policy = {
    rules: applyFailClosedFloor(rules, brokenScopes),
    hooks: loaded.flatMap((s) => s.hooks),
    settings: brokenScopes.length > 0 ? { ...settings, yolo: false } : settings,
    brokenScopes,
  };
  return {
    policy,
    scopes,
    issues: [...scopes.flatMap((s) => s.issues), ...policyFindings(rules, loaded)],
  };
}

/** What {@link loadPolicy} needs: where the files are, whether the project is trusted, a reader. */
export interface LoadPolicyOptions extends PolicyLocation {
  /** Whether the host trusts the project; an untrusted project's file is not read. */
  readonly projectTrusted: boolean;
  readonly readFile?: PolicyFileReader;
}

/**
 * Load the global and (when trusted) the project policy file and merge them.
 *
 * @example
 * ```ts
 * const { policy, issues } = loadPolicy({
 *   env: process.env, home: os.homedir(), cwd: process.cwd(), projectTrusted: true,
 * });
 * ```
 */
export function loadPolicy(options: LoadPolicyOptions): PolicyLoadResult {
  const files = policyFiles(options);
  const readFile = options.readFile ?? readPolicyFile;
  const global = loadPolicyFile({ scope: "global", file: files.global }, readFile);
  const project: ScopeLoad = options.projectTrusted
    ? loadPolicyFile({ scope: "project", file: files.project }, readFile)
    : { scope: "project", file: files.project, status: "untrusted", issues: [] };
  return mergeScopes([global, project]);
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
