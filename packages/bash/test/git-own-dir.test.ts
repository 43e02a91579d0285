import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** The units' sentinels and every path, as `access path`. */
async function reading(command: string) {
  const analysis = await analyze(command);
  return {
    sentinels: analysis.units.flatMap((u) => (u.sentinel === null ? [] : [u.sentinel])),
    paths: analysis.paths.map((p) => `${p.access} ${p.path ?? p.glob}`),
  };
}

describe("the working directory's own .git named as the repository is plain git", () => {
  it.each([
    "git --git-dir=.git log -1",
    "git --git-dir .git status",
    "git --git-dir=./.git/ diff",
    "GIT_DIR=.git git log --oneline",
    "export GIT_DIR=.git; git status",
  ])("%s touches what plain git does", async (command) => {
    expect(await reading(command)).toEqual(await reading("git status"));
  });

  it.each([
    ["git --git-dir=../other/.git log", "read_write /other/.git"],
    ["git --git-dir=sub/.git log", "read_write /repo/sub/.git"],
    ["git -C sub --git-dir=.git log", "read_write /repo/sub/.git"],
    ["GIT_DIR=/tmp/r/.git git log", "read_write /tmp/r/.git"],
  ])("%s names another repository: its folder is a path", async (command, path) => {
    expect((await reading(command)).paths).toContain(path);
  });

  it("a folder that is no .git folder stays floored", async () => {
    expect((await reading("git --git-dir=.ssh log")).sentinels.length).toBeGreaterThan(0);
  });
});
