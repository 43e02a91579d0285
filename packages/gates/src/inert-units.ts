import type { BashUnit } from "@pi-permission/bash";

/**
 * Bash builtins that run no program and open no file of their own: a command string made of
 * them (`cd src && npm test`, `[ -d dist ] || npm run build`, `set -euo pipefail; git status`)
 * executes only its other commands. What they change (the working directory, `$?`, the
 * shell's error options) the analysis already follows, and a function of the same name is
 * judged through the units of its body. So they meet only rules that name them; the catch-all
 * `*` does not make them ask or deny, as it does not for `X=1`.
 */
const INERT_BUILTINS: ReadonlySet<string> = new Set(["pwd", "true", "false", ":", "test", "["]);

// A change of directory is followed by the analysis only where its operand says where it
// goes: one literal folder, no option, no `-` (the previous folder), no `CDPATH` search, no
// assignment in front (`HOME=x cd` goes to x). `cd` alone, `popd`, `dirs` and `pushd +N`
// go where the environment or the stack says, and meet the catch-all as before.
const DIRECTORY_CHANGES: ReadonlySet<string> = new Set(["cd", "pushd"]);

// `set` options that only decide when the shell stops or what it counts as an error. `-x`
// is left out: it expands `PS4` for every command.
const INERT_SET_WORDS: ReadonlySet<string> = new Set([
  "-o",
  "+o",
  "pipefail",
  "errexit",
  "nounset",
]);
const INERT_SET_FLAGS = /^[-+][eu]+o?$/;

/**
 * Whether a unit runs nothing that a rule could be about: an inert builtin, called by its
 * own name (no wrapper, no word only known at run time in its command position) and proven
 * (no sentinel).
 */
export function isInertUnit(unit: BashUnit, command: string): boolean {
  const words = unit.executed;
  if (words === null || unit.sentinel !== null || unit.wrappers.length > 0) return false;
  if (words !== unit.argv && words.join(" ") !== unit.argv.join(" ")) return false;
  // A word only known at run time, a glob included (`: ~/.ssh/*` lists the folder to expand
  // it), may be anything.
  if ((unit.computed?.argv.length ?? 0) > 0 || (unit.computed?.executed.length ?? 0) > 0) {
    return false;
  }
  const name = words[0] ?? "";
  // Called by its own name, with nothing in front of it (an assignment, a redirect).
  const text = unit.text.trimStart();
  if (text.split(/\s/, 1)[0] !== name) return false;
  // A glob character after the name, quoted or not: bash may expand it by listing a folder.
  if (/[*?[]/.test(text.slice(name.length))) return false;
  if (INERT_BUILTINS.has(name)) return true;
  if (DIRECTORY_CHANGES.has(name)) {
    const operand = words[1] ?? "";
    return (
      words.length === 2 &&
      operand !== "" &&
      !operand.startsWith("-") &&
      !operand.startsWith("+") &&
      !command.includes("CDPATH")
    );
  }
  if (name !== "set" || words.length < 2) return false;
  return words.slice(1).every((w) => INERT_SET_WORDS.has(w) || INERT_SET_FLAGS.test(w));
}

/** Whether a bash pattern names the command `name` literally as its first word. */
export function patternNames(pattern: string, name: string): boolean {
  const first = pattern.trimStart().split(/\s+/, 1)[0] ?? "";
  return first === name;
}
