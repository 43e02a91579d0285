/**
 * The files `git format-patch` names with a suffix (`--suffix=SUF`, the `format.suffix`
 * setting): each patch is `FOLDER/NNNN-SUBJECT` + SUF, so a SUF holding a `/` turns the patch's
 * own name into a folder and the rest into a path below it, and a `/../` climbs back out (S31
 * git-config-format-suffix, traced: once `0001-fixture` existed, `git -c format.suffix=/../.env
 * format-patch -1` wrote /repo/.env; `/../../home/user/.ssh/x` wrote the key folder's file).
 */

import { type Piece, type Word, wordFromPieces, wordFromText } from "../read/words.ts";
import type { PathAccess } from "../types.ts";
import type { PathUse } from "./paths.ts";

/**
 * The name git gives a patch before the suffix: a number (`0001-`, `0000-cover-letter`) or a
 * reroll prefix (`v2-0001-`) and the commit's subject. It starts with a digit or `v`, never a
 * dot, so it is no hidden name (`.env`, `.ssh`) by itself.
 */
const PATCH_NAME: Piece = { kind: "unquoted", text: "[0-9v]*", raw: "[0-9v]*" };

/**
 * The files written in FOLDER for the suffix SUF, `..` resolved as the kernel resolves it once
 * the patch-named folder exists. A suffix only known at run time names any file.
 */
export function suffixedPatchFiles(folder: Word, suffix: Word, access: PathAccess): PathUse[] {
  if (!suffix.literal || !folder.literal) {
    return [
      {
        word: wordFromText("$(the patch files a computed suffix names)", { computed: true }),
        access,
      },
    ];
  }
  const [first = "", ...rest] = suffix.text.split("/");
  // The components below FOLDER: the patch's name (a pattern) and what the suffix adds.
  const stack: (string | null)[] = [null];
  let climbs = 0;
  for (const part of rest) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (stack.length > 0) stack.pop();
      else climbs++;
    } else stack.push(part);
  }
  const base = folder.text.replace(/\/+$/, "");
  // The root's `..` is the root.
  const head = base === "" ? "/" : `${base}${"/..".repeat(climbs)}`;
  const pieces: Piece[] = [{ kind: "quoted", text: head, raw: head }];
  for (const part of stack) {
    const joint = pieces.length === 1 && head.endsWith("/") ? "" : "/";
    const text = part ?? first;
    pieces.push({ kind: "quoted", text: joint, raw: joint });
    if (part === null) pieces.push(PATCH_NAME);
    pieces.push({ kind: "quoted", text, raw: text });
  }
  const word = wordFromPieces(pieces, -1, -1);
  if (folder.tilde) word.tilde = true;
  return [{ word, access }];
}

/**
 * What a `format.suffix` setting names where git reads it: the patches of a later
 * format-patch, in the working directory unless `-o` or `format.outputDirectory` names
 * another folder, which the setting does not see. A suffix with a `/` (or one only known at
 * run time) may therefore reach a file beside any such folder: an unknown path besides the
 * one it names from the working directory.
 */
export function formatSuffixFiles(value: Word, access: PathAccess): PathUse[] {
  const uses = suffixedPatchFiles(wordFromText("."), value, access);
  if (value.literal && value.text.includes("/")) {
    uses.push({
      word: wordFromText("$(the patch files format.suffix names)", { computed: true }),
      access,
    });
  }
  return uses;
}
