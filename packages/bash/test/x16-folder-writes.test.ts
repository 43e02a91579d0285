import { describe, expect, it } from "vitest";
import { analyze, globPaths } from "./helpers.ts";

/**
 * A folder a program writes into covers the files below it (G15 output-dir-option,
 * recursive-writers-missing, dir-operand-write-below: `javac -d src X.java` wrote
 * src/X.class, `git checkout -- src` wrote src/a.ts and src/b.ts; prettier --write, gofmt -w,
 * black and tsc --outDir write below the folder by their manuals).
 */
describe("folders written below", () => {
  it.each([
    ["javac -d src X.java", "write:glob:/repo/src/**"],
    ["tsc --outDir src", "write:glob:/repo/src/**"],
    ["prettier --write src", "read_write:glob:/repo/src/**"],
    ["black src", "read_write:glob:/repo/src/**"],
    ["gofmt -w src", "read_write:glob:/repo/src/**/*.go"],
    ["gofmt -w -s .", "read_write:glob:/repo/**/*.go"],
    ["npx prettier --write src", "read_write:glob:/repo/src/**"],
    // A program named by a path, a module, a project runner's tool.
    ["./node_modules/.bin/prettier --write src", "read_write:glob:/repo/src/**"],
    [".venv/bin/black src", "read_write:glob:/repo/src/**"],
    ["python3 -m black src", "read_write:glob:/repo/src/**"],
    ["uv run black src", "read_write:glob:/repo/src/**"],
    ["poetry run isort src", "read_write:glob:/repo/src/**"],
    ["uvx ruff format src", "read_write:glob:/repo/src/**"],
    ["cd /tmp && javac -d out X.java", "write:glob:/tmp/out/**"],
  ])("%s writes %s", async (command, path) => {
    expect(globPaths(await analyze(command))).toContain(path);
  });

  it.each([
    ["gofmt -l src", "src"],
    ["prettier --check src", "src"],
    ["tsc --noEmit", "/repo"],
    ["python3 -m black --check src", "src"],
    ["uv run pytest src", "src"],
  ])("%s writes nothing below %s", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.paths.filter((p) => p.access !== "read")).toEqual([]);
  });
});

describe("git writes the files a folder pathspec holds", () => {
  it.each([
    ["git checkout -- src", "write:glob:/repo/src/*"],
    ["git checkout HEAD~1 -- src", "write:glob:/repo/src/*/*"],
    ["git restore src", "write:glob:/repo/src/*/*/*"],
    ["git restore --staged --worktree src", "write:glob:/repo/src/*"],
    ["git stash push -- src", "write:glob:/repo/src/*"],
    ["git rm -r src", "write:glob:/repo/src/*"],
    ["git clean -fd src", "write:glob:/repo/src/*"],
    ["git checkout -- .", "write:glob:/repo/*"],
  ])("%s writes %s", async (command, path) => {
    expect(globPaths(await analyze(command))).toContain(path);
  });

  it.each([
    "git restore src/a.ts",
    "git restore --staged src",
    "git rm --cached -r src",
    "git add src",
    "git checkout -- .ssh",
  ])("%s names no folder's files", async (command) => {
    const globs = globPaths(await analyze(command)).filter((path) => path.includes(":glob:"));
    expect(globs).toEqual([]);
  });
});
