import type { Piece } from "../read/words.ts";
import { type ExpandEnv, inheritedVariable } from "./expand.ts";

/**
 * Which expansions may give nothing at run time while the string does not decide their value:
 * a variable the string never assigns (usually unset in the user's environment) under any
 * operator that keeps an unset value empty, and the positional parameters (Pi runs
 * `bash -c CMD` with none) while the string has not set them. The walk judges a command once
 * more with those expansions empty (see `emptiedInherited` in walk.ts): a word that held
 * nothing else unquoted vanishes and the later words move one slot left.
 *
 * Traced under bash 5.2 with `u` unset and no positional parameters: `${u}`, `${u-}`,
 * `${u:-}`, `${u:-''}`, `${u:+x}`, `${u+x}`, `${u/x/y}`, `${u/#/x}`, `${u#x}`, `${u%%x}`,
 * `${u^^}`, `${u,}`, `${u~~}`, `${u@L}`, `${u@Q}`, `${u@A}`, `${u:1:2}`, `${u[0]}`, `${u[*]}`,
 * `$*`, `${@:2}`, `${@/#/x}` all give the empty string; `"$@"`, `"${@:+x}"`, `"${u[@]}"` and
 * `"${@/#/x}"` give no word at all, while `"${@:-}"` and `"$*"` give one empty word. `${#u}`
 * is `0`, `${@:0}` holds `$0`, `${!u}` is an error, `${u:?}` stops the command.
 */

/** Variables bash sets when the environment does not: never empty at the string's start. */
export const SET_AT_STARTUP: ReadonlySet<string> = new Set([
  "HOME",
  "PWD",
  "PATH",
  "IFS",
  "SHELL",
  "HOSTNAME",
  "SHLVL",
]);

/**
 * How an expansion may give nothing: `"empty"`, the empty string (one empty word inside double
 * quotes); `"vanishes"`, no word at all even inside double quotes (`"$@"`, `"${a[@]}"`).
 */
export type EmptyReading = "empty" | "vanishes";

const NAME = "[A-Za-z_][A-Za-z0-9_]*";
/** `$NAME`, `$1`, `$@`, `$*` (no braces). */
const BARE = new RegExp(`^\\$(${NAME}|[0-9]|[@*])$`);
/** `${PARAM[SUBSCRIPT]REST}`: a parameter with no `#`/`!` prefix, an optional subscript, the operator. */
const BRACED = new RegExp(`^\\$\\{(${NAME}|[0-9]+|[@*])(\\[[^\\]]*\\])?([\\s\\S]*)\\}$`);
/** Operators that keep an unset value empty: removal, replacement, case, transformation, substring. */
const KEEPS_EMPTY = /^(?:[#%/^,~]|@[A-Za-z]|:)/;
/**
 * `${@:N}`, `${@:N:M}`, `${@: -N}` with a literal offset other than 0 (offset 0 holds `$0`):
 * nothing when there are no parameters.
 */
const POSITIONAL_OFFSET =
  /^:(?:[ \t]*\+?0*[1-9][0-9]*|[ \t]+-[ \t]*0*[1-9][0-9]*)[ \t]*(?::[\s\S]*)?$/;

/**
 * Whether `piece`, an expansion, may give nothing (see the module's comment), and how; null
 * when it always gives something or its value is the string's own. `positionalsKnown`: the
 * string has set the positional parameters (`set -- a b`), so their values are decided.
 */
export function mayBeEmpty(
  piece: Piece,
  env: ExpandEnv,
  positionalsKnown: boolean,
): EmptyReading | null {
  if (piece.kind !== "expansion") return null;
  return expansionMayBeEmpty(piece.text, env, positionalsKnown, 0);
}

function expansionMayBeEmpty(
  text: string,
  env: ExpandEnv,
  positionalsKnown: boolean,
  depth: number,
): EmptyReading | null {
  const bare = BARE.exec(text);
  let param: string;
  let subscript = "";
  let rest = "";
  if (bare !== null) {
    param = bare[1] as string;
  } else {
    const braced = BRACED.exec(text);
    if (braced === null) return null;
    param = braced[1] as string;
    subscript = braced[2] ?? "";
    rest = braced[3] as string;
  }
  const positional = /^[0-9]+$/.test(param) || param === "@" || param === "*";
  if (positional) {
    if (param === "0" || subscript !== "" || positionalsKnown) return null;
  } else if (SET_AT_STARTUP.has(param) || !inheritedVariable(param, env)) {
    return null;
  }
  // All the elements, as separate words inside double quotes: none when there are none.
  const all = param === "@" || subscript === "[@]";
  if (rest === "") return all ? "vanishes" : "empty";
  // `${u:-WORD}`, `${u=WORD}`: empty only when WORD is, and then one word even for `@`.
  const fallback = /^:?[-=]/.exec(rest);
  if (fallback !== null) {
    return operandMayBeEmpty(rest.slice(fallback[0].length), env, positionalsKnown, depth);
  }
  if (/^:?\+/.test(rest)) return all ? "vanishes" : "empty";
  if (/^:?\?/.test(rest)) return null;
  if (positional && rest.startsWith(":") && !POSITIONAL_OFFSET.test(rest)) return null;
  if (KEEPS_EMPTY.test(rest)) return all ? "vanishes" : "empty";
  return null;
}

/** Whether a default's operand may be empty: nothing, empty quotes, or an expansion that may be. */
function operandMayBeEmpty(
  operand: string,
  env: ExpandEnv,
  positionalsKnown: boolean,
  depth: number,
): EmptyReading | null {
  const unquoted = operand.replace(/''|""/g, "");
  if (unquoted === "") return "empty";
  if (depth >= 4) return null;
  const inner = /^"([^"]*)"$/.exec(unquoted)?.[1] ?? unquoted;
  return expansionMayBeEmpty(inner, env, positionalsKnown, depth + 1) === null ? null : "empty";
}
