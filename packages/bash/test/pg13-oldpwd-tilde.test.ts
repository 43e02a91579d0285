import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * Traced under bash 5.2 (f13 precision f13p-17): `~-` is OLDPWD, which a directory change of
 * the string sets to the folder it left: after `cd src &&` it is /repo.
 */
describe("precision: ~- after a directory change of the string is the folder it left", () => {
  it.each([
    ["cd src && ls ~-", "read:/repo"],
    ["cd src && cat ~-/README.md", "read:/repo/README.md"],
    ["cd src && cat < ~-/README.md", "read:/repo/README.md"],
    ["cd src && echo hi > ~-/out.txt", "write:/repo/out.txt"],
    ["cd /home/user && cd /repo && cat ~-/notes.txt", "read:/home/user/notes.txt"],
  ])("%s", async (command, path) => {
    expect(paths(await analyze(command))).toContain(path);
  });

  it.each([
    // A cd that may fail leaves the caller's OLDPWD, which bash keeps when it names a folder.
    "cd src; cat ~-/x",
    "cat ~-/x",
    // The string gives OLDPWD a value the walk does not follow.
    "cd src && OLDPWD=$X; cat ~-/x",
    "cd src && read OLDPWD; cat ~-/x",
    "cd src && OLDPWD[0]=/home/user; cat ~-/x",
    // Unset, bash leaves `~-` as written.
    "cd src && unset OLDPWD; cat ~-/x",
    'cd src && eval "$c"; cat ~-/x',
  ])("does not know where ~- is: %s", async (command) => {
    const found = paths(await analyze(command));
    expect(found).toContain("read:?");
    expect(found).not.toContain("read:/repo/x");
  });
});
