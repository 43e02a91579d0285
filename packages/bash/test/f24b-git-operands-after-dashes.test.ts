// R23 trailers-dashes (wrong allows under P1 and P3, traced under bash 5.2): `git
// interpret-trailers --in-place -- /home/user/.ssh/id_rsa` read and rewrote id_rsa, and `--in-place
// --trailer 'git push origin main;#=x' -- README.md; bash README.md` ran git push: with --in-place
// (or a word only known at run time among the flags) the subcommand's operands were only those
// before `--`. The class: a subcommand's operand reading that keeps a flag's effect but loses the
// files after `--`, or takes an option's value or a pathspec after `--` for a flag that takes
// access away (F24b, traced: `git clean -fx -e -n -- .env` and `git clean -fx -- -n .env` removed
// .env; `git apply --exclude --check p.diff` and `git am --exclude --quit m.mbox` applied the patch,
// and `bash run.sh` then ran the git push it wrote).
import { describe, expect, it } from "vitest";
import type { PathAccess } from "../src/index.ts";
import { analyze } from "./helpers.ts";

const KEY = "/home/user/.ssh/id_rsa";

/** Whether `access` includes all of `needed`. */
function covers(access: PathAccess, needed: PathAccess): boolean {
  return access === needed || access === "read_write";
}

async function accessesOf(command: string, path: string): Promise<PathAccess[]> {
  return (await analyze(command)).paths.filter((use) => use.path === path).map((use) => use.access);
}

async function globsOf(command: string): Promise<string[]> {
  return (await analyze(command)).paths.map(
    (use) => `${use.access} ${use.glob ?? use.path ?? use.sentinel}`,
  );
}

/**
 * Each subcommand whose operands git reads as files or pathspecs (git.ts FILE_OPERANDS,
 * PATHSPEC_ACCESS and the subcommands operandUses reads apart), the words before `--` it needs,
 * the flags that change how it uses its operands, and the least access the analysis must keep
 * for a file after `--` (what git does to it, or the access the model gives such an operand).
 */
const SUBCOMMANDS: readonly [string, readonly string[], PathAccess][] = [
  ["interpret-trailers", ["--in-place", "--trailer a=b", "--in-pl"], "read"],
  ["add", ["-f", "-n", "--dry-run", "-A"], "read"],
  ["stage", ["-f"], "read"],
  ["rm", ["-r", "--cached", "-f"], "write"],
  ["restore", ["--staged", "--worktree", "-SW"], "write"],
  ["blame", ["-w"], "read"],
  ["annotate", ["-w"], "read"],
  ["ls-files", ["-m", "--others"], "read"],
  ["clean", ["-f", "-fx", "-fd"], "write"],
  ["apply", ["--check", "--stat", "--cached", "--numstat", "--unsafe-paths", "--apply"], "read"],
  ["am", ["--quit", "--show-current-patch", "-3"], "read"],
  ["hash-object", ["-w"], "read"],
  ["send-email", ["--dry-run"], "read"],
  ["mailsplit", ["-b"], "read"],
  ["update-index", ["--add"], "read"],
  ["checkout-index", ["-f", "-u"], "write"],
  ["merge-file", ["-p"], "read"],
  ["mailinfo", ["-k"], "write"],
  ["checkout", ["HEAD", "-f"], "write"],
  ["stash push", ["-u", "-k"], "write"],
  ["reset", ["HEAD"], "read"],
  ["commit", ["-a", "--only", "-m x"], "read"],
  ["log", ["-p", "--stat"], "read"],
  ["show", ["HEAD"], "read"],
  ["diff", ["--no-index", "--cached", "HEAD", "--stat"], "read"],
  ["grep -e x", ["--no-index", "--untracked"], "read"],
  ["shortlog", ["-s"], "read"],
  ["whatchanged", ["-p"], "read"],
  ["diff-files", ["-p"], "read"],
  ["diff-index", ["-p HEAD"], "read"],
  ["diff-tree", ["-p HEAD"], "read"],
  ["ls-tree", ["HEAD"], "read"],
  ["difftool", ["--no-prompt"], "read"],
  ["range-diff", ["HEAD~1...HEAD"], "read"],
  ["archive", ["HEAD"], "read"],
  ["format-patch", ["-1"], "read"],
  ["rev-list", ["HEAD"], "read"],
  ["check-attr", ["-a"], "read"],
  ["mv", ["-f", "-k"], "read_write"],
  ["init", ["--bare", "-q"], "write"],
  ["worktree add", ["-f", "--detach"], "write"],
  ["bundle create", ["-q"], "write"],
  ["bundle verify", ["-q"], "read"],
];

describe("a file after `--` stays a file, whatever the flags (every subcommand with operands)", () => {
  const cases = SUBCOMMANDS.flatMap(([sub, flags, access]) =>
    [
      "",
      ...flags,
      // A word only known at run time may be any flag (it is `-n`, `--quit`, `--in-place` …).
      `"\${f:--n}"`,
      `"\${f:---in-place}"`,
    ].map((flag) => [`git ${sub} ${flag} -- ${KEY}`.replace(/ +/g, " "), access] as const),
  );

  it.each(cases)("%s keeps the file (%s)", async (command, access) => {
    const found = await accessesOf(command, KEY);
    expect(found.some((got) => covers(got, access))).toBe(true);
  });

  it.each(SUBCOMMANDS.map(([sub, , access]) => [`git ${sub} -- "\${p:-${KEY}}"`, access] as const))(
    "%s keeps the value only known at run time (%s)",
    async (command, access) => {
      const found = await accessesOf(command, KEY);
      expect(found.some((got) => covers(got, access))).toBe(true);
    },
  );
});

describe("git interpret-trailers --in-place writes the files after `--` too (R23)", () => {
  it.each([
    `git interpret-trailers --in-place -- ${KEY}`,
    `git interpret-trailers --in-pl --trailer a=b -- ${KEY}`,
    `git interpret-trailers "\${m:---in-place}" -- ${KEY}`,
    `git interpret-trailers --in-place --trailer a=b -- README.md ${KEY}`,
  ])("%s reads and writes id_rsa", async (command) => {
    expect(await accessesOf(command, KEY)).toContain("read_write");
  });

  it("the rewritten file after `--`, run later, is text the string may have written", async () => {
    const analysis = await analyze(
      "git interpret-trailers --in-place --trailer 'git push origin main;#=x' -- README.md; bash README.md",
    );
    expect(analysis.units.at(-1)?.sentinel).not.toBeNull();
  });

  it("without --in-place a file after `--` is only read (a `--in-place` after `--` is a file)", async () => {
    expect(await accessesOf(`git interpret-trailers -- ${KEY}`, KEY)).toEqual(["read"]);
    expect(await accessesOf(`git interpret-trailers -- --in-place ${KEY}`, KEY)).toContain("read");
  });
});

describe("git mv's `--` only ends the options", () => {
  it.each([
    ["git mv -- a.key secrets/", "write /repo/secrets/a.key"],
    ["git mv -f -- a.key b.key secrets", "write /repo/secrets/b.key"],
    ["git mv -- -n x", "write /repo/x/-n"],
  ])("%s moves the source into the folder (%s)", async (command, path) => {
    expect(await globsOf(command)).toContain(path);
  });
});

describe("a flag that takes access away counts only as a switch in force before `--`", () => {
  it.each([
    // -e/--exclude take the next word: `-n` is a pattern there, not a dry run.
    ["git clean -fx -e -n -- .env", "/repo/.env"],
    ["git clean -fx --exclude -n -- .env", "/repo/.env"],
    ["git clean -fxe -n -- .env.local", "/repo/.env.local"],
    ["git clean -fx -e-n -- .env", "/repo/.env"],
    // After `--`, `-n` is a pathspec.
    ["git clean -fx -- -n .env", "/repo/.env"],
    ["git clean -f -- -n src/x", "/repo/src/x"],
    // The last of -n and --no-dry-run decides.
    ["git clean -n --no-dry-run -fx -- .env", "/repo/.env"],
    ["git rm -- -n README.md", "/repo/README.md"],
    ["git mv -- -n README.md x", "/repo/README.md"],
  ])("%s writes %s", async (command, path) => {
    expect((await accessesOf(command, path)).some((access) => covers(access, "write"))).toBe(true);
  });

  it("git clean -fx -e -n reaches every ignored file below the working directory", async () => {
    expect(await globsOf("git clean -fx -e -n")).toContain("read_write /repo/**");
    expect(await globsOf("git clean -fx -- -n")).toContain("read_write /repo/-n/**");
  });

  it.each([
    "git apply --exclude --check p.diff",
    "git apply --include --stat p.diff",
    "git apply --directory --cached p.diff",
    "git am --exclude --quit m.mbox",
    "git am --directory --show-current-patch m.mbox",
  ])("%s applies the patch: any file below the working directory is written", async (command) => {
    expect(await globsOf(command)).toContain("write /repo/**");
  });

  it.each([
    // An option's value that is `--cached` or `--no-staged` after `--`, or a negation.
    ["git rm -r -- --cached src", "write /repo/src/*"],
    ["git rm --cached --no-cached -r src", "write /repo/src/*"],
    ["git restore --staged --no-staged src", "write /repo/src/*"],
    ["git restore -s HEAD --staged -- --worktree src", "write /repo/--worktree"],
  ])("%s writes the files in the folder (%s)", async (command, path) => {
    expect(await globsOf(command)).toContain(path);
  });

  it.each([
    // The switches still in force take access away as before.
    ["git clean -n -fx -- .env", "/repo/.env"],
    ["git clean --dry-run -f -- src/x", "/repo/src/x"],
  ])("%s only lists (opens nothing, traced)", async (command, path) => {
    expect(await accessesOf(command, path)).toEqual([]);
  });

  it.each([
    ["git apply --check p.diff", "read /repo/**"],
    ["git apply --stat p.diff", "read /repo/p.diff"],
    ["git rm -n README.md", "read /repo/README.md"],
    ["git rm --cached -r src", "write /repo/src"],
  ])("%s keeps its narrower reading (%s)", async (command, path) => {
    const found = await globsOf(command);
    expect(found).toContain(path);
    expect(found.filter((use) => use.startsWith("write /repo/"))).toEqual(
      path.startsWith("write") ? [path] : [],
    );
  });
});
