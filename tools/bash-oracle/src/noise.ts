import { posix } from "node:path";
import { FIXTURE_CWD, FIXTURE_FILES } from "./fixture.ts";
import type { FileEvent } from "./strace.ts";

/**
 * Why a traced file access is system noise rather than something the command string asked
 * for. The list is deliberately short and exact: everything not named here is reported and
 * must be covered by the analysis.
 */
export type NoiseReason =
  /** A read inside the read-only OS tree: the loader, shared libraries, locale data, gconv, terminfo, zoneinfo, git's own templates and helpers. */
  | "system-tree"
  /** A read of one of the /etc files programs consult on their own ({@link IMPLICIT_ETC_FILES}). */
  | "system-config"
  /** /proc and /sys: the kernel's views of processes and devices. */
  | "kernel"
  /** The devices corpus rule 5 says touch no file, and the terminal bash probes at startup. */
  | "device"
  /** The temporary file bash writes a long here-document to (`$TMPDIR/sh-thd.*`), read back and removed by bash itself. */
  | "heredoc-temp"
  /** What git does inside its own repository and configuration: `.git/**`, `~/.gitconfig`, `~/.config/git/**`, and reads of work-tree files (index refresh hashes them) that the fixture's `.gitignore` does not ignore. */
  | "git-internal";

/** The /etc files programs read without being asked: name service, loader cache, locale alias, time zone, git system config, and the mail name git reads to guess a committer address. */
export const IMPLICIT_ETC_FILES: ReadonlySet<string> = new Set([
  "/etc/ld.so.cache",
  "/etc/ld.so.preload",
  "/etc/nsswitch.conf",
  "/etc/passwd",
  "/etc/group",
  "/etc/localtime",
  "/etc/locale.alias",
  "/etc/gitconfig",
  "/etc/gitattributes",
  "/etc/mailname",
  "/etc/host.conf",
  "/etc/hosts",
  "/etc/resolv.conf",
  "/etc/gai.conf",
  "/etc/inputrc",
  "/etc/mime.types",
  "/etc/selinux/config",
]);

const SYSTEM_TREES = ["/usr", "/lib", "/lib64", "/lib32", "/libx32", "/bin", "/sbin"];
const KERNEL_TREES = ["/proc", "/sys"];
const QUIET_DEVICES = new Set([
  "/dev/null",
  // Programs read randomness on their own (git names its temporary files with it).
  "/dev/urandom",
  "/dev/random",
  "/dev/tty",
  "/dev/stdin",
  "/dev/stdout",
  "/dev/stderr",
]);

export interface NoiseContext {
  /** The fixture's working directory (the git work tree). */
  cwd: string;
  /** The fixture's home directory. */
  home: string;
}

/** The reason a file access is noise, or `null` when it is the command's own and must be covered. */
export function noiseReason(file: FileEvent, context: NoiseContext): NoiseReason | null {
  const { path } = file;
  const readOnly = file.access === "read";
  if (readOnly && SYSTEM_TREES.some((tree) => within(path, tree))) return "system-tree";
  if (readOnly && IMPLICIT_ETC_FILES.has(path)) return "system-config";
  if (KERNEL_TREES.some((tree) => within(path, tree))) return "kernel";
  if (QUIET_DEVICES.has(path) || within(path, "/dev/fd") || within(path, "/dev/pts")) {
    return "device";
  }
  if (file.shell && posix.dirname(path) === "/tmp" && posix.basename(path).startsWith("sh-thd")) {
    return "heredoc-temp";
  }
  if (isGit(file) && gitInternal(path, readOnly, context)) return "git-internal";
  return null;
}

function isGit(file: FileEvent): boolean {
  const name = posix.basename(file.program[0] ?? "");
  return name === "git" || name.startsWith("git-");
}

function gitInternal(path: string, readOnly: boolean, context: NoiseContext): boolean {
  if (path.split("/").includes(".git")) return true;
  if (path === `${context.home}/.gitconfig` || within(path, `${context.home}/.config/git`)) {
    return true;
  }
  return readOnly && within(path, context.cwd) && !ignoredByFixture(path, context.cwd);
}

/** The patterns of the fixture's `.gitignore` (plain names and folders, no wildcards). */
const FIXTURE_IGNORED: readonly string[] = (FIXTURE_FILES[`${FIXTURE_CWD}/.gitignore`] ?? "")
  .split("\n")
  .filter((line) => line !== "" && !line.startsWith("#"));

/**
 * Whether the fixture's `.gitignore` ignores `path`. git refreshes, hashes and diffs the
 * tracked files of its work tree on its own, but no routine work opens an ignored one: a read
 * of `.env` by git is the command's doing (`git add -f .env`, or an index entry the string
 * forged, S26 index-forged-entry), and must be covered by the analysis.
 */
function ignoredByFixture(path: string, cwd: string): boolean {
  if (!within(path, cwd) || path === cwd) return false;
  const relative = path.slice(cwd === "/" ? 1 : cwd.length + 1);
  const segments = relative.split("/");
  return FIXTURE_IGNORED.some((pattern) =>
    pattern.endsWith("/")
      ? segments.slice(0, -1).includes(pattern.slice(0, -1))
      : segments.includes(pattern),
  );
}

/** Whether `path` is `dir` or below it. */
export function within(path: string, dir: string): boolean {
  if (dir === "/") return true;
  return path === dir || path.startsWith(`${dir}/`);
}
