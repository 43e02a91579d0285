/**
 * The names GNU backups take (cp, mv, ln, install with `-b`, `--backup[=CONTROL]`, `-S SUF`,
 * `--suffix=SUF`): gnulib's backupfile renames the old destination to DEST + SUFFIX (a simple
 * backup) or to `DEST.~N~` (a numbered one). Every such name is `DEST*`, a glob that meets a
 * rule only as a maybe (ask). When the suffix is known, the simple name is a file of its own,
 * judged exactly (S31 backup-suffix-completes-name, R47, traced: `echo > .e; mv -bS nv
 * README.md .e` renamed /repo/.e to /repo/.env; `cp -b -S nv.local README.md .e` made
 * /repo/.env.local).
 *
 * The suffix is the last `-S`/`--suffix` value, else `SIMPLE_BACKUP_SUFFIX` from the
 * environment, else `~`; gnulib takes `~` for an empty one or one holding a `/`.
 */

import { type Word, wordFromPieces, wordFromText } from "../read/words.ts";
import type { Assignment } from "../walk/injection.ts";
import type { OperandView, PathUse } from "./paths.ts";

/** The backup globs made here, with the destination and whether an option gave the suffix. */
const GLOBS = new WeakMap<Word, { readonly destination: Word; readonly optionSuffix: boolean }>();

type Options = OperandView["options"];

/** The backup controls under which a simple backup (DEST + SUFFIX) may be made. */
const SIMPLE_CONTROLS = ["existing", "nil", "simple", "never"];

/** A long option of cp/mv/ln/install written as a prefix of `full` (`--suf`, `--backup`). */
function isLong(name: string, full: string): boolean {
  return name.length >= 2 && full.startsWith(name);
}

/** Whether the options turn backups on. */
export function makesBackups(options: Options): boolean {
  return options.some(
    (o) => o.name === "b" || o.name === "S" || isLong(o.name, "backup") || isLong(o.name, "suffix"),
  );
}

/** gnulib's simple suffix: `~` for an empty one or one with a `/`. */
function simpleSuffix(text: string): string {
  return text === "" || text.includes("/") ? "~" : text;
}

/**
 * The names a backup of DESTINATION may take: the glob of them all, and the simple name when
 * the suffix is known and no `--backup=numbered`/`t` (or `none`/`off`) rules simple ones out.
 */
export function backupUses(options: Options, destination: Word): PathUse[] {
  let suffix: Word | null | undefined;
  let control: string | null = null;
  for (const option of options) {
    if (option.name === "S" || isLong(option.name, "suffix")) suffix = option.value;
    else if (isLong(option.name, "backup") && option.value !== null) {
      control = option.value.literal ? option.value.text : "?";
    }
  }
  const glob = wordFromPieces(
    [
      { kind: "quoted", text: destination.text, raw: destination.text },
      { kind: "unquoted", text: "*", raw: "*" },
    ],
    -1,
    -1,
  );
  if (destination.tilde) glob.tilde = true;
  GLOBS.set(glob, { destination, optionSuffix: suffix !== undefined });
  const uses: PathUse[] = [{ word: glob, access: "write" }];
  // argmatch takes a unique prefix: `n` alone is ambiguous (none, nil, never, numbered).
  const simple =
    control === null ||
    (control.length >= (control.startsWith("n") ? 2 : 1) &&
      SIMPLE_CONTROLS.some((name) => name.startsWith(control as string)));
  if (!simple || (suffix !== undefined && (suffix === null || !suffix.literal))) return uses;
  uses.push(named(destination, simpleSuffix(suffix?.text ?? "~")));
  return uses;
}

/**
 * The simple backups a `SIMPLE_BACKUP_SUFFIX` the program's environment sets names, for the
 * backups whose suffix no option gave (`SIMPLE_BACKUP_SUFFIX=nv cp -b README.md .e`).
 */
export function environmentBackups(
  uses: readonly PathUse[],
  environment: readonly Assignment[],
): PathUse[] {
  const value = environment.findLast((a) => a.name === "SIMPLE_BACKUP_SUFFIX")?.value;
  if (value === undefined || !value.literal) return [];
  const more: PathUse[] = [];
  for (const use of uses) {
    const backup = GLOBS.get(use.word);
    if (backup === undefined || backup.optionSuffix) continue;
    more.push(named(backup.destination, simpleSuffix(value.text)));
  }
  return more;
}

function named(destination: Word, suffix: string): PathUse {
  const word = wordFromText(`${destination.text}${suffix}`, { tilde: destination.tilde });
  return { word, access: "write" };
}
