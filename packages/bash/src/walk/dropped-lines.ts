/**
 * Where bash may drop the rest of a line (R31 error-drops-rest-of-line).
 *
 * Some errors do not end the shell nor only the command that met them: bash leaves the whole
 * complete command it was running (everything up to the newline that ends it, compound
 * commands and heredoc bodies included) and goes on with the next line. Traced under bash 5.2
 * (`bash -c`, not posix): `c=.env⏎echo $((1/0)); c=README.md⏎cat "$c"` runs `cat .env`. The
 * errors that do this are expansion errors: arithmetic (`$((1/0))`, `$((08))`, a value that
 * is no number), a substring (`${x:0:-5}`, `"${@:0:-1}"`), an indirection (`${!x}`), an
 * assignment by expansion to a name bash refuses (`${UID:=1}`), a bad subscript
 * (`a[-5]=x`, `A[]=1`), a glob that matched nothing under `failglob`; and an assignment
 * statement to a readonly name (`UID=1`), and a call past `FUNCNEST`. `((…))`, `let`, `[[ ]]`,
 * prefix assignments and builtins only fail; `${x:?}` and a bad `${x@Z}` end the shell, which
 * runs nothing after either way; in a subshell, `$(…)`, `eval` or `source` only that part is
 * left.
 *
 * The walk takes an assignment after such an error as made, so the next line would read the
 * new value where bash kept the old one. This module finds, in the text, where such an error
 * may happen (over-approximated: a spelling that merely looks like one counts too) and where
 * a line ends; the walker keeps the states at those points until the line ends and joins them
 * into the state the next line starts from.
 */

/** A name, a positional parameter or a special one, as `${…}` spells it. */
const PARAMETER = "(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])";
/** A subscript that can be no error: `[@]`, `[*]` or digits. */
const PLAIN_SUBSCRIPT = String.raw`(?:\[(?:[@*]|[0-9]+)\])?`;

/**
 * A `${…}` that can raise no such error: a parameter (with a plain subscript) alone, its
 * length, or one of the operators that only test, trim, replace or change case (`-`, `:-`,
 * `+`, `:+`, `#`, `%`, `/`, `^`, `,`, `@`) or end the shell (`?`, `:?`). Anything else (a
 * substring, `${!…}`, `=`, `:=`, another subscript, a misspelling) may drop the line.
 */
const SAFE_BRACE = new RegExp(
  String.raw`\$\{(?:#${PARAMETER}${PLAIN_SUBSCRIPT}\}|${PARAMETER}${PLAIN_SUBSCRIPT}(?:\}|:?[-+?]|[#%/^,@]))`,
  "y",
);

/** An assignment to a subscript other than plain digits (`a[-5]=x`, `a[i]+=x`, `A[]=1`). */
const SUBSCRIPT_ASSIGNED = /\]\+?=/g;
const DIGIT_SUBSCRIPT_BEFORE = /[A-Za-z_][A-Za-z0-9_]*\[[0-9]+$/;

/**
 * The offsets in `text` where an error may drop the rest of the line, in order: each
 * `$((`, `$[`, `${` not of a safe form, and subscripted assignment. With `failglob` (the
 * shell option may be on), each glob character and each expansion too: a word whose glob
 * matches nothing is such an error, and an expansion's value may be a glob (`x=$'a\x3f';
 * echo $x`, R32 failglob-value). One pass over the text.
 */
export function dropRisks(text: string, failglob = false): number[] {
  const out: number[] = [];
  if (failglob) {
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c === "*" || c === "?" || c === "[" || c === "$" || c === "`") out.push(i);
    }
  }
  let at = text.indexOf("$");
  while (at !== -1) {
    const next = text[at + 1];
    if (next === "[" || (next === "(" && text[at + 2] === "(")) out.push(at);
    else if (next === "{") {
      SAFE_BRACE.lastIndex = at;
      if (!SAFE_BRACE.test(text)) out.push(at);
    }
    at = text.indexOf("$", at + 1);
  }
  for (const match of text.matchAll(SUBSCRIPT_ASSIGNED)) {
    const before = text.slice(Math.max(0, match.index - 64), match.index);
    if (!DIGIT_SUBSCRIPT_BEFORE.test(before)) out.push(match.index);
  }
  return out.sort((a, b) => a - b);
}

/** Whether one of the sorted `risks` lies in `[start, end)`. */
export function riskWithin(risks: readonly number[], start: number, end: number): boolean {
  let low = 0;
  let high = risks.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((risks[mid] as number) < start) low = mid + 1;
    else high = mid;
  }
  return low < risks.length && (risks[low] as number) < end;
}

/**
 * Whether a line ends in `text` between two statements of a script's top level (`from`: the
 * end of the first, its heredoc bodies included; `to`: the start of the next). Between two
 * statements stand only blanks, `;`, `&`, line continuations and comments: a newline that is
 * no continuation ends the line, and so does a comment (it runs to a newline, and a
 * backslash in it continues nothing). A line taken as ended where bash goes on would drop
 * the states before the line's real end, so only these count.
 */
export function lineEndsBetween(text: string, from: number, to: number): boolean {
  if (to <= from) return false;
  const between = text.slice(from, to);
  return between.includes("#") || between.replace(/\\\n/g, "").includes("\n");
}
