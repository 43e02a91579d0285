// Calls the host runs at the same time as the judged one (T32 sibling-call-toctou). Pi 1.6
// judges every tool call of one assistant message before any of them runs, then runs them
// together: a path this call names was looked up on disk before a sibling could make a link
// on it. Traced in a real Pi session: `read notes` was judged as the plain file `notes` while
// its sibling `git checkout-index -f notes` made `notes -> .env`, and the read returned the
// secret. So when a sibling may make or move a link, every file this call opens is one the
// lookup did not prove: it may be any file, as a computed path may.
import { type BashAnalyzer, mayMakeLinks } from "@pi-permission/bash";
import { FILE_TOOLS, type ProgramMap, type ShellToolMap } from "@pi-permission/policy";
import { hookRunningGit } from "./git-hooks.ts";
import type { ConcurrentCall, ToolCallFacts } from "./model.ts";
import type { TouchedFile } from "./path-gates.ts";
import { analyzeInvocations, commandShown, shellCallOf } from "./shell-tools.ts";

/** What the judging of concurrent calls reads from the policy's settings. */
export interface ConcurrentSettings {
  readonly shellTools?: ShellToolMap;
  readonly programs?: ProgramMap;
  readonly analysisDeadlineMs?: number;
}

/** A concurrent call that may make links, and how a prompt names it. */
export interface LinkingCall {
  call: ConcurrentCall;
  /** The command of a shell call (`bash: tar xf a.tar`), else the tool and its input. */
  shown: string;
}

/**
 * The first call running at the same time as this one that may make or move a symbolic link,
 * or `null` when none may. Pi's file tools make none (`read`, `ls`, `grep` and `find` write
 * nothing; `write` and `edit` write plain files); a shell call may unless its analysis proves
 * every command it runs makes none (see `mayMakeLinks`); any other tool may do anything.
 */
export function linkingCall(
  facts: ToolCallFacts,
  settings: ConcurrentSettings | undefined,
  analyzer: BashAnalyzer,
): LinkingCall | null {
  let analysed = 0;
  for (const call of facts.concurrent ?? []) {
    const shell = shellCallOf(
      call.toolName,
      call.input,
      settings?.shellTools,
      facts.cwd,
      facts.home,
    );
    if (shell === null) {
      if (Object.hasOwn(FILE_TOOLS, call.toolName)) continue;
      return { call, shown: toolShown(call) };
    }
    const command = commandShown(shell);
    const shown = command === "" ? toolShown(call) : `${call.toolName}: ${command}`;
    // Each analysis has its own deadline: past a few, the rest are not read (any may link),
    // so a message of many long commands costs each call a bounded time.
    if (++analysed > MAX_ANALYSED) return { call, shown };
    const analysis = analyzeInvocations(shell, analyzer, facts.home, settings ?? {});
    if (mayMakeLinks(analysis) || hookRunningGit(analysis, shell) !== -1) {
      return { call, shown };
    }
  }
  return null;
}

/**
 * A call already running beside the judged one, as a prompt names it, when there is one (see
 * `ToolCallFacts.running`): the judged call is held at ask when it may make a link under it.
 */
export function runningShown(facts: ToolCallFacts): string | null {
  const call = facts.running?.[0];
  return call === undefined ? null : toolShown(call);
}

/**
 * Whether the judged call may make a link while calls judged before it still run: any tool
 * but Pi's file tools may (a shell call is judged unit by unit in the bash gate instead).
 */
export function toolLinksWhileRunning(facts: ToolCallFacts): boolean {
  return (facts.running?.length ?? 0) > 0 && !Object.hasOwn(FILE_TOOLS, facts.toolName);
}

/** How many concurrent shell calls one judging analyses. */
const MAX_ANALYSED = 8;

/**
 * For each file the call opens, a twin that may be any file: the lookup on disk that followed
 * it through links happened before a linking call could make one (see the module comment).
 * Files already unknown (computed) stand for any file as they are.
 */
export function concurrentTwins(files: readonly TouchedFile[]): TouchedFile[] {
  const twins: TouchedFile[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    if (file.computed) continue;
    const key = `${file.access}\0${file.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    twins.push({
      shown: file.shown,
      path: file.path,
      access: file.access,
      computed: true,
      concurrent: true,
    });
  }
  return twins;
}

/** A tool call named by its tool and its input. */
function toolShown(call: ConcurrentCall): string {
  let input: string;
  try {
    input = JSON.stringify(call.input) ?? String(call.input);
  } catch {
    input = String(call.input);
  }
  return `${call.toolName} ${input}`;
}
