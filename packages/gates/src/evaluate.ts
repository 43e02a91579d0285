import { posix } from "node:path";
import { type BashAnalysis, type BashAnalyzer, SENTINELS, threadCpuMs } from "@pi-permission/bash";
import { EVIDENCE_LABELS, type PromptEvidence } from "@pi-permission/payload";
import {
  FILE_TOOLS,
  type ProgramMap,
  type ShellToolMap,
  spendWork,
  strictest,
  surfaceSpec,
  WORK_BUDGET_STEPS,
  WORK_BUDGET_WALL_MS,
  WorkBudgetSpent,
  withWorkBudget,
} from "@pi-permission/policy";
import { bashGate } from "./bash-gate.ts";
import {
  concurrentTwins,
  type LinkingCall,
  linkingCall,
  listingChanges,
  runningShown,
} from "./concurrent-calls.ts";
import { readsFolderFiles } from "./folder-readers.ts";
import { applyHooks } from "./hooks.ts";
import { hostShellRequest } from "./host-shell.ts";
import { impliedFiles } from "./implied-files.ts";
import { isInertUnit } from "./inert-units.ts";
import { type GatePolicy, isStricter } from "./judge.ts";
import { type GuessedShellCall, guessedShellCalls } from "./known-shell-tools.ts";
import { linksBelow } from "./link-followers.ts";
import { mcpTargetReadings, mcpTargetsOf } from "./mcp-targets.ts";
import type { JudgedItem, RequestVerdict, SkillLocation, ToolCallFacts, Verdict } from "./model.ts";
import {
  coveredListings,
  externalDirectoryGate,
  followedFiles,
  listingOf,
  pathGate,
  type TouchedFile,
  touchedFiles,
} from "./path-gates.ts";
import { fullCommandEvidence, inputEvidence, workingDirectoryEvidence } from "./payloads.ts";
import { foldersBelow, recursiveReads, searchReads } from "./search-reads.ts";
import {
  analyzeInvocations,
  commandShown,
  type ShellInvocation,
  shellCallOf,
} from "./shell-tools.ts";
import { unguardedLaunchRequest } from "./subagent-launch.ts";
import { type LinkedPath, linkedFiles, toolFiles } from "./tool-files.ts";
import { mcpGate, skillGate, toolGate, unregisteredToolGate } from "./tool-gates.ts";
import { folderOfGlob, isOutside, resolvePath, toolPathsOf } from "./tool-paths.ts";
import { judgedItem, requestOf } from "./verdict.ts";

/** Pi's own tools whose input is a bash command; a policy adds more with `shellTools`. */

/**
 * What an evaluation reads of the policy: the gates' rules and hooks, and the settings that
 * change how a call is read (the tools whose argument is a shell command). A loaded
 * `Policy` is one.
 */
export interface EvaluationPolicy extends GatePolicy {
  readonly settings?: {
    readonly shellTools?: ShellToolMap;
    readonly programs?: ProgramMap;
    /**
     * The declared programs without an untrusted project file's (see
     * `PolicySettings.trustedPrograms`): a shell call is judged with each map, the stricter
     * verdict standing.
     */
    readonly trustedPrograms?: ProgramMap | null;
    /** The bash analysis budget per call, in milliseconds of work (`analysisDeadlineMs`). */
    readonly analysisDeadlineMs?: number;
  };
}

/**
 * Judge one tool call with every gate and compose the verdicts: deny preempts ask, ask
 * preempts allow. Synchronous, and nothing is asked or written here; the only outside
 * state read is the file system's symbolic links (and, for `read`, which spelling of a
 * file exists), because the file a path reaches is the file judged.
 *
 * @example
 * ```ts
 * const analyzer = await loadBashAnalyzer();
 * const evaluation = evaluateToolCall(policy, facts, analyzer);
 * evaluation.action; // "deny"
 * ```
 */
export function evaluateToolCall(
  policy: EvaluationPolicy,
  facts: ToolCallFacts,
  analyzer: BashAnalyzer,
): Verdict {
  const settings = policy.settings;
  // The commands of a shell call, read once: both readings below judge the same call.
  const shell = shellCallOf(
    facts.toolName,
    facts.input,
    settings?.shellTools,
    facts.cwd,
    facts.home,
  );
  // Declared programs change only how a shell command is read.
  const judged =
    settings?.trustedPrograms !== undefined && shell !== null
      ? bothReadings(policy, (reading) => evaluateOnce(reading, facts, analyzer, shell))
      : evaluateOnce(policy, facts, analyzer, shell);
  // A bash call the host runs in a shell the analysis does not model asks too (S33 host-shell).
  const shellAsk = judged.action === "deny" ? null : hostShellRequest(facts);
  // A subagent launch whose child no pi-permission will judge asks too (S34 agent-file-trust).
  const launchAsk = judged.action === "deny" ? null : unguardedLaunchRequest(facts);
  const extra = [shellAsk, launchAsk].filter((request) => request !== null);
  const verdict = extra.length > 0 ? compose([...judged.requests, ...extra], judged.bash) : judged;
  // A tool named like another agent's shell tool, undeclared: also judged as the shell call it
  // may be, the stricter verdict standing (see known-shell-tools.ts).
  const guessed =
    verdict.action === "deny" || Object.hasOwn(FILE_TOOLS, facts.toolName) || shell !== null
      ? []
      : guessedShellCalls(facts.toolName, facts.input).filter(
          (guess) =>
            guess.anySubcommand === undefined || refusesSomeOf(policy, guess.anySubcommand),
        );
  if (verdict.action === "deny" || guessed.length === 0) return verdict;
  const judgeGuess = (guess: GuessedShellCall, analysisDeadlineMs: number | undefined) =>
    evaluateToolCall(
      {
        ...policy,
        settings: {
          ...settings,
          ...(analysisDeadlineMs === undefined ? {} : { analysisDeadlineMs }),
          shellTools: { ...settings?.shellTools, [facts.toolName]: [guess.spec] },
        },
      },
      { ...facts, input: guess.input },
      analyzer,
    );
  if (guessed.length === 1) {
    const asShell = judgeGuess(guessed[0] as GuessedShellCall, undefined);
    return isStricter(asShell.action, verdict.action) ? asShell : verdict;
  }
  // The shortest readings first: when the shared budget runs out, a deny in a short command
  // (`git push` next to fifteen made to be slow) has been found already.
  const bySize = guessed
    .map((guess) => ({ guess, size: JSON.stringify(guess.input)?.length ?? 0 }))
    .sort((x, y) => x.size - y.size)
    .map(({ guess }) => guess);
  return guessedReadings(
    facts,
    verdict,
    bySize.length,
    (index, deadlineMs) => judgeGuess(bySize[index] as GuessedShellCall, deadlineMs),
    settings?.analysisDeadlineMs,
  );
}

/**
 * Whether a bash rule asks about or denies something `program` may run: a rule whose first
 * word is the program's or may match it (`git push *`, `*`, `g* *`). A subcommand nobody can
 * tell may be the one it refuses; where no rule refuses any, every subcommand is allowed.
 */
function refusesSomeOf(policy: GatePolicy, program: string): boolean {
  return policy.rules.some((rule) => {
    if (rule.surface !== "bash" || rule.action === "allow") return false;
    const first = rule.pattern.trimStart().split(/\s/, 1)[0] ?? "";
    return first === program || /[*?[\\]/.test(first);
  });
}

/** The bash analyzer's own deadline of one analysis, in milliseconds of work. */
const ANALYSIS_DEADLINE_MS = 50;

/**
 * The stricter of `verdict` and the verdicts of `count` guessed shell readings of one call,
 * all under the budgets of one call (issue 11, D16: 16 readings, each with its own deadline and
 * budgets, made one call cost 17 calls' time). INVARIANT: the readings share one analysis
 * deadline (split between them), one judging work budget and one wall-clock stop; past them
 * the call asks with `<analysis-timeout>`, never allows, and a deny found before stays.
 */
function guessedReadings(
  facts: ToolCallFacts,
  verdict: Verdict,
  count: number,
  judge: (index: number, analysisDeadlineMs: number) => Verdict,
  analysisDeadlineMs: number = ANALYSIS_DEADLINE_MS,
): Verdict {
  const share = analysisDeadlineMs / count;
  // The analyses run outside the judging's counted steps: one CPU-time stop bounds them all
  // with the judging, as long as one shell call's two stops (its analysis's and its judging's),
  // and a wall-clock stop ten times as long bounds a stalled machine.
  const cpuEndsAt = threadCpuMs() + 2 * WORK_BUDGET_WALL_MS;
  const wallEndsAt = performance.now() + 20 * WORK_BUDGET_WALL_MS;
  let strictest = verdict;
  try {
    withWorkBudget(
      () => {
        for (let index = 0; index < count; index++) {
          if (strictest.action === "deny") return;
          // A reading past the shared budget: the budget is spent for every later one too.
          spendWork(0, "the guessed shell calls of one call");
          if (threadCpuMs() > cpuEndsAt || performance.now() > wallEndsAt) {
            throw new WorkBudgetSpent("the guessed shell calls of one call");
          }
          const asShell = judge(index, share);
          if (isStricter(asShell.action, strictest.action)) strictest = asShell;
        }
        spendWork(0, "the guessed shell calls of one call");
      },
      WORK_BUDGET_STEPS,
      2 * WORK_BUDGET_WALL_MS,
    );
  } catch (error) {
    if (!(error instanceof WorkBudgetSpent)) throw error;
    const timedOut = compose([overBudgetRequest(facts, null)], null);
    if (isStricter(timedOut.action, strictest.action)) strictest = timedOut;
  }
  return strictest;
}

/**
 * The stricter of a judgement with the policy's declared programs and one without an untrusted
 * project file's (when it declares any). INVARIANT: such declarations can only tighten a
 * verdict, whatever a declaration says: the reading without them is the verdict the call
 * would get without the project's programs, and the stricter of the two is never looser.
 */
function bothReadings(policy: EvaluationPolicy, judge: (policy: EvaluationPolicy) => Verdict) {
  const settings = policy.settings;
  const declared = judge(policy);
  if (settings?.trustedPrograms === undefined || declared.action === "deny") return declared;
  const plain = judge({ ...policy, settings: trustedSettings(settings) });
  return isStricter(plain.action, declared.action) ? plain : declared;
}

/** The settings with only the programs no untrusted project file declared (see `trustedPrograms`). */
function trustedSettings(settings: EvaluationPolicy["settings"]): EvaluationPolicy["settings"] {
  if (settings?.trustedPrograms === undefined) return settings;
  const { programs: _all, trustedPrograms, ...rest } = settings;
  return trustedPrograms === null ? rest : { ...rest, programs: trustedPrograms };
}

function evaluateOnce(
  policy: EvaluationPolicy,
  facts: ToolCallFacts,
  analyzer: BashAnalyzer,
  shell: ShellInvocation[] | null,
): Verdict {
  // INVARIANT: a tool the host does not have is refused before any rule, hook or grant.
  const unregistered = unregisteredToolGate(facts);
  if (unregistered) return compose([unregistered], null);

  // Analysed once: the policy's gates and every hook read the same analysis. A call with no
  // readable command has none (the bash gate judges it unparseable). The analysis keeps its
  // own deadline; the judging's budget starts after it, so a slow parse on a loaded machine
  // does not leave the judging without the facts it needs to keep a certain deny.
  const readable = shell?.some((i) => i.command !== null) ?? false;
  const analysis =
    shell && readable ? analyzeInvocations(shell, analyzer, facts.home, policy.settings) : null;
  const command = shell && readable ? commandShown(shell) : null;
  // A call that runs at the same time may make a link on a path of this one (T32).
  const linker =
    facts.concurrent !== undefined && facts.concurrent.length > 0
      ? // Read without an untrusted project's declared programs, as in the stricter of a
        // call's two readings: a declared wrapper would hide what the wrapper itself does.
        linkingCall(facts, trustedSettings(policy.settings), analyzer)
      : null;
  // A call beside a search that may change which files it lists (S33 sibling-ignore-write).
  const changes =
    facts.concurrent !== undefined && facts.concurrent.length > 0
      ? listingChanges(facts, trustedSettings(policy.settings), analyzer)
      : null;
  let read: Call | null = null;
  let judged: { call: Call; judgements: RequestVerdict[] };
  try {
    // INVARIANT: judging that runs past its work budget asks; it never allows and never hangs.
    judged = withWorkBudget(
      () => {
        read = readCall(policy, facts, shell, analysis, command, false, linker, changes);
        return { call: read, judgements: judgeCall(policy, read) };
      },
      WORK_BUDGET_STEPS,
      WORK_BUDGET_WALL_MS,
    );
  } catch (error) {
    if (!(error instanceof WorkBudgetSpent)) throw error;
    return overBudget(
      policy,
      facts,
      read ?? (() => readCall(policy, facts, shell, analysis, command, true, linker)),
    );
  }
  const { call } = judged;
  const judgements = applyHooks(judged.judgements, policy.hooks ?? [], facts, {
    bash: call.analysis,
    paths: call.files,
    judge: (rules) => judgeCall({ rules, scrutinyOnly: true }, call),
  });
  const beside = linker?.shown ?? runningShown(facts);
  return compose(
    judgements.map((j) => withConcurrentEvidence(withLinkEvidence(j, call.links), beside)),
    call.analysis,
  );
}

/** Names the concurrent call that held a path request at ask (see concurrent-calls.ts). */
function withConcurrentEvidence(judgement: RequestVerdict, linker: string | null): RequestVerdict {
  if (linker === null || judgement.decidingItem?.sentinel !== SENTINELS.concurrentCall) {
    return judgement;
  }
  const evidence: PromptEvidence = {
    label: EVIDENCE_LABELS.concurrentCall,
    text: linker,
    detail: null,
  };
  return {
    ...judgement,
    payload: { ...judgement.payload, evidence: [...judgement.payload.evidence, evidence] },
  };
}

/**
 * What a call runs and touches: its analysis, its files, and the links on the way. `plain`:
 * without the work that grows with them (links followed on disk, folders listed), what the
 * judging falls back on when its budget ran out before the call was read whole.
 */
function readCall(
  policy: EvaluationPolicy,
  facts: ToolCallFacts,
  shell: ShellInvocation[] | null,
  analysis: BashAnalysis | null,
  command: string | null,
  plain = false,
  linker: LinkingCall | null = null,
  changes: ((dir: string) => LinkingCall | null) | null = null,
): Call {
  const paths = shell ? [] : toolPathsOf(facts.toolName, facts.input, facts);
  const own = shell ? workingDirectories(facts, shell) : toolFiles(facts, paths);
  // The files a known tool touches although no argument names them (an install's
  // configuration file, a fetch's clone folder) are its own too.
  const implied = shell ? [] : impliedFiles(facts);
  if (implied.length > 0) {
    const reached = linkedFiles(facts, implied);
    own.files.push(...reached.files);
    own.links.push(...reached.links);
  }
  const hasPaths = paths.length > 0 || implied.length > 0;
  if (plain) {
    const files = [...own.files, ...touchedFiles(facts, null, analysis, command ?? "")];
    if (linker !== null) files.push(...concurrentTwins(files));
    return { facts, shell, command, analysis, hasPaths, files, links: own.links };
  }
  // The files a command opens are the files its paths reach on disk, as a file tool's are.
  const opened = followedFiles(
    facts,
    recursiveReadsOnDisk(
      facts,
      policy,
      analysis,
      command,
      touchedFiles(facts, null, analysis, command ?? ""),
    ),
  );
  // A call with no file of its own reads none below one (a shell call names none but a cwd).
  const files =
    own.files.length === 0
      ? opened.files
      : [
          ...own.files,
          ...filesReadBelow(facts, policy, own.files, shell === null, changes),
          ...filesListed(facts, policy, own.files),
          ...opened.files,
        ];
  return {
    facts,
    shell,
    command,
    analysis,
    hasPaths,
    files: linker === null ? files : [...files, ...concurrentTwins(files)],
    links: own.links.length === 0 ? opened.links : [...own.links, ...opened.links],
  };
}

/**
 * The verdict of a call whose judging ran past its work budget: ask with `<analysis-timeout>`,
 * or deny when what the call certainly touches is denied. The globs, listings and computed
 * paths (whose meeting with the rules is what grows with the input) are set aside and the rest
 * is judged again under a budget of its own: a deny found there is proven
 * (`cat ??…?? .env` still reads `.env`), and deny preempts ask.
 */
function overBudget(
  policy: EvaluationPolicy,
  facts: ToolCallFacts,
  read: Call | (() => Call),
): Verdict {
  let call: Call | null = typeof read === "function" ? null : read;
  let denied: RequestVerdict[] = [];
  try {
    denied = withWorkBudget(
      () => {
        call ??= (read as () => Call)();
        const plain = call.files.filter((f) => !f.glob && !f.listing && !f.computed);
        return judgeCall(policy, { ...call, files: plain }).filter((j) => j.action === "deny");
      },
      WORK_BUDGET_STEPS,
      WORK_BUDGET_WALL_MS,
    );
  } catch (error) {
    if (!(error instanceof WorkBudgetSpent)) throw error;
  }
  const ask = overBudgetRequest(facts, call?.command ?? null);
  return compose([...denied, ask], call?.analysis ?? null);
}

/**
 * The ask of a call whose judging ran past its work budget, on the call's own surface, with
 * the `<analysis-timeout>` sentinel that a gate can never allow.
 */
function overBudgetRequest(facts: ToolCallFacts, command: string | null): RequestVerdict {
  const surface = command !== null ? "bash" : facts.toolName;
  const value = command ?? facts.toolName;
  const judged: JudgedItem = {
    ...judgedItem({ action: "ask", rule: null }, surface, value),
    sentinel: SENTINELS.analysisTimeout,
  };
  return requestOf(facts, {
    gate: command !== null ? "bash" : "tool",
    surface,
    value,
    action: "ask",
    decidingItem: judged,
    items: [judged],
    payload: {
      kind: command !== null ? "bash" : "tool",
      surface,
      value,
      evidence: [command !== null ? fullCommandEvidence(command) : inputEvidence(facts.input)],
    },
    facts:
      command !== null
        ? { kind: "bash", command, parseStatus: "partial" }
        : { kind: "tool_input", input: facts.input },
  });
}

/**
 * The files a file tool reads below a directory it is given (Pi's `grep`): for each path of
 * the call (the one named, and the target of a link), what the search reads there.
 */
function filesReadBelow(
  facts: ToolCallFacts,
  policy: GatePolicy,
  files: readonly TouchedFile[],
  foreign = false,
  changes: ((dir: string) => LinkingCall | null) | null = null,
): TouchedFile[] {
  if (!surfaceSpec(facts.toolName)?.file?.readsBelow) {
    // Another server's content search or folder copy reads every file below its folders,
    // ignore files or not (its own search may not apply them): each is listed on disk as
    // bash's `grep -r` is, or judged as everything below it (folder-readers.ts).
    if (!foreign || Object.hasOwn(FILE_TOOLS, facts.toolName)) return [];
    if (!readsFolderFiles(facts.toolName)) return [];
    return files.flatMap((file) =>
      file.computed || file.glob ? [] : searchReads(facts, policy, file, undefined, []),
    );
  }
  const input = facts.input as { glob?: unknown } | null;
  const glob = typeof input?.glob === "string" && input.glob !== "" ? input.glob : undefined;
  return files.flatMap((file) =>
    searchReads(facts, policy, file, glob, undefined, changes ?? undefined),
  );
}

/** How many entries below a `find` call's directory are walked before it stands for all below. */
const MAX_LISTED_ENTRIES = 20_000;

/**
 * The names a lister tool shows, as listings (judged by the rules that cover every entry of a
 * folder, as bash's `ls` is): Pi's `ls` reads a directory's entries and their metadata, so
 * `ls ~/.ssh` meets a rule for everything in `.ssh` folders; Pi's `find` runs `fd --hidden` below its directory and prints
 * the name of everything there, so each folder below it that a refusing rule covers is a
 * listing (walked on disk, links below not followed, as fd does not follow them; ignore
 * files not applied). When the directory is not on this machine, or holds more than
 * {@link MAX_LISTED_ENTRIES} entries, the listing of everything below it is judged instead:
 * a folder rule that may lie below asks.
 */
function filesListed(
  facts: ToolCallFacts,
  policy: GatePolicy,
  files: readonly TouchedFile[],
): TouchedFile[] {
  const lists = surfaceSpec(facts.toolName)?.file?.lists;
  if (lists === undefined) return [];
  const where = { cwd: facts.cwd, home: facts.home };
  return files.flatMap((file): TouchedFile[] => {
    if (file.computed || file.glob) return [];
    if (lists === "entries") return [listingOf(file.shown, file.path)];
    const folders = foldersBelow(file.path, MAX_LISTED_ENTRIES);
    if (folders === null) {
      const below = `${file.path === "/" ? "" : file.path}/**`;
      return [{ shown: file.shown, path: below, access: "read", glob: true, listing: true }];
    }
    const shown = (folder: string) => posix.relative(facts.cwd, folder) || ".";
    return coveredListings(policy, where, shown, folders);
  });
}

/**
 * A shell command that only reads (`grep -rn TODO src | head`) reads what is on disk below
 * its recursive operands now: the glob of everything below each one is replaced by the files
 * there that a refusing rule names and the links there (see `recursiveReads`). When any
 * command of the string may write, it may change the folder before the reader runs, and the
 * glob stays.
 */
function recursiveReadsOnDisk(
  facts: ToolCallFacts,
  policy: GatePolicy,
  analysis: BashAnalysis | null,
  command: string | null,
  files: TouchedFile[],
): TouchedFile[] {
  // Whether the string only reads is asked only when it has a recursive operand (most have none).
  if (
    analysis === null ||
    analysis.status !== "ok" ||
    !files.some(recursiveOperand) ||
    !onlyReads(analysis, command ?? "")
  ) {
    return files;
  }
  const follows = analysis.units.some((unit) => linksBelow(unit, command ?? "") === "follows");
  return files.flatMap((file) => {
    if (!recursiveOperand(file)) return [file];
    // The folder's name comes escaped in the glob (`/tmp/app \\[old\\]/**`).
    const root = folderOfGlob(file.path.slice(0, -3) || "/");
    if (root === null || !root.startsWith("/") || /[*?[]/.test(file.shown)) return [file];
    if (file.listing) {
      // `ls -R` shows the names below: the listing of each folder there a rule covers whole.
      if (follows) return [file];
      const folders = foldersBelow(root, MAX_LISTED_ENTRIES);
      if (folders === null) return [file];
      const shown = (folder: string) => posix.relative(facts.cwd, folder) || ".";
      return coveredListings(policy, { cwd: facts.cwd, home: facts.home }, shown, folders);
    }
    return recursiveReads(facts, policy, root, follows) ?? [file];
  });
}

// A recursive operand: an absolute folder written without a glob, and everything below it.
function recursiveOperand(file: TouchedFile): boolean {
  return file.glob === true && file.access === "read" && file.path.endsWith("/**");
}

// Programs that write no file unless an option names one (which the analysis records as a
// written path): a string made of them, and of builtins that run nothing, changes no folder.
const READERS: ReadonlySet<string> = new Set([
  "grep",
  "egrep",
  "fgrep",
  "rg",
  "cat",
  "head",
  "tail",
  "wc",
  "cut",
  "tr",
  "uniq",
  "sort",
  "nl",
  "ls",
]);

function onlyReads(analysis: BashAnalysis, command: string): boolean {
  if (analysis.paths.some((p) => p.access !== "read")) return false;
  return analysis.units.every(
    (unit) =>
      isInertUnit(unit, command) ||
      (unit.sentinel === null &&
        unit.wrappers.length === 0 &&
        unit.executed !== null &&
        READERS.has(unit.executed[0] ?? "") &&
        !(unit.computed?.executed ?? []).includes(0)),
  );
}

interface Call {
  facts: ToolCallFacts;
  /** The commands of a shell tool's call, or `null` for any other tool. */
  shell: ShellInvocation[] | null;
  command: string | null;
  analysis: BashAnalysis | null;
  /** Whether a non-shell call names a path (a file tool's, or a path argument). */
  hasPaths: boolean;
  files: TouchedFile[];
  /** The symbolic links met on the way to the files, for the evidence. */
  links: LinkedPath[];
}

/** Every gate's request for one call under one set of rules. */
function judgeCall(policy: GatePolicy, call: Call): RequestVerdict[] {
  const { facts, shell, command, analysis, hasPaths, files } = call;
  const judgements: RequestVerdict[] = [];
  const skill =
    hasPaths && facts.toolName === "read" ? skillOf(files[0]?.path, facts.skills) : null;
  if (skill && files[0]) judgements.push(skillGate(policy, facts, skill.name, files[0].path));
  // A call that touches no file has no path or external-directory verdict (most commands).
  const path = files.length === 0 ? null : pathGate(policy, facts, files, command);
  if (path) judgements.push(path);
  // A skill's own files are judged on the `skill` surface; where it allows them, their
  // place outside the project is no news.
  const skillAllowed = skill !== null && judgements[0]?.action === "allow";
  const external =
    files.length === 0
      ? null
      : externalDirectoryGate(
          policy,
          facts,
          skillAllowed && skill ? files.filter((f) => isOutside(f.path, skill.dir)) : files,
          command,
        );
  if (external) judgements.push(external);

  // A shell call is never read as an MCP call.
  const targets = shell ? null : mcpTargetReadings(facts.toolName, facts.input);
  if (shell) {
    judgements.push(
      withWorkingDirectories(
        bashGate(policy, facts, command ?? "", analysis ?? UNPARSEABLE),
        shell,
      ),
    );
    // A declared shell tool's own surface still applies where the policy writes one
    // (`"exec_command": "deny"`); the strictest verdict wins, so it can only tighten.
    if (facts.toolName !== "bash" && hasOwnSurface(policy, facts.toolName)) {
      judgements.push(toolGate(policy, facts, null));
    }
  } else if (targets) {
    // The strictest of the ways the call may be named (a proxy's tool alone names its server
    // only by a prefix).
    let deciding = mcpGate(policy, facts, targets[0] ?? [], files);
    for (const reading of targets.slice(1)) {
      const judgement = mcpGate(policy, facts, reading, files);
      if (isStricter(judgement.action, deciding.action)) deciding = judgement;
    }
    judgements.push(deciding);
  } else if (!(skillAllowed && !hasOwnSurface(policy, facts.toolName))) {
    judgements.push(strictestToolGate(policy, facts, hasPaths ? files : []));
  }
  return judgements;
}

/** Judge `/skill:<name>` input on the `skill` surface. */
export function evaluateSkillInput(
  policy: GatePolicy,
  facts: ToolCallFacts,
  skill: string,
): Verdict {
  const judge = (rules: GatePolicy) => [skillGate(rules, facts, skill, null)];
  const judgements = applyHooks(judge(policy), policy.hooks ?? [], facts, {
    bash: null,
    paths: [],
    judge: (rules) => judge({ rules, scrutinyOnly: true }),
  });
  return compose(judgements, null);
}

/**
 * Compose the requests: the strictest action decides; the first request holding it is the
 * deciding one (for an allow, the call's own gate, which is judged last).
 */
export function compose(requests: readonly RequestVerdict[], bash: BashAnalysis | null): Verdict {
  const action = strictest(requests.map((j) => j.action)) ?? "allow";
  // Of several gates with the same action, one about what the call certainly runs or touches
  // explains it better than one about what a glob or a recursive operand may name.
  const deciding =
    action === "allow"
      ? (requests.at(-1) ?? null)
      : (requests.find((j) => j.action === action && !j.decidingItem?.speculative) ??
        requests.find((j) => j.action === action) ??
        null);
  return { action, requests, deciding, bash };
}

const UNPARSEABLE: BashAnalysis = { status: "unparseable", units: [], paths: [] };

/**
 * The directories a shell tool's commands run in, when the call names one: each is a file
 * the call reads (a command there can list it), so a directory outside the project meets the
 * `external_directory` rules even when the command names no path.
 */
function workingDirectories(facts: ToolCallFacts, shell: readonly ShellInvocation[]) {
  if (shell.every((i) => i.cwdShown === null)) return { files: [], links: [] };
  return linkedFiles(
    facts,
    shell.flatMap((i) =>
      i.cwdShown === null ? [] : [{ shown: i.cwdShown, path: i.cwd, access: "read" as const }],
    ),
  );
}

/** The bash gate's payload names the directory a declared shell tool ran its command in. */
function withWorkingDirectories(
  judgement: RequestVerdict,
  shell: readonly ShellInvocation[],
): RequestVerdict {
  const dirs = [...new Set(shell.flatMap((i) => (i.cwdShown === null ? [] : [i.cwd])))];
  if (dirs.length === 0) return judgement;
  const evidence = [...judgement.payload.evidence, ...dirs.map(workingDirectoryEvidence)];
  return { ...judgement, payload: { ...judgement.payload, evidence } };
}

/**
 * The tool's own surface, judged on each file the call touches (`read: { "/etc/**": "deny" }`
 * meets a link into `/etc` too) or, with no file, on `*` alone: the strictest verdict, the
 * first file's on a tie.
 */
function strictestToolGate(
  policy: GatePolicy,
  facts: ToolCallFacts,
  files: readonly TouchedFile[],
): RequestVerdict {
  let deciding = toolGate(policy, facts, files[0] ?? null);
  for (const file of files.slice(1)) {
    const judgement = toolGate(policy, facts, file);
    if (isStricter(judgement.action, deciding.action)) deciding = judgement;
  }
  return deciding;
}

/**
 * A path or external-directory request whose deciding file is reached through a symbolic
 * link names the path as the tool opens it, and says which file it resolves to (the payload's
 * `resolves to` evidence), so the human sees both and the agent sees the path it asked for.
 */
function withLinkEvidence(judgement: RequestVerdict, links: readonly LinkedPath[]): RequestVerdict {
  const { kind } = judgement.payload;
  if (links.length === 0 || (kind !== "path" && kind !== "external_directory")) return judgement;
  const value = judgement.decidingItem?.value;
  const link = links.find((l) => l.target === value) ?? links.find((l) => l.path === value);
  if (!link) return judgement;
  const resolves: PromptEvidence = {
    label: EVIDENCE_LABELS.resolvesTo,
    text: link.target,
    detail: null,
  };
  return {
    ...judgement,
    payload: {
      ...judgement.payload,
      request: { ...judgement.payload.request, value: link.path },
      evidence: [...judgement.payload.evidence, resolves],
    },
  };
}

function skillOf(
  path: string | undefined,
  skills: readonly SkillLocation[] | undefined,
): SkillLocation | null {
  if (path === undefined) return null;
  return skills?.find((s) => !isOutside(path, s.dir)) ?? null;
}

function hasOwnSurface(policy: GatePolicy, surface: string): boolean {
  return policy.rules.some((r) => r.surface === surface);
}

/** A value to judge on one surface, with no tool call around it. */
export interface SurfaceQuery {
  /**
   * `bash`, `mcp`, `skill`, a path surface (`path`, `path_read`, `path_write`,
   * `external_directory`, `external_directory_read`, `external_directory_write`), or a tool
   * name (`read`, `write`, an extension's tool, …).
   */
  readonly surface: string;
  /**
   * What is judged there: a command, an MCP target (`server:tool`, or Pi's `mcp__server__tool`),
   * a skill name, a path, or, for a file tool, the path it would open. Another tool is judged
   * by its `*` rules alone, as its calls are.
   */
  readonly value: string;
}

/** Where a surface query is judged: the facts of a call but the tool and its input. */
export type QueryPlace = Pick<ToolCallFacts, "cwd" | "home" | "agentName" | "sessionId">;

/**
 * Judge a value on one surface directly: only the gate of that surface, under the policy's
 * rules and hooks (a registered check sees the call the value would come in: `bash` with
 * `{ command }`, `mcp` with `{ server, tool }`, `skill` with `{ skill }`, a path surface or
 * file tool with `{ path }`). A path no rule of a path surface matches gets no verdict, so
 * the answer is allow; a path inside the working directory has no external-directory verdict.
 *
 * @example
 * ```ts
 * evaluatePermission(policy, place, { surface: "mcp", value: "github:create_issue" }, analyzer).action;
 * // "allow" under "mcp": { "github:*": "allow" }
 * ```
 */
export function evaluatePermission(
  policy: EvaluationPolicy,
  place: QueryPlace,
  query: SurfaceQuery,
  analyzer: BashAnalyzer,
): Verdict {
  const { surface, value } = query;
  const call = (toolName: string, input: unknown): ToolCallFacts => ({
    toolName,
    toolCallId: null,
    input,
    ...place,
  });
  const judged = (
    facts: ToolCallFacts,
    judge: (rules: GatePolicy) => RequestVerdict[],
    context: { bash: BashAnalysis | null; paths: readonly TouchedFile[] },
  ) =>
    compose(
      applyHooks(judge(policy), policy.hooks ?? [], facts, {
        ...context,
        judge: (rules) => judge({ rules, scrutinyOnly: true }),
      }),
      context.bash,
    );

  if (surface === "bash") {
    const facts = call("bash", { command: value });
    const shell = shellCallOf("bash", facts.input, undefined, place.cwd, place.home) ?? [];
    const readable = shell.some((i) => i.command !== null);
    const command = readable ? commandShown(shell) : value;
    return bothReadings(policy, (reading) => {
      const analysis = readable
        ? analyzeInvocations(shell, analyzer, place.home, reading.settings)
        : UNPARSEABLE;
      return judged(facts, (rules) => [bashGate(rules, facts, command, analysis)], {
        bash: readable ? analysis : null,
        paths: [],
      });
    });
  }
  if (surface === "mcp") {
    const pi = /^mcp__(.+?)__(.+)$/.exec(value);
    const colon = value.indexOf(":");
    const input =
      pi === null && colon > 0 && colon < value.length - 1
        ? { server: value.slice(0, colon), tool: value.slice(colon + 1) }
        : {};
    const targets = (pi ? mcpTargetsOf(value, {}) : null) ??
      (colon > 0 ? mcpTargetsOf("mcp", input) : null) ?? [value];
    const facts = call(pi ? value : "mcp", input);
    return judged(facts, (rules) => [mcpGate(rules, facts, targets)], { bash: null, paths: [] });
  }
  if (surface === "skill") {
    const facts = call("skill", { skill: value });
    return judged(facts, (rules) => [skillGate(rules, facts, value, null)], {
      bash: null,
      paths: [],
    });
  }
  const spec = surfaceSpec(surface);
  const pathQuery = spec?.paths;
  const access = pathQuery?.access ?? spec?.file?.access;
  const facts = call(surface, access === undefined ? {} : { path: value });
  // The file a path reaches is the file judged, as for a call (a link into `/etc` meets `/etc/**`).
  const files =
    access === undefined
      ? []
      : linkedFiles(facts, [
          { shown: value, path: resolvePath(value, place.cwd, place.home), access },
        ]).files;
  const context = { bash: null, paths: files };
  if (pathQuery?.family === "path") {
    return judged(facts, (rules) => nonNull(pathGate(rules, facts, files, null)), context);
  }
  if (pathQuery?.family === "external_directory") {
    const outside = files.filter((f) => isOutside(f.path, place.cwd));
    return judged(
      facts,
      (rules) => nonNull(externalDirectoryGate(rules, facts, outside, null)),
      context,
    );
  }
  return judged(facts, (rules) => [strictestToolGate(rules, facts, files)], context);
}

function nonNull(request: RequestVerdict | null): RequestVerdict[] {
  return request === null ? [] : [request];
}
