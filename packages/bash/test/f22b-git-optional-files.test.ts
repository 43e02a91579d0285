// Sibling of R21 git-prefix-path (F22b, from git's source, not traceable under the fixture's
// git 2.39): git 2.52's option parser drops a leading `:(optional)` of a file name option's
// value (OPT_FILENAME: commit -F/--template, tag -F, archive -o, …) and reads or writes the
// rest, and nothing when the file is missing. `git commit -F ':(optional)/home/user/.aws/
// credentials'` was judged as /repo/:(optional)/home/… (inside the project), and
// `:(optional)../.env` as a revision range (no path at all).
import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function pathsOf(command: string): Promise<(string | null)[]> {
  return (await analyze(command)).paths.map((path) => path.path ?? path.sentinel ?? null);
}

describe("a git file option's value after :(optional)", () => {
  it.each([
    ["git commit -F ':(optional)/home/user/.aws/credentials'", "/home/user/.aws/credentials"],
    ["git commit --template=':(optional)/home/user/x'", "/home/user/x"],
    ["git commit -F ':(optional)../.env'", "/.env"],
    ["git commit --file=':(optional)../.env'", "/.env"],
    ["git -C src tag -a v1 -F ':(optional)../.env'", "/repo/.env"],
    ["git archive -o ':(optional)/etc/x' HEAD", "/etc/x"],
  ])("%s names %s", async (command, path) => {
    expect(await pathsOf(command)).toContain(path);
  });

  it("a relative rest stays in the working directory", async () => {
    expect(await pathsOf("git commit -F ':(optional)src/a.ts'")).toContain("/repo/src/a.ts");
  });
});
