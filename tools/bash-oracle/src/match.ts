import { posix } from "node:path";
import { braceExpand, minimatch } from "minimatch";

/**
 * Pattern options shared by every glob comparison. `dot` is on because a glob in the analysis
 * must cover whatever bash could have matched: it is never stricter than bash's own rules.
 */
export const GLOB_OPTIONS = { dot: true, nonegate: true, nocomment: true, noext: true } as const;

/**
 * Whether a real path matches a glob the analysis reported, as the gates read it: bash's rules,
 * where `*`, `?` and a bracket never match the `.` that starts a name (a leading dot is
 * matched only by a written one), and a `**` segment is any run of folders, dot folders too,
 * unless `starsSkipDots` (bash's own `**` under globstar, which skips them as `*` does). A
 * glob the analysis reports for a name it trusts to start with no dot (`log-$(date +%s)` as
 * `log-*`) covers a dot file only where that trust is wrong, which is the point of checking.
 */
export function globCovers(glob: string, path: string, starsSkipDots = false): boolean {
  for (const alternative of braceExpand(glob)) {
    if (bashGlobRegExp(alternative, starsSkipDots).test(path)) return true;
  }
  return false;
}

const compiledGlobs = new Map<string, RegExp>();

function bashGlobRegExp(glob: string, starsSkipDots: boolean): RegExp {
  const key = `${starsSkipDots ? "*" : "-"}${glob}`;
  let compiled = compiledGlobs.get(key);
  if (compiled === undefined) {
    const segments = glob.split("/");
    let source = "";
    segments.forEach((segment, index) => {
      const last = index === segments.length - 1;
      if (segment === "**") {
        const folder = starsSkipDots ? String.raw`(?!\.)[^/]+` : "[^/]+";
        source += last ? `(?:${folder}(?:/${folder})*)?` : `(?:${folder}/)*`;
        return;
      }
      source += segmentSource(segment) + (last ? "" : "/");
    });
    // A relative glob (`**/build/x`, where a cd was not followed) matches at any depth.
    compiled = new RegExp(`^${glob.startsWith("/") ? "" : "(?:.*/)?"}${source}$`, "s");
    // A fuzz run meets thousands of globs: keep the recent ones, not all.
    if (compiledGlobs.size >= 1024) compiledGlobs.clear();
    compiledGlobs.set(key, compiled);
  }
  return compiled;
}

/** One segment of a glob: a name start must be a written `.` to match a dot. */
function segmentSource(segment: string): string {
  let source: string;
  try {
    source = readingsSource(segment, 0, { readings: 1 });
  } catch (error) {
    // Past MAX_READINGS the gates let the glob meet anything: so does the oracle here.
    if (error !== TOO_MANY_READINGS) throw error;
    return ".*";
  }
  const literalDot = segment.startsWith(".") || segment.startsWith("\\.");
  return literalDot || segment === "" ? source : `(?!\\.)${source}`;
}

/** Readings of one glob kept apart, as the gates keep them (glob-meet.ts MAX_READINGS). */
const MAX_READINGS = 64;
const TOO_MANY_READINGS = new Error("too many readings of a glob");

/**
 * The regular expression for `segment` from `from` on. A bracket bash reads in more than one
 * way (see {@link readBracket}) stands for each reading the gates judge: a literal `[`, or any
 * one character ending at each later `]` of the segment.
 */
function readingsSource(segment: string, from: number, count: { readings: number }): string {
  let out = "";
  let i = from;
  while (i < segment.length) {
    const c = segment[i] as string;
    if (c === "\\" && i + 1 < segment.length) {
      out += escapeRegExp(segment[i + 1] as string);
      i += 2;
    } else if (c === "*") {
      out += "[^/]*";
      i++;
    } else if (c === "?") {
      out += "[^/]";
      i++;
    } else if (c === "[") {
      const bracket = readBracket(segment, i);
      if (bracket.kind === "unmodelled") throw TOO_MANY_READINGS;
      if (bracket.kind === "literal") {
        out += "\\[";
        i++;
        continue;
      }
      if (bracket.kind === "plain") {
        out += bracket.source;
        i = bracket.end + 1;
        continue;
      }
      const ends: number[] = [];
      for (let k = segment.indexOf("]", i + 1); k !== -1; k = segment.indexOf("]", k + 1)) {
        ends.push(k);
      }
      count.readings += ends.length;
      if (count.readings > MAX_READINGS) throw TOO_MANY_READINGS;
      const readings = [`\\[${readingsSource(segment, i + 1, count)}`];
      for (const end of ends) readings.push(`[^/]${readingsSource(segment, end + 1, count)}`);
      return `${out}(?:${readings.join("|")})`;
    } else {
      out += escapeRegExp(c);
      i++;
    }
  }
  return out;
}

/** Code points every locale puts in a POSIX class (glob-meet.ts SURE_CLASS_MEMBERS). */
const SURE_CLASS_MEMBERS: Readonly<Record<string, readonly (readonly [number, number])[]>> = {
  upper: [[0x41, 0x5a]],
  lower: [[0x61, 0x7a]],
  digit: [[0x30, 0x39]],
  alpha: [
    [0x41, 0x5a],
    [0x61, 0x7a],
  ],
  alnum: [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x61, 0x7a],
  ],
  word: [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x5f, 0x5f],
    [0x61, 0x7a],
  ],
  xdigit: [
    [0x30, 0x39],
    [0x41, 0x46],
    [0x61, 0x66],
  ],
  space: [
    [0x09, 0x0d],
    [0x20, 0x20],
  ],
  blank: [
    [0x09, 0x09],
    [0x20, 0x20],
  ],
};

type Bracket =
  | { kind: "plain"; end: number; source: string }
  | { kind: "literal" }
  | { kind: "subtle" }
  | { kind: "unmodelled" };

/**
 * The bracket opened at `open` in one segment, read as the gates read it (glob-meet.ts
 * BracketScan): plain members, two-character ranges and lone `[:name:]` classes; any other `[`
 * followed by `=`, `.` or `:` makes it subtle (bash 5.2's matcher reads it differently for a
 * matching and a non-matching character), a class name a `]` cuts short leaves the glob
 * unmodelled (it may meet anything), and a bracket with no `]` is a literal `[`.
 */
function readBracket(segment: string, open: number): Bracket {
  const chars = [...segment.slice(open)];
  let i = 1;
  let negated = false;
  if (chars[i] === "!" || chars[i] === "^") {
    negated = true;
    i++;
  }
  const ranges: [number, number][] = [];
  let posix = false;
  let first = true;
  const mark = (char: string | undefined) => char === ":" || char === "=" || char === ".";
  for (; i < chars.length; i++) {
    const c = chars[i] as string;
    if (c === "]" && !first) {
      const end = open + chars.slice(0, i).join("").length;
      return { kind: "plain", end, source: classSource(ranges, negated, posix) };
    }
    first = false;
    if (c === "[" && mark(chars[i + 1])) {
      const rest = chars.slice(i).join("");
      const plain = /^\[:([a-z]+):\]/.exec(rest);
      if (plain === null && chars[i + 1] === ":") {
        const pair = rest.indexOf(":]", 2);
        if (pair === -1 || rest.indexOf("]", 2) !== pair + 1) return { kind: "unmodelled" };
      }
      const close = plain === null ? -1 : i + plain[0].length - 1;
      if (close === -1 || chars[i - 1] === "-" || chars[close + 1] === "-")
        return { kind: "subtle" };
      for (const range of SURE_CLASS_MEMBERS[plain?.[1] ?? ""] ?? [])
        ranges.push([range[0], range[1]]);
      posix = true;
      i = close;
      continue;
    }
    let lo = c;
    if (c === "\\") lo = chars[++i] ?? "\\";
    let hi = lo;
    if (chars[i + 1] === "-" && chars[i + 2] !== undefined && chars[i + 2] !== "]") {
      if (chars[i + 2] === "[" && mark(chars[i + 3])) return { kind: "subtle" };
      i += 2;
      hi = chars[i] as string;
      if (hi === "\\") hi = chars[++i] ?? "\\";
    }
    const a = lo.codePointAt(0) as number;
    const b = hi.codePointAt(0) as number;
    if (a <= b) ranges.push([a, b]);
    else if (!negated) ranges.push([b, a]);
  }
  return { kind: "literal" };
}

/** A bracket's characters as a regular expression: never `/`. */
function classSource(
  ranges: readonly [number, number][],
  negated: boolean,
  posix: boolean,
): string {
  if (posix && !negated) return "[^/]";
  // Past the basic plane a regular expression without the `u` flag reads halves: any character.
  if (ranges.some(([, hi]) => hi > 0xffff)) return "[^/]";
  const hex = (n: number) => `\\u${n.toString(16).padStart(4, "0")}`;
  const body = ranges.map(([lo, hi]) => (lo === hi ? hex(lo) : `${hex(lo)}-${hex(hi)}`)).join("");
  if (negated) return `[^/${body}]`;
  return body === "" ? "(?!)" : `[${body}]`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** What the analysis knows that bash will substitute into a word without running anything. */
export interface WordContext {
  cwd: string;
  home: string;
}

type Atom =
  | { kind: "program"; name: string }
  | { kind: "fd-path" }
  | { kind: "any-words" }
  | { kind: "literal"; text: string }
  | { kind: "glob"; pattern: string };

/**
 * Whether a word holds an expansion whose value the words alone do not give: `$x`, `$(…)`,
 * `` `…` ``, `$((…))`, and the tilde forms that read state (`~-` is OLDPWD, `~name` a
 * user's home). `~`, `~/…` and `~+` are not: the analysis knows home and working directory.
 */
export function isComputed(word: string): boolean {
  if (word.includes("$") || word.includes("`")) return true;
  return /^~[^/+]/.test(word) || /^~\+[^/]/.test(word);
}

const PROCESS_SUBSTITUTION = /^[<>]\(.*\)$/s;

function hasGlob(word: string): boolean {
  return /[*?]/.test(word) || /\[[^\]]+\]/.test(word);
}

/**
 * The readings of one analysis word, each a list of atoms standing for consecutive real
 * words. A word is taken literally, and besides:
 * - the command word (index 0) matches by basename (`/bin/rm` is `rm`);
 * - a leading `~`, `~/`, `$HOME`, `${HOME}` reads as the home directory the analysis was given,
 *   and `~+` as its working directory (a rebound HOME or a `cd` then shows as a mismatch, which
 *   is the point: the analysis must know which directory the word names);
 * - a process substitution `<(…)` or `>(…)` reads as the `/dev/fd/N` path bash passes;
 * - brace expansion gives its words (`{.env,README.md}` is two words);
 * - a glob stands for one or more words it matches (or for itself when nothing matched).
 * Any other expansion (`$x`, `$(…)`, backticks, `${x:-…}`, `$((…))`) is not a reading: the
 * real word must equal it, or the word is reported as computed.
 */
function readings(
  word: string,
  index: number,
  context: WordContext,
  computedWildcard: boolean,
): Atom[][] {
  if (index === 0) return [[{ kind: "program", name: posix.basename(word) }]];
  const result: Atom[][] = [[{ kind: "literal", text: word }]];
  if (PROCESS_SUBSTITUTION.test(word)) return [...result, [{ kind: "fd-path" }]];
  if (computedWildcard && isComputed(word)) result.push([{ kind: "any-words" }]);
  const home = expandHome(word, context);
  if (home !== null) result.push([{ kind: "literal", text: home }]);
  const lexical = home ?? word;
  if (isComputed(lexical)) return result;
  const braces = lexical.includes("{") ? braceExpand(lexical) : [lexical];
  const sequence: Atom[] = braces.map((part) =>
    hasGlob(part) ? { kind: "glob", pattern: part } : { kind: "literal", text: part },
  );
  if (braces.length > 1 || sequence.some((atom) => atom.kind === "glob")) result.push(sequence);
  return result;
}

function expandHome(word: string, context: WordContext): string | null {
  const prefixes: [string, string][] = [
    ["~+", context.cwd],
    ["~", context.home],
    ["$HOME", context.home],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash parameter expansion, not a template
    ["${HOME}", context.home],
  ];
  for (const [prefix, directory] of prefixes) {
    if (word === prefix) return directory;
    if (word.startsWith(`${prefix}/`)) return directory + word.slice(prefix.length);
  }
  return null;
}

/**
 * Whether the analysis words describe the real argv exactly, up to the readings above. With
 * `computedWildcard` a computed word stands for any run of real words: that is not a proof (the
 * gates match the word as written), only how a failure is classified as `computed-word`.
 */
export function wordsMatch(
  words: readonly string[],
  argv: readonly string[],
  context: WordContext,
  computedWildcard = false,
  wildcards: ReadonlySet<number> = new Set(),
): boolean {
  const memo = new Map<number, boolean>();
  const fromWord = (i: number, j: number): boolean => {
    if (i === words.length) return j === argv.length;
    const key = i * (argv.length + 1) + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let ok = false;
    const declared = wildcards.has(i) ? [[{ kind: "any-words" } as Atom]] : [];
    for (const atoms of [...declared, ...readings(words[i] ?? "", i, context, computedWildcard)]) {
      if (fromAtom(atoms, 0, j, (next) => fromWord(i + 1, next))) {
        ok = true;
        break;
      }
    }
    memo.set(key, ok);
    return ok;
  };
  const fromAtom = (
    atoms: Atom[],
    a: number,
    j: number,
    rest: (next: number) => boolean,
  ): boolean => {
    if (a === atoms.length) return rest(j);
    const atom = atoms[a];
    if (atom?.kind === "any-words") {
      for (let k = j; k <= argv.length; k++) if (fromAtom(atoms, a + 1, k, rest)) return true;
      return false;
    }
    const real = argv[j];
    if (atom === undefined || real === undefined) return false;
    switch (atom.kind) {
      case "program":
        return posix.basename(real) === atom.name && fromAtom(atoms, a + 1, j + 1, rest);
      case "literal":
        return real === atom.text && fromAtom(atoms, a + 1, j + 1, rest);
      case "fd-path":
        return /^\/dev\/fd\/\d+$/.test(real) && fromAtom(atoms, a + 1, j + 1, rest);
      case "glob": {
        if (real === atom.pattern) return fromAtom(atoms, a + 1, j + 1, rest);
        for (
          let k = j;
          k < argv.length && minimatch(argv[k] ?? "", atom.pattern, GLOB_OPTIONS);
          k++
        ) {
          if (fromAtom(atoms, a + 1, k + 1, rest)) return true;
        }
        return false;
      }
    }
  };
  return fromWord(0, 0);
}

/**
 * The first analysis word that does not describe the real word at the same place, for the
 * report; `null` when the lists differ only in length.
 */
export function firstDifference(
  words: readonly string[],
  argv: readonly string[],
  context: WordContext,
): { index: number; word: string | null; real: string | null } | null {
  const length = Math.max(words.length, argv.length);
  for (let index = 0; index < length; index++) {
    const word = words[index] ?? null;
    const real = argv[index] ?? null;
    if (word === null || real === null) return { index, word, real };
    if (!wordsMatch([words[0] ?? "", word], [argv[0] ?? "", real], context) && index > 0) {
      return { index, word, real };
    }
    if (index === 0 && posix.basename(word) !== posix.basename(real)) return { index, word, real };
  }
  return null;
}
