import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

describe("git rm and git mv as a dry run only read what they name", () => {
  it.each([
    // G15 dry-run-judged-as-write (traced: git rm -n README.md and git mv -n README.md x
    // print what they would do and write no file of the work tree)
    ["git rm -n README.md", ["read:/repo/README.md"]],
    ["git rm -rn src", ["read:/repo/src"]],
    ["git rm --dry-run README.md", ["read:/repo/README.md"]],
    ["git rm --dry README.md", ["read:/repo/README.md"]],
    ["git mv -n README.md x", ["read:/repo/README.md", "read:/repo/x"]],
  ])("%s", async (command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });

  it("keeps the removal or move written without a dry run, or when it is turned off", async () => {
    for (const command of [
      "git rm README.md",
      "git rm -n --no-dry-run README.md",
      'git rm -n "$x" README.md',
      "git mv README.md x",
    ]) {
      expect(
        (await analyze(command)).paths.some((path) => path.access !== "read"),
        command,
      ).toBe(true);
    }
  });
});
