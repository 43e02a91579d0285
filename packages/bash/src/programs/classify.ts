import { tokenizeOrNull } from "../check/crosscheck.ts";
import { STEP, tick } from "../check/deadline.ts";
import { type Word, wordFromText } from "../read/words.ts";
import { SENTINELS, type Sentinel } from "../sentinels.ts";
import type { WrapperLayer } from "../types.ts";
import { DELEGATIONS, delegatedRuns } from "./delegated-runs.ts";
import { parseOptions } from "./getopt.ts";
import { perlBackups } from "./inplace-backups.ts";
import { scriptSource } from "./interpreter-options.ts";
import { npmNestedCommandComputed } from "./npm.ts";
import {
  jvmHookCode,
  type OpaqueHit,
  opaqueRuleFor,
  responseFileCode,
  streamedScript,
} from "./opaque.ts";
import { pathScriptStarts } from "./path-scripts.ts";
import {
  isKnownFileCommand,
  operandPaths,
  type PathUse,
  pythonRunsPip,
  shapedPaths,
  writesHomeConfig,
} from "./paths.ts";
import { type DeclaredProgram, declaredProgram } from "./programs.ts";
import { releaseRuns } from "./release-tools.ts";
import { scriptHelperRuns, wrapperHelperWords } from "./script-runs.ts";
import { SHELL_WORDS } from "./shell-words.ts";
import { stdinSession, stdinSessionFor } from "./stdin-sessions.ts";
import { unknownValue } from "./unknown-words.ts";
import {
  applyWrapper,
  type FileUse,
  packageBinary,
  packageRunnerFor,
  programStem,
  timeGrammar,
  toolName,
  toolSubcommandWrapper,
  type WrapperStep,
  wrapperFor,
  wrapperRefuses,
  type XargsInput,
} from "./wrappers.ts";

/** What one command's words run, once every wrapper layer is peeled. */
export interface Classification {
  wrappers: WrapperLayer[];
  /** The command finally executed, or null when it cannot be proven. */
  executed: Word[] | null;
  sentinel: Sentinel | null;
  /** Literal shell text run by an opaque or `sh -c` layer, to analyse recursively. */
  script: string | null;
  /** Further commands the same wrapper runs (find's second `-exec`), classified alike. */
  extra: Classification[];
  /**
   * For an extra reading of a program no table knows (see `BashUnit.hostedBy`): that program's
   * name. Its later words may be a command it runs, or only its own operands.
   */
  hostedBy?: string;
  /** Files the wrapper layers themselves touch. */
  files: FileUse[];
  /**
   * The folders wrapper layers entered before the command ran (`env -C DIR`, `sudo -D DIR`),
   * in order: its relative paths resolve there.
   */
  folders?: Word[];
  /** Words a wrapper replaces at run time (`{}`): never paths. */
  placeholders: string[];
  /** The words after the last peeled layer (the executed command, or what could not be proven). */
  rest: Word[];
  /**
   * For a program no table knows: its later words that may be a command it runs (`ssh-agent
   * sh s`, `logsave log python3 x`), each with the words after it. The walk judges whether one
   * runs a file the string wrote.
   */
  later: Word[][];
  /**
   * For a program no table knows: its later words that read as a shell command line it may
   * hand to `sh -c` (`hyperfine 'FOO=1 git push'`, `watchexec -- 'true && rm x'`). The walk
   * analyses each as a script: its commands are judged like any written out.
   */
  lines: string[];
  /**
   * For a program no table knows, given only options and fed literal text that names a program
   * (`printf 'git push' | pg_virtualenv`): the text, which a shell the program starts may run.
   * The walk reads it as a script hosted by the program (see `BashUnit.hostedBy`).
   */
  fed?: string;
}

const RANK: Record<Sentinel, number> = {
  [SENTINELS.computedPath]: 0,
  // Never a unit's: carried by a path, as a computed one is.
  [SENTINELS.concurrentCall]: 0,
  [SENTINELS.indirectionWrapper]: 1,
  [SENTINELS.computedWord]: 1,
  [SENTINELS.gitAlias]: 2,
  [SENTINELS.evaluatedString]: 3,
  [SENTINELS.opaqueWrapper]: 4,
  [SENTINELS.unparseable]: 5,
  [SENTINELS.analysisTimeout]: 6,
};

/**
 * The stronger of two sentinels, the one a reader is shown: a timeout over unparseable over
 * opaque over an evaluated string over a git alias over indirection.
 */
export function strongerSentinel(a: Sentinel | null, b: Sentinel | null): Sentinel | null {
  if (a === null) return b;
  if (b === null) return a;
  return RANK[a] >= RANK[b] ? a : b;
}

const MAX_LAYERS = 32;

/**
 * Peels wrapper layers off a command's words (name first) and classifies what runs.
 *
 * @param stdinFed - whether the command's stdin carries data (a pipe, `<`, a heredoc): a shell
 *   or interpreter without a script operand then runs that data as code
 * @param stdinScript - the literal text arriving on stdin, when known (a heredoc body)
 * @param input - what arrives on the stdin of an `xargs` that starts the words, when the
 *   walk can prove it (a literal producer, find's `-print0` list)
 */
export function classify(
  words: readonly Word[],
  stdinFed: boolean,
  stdinScript: string | null = null,
  nested = false,
  input: XargsInput | null = null,
): Classification {
  const result: Classification = {
    wrappers: [],
    executed: null,
    sentinel: null,
    script: null,
    extra: [],
    files: [],
    placeholders: [],
    rest: [...words],
    later: [],
    lines: [],
  };
  let rest = [...words];
  for (let depth = 0; depth < MAX_LAYERS; depth++) {
    result.rest = rest;
    const head = rest[0];
    if (head === undefined) {
      result.executed = [];
      return result;
    }
    if (!head.literal) {
      // INVARIANT: a computed command name runs whatever the value says at run time, with or
      // without wrappers in front of it.
      result.sentinel = strongerSentinel(result.sentinel, SENTINELS.opaqueWrapper);
      return result;
    }
    if (CLIMBS.test(head.text)) {
      // INVARIANT: `..` in a command word is worked out by the kernel from where each folder
      // before it really is: through a link (one the string made, a folder reached by `cd`
      // through one) it leads anywhere, whatever the lexical reading says. The program's table
      // still applies (toolName reads the word lexically); nothing proves it is that program.
      result.sentinel = strongerSentinel(result.sentinel, SENTINELS.opaqueWrapper);
    }
    if (elsewhereNamed(head.text)) {
      // INVARIANT: a program a table knows, named by an absolute path outside the standard
      // folders, by `~/…`, or by a path that climbs with `..` (`/snap/bin/npm`,
      // `/usr/lib/llvm-14/bin/lli`, `../bin/env` from an unknown folder) may be that program
      // or anything else. Both are judged: the words as that program (its tables decide, so
      // `/snap/bin/npm pub` is `npm publish`) and as written, which nothing proves.
      result.sentinel = strongerSentinel(result.sentinel, SENTINELS.opaqueWrapper);
      const name = head.text.slice(head.text.lastIndexOf("/") + 1);
      const inner = classify(
        [{ ...head, text: `/usr/bin/${name}`, tilde: false }, ...rest.slice(1)],
        stdinFed,
        stdinScript,
        nested,
        depth === 0 ? input : null,
      );
      addRunBy(result, inner, head, rest);
    }
    if (depth > 0 && head.text.startsWith("-")) {
      // A wrapper took an option for its command: its grammar does not know how this one
      // reads its words, so what runs is not proven.
      result.sentinel = strongerSentinel(result.sentinel, SENTINELS.indirectionWrapper);
      return result;
    }
    let grammar = wrapperFor(head.text);
    // bash's `time` keyword reads only -p; /usr/bin/time, `\time`, `command time` are GNU
    // time with options of its own (S33 gnu-time).
    if (grammar !== undefined && grammar.names[0] === "time") {
      grammar = timeGrammar(head, depth === 0 && !nested);
    }
    let shift = 0;
    // A tool's subcommand that runs a command (`cmake -E env …`).
    if (grammar === undefined) {
      const sub = toolSubcommandWrapper(rest);
      if (sub !== undefined) {
        grammar = sub.grammar;
        shift = sub.at - 1;
      }
    }
    // `npm exec`, `pnpm dlx`, …: a layer named by the tool, its options after the subcommand.
    // Only a proven inner command is peeled: anything else (`npm exec -c 'rm x'`) is left to
    // the executor rule, which analyses the script it runs.
    const runner = grammar === undefined ? packageRunnerFor(rest) : undefined;
    if (runner !== undefined && applyWrapper(runner, rest.slice(1)).type === "inner") {
      grammar = runner;
      shift = 1;
    }
    // A program the policy declares: the built-in tables know none of these names.
    const declared = grammar === undefined ? declaredProgram(rest) : null;
    if (declared !== null) {
      // INVARIANT: an option that hides where a declared subcommand starts leaves it unproven.
      if (declared.at < 0) return unprovenDeclared(result, rest, declared.program);
      const { program } = declared;
      if (program.wrapper !== null) {
        grammar = program.wrapper;
        shift = declared.at - 1;
      }
      const code = runsCode(program, rest.slice(declared.at - 1));
      if (program.wrapper !== null || code) {
        // INVARIANT: a declaration only adds: the words stay judged as written and each word
        // shaped like a path stays a path, as for a program nobody declared.
        result.files.push(...shapedPaths(rest.slice(1), result.placeholders));
      }
      if (code) {
        result.wrappers.push({ name: head.text, kind: "opaque", argv: rest.map((w) => w.text) });
        result.sentinel = strongerSentinel(result.sentinel, SENTINELS.opaqueWrapper);
        result.rest = rest;
        return result;
      }
    }
    if (grammar !== undefined) {
      // Only the first word's xargs reads the producer: an inner one reads /dev/null.
      const fed = depth === 0 && shift === 0 ? input : null;
      const step = shifted(applyWrapper(grammar, rest.slice(shift), fed), shift);
      result.files.push(...step.files);
      if (step.type === "none") {
        result.executed = rest;
        return result;
      }
      if (step.type === "rewrite") {
        rest = step.words;
        continue;
      }
      const layer: WrapperLayer = {
        name: head.text,
        kind: grammar.kind,
        argv: rest.slice(0, step.layerEnd).map((word) => word.text),
      };
      // INVARIANT: a wrapper that is a script starts programs of its own besides the command
      // (S27 wrapper-script-helpers: memusage's memusagestat and `rm -f` of its temporary
      // file, dpkg-architecture's dpkg and compiler): each is a command judged by its words,
      // run by the wrapper, whatever becomes of the command it wraps.
      for (const helper of wrapperHelperWords(rest.slice(shift, step.layerEnd))) {
        addRunBy(result, classify(helper, false, null, true), head, rest.slice(0, step.layerEnd));
      }
      result.wrappers.push(layer);
      const exact = grammar.exact === true || (step.type === "inner" && step.exact === true);
      if (grammar.kind === "indirection" && !exact) {
        result.sentinel = strongerSentinel(result.sentinel, SENTINELS.indirectionWrapper);
      }
      if (step.type === "unproven" || step.type === "script") {
        // INVARIANT: a wrapper whose inner command is not proven always carries a sentinel;
        // when a computed word is what stopped the grammar, a string decides what runs.
        const culprit = rest[step.layerEnd - 1];
        const computed = step.type === "unproven" && culprit !== undefined && !culprit.literal;
        result.sentinel = strongerSentinel(
          result.sentinel,
          computed ? SENTINELS.opaqueWrapper : SENTINELS.indirectionWrapper,
        );
        result.script = step.type === "script" ? (step.script?.text ?? null) : null;
        result.rest = rest.slice(step.layerEnd);
        return result;
      }
      result.placeholders.push(...step.placeholders);
      if (step.type === "inner" && step.chdir !== undefined) {
        // INVARIANT: a command run in another folder is judged, never proven: what it runs
        // there by a relative name (`env -C d ./s.sh`) is not followed.
        result.folders = [...(result.folders ?? []), ...step.chdir];
        result.sentinel = strongerSentinel(result.sentinel, SENTINELS.indirectionWrapper);
      }
      const [first, ...others] = step.commands;
      const layersSoFar = result.wrappers.slice(0, -1);
      for (const other of others) {
        // Each further command copies the wrapper's line up to it (its layer's argv): find with
        // many `-exec`s grows with the square of the line, so the copies count.
        tick(STEP.copy * other.layerEnd);
        const inner = classify(
          other.words ?? rest.slice(other.start, other.end),
          stdinFed,
          stdinScript,
        );
        const otherLayer: WrapperLayer = {
          name: head.text,
          kind: other.renamed === true ? "indirection" : grammar.kind,
          argv: rest.slice(0, other.layerEnd).map((word) => word.text),
        };
        inner.wrappers.unshift(...layersSoFar, otherLayer);
        inner.sentinel = strongerSentinel(inner.sentinel, result.sentinel);
        inner.placeholders.push(...step.placeholders);
        result.extra.push(inner);
      }
      if (first === undefined) return result;
      let next = first.words ?? rest.slice(first.start, first.end);
      if (next.length === 0 && step.fallback !== undefined) next = [wordFromText(step.fallback)];
      if (grammar.packageSpec === true && next[0] !== undefined) {
        next = [packageBinary(next[0]), ...next.slice(1)];
      }
      rest = next;
      continue;
    }
    const rule = opaqueRuleFor(head.text);
    // A session reading commands from the fed stdin (an editor, a debugger, a shell) runs what
    // the text shows, besides anything the program's own rule finds (stdin-sessions.ts).
    const hit = withSession(
      stdinSession(rest, stdinFed, stdinScript),
      rule?.detect(rest, stdinFed) ??
        responseFileCode(rest) ??
        jvmHookCode(rest) ??
        (rule === undefined ? streamedSource(rest) : null) ??
        (rule === undefined && !nested ? laterCode(rest, stdinFed, stdinScript) : null),
    );
    if (hit) {
      result.wrappers.push({
        name: head.text,
        kind: "opaque",
        argv: rest.map((word) => word.text),
      });
      result.sentinel = strongerSentinel(result.sentinel, SENTINELS.opaqueWrapper);
      result.script = hit.script ?? (hit.readsStdin ? stdinScript : null);
      result.rest = rest;
      // INVARIANT: code the analysis cannot read still opens the files its operands name
      // (`perl -e '…' .env`, `python3 -c '…' ~/.ssh/id_rsa`): each literal word shaped like a
      // path stays a path, so a path rule still meets it. A word with a blank is code.
      result.files.push(
        ...shapedPaths(
          rest.slice(1).filter((word) => word.literal && !/\s/.test(word.text)),
          result.placeholders,
        ),
        ...(hit.files ?? []),
        // The copy `perl -i` keeps of each file, whatever the code (S31 perl-inplace-star-fullname).
        ...perlBackups(rest),
      );
      // A command line the code is known to run (a compiler's `-wrapper` program): a unit
      // judged like the same words written out, under the opaque layer.
      for (const words of hit.runs ?? []) {
        addRunBy(result, classify(words, stdinFed, stdinScript, true), head, rest);
      }
      return result;
    }
    result.executed = rest;
    // INVARIANT: where a table decides from a program's own words (a subcommand, an option,
    // its value: `deno run -`, `pip config set`), a word only known at run time may be the one
    // it keys on (`pip3 "${a[0]}" set …`): the unit cannot be proven. An interpreter whose
    // grammar is known places such a word itself (scriptSource), and so do some rules.
    if (
      rule?.readsUnknownWords !== true &&
      ((rule !== undefined && scriptSource(rest) === null) ||
        writesHomeConfig(head.text) ||
        pythonRunsPip(rest)) &&
      rest.slice(1).some(unknownValue)
    ) {
      result.sentinel = strongerSentinel(result.sentinel, SENTINELS.computedWord);
    }
    // npm's own nested commands (`npm stage publish`) are read from its words: a word only
    // known at run time there may be the refused one.
    if (npmNestedCommandComputed(rest)) {
      result.sentinel = strongerSentinel(result.sentinel, SENTINELS.computedWord);
    }
    // INVARIANT: the later words of a program no table knows are read for a command it may
    // run (laterCode, laterLines, laterCommands: `watchexec -- 'bash -c "git push"'`,
    // `unbuffer bash -c …`, `msgexec -i x.po sh`); a word only known at run time there may be
    // that command or command line (`a=('bash -c "git push"'); watchexec -- "${a[0]}"`).
    if (rule === undefined && !nested && unknownLaterWord(rest)) {
      result.sentinel = strongerSentinel(result.sentinel, SENTINELS.computedWord);
    }
    if (rule === undefined && !nested) {
      result.later = laterCommands(rest);
      result.lines = laterLines(rest);
      // INVARIANT: a later word of a program no table knows that names a program starts a
      // command it may run (`pg_virtualenv git -c alias.p=push p`, `ip netns exec x npm pub`,
      // `uclampset -m 0 make CC=git CFLAGS=push x.o`): the words from there are read as that
      // command, a unit of its own walked like a wrapper's payload (its table, its paths, its
      // compiler line), not only scanned as text. Nothing proves the program runs them (they
      // may be its operands): the reading is marked as hosted by it (`BashUnit.hostedBy`).
      for (const i of laterCommandStarts(rest)) {
        result.extra.push(hostedReading(rest, i, result, stdinFed, stdinScript));
      }
    }
    // INVARIANT: a shell's script operand without a slash may be a program bash finds in PATH
    // (path-scripts.ts): its words are read as that program's command, hosted by the shell,
    // since a file of that name in the working directory would be run instead.
    if (!nested) {
      for (const i of pathScriptStarts(rest)) {
        // Only a program that may run a command of its words or its stdin (a wrapper, an
        // opaque runner, a stdin session, or one whose words name a program a table reads) is
        // read so: a project script's own words (`bash run.sh x`, `bash deploy.sh prod`) are
        // no command, and its file is judged as the script.
        const from = rest.slice(i);
        const program = toolName((from[0] as Word).text) ?? "";
        const runs =
          wrapperFor(program) !== undefined ||
          opaqueRuleFor(program) !== undefined ||
          stdinSessionFor(program) !== undefined ||
          laterCommandStarts(from).length > 0;
        if (runs) result.extra.push(hostedReading(rest, i, result, stdinFed, stdinScript));
      }
    }
    // A release tool's own `npm publish` / `git push`, each a unit judged from the tool's
    // words as written (its layer reads as an indirection).
    for (const line of releaseRuns(rest)) {
      const inner = classify(
        line.split(" ").map((text) => wordFromText(text)),
        false,
        null,
        true,
      );
      const layer: WrapperLayer = {
        name: head.text,
        kind: "indirection",
        argv: rest.map((word) => word.text),
      };
      inner.wrappers.unshift(...result.wrappers, layer);
      inner.sentinel = strongerSentinel(inner.sentinel, result.sentinel);
      result.extra.push(inner);
    }
    // A command line the program runs of its own words (a package manager's binary, hub's
    // git), a unit classified like the same words written out (delegated-runs.ts).
    for (const words of delegatedRuns(rest)) {
      const inner = classify(words, stdinFed, stdinScript, true);
      // Judged like the same words written out: a word only known at run time where the
      // binary reads its subcommand may be the refused one (`pnpm changeset -- "$(…)"`).
      if (unknownLaterWord(words)) {
        inner.sentinel = strongerSentinel(inner.sentinel, SENTINELS.computedWord);
      }
      addRunBy(result, inner, head, rest);
    }
    if (
      rule === undefined &&
      !nested &&
      stdinFed &&
      stdinScript !== null &&
      result.extra.length === 0 &&
      result.later.length === 0 &&
      result.lines.length === 0 &&
      !knowsItsWords(toolName(head.text)) &&
      !CONTAINER_RUNNERS.has(toolName(head.text) ?? "") &&
      rest.slice(1).every((word) => word.literal && word.text.startsWith("-")) &&
      namesProgram(stdinScript)
    ) {
      result.fed = stdinScript;
    }
    stemReading(result, rest, stdinFed, stdinScript);
    return result;
  }
  // INVARIANT: more layers than any real command line has: give up rather than guess.
  result.sentinel = strongerSentinel(result.sentinel, SENTINELS.indirectionWrapper);
  return result;
}

/**
 * Puts a classification, and the further commands it runs, under the layers that ran it:
 * each keeps the layers and the strongest sentinel of what ran it (`corepack pnpm publish`'s
 * `npm publish` is under corepack's and pnpm's layers).
 */
/** Adds `inner`, a command the program `head` runs of its words `rest`, under a layer of it. */
function addRunBy(
  result: Classification,
  inner: Classification,
  head: Word,
  rest: readonly Word[],
): void {
  const layer: WrapperLayer = {
    name: head.text,
    kind: "indirection",
    argv: rest.map((word) => word.text),
  };
  underLayers(inner, [...result.wrappers, layer], result.sentinel);
  result.extra.push(inner);
}

/**
 * A versioned, packaged or target-named spelling of a program the tables know
 * (`cargo-1.80 release`, `cpan5.36-x86_64-linux-gnu`, `x86_64-linux-gnu-gcc`): where the
 * stem's own reading finds more than a plain program (a wrapper layer, a command it runs, a
 * sentinel), that reading is judged too, as a command the name runs, beside the words as
 * written.
 */
function stemReading(
  result: Classification,
  rest: readonly Word[],
  stdinFed: boolean,
  stdinScript: string | null,
): void {
  const head = rest[0] as Word;
  const name = toolName(head.text);
  if (name === null) return;
  const stem = programStem(name);
  if (stem === name || stem === "") return;
  const inner = classify([{ ...head, text: stem }, ...rest.slice(1)], stdinFed, stdinScript, true);
  const plain =
    inner.wrappers.length === 0 &&
    inner.sentinel === null &&
    inner.extra.length === 0 &&
    inner.files.length === 0;
  if (!plain) addRunBy(result, inner, head, rest);
}

function underLayers(
  inner: Classification,
  layers: readonly WrapperLayer[],
  sentinel: Sentinel | null,
): void {
  inner.wrappers.unshift(...layers);
  inner.sentinel = strongerSentinel(inner.sentinel, sentinel);
  for (const extra of inner.extra) underLayers(extra, layers, sentinel);
}

/**
 * Whether a line of fed text starts with the name of a program some table reads (git, a
 * wrapper, an executor, a shell, a file command, a tool that writes its configuration): text
 * a shell would run as a command, not data (`{"a": 1}`, prose).
 */
function namesProgram(text: string): boolean {
  return text.split("\n").some((line) => {
    const name = /^\s*([A-Za-z_][\w.+-]*)(\s|$)/.exec(line)?.[1];
    return (
      name !== undefined &&
      (/^git(-|$)/.test(name) ||
        SHELL_WORDS.has(name) ||
        wrapperFor(name) !== undefined ||
        opaqueRuleFor(name) !== undefined ||
        isKnownFileCommand(name) ||
        writesHomeConfig(name))
    );
  });
}

/**
 * The hit of a stdin session joined with the program's own (either may be absent): the code
 * of both is analysed, the files of both judged.
 */
function withSession(session: OpaqueHit | null, own: OpaqueHit | null): OpaqueHit | null {
  if (session === null || own === null) return session ?? own;
  const files = [...(own.files ?? []), ...(session.files ?? [])];
  // A shell reading the whole fed text as its script already reads every escape in it.
  if (own.readsStdin === true && own.script === null) return { ...own, files };
  const scripts = [own.script, session.script].filter((text): text is string => text !== null);
  return { ...own, script: scripts.length > 0 ? scripts.join("\n") : null, files };
}

/**
 * A program no executor rule knows whose option grammar says where its script is (cmake -P,
 * -C, --toolchain; ctest -S): a script on a stream (`/dev/stdin`, `/dev/fd/3`, a process
 * substitution) is code nobody reads. Its other words are still searched as an unknown
 * program's are.
 */
function streamedSource(words: readonly Word[]): OpaqueHit | null {
  return scriptSource(words)?.files.some(streamedScript) === true ? { script: null } : null;
}

/** Shells and interpreters that run the code on their stdin when given no script. */
const STDIN_CODE_NAME =
  /^(?:sh|bash|dash|zsh|ksh|mksh|yash|posh|fish|csh|tcsh|busybox|(?:python|pypy|perl|ruby|php|lua|tclsh|wish)[0-9.]*|node|nodejs|bun|deno|luajit|pwsh|osascript)$/;

/**
 * Programs that take a program's name as an operand without feeding it anything: process
 * tools, package and version managers, and container runners, whose command runs inside the
 * container on the caller's terminal (`pkill node`, `brew install python3`, `docker exec -it
 * c bash`).
 */
/**
 * Process tools whose later words are names or patterns matched against running processes,
 * never run (`pkill -f 'node dist/server.js'`, `pgrep -f 'python3 -c x'`).
 */
const PROCESS_MATCHERS: ReadonlySet<string> = new Set(["pkill", "pgrep", "killall", "pidof"]);

const NAME_TAKERS: ReadonlySet<string> = new Set([
  ...["pkill", "pgrep", "killall", "pidof", "brew", "port", "apk", "pacman", "dnf", "yum"],
  ...["zypper", "snap", "flatpak", "nix-env", "pyenv", "nvm", "volta", "asdf", "mise", "fnm"],
  ...["conda", "mamba", "micromamba", "choco", "scoop", "winget", "update-alternatives"],
  ...["tldr", "docker", "podman", "nerdctl", "kubectl", "oc", "lxc", "incus"],
]);

/** A command word with a `..` segment. */
const CLIMBS = /(^|\/)\.\.(\/|$)/;

/**
 * Whether a command word names, by a path that is not a standard binary folder's (see
 * toolName), a program a built-in table knows: an absolute or `~/` path, or one that climbs
 * with `..`. A plain relative path (`./git`, `node_modules/.bin/x`) is the project's own
 * program, judged by its words as written.
 */
function elsewhereNamed(text: string): boolean {
  const slash = text.lastIndexOf("/");
  if (slash === -1 || toolName(text) !== null) return false;
  if (!/^[/~]/.test(text) && !CLIMBS.test(text)) return false;
  const name = text.slice(slash + 1);
  return (
    name !== "" &&
    (name === "git" ||
      SHELL_WORDS.has(name) ||
      wrapperFor(name) !== undefined ||
      opaqueRuleFor(name) !== undefined ||
      isKnownFileCommand(name))
  );
}

/**
 * Formatters and linters whose later words are only the files they format or check, and the
 * values of their own options (S32 F-prec formatter-file-operands: `echo x > notes.txt; black
 * src/app.py` asked, `src/app.py` read as a program of the project's that may load the written
 * file). None runs a command it is given; what they load (settings, plugins named by an option
 * or a settings file) the written-code tables judge by name and by option value.
 */
const FILE_FORMATTERS: ReadonlySet<string> = new Set([
  ...["black", "isort", "ruff", "rustfmt", "shfmt", "clang-format", "prettier", "eslint"],
  ...["biome", "rubocop", "autopep8", "yapf"],
]);

/**
 * Whether a table reads the words of this program itself (git, the shells, the file
 * commands) or they are never run (process matchers, formatters): no later word is searched as
 * a command.
 */
function knowsItsWords(name: string | null): boolean {
  return (
    name !== null &&
    (name === "git" ||
      SHELL_WORDS.has(name) ||
      isKnownFileCommand(name) ||
      PROCESS_MATCHERS.has(name) ||
      FILE_FORMATTERS.has(name))
  );
}

/** Past this many words a program no table knows is not searched for a command it runs. */
const LATER_WORDS = 16;

/**
 * Whether a program no table knows has, among the later words searched for a command it
 * runs, one only known at run time (see {@link unknownValue}).
 */
function unknownLaterWord(words: readonly Word[]): boolean {
  if (knowsItsWords(toolName((words[0] as Word).text))) return false;
  return words.slice(1, LATER_WORDS).some(unknownValue);
}

/**
 * Names whose executor rule fires on the bare name (or on words common in prose), which a
 * program nobody knows takes as operands far more often than as a command it runs.
 */
const PROSE_NAMES: ReadonlySet<string> = new Set([
  ...["at", "batch", "sem", "just", "make", "gmake", "bmake", "ninja", "rake", "perf"],
  ...["script", "ed", "red", "dc", "R", "expect", "sort", "zip", "su", "sg", "eval", "trap"],
  ...["parallel", "source", "."],
]);

/**
 * A program no table knows that may run the command in its later words (`uv run python -c
 * …`, `unbuffer bash -c …`, `ssh-agent sh <<< …`, `logsave log nohup sh < s`): when one of
 * those words starts a command the tables cannot prove (an opaque invocation, a wrapper
 * that floors, a shell or interpreter reading the stdin this command is fed), the program is
 * floored too, as the gates judge such words against the policy's rules (corpus README rule
 * 8: code in a string is never a plain allow). A name standing last with nothing fed to it
 * is a name, not a command (`which python3`, `pkill node`).
 */
function laterCode(
  words: readonly Word[],
  stdinFed: boolean,
  stdinScript: string | null,
): OpaqueHit | null {
  const name = toolName((words[0] as Word).text);
  // A program named by another path (`./run`) is one nobody knows.
  if (knowsItsWords(name)) return null;
  const last = Math.min(words.length, LATER_WORDS);
  const start = containerCommandStart(words);
  const positions =
    start === null
      ? [...commandPositions(words), ...fedParallel(words)]
      : containerPositions(words, start);
  for (const i of positions) {
    const from = words.slice(i);
    // A shell or interpreter standing last runs with no words of its own: the program may
    // feed it data (`msgexec -i x.po sh` gives each message to sh's stdin), so it is read as
    // fed; so is one followed only by options, with no script (`msgexec -i x.po python3
    // -u`). Another name standing last is a name (`which git`, `brew install watch`).
    const lastName = i === words.length - 1 || (!NAME_TAKERS.has(name ?? "") && takesStdin(from));
    if (
      lastName &&
      !stdinFed &&
      (NAME_TAKERS.has(name ?? "") || !STDIN_CODE.test(toolName((words[i] as Word).text) ?? ""))
    ) {
      continue;
    }
    // A wrapper's name whose grammar refuses the words after it is an operand or a
    // subcommand (`docker exec -it c sh`, `kubectl exec -i pod -- ls`), not that wrapper.
    if (wrapperRefuses(from)) continue;
    // Its own later words are searched here: the inner reading does not search them again.
    const inner = classify(from, stdinFed || lastName, stdinFed ? stdinScript : null, true);
    if (inner.sentinel !== null) return { script: inner.script };
  }
  // A later word (or `--opt=VALUE` value) holding a blank may be a whole command line the
  // program hands to `sh -c` (`watchexec -- 'bash -c "git push"'`, `--exec='python3 -c x'`).
  for (let i = 1; i < last; i++) {
    const word = words[i] as Word;
    if (!word.literal || !/[ \t\n]/.test(word.text)) continue;
    const line = /^--?[A-Za-z0-9][A-Za-z0-9-]*=/.exec(word.text)
      ? word.text.slice(word.text.indexOf("=") + 1)
      : word.text;
    const hit = lineCode(line);
    if (hit) return hit;
  }
  return null;
}

/**
 * Whether the shell or interpreter `words[0]` reads its code from stdin: no script operand
 * and no code on the line (`python3 -u`, `perl -w`, `sh -e`). For a name whose options no
 * grammar knows, only options follow it.
 */
function takesStdin(words: readonly Word[]): boolean {
  const name = toolName((words[0] as Word).text) ?? "";
  if (!STDIN_CODE.test(name)) return false;
  const source = name === "parallel" ? null : scriptSource(words);
  if (source !== null) return source.stdin && !source.info;
  return words.slice(1).every((word) => word.literal && word.text.startsWith("-"));
}

/**
 * Shells and interpreters, and GNU parallel, which runs each line of its stdin as a command
 * when no command follows its options.
 */
const STDIN_CODE = {
  test: (name: string): boolean => name === "parallel" || STDIN_CODE_NAME.test(name),
};

/** Programs that run a command inside a container or a remote pod, never on this machine. */
const CONTAINER_RUNNERS: ReadonlySet<string> = new Set([
  ...["docker", "podman", "nerdctl", "kubectl", "oc", "lxc", "incus", "docker-compose"],
  "podman-compose",
]);

/**
 * Programs whose first operand is one of their own subcommands, never a program they run
 * (`gh pr create`: `pr` is gh's, not coreutils' pr; an extension runs as `gh-NAME`).
 */
const SUBCOMMAND_HOSTS: ReadonlySet<string> = new Set([
  ...["gh", "glab", "tea", "az", "aws", "gcloud", "heroku", "flyctl", "fly", "vercel"],
  ...["netlify", "doctl", "terraform", "helm", "gsutil", "bq"],
]);

/**
 * Project managers, whose subcommands take words of their own (`uv pip install x`, `poetry add
 * git`): only the words after one that runs a command (`uv run`, `conda run -n e`, `pixi exec`,
 * `uv tool run`) may be a command they run.
 */
const PROJECT_MANAGERS: ReadonlySet<string> = new Set([
  ...["uv", "poetry", "pipenv", "pdm", "hatch", "rye", "conda", "mamba", "micromamba", "pixi"],
]);

/** Builtins that are also programs on PATH (coreutils, procps, util-linux, GNU time). */
const HAS_BINARY = /^(echo|test|\[|kill|printf|pwd|true|false|time)$/;

/** Programs whose runs of their own words a delegation table reads (delegated-runs.ts). */
const DELEGATING: ReadonlySet<string> = new Set(DELEGATIONS.map((delegation) => delegation.name));

/** Installers no table knows, whose last word names a package (`gem install rake`). */
const INSTALLERS: ReadonlySet<string> = new Set([
  ...["gem", "pipx", "cpan", "cpanm", "luarocks", "opam", "rustup", "ghcup", "sdk"],
]);

/**
 * The words of `rest` from `at` read as the command a host (`rest[0]`) may run: a reading of
 * its own under the host's layers and sentinel, marked as hosted by it (`BashUnit.hostedBy`),
 * which the gates keep at ask at most.
 */
function hostedReading(
  rest: readonly Word[],
  at: number,
  host: Classification,
  stdinFed: boolean,
  stdinScript: string | null,
): Classification {
  const name = (rest[0] as Word).text;
  const inner = classify(rest.slice(at), stdinFed, stdinScript, true);
  const layer: WrapperLayer = {
    name,
    kind: "indirection",
    argv: rest.slice(0, at).map((word) => word.text),
  };
  inner.wrappers.unshift(...host.wrappers, layer);
  inner.sentinel = strongerSentinel(inner.sentinel, host.sentinel);
  inner.hostedBy = name;
  return inner;
}

/**
 * Where a program no table knows has, among its later words, the name of a program whose
 * words any table reads ({@link tableReads}: git or its dashed commands, a wrapper, an
 * executor, a file command, a shell, a build tool, cmake, a tool that writes its configuration
 * or publishes, a script's helper runs, the files an operand or option table finds): each such
 * word may start the command it runs (`pg_virtualenv git -c alias.p=push p`, `ip netns exec
 * x npm pub`, `uclampset -m 0 make CC=git CFLAGS=push x.o`), which only that program's own
 * reading judges (a git alias, `git-push`, npm's `pub`, a compiler joined with its flags, the
 * files it writes). A name no table reads gives nothing the words as written do not: the
 * gates already search those. A name standing last counts unless the program takes names
 * (`tldr git`) or it names a shell or interpreter with nothing fed to it (laterCode reads
 * one that is fed); one whose grammar refuses the words after it is an operand (`docker exec
 * -it c sh`).
 */
function laterCommandStarts(words: readonly Word[]): number[] {
  // A command word with `=` is an assignment bash may take (the walk floors it): no host.
  if ((words[0] as Word).text.includes("=")) return [];
  const host = toolName((words[0] as Word).text) ?? "";
  // pip runs no command of its words (`pip install requests`: `install` is pip's subcommand).
  if (/^pip[0-9.]*$/.test(host)) return [];
  // A container's command runs inside it, on the container's files (laterCode reads it). A
  // program whose runs a delegation table reads (`corepack pnpm publish`) is known there.
  if (knowsItsWords(host) || CONTAINER_RUNNERS.has(host) || DELEGATING.has(host)) return [];
  const found: number[] = [];
  const last = Math.min(words.length, LATER_WORDS);
  let first = 1;
  if (PROJECT_MANAGERS.has(host)) {
    const run = words.findIndex((word, i) => i > 0 && /^(run|exec)$/.test(word.text));
    if (run < 0) return [];
    first = run + 1;
  }
  for (let i = first; i < last; i++) {
    const word = words[i] as Word;
    if (!word.literal || word.text === "" || /^-|[=\s]/.test(word.text)) continue;
    const name = toolName(word.text);
    if (name === null || (i === 1 && SUBCOMMAND_HOSTS.has(host))) continue;
    // A builtin or keyword is no program another program can start (`kpt fn eval . --exec
    // ./p`: `eval` is kpt's); the ones with a binary too (`echo`, `test`, `kill`) are read
    // by the tables below where it matters.
    if (SHELL_WORDS.has(name) && !HAS_BINARY.test(name)) continue;
    const from = words.slice(i);
    // Where the file system ignores case (macOS as installed), `GIT` is found as git: the
    // name in lower case counts too (T32 case-insensitive-fs; the gates fold it the same way).
    const lower = name.toLowerCase();
    const folded = lower !== name && tableReads(lower, [wordFromText(lower), ...from.slice(1)]);
    if (!folded && !tableReads(name, from)) continue;
    if (i === words.length - 1 && (NAME_TAKERS.has(host) || INSTALLERS.has(host))) continue;
    if (i === words.length - 1 && STDIN_CODE.test(name)) continue;
    if (wrapperRefuses(from)) continue;
    found.push(i);
  }
  return found;
}

/**
 * Whether some table of the analysis has a reading of the command `words` (its program `name`
 * first) that the same words of a program nobody knows do not get: either by the name (git or
 * its dashed commands, a wrapper, an executor, a file command, cmake, a build tool, a tool that
 * writes its configuration, pip, a release or delegated run), or by what the tables find in
 * these words (`corepack enable`'s shims, `dpkg-deb -x`'s folder, `gpgv --homedir '~/x'`,
 * `ruff check --config F`, `pytest -o cache_dir=…`, `tzselect`'s `rm -fr`, a declared program,
 * `dotnet tool install -g`): its classification (a layer, a sentinel, code, a further command,
 * a file) or the paths its operand tables find differ from those of the words under a name no
 * table knows, or a script it runs starts a helper. Built from the readers themselves, so a
 * table added to any of them is asked too.
 */
function tableReads(name: string, words: readonly Word[]): boolean {
  if (
    /^git-[a-z]/.test(name) ||
    PROSE_NAMES.has(name) ||
    name === "cmake" ||
    name === "ctest" ||
    name === "git" ||
    wrapperFor(name) !== undefined ||
    opaqueRuleFor(name) !== undefined ||
    isKnownFileCommand(name) ||
    writesHomeConfig(name) ||
    pythonRunsPip(words) ||
    /^pip[0-9.]*$/.test(name) ||
    releaseRuns(words).length > 0 ||
    delegatedRuns(words).length > 0 ||
    scriptHelperRuns(words).length > 0
  ) {
    return true;
  }
  const nobody = [wordFromText(NOBODY), ...words.slice(1)];
  const own = classify(words, false, null, true);
  const plain = classify(nobody, false, null, true);
  if (
    own.wrappers.length !== plain.wrappers.length ||
    own.extra.length !== plain.extra.length ||
    own.sentinel !== plain.sentinel ||
    own.script !== plain.script ||
    own.files.length !== plain.files.length ||
    own.rest.length !== plain.rest.length ||
    otherWords(own.executed) !== otherWords(plain.executed)
  ) {
    return true;
  }
  const found = new Set(operandPaths(nobody, []).map(useKey));
  return operandPaths(words, []).some((use) => !found.has(useKey(use)));
}

/** The words of an executed command after its name, as one text (`null`: not proven). */
function otherWords(executed: readonly Word[] | null): string | null {
  return executed === null
    ? null
    : executed
        .slice(1)
        .map((word) => word.text)
        .join("\0");
}

/** A program name no table knows: the reading of words nobody's program gets. */
const NOBODY = "pi-permission-nobody";

/** One path use as text: its word, its access and how far it reaches. */
function useKey(use: PathUse): string {
  return [use.word.text, use.access, use.below, use.home, use.deep, use.outsideOnly].join("\0");
}

/**
 * Where `parallel` (a name too common in prose for {@link commandPositions}) stands with only
 * options after it, reading its commands from what the program feeds it (`msgexec -i x.po
 * parallel`), unless it is an option's value.
 */
function fedParallel(words: readonly Word[]): number[] {
  const last = Math.min(words.length, LATER_WORDS);
  for (let i = 1; i < last; i++) {
    const word = words[i] as Word;
    // After an option it is that option's value (`--mode parallel`).
    if ((words[i - 1] as Word).text.startsWith("-")) continue;
    if (word.literal && toolName(word.text) === "parallel" && takesStdin(words.slice(i))) {
      return [i];
    }
  }
  return [];
}

/**
 * Where a program no table knows may have a command among its later words: a literal word
 * that is no option and no assignment and names a program (bare, or in a standard binary
 * directory), other than a name common as a plain operand.
 */
function commandPositions(words: readonly Word[]): number[] {
  const found: number[] = [];
  const last = Math.min(words.length, LATER_WORDS);
  for (let i = 1; i < last; i++) {
    const word = words[i] as Word;
    if (!word.literal || word.text === "" || word.text.startsWith("-") || word.text.includes("=")) {
      continue;
    }
    const inner = toolName(word.text);
    if (inner === null || PROSE_NAMES.has(inner)) continue;
    found.push(i);
  }
  return found;
}

/**
 * Where the command of `docker exec`, `podman exec`, `nerdctl exec`, `docker compose exec`
 * (`docker-compose exec`) or `kubectl exec … --` (`oc`) starts, when the options before it
 * are all read: the container's name comes first, then the command, so a word before it is an
 * option's value or the container (`-u postgres`, `psql -U postgres -c …` is psql's, not
 * the postgres server's). `null` when any word there is not certain (an option this list
 * does not know, `--latest` with no container operand, a computed word): every later word is
 * searched as before.
 */
function containerCommandStart(words: readonly Word[]): number | null {
  const name = toolName((words[0] as Word).text);
  if (name === "kubectl" || name === "oc") {
    const dashes = words.findIndex((word) => word.literal && word.text === "--");
    if (dashes === -1 || dashes + 1 >= words.length) return null;
    const before = words.slice(1, dashes);
    return before.every((word) => word.literal) && before.some((word) => word.text === "exec")
      ? dashes + 1
      : null;
  }
  let i = 1;
  if (name === "docker" || name === "podman" || name === "nerdctl") {
    if (words[1]?.text === "compose" && words[1].literal) i = skipOptions(words, 2, COMPOSE_GLOBAL);
    else if (!CONTAINER_TOOLS_EXEC.has(name)) return null;
  } else if (name === "docker-compose" || name === "podman-compose") {
    i = skipOptions(words, 1, COMPOSE_GLOBAL);
  } else return null;
  if (i === -1 || words[i]?.text !== "exec" || !words[i]?.literal) return null;
  i = skipOptions(words, i + 1, EXEC_OPTIONS);
  // The container (or service), then the command.
  if (i === -1 || i + 1 >= words.length) return null;
  return i + 1;
}

const CONTAINER_TOOLS_EXEC: ReadonlySet<string> = new Set(["docker", "podman", "nerdctl"]);

/** Options of a subcommand: the short and long ones that take a value, and the flags. */
interface OptionList {
  shortValue: string;
  shortFlag: string;
  longValue: ReadonlySet<string>;
  longFlag: ReadonlySet<string>;
}

/** `docker exec`, `podman exec`, `nerdctl exec` and compose's `exec`. */
const EXEC_OPTIONS: OptionList = {
  shortValue: "euw",
  shortFlag: "ditT",
  longValue: new Set([
    "detach-keys",
    "env",
    "env-file",
    "user",
    "workdir",
    "index",
    "preserve-fds",
  ]),
  longFlag: new Set(["detach", "interactive", "privileged", "tty", "no-TTY", "no-tty", "dry-run"]),
};

/** `docker compose` before its subcommand. */
const COMPOSE_GLOBAL: OptionList = {
  shortValue: "fp",
  shortFlag: "",
  longValue: new Set([
    ...["file", "project-name", "profile", "env-file", "project-directory", "ansi"],
    ...["progress", "parallel"],
  ]),
  longFlag: new Set(["verbose", "dry-run", "compatibility", "all-resources"]),
};

/**
 * The index of the first word from `i` that is not an option of `list`; -1 when a word there
 * is computed or an option the list does not know.
 */
function skipOptions(words: readonly Word[], from: number, list: OptionList): number {
  let i = from;
  while (i < words.length) {
    const word = words[i] as Word;
    if (!word.literal) return -1;
    const text = word.text;
    if (text === "--") return i + 1;
    if (!text.startsWith("-") || text === "-") return i;
    if (text.startsWith("--")) {
      const eq = text.indexOf("=");
      const long = text.slice(2, eq === -1 ? undefined : eq);
      if (list.longValue.has(long)) i += eq === -1 ? 2 : 1;
      else if (list.longFlag.has(long) && eq === -1) i += 1;
      else return -1;
      continue;
    }
    // A cluster of flags, its last letter perhaps taking a value (`-it`, `-iu root`, `-uroot`).
    let next = i + 1;
    for (let k = 1; k < text.length; k++) {
      const letter = text[k] as string;
      if (list.shortValue.includes(letter)) {
        if (k === text.length - 1) next = i + 2;
        break;
      }
      if (!list.shortFlag.includes(letter)) return -1;
    }
    i = next;
  }
  return i;
}

/**
 * The positions searched after a container command's start: the command alone when a table
 * reads its words, else it and every later word (a program nobody knows may run any of them).
 */
function containerPositions(words: readonly Word[], start: number): number[] {
  const head = words[start] as Word;
  const later = commandPositions(words).filter((i) => i > start);
  if (!head.literal) return later;
  const inner = toolName(head.text);
  if (inner !== null && (opaqueRuleFor(head.text) !== undefined || knowsItsWords(inner)))
    return [start];
  return [start, ...later];
}

/** Bash's reserved words that start a compound command or change how the next one runs. */
const LINE_KEYWORDS: ReadonlySet<string> = new Set([
  ...["if", "then", "elif", "else", "fi", "while", "until", "for", "do", "done", "case"],
  ...["esac", "select", "function", "time", "coproc", "!", "{", "}", "[[", "]]", "(("],
]);

/**
 * The later words of a program no table knows that read as a command line it may hand to
 * `sh -c` (see {@link Classification.lines}). Plain words name one command, which the gates
 * already read from the words themselves; a word is a command line when shell syntax makes
 * it more than that: an operator, a redirection, a substitution or expansion, quotes or a
 * backslash around blanks, or a first word that is an assignment, a reserved word, a glob or
 * tilde, or a program some table knows (`nohup git push`, `cp x /etc/y`). Prose (`fix a
 * bug`) stays words; prose that bash cannot parse is dropped by the walk.
 */
function laterLines(words: readonly Word[]): string[] {
  if (knowsItsWords(toolName((words[0] as Word).text))) return [];
  const lines: string[] = [];
  const last = Math.min(words.length, LATER_WORDS);
  for (let i = 1; i < last; i++) {
    const word = words[i] as Word;
    if (!word.literal) continue;
    // The text of a message, title or body (`gh pr create --body 'run \`npm test\`'`).
    if (PROSE_OPTION.test(words[i - 1]?.text ?? "") || PROSE_VALUE.test(word.text)) continue;
    const line = /^--?[A-Za-z0-9][A-Za-z0-9-]*=/.test(word.text)
      ? word.text.slice(word.text.indexOf("=") + 1)
      : word.text;
    if (isCommandLine(line)) lines.push(line);
  }
  return lines;
}

/** Options whose value is text for people (a message, a title, a body), never run. */
const PROSE_OPTION =
  /^--(message|msg|title|body|description|desc|notes|subject|comment|summary|reason)$/;
const PROSE_VALUE =
  /^--(message|msg|title|body|description|desc|notes|subject|comment|summary|reason)=/;

/** Program names that start English text as often as a command line (`make sure …`). */
const LINE_PROSE: ReadonlySet<string> = new Set(
  [...PROSE_NAMES].filter((name) => !/^(eval|source|\.|trap|su|sg|parallel)$/.test(name)),
);

function isCommandLine(text: string): boolean {
  if (!/[ \t\n]/.test(text)) {
    // One word: only an operator or a substitution makes it more than a name (`a;b`,
    // `git${IFS}push`).
    return /[;&|<>()`\n]|\$[A-Za-z_{([']/.test(text);
  }
  if (/[;&|<>()$`\\"'\n]/.test(text)) return true;
  const first = text.trimStart().split(/[ \t]/, 1)[0] as string;
  if (/^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/.test(first)) return true;
  if (LINE_KEYWORDS.has(first) || /[*?[{}~]/.test(first)) return true;
  const tool = toolName(first);
  if (tool === null) return first.includes("/");
  if (LINE_PROSE.has(tool)) return false;
  return (
    tool === "git" ||
    SHELL_WORDS.has(tool) ||
    isKnownFileCommand(tool) ||
    wrapperFor(tool) !== undefined ||
    opaqueRuleFor(tool) !== undefined
  );
}

/** The later commands of a program no table knows (see {@link Classification.later}). */
function laterCommands(words: readonly Word[]): Word[][] {
  if (knowsItsWords(toolName((words[0] as Word).text))) return [];
  const commands = commandPositions(words)
    .filter((i) => i < words.length - 1)
    .map((i) => words.slice(i));
  // A word naming a file by a path (`msgexec -i x.po ./s`, `gpgtar --gpg ./s`) is where a
  // program runs a file of the working tree: execvp looks a name without a slash up in PATH
  // only. Standing last it runs with no words of its own.
  const last = Math.min(words.length, LATER_WORDS);
  for (let i = 1; i < last; i++) {
    const word = words[i] as Word;
    if (!word.literal || !word.text.includes("/")) continue;
    // `--exec=./s`: the value is the program.
    const value = /^--?[A-Za-z0-9][\w.-]*=(.*)$/s.exec(word.text)?.[1];
    if (value === undefined && word.text.startsWith("-")) continue;
    const text = value ?? word.text;
    if (!text.includes("/") || toolName(text) !== null) continue;
    commands.push([value === undefined ? word : wordFromText(text), ...words.slice(i + 1)]);
  }
  return commands;
}

/**
 * The code a command line given as one word runs, when one of its commands is an invocation
 * an executor rule floors (a shell's literal `-c` script is handed back to be analysed).
 * Text the token reading cannot take (an unbalanced quote in prose) is no command line sh
 * could run either.
 */
function lineCode(text: string): OpaqueHit | null {
  const tokens = tokenizeOrNull(text);
  if (tokens === null) return null;
  const commands: Word[][] = [[]];
  for (const token of tokens) {
    if ("op" in token) commands.push([]);
    else (commands[commands.length - 1] as Word[]).push(token.word);
  }
  for (const command of commands) {
    const head = command[0];
    if (head === undefined) continue;
    const name = toolName(head.text);
    if (name === null || PROSE_NAMES.has(name)) continue;
    const rule = opaqueRuleFor(head.text);
    // The program may feed the line's stdin, as it may a name of its own words: a shell or
    // interpreter there with no script reads it (`pee 'python3 -u'`).
    const fed = takesStdin(command);
    const hit =
      rule?.detect(command, fed) ?? (rule === undefined ? laterCode(command, fed, null) : null);
    if (hit) return { script: hit.script };
  }
  return null;
}

/** A wrapper step read from `words.slice(shift)`, with its indices into `words`. */
function shifted(step: WrapperStep, shift: number): WrapperStep {
  if (shift === 0 || step.type === "none") return step;
  // A rewrite's words start at the wrapper: the declared words before it are not in them.
  if (step.type === "rewrite")
    return { type: "unproven", layerEnd: step.layerEnd + shift, files: step.files };
  if (step.type !== "inner") return { ...step, layerEnd: step.layerEnd + shift };
  return {
    ...step,
    layerEnd: step.layerEnd + shift,
    commands: step.commands.map((command) => ({
      ...command,
      start: command.start + shift,
      end: command.end + shift,
      layerEnd: command.layerEnd + shift,
    })),
  };
}

/**
 * Whether a declared executor runs code here (`words[0]` is the key's last word): always,
 * unless it lists the options that make it do so; then when one of them is given anywhere on
 * the line, or its options cannot be read.
 */
function runsCode(program: DeclaredProgram, words: readonly Word[]): boolean {
  const { kind, codeOptions } = program.declaration;
  if (kind !== "executor") return false;
  if (codeOptions === undefined) return true;
  const parsed = parseOptions(words, 1, { ...program.options, permute: true });
  return !parsed.ok || parsed.options.some((option) => codeOptions.includes(option.name));
}

/** A declared wrapper or executor whose subcommand an option hides: floored, never proven. */
function unprovenDeclared(
  result: Classification,
  words: readonly Word[],
  program: DeclaredProgram,
): Classification {
  const kind = program.declaration.kind;
  if (kind === "files") {
    result.executed = [...words];
    return result;
  }
  // An opaque layer's operands are code to the walk: the plain reading's paths are added here.
  if (kind === "executor") result.files.push(...shapedPaths(words.slice(1), result.placeholders));
  result.wrappers.push({
    name: (words[0] as Word).text,
    kind: kind === "executor" ? "opaque" : "indirection",
    argv: words.map((word) => word.text),
  });
  result.sentinel = strongerSentinel(
    result.sentinel,
    kind === "executor" ? SENTINELS.opaqueWrapper : SENTINELS.indirectionWrapper,
  );
  result.rest = [...words];
  return result;
}
