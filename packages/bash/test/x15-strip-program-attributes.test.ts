import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/** What each unit runs. */
async function runs(command: string): Promise<string[]> {
  const { units } = await analyze(command);
  return units.map((unit) => unit.executed?.join(" ") ?? "?");
}

/**
 * `install -s --strip-program=PROG SRC DEST` runs `PROG DEST` (A15
 * install-strip-program-runs-a-program: under strace `install -s --strip-program=git
 * README.md push` execs `git push`).
 */
describe("install -s runs its strip program on the installed file", () => {
  it.each<[string, string[]]>([
    ["install -s --strip-program=git README.md push", ["?", "git push", "git push/README.md"]],
    ["install --strip --strip-program git README.md push", ["?", "git push", "git push/README.md"]],
    [
      "install -D -s --strip-prog=npm README.md publish",
      ["?", "npm publish", "npm publish/README.md"],
    ],
    ["install -s -t out --strip-program=x a b", ["?", "x out/a", "x out/b"]],
  ])("%s", async (command, expected) => {
    expect(await runs(command)).toEqual(expected);
  });

  it.each([
    "install -s --strip-program=$P a b",
    'read o < f; install -s "$o" a b',
    "install -s --strip-program=x a $d",
  ])("is not proven when the program or its file is not known: %s", async (command) => {
    // With P or d unset the command is judged once more without it (x17-inherited-may-be-empty).
    const units = (await analyze(command)).units.filter(
      (unit) => unit.argv[0] !== "read" && unit.argv.some((word) => word.includes("$")),
    );
    expect(units[0]?.sentinel).not.toBeNull();
    expect(units).toHaveLength(1);
  });

  it.each([
    "install -m 755 build/app bin/app",
    "install -s build/app bin/app",
    "install --strip-program=git README.md push",
  ])("runs nothing else: %s", async (command) => {
    expect(await runs(command)).toEqual([command]);
  });
});

/**
 * git looks up attributes along a path given to apply --directory and hash-object/cat-file
 * --path (A15 git-attributes-lookup-path-option: `git hash-object --path=/home/user/.ssh/x
 * README.md` read /home/user/.ssh/.gitattributes, `git apply --directory=/tmp p` read
 * /tmp/.gitattributes, under strace).
 */
describe("git reads the attributes of a path an option names", () => {
  it("hash-object --path", async () => {
    expect(paths(await analyze("git hash-object --path=/home/user/.ssh/x README.md"))).toEqual(
      expect.arrayContaining([
        "read:/home/.gitattributes",
        "read:/home/user/.gitattributes",
        "read:/home/user/.ssh/.gitattributes",
        "read:/repo/README.md",
      ]),
    );
  });

  it("apply --directory reads and writes below the folder", async () => {
    const found = paths(await analyze("git apply --directory=/tmp/x p"));
    expect(found).toEqual(
      expect.arrayContaining(["read:/tmp/.gitattributes", "read:/tmp/x/.gitattributes"]),
    );
    const { paths: touched } = await analyze("git apply --directory /tmp/x p");
    expect(touched.some((path) => path.glob === "/tmp/x/**" && path.access === "read_write")).toBe(
      true,
    );
  });

  it("a value only known at run time is any path", async () => {
    const { paths: touched } = await analyze('read d < f; git apply --directory="$d" p');
    expect(touched.some((path) => path.raw === "$d" && path.path === null)).toBe(true);
  });
});
