import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * Attack round B14, class tilde-literal-read-as-home: bash expands a leading `~` only when its
 * tilde-prefix (the `~` and what follows up to the first unquoted `/`, or the whole word)
 * holds no quoted or escaped character. Traced under the oracle: `cat ~"/notes.txt"`,
 * `cat ~'/x'` and `cat ~\/notes.txt` open `/repo/~/…`, while `cat ~/"notes.txt"` opens
 * `/home/user/notes.txt`. The walk read every word that starts with an unquoted `~` as the
 * home folder.
 */
describe("a tilde-prefix with a quoted character is not expanded", () => {
  it.each([
    ['cat ~"/notes.txt"', "read:/repo/~/notes.txt"],
    ["cat ~'/x'", "read:/repo/~/x"],
    ["cat ~\\/notes.txt", "read:/repo/~/notes.txt"],
    ['cat ~"root"/x', "read:/repo/~root/x"],
    ['ls ~"/src"', "read:/repo/~/src"],
  ])("%j", async (command, path) => {
    expect(paths(await analyze(command))).toContain(path);
  });

  it("still expands a plain prefix, quotes after its slash included", async () => {
    expect(paths(await analyze('cat ~/"notes.txt"'))).toContain("read:/home/user/notes.txt");
    expect(paths(await analyze('cat ~/x"y"'))).toContain("read:/home/user/xy");
    expect(paths(await analyze("cat ~"))).toContain("read:/home/user");
    expect(paths(await analyze("cat ~/a/b"))).toContain("read:/home/user/a/b");
    expect(paths(await analyze("ls {~,x}/f"))).toContain("read:/home/user/f");
  });
});
