import { describe, expect, it } from "vitest";
import { SENTINELS } from "../src/index.ts";
import { analyze } from "./helpers.ts";

/**
 * R18 (session 18), traced with real git on a repository that commits .env: git ends a
 * revision at the first `:` outside braces (`HEAD^{/fix:*}:.env` searches commit messages for
 * `fix:*` and names .env), reads each side of a range (`HEAD:README.md..HEAD:.env`), and a
 * substitution's output may hold the `:` or `{` that decides where the revision ends
 * (`"HEAD$(printf :)".env` runs `git show HEAD:.env`).
 */
async function reads(command: string): Promise<string[]> {
  const { paths } = await analyze(command);
  return paths.map((path) => path.sentinel ?? path.path ?? "");
}

describe("where git ends a revision", () => {
  it.each([
    ["git show 'HEAD^{/fix:*}:.env'", "/repo/.env"],
    ["git show 'HEAD@{2024-01-01 00:00:00}:.env'", "/repo/.env"],
    ["git cat-file -p 'HEAD^{/:?}:.ssh/id_rsa'", "/repo/.ssh/id_rsa"],
    ["git diff HEAD:README.md..HEAD:.env", "/repo/.env"],
    ["git diff :README.md...:.env", "/repo/.env"],
    ["git diff HEAD:src/a.ts..HEAD:.ssh/id_rsa", "/repo/.ssh/id_rsa"],
  ])("%s reads %s", async (command, path) => {
    expect(await reads(command)).toContain(path);
  });

  it.each([
    'git show "HEAD$(printf :)".env',
    'p=$(printf :.env); git show "HEAD$p"',
    "git show \"HEAD$(printf '^{/')fix:*}:.env\"",
    'git show "HEAD`printf :`.env"',
  ])("%s reads a file the text does not show", async (command) => {
    expect(await reads(command)).toContain(SENTINELS.computedPath);
  });

  it("keeps trusted substitutions and plain revisions exact", async () => {
    // The id may print nothing (S32 F-empty): `HEAD:.env` and `:.env` both name .env, once each.
    expect(new Set(await reads("git show $(git rev-parse HEAD):.env"))).toEqual(
      new Set(["/repo/.env"]),
    );
    expect(await reads("git show HEAD~1:README.md")).toEqual(["/repo/README.md"]);
    expect(await reads('git diff "$(git merge-base main HEAD)"')).toEqual([]);
    expect(await reads("git log main..HEAD")).toEqual([]);
  });
});
