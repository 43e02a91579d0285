import { describe, expect, it } from "vitest";
import { pathsOf } from "./helpers.ts";

// S31 perl-inplace-star-fullname (R47): `perl -i SUFFIX` keeps each file's original as the
// suffix with every `*` replaced by the file's name AS WRITTEN (folders included), or as the
// name plus the suffix when it has no `*`. Traced: `perl -pi'.*' /dev/null ./README.md` linked
// /repo/README.md to /README.md ('.' + './README.md' = '../README.md'), `cd src && perl -pi'.*'
// /dev/null ./a.ts` linked /repo/src/a.ts to /repo/a.ts, `perl -pinv -e 1 .e` renamed .e to
// .env. GNU sed 4.9 names its copy the same way (strace: rename("./src/a.ts", "../src/a.ts")).

describe("s31: the copy perl -i keeps", () => {
  it.each([
    ["perl -pi'.*' /dev/null ./README.md", "write /README.md"],
    ["perl -i'.*' -p /dev/null ./.gitignore", "write /.gitignore"],
    ["perl -pi'.*' -- /dev/null ./src/a.ts", "write /src/a.ts"],
    ["cd src && perl -pi'.*' /dev/null ./a.ts", "write /repo/a.ts"],
    ["perl -pi'bak/*' -e 1 src/a.ts", "write /repo/bak/src/a.ts"],
    ["perl -pinv -e 1 .e", "write /repo/.env"],
    ["perl -pi'.env.*' -e 1 README.md", "write /repo/.env.README.md"],
    ["perl -pi.bak -e 1 a.txt b.txt", "write /repo/b.txt.bak"],
    // `-pie` is the suffix `e`: the first operand is then the script.
    ["perl -pie 1 x.txt", "write /repo/x.txte"],
    ["perl -l0 -i~ -n /dev/null x.txt", "write /repo/x.txt~"],
  ])("%s", async (command, path) => {
    expect(await pathsOf(command)).toContain(path);
  });

  it.each([
    "perl -pi -e 1 x.txt",
    "perl -pi'*' -e 1 x.txt",
    "perl -pe 1 x.txt",
    "perl script.pl x.txt",
  ])("%s keeps no copy", async (command) => {
    const paths = await pathsOf(command);
    expect(paths.filter((path) => path.startsWith("write "))).toEqual([]);
  });

  it("a file only known at run time keeps a copy nobody knows", async () => {
    expect(await pathsOf('perl -pi.b -e 1 "$f"')).toContain("write <computed-path>");
  });
});

describe("s31: sed -i names its copy the same way", () => {
  it.each([
    ["sed -i'.*' s/a/b/ ./src/a.ts", "write /src/a.ts"],
    ["sed -i'bak/*' s/a/b/ src/a.ts", "write /repo/bak/src/a.ts"],
    ["sed -i'.s*' s/a/b/ sh/x", "write /repo/.ssh/x"],
    ["sed -i/x s/a/b/ a.txt", "write /repo/a.txt/x"],
  ])("%s", async (command, path) => {
    expect(await pathsOf(command)).toContain(path);
  });

  it("the base name alone is no copy", async () => {
    expect(await pathsOf("sed -i'bak/*' s/a/b/ src/a.ts")).not.toContain("write /repo/bak/a.ts");
  });
});
