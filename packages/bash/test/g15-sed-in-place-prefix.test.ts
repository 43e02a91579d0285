import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

// G15 long-option-abbrev-file-tables: GNU sed takes a unique prefix of a long option, and
// `--in-place` is the only one starting with `i` (traced: `sed --in-pl s/a/b/ src/a.ts`
// rewrites src/a.ts through a temporary file in src/).
describe("sed's --in-place read in every spelling GNU sed accepts", () => {
  it.each([
    "sed --in-pl s/a/b/ src/a.ts",
    "sed --in s/a/b/ src/a.ts",
    "sed -e s/a/b/ --in-p src/a.ts",
    "sed --in-place=.bak s/a/b/ src/a.ts",
    "sed --in-pl=.bak s/a/b/ src/a.ts",
    "sed --i s/a/b/ src/a.ts",
    "sed -i s/a/b/ src/a.ts",
  ])("%s rewrites src/a.ts", async (command) => {
    expect(paths(await analyze(command))).toContain("read_write:/repo/src/a.ts");
  });

  it.each(["sed -n s/a/b/p src/a.ts", "sed --quiet s/a/b/p src/a.ts", "sed -e s/a/b/ src/a.ts"])(
    "%s only reads src/a.ts",
    async (command) => {
      expect(paths(await analyze(command))).toEqual(["read:/repo/src/a.ts"]);
    },
  );
});
