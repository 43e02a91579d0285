// Which commands can be proven to make no symbolic link and to move nothing, for a host that
// runs several calls at the same time (T32 sibling-call-toctou, traced in a real Pi 1.6
// session: Pi judges every call of one assistant message before any of them runs, then runs
// them together, so `read notes` was judged as the plain file `notes` while its sibling
// `git checkout-index -f notes` was making `notes -> .env`; the read returned the secret).
// A call's paths are followed through the links on disk when it is judged; a sibling that may
// make or move a link before the call opens them leaves that lookup unproven.
import type { BashAnalysis, BashUnit } from "../types.ts";
import { knownLinkMaker } from "./git-links.ts";
import { toolName } from "./wrappers.ts";

/**
 * Programs that make no symbolic or hard link, rename nothing and run no program: they read,
 * print, compare, or write plain files (a redirect, `tee`, `sort -o`, `sed -i`, `gzip -d`),
 * make or remove folders and files. A plain file written through an existing link lands
 * where the link leads, which the writer's own judging follows; a removed entry or a new
 * plain file leaves no other call's path leading anywhere new.
 */
const QUIET_PROGRAMS: ReadonlySet<string> = new Set([
  // reading and printing
  ...["cat", "tac", "head", "tail", "nl", "od", "xxd", "hexdump", "strings"],
  ...["wc", "file", "stat", "du", "df", "ls", "dir", "vdir", "tree", "find", "which"],
  ...["grep", "egrep", "fgrep", "rg", "ag", "ack"],
  // text filters
  ...["sort", "uniq", "cut", "tr", "paste", "join", "comm", "column", "fold", "fmt", "pr"],
  ...["rev", "expand", "unexpand", "sed", "awk", "gawk", "mawk", "nawk", "jq"],
  ...["diff", "cmp", "sdiff", "diff3"],
  // facts about the machine and the shell
  ...["echo", "printf", "true", "false", ":", "test", "[", "pwd", "cd", "date", "sleep"],
  ...["seq", "expr", "yes", "basename", "dirname", "realpath", "readlink", "printenv"],
  ...["id", "whoami", "groups", "uname", "hostname", "nproc", "uptime", "ps", "tty"],
  // checksums and encodings
  ...["md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum"],
  ...["cksum", "sum", "base32", "base64"],
  // plain files and folders
  ...["touch", "mkdir", "rmdir", "rm", "tee", "truncate"],
  ...["gzip", "gunzip", "zcat", "bzip2", "bunzip2", "bzcat", "xz", "unxz", "xzcat"],
]);

/**
 * git subcommands that read the repository or write only inside `.git` (objects, refs, the
 * index, its configuration): none writes a work-tree entry, so none makes a link there. Every
 * other subcommand (`checkout`, `checkout-index`, `mv`, `stash`, `apply`, `clone`, an alias,
 * …) may, and so does `init`, which may move the git directory elsewhere and leave a `.git` file
 * pointing there (`--separate-git-dir`: T33 sibling-git-init-rename).
 */
const QUIET_GIT: ReadonlySet<string> = new Set([
  ...["status", "log", "diff", "show", "blame", "annotate", "shortlog", "describe", "grep"],
  ...["rev-parse", "rev-list", "ls-files", "ls-tree", "ls-remote", "cat-file", "show-ref"],
  ...["for-each-ref", "reflog", "whatchanged", "name-rev", "merge-base", "count-objects"],
  ...["diff-tree", "diff-files", "diff-index", "check-ignore", "check-attr", "var"],
  ...["version", "help", "add", "commit", "fetch", "branch", "tag", "remote", "config"],
  "fsck",
]);

/**
 * Whether running the analysed string may make or move a symbolic link (or a hard link, or
 * rename an entry) that the analysis cannot place: `true` unless every unit is proven to run
 * a program known to read, print, compare or write plain files (`cat`, `grep`, `sed`,
 * `mkdir`, …) or a git subcommand that writes no work-tree file. A unit that runs unseen code
 * (a sentinel: `bash -c "$x"`, `awk` with `system()`), a program no list here knows (`tar x`,
 * `npm install`, `./build.sh`, `python3 x.py`), an analysis that is not whole: all may.
 *
 * @example
 * ```ts
 * mayMakeLinks(analyze("cat README.md | grep x")); // false
 * mayMakeLinks(analyze("git checkout-index -f notes")); // true
 * mayMakeLinks(analyze("tar xf a.tar")); // true
 * ```
 */
export function mayMakeLinks(analysis: BashAnalysis): boolean {
  if (analysis.status !== "ok") return true;
  return linkMakingUnit(analysis) !== -1;
}

/**
 * The index of the first unit that may make or move a symbolic link (see {@link mayMakeLinks}),
 * or -1 when every unit is proven to make none. Only for an analysis that is `ok`: any other
 * may make links anywhere.
 */
export function linkMakingUnit(analysis: BashAnalysis): number {
  return analysis.units.findIndex((unit) => !isLinkQuiet(unit));
}

/**
 * The first unit the string leaves running in the background (`… &`) that the tables know to
 * make or move links (see `knownLinkMaker`): it may make one after the call returns, while a
 * later call is judged on the disk as it was (T33 background-carrier, traced: an allowed
 * `(until ls go; do ls; done; git checkout-index -f notes) &` made `notes -> .env` under a
 * later `cat notes`). A background program no table knows (`npm run dev &`) is trusted as the
 * policy trusts it in the foreground.
 */
export function backgroundLinkMaker(analysis: BashAnalysis): BashUnit | null {
  for (const unit of analysis.units) {
    if (unit.background !== true || unit.executed === null) continue;
    if (knownLinkMaker(unit.executed)) return unit;
  }
  return null;
}

function isLinkQuiet(unit: BashUnit): boolean {
  // A call of a function the string defined: its body's commands are units of their own.
  if (unit.callsFunction === true) return true;
  if (unit.sentinel !== null || unit.executed === null || unit.computed !== undefined) {
    return false;
  }
  const [head, ...rest] = unit.executed;
  const name = toolName(head ?? "");
  if (name === null) return false;
  if (name === "git") return QUIET_GIT.has(rest[0] ?? "");
  return QUIET_PROGRAMS.has(name);
}
