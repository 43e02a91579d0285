import { describe, expect, it } from "vitest";
import { analyze, unproven } from "./helpers.ts";

// S30 git-synonym (R37, traced under git 2.39): `git init-db` is the old name of `git init`
// (git.c runs the same function; `git init-db -h` prints `usage: git init`). Keyed on `init`
// only, the engine saw no write into `x` for `git init-db --bare x`: a later `>> x/config`
// looked like a lone file, and `git -C x fetch` then ran the uploadpack it wrote. Every old
// name git 2.39 still runs (init-db, fsck-objects, stage, pickaxe) is read as its public name.

/** What the gates see of a command: its units' words and sentinels, and its paths. */
async function view(command: string): Promise<string> {
  const analysis = await analyze(command);
  return JSON.stringify({
    units: analysis.units.map((unit) => [unit.executed, unit.sentinel]),
    paths: analysis.paths.map((path) => `${path.access} ${path.path ?? path.glob ?? "?"}`),
  });
}

describe("s30: git's old subcommand names are read as the public ones", () => {
  it.each([
    ["git init-db --bare x", "git init --bare x"],
    ["git -C x init-db --bare", "git -C x init --bare"],
    ["git init-db --bare -- x", "git init --bare -- x"],
    ["git init-db --template=t y", "git init --template=t y"],
    ["git init-db --separate-git-dir=gd w", "git init --separate-git-dir=gd w"],
    ["/usr/lib/git-core/git-init-db --bare x", "git init --bare x"],
    ["git fsck-objects --lost-found", "git fsck --lost-found"],
    ["git stage -e", "git add -e"],
    ["git stage -f .env", "git add -f .env"],
    ["git pickaxe -S .env README.md", "git blame -S .env README.md"],
  ])("%j is judged as %j", async (old, modern) => {
    expect(await view(old)).toEqual(await view(modern));
  });

  it.each([
    'git init-db --bare x; echo "[remote \\"o\\"]\nurl = .\nuploadpack = rm -rf build" >> x/config; git -C x fetch o',
    'git init-db --bare t; echo "[core]fsmonitor=rm -rf build" >> t/config; git init-db --template=t y; git -C y status',
  ])("%j is not proven", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it("records the repository `git init-db --bare x` writes", async () => {
    const paths = (await analyze("git init-db --bare x")).paths;
    expect(paths.filter((path) => path.access !== "read").map((path) => path.path)).toContain(
      "/repo/x",
    );
  });
});
