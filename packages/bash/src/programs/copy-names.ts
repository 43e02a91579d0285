import { type Piece, type Word, wordFromPieces } from "../read/words.ts";
import { toolName } from "./wrappers.ts";

/**
 * The names a copy into a folder gives a glob's files (S31 cp-dest-widened, R42 class 4:
 * `cp src/*.ts out/` asked about a .env anywhere below out/, while the trace wrote only
 * out/a.ts and out/b.ts). A copy that does not recurse writes each file the glob matched under the file's
 * own last segment: a name the glob's last segment matches. So the folder joined with that
 * segment (`out/*.ts`) names every file written, and the gates match it with the same glob
 * options (`dotglob`, `nocaseglob`) the source glob is matched with. A copy that recurses
 * (`-r`, `-a`) writes anything below a matched folder; one that keeps the path (`--parents`,
 * rsync's `-R`, `--files-from`) or a backup beside each file writes other names: those keep
 * everything below the folder, as does a word whose role may be an option.
 */

/** The option names (or unique prefixes of long ones) after which the names are not the glob's. */
const OTHER_NAMES = /^(?:r|R|a|b|S|d|D)$/;
const OTHER_LONG = [
  "recursive",
  "archive",
  "relative",
  "files-from",
  "backup",
  "suffix",
  "parents",
];

/** Whether a long option name is (a prefix of) one of `names`. */
function prefixOf(name: string, names: readonly string[]): boolean {
  return name.length >= 2 && names.some((long) => long.startsWith(name));
}

/**
 * Whether a copy, link or install (cp, ln, install, scp, rsync: not mv, which moves a
 * matched folder whole) writes a glob source only under the names it matches: no option
 * that recurses, keeps the source's path, makes backups or treats operands as folders
 * (install -d/-D), and no word whose role is unknown.
 */
export function copiesKeepGlobNames(
  name: string,
  options: readonly { name: string }[],
  unknown: readonly Word[] | undefined,
): boolean {
  const tool = toolName(name) ?? name;
  if (!["cp", "ln", "install", "scp", "rsync"].includes(tool)) return false;
  if (unknown !== undefined && unknown.length > 0) return false;
  return !options.some(
    (option) => OTHER_NAMES.test(option.name) || prefixOf(option.name, OTHER_LONG),
  );
}

/**
 * The word for the files a copy of `source` writes into `folder` when `source` is a glob
 * (pathname expansion its only expansion) whose last segment is made of plain wildcards
 * (`*`, `?`, `[…]`, no `**`, no extglob group) and text: `out/` + that segment, the folder
 * taken as written text. Null for any other source.
 */
export function globCopyName(folder: Word, source: Word): Word | null {
  const pattern = source.pattern;
  if (!folder.literal || !source.glob || pattern === null || source.brace) return null;
  // A `host:path` word names a file of another host, whose shell globs it.
  if (source.text.includes(":")) return null;
  const trimmed = pattern.replace(/\/+$/, "");
  // The last `/` not escaped ends the folder part (`\/` cannot occur: `/` is never quoted
  // into a pattern character).
  const segment = trimmed.slice(trimmed.lastIndexOf("/") + 1);
  if (segment === "" || segment.includes("**") || /[()|]/.test(segment)) return null;
  if (!/[*?[]/.test(segment.replace(/\\./g, ""))) return null;
  const pieces: Piece[] = [
    { kind: "quoted", text: `${folder.text.replace(/\/+$/, "")}/`, raw: folder.text },
    { kind: "unquoted", text: segment.replace(/\\(.)/g, "$1"), raw: segment },
  ];
  const word = wordFromPieces(pieces, -1, -1);
  if (folder.tilde) word.tilde = true;
  return word;
}
