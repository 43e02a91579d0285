import type { ExpandEnv } from "./expand.ts";

/**
 * Strings bash evaluates later. A variable's value reaching an arithmetic context is itself
 * evaluated as arithmetic, and an array subscript in it runs its command substitutions:
 * `x='a[$(rm -rf build)]'; echo $((x))` runs rm. The same holds for `${!x}` (the name it holds
 * may carry a subscript), `${x@P}` (prompt expansion runs substitutions), `let`, `(( ))`,
 * `[[ x -eq y ]]`, subscripts and `${x:offset}`, and a name with a subscript handed to a
 * builtin (`read 'a[$(id)]'`, `[[ -v 'a[$(id)]' ]]`).
 *
 * A value is trusted when the string itself set it to something that cannot hold code, or when
 * it comes untouched from the environment (the user's own, not the agent's). A value the
 * string computed, read, or lost track of (after `eval`, `source`, a function call) is not.
 */

/** The marker the walker puts in its variables once any variable may hold anything. */
export const ANY_NAME = "*";

const SPECIAL = new Set([
  "RANDOM",
  "SRANDOM",
  "LINENO",
  "SECONDS",
  "EPOCHSECONDS",
  "BASHPID",
  "PPID",
  "UID",
  "EUID",
  "OPTIND",
  "COLUMNS",
  "LINES",
]);

const MAX_DEPTH = 6;

/**
 * The first name in an arithmetic expression whose value may hold code, or null when every
 * name is safe. Substitutions written in the expression itself are the walker's to list.
 */
export function unsafeArithmetic(expression: string, env: ExpandEnv, depth = 0): string | null {
  if (depth > MAX_DEPTH) return expression;
  // A subscript of a name written right here runs whatever its substitutions say: the walker
  // lists those; the names inside are checked like any other.
  for (const match of expression.matchAll(/\$?\{?([A-Za-z_][A-Za-z0-9_]*)/g)) {
    const name = match[1] as string;
    const at = match.index ?? 0;
    // `0x1f`, `2#101`: digits before the letters make a number, not a name.
    if (at > 0 && /[0-9#]/.test(expression[at - 1] as string) && !match[0].startsWith("$"))
      continue;
    if (SPECIAL.has(name)) continue;
    if (!valueIsSafe(name, env, depth)) return name;
  }
  return null;
}

/** Whether a variable's value, evaluated as arithmetic, can run nothing. */
export function valueIsSafe(name: string, env: ExpandEnv, depth = 0): boolean {
  if (!env.vars.has(name)) return !env.vars.has(ANY_NAME);
  const values = env.vars.get(name);
  if (values === null || values === undefined) return false;
  return values.every((value) => {
    if (value.glob) return false;
    const text = value.text.trim();
    if (/^[-+]?[0-9]*$/.test(text)) return true;
    if (/[`$[\]\\'"]/.test(text)) return false;
    return unsafeArithmetic(text, env, depth + 1) === null;
  });
}

/** Whether a variable's value, prompt-expanded (`${x@P}`), can run nothing. */
export function promptIsSafe(name: string, env: ExpandEnv): boolean {
  if (!env.vars.has(name)) return !env.vars.has(ANY_NAME);
  const values = env.vars.get(name);
  if (values === null || values === undefined) return false;
  return values.every((value) => !/[`$\\]/.test(value.text));
}

/** Whether `${!name}` can only name a plain variable (no subscript that would be evaluated). */
export function indirectionIsSafe(name: string, env: ExpandEnv): boolean {
  if (!env.vars.has(name)) return !env.vars.has(ANY_NAME);
  const values = env.vars.get(name);
  if (values === null || values === undefined) return false;
  return values.every((value) => /^[A-Za-z_][A-Za-z0-9_]*$|^[0-9]+$|^$/.test(value.text));
}

/**
 * What a `${…}` expansion evaluates: the name whose value is evaluated unsafely, or null.
 * Handles `${!x}`, `${x@P}`, `${x:off:len}` and subscripts `${a[i]}`.
 */
export function unsafeExpansion(text: string, env: ExpandEnv): string | null {
  const inner = text.startsWith("${") && text.endsWith("}") ? text.slice(2, -1) : null;
  if (inner === null) return null;
  const indirect = /^!([A-Za-z_][A-Za-z0-9_]*)(.*)$/s.exec(inner);
  if (indirect) {
    const [, name, rest] = indirect as unknown as [string, string, string];
    // `${!prefix*}`, `${!prefix@}`, `${!arr[@]}` list names or keys: nothing is evaluated.
    if (/^(\*|@|\[[@*]\])$/.test(rest)) return null;
    if (!indirectionIsSafe(name, env)) return name;
  }
  const prompt = /^#?([A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]]*\])?@P$/.exec(inner);
  if (prompt && !promptIsSafe(prompt[1] as string, env)) return prompt[1] as string;
  const substring = /^([A-Za-z_][A-Za-z0-9_]*|[0-9@*])(?:\[[^\]]*\])?:(?![-=?+])(.*)$/s.exec(inner);
  if (substring) {
    const bad = unsafeArithmetic(substring[2] as string, env);
    if (bad !== null) return bad;
  }
  return null;
}

/**
 * A word a builtin takes as a variable name, with a subscript whose expression is evaluated:
 * `read 'a[$(id)]'`, `printf -v 'a[$(id)]'`, `unset 'a[$(id)]'`, `[[ -v a[$(id)] ]]`.
 */
export function evaluatedSubscript(text: string, env: ExpandEnv): boolean {
  const match = /^[A-Za-z_][A-Za-z0-9_]*\[(.*)\](?:[+]?=.*)?$/s.exec(text);
  if (match === null) return false;
  const index = match[1] as string;
  if (index === "@" || index === "*") return false;
  if (/[`$]/.test(index)) return true;
  return unsafeArithmetic(index, env) !== null;
}
