import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/** Every unit's executed words, one string each. */
async function executed(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.units.map((unit) => (unit.executed ?? []).join(" "));
}

describe("exec -a NAME: a program that dispatches on argv[0] is judged under that name", () => {
  // strace: `exec -a git-push git status` ran git with argv[0] git-push, which pushed
  // (git.c reads a `git-` argv[0] as the subcommand); `exec -a linux64 setarch git push`
  // ran setarch as linux64, which took `git` as the program.
  it.each([
    ["exec -a git-push git", "git push"],
    ["exec -a git-push git status", "git push status"],
    ["exec -agit-push git", "git push"],
    ["exec -cagit-push git", "git push"],
    ["exec -a git-push -- git", "git push"],
    ["exec -a /usr/bin/git-push git", "git push"],
    ["command exec -a git-push git", "git push"],
    ['a=git-push; exec -a "$a" git', "git push"],
    ["exec -a git-clean git diff -fdx -- .", "git clean diff -fdx -- ."],
    ["exec -a linux64 setarch git push origin", "git push origin"],
    ["exec -a rm busybox -rf build", "rm -rf build"],
  ])("%s runs %s", async (command, runs) => {
    expect(await executed(command)).toContain(runs);
  });

  it("the dispatched git command opens what that subcommand opens", async () => {
    // clean -x reaches everything below, ignored files too, read and removed (f433a95 gives
    // the recursive path clean's own read_write, as git.test's `git clean -fdx` has it).
    expect(paths(await analyze("exec -a git-clean git -fdx"))).toContain("read_write:/repo/**");
    expect(paths(await analyze("git-clean -fdx"))).toContain("read_write:/repo/**");
  });

  it("a name the text does not give leaves the command unproven", async () => {
    const analysis = await analyze('exec -a "$NAME" git status');
    expect(analysis.units.some((unit) => unit.sentinel !== null)).toBe(true);
  });

  it("the dispatched unit is judged from its whole words, not from the command word", async () => {
    const analysis = await analyze("exec -a git-tag git log");
    const renamed = analysis.units.find((unit) => unit.executed?.join(" ") === "git tag log");
    expect(renamed?.wrappers.map((layer) => layer.kind)).toEqual(["indirection"]);
  });

  it("a leading - (or -l) starts a shell as a login shell", async () => {
    expect(await executed("exec -a -bash bash s.sh")).toContain("bash -l s.sh");
    expect(await executed("exec -l sh s.sh")).toContain("sh -l s.sh");
  });

  it.each([
    // The same name, or none: one unit, as before.
    ["exec git status", ["git status"]],
    ["exec -a git git status", ["git status"]],
    ["exec -c git status", ["git status"]],
    ["exec -l git status", ["git status"]],
  ])("%s stays %j", async (command, runs) => {
    expect(await executed(command)).toEqual(runs);
  });
});

describe("a wrapper with no command starts a shell that runs what stdin holds", () => {
  // strace: `echo 'git push' | setarch x86_64` ran /bin/sh as -sh, which ran git push;
  // bare nsenter ran $SHELL as -bash the same way.
  it.each([
    "echo 'git push' | setarch x86_64",
    "setarch x86_64 <<< 'git push'",
    "setarch -R x86_64 <<< 'git push'",
    "echo git push | linux64",
    "echo git push | /usr/bin/x86_64 -3",
    "echo 'git push' | nsenter",
    "firejail <<< 'git push'",
  ])("%s runs git push", async (command) => {
    expect(await executed(command)).toContain("git push");
  });

  it.each(["linux64", "setarch x86_64", "nsenter", "firejail"])(
    "%s alone is a shell nobody reads (it reads the profile files)",
    async (command) => {
      const analysis = await analyze(command);
      expect(analysis.units.some((unit) => unit.sentinel !== null)).toBe(true);
    },
  );

  it.each(["setarch x86_64 ls", "linux64 -R ls -la"])(
    "%s still runs its command",
    async (command) => {
      const analysis = await analyze(command);
      expect(analysis.units.every((unit) => unit.sentinel === null)).toBe(true);
    },
  );
});

describe("GNU ed reads a file operand starting with ! as a shell command's output", () => {
  // strace: `ed '!git push'` ran `sh -c 'git push'`; options and -- do not matter.
  it.each([
    "ed '!git push'",
    "ed -s '!git push'",
    "ed -s -- '!git push'",
    "ed -G '!git push'",
    "ed --quiet '!git push'",
    "ed -v '!git push'",
    "/usr/bin/ed -sp x '!git push'",
  ])("%s runs git push", async (command) => {
    expect(await executed(command)).toContain("git push");
  });

  it.each([
    // red and -r refuse shell commands; a prompt's value is no operand.
    "red '!git push'",
    "ed -r '!git push'",
    "ed -p '!git push' notes.txt",
    "ed --prompt '!git push' notes.txt",
    "ed -s notes.txt",
  ])("%s runs nothing", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.every((unit) => unit.sentinel === null)).toBe(true);
    expect(await executed(command)).not.toContain("git push");
  });
});
