/**
 * A one-pass reader of GNU sed scripts, so that what a script can do beyond editing text is
 * known: run a command (`e`, the `s///e` flag), or read or write a file (`r`, `R`, `w`, `W`,
 * the `s///w` flag). It never backtracks: each character is looked at a bounded number of
 * times, whatever the script (an earlier regular expression here took exponential time on a
 * run of backslashes and froze the agent).
 *
 * Anything it does not recognise makes the script `unknown`, and the caller treats an unknown
 * script as code it cannot see into.
 */

/** What a sed script can do besides editing the text stream. */
export interface SedEffects {
  /** The script runs a command (`e`, `s///e`). */
  runs: boolean;
  /** Files the script reads (`r`, `R`). */
  reads: string[];
  /** Files the script writes (`w`, `W`, `s///w`). */
  writes: string[];
  /** Some part of the script could not be read: judge it as code. */
  unknown: boolean;
}

const NO_ARGUMENT = new Set("=dDgGhHnNpPxzF".split(""));
const OPTIONAL_NUMBER = new Set("qQlL".split(""));
const LABEL = new Set(["b", "t", "T", ":"]);
const TEXT = new Set(["a", "i", "c"]);

/** Reads `script` once and reports what it can do. */
export function sedEffects(script: string): SedEffects {
  const effects: SedEffects = { runs: false, reads: [], writes: [], unknown: false };
  const n = script.length;
  let i = 0;

  /** Index after the delimiter that closes a part opened just before `from`. */
  const skipDelimited = (from: number, delimiter: string): number => {
    let k = from;
    while (k < n) {
      const ch = script[k];
      if (ch === "\\") {
        k += 2;
        continue;
      }
      if (ch === delimiter) return k + 1;
      if (ch === "\n" && delimiter !== "\n") return -1;
      k++;
    }
    return -1;
  };
  /**
   * Index after the delimiter that closes a regular expression opened just before `from`.
   * Unlike the replacement and `y`, a regex keeps the delimiter as an ordinary character
   * inside a bracket expression (`s/[/]/x/`, `\\,[,i],`), so brackets are skipped the way
   * GNU sed 4.9 reads them: S30 sed-bracket-delimiter (R45), checked with `sed --debug`.
   * When `[` is itself the delimiter it closes the part and opens nothing.
   */
  const skipRegex = (from: number, delimiter: string): number => {
    if (delimiter === "\\") return -1;
    let k = from;
    while (k < n) {
      const ch = script[k];
      if (ch === delimiter) return k + 1;
      if (ch === "\\") {
        k += 2;
        continue;
      }
      if (ch === "\n" && delimiter !== "\n") return -1;
      if (ch === "[") {
        k = skipBracket(k + 1);
        if (k === -1) return -1;
        continue;
      }
      k++;
    }
    return -1;
  };
  /**
   * Index after the `]` that closes a bracket expression whose `[` is just before `from`: an
   * optional `^`, then a `]` that is a member, then members up to `]`. A backslash is an
   * ordinary member there; `[:…:]`, `[.….]` and `[=…=]` run to their own closing pair, even past
   * a `]` (`[[:x]/]` is unterminated for sed). A newline, or no end, leaves the script unknown.
   */
  const skipBracket = (from: number): number => {
    let k = from;
    if (script[k] === "^") k++;
    if (script[k] === "]") k++;
    while (k < n) {
      const ch = script[k];
      if (ch === "\n") return -1;
      if (ch === "]") return k + 1;
      const kind = script[k + 1];
      if (ch === "[" && (kind === ":" || kind === "." || kind === "=")) {
        const close = script.indexOf(`${kind}]`, k + 2);
        if (close === -1 || script.slice(k + 2, close).includes("\n")) return -1;
        k = close + 2;
        continue;
      }
      k++;
    }
    return -1;
  };
  /**
   * Index after a label (`:a`, `b a`, `t a`, `T a`) or `v`'s argument: GNU sed 4.9 skips
   * blanks, then reads up to whitespace or `;`, and parses what follows as the next command
   * (`:a e CMD` runs CMD, `:a w F` writes F): S30 sed-label-swallow (R45), traced. Any other
   * whitespace after it is left to the command loop, which knows no such command (unknown).
   */
  const skipLabel = (from: number): number => {
    let k = skipBlanks(from);
    while (k < n && !/[\s;]/.test(script[k] as string)) k++;
    return k;
  };
  const restOfLine = (from: number): { text: string; end: number } => {
    const newline = script.indexOf("\n", from);
    const end = newline === -1 ? n : newline;
    return { text: script.slice(from, end).trim(), end };
  };
  const skipBlanks = (from: number): number => {
    let k = from;
    while (k < n && (script[k] === " " || script[k] === "\t")) k++;
    return k;
  };
  const address = (from: number): number => {
    let k = from;
    const ch = script[k];
    if (ch === undefined) return k;
    if (/[0-9]/.test(ch)) {
      while (k < n && /[0-9~]/.test(script[k] as string)) k++;
      return k;
    }
    if (ch === "$") return k + 1;
    if (ch === "/" || ch === "\\") {
      const delimiter = ch === "/" ? "/" : script[k + 1];
      if (delimiter === undefined || delimiter === "\n") return -1;
      k = skipRegex(ch === "/" ? k + 1 : k + 2, delimiter);
      if (k === -1) return -1;
      while (k < n && (script[k] === "I" || script[k] === "M")) k++;
      return k;
    }
    return k;
  };

  while (i < n) {
    const ch = script[i] as string;
    if (ch === " " || ch === "\t" || ch === "\n" || ch === ";" || ch === "}") {
      i++;
      continue;
    }
    if (ch === "#") {
      i = restOfLine(i).end;
      continue;
    }
    // Addresses: `addr`, `addr,addr`, `addr,+N`, `addr,~N`, then an optional `!`.
    let k = address(i);
    if (k === -1) return { ...effects, unknown: true };
    if (k > i) {
      k = skipBlanks(k);
      if (script[k] === ",") {
        k = skipBlanks(k + 1);
        if (script[k] === "+" || script[k] === "~") k++;
        const end = address(k);
        if (end === -1 || end === k) return { ...effects, unknown: true };
        k = end;
      }
    }
    k = skipBlanks(k);
    while (script[k] === "!") k = skipBlanks(k + 1);
    const command = script[k];
    if (command === undefined) return k > i ? { ...effects, unknown: true } : effects;
    i = k + 1;
    if (command === "{") continue;
    if (NO_ARGUMENT.has(command)) continue;
    if (OPTIONAL_NUMBER.has(command)) {
      i = skipBlanks(i);
      while (i < n && /[0-9]/.test(script[i] as string)) i++;
      continue;
    }
    if (LABEL.has(command) || command === "v") {
      i = skipLabel(i);
      continue;
    }
    if (TEXT.has(command)) {
      // `a text`, `a\` + lines: the text runs to an unescaped newline.
      while (i < n && script[i] !== "\n") i += script[i] === "\\" ? 2 : 1;
      continue;
    }
    if (command === "e") {
      effects.runs = true;
      i = restOfLine(i).end;
      continue;
    }
    if (command === "r" || command === "R" || command === "w" || command === "W") {
      const { text, end } = restOfLine(i);
      (command === "r" || command === "R" ? effects.reads : effects.writes).push(text);
      i = end;
      continue;
    }
    if (command === "s" || command === "y") {
      const delimiter = script[i];
      if (delimiter === undefined || delimiter === "\n" || delimiter === "\\") {
        return { ...effects, unknown: true };
      }
      let end = command === "s" ? skipRegex(i + 1, delimiter) : skipDelimited(i + 1, delimiter);
      if (end !== -1) end = skipDelimited(end, delimiter);
      if (end === -1) return { ...effects, unknown: true };
      i = end;
      if (command === "y") continue;
      // Flags: g, p, i/I, m/M, a number, e (run the pattern space), w FILE (to end of line).
      while (i < n) {
        const flag = script[i] as string;
        if (flag === "e") effects.runs = true;
        else if (flag === "w") {
          const { text, end: lineEnd } = restOfLine(i + 1);
          effects.writes.push(text);
          i = lineEnd;
          break;
        } else if (!/[gpiImM0-9]/.test(flag)) break;
        i++;
      }
      continue;
    }
    return { ...effects, unknown: true };
  }
  return effects;
}
