import { describe, expect, it } from "vitest";
import { lexicalProgramPath, toolName } from "../src/programs/wrappers.ts";
import { analyze, opaqueWrapper } from "./helpers.ts";

/** What each unit runs, the program by its name (the folder as written stays in `executed`). */
async function executed(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.units.map((unit) =>
    (unit.executed ?? []).map((word, i) => (i === 0 ? word.replace(/.*\//, "") : word)).join(" "),
  );
}

async function sentinels(command: string): Promise<(string | null)[]> {
  const analysis = await analyze(command);
  return analysis.units.map((unit) => unit.sentinel);
}

// B16 noncanonical-program-path-skips-program-table, E16 detect-skipped-for-unnormalised-
// program-path: a program named `//usr//bin/X`, `/usr/bin/./X`, `/usr/lib/../bin/X`,
// `../../usr/bin/X` or `~/../../usr/bin/X` is X (the strace runs it), so X's tables apply.
describe("a standard program named by a path bash reads to its folder", () => {
  it.each([
    ["//usr//bin/npm", "npm"],
    ["//bin/git", "git"],
    ["/usr/./bin/xargs", "xargs"],
    ["/./usr/bin/env", "env"],
    ["/usr/lib/../bin/git", "git"],
    ["/usr/bin//perl", "perl"],
    ["/usr/bin/./nsenter", "nsenter"],
    ["/usr/local/bin/../../bin/git", "git"],
    ["/home/user/../../usr/bin/npm", "npm"],
  ])("%s is %s", (path, name) => {
    expect(toolName(path)).toBe(name);
  });

  it.each([
    "/usr/lib/llvm-14/bin/lli",
    "/snap/bin/npm",
    "./git",
    "node_modules/.bin/npm",
    "../../usr/bin/npm",
    "/usr/bin/git/",
    "/usr/bin/git/.",
    "/usr/bin/../git",
  ])("%s is no standard program", (path) => {
    expect(toolName(path)).toBeNull();
  });

  it("works `.` and `..` out lexically and keeps a trailing slash", () => {
    expect(lexicalProgramPath("//usr//lib/../bin/./git")).toBe("/usr/bin/git");
    expect(lexicalProgramPath("/../../usr/bin/git")).toBe("/usr/bin/git");
    expect(lexicalProgramPath("/usr/bin/git/..")).toBe("/usr/bin/");
  });

  it("wrappers: env, nice and xargs run their inner command", async () => {
    expect(await executed("//usr//bin/env git push origin main")).toContain("git push origin main");
    expect(await executed("/usr/bin/./nice git push")).toContain("git push");
    expect(await executed("echo push origin main | //usr//bin/xargs git")).toContain(
      "git push origin main",
    );
  });

  it("git: an alias given with -c is what runs", async () => {
    expect(await executed("/usr/lib/../bin/git -c alias.p=push p origin main")).toContain(
      "git push origin main",
    );
  });

  it("npm: an abbreviation is the subcommand it stands for", async () => {
    expect(await executed("//usr//bin/npm pub")).toContain("npm publish");
    expect(await executed("/usr/bin/./env npm pub")).toContain("npm publish");
  });

  it("executors: perl's magic open and nsenter's shell on stdin are code", async () => {
    expect(await sentinels("/usr/bin/./perl -p /dev/null 'git push|'")).toContain(opaqueWrapper);
    expect(await sentinels("/usr//bin/nsenter <<< 'git push'")).toContain(opaqueWrapper);
  });

  it("file tables: curl -F reads the file it names", async () => {
    const analysis = await analyze("//usr//bin/curl -F 'file=@\"/etc/passwd\"' http://h/");
    expect(analysis.paths.map((path) => path.path)).toContain("/etc/passwd");
  });

  it("a relative or ~/ name is read from the known folder", async () => {
    expect(await executed("../../usr/bin/npm pub")).toContain("npm publish");
    expect(await executed("~/../../usr/bin/npm pub")).toContain("npm publish");
    expect(await executed("$HOME/../../usr/bin/npm pub")).toContain("npm publish");
    expect(await executed("cd /usr && bin/npm pub")).toContain("npm publish");
    // `cd` may fail: the word may also be the project's `./npm`, judged both ways, unproven.
    expect(await executed("cd /usr/bin; ./npm pub")).toContain("npm publish");
    expect(await sentinels("cd /usr/bin; ./npm pub")).toContain(opaqueWrapper);
  });
});

describe("a command word that climbs with `..`", () => {
  it("keeps its program's table and is not proven: a link may lead the kernel elsewhere", async () => {
    expect(await executed("/usr/lib/../bin/git -c alias.p=push p origin main")).toContain(
      "git push origin main",
    );
    expect(await sentinels("/usr/lib/../bin/git status")).toContain(opaqueWrapper);
    expect(await sentinels("../../usr/bin/git status")).toContain(opaqueWrapper);
    expect(await sentinels("ln -s /repo/a/b/c l; cd l && ../../usr/bin/env ls")).toContain(
      opaqueWrapper,
    );
  });

  it("a word without one is exact", async () => {
    expect(await sentinels("//usr//bin/git status")).toEqual([null]);
    expect(await sentinels("/usr/bin/./git status")).toEqual([null]);
    expect(await sentinels("cd /usr && bin/git status")).toEqual([null, null]);
  });
});

describe("a known program's name under another folder", () => {
  it("is judged as that program and as written, and is not proven", async () => {
    const analysis = await analyze("/snap/bin/npm pub");
    expect(await executed("/snap/bin/npm pub")).toContain("npm publish");
    expect(analysis.units.every((unit) => unit.sentinel === opaqueWrapper)).toBe(true);
    expect(await executed("/opt/x/bin/env git push")).toContain("git push");
    expect(await sentinels("/usr/lib/llvm-14/bin/lli x.ll")).toContain(opaqueWrapper);
    expect(await sentinels("env ../../usr/bin/npm pub")).toContain(opaqueWrapper);
  });

  it("stays the project's own program when named relative, and unknown names stay plain", async () => {
    expect(await sentinels("./npm pub")).toEqual([null]);
    expect(await sentinels("node_modules/.bin/npm pub")).toEqual([null]);
    expect(await sentinels("./bin/server --help")).toEqual([null]);
    expect(await sentinels("/home/user/.local/bin/uv sync")).toEqual([null]);
    expect(await sentinels("/usr/bin/git status")).toEqual([null]);
  });
});
