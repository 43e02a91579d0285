/**
 * Where GNU mktemp (coreutils 9.1) creates its file or folder, read as mktemp.c reads its
 * options (S31 mktemp-folder-choice, R47, traced):
 * - `-p DIR` and `--tmpdir[=DIR]` set one folder, and the last one wins: a later bare
 *   `--tmpdir` (or `--tmp`) drops an earlier `-p .` (`mktemp -p . --tmpdir x.XXXXXX` created
 *   /tmp/x.rIeGfv);
 * - an empty DIR (`-p ''`, `--tmpdir=`) is no folder: $TMPDIR or /tmp is used;
 * - `-t` prefers $TMPDIR over DIR (`TMPDIR=/home/user mktemp -p. -t` made
 *   /home/user/tmp.CYweMuFwdb), and TMPDIR is the environment's;
 * - the file is the folder joined with the template, whose last run of X's is random
 *   (`mktemp -p . .env.XXXXXX` created ./.env.TjokRt): a glob judged against the path rules.
 */

import { type Piece, type Word, wordFromPieces, wordFromText } from "../read/words.ts";
import type { OperandView, PathUse } from "./paths.ts";

/** mktemp's template when none is given. */
const DEFAULT_TEMPLATE = "tmp.XXXXXXXXXX";

/** A long option's name as written (`--tmp`), read as GNU getopt_long reads its prefixes. */
function isLong(name: string, full: string, shortest: number): boolean {
  return name.length >= shortest && full.startsWith(name);
}

export function mktempUses(view: OperandView): PathUse[] {
  if (view.options.some((o) => o.name === "u" || isLong(o.name, "dry-run", 2))) return [];
  const template = view.operands[0];
  // `-t` is `--tmpdir` too (`--t`): both are read as -t, which asks for $TMPDIR anyway.
  let folder: Word | null = null;
  let inFolder = template === undefined;
  let preferEnvironment = false;
  let suffix: Word | null = null;
  for (const option of view.options) {
    if (option.name === "p" || isLong(option.name, "tmpdir", 2)) {
      folder = option.value;
      inFolder = true;
    } else if (option.name === "t") {
      preferEnvironment = true;
      inFolder = true;
    } else if (isLong(option.name, "suffix", 1) && option.value !== null) {
      suffix = option.value;
    }
  }
  if (!inFolder) return [{ word: made(null, template, suffix), access: "write" }];
  // INVARIANT: TMPDIR is the environment's: the directory is not known from the text.
  const environment: PathUse = {
    word: wordFromText("$TMPDIR/tmp.XXXXXXXXXX", { computed: true }),
    access: "write",
  };
  if (preferEnvironment || folder === null || (folder.literal && folder.text === "")) {
    return [environment];
  }
  // A folder only known at run time may be empty, which is the environment's folder again.
  if (!folder.literal) return [{ word: folder, access: "write" }, environment];
  return [
    { word: folder, access: "write" },
    { word: made(folder, template, suffix), access: "write" },
  ];
}

/**
 * The name mktemp makes: FOLDER/TEMPLATE (the template as written when there is no folder)
 * with its last run of X's any letters or digits, then the suffix. A template or suffix only
 * known at run time names any file (with a folder, a relative template may still climb out).
 */
function made(folder: Word | null, template: Word | undefined, suffix: Word | null): Word {
  if ((template !== undefined && !template.literal) || (suffix !== null && !suffix.literal)) {
    return wordFromText("$(the file mktemp makes)", { computed: true });
  }
  const text = template?.text ?? DEFAULT_TEMPLATE;
  const lead = folder === null ? "" : `${folder.text.replace(/\/+$/, "")}/`;
  const run = /X+(?=[^X]*$)/.exec(text);
  const pieces: Piece[] = [];
  const quoted = (part: string) => {
    if (part !== "") pieces.push({ kind: "quoted", text: part, raw: part });
  };
  if (run === null) quoted(lead + text);
  else {
    quoted(lead + text.slice(0, run.index));
    const random = "?".repeat(run[0].length);
    pieces.push({ kind: "unquoted", text: random, raw: random });
    quoted(text.slice(run.index + run[0].length));
  }
  quoted(suffix?.text ?? "");
  const word = wordFromPieces(pieces, template?.start ?? -1, template?.end ?? -1);
  if ((folder ?? template)?.tilde === true) word.tilde = true;
  return word;
}
