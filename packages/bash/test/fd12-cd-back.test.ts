import { describe, expect, it } from "vitest";
import { analyze, globPaths, paths } from "./helpers.ts";

describe("precision: cd - returns to the OLDPWD a directory change of the string set", () => {
  it.each([
    ["cd src && cd - >/dev/null && cat README.md", "read:/repo/README.md"],
    ["cd src && cd .. && cd - && cat a.ts", "read:/repo/src/a.ts"],
    ["cd /home/user && cd /repo && cd - && cat notes.txt", "read:/home/user/notes.txt"],
    // An OLDPWD given for this cd alone, written out, is where it goes.
    ["cd src && OLDPWD=/home/user cd - && cat x", "read:/home/user/x"],
  ])("%s", async (command, path) => {
    expect(paths(await analyze(command))).toContain(path);
  });

  it.each(["cd - && cat x", "cd src; cd - && cat x", "cd src && OLDPWD=$X; cd - && cat x"])(
    "does not know where %s goes",
    async (command) => {
      const analysis = await analyze(command);
      // A relative name in a folder the string does not decide: a glob over every folder.
      expect(globPaths(analysis)).toContain("read:glob:**/x");
      expect(paths(analysis)).not.toContain("read:/repo/x");
    },
  );
});
