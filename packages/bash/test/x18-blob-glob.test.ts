import { describe, expect, it } from "vitest";
import { SENTINELS } from "../src/index.ts";
import { analyze } from "./helpers.ts";

/**
 * Left open by X3's blob-name work (session 18), traced with real git on a repository with a
 * committed .env: a glob among a git command's revisions expands to the names in the folder,
 * and a file may be named `HEAD:.env` (`echo x > HEAD:.env; git cat-file -p H*` prints the
 * committed .env). A glob there names a blob nobody can read from the text.
 */
describe("a glob where git reads a revision may name a blob", () => {
  it.each([
    "echo x > HEAD:.env; git cat-file -p H*",
    "echo x > HEAD:.env; git show H*.env --",
    "git show 'HEAD'*",
  ])("%s reads a file nobody can name", async (command) => {
    const { paths } = await analyze(command);
    expect(paths.some((path) => path.sentinel === SENTINELS.computedPath)).toBe(true);
  });

  it("a glob after -- is a pathspec, not a revision", async () => {
    const { paths } = await analyze("git log -- 'src/*.ts'");
    expect(paths.some((path) => path.raw === "$(the file a blob name may name)")).toBe(false);
  });
});
