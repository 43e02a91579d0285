import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

// After `cd link` bash's PWD names the link but the process sits in its target, so a `..`
// written later climbs from the target (strace: `cd l && cat ../README.md` with `l -> .`
// opened the file above the project). The analysis keeps the path as it was joined, before
// its `..` are applied, for the gates to follow on disk.
describe("a path with `..` keeps how it was joined when its text does not show it", () => {
  it.each<[string, string, string | undefined]>([
    ["cd src && cat ../README.md", "../README.md", "/repo/src/../README.md"],
    ["cd src && cat x/../../README.md", "x/../../README.md", "/repo/src/x/../../README.md"],
    ["cd src && cat $PWD/../README.md", "$PWD/../README.md", "/repo/src/../README.md"],
    ["f=README.md; cd src && cat ../$f", "../$f", "/repo/src/../README.md"],
    // The text shows it: nothing to add.
    ["cat ../README.md", "../README.md", undefined],
    ["cd src && cat /repo/x/../README.md", "/repo/x/../README.md", undefined],
    ["cd src && cat README.md", "README.md", undefined],
  ])("%s", async (command, raw, joined) => {
    const path = (await analyze(command)).paths.find((p) => p.raw === raw);
    expect(path?.joined).toBe(joined);
  });

  it("a logical cd climbs its own `..` by name; cd -P on disk, so later paths are unknown", async () => {
    const logical = await analyze("cd src && cd .. && cat README.md");
    expect(logical.paths.map((p) => [p.raw, p.path, p.joined])).toEqual([
      ["src", "/repo/src", undefined],
      ["..", "/repo", undefined],
      ["README.md", "/repo/README.md", undefined],
    ]);
    const physical = await analyze("cd src && cd -P .. && cat README.md");
    expect(physical.paths.find((p) => p.raw === "README.md")?.path).toBeNull();
    // From the folder the command started in, `..` is the same either way.
    const start = await analyze("cd -P .. && cat README.md");
    expect(start.paths.find((p) => p.raw === "README.md")?.path).toBe("/README.md");
  });
});
