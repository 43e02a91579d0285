// R39 unittest-callable: `python -m unittest NAME` imports NAME's module and calls a callable it
// finds with no arguments. `code.interact` and `pdb.set_trace` then read code from stdin: traced,
// `python3 -m unittest code.interact <<< 'import os; os.system("git push origin main")'` ran
// git push. With stdin fed, a test name is code the command line only passes on.
import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { analyze } from "./helpers.ts";

function sentinels(analysis: BashAnalysis): string[] {
  return analysis.units.flatMap((unit) => (unit.sentinel === null ? [] : [unit.sentinel]));
}

describe("python -m unittest given a name, with stdin fed", () => {
  it.each([
    `python3 -m unittest code.interact <<< 'import os; os.system("git push")'`,
    `python3 -m unittest pdb.set_trace <<< '!import os'`,
    `echo 'import os' | python3 -m unittest code.interact`,
    `python3 -munittest code.interact < payload.txt`,
    `python3 -I -m unittest.__main__ code.interact <<< x`,
    `python3 -m unittest -v "$NAME" <<< x`,
  ])("%s runs code nobody read", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it.each([
    "python3 -m unittest tests.test_x",
    "python3 -m unittest -v tests.test_x",
    "python3 -m unittest discover -s tests < input.txt",
    "python3 -m unittest tests/test_x.py <<< y",
    "python3 -m unittest < /dev/null",
  ])("%s stays proven", async (command) => {
    expect(sentinels(await analyze(command))).toEqual([]);
  });
});
