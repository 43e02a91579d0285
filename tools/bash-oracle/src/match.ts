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
  let out = "";
  let i = 0;
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
      const end = bracketEnd(segment, i);
      if (end === -1) {
        out += "\\[";
        i++;
        continue;
      }
      let body = segment.slice(i + 1, end);
      const negated = body.startsWith("!") || body.startsWith("^");
      if (negated) body = body.slice(1);
      // A class (`[[:alpha:]]`) or collating element is any character here: wider, not narrower.
      const members = body.replace(/[\\\]^[]/g, "\\$&");
      if (/\[[:.=]/.test(body)) out += "[^/]";
      else out += negated ? `[^/${members}]` : `[${members}]`;
      i = end + 1;
    } else {
      out += escapeRegExp(c);
      i++;
    }
  }
  const literalDot = segment.startsWith(".") || segment.startsWith("\\.");
  return literalDot || segment === "" ? out : `(?!\\.)${out}`;
}

/** Where the bracket expression opened at `start` closes (`]` first in it is a member), or -1. */
function bracketEnd(segment: string, start: number): number {
  let i = start + 1;
  if (segment[i] === "!" || segment[i] === "^") i++;
  if (segment[i] === "]") i++;
  for (; i < segment.length; i++) {
    const c = segment[i] as string;
    // `[:alpha:]`, `[.a.]`, `[=a=]` inside the brackets close with their own `:]`.
    if (c === "[" && /[:.=]/.test(segment[i + 1] ?? "")) {
      const close = segment.indexOf(`${segment[i + 1]}]`, i + 2);
      if (close !== -1) i = close + 1;
    } else if (c === "]") return i;
  }
  return -1;
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
