// The working and home directories are names, not globs: bash matches a relative pattern
// inside the folder it is in whatever that folder is called, so a glob the analysis reports
// escapes their glob characters (`/tmp/app [old]/*.ts`, not a character class).

import { describe, expect, it } from "vitest";
import { analyzer } from "./helpers.ts";

async function globs(command: string, cwd: string, home = "/home/u"): Promise<string[]> {
  const analysis = (await analyzer()).analyze(command, { cwd, home });
  return analysis.paths.flatMap((p) => (p.glob == null ? [] : [p.glob]));
}

describe("a glob anchored at a folder whose name holds glob characters", () => {
  it.each([
    ["cat secrets/*", "/w/app [old]", "/w/app \\[old\\]/secrets/*"],
    ["cat *.ts", "/w/app*", "/w/app\\*/*.ts"],
    ["cat ./*/key", "/w/a{b,c}", "/w/a\\{b,c\\}/*/key"],
    ["grep -r x .", "/w/app [old]", "/w/app \\[old\\]/**"],
    ["ls -R src", "/w/a?(b)", "/w/a\\?\\(b\\)/src/**"],
  ])("%j in %s reports %s", async (command, cwd, glob) => {
    expect(await globs(command, cwd)).toContain(glob);
  });

  it("escapes the home directory of a tilde glob", async () => {
    expect(await globs("cat ~/.ssh/*", "/repo", "/home/[u]")).toContain("/home/\\[u\\]/.ssh/*");
  });

  it("leaves a folder without glob characters as it is", async () => {
    expect(await globs("cat src/*.ts", "/repo")).toEqual(["/repo/src/*.ts"]);
  });
});
