import { type Stats, statSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { type BashAnalyzer, loadBashAnalyzer } from "@pi-permission/bash";
import {
  type Authority,
  GateRunner,
  HookEnablement,
  type HookState,
  type PermissionHook,
  type RunnerPolicy,
  type RunnerReporter,
  SessionGrants,
} from "@pi-permission/gates";
import {
  formatPolicyIssue,
  loadPolicy,
  managedPolicyFile,
  type Policy,
  type PolicyIssue,
  type PolicyLoadResult,
  type PolicySettings,
  policyFiles,
  policyForAgent,
  type Rule,
  recordProjectTrust,
  trustStoreFile,
} from "@pi-permission/policy";
import { type CommandSecret, findCommandSecrets } from "./command-secrets.ts";
import { createLogWriter, type LogWriter } from "./log-files.ts";

/** Where a session's policy comes from. */
export interface SessionLocation {
  cwd: string;
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  agentDir: string;
}

/**
 * The policy, logs and grants of one Pi session. The policy is re-read when a policy file
 * changes (checked by modification time before every call) or on `/permissions reload`.
 */
export class SessionState {
  readonly location: SessionLocation;
  readonly logs: LogWriter;
  readonly grants = new SessionGrants();
  /** Which hooks are enabled on the active branch. */
  readonly enablement = new HookEnablement();
  #registered: PermissionHook[] = [];
  #load!: PolicyLoadResult;
  #stamp = "";
  #yoloOverride: boolean | null = null;
  #notify: Notify;
  /** The policy files whose change re-reads the policy; the session's location fixes them. */
  readonly #watched: readonly string[];
  /** The project file, and the trust store that matters only while the project file exists. */
  readonly #project: string;
  readonly #trustStore: string;

  constructor(location: SessionLocation, notify: Notify) {
    this.location = location;
    this.#notify = notify;
    this.#project = policyFiles(location).project;
    this.#trustStore = trustStoreFile(location.agentDir);
    this.#watched = [
      managedPolicyFile(location.env),
      join(location.agentDir, "permissions.json"),
      this.#project,
    ];
    this.logs = createLogWriter({
      agentDir: location.agentDir,
      settings: () => this.#load.policy.settings,
      onError: (message) => notify(message, "warning"),
      commandSecrets: secretsFinder(location, () => this.#load.policy.settings),
    });
    this.reload();
  }

  /** The loaded policy (re-read first when a policy file changed on disk). */
  get policy(): Policy {
    if (this.#fileStamp() !== this.#stamp) this.reload();
    return this.#load.policy;
  }

  /**
   * The policy as the last check read it, without looking at the disk again: for what a call
   * reads after its own check (the dialog's settings), so one call stats the files once.
   */
  get loaded(): Policy {
    return this.#load.policy;
  }

  get loadResult(): PolicyLoadResult {
    void this.policy;
    return this.#load;
  }

  /** Whether yolo is on: the session's toggle when set, else the policy's setting. */
  get yolo(): boolean {
    // INVARIANT: a broken policy file turns yolo off; the toggle cannot turn it back on,
    // nor switch on what a file forbids with `allowYolo: false`.
    if (this.#load.policy.brokenScopes.length > 0) return false;
    if (!this.#load.policy.settings.allowYolo) return false;
    return this.#yoloOverride ?? this.#load.policy.settings.yolo;
  }

  setYolo(on: boolean) {
    this.#yoloOverride = on;
  }

  /** Re-read both policy files; load errors are reported, and the broken scope fails closed. */
  reload(): PolicyLoadResult {
    // INVARIANT (S32 F4): the stamp is saved only once the load succeeded. Saved before, a
    // load that threw left it matching the changed files, and every later call was judged by
    // the previous (perhaps trusted) policy; now the next call reads the files again.
    const stamp = this.#fileStamp();
    this.#load = withSharedRules(
      loadPolicy({
        env: this.location.env,
        home: this.location.home,
        cwd: this.location.cwd,
        agentDir: this.location.agentDir,
      }),
    );
    this.#stamp = stamp;
    const errors = this.#load.issues.filter((i) => i.severity === "error");
    if (errors.length > 0) this.#notify(describeLoadErrors(errors), "error");
    this.logs.debug("config.resolved", {
      files: this.#load.scopes.map((s) => ({ scope: s.scope, file: s.file, status: s.status })),
      rules: this.#load.policy.rules.length,
      brokenScopes: this.#load.policy.brokenScopes,
    });
    return this.#load;
  }

  /**
   * Trust the project file's content the human was shown, named by its hash (or forget the
   * trust with `null`), then re-read the policy. Returns the new load, `undefined` when there
   * is no project file, or `"changed"` when the file no longer holds the content shown: then
   * nothing is recorded.
   */
  trustProject(hash: string | null): PolicyLoadResult | "changed" | undefined {
    const trust = this.loadResult.projectTrust;
    if (trust === undefined) return undefined;
    // INVARIANT (S32 F9): trust is bound to the content the human saw. The file may have
    // changed since (a dialog awaits a human; a concurrent call may check out another
    // branch): its new content was never shown, so it is not trusted. The hash recorded is
    // the shown one, so even a change after this check trusts nothing new.
    if (hash !== null && trust.hash !== hash) return "changed";
    recordProjectTrust(this.location.agentDir, trust.file, hash);
    return this.reload();
  }

  /**
   * Every loaded permission hook in runtime order: the policy files' (global, then project),
   * then those other extensions registered, in registration order.
   */
  loadedHooks(policy: Policy = this.policy): PermissionHook[] {
    return [...policy.hooks, ...this.#registered];
  }

  /** The loaded hooks with their enablement. */
  hookStates(): HookState[] {
    return this.enablement.states(this.loadedHooks().map((hook) => hook.ref));
  }

  /**
   * Add a registered hook, or replace the one with the same id in its place (a handler of
   * `permissions:ready` may run again). Returns the function that removes it.
   */
  register(hook: PermissionHook): () => void {
    const at = this.#registered.findIndex((h) => h.ref.id === hook.ref.id);
    if (at >= 0) this.#registered[at] = hook;
    else this.#registered.push(hook);
    return () => {
      this.#registered = this.#registered.filter((h) => h !== hook);
    };
  }

  /**
   * The runner's view of the policy for the calls `agentName` makes (the session's policy
   * with that agent's sections merged in), read fresh on every call.
   */
  runnerPolicy(agentName: string | null = null): RunnerPolicy {
    const policy = this.policy;
    return {
      rules: policyForAgent(policy, agentName).rules,
      // INVARIANT: a disabled hook is not consulted at all.
      // The policy read above: each read stats the policy files, once per call is enough.
      hooks: this.loadedHooks(policy).filter((hook) => this.enablement.isEnabled(hook.ref.id)),
      yolo: this.yolo,
      promptFieldMaxWidth: policy.settings.promptFieldMaxWidth,
      settings: policy.settings,
    };
  }

  /**
   * The session's gate runner. `agentSections` says whether this session's calls meet their
   * agent's section: only a subagent's do, since the name is read from the system prompt
   * (see the README's "Subagents" section) and a main session has no agent.
   */
  createRunner(
    analyzer: BashAnalyzer,
    authority: () => Authority,
    reporter: RunnerReporter,
    agentSections: () => boolean = () => true,
  ) {
    return new GateRunner({
      policy: (agentName) => this.runnerPolicy(agentSections() ? agentName : null),
      analyzer,
      authority,
      reporter,
      grants: this.grants,
    });
  }

  /**
   * What the policy files look like on disk, checked before every call. Most of them are
   * usually missing (no managed file, no project file): a missing file is a stat that
   * answers `undefined`, not an ENOENT error thrown and caught on every call. The trust store
   * is read only for a project file (`loadPolicy` asks it whether that file is trusted), so
   * without one it is not looked at: a project file that appears changes the stamp anyway.
   */
  #fileStamp(): string {
    let stamp = "";
    let project: Stats | undefined;
    for (const file of this.#watched) {
      const s = stampStat(file);
      if (file === this.#project) project = s;
      stamp += s === undefined ? "absent|" : `${s.mtimeMs}:${s.size}:${s.ino}|`;
    }
    if (project !== undefined) {
      const s = stampStat(this.#trustStore);
      stamp += s === undefined ? "absent|" : `${s.mtimeMs}:${s.size}:${s.ino}|`;
    }
    return stamp;
  }
}

/**
 * The rule lists this process's sessions loaded, by their content, the most recently loaded
 * last. A session whose files say what an earlier session's said is given that session's list
 * (the same rules, in the same order, from the same files), and with it what the gates worked
 * out once per list: each surface's rules and first-word index, the readings of its deny and
 * ask patterns, the judged units of the commands run again. A fresh session's first calls then
 * start from that instead of working it out again (issue 18). A loaded list is never changed,
 * so sharing one is the same as holding an equal copy.
 */
const sharedRuleLists = new Map<string, readonly Rule[]>();

/** How many distinct rule lists are kept for later sessions. */
const SHARED_RULE_LISTS = 8;

/** The load, with an earlier session's rule list in place of an equal one. */
export function withSharedRules(load: PolicyLoadResult): PolicyLoadResult {
  const rules = load.policy.rules;
  let key: string;
  try {
    key = JSON.stringify(rules);
  } catch {
    return load;
  }
  const known = sharedRuleLists.get(key);
  // INVARIANT: only an equal list stands in (JSON leaves some differences out; this does not).
  if (known !== undefined && isDeepStrictEqual(known, rules)) {
    sharedRuleLists.delete(key);
    sharedRuleLists.set(key, known);
    return known === rules ? load : { ...load, policy: { ...load.policy, rules: known } };
  }
  sharedRuleLists.delete(key);
  sharedRuleLists.set(key, rules);
  if (sharedRuleLists.size > SHARED_RULE_LISTS) {
    sharedRuleLists.delete(sharedRuleLists.keys().next().value as string);
  }
  return load;
}

function stampStat(file: string): Stats | undefined {
  try {
    return statSync(file, { throwIfNoEntry: false });
  } catch {
    // ENOTDIR, EACCES (rare): stamped as absent; the loader reports the file when it reads it
    return undefined;
  }
}

/** Load the grammar once per process; a failed load is retried by the next caller. */
let analyzer: Promise<BashAnalyzer> | undefined;
export function sharedAnalyzer(): Promise<BashAnalyzer> {
  analyzer ??= loadBashAnalyzer().then(
    (loaded) => {
      loadedAnalyzer = loaded;
      return loaded;
    },
    (error) => {
      analyzer = undefined;
      throw error;
    },
  );
  return analyzer;
}
let loadedAnalyzer: BashAnalyzer | undefined;

/**
 * The review log's search for secrets in a command: through the bash analysis once the
 * analyzer is loaded (it is before the first call is judged), by the text alone before. A
 * request writes several lines about one command, so the last few answers are kept.
 * The analysis is asked with the options the bash gate used (the policy's declared programs
 * and deadline), so the analyzer's memo answers with the gate's own analysis instead of
 * analysing the command a second time after every verdict.
 */
function secretsFinder(
  location: SessionLocation,
  settings: () => Pick<PolicySettings, "programs" | "analysisDeadlineMs">,
): (command: string) => CommandSecret[] {
  const recent = new Map<string, CommandSecret[]>();
  return (command) => {
    const known = recent.get(command);
    if (known) return known;
    const { programs, analysisDeadlineMs } = settings();
    const analysis =
      loadedAnalyzer?.analyze(command, {
        cwd: location.cwd,
        home: location.home,
        ...(programs ? { programs } : {}),
        ...(analysisDeadlineMs !== undefined ? { deadlineMs: analysisDeadlineMs } : {}),
      }) ?? null;
    const found = findCommandSecrets(command, analysis);
    recent.set(command, found);
    if (recent.size > 16) recent.delete(recent.keys().next().value as string);
    return found;
  };
}

/** How the session tells the human about a problem (notify in UI modes, stderr otherwise). */
export type Notify = (message: string, level: "info" | "warning" | "error") => void;

/** The text shown when a policy file fails to load: what failed, and that it fails closed. */
export function describeLoadErrors(errors: readonly PolicyIssue[]): string {
  return [
    "pi-permission: a policy file is broken; its deny and ask rules stay, its allows ask until it is fixed.",
    ...errors.map(formatPolicyIssue),
  ].join("\n");
}
