import { posix } from "node:path";

// INVARIANT: a suggested session pattern never matches more than the human was shown,
// beyond the documented widening (a subcommand's arguments; a file's siblings).

const SUBCOMMAND = /^[a-z][a-z0-9:_-]*$/;

/**
 * The session pattern offered for a bash unit: `git status --short` → `git status *`,
 * a unit run through a wrapper or with no subcommand word → the unit exactly.
 */
export function suggestBashPattern(argv: readonly string[], viaWrapper: boolean): string {
  const exact = argv.join(" ");
  if (viaWrapper || argv.length < 2) return exact;
  const [command, sub] = argv;
  if (sub === undefined || !SUBCOMMAND.test(sub)) return exact;
  return `${command} ${sub} *`;
}

/** The session pattern offered for a path: the files of its containing directory. */
export function suggestPathPattern(path: string): string {
  const dir = posix.dirname(path);
  return dir === "/" ? "/*" : `${dir}/*`;
}
