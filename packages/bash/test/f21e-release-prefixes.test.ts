// M21 abbrev-release (wrong allows under P3, shown with the tools' own option definitions under
// python3.11): mike (argparse) and ghp-import (optparse) take any unique prefix of a long
// option, so `--pu` and `--pus` are `--push` and the tool pushes the gh-pages branch.
import { describe, expect, it } from "vitest";
import { releaseRuns } from "../src/programs/release-tools.ts";
import { wordFromText } from "../src/read/words.ts";

const runs = (line: string) => releaseRuns(line.split(" ").map((text) => wordFromText(text)));

describe("a Python release tool's --push may be written as a unique prefix", () => {
  it.each([
    "mike deploy --pu 1.0",
    "mike deploy --pus 1.0 latest",
    "mike set-default --push latest",
    "ghp-import --pu site",
    "ghp-import --pus site",
    "ghp-import -n --push site",
  ])("%s runs git push", (line) => {
    expect(runs(line)).toContain("git push");
  });

  it.each([
    "mike deploy --prefix docs 1.0",
    "ghp-import --prefix docs site",
    "ghp-import --p site",
  ])("%s pushes nothing (another option, or an ambiguous prefix)", (line) => {
    expect(runs(line)).toEqual([]);
  });
});
