// The bash pattern language: `*` is any run of characters (none, spaces and `/` included),
// everything else is literal. A `*` that is a word of its own stands for any run of words,
// none included (`git *` matches `git`, `a * b` matches `a b`), and an option word followed by
// such a `*` also meets its attached spellings (`-v *` meets `-v/x`, `--volume *` meets
// `--volume=/x`). docs/configuration.md "Bash patterns" states the rules with examples.

import { spendWork } from "./work-budget.ts";

// A compiled pattern. Matching never builds a regular expression: `^a.*b.*c$` backtracks
// polynomially in the number of stars over a long command (a 400-character command against
// `git * * * * z` took seconds), and the command is the agent's input. The pattern and the text
// are both read with one blank added at each end, so that a word-star at either end is a
// word-star between blanks like any other. The scan below is linear in the text for each run.
interface Compiled {
  /** The literal runs of the padded pattern, split at its stars. */
  readonly runs: readonly string[];
  /**
   * Per run: whether its last character, a blank before a word-star after a long option
   * (`--volume *`), may also be `=` in the text (`--volume=/x`).
   */
  readonly eq: readonly boolean[];
  /**
   * Per star (between run k and run k+1): whether it is a word-star, whose blanks on both
   * sides may be one and the same blank of the text, so that it matches no word at all.
   */
  readonly word: readonly boolean[];
}

const cache = new Map<string, Compiled>();
const CACHE_LIMIT = 2048;

function compiled(pattern: string): Compiled {
  let found = cache.get(pattern);
  if (found === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    found = compile(pattern);
    cache.set(pattern, found);
  }
  return found;
}

/**
 * A pattern as it is matched: trimmed, every run of blanks one space, every run of `*` one `*`.
 *
 * @example
 * ```ts
 * normalizeBashPattern("  git   push  **"); // "git push *"
 * ```
 */
export function normalizeBashPattern(pattern: string): string {
  return pattern.trim().replace(/\s+/g, " ").replace(/\*+/g, "*");
}

// `-v`: one dash and one character. `--volume`: two dashes and a name without `=`.
const SHORT_OPTION = /^-[^-]$/;
const LONG_OPTION = /^--[^=]+$/;

function compile(pattern: string): Compiled {
  const words = normalizeBashPattern(pattern).split(" ");
  let padded = " ";
  const word: boolean[] = [];
  const eqAt = new Set<number>();
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    if (i > 0) padded += " ";
    if (w === "*") {
      // Word-stars in a row are one: any run of words twice is any run of words.
      while (words[i + 1] === "*") i++;
      padded += "*";
      word.push(true);
      continue;
    }
    const starNext = words[i + 1] === "*";
    if (i > 0 && starNext && SHORT_OPTION.test(w) && !w.includes("*")) {
      // `-v *` is `-v*`: the option with its value attached (`-v/x`), bundled with other
      // letters (`-vx`), alone, or followed by any words.
      padded += `${w}*`;
      word.push(false);
      i++;
      while (words[i + 1] === "*") i++;
      continue;
    }
    if (i > 0 && starNext && LONG_OPTION.test(w) && !w.includes("*")) {
      // `--volume *`: the blank after the name may be `=` in the text (`--volume=/x`).
      padded += w;
      eqAt.add(padded.length);
      continue;
    }
    const parts = w.split("*");
    padded += parts.join("*");
    for (let k = 1; k < parts.length; k++) word.push(false);
  }
  padded += " ";
  const runs = padded.split("*");
  // The blank at `eqAt` ends the run before the long option's word-star.
  const eq: boolean[] = [];
  let at = 0;
  for (const run of runs) {
    at += run.length;
    eq.push(eqAt.has(at - 1));
    at += 1;
  }
  return { runs, eq, word };
}

// Where `run` (or, when `eq`, the same run ending in `=`) first occurs in `text` at or after
// `from`, or -1. Both spellings have the run's length.
function find(text: string, run: string, eq: boolean, from: number): number {
  const found = text.indexOf(run, from);
  if (!eq) return found;
  const other = text.indexOf(`${run.slice(0, -1)}=`, from);
  if (found === -1) return other;
  return other === -1 ? found : Math.min(found, other);
}

// Whether the padded `text` is the runs joined by what their stars match. The first run is a
// prefix and the last a suffix; each run between them is taken at its leftmost place after the
// one before, which is never worse than a later place: the next run may start at the end of
// this one (one earlier after a word-star that ended on a blank), so an earlier end only ever
// leaves more room. No choice is revisited.
function matchesRuns({ runs, eq, word }: Compiled, text: string): boolean {
  const first = runs[0] as string;
  if (runs.length === 1) return text === first;
  if (!text.startsWith(first) && !(eq[0] && text.startsWith(`${first.slice(0, -1)}=`)))
    return false;
  let at = first.length;
  // How far back the run after star k may start: one blank shared across a word-star.
  const back = (k: number) => (word[k] && text[at - 1] === " " ? 1 : 0);
  for (let k = 1; k < runs.length - 1; k++) {
    const run = runs[k] as string;
    const found = find(text, run, eq[k] as boolean, at - back(k - 1));
    if (found === -1) return false;
    at = found + run.length;
  }
  const last = runs[runs.length - 1] as string;
  const start = text.length - last.length;
  return start >= at - back(runs.length - 2) && text.endsWith(last);
}

/**
 * Whether a bash pattern matches one executed command unit. `text` is the unit's normalised
 * text: its words after quote removal, joined by one space, with leading assignments,
 * redirects and execution-modifier wrappers already removed by the analyser. The pattern is
 * matched against the whole text, from its first character to its last.
 *
 * - `*` matches any run of characters, including none, spaces and `/`; `?`, `[` and every
 *   other character are literal. There is no escape for a literal `*`.
 * - A `*` that is a word of its own (blanks or the pattern's ends on both sides) matches any
 *   run of words, none included: `git *` matches `git`, `a * b` matches `a b`.
 * - An option word after the first followed by such a `*` also meets its attached spellings:
 *   `-v *` matches `-v/x` and `-vx` (it is `-v*`), `--volume *` matches `--volume=/x`.
 * - Runs of blanks in the pattern count as one space, and `**` as `*`.
 *
 * @example
 * ```ts
 * matchesBashPattern("git *", "git");            // true
 * matchesBashPattern("git *", "gitk");           // false
 * matchesBashPattern("rm *", "rmdir x");         // false
 * matchesBashPattern("git status", "git status -s"); // false
 * matchesBashPattern("npm publish*", "npm publish --dry-run"); // true
 * matchesBashPattern("docker run * -v *", "docker run -v /:/h alpine"); // true
 * matchesBashPattern("docker run * --volume *", "docker run --volume=/:/h alpine"); // true
 * ```
 */
export function matchesBashPattern(pattern: string, text: string): boolean {
  return matchesRuns(compiled(pattern), padded(text));
}

// A gate matches one text against every rule of a surface in turn: the blank-padded text is
// made once for the run of calls about the same text, not once per rule (issue 18).
let lastText = "";
let lastPadded = "  ";
function padded(text: string): string {
  if (text !== lastText) {
    lastText = text;
    lastPadded = ` ${text} `;
  }
  return lastPadded;
}

/**
 * Whether a bash pattern can match some text the shape `shape` stands for, where `*` in the
 * shape is a run of characters only known at run time (a computed word). The pattern is read
 * in its own language ({@link matchesBashPattern}); a product search decides, with no
 * backtracking.
 *
 * @example
 * ```ts
 * bashPatternMeets("git push *", "git* origin"); // true: the computed word may be ` push`
 * bashPatternMeets("git push *", "git commit -m*"); // false
 * ```
 */
export function bashPatternMeets(pattern: string, shape: string): boolean {
  return starsMeet(compiled(pattern), padded(shape));
}

/**
 * In a shape ({@link bashPatternMeets}), a run of characters only known at run time none of
 * which is `/`: the names a glob makes in one folder (`rm -f *.log` is `rm -f ${NAME_RUN}`), which
 * never start another path.
 *
 * @example
 * ```ts
 * bashPatternMeets("rm -rf /*", `rm ${NAME_RUN}`); // false: no name holds the `/`
 * bashPatternMeets("rm -rf *", `rm ${NAME_RUN}`);  // true: a file may be called `-rf`
 * ```
 */
export const NAME_RUN = "\u0001";

// The first and last star of either kind in a shape, or -1.
function firstStar(b: string): number {
  const star = b.indexOf("*");
  const name = b.indexOf(NAME_RUN);
  return star === -1 ? name : name === -1 ? star : Math.min(star, name);
}

function lastStar(b: string): number {
  return Math.max(b.lastIndexOf("*"), b.lastIndexOf(NAME_RUN));
}

// The pattern side as positions over its padded text: a run character (literal, or blank-or-`=`
// where `eq`), or a star that consumes any character; a word-star may also be stepped over
// together with the blank before it (the blanks on both its sides are one).
interface StarForm {
  readonly a: string;
  readonly eqAt: ReadonlySet<number>;
  readonly wordAt: ReadonlySet<number>;
  /** How many characters `a` starts with that only a literal of the shape can meet. */
  readonly head: number;
  /** How many characters `a` ends with that only a literal of the shape can meet. */
  readonly tail: number;
}

// Worked out once per pattern: a gate asks about many shapes against the same rules.
const starForms = new WeakMap<Compiled, StarForm>();

function starForm(pattern: Compiled): StarForm {
  let form = starForms.get(pattern);
  if (form === undefined) {
    const a = pattern.runs.join("*");
    const eqAt = new Set<number>();
    const wordAt = new Set<number>();
    let at = 0;
    pattern.runs.forEach((run, k) => {
      at += run.length;
      if (pattern.eq[k]) eqAt.add(at - 1);
      if (pattern.word[k]) wordAt.add(at);
      at += 1;
    });
    const runs = pattern.runs;
    // Before the first star, every character but the last (a blank that may be `=`, or be
    // stepped over with a word-star) is one literal; after the last star, every character is.
    const single = runs.length === 1;
    form = {
      a,
      eqAt,
      wordAt,
      head: single ? a.length : (runs[0] as string).length - 1,
      tail: single ? 0 : (runs[runs.length - 1] as string).length,
    };
    starForms.set(pattern, form);
  }
  return form;
}

/**
 * The product states one search may visit (a rule's characters times a shape's): a rule of
 * many stars against a long shape visited millions (D18-03: 24 s for a 250-star rule and
 * 4 KB). Past it the shape is taken to meet the rule, which only ever makes a call stricter.
 */
const MEET_STATES = 200_000;

function starsMeet(pattern: Compiled, b: string): boolean {
  const form = starForm(pattern);
  const { a, eqAt, wordAt } = form;
  // A path through the product reads the pattern's literal head against the shape's literal
  // head one character at a time, and its literal tail likewise: a difference there is final.
  const bHead = firstStar(b);
  const heads = Math.min(form.head, bHead === -1 ? b.length : bHead);
  for (let k = 0; k < heads; k++) if (a.charCodeAt(k) !== b.charCodeAt(k)) return false;
  const bTail = lastStar(b);
  const tails = Math.min(form.tail, bTail === -1 ? b.length : b.length - bTail - 1);
  for (let k = 1; k <= tails; k++) {
    if (a.charCodeAt(a.length - k) !== b.charCodeAt(b.length - k)) return false;
  }
  // With a star on both sides, the pattern read with every blank as a blank (its narrowest
  // reading) meets the shape as soon as both heads agree where they overlap, and both tails:
  // the text that starts with the longer head, holds every literal run of both between, and
  // ends with the longer tail is one of each. A run of names cannot hold the pattern's
  // literal runs, which may have a `/`: a shape with one takes the search below.
  if (form.head < a.length && bHead !== -1 && !b.includes(NAME_RUN)) {
    const first = (pattern.runs[0] as string).length;
    const both = Math.min(first, bHead);
    let agree = true;
    for (let k = form.head; k < both && agree; k++) agree = a.charCodeAt(k) === b.charCodeAt(k);
    if (agree) return true;
  }
  const seen = new Set<number>();
  const width = b.length + 1;
  const stack: number[] = [];
  const push = (i: number, j: number) => {
    const key = i * width + j;
    if (seen.has(key)) return;
    seen.add(key);
    stack.push(key);
    // A star may match nothing: step over it without consuming.
    if (a[i] === "*") push(i + 1, j);
    // A word-star with no word: its blank before and after are the same blank.
    if (wordAt.has(i + 1)) push(i + 2, j);
    if (b[j] === "*" || b[j] === NAME_RUN) push(i, j + 1);
  };
  push(0, 0);
  while (stack.length > 0) {
    // Past the budget the answer is the cautious one: the stricter rule may meet the shape.
    if (seen.size > MEET_STATES) return true;
    const key = stack.pop() as number;
    const i = Math.floor(key / width);
    const j = key % width;
    if (i === a.length && j === b.length) return true;
    const ca = a[i];
    const cb = b[j];
    if (ca === undefined || cb === undefined) continue;
    // Consume one character that both sides accept: a star stays put, a literal moves on.
    if (ca === "*") push(i, j + 1);
    else if (cb === "*" || (cb === NAME_RUN && ca !== "/")) push(i + 1, j);
    else if (ca === cb || (eqAt.has(i) && cb === "=")) push(i + 1, j + 1);
  }
  return false;
}

interface OptionWords {
  words: string[];
  named: string[];
  /**
   * For a pattern that names no option, the runs of its words after the first without their
   * `*`s (`git push origin *`: `push`, `origin`); `null` when it names one. Such a pattern sets
   * every option aside and makes no word: each reading is the command's own words, fewer, so
   * a run it lacks is in no reading (issue 18: most commands lack the rule's subcommand).
   */
  runs: string[] | null;
}

const optionCache = new Map<string, OptionWords>();

/** Tests turn the check of {@link OptionWords.runs} off to compare it with reading every command. */
export const optionRunsShortcut = { enabled: true };

// A pattern's words, and the option words among them after the first (the options it names).
function optionWords(pattern: string): OptionWords {
  let found = optionCache.get(pattern);
  if (found === undefined) {
    if (optionCache.size >= CACHE_LIMIT) optionCache.clear();
    const words = normalizeBashPattern(pattern).split(" ");
    const named = words.slice(1).filter((w) => w.length > 1 && w.startsWith("-"));
    const runs =
      named.length > 0 ? null : words.slice(1).flatMap((w) => w.split("*").filter((r) => r !== ""));
    found = { words, named, runs };
    optionCache.set(pattern, found);
  }
  return found;
}

/** Past this many readings of a command's option words, only the first reading of each counts. */
const OPTION_READINGS = 32;

/**
 * The command as a deny or ask pattern reads it, when it does not match as written: with the
 * option words the pattern does not name set aside, each with or without the word after it,
 * which may be its value (`git commit -q -F m` and `git commit -m x -F m` are
 * `git commit -F m` for `git commit -F *`), and a cluster of short options split at the
 * options the pattern names (`-aF m` holds `-F`; `-Fm` is `-F` with the value `m`, attached or
 * as the next word; the letters after a named one may also be options of their own: `-rf`
 * holds `-r`). Options after an operand are also read where the pattern puts them
 * (`rm build -rf`), and an empty operand is left out. A long option the
 * pattern names keeps its `=value` attached or as the next word. A cluster the pattern names
 * (`rm -rf /*`) meets its letters in any order, joined or split (`rm -fr /`, `rm -r -f /`,
 * `rm -rfv /`). Words after `--` are operands and stay. Returns the first reading the pattern
 * matches (its clusters' letters in order, `-fr`, when it met one that way), or `null` (also when
 * the pattern matches the command as written). `argv`, when given, is the command's words, whose
 * joining is `text`; without it the words are `text` split at its blanks.
 *
 * Allow patterns are never read this way: setting an option aside may drop the one that made
 * the command safe, so a wider allow would allow what the user did not mean
 * (docs/configuration.md, "Options inserted or clustered").
 *
 * @example
 * ```ts
 * bashPatternMeetsWithOptions("git commit -F *", "git commit -q -F msg"); // "git commit -F msg"
 * bashPatternMeetsWithOptions("git commit -F *", "git commit -aF msg");   // "git commit -F msg"
 * bashPatternMeetsWithOptions("rm -r x", "rm -rf x");                      // "rm -r x"
 * bashPatternMeetsWithOptions("git push origin *", "git push -f origin main"); // "git push origin main"
 * bashPatternMeetsWithOptions("rm -rf /*", "rm -r -f /");                 // "rm -fr /"
 * ```
 */
export function bashPatternMeetsWithOptions(
  pattern: string,
  text: string,
  argv?: readonly string[],
): string | null {
  const { words: patternWords, named, runs } = optionWords(pattern);
  if (patternWords.length < 2) return null;
  // Options never change the command word: a pattern naming another one cannot meet.
  const head = patternWords[0] as string;
  const space = text.indexOf(" ");
  if (!head.includes("*") && head !== (space === -1 ? text : text.slice(0, space))) return null;
  // A reading's words are the command's (see OptionWords.runs), and a run has no blank: it
  // lies inside one of them.
  if (optionRunsShortcut.enabled && runs?.some((run) => !text.includes(run))) return null;
  if (matchesBashPattern(pattern, text)) return null;
  // The command's own words when the caller has them: a word with blanks in it (a quoted
  // message, `-m "fix -F flag"`) is one word, never options of its own.
  const words = argv !== undefined && argv.join(" ") === text ? [...argv] : text.split(" ");
  const read = (ws: readonly string[], pinned: ReadonlySet<number>) =>
    readWithOptions(pattern, patternWords, named, ws, pinned, text);
  const direct = read(words, new Set());
  if (direct !== null) return direct;
  // Most programs take their options anywhere among the operands (`rm build -rf` is
  // `rm -rf build`, `git push origin main --force` is `git push --force origin main`): the
  // options after an operand are also read right after each earlier word. Moved, they are
  // never set aside, so options at the end still do not meet an exact pattern.
  for (const { moved, pinned } of permutedOptions(words)) {
    const reading = read(moved, pinned);
    if (reading !== null) return reading;
  }
  return null;
}

/** How many places a command's trailing options are tried at. */
const OPTION_PLACES = 8;

// The words with the options that follow an operand moved right after each of the first
// words in turn (before `--`, which ends the options).
function permutedOptions(
  words: readonly string[],
): { moved: string[]; pinned: ReadonlySet<number> }[] {
  const end = words.indexOf("--", 1) === -1 ? words.length : words.indexOf("--", 1);
  const isOption = (w: string) => /^-./.test(w);
  const firstOperand = words.findIndex((w, i) => i > 0 && i < end && !isOption(w));
  if (firstOperand === -1) return [];
  const late = words.slice(firstOperand, end).filter(isOption);
  if (late.length === 0) return [];
  const head = words.slice(0, firstOperand);
  const rest = words.slice(firstOperand, end).filter((w) => !isOption(w));
  const out: { moved: string[]; pinned: ReadonlySet<number> }[] = [];
  for (let k = 0; k <= Math.min(rest.length, OPTION_PLACES); k++) {
    const before = [...head, ...rest.slice(0, k)];
    const moved = [...before, ...late, ...rest.slice(k), ...words.slice(end)];
    out.push({ moved, pinned: new Set(late.map((_, j) => before.length + j)) });
  }
  return out;
}

/** One word's reading appended to the reading of the words before it. */
interface ReadingLink {
  readonly words: readonly string[];
  readonly before: ReadingLink | null;
}

function joinReading(last: ReadingLink | null): string {
  const parts: (readonly string[])[] = [];
  for (let link = last; link !== null; link = link.before) parts.push(link.words);
  return parts.reverse().flat().join(" ");
}

function readWithOptions(
  pattern: string,
  patternWords: readonly string[],
  named: readonly string[],
  words: readonly string[],
  pinned: ReadonlySet<number>,
  text: string,
): string | null {
  // Per word, its readings: each a run of words that stands for it.
  const readings: string[][][] = [[[words[0] as string]]];
  let operands = false;
  // Whether the word before was an option set aside, whose value this word may be.
  let mayBeValue = false;
  for (const word of words.slice(1)) {
    if (word === "") {
      // An empty operand names no file: the command is the same without it.
      readings.push([[word], []]);
    } else if (operands || !/^-./.test(word)) {
      readings.push(mayBeValue ? [[word], []] : [[word]]);
      mayBeValue = false;
    } else if (word === "--") {
      // The operands after `--` are the same operands without it, unless the pattern names it.
      operands = true;
      readings.push(patternWords.includes("--") || dashOperand(words) ? [[word]] : [[word], []]);
    } else {
      const options = optionReadings(word, named);
      mayBeValue = options.length === 1 && options[0]?.length === 0 && !word.includes("=");
      readings.push(options);
    }
  }
  // Options after the last other word are not between the pattern's words: an exact pattern
  // (`npm publish`) does not meet the command with options added at its end
  // (`npm publish --dry-run`), unless the pattern names one of them: the program reads its
  // options in any order, so `git reset -q --hard` and `git reset --hard -q` are the
  // `git reset --hard` the pattern names. Nor is an option moved into place ever set aside.
  const keep = (i: number) => {
    const kept = (readings[i] as string[][]).filter((r) => r.length > 0);
    readings[i] = kept.length > 0 ? kept : [[words[i] as string]];
  };
  const firstEnd = words.indexOf("--", 1);
  const trailing: number[] = [];
  for (let i = readings.length - 1; i > 0 && /^-./.test(words[i] as string); i--) {
    if (words[i] === "--" || (firstEnd !== -1 && firstEnd < i)) break;
    trailing.push(i);
  }
  // A trailing word the pattern names: every reading of it keeps an option it names.
  const namesTrailing = trailing.some((i) =>
    (readings[i] as string[][]).every((r) => r.length > 0),
  );
  if (!namesTrailing) for (const i of trailing) keep(i);
  for (const i of pinned) keep(i);
  // Each reading grows by one word's reading at a time and branches: kept as a chain of
  // links to the reading before, so that a long command costs its length once per reading,
  // not once per word (copying every reading at every word was quadratic in the words).
  let texts: (ReadingLink | null)[] = [null];
  for (const options of readings) {
    spendWork(texts.length * options.length + 1, "options read against a rule");
    const next: (ReadingLink | null)[] = [];
    for (const t of texts) {
      for (const option of options) {
        if (next.length >= OPTION_READINGS) break;
        next.push({ words: option, before: t });
      }
    }
    // Past the bound, every reading so far goes on with the word's first reading only.
    texts =
      next.length >= OPTION_READINGS
        ? texts.map((t) => ({ words: options[0] ?? [], before: t }))
        : next;
  }
  for (const t of texts) {
    const reading = joinReading(t);
    spendWork(reading.length, "options read against a rule");
    if (reading !== text && matchesBashPattern(pattern, reading)) return reading;
  }
  return clusterReading(
    patternWords,
    named,
    words.filter((w) => w !== ""),
  );
}

const CLUSTER = /^-[A-Za-z0-9]{2,}$/;
const LETTERS = /^-[A-Za-z0-9]+$/;

// The letters of a cluster of short options, each once, in order: `-rf` and `-fr` are `-fr`.
function sortedCluster(word: string): string {
  return `-${[...new Set(word.slice(1))].sort().join("")}`;
}

// A pattern that names a cluster of short options (`rm -rf /*`) meets them in any order and
// split or joined (`rm -fr /`, `rm -r -f /`, `rm -rfv /`): both sides read with each run of
// short-option words as one cluster of the letters the pattern names, in order. Long options
// the pattern does not name are set aside.
function clusterReading(
  patternWords: readonly string[],
  named: readonly string[],
  words: readonly string[],
): string | null {
  if (!patternWords.some((w, i) => i > 0 && CLUSTER.test(w))) return null;
  const letters = new Set(named.filter((w) => LETTERS.test(w)).flatMap((w) => [...w.slice(1)]));
  const pattern = patternWords.map((w, i) => (i > 0 && CLUSTER.test(w) ? sortedCluster(w) : w));
  const out: string[] = [words[0] as string];
  let run = "";
  const flush = () => {
    if (run !== "") out.push(sortedCluster(`-${run}`));
    run = "";
  };
  let operands = false;
  for (const word of words.slice(1)) {
    if (!operands && LETTERS.test(word)) {
      run += [...word.slice(1)].filter((c) => letters.has(c)).join("");
      continue;
    }
    if (!operands && word.startsWith("--") && !named.some((p) => namesWord(p, word))) {
      // `--` ends the options: the operands after it are the same operands without it,
      // unless one of them starts with `-` (`rm -- -rf` removes a file named `-rf`).
      if (word === "--") {
        operands = true;
        if (!dashOperand(words)) continue;
      } else continue;
    }
    flush();
    out.push(word);
  }
  flush();
  const reading = out.join(" ");
  return matchesBashPattern(pattern.join(" "), reading) ? reading : null;
}

// Whether the first operand after `--` starts with `-`: then `--` is what makes it an operand
// (`rm -- -rf` removes a file named `-rf`), and it is never set aside.
function dashOperand(words: readonly string[]): boolean {
  const end = words.indexOf("--", 1);
  return end !== -1 && (words[end + 1] ?? "").startsWith("-");
}

// Whether a pattern word names the option word `-` + `letters.slice(k)`, without making that
// word: a cluster of thousands of letters is met at each of its letters.
function namesTail(p: string, letters: string, k: number): boolean {
  if (!p.startsWith("-")) return false;
  const star = p.indexOf("*");
  if (star === -1) return p.length - 1 === letters.length - k && letters.startsWith(p.slice(1), k);
  return letters.startsWith(p.slice(1, star), k);
}

// Whether a pattern word names this option word as it stands.
function namesWord(p: string, word: string): boolean {
  const star = p.indexOf("*");
  return star === -1 ? p === word : word.startsWith(p.slice(0, star));
}

// The readings of one option word for a pattern that names the options `named`.
function optionReadings(word: string, named: readonly string[]): string[][] {
  if (named.some((p) => namesWord(p, word))) return [[word]];
  if (word.startsWith("--")) {
    const eq = word.indexOf("=");
    const name = eq === -1 ? word : word.slice(0, eq);
    if (eq !== -1 && named.some((p) => namesWord(p, name))) {
      return [[word], [name, word.slice(eq + 1)]];
    }
    return [[]];
  }
  return clusterReadings(word.slice(1), named);
}

// A cluster of short options (`-aFm` without its dash): the letters before the first letter the
// pattern names are options it does not name; from that letter on, the rest is its value
// (attached or as the next word) or more options.
// Only the first {@link OPTION_READINGS} readings of a word are ever combined, so no more are
// made: a cluster of thousands of named letters would otherwise make a reading per letter, each
// as long as the rest, and recurse once per letter.
function clusterReadings(
  letters: string,
  named: readonly string[],
  limit = OPTION_READINGS,
): string[][] {
  for (let k = 0; k < letters.length; k++) {
    const option = `-${letters[k]}`;
    if (!named.some((p) => namesWord(p, option) || namesTail(p, letters, k))) continue;
    const rest = letters.slice(k + 1);
    if (rest === "") return [[option]];
    const own = [[`-${letters.slice(k)}`], [option, rest]];
    if (limit <= own.length) return own.slice(0, Math.max(1, limit));
    return [
      ...own,
      ...clusterReadings(rest, named, limit - own.length).map((more) => [option, ...more]),
    ];
  }
  return [[]];
}
