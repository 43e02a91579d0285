import type { Word } from "../read/words.ts";
import { copyCalls, mayCopy } from "./file-copies.ts";
import { dashedGit, readGit } from "./git.ts";
import type { PathUse } from "./paths.ts";
import { toolName } from "./wrappers.ts";

/**
 * Programs that rename the files and folders their operands name (S34 moved-cwd, r34a). The
 * shell keeps its working directory as the folder itself, not as its name: once the folder or
 * one of its parents is renamed to another depth, a relative path lands somewhere its lexical
 * reading does not show (traced: `cd a/b && mv ../b ../../c && cat ../../home/user/notes.txt`
 * opened /home/user/notes.txt, read as /repo/home/user/notes.txt). The walk takes the working
 * directory as unknown from there on when an operand these give may be it or a parent
 * (walk/moved-folders.ts).
 *
 * Not listed, and why:
 * - `rsync --remove-source-files` removes the files it sent, never a folder (rsync(1): "the
 *   files (meaning non-directories)"); `cp -r` then `rm -r`, `tar --remove-files`, `zip -m`
 *   remove a folder rather than move it: the kernel climbs `..` from a removed folder to the
 *   parent it had, the one the lexical reading names, and finds nothing else below it.
 * - Interpreters, `bash -c`, `eval`, make and the like already ask as opaque code.
 */

/** perl's and util-linux's rename: every operand is a file renamed (`rename.ul a/b c /repo/a/b`). */
const RENAMERS: ReadonlySet<string> = new Set([
  "rename",
  "rename.ul",
  "file-rename",
  "prename",
  "perl-rename",
]);

/**
 * Programs no path table reads whose operands are moved: `mmv FROM TO` (a folder too), and
 * version-control moves (`svn mv`, `hg mv`, `bzr mv`, `fossil mv --hard`), by their subcommand.
 * `null`: every word after the name is an operand.
 */
const WORD_MOVERS: ReadonlyMap<string, ReadonlySet<string> | null> = new Map([
  ["mmv", null],
  ["svn", new Set(["mv", "move", "rename", "ren"])],
  ["hg", new Set(["mv", "move", "rename"])],
  ["bzr", new Set(["mv", "move", "rename"])],
  ["brz", new Set(["mv", "move", "rename"])],
  ["fossil", new Set(["mv", "move", "rename"])],
]);

/**
 * The uses of `uses` (a unit's operand uses, from its path table) naming a file or folder the
 * program renames, or words of `executed` read as such where no table reads the program.
 */
export function folderMoveUses(
  executed: readonly Word[] | null,
  uses: readonly PathUse[],
): PathUse[] {
  const head = executed?.[0];
  if (executed === null || head === undefined) return [];
  const git = dashedGit(executed);
  if (git !== null) return folderMoveUses(git, uses);
  const name = toolName(head.text) ?? head.text;
  // mv's sources (and `cmake -E rename`'s `mv -T` reading) are read_write, with everything
  // below them; the destination, `-t DIR` and backups are writes, which only a removal could
  // affect.
  const sources = () => uses.filter((use) => use.access === "read_write");
  if (name === "mv") return sources();
  if (RENAMERS.has(name)) return uses.filter((use) => use.access === "write" && use.below !== true);
  if (name === "git") return readGit(executed)?.canonical[1]?.text === "mv" ? sources() : [];
  if (mayCopy(name)) {
    const texts = executed.map((word) => word.text);
    const calls = copyCalls(texts, (index) => executed[index]?.literal === true) ?? [];
    return calls.some((call) => call.tool === "mv") ? sources() : [];
  }
  if (!WORD_MOVERS.has(name)) return [];
  const subcommands = WORD_MOVERS.get(name) ?? null;
  const rest = executed.slice(1);
  if (subcommands !== null && !rest.some((word) => subcommands.has(word.text))) return [];
  return rest
    .filter((word) => !(word.literal && (word.text.startsWith("-") || subcommands?.has(word.text))))
    .map((word) => ({ word, access: "read_write" as const }));
}
