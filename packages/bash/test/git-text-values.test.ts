import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

describe("precision: git's patterns, names, dates and formats are not files", () => {
  it.each([
    ["git log --grep=.env", []],
    ["git log --author=.env", []],
    ["git log -1 --committer=.env", []],
    ["git log --since=.env", []],
    ["git log --format=.env -1", []],
    ["git grep -e .env", []],
    ["git grep .env -- src", ["read /repo/src"]],
  ])("%s", async (command, expected) => {
    const analysis = await analyze(command);
    expect(analysis.paths.map((path) => `${path.access} ${path.path}`)).toEqual(expected);
  });

  it.each([
    ["git grep -e x .env", "read /repo/.env"],
    ["git grep x .env", "read /repo/.env"],
    ["git grep -f .env", "read /repo/.env"],
    ["git grep x -- .env", "read /repo/.env"],
  ])("keeps the searched files and pattern files of %s", async (command, expected) => {
    const analysis = await analyze(command);
    expect(analysis.paths.map((path) => `${path.access} ${path.path}`)).toContain(expected);
  });
});
