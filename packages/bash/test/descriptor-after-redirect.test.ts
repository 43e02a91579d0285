import { describe, expect, it } from "vitest";
import { analyze, mayRun, paths } from "./helpers.ts";

/**
 * Attack round B17 (metamorphic), class fd-zero-redirect-after-file-redirect-read-as-word:
 * after a file redirect, tree-sitter-bash reads the `0` of a following `0</dev/null` as one
 * more word of the first redirect, and the walk took it for an argument: `npm 2>/dev/null
 * 0</dev/null publish` was `npm 0 publish`, so every program table read the words one slot
 * off (174 traced wrong allows under P3: bash -c, python3 -c, npm publish, cd then rm -rf).
 * The same `&` of a redirect (`0<&-`) hid a `set -k` from the test that looks for it.
 */
describe("a descriptor written against the next redirect is not an argument", () => {
  it.each([
    ["npm 2>/dev/null 0</dev/null publish", "npm publish"],
    ["npm >/dev/null 0</dev/null publish", "npm publish"],
    ["npm </dev/null 0</dev/null publish", "npm publish"],
    ["npm >>x 0<y publish", "npm publish"],
    ["npm &>x 0<y publish", "npm publish"],
    ["/usr/bin/npm 2>/dev/null 0</dev/null publish", "/usr/bin/npm publish"],
  ])("%j runs %s", async (command, words) => {
    const analysis = await analyze(command);
    expect(analysis.units[0]?.argv).toEqual(words.split(" "));
  });

  it("still sees the command bash -c runs", async () => {
    const analysis = await analyze("bash 2>/dev/null 0</dev/null -c 'git push origin main'");
    expect(mayRun(analysis, "git push origin main")).toBe(true);
  });

  it("keeps a digit standing apart as an argument", async () => {
    const analysis = await analyze("echo >x 0 <y");
    expect(analysis.units[0]?.argv).toEqual(["echo", "0"]);
  });

  it("reads a cd with no folder as going home", async () => {
    const analysis = await analyze("cd 2>/dev/null 0</dev/null; rm -rf .ssh");
    expect(paths(analysis)).toContain("write:/home/user/.ssh");
  });

  it("sees set -k behind a redirect that closes a descriptor", async () => {
    const analysis = await analyze(
      "set >/dev/null 0<&- -k; env true; git status GIT_DIR=/srv/origin.git",
    );
    expect(paths(analysis).some((path) => path.includes("/srv/origin.git"))).toBe(true);
  });
});
