// C21 gitenv-textdomaindir (wrong allow under P1, traced under bash 5.2):
// `GIT_TEXTDOMAINDIR=/home/user/.aws LANGUAGE=de LC_ALL=C.UTF-8 git status` opened
// /home/user/.aws/de/LC_MESSAGES/git.mo: git binds its message catalogues to that folder.
import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function paths(command: string): Promise<(string | null)[]> {
  return (await analyze(command)).paths.map((path) => path.path ?? path.glob ?? null);
}

describe("git's message catalogue folder", () => {
  it.each([
    "GIT_TEXTDOMAINDIR=/home/user/.aws LANGUAGE=de LC_ALL=C.UTF-8 git status",
    "export GIT_TEXTDOMAINDIR=/home/user/.aws; git log -1",
  ])("%s reads below the folder", async (command) => {
    expect(await paths(command)).toContain("/home/user/.aws");
  });
});
