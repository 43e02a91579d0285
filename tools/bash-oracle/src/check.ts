import { posix } from "node:path";
import type { BashAnalysis, BashUnit, TouchedPath } from "@pi-permission/bash";
import { firstDifference, globCovers, type WordContext, wordsMatch } from "./match.ts";
import { within } from "./noise.ts";
import type { Observation } from "./sandbox.ts";
import type { Access, ExecEvent } from "./strace.ts";

/**
 * Programs whose file accesses follow from their words alone, so every file they open must be
 * covered by the analysis. Another program may read its own configuration, caches or plugins
 * (`npm` reads `~/.npmrc`): its opens are reported as notes, never as failures; its execve is
 * checked like any other.
 */
export const MODELLED_PROGRAMS: ReadonlySet<string> = new Set([
  "bash",
  "sh",
  "dash",
  "cat",
  "tac",
  "ls",
  "dir",
  "grep",
  "egrep",
  "fgrep",
  "head",
  "tail",
  "sed",
  "awk",
  "mawk",
  "gawk",
  "tee",
  "touch",
  "wc",
  "sort",
  "uniq",
  "cut",
  "tr",
  "nl",
  "od",
  "base64",
  "md5sum",
  "sha1sum",
  "sha256sum",
  "mkdir",
  "cp",
  "mv",
  "ln",
  "install",
  "diff",
  "cmp",
  "comm",
  "paste",
  "join",
  "find",
  "xargs",
  "echo",
  "printf",
  "test",
  "[",
  "true",
  "false",
  "basename",
  "dirname",
  "realpath",
  "readlink",
  "stat",
  "du",
  "env",
  "timeout",
  "nice",
  "nohup",
  "stdbuf",
  "setsid",
  "seq",
  "yes",
  "sleep",
  "date",
  "id",
  "pwd",
  "whoami",
  "uname",
  "truncate",
  "split",
  "tar",
  "gzip",
  "gunzip",
  "zcat",
  "git",
]);

/** One way real bash did more than the analysis claimed. */
export interface SoundnessFailure {
  kind: "exec" | "file";
  /**
   * The class, for grouping:
   * - `missing-program`: no unit runs a program of that name;
   * - `computed-word`: a unit runs it, but one of its words is an expansion the analysis kept
   *   as written (`$(…)`, `$x`, `${x:-…}`), and bash passed something else;
   * - `different-words`: a unit runs it, with other literal words (a word lost or changed);
   * - `missing-path`: no path, glob or unknown path covers the file;
   * - `wrong-access`: the file is covered only as read, but it was written.
   */
  reason: "missing-program" | "computed-word" | "different-words" | "missing-path" | "wrong-access";
  /** One sentence for a human. */
  detail: string;
  exec?: { path: string; argv: readonly string[]; stub: boolean };
  /** The closest unit's words (same program), for an exec failure. */
  closest?: readonly string[];
  file?: {
    path: string;
    access: Access;
    syscall: string;
    ok: boolean;
    errno: string | null;
    program: readonly string[];
  };
}

/** Something seen that the check does not judge, and why. */
export interface CheckNote {
  kind:
    | "git-helper"
    | "script-interpreter"
    | "no-op"
    | "unmodelled-program"
    | "working-directory-listing"
    | "shell-glob-listing"
    | "temporary-renamed";
  detail: string;
}

export type CheckOutcome =
  /** The analysis already floors the command to ask at least: nothing it says can make a wrong allow. */
  | { verdict: "sentinel"; reason: string }
  | { verdict: "sound"; notes: CheckNote[] }
  | { verdict: "unsound"; failures: SoundnessFailure[]; notes: CheckNote[] };

/**
 * Why the gates will never allow this analysis outright: a non-ok status or a unit sentinel
 * floors the call to ask. `null` when the analysis claims to have proven everything.
 */
export function sentinelReason(analysis: BashAnalysis): string | null {
  if (analysis.status !== "ok") return `status:${analysis.status}`;
  for (const unit of analysis.units) if (unit.sentinel) return unit.sentinel;
  return null;
}

/**
 * Compares an analysis with what real bash did. Every program started must be a unit (its
 * words matching, see {@link wordsMatch}); every file touched by a modelled program must be a
 * path with a compatible access, a glob matching it, a directory operand of the same unit
 * above it, or an unknown path (`path: null` without a glob).
 */
export function checkSoundness(
  analysis: BashAnalysis,
  observed: Pick<Observation, "execs" | "files">,
  context: WordContext,
): CheckOutcome {
  const sentinel = sentinelReason(analysis);
  if (sentinel) return { verdict: "sentinel", reason: sentinel };
  const failures: SoundnessFailure[] = [];
  const notes: CheckNote[] = [];
  const unitsOfExec = observed.execs.map(() => new Set<number>());
  const gitHelpers = new Set<number>();
  observed.execs.forEach((exec, index) => {
    if (isGitHelper(exec, observed.execs, gitHelpers)) {
      gitHelpers.add(index);
      notes.push({ kind: "git-helper", detail: `git ran its own helper ${exec.argv.join(" ")}` });
      return;
    }
    const script = observed.execs[exec.callerExec];
    if (script && isInterpreterOf(exec, script)) {
      // `#!/usr/bin/env node`: env runs the interpreter on the script the unit named.
      notes.push({
        kind: "script-interpreter",
        detail: `${exec.argv[0]} runs the script ${script.path}`,
      });
      for (const unit of unitsOfExec[exec.callerExec] ?? []) unitsOfExec[index]?.add(unit);
      return;
    }
    analysis.units.forEach((unit, unitIndex) => {
      // A word the analysis marks computed (`BashUnit.computed`) stands for any run of real
      // words: the gates judge it that way, so it is covered whatever it became.
      const matched = candidateReadings(unit).some(({ words, computed }) =>
        wordsMatch(words, exec.argv, context, false, computed),
      );
      if (matched) unitsOfExec[index]?.add(unitIndex);
    });
    if (unitsOfExec[index]?.size === 0) failures.push(execFailure(analysis, exec, context));
  });
  // Only a file the same process created can be its temporary: `mv .env x` is judged on .env.
  const created = new Set<string>();
  const renames = new Map<string, string>();
  for (const file of observed.files) {
    const key = `${file.pid}:${file.path}`;
    if (file.created && file.ok) created.add(key);
    if (file.renamedTo && file.ok && created.has(key)) renames.set(key, file.renamedTo);
  }
  const unknownPath = analysis.paths.some((path) => path.path === null && path.glob === undefined);
  for (const file of observed.files) {
    const program = posix.basename(file.program[0] ?? "");
    if (!file.shell && !MODELLED_PROGRAMS.has(program)) {
      notes.push({ kind: "unmodelled-program", detail: `${program} ${file.access} ${file.path}` });
      continue;
    }
    if (
      file.access === "read" &&
      ["", ".", "./"].includes(file.given) &&
      file.syscall !== "rename"
    ) {
      notes.push({ kind: "working-directory-listing", detail: `${program} listed ${file.path}` });
      continue;
    }
    if (file.errno === "EEXIST") {
      notes.push({
        kind: "no-op",
        detail: `${program} ${file.syscall} ${file.path}: it already existed`,
      });
      continue;
    }
    if (file.shell && file.directory && file.access === "read") {
      notes.push({
        kind: "shell-glob-listing",
        detail: `bash listed ${file.path} to expand a glob`,
      });
      continue;
    }
    // A temporary file the same process created and renames over its target (sed -i) is that target.
    const renamed = renames.get(`${file.pid}:${file.path}`);
    const target = renamed ?? file.path;
    if (renamed) {
      notes.push({ kind: "temporary-renamed", detail: `${file.path} became ${renamed}` });
    }
    const units =
      file.exec >= 0 ? (unitsOfExec[file.exec] ?? new Set<number>()) : new Set<number>();
    if (unknownPath) continue;
    // Creating a directory on the way to a path (`mkdir -p a/b`), or opening one to walk down
    // to it, is implied by that path.
    const onTheWay =
      file.syscall === "mkdir" ||
      file.syscall === "mkdirat" ||
      (file.directory && file.access === "read");
    const coveringAnyAccess = analysis.paths.filter((path) =>
      covers(path, target, units, onTheWay),
    );
    if (coveringAnyAccess.some((path) => accessCovers(path.access, file.access))) continue;
    failures.push({
      kind: "file",
      reason: coveringAnyAccess.length === 0 ? "missing-path" : "wrong-access",
      detail:
        coveringAnyAccess.length === 0
          ? `${program} ${verb(file.access)} ${target}${file.ok ? "" : ` (${file.errno ?? "failed"})`}, and no path of the analysis covers it`
          : `${program} ${verb(file.access)} ${target}, but the analysis has it only as ${coveringAnyAccess.map((p) => p.access).join("/")}`,
      file: {
        path: target,
        access: file.access,
        syscall: file.syscall,
        ok: file.ok,
        errno: file.errno,
        program: file.program,
      },
    });
  }
  return failures.length > 0
    ? { verdict: "unsound", failures, notes }
    : { verdict: "sound", notes };
}

/** Each candidate word list of a unit with the indices of its words marked computed. */
export function candidateReadings(
  unit: BashUnit,
): { words: readonly string[]; computed: ReadonlySet<number> }[] {
  const argvComputed = unit.computed?.argv ?? [];
  const result: { words: readonly string[]; computed: ReadonlySet<number> }[] = [
    { words: unit.argv, computed: new Set(argvComputed) },
  ];
  let skip = 0;
  for (const layer of unit.wrappers) {
    const here = layer.argv.every((word, index) => unit.argv[skip + index] === word);
    if (!here) break;
    skip += layer.argv.length;
    result.push({
      words: unit.argv.slice(skip),
      computed: new Set(argvComputed.map((i) => i - skip).filter((i) => i >= 0)),
    });
  }
  if (unit.executed)
    result.push({ words: unit.executed, computed: new Set(unit.computed?.executed ?? []) });
  return result.filter((entry) => entry.words.length > 0);
}

/** The word lists a real execve of this unit can show: its argv, argv past each wrapper layer, and `executed`. */
export function candidates(unit: BashUnit): (readonly string[])[] {
  const result: (readonly string[])[] = [unit.argv];
  let skip = 0;
  for (const layer of unit.wrappers) {
    const here = layer.argv.every((word, index) => unit.argv[skip + index] === word);
    if (!here) break;
    skip += layer.argv.length;
    result.push(unit.argv.slice(skip));
  }
  if (unit.executed) result.push(unit.executed);
  return result.filter((words) => words.length > 0);
}

function execFailure(
  analysis: BashAnalysis,
  exec: ExecEvent & { stub: boolean },
  context: WordContext,
): SoundnessFailure {
  const name = posix.basename(exec.argv[0] ?? exec.path);
  const sameProgram = analysis.units
    .flatMap((unit) => candidates(unit))
    .filter((words) => posix.basename(words[0] ?? "") === name);
  const summary = { path: exec.path, argv: exec.argv, stub: exec.stub };
  if (sameProgram.length === 0) {
    return {
      kind: "exec",
      reason: "missing-program",
      detail: `bash ran ${exec.argv.join(" ")}, and no unit runs ${name}`,
      exec: summary,
    };
  }
  const computedOnly = sameProgram.find((words) => wordsMatch(words, exec.argv, context, true));
  const closest = computedOnly ?? closestWords(sameProgram, exec.argv, context);
  const difference = firstDifference(closest, exec.argv, context);
  const computed = computedOnly !== undefined;
  return {
    kind: "exec",
    reason: computed ? "computed-word" : "different-words",
    detail: `bash ran ${JSON.stringify(exec.argv)}, the closest unit says ${JSON.stringify(closest)}${
      difference
        ? ` (word ${difference.index}: ${JSON.stringify(difference.word)} vs ${JSON.stringify(difference.real)})`
        : ""
    }`,
    exec: summary,
    closest,
  };
}

/** The candidate sharing the most leading words with the real argv (ties: the closest length). */
function closestWords(
  options: (readonly string[])[],
  argv: readonly string[],
  context: WordContext,
): readonly string[] {
  const score = (words: readonly string[]) => {
    let same = 0;
    while (same < words.length && same < argv.length) {
      const here = wordsMatch(
        [argv[0] ?? "", words[same] ?? ""],
        [argv[0] ?? "", argv[same] ?? ""],
        context,
      );
      if (same > 0 && !here) break;
      same++;
    }
    return same * 1000 - Math.abs(words.length - argv.length);
  };
  return options.reduce((best, words) => (score(words) > score(best) ? words : best));
}

/** Whether `exec` is the interpreter a `#!/usr/bin/env X` script `script` handed itself to. */
function isInterpreterOf(exec: ExecEvent, script: ExecEvent): boolean {
  if (exec.pid !== script.pid || exec.argv[1] !== script.path) return false;
  const rest = exec.argv.slice(2);
  const scriptArgs = script.argv.slice(1);
  return (
    rest.length === scriptArgs.length && rest.every((word, index) => word === scriptArgs[index])
  );
}

/**
 * Whether git started this program for itself: a git program or one under /usr/lib/git-core,
 * or the shell git uses to start one (`sh -c "git-receive-pack 'origin'"` for a local push),
 * started by git or by such a helper. A git alias's `!command` is not one of these.
 */
function isGitHelper(
  exec: ExecEvent,
  execs: readonly ExecEvent[],
  helpers: ReadonlySet<number>,
): boolean {
  const caller = posix.basename(exec.caller?.[0] ?? "");
  const byGit = caller === "git" || caller.startsWith("git-") || helpers.has(exec.callerExec);
  if (
    !byGit ||
    (exec.callerExec >= 0 && !helpers.has(exec.callerExec) && !isGitProgram(execs[exec.callerExec]))
  ) {
    return false;
  }
  if (isGitProgram(exec)) return true;
  const name = posix.basename(exec.path);
  return (
    ["sh", "bash", "dash"].includes(name) &&
    exec.argv[1] === "-c" &&
    /^git[- ]/.test(exec.argv[2] ?? "")
  );
}

function isGitProgram(exec: ExecEvent | undefined): boolean {
  if (!exec) return false;
  const name = posix.basename(exec.path);
  return name === "git" || name.startsWith("git-") || within(exec.path, "/usr/lib/git-core");
}

/**
 * Whether a reported path covers a real file: the same path, a matching glob (or the glob's own
 * text, which bash passes when nothing matches), or, for a directory created or opened on the
 * way, a path of the same unit below it. A folder reported as a path covers only the folder:
 * a file below it is covered only where the analysis said the access is recursive, by a glob
 * (`grep -r x src` reports `/repo/src/**` beside `/repo/src`), as the gates judge it; a bare
 * `/repo/src` is what `ls src` or `cat src` opens, and the gates meet nothing below it.
 */
function covers(
  path: TouchedPath,
  target: string,
  units: ReadonlySet<number>,
  onTheWay: boolean,
): boolean {
  if (path.path === target) return true;
  const starsSkipDots = path.starsSkipDots === true;
  if (
    path.glob !== undefined &&
    (path.glob === target || globCovers(path.glob, target, starsSkipDots))
  )
    return true;
  if (!units.has(path.unit)) return false;
  if (onTheWay && path.path !== null && within(path.path, target)) return true;
  // On the way to a glob's file: the glob with its last segments taken off matches the folder.
  if (onTheWay && path.glob !== undefined) {
    const segments = path.glob.split("/");
    for (let keep = segments.length - 1; keep > 0; keep--) {
      const prefix = segments.slice(0, keep).join("/");
      if (prefix !== "" && prefix !== "**" && globCovers(prefix, target)) return true;
    }
  }
  return false;
}

/** A write must be reported as a write; a read is covered by any access. */
export function accessCovers(reported: Access, real: Access): boolean {
  return real === "read" || reported === "write" || reported === "read_write";
}

function verb(access: Access): string {
  return access === "read" ? "read" : access === "write" ? "wrote" : "read and wrote";
}
