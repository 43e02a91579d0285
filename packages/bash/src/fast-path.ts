import { type Classification, classify, strongerSentinel } from "./programs/classify.ts";
import { cmakeDefines } from "./programs/compiler-flags.ts";
import { fileRuns } from "./programs/file-runs.ts";
import { folderMoveUses } from "./programs/folder-moves.ts";
import {
  dashedGit,
  readGit,
  writtenAliasRuns,
  writtenInteractiveRebase,
  writtenRemoteRuns,
  writtenSignatureChecks,
} from "./programs/git.ts";
import { gitSequenceUses, markUnseenLinks } from "./programs/git-links.ts";
import { npmCanonical, npmGitSpec, npmGitSpecs } from "./programs/npm.ts";
import type { PathState } from "./programs/paths.ts";
import { scriptHelperRuns } from "./programs/script-runs.ts";
import { toolName } from "./programs/wrappers.ts";
import { RESERVED } from "./read/plain-tree.ts";
import { type Piece, plainWord, type Word, wordFromPieces, wordFromText } from "./read/words.ts";
import { SENTINELS } from "./sentinels.ts";
import type { AnalyzeOptions, BashAnalysis, WrapperLayer } from "./types.ts";
import { type GlobNames, globNames } from "./walk/glob-names.ts";
import { compilerLines, injectedByAssignment } from "./walk/injection.ts";
import { followMadeLinks } from "./walk/made-links.ts";
import { mayCarryAny } from "./walk/moved-folders.ts";
import { publishedUnits } from "./walk/published.ts";
import { settingsOptionGiven } from "./walk/settings-homes.ts";
import {
  listedOnly,
  literalStdout,
  namesOnlyGlobs,
  operandUses,
  type PendingUnit,
  resolveUses,
  spreadOperands,
} from "./walk/walk.ts";
import {
  mayHaveCreated,
  rerunsWrittenCode,
  runsWrittenCode,
  statementLoadPaths,
  unmodelledWrites,
  withAnalysedText,
} from "./walk/written-code.ts";

/**
 * The analysis of a plain command without the grammar or the walk (issue 18): commands of
 * literal words from a conservative set (`git status`, `ls -la src`, `npm run lint -- --fix`,
 * `git commit -m "fix: x"`), joined by `&&`, `||`, `;` or `|` (`npm run build && npm test`,
 * `git diff --stat | head`). A word is letters, digits and `_ . / : , @ + -` (`=` only inside
 * an argument that is no assignment; `*` and `?` only in an argument: a glob, judged as the
 * walk judges one), optionally with `'…'` or `"…"` parts holding nothing
 * bash expands (no `$`, backtick, backslash or `!`); words and operators are split by single
 * blanks (a `;` may touch the word before it), nothing before or after. No expansion, no
 * redirect, no keyword, no builtin but `echo` and `printf` (without `-v`, and `printf` only
 * last: bash's `printf` may assign), and programs whose classification floors nothing and
 * peels only indirections and transparent layers (`npx vitest run`, `nice -n 10 cargo
 * build`, `timeout 60 npm test`, `python3 -m pytest`, `pip install -r requirements.txt`), or,
 * where nothing after it reads the state it may change (last in the string or before a later
 * member of its pipeline), one that runs code unread (an opaque layer: `make test`, `node -e x`),
 * which keeps its classification's sentinel; their extra units (`yarn build` also runs
 * the script `build`) are read the same way. No statement changes the shell's state: cd,
 * pushd, export, assignments, set, shopt, source, eval, functions are builtins or words the
 * fast path declines. git's reading is followed as the walk follows it (its canonical words
 * and sentinel, and what an earlier unit of the string wrote for it), when it injects nothing
 * and starts no editor. Anything else returns null and goes to the full analysis.
 *
 * For what it accepts the answer is the full analysis's, field for field: it calls the same
 * classification, path resolution and cross-unit passes (written code, made links) the walk
 * calls for such commands, and skips only what cannot apply to them (expansion, redirects,
 * the state a statement leaves for the next, the tree and the token cross-check).
 * `test/fast-path.test.ts` proves it over generated commands and chains and every command of
 * the corpus and the bench's everyday commands: each accepted command's analysis deep-equals
 * the full one, and a shape outside the set is declined.
 */
export function plainAnalysis(command: string, options: AnalyzeOptions): BashAnalysis | null {
  if (!plainAnalysisPath.enabled) return null;
  // The written-code floor reads the text as the full analysis gives it (analyze.ts).
  return withAnalysedText(command, () => plainAnalysisOf(command, options));
}

function plainAnalysisOf(command: string, options: AnalyzeOptions): BashAnalysis | null {
  if (command.length === 0 || command.length > MAX_PLAIN) return null;
  if (options.programs !== undefined) return null;
  const statements = plainStatements(command);
  if (statements === null) return null;
  if (TEXT_DECLINED.test(command) || SHELL_OPTION_WORD.test(command)) return null;
  // A glob word's `**` is bash's own under `globstar`, which the walk takes as possibly on
  // when the text, quotes removed, holds an option cluster with `O` anywhere (`bash -O …`).
  if (/[*?]/.test(command) && GLOBSTAR_HINT.test(command.replace(/['"]/g, ""))) return null;
  const cwd = normalizedDirectory(options.cwd);
  const home = normalizedDirectory(options.home);
  if (cwd === null || home === null) return null;
  const state: PathState = { cwds: [cwd], vars: new Map(), home };
  const pending: PendingUnit[] = [];
  const again: [PendingUnit, number, PathState][] = [];
  // Units whose globs may name a file a later write creates (the walk's `globCandidates`).
  const candidates = new Map<PendingUnit, GlobNames>();
  let seq = 0;
  const last = statements.length - 1;
  for (let s = 0; s <= last; s++) {
    const pipeline = statements[s] as PlainCommand[];
    const first = pending.length;
    // What the member before printed (the walk's `lastStdout`), and whether the walk may know it
    // as input for a wrapper (its `knownOutput`).
    let stdout: string | null = null;
    let producer = false;
    for (let m = 0; m < pipeline.length; m++) {
      const words = pipeline[m] as PlainCommand;
      const head = words[0] as Word;
      const end = (words[words.length - 1] as Word).end;
      // bash's printf may assign the names among its words: only the last command may be one.
      if (head.text === "printf" && (s !== last || m !== pipeline.length - 1)) return null;
      const unit = newUnit(head.start, end, seq++);
      pending.push(unit);
      // What the member before prints, when the walk knows it (`echo …`), is the script this
      // one reads on stdin (`echo … | node` runs it), as the walk's `pipe` hands it on.
      const stdinScript = m > 0 ? stdout : null;
      const classification = classify(words, m > 0, stdinScript, false, null);
      // The walk also hands what echo, printf, seq or find print to a wrapper that reads it
      // (xargs' input): not followed here.
      if (producer && classification.wrappers.length > 0) return null;
      stdout = literalStdout(classification, stdinScript);
      producer = printsKnownOutput(classification);
      const filled = fillPlain(
        unit,
        words,
        classification,
        state,
        pending,
        // An opaque program may change the shell's state for what follows: taken last in the
        // string, or before a later member of its pipeline (a subshell of its own).
        (s === last && m === pipeline.length - 1) || m < pipeline.length - 1,
      );
      if (filled === null) return null;
      // Where the walk ends an extra unit's text before a redirect depends on how the grammar
      // split the words (`pnpm - 2>/dev/null` gives the extra unit `pnpm`): not followed here.
      if (words.end !== undefined && filled.length > 0) return null;
      for (const sibling of filled) sibling.seq = seq++;
      // The walk's `globNamesFloor`: a glob may name a file starting with `-` that an earlier
      // command created, read as an option (`echo > ./--output=x; git log *`).
      if (words.some((word) => word.glob)) {
        const found = globNames(words, NO_VARS);
        if (found.option) {
          const folder = found.folderKnown ? cwd : null;
          if (mayHaveCreated(pending, unit, folder)) {
            unit.sentinel = strongerSentinel(unit.sentinel, SENTINELS.computedWord);
          } else candidates.set(unit, found);
        }
      }
      // The walk reads the redirects after the unit is filled: only the unit's own text takes
      // them in, not its extra units'.
      if (words.end !== undefined) unit.end = words.end;
      const runs = fileRuns(classification.executed ?? [], state.cwds, state.home);
      if (runs.length > 0) unit.runs = runs;
      if (
        words.files !== undefined &&
        !redirectFiles(unit, words, classification, state, command)
      ) {
        return null;
      }
      // What a command before a pipe writes to a file, the next member may run first.
      if (words.files !== undefined && m < pipeline.length - 1) return null;
    }
    // The members of a pipeline start together: a later one may write before an earlier one
    // runs what it wrote (the walk's `runAlongside`).
    if (pipeline.length > 1) {
      for (const unit of pending.slice(first)) again.push([unit, pending.length, state]);
    }
  }
  // The walk's passes over all units: links the string made, links git or an archive may have
  // made, code run again after a later write.
  followMadeLinks(pending, again, () => state);
  markUnseenLinks(pending, again);
  for (const unit of rerunsWrittenCode(again, pending, 0)) {
    unit.sentinel = strongerSentinel(unit.sentinel, SENTINELS.opaqueWrapper);
  }
  for (const [unit, until] of again) {
    if (candidates.has(unit) && mayHaveCreated(pending.slice(0, until), unit, null, false)) {
      unit.sentinel = strongerSentinel(unit.sentinel, SENTINELS.computedWord);
      candidates.delete(unit);
    }
  }
  const { units, paths } = publishedUnits(pending, cwd, (each) =>
    command.slice(each.start, each.end),
  );
  return { status: "ok", units, paths };
}

function newUnit(start: number, end: number, seq: number): PendingUnit {
  return {
    pos: start,
    seq,
    start,
    end,
    argv: [],
    context: null,
    wrappers: [],
    executed: null,
    sentinel: null,
    paths: [],
    key: null,
    synthetic: false,
  };
}

/**
 * What the walk's `fill` does for a unit of plain words (the branches that can apply to one),
 * or null when the unit needs a branch the fast path does not take. Returns the extra units it
 * added after `unit` (pushed onto `units`).
 */
function fillPlain(
  unit: PendingUnit,
  words: readonly Word[],
  classification: Classification,
  state: PathState,
  units: PendingUnit[],
  stateless = false,
): PendingUnit[] | null {
  const layers = classification.wrappers;
  // A program that runs what its words say, unread (`make test`, `node -e x`): the walk keeps
  // its classification's sentinel, and its words are no paths (the walk's `operandUses`). It
  // may change the shell's state as far as the walk knows (its `variableEffects`): taken only
  // where nothing after it reads that state (`stateless`).
  const opaque = classification.executed === null;
  if (
    (opaque
      ? !stateless ||
        classification.sentinel === null ||
        layers[layers.length - 1]?.kind !== "opaque" ||
        classification.extra.length > 0 ||
        layers.some(runsPackage)
      : classification.sentinel !== null) ||
    classification.script !== null ||
    classification.files.length > 0 ||
    classification.folders !== undefined ||
    classification.placeholders.length > 0 ||
    classification.lines.length > 0 ||
    // Fed text a program no table knows may hand to a shell (`echo install | vitest`): the
    // walk reads it as a script hosted by the program.
    classification.fed !== undefined ||
    !layers.every(
      (layer, i) =>
        (layer.kind === "indirection" ||
          layer.kind === "transparent" ||
          (opaque && layer.kind === "opaque" && i === layers.length - 1)) &&
        !layer.argv.some(layerSetsMore),
    )
  ) {
    return null;
  }
  const executedWords = classification.executed ?? [];
  const program = opaque
    ? (layers[layers.length - 1]?.argv[0] ?? "")
    : (executedWords[0]?.text ?? "");
  const name = toolName(program) ?? program;
  if (DECLINED.has(name)) return null;
  // A settings folder an option moves (`gpg --homedir .`) floors the unit in the walk (S32
  // settings-home, walk/settings-homes.ts).
  if (!opaque && settingsOptionGiven(executedWords.map((word) => word.text))) return null;
  if (name === "printf" && !printfAssignsNothing(executedWords)) return null;
  unit.argv = words.map((word) => word.text);
  unit.wrappers = layers;
  unit.executed = opaque ? null : executedWords.map((word) => word.text);
  unit.sentinel = classification.sentinel;
  // A glob word is computed (the walk's `fill` marks which).
  const computedArgv = computedIndices(words);
  const computedExecuted = computedIndices(executedWords);
  if (computedArgv.length > 0 || computedExecuted.length > 0) {
    unit.computed = { argv: computedArgv, executed: computedExecuted };
  }
  const visible = () => units;
  if (
    (!opaque && runsWrittenCode(executedWords, visible, state, layers, unit, [])) ||
    classification.later.some((later) => runsWrittenCode(later, visible, state, [], unit))
  ) {
    unit.sentinel = strongerSentinel(unit.sentinel, SENTINELS.opaqueWrapper);
  }
  const uses = operandUses(classification, false);
  // A glob after an option may be its value and operands too (the walk's `spreadOperands`).
  uses.push(...spreadOperands(classification, uses, false));
  const resolved = resolveUses(uses, state, true);
  // The globs of a program that only shows names: the folders bash lists for them.
  for (const use of namesOnlyGlobs(executedWords)) {
    const found = resolveUses([use], state, true);
    if (found.every((path) => path.glob !== null)) resolved.push(...found.map(listedOnly));
  }
  const guessed = opaque ? [] : unmodelledWrites(executedWords, uses);
  if (guessed.length > 0) unit.mayWrite = resolveUses(guessed, state, true);
  unit.paths.push(...resolved);
  // A rename that may carry the working folder (`mv ../repo ../x/y/repo`) moves where later
  // relative paths land (S34 moved-cwd): the walk follows that.
  const moving = opaque ? [] : folderMoveUses(executedWords, uses);
  if (moving.length > 0 && mayCarryAny(resolveUses(moving, state, true), state.cwds ?? [])) {
    return null;
  }
  if (statementLoadPaths(executedWords, state).length > 0) return null;
  // A script's own helpers (`rm -rf` of its temporary folder) are units the walk adds.
  if (scriptHelperRuns(executedWords).length > 0) return null;
  // cmake's compiler joined with its flags (`-DCMAKE_C_COMPILER=git -DCMAKE_C_FLAGS=push`),
  // also those of another cmake call of the string (the walk's compilerLineRuns): a call with
  // any compiler-line definition goes to the walk.
  if (
    /^c(?:make|test)$/.test(name) &&
    (compilerLines([], cmakeDefines(executedWords)).length > 0 ||
      cmakeDefines(executedWords).some((define) => define.kind !== null))
  )
    return null;
  const git = readGit(dashedGit(executedWords) ?? executedWords);
  if (git !== null) {
    if (git.injections.length > 0 || git.editorRun !== undefined) return null;
    unit.executed = git.canonical.map((word) => word.text);
    unit.sentinel = strongerSentinel(unit.sentinel, git.sentinel);
    if (git.settings !== undefined) unit.gitSettings = git.settings;
    if (
      writtenInteractiveRebase(git.canonical, visible) !== undefined ||
      writtenAliasRuns(git.canonical, visible).length > 0 ||
      writtenRemoteRuns(git.canonical, visible).length > 0 ||
      writtenSignatureChecks(git.canonical, visible).length > 0
    ) {
      return null;
    }
    const sequence = gitSequenceUses(git.canonical, visible, unit);
    if (sequence.length > 0) unit.paths.push(...resolveUses(sequence, state, true));
  } else {
    const npm = npmCanonical(executedWords);
    if (npm !== null) unit.executed = npm.map((word) => word.text);
    if (name === "npm" && npmGitSpecs(executedWords).length > 0) return null;
    // npx and `npm exec` fetch the package their first operand or `--package` names.
    if (classification.wrappers.some(runsPackage)) {
      if (npmGitSpec(executedWords[0] as Word) !== null) return null;
    }
  }
  const added: PendingUnit[] = [];
  for (const extra of classification.extra) {
    const sibling = newUnit(unit.pos, unit.end, 0);
    sibling.start = unit.start;
    sibling.synthetic = true;
    // Hosted as in the walk's `fill` (see `BashUnit.hostedBy`).
    const host = extra.hostedBy ?? unit.hostedBy;
    if (host !== undefined) sibling.hostedBy = host;
    units.push(sibling);
    added.push(sibling);
    const more = fillPlain(sibling, words, extra, state, units);
    if (more === null || more.length > 0) return null;
    sibling.sentinel = strongerSentinel(sibling.sentinel, unit.sentinel);
  }
  return added;
}

/**
 * The files a unit's redirects write (`> out.txt`, `>> log`, `2> err`, `&> all`), as the walk's
 * `fileRedirect` adds them after the unit is filled, and the text an `echo` of literal words
 * leaves in the one file its stdout alone goes to (the walk's `wroteText`, which tells later
 * units reading that file it holds no code). False when the walk could read the text otherwise:
 * a lone `cat` (its stdin), and an `echo` the string may redefine or trace.
 */
function redirectFiles(
  unit: PendingUnit,
  words: PlainCommand,
  classification: Classification,
  state: PathState,
  command: string,
): boolean {
  const files = words.files as RedirectFile[];
  const executed = classification.executed ?? [];
  const name = executed[0]?.text;
  if (name === "cat" && executed.length === 1) return false;
  const own = unit.paths.length;
  for (const file of files) {
    unit.paths.push(
      ...resolveUses([{ word: file.word, access: "write", via: "redirect" }], state, true),
    );
  }
  // The walk's `onlyStdoutToFile` and `appendsStdout`: one redirect, stdout's, not appending.
  const only = words.redirects === 1 && (files[0]?.operator === ">" || files[0]?.operator === "1>");
  if (!only || name !== "echo" || classification.wrappers.length > 0) return true;
  if (!executed.slice(1).every((word) => word.literal && !/^-[neE]+$/.test(word.text))) return true;
  // `mayRedefine` and `mayTrace` read the whole text (quotes removed): a group, a keyword
  // before `.`, or a trace setting is left to the walk.
  if (/[{}]|(?:then|do|else)\s/.test(command)) return false;
  const targets = unit.paths.slice(own).filter((path) => path.access !== "read");
  if (targets.length === 1) {
    (targets[0] as PendingUnit["paths"][number]).wroteText = `${executed
      .slice(1)
      .map((word) => word.text)
      .join(" ")}\n`;
  }
  return true;
}

/** The indices of the words bash expands (here: globs). */
function computedIndices(words: readonly Word[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < words.length; i++) if (!(words[i] as Word).literal) out.push(i);
  return out;
}

/** A command whose output the walk's `knownOutput` may read (for an xargs after it). */
function printsKnownOutput(classification: Classification): boolean {
  const name = classification.executed?.[0]?.text ?? "";
  return classification.wrappers.length === 0 && /^(echo|printf|seq|find)$/.test(name);
}

/** A runner layer that fetches the package its first operand names (`npx`, `npm exec`). */
function runsPackage(layer: WrapperLayer): boolean {
  const name = toolName(layer.argv[0] ?? "") ?? "";
  return name === "npx" || (name === "npm" && layer.argv.some((w) => /^(exec|x)$/.test(w)));
}

/**
 * A layer word the walk reads beyond the layer: an environment it sets (`NAME=…`) or a
 * package it fetches (`-p`, `--package`).
 */
function layerSetsMore(text: string): boolean {
  return (
    ASSIGNMENT.test(text) ||
    LAYER_ASSIGNMENT.test(text) ||
    text.startsWith("-p") ||
    text.startsWith("--package")
  );
}

/**
 * Whether bash's `printf` here assigns no name the walk reads as carrying a command: no `-v`,
 * and none of the names its words hold is one an assignment would inject through (the walk
 * judges every name among a `printf`'s words as assigned unknown text).
 */
function printfAssignsNothing(words: readonly Word[]): boolean {
  if (words.some((word) => /^-[^-]*v/.test(word.text))) return false;
  const value = wordFromText(words.map((word) => word.text).join(" "), {
    computed: true,
    start: words[0]?.start ?? -1,
  });
  for (const word of words.slice(1)) {
    for (const name of word.text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) {
      if (injectedByAssignment(name, value).length > 0) return false;
    }
  }
  return true;
}

/**
 * The statements of a plain text, each a pipeline of commands, each a list of words; null
 * for any other shape.
 */
function plainStatements(command: string): PlainCommand[][] | null {
  const statements: PlainCommand[][] = [];
  let pipeline: PlainCommand[] = [];
  let words: PlainCommand = [];
  let i = 0;
  const n = command.length;
  // After an operator or at the start: a word must come next.
  let redirected = false;
  while (i < n) {
    // A redirect of stderr or stdout away (`2>&1`, `2>/dev/null`) ends a command's words.
    const redirect = words.length > 0 ? REDIRECT.exec(command.slice(i, i + 13)) : null;
    const file =
      words.length > 0 && redirect === null ? FILE_REDIRECT.exec(command.slice(i, i + 5)) : null;
    if (redirect !== null) {
      redirected = true;
      i += (redirect[1] as string).length;
      words.end = i;
      words.redirects = (words.redirects ?? 0) + 1;
    } else if (file !== null) {
      // A file written by a redirect (`> out.txt`, `2>>err.log`): a target of plain word
      // characters only (no quote, `~` or `%`), then a blank, `;` or the end.
      const operator = file[1] as string;
      let j = i + file[0].length;
      const start = j;
      while (j < n) {
        const c = command.charCodeAt(j);
        if (c >= 128 || CLASS[c] !== 1) break;
        j++;
      }
      if (j === start || (j < n && command.charCodeAt(j) !== 32 && command.charCodeAt(j) !== 59)) {
        return null;
      }
      const target = command.slice(start, j);
      if (RESERVED.has(target) || target === "==") return null;
      redirected = true;
      i = j;
      words.end = i;
      words.redirects = (words.redirects ?? 0) + 1;
      words.files ??= [];
      words.files.push({ operator, word: plainWord(target, start) });
    } else {
      if (redirected) return null;
      // A word: runs of plain characters and quoted parts, up to a blank, `;` or the end.
      const start = i;
      const pieces: Piece[] = [];
      let plain = true;
      while (i < n) {
        const code = command.charCodeAt(i);
        if (code === 39 || code === 34) {
          const close = command.indexOf(code === 39 ? "'" : '"', i + 1);
          if (close === -1) return null;
          for (let j = i + 1; j < close; j++) {
            const c = command.charCodeAt(j);
            if (c < 32 || c > 126 || QUOTED_OUT[c] === 1) return null;
          }
          pieces.push({ kind: "quoted", text: command.slice(i + 1, close) });
          plain = false;
          i = close + 1;
          continue;
        }
        // `~` only inside a word (`HEAD~1`): at its start it is tilde expansion.
        if (code >= 128 || CLASS[code] === 0 || (code === 126 && i === start)) break;
        let j = i + 1;
        while (j < n) {
          const c = command.charCodeAt(j);
          if (c >= 128 || CLASS[c] === 0) break;
          j++;
        }
        const text = command.slice(i, j);
        pieces.push({ kind: "unquoted", text, raw: text });
        i = j;
      }
      if (pieces.length === 0) return null;
      const text = command.slice(start, i);
      // tree-sitter-bash reads a lone `==` as a test operator, an error in a command.
      if (RESERVED.has(text) || text === "==") return null;
      const word = plain ? plainWord(text, start) : wordFromPieces(pieces, start, i);
      // A glob in an option's value (`--git-dir=.*ssh`): the walk's value word keeps the whole
      // word as written, which this word does not; left to the walk.
      if (word.glob && text.includes("=")) return null;
      if (ASSIGNMENT.test(word.text) || ASSIGNMENT.test(text) || RESERVED.has(word.text)) {
        return null;
      }
      if (words.length === 0 && (!plain || !PROGRAM_NAME.test(text) || DECLINED.has(text))) {
        return null;
      }
      words.push(word);
      if (words.length > MAX_WORDS) return null;
    }
    if (i === n) break;
    // `;` may touch the word before it.
    if (command.charCodeAt(i) === 59) {
      if (i + 1 >= n || command.charCodeAt(i + 1) !== 32) return null;
      pipeline.push(words);
      statements.push(pipeline);
      pipeline = [];
      words = [];
      redirected = false;
      i += 2;
      if (i >= n || command.charCodeAt(i) === 32) return null;
      continue;
    }
    if (command.charCodeAt(i) !== 32) return null;
    i++;
    // An operator between blanks, or the next word.
    const op = OPERATOR.exec(command.slice(i, i + 3));
    if (op !== null) {
      const operator = op[1] as string;
      if (operator === "|") pipeline.push(words);
      else {
        pipeline.push(words);
        statements.push(pipeline);
        pipeline = [];
      }
      words = [];
      redirected = false;
      i += operator.length + 1;
      if (i >= n || command.charCodeAt(i) === 32) return null;
    } else if (i >= n || command.charCodeAt(i) === 32) return null;
  }
  if (words.length === 0) return null;
  pipeline.push(words);
  statements.push(pipeline);
  return statements;
}

/**
 * A command's words, where its text ends when a redirect follows them, how many redirects
 * follow, and the files they write.
 */
type PlainCommand = Word[] & { end?: number; redirects?: number; files?: RedirectFile[] };

/** A redirect to a file: its operator (`>`, `>>`, `2>`, `&>>`, …) and target. */
interface RedirectFile {
  operator: string;
  word: Word;
}

/**
 * The operators of a redirect to a file the fast path takes, with at most one blank after them:
 * stdout, stderr or both, written or appended (not `>|`, `>&`, `<`, `<>`).
 */
const FILE_REDIRECT = /^([12&]?>>?) ?/;

/**
 * The redirects the fast path takes after a command's words: stderr to stdout, and stderr,
 * stdout or both to /dev/null (no file written, no stdin), followed by a blank, `;` or the end.
 */
const REDIRECT = /^(2>&1|[12]?>\/dev\/null|&>\/dev\/null)(?=$|[ ;])/;

/** An operator the fast path takes, with the blank after it. */
const OPERATOR = /^(&&|\|\||;|\|) /;

/**
 * Characters a quoted part may not hold: in `"…"` bash expands or escapes there, and the walk
 * reads some of them from the whole text (`$`, `!`) whatever quotes they stand in.
 */
const QUOTED_OUT = new Uint8Array(128);
for (const ch of "$`\\!") QUOTED_OUT[ch.charCodeAt(0)] = 1;

/**
 * Text the walk reads as a whole, whatever quotes it stands in: shell options and settings
 * (glob, POSIX mode, `set`, `shopt`, history, `lastpipe`, xtrace; an option word with `O`,
 * which may be `bash -O`, is {@link SHELL_OPTION_WORD}), names that may redefine commands or
 * how names are looked up (`enable`, `source`, `alias`, `function`, a `(`, `.` run as a
 * command, `BASH_ALIASES`, `{PATH}>`, `coproc`) and `exit`: the full analysis works out what
 * they change.
 */
const TEXT_DECLINED =
  /glob|posix|xtrace|shellopts|shopt|bashopts|hist|lastpipe|nocasematch|coproc|BASH_|\{PATH|[\w-]\s*\(\s*\)|\(\s*\.\s|[@!+*?]\(|(?<![A-Za-z0-9_])(?:set|enable|source|alias|function|exit|trap|unset)(?![A-Za-z0-9_])|(?:^|[;&|])\s*\.\s/i;

/**
 * An option cluster holding a capital `O` (`bash -O globstar`, which the walk reads from the
 * whole text as a shell option): case matters, `-o FILE` (`sort -o`, `gcc -o`, `git status
 * -uno`) sets nothing the walk reads.
 */
const SHELL_OPTION_WORD = /(?:^| )-[A-Za-z]*O/;

/** Tests turn the fast path off to compare it with the full analysis. */
export const plainAnalysisPath = { enabled: true };

/** Longest command the fast path takes. */
const MAX_PLAIN = 512;
/** Most words it takes. */
const MAX_WORDS = 32;

/**
 * Characters of a plain word outside quotes, by char code: 1 a word character, 2 one only an
 * argument may hold (`HEAD~1`, `--format=%h`, the globs `*` and `?`; tree-sitter-bash misreads
 * `a%a` as a command word, and the program name is checked on its own). No `[`, brace or `#`.
 */
const CLASS = new Uint8Array(128);
for (const ch of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:,@+=-")
  CLASS[ch.charCodeAt(0)] = 1;
CLASS["~".charCodeAt(0)] = 2;
CLASS["%".charCodeAt(0)] = 2;
// Globs (`src/*.ts`, `a?.log`), judged as the walk judges them; no `[…]`, no extglob.
CLASS["*".charCodeAt(0)] = 2;
CLASS["?".charCodeAt(0)] = 2;

/** The walk's hint that `globstar` may be on (its `globOptions`): an option word with `O`. */
const GLOBSTAR_HINT = /BASHOPTS|-[A-Za-z]*O/;

/** No variable: the fast path's statements assign none. */
const NO_VARS = new Map();

/** The program names the fast path takes. */
const PROGRAM_NAME = /^[A-Za-z0-9_.+][A-Za-z0-9_.+-]*$/;

/** `NAME=…` or `NAME+=…`: an assignment in a command word's place or under `set -k`. */
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;

/** A wrapper's `NAME=…` word: env passes any name (the walk's assignmentsOfWords). */
const LAYER_ASSIGNMENT = /^[^=\s/-][^=\s/]*=/;

/**
 * Programs the fast path never takes: every bash builtin but `true`, `false` and `pwd`, which
 * change nothing (the others change the shell, read what the string set, or run code: `cd`,
 * `eval`, `source`, `exec`, `read`, `printf -v`, …), and
 * the programs whose readings the walk extends beyond their table (git, npm and their kin,
 * pip, package runners) or that run a command among their words.
 */
const DECLINED = new Set([
  // bash builtins (bash 5: `compgen -b`) and special forms
  ".",
  ":",
  "[",
  "[[",
  "]]",
  "alias",
  "bg",
  "bind",
  "break",
  "builtin",
  "caller",
  "cd",
  "command",
  "compgen",
  "complete",
  "compopt",
  "continue",
  "declare",
  "dirs",
  "disown",
  "enable",
  "eval",
  "exec",
  "exit",
  "export",
  "fc",
  "fg",
  "getopts",
  "hash",
  "help",
  "history",
  "jobs",
  "kill",
  "let",
  "local",
  "logout",
  "mapfile",
  "popd",
  "pushd",
  "read",
  "readarray",
  "readonly",
  "return",
  "set",
  "shift",
  "shopt",
  "source",
  "suspend",
  "test",
  "times",
  "trap",
  "type",
  "typeset",
  "ulimit",
  "umask",
  "unalias",
  "unset",
  "wait",
  // programs the walk reads beyond their table (git's reading is followed above)
  "hub",
  "lab",
  "yadm",
  "vcsh",
  "pnpx",
  "bun",
  "bunx",
  "deno",
  "corepack",
  "volta",
  "env",
  "sudo",
  "doas",
  "xargs",
  "sh",
  "bash",
  "zsh",
  "dash",
  "ksh",
]);

/**
 * The directory as the full analysis uses it, when it is already in its normal form (the
 * full analysis normalises it; the fast path takes only the form it would leave unchanged).
 */
function normalizedDirectory(path: string): string | null {
  if (path === "/") return path;
  if (!path.startsWith("/") || path.endsWith("/") || /\/\.{0,2}(?:\/|$)/.test(path)) return null;
  return path;
}
