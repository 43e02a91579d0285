import type { BashAnalysis } from "@pi-permission/bash";

type Unit = BashAnalysis["units"][number];

/**
 * Whether a command that walks the folders below its operands follows the symbolic links it
 * meets there: `"follows"` (it opens what a link below leads to), `"not"` (it opens or lists
 * a link below as the link itself, so what the link reaches is never read), or `"unknown"`
 * (a program this table does not know, a wrapper, a sentinel or a computed word: it may).
 *
 * Only the links met below an operand are meant: every program follows a link named on its
 * command line (bash's own `**` hands the links it finds there as operands). Default
 * behaviours are those of GNU coreutils, findutils, grep, tar and ripgrep.
 */
export function linksBelow(unit: Unit, command = ""): "follows" | "not" | "unknown" {
  if (unit.sentinel !== null || unit.wrappers.length > 0 || unit.executed === null) {
    return "unknown";
  }
  if ((unit.computed?.executed ?? []).length > 0) return "unknown";
  const argv = unit.executed;
  const program = (argv[0] ?? "").slice((argv[0] ?? "").lastIndexOf("/") + 1);
  const rule = RULES.get(program);
  if (rule === undefined) return "unknown";
  // Options a program reads from its environment, which the string may set anywhere
  // (`TAR_OPTIONS=-h`, `export TAR_OPTIONS=--deref`, `set -a`: R29 tar-options-env-follow).
  const carrier = OPTION_VARIABLES.get(program);
  if (carrier !== undefined && command.includes(carrier)) return "unknown";
  return rule(argv) ? "follows" : "not";
}

// getopt_long takes any unambiguous prefix of a long option (`--deref`, `--dere`): every
// prefix counts, an ambiguous one too.
function prefixOf(word: string, long: string): boolean {
  const name = word.split("=", 1)[0] as string;
  return name.length > 3 && long.startsWith(name);
}

/** Any short option cluster holding `letter` (a value's too), or a prefix of a long option. */
function has(argv: readonly string[], letter: string, ...longs: string[]): boolean {
  return argv.some(
    (word, i) =>
      i > 0 &&
      ((/^-[^-]/.test(word) && word.includes(letter)) ||
        longs.some((long) => prefixOf(word, long))),
  );
}

/** For each program: whether its words make it follow the links below its operands. */
type Rule = (argv: readonly string[]) => boolean;

const RULES: ReadonlyMap<string, Rule> = new Map<string, Rule>([
  // `grep -r` opens a link below with O_NOFOLLOW; `-R` follows.
  ["grep", (argv) => has(argv, "R", "--dereference-recursive")],
  ["egrep", (argv) => has(argv, "R", "--dereference-recursive")],
  ["fgrep", (argv) => has(argv, "R", "--dereference-recursive")],
  ["rg", (argv) => has(argv, "L", "--follow")],
  ["ls", (argv) => has(argv, "L", "--dereference")],
  ["dir", (argv) => has(argv, "L", "--dereference")],
  ["vdir", (argv) => has(argv, "L", "--dereference")],
  ["du", (argv) => has(argv, "L", "--dereference")],
  // `cp -r` copies a link below as a link (-P is the default when copying recursively), but
  // `-l` (hard links instead of copies) follows them (R29 cp-link-follows-below, traced).
  ["cp", (argv) => has(argv, "L", "--dereference") || has(argv, "l", "--link")],
  // `find -L`, and the older `-follow` expression anywhere.
  ["find", (argv) => argv.some((word, i) => i > 0 && (word === "-L" || word === "-follow"))],
  // `tar -h`, also in the old style's first word (`tar chf x.tar d`).
  [
    "tar",
    (argv) =>
      has(argv, "h", "--dereference") ||
      (argv[1] !== undefined && !argv[1].startsWith("-") && argv[1].includes("h")),
  ],
  ["chown", (argv) => has(argv, "L")],
  ["chgrp", (argv) => has(argv, "L")],
  // chmod ignores the links it meets while recursing.
  ["chmod", () => false],
  [
    "rsync",
    (argv) =>
      has(argv, "L", "--copy-links") ||
      has(argv, "k", "--copy-dirlinks") ||
      argv.some((word) => prefixOf(word, "--copy-unsafe-links")),
  ],
  ["tree", (argv) => has(argv, "l", "--follow")],
]);

/** The environment variable each program reads options from. */
const OPTION_VARIABLES: ReadonlyMap<string, string> = new Map([["tar", "TAR_OPTIONS"]]);
