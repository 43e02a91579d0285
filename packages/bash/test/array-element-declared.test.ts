// An array's remembered literal elements are forgotten when any element is assigned, also
// through a declaration's subscripted name (`declare -a a[0]=push`), which the walk first
// assigned under the name as written (adv11r declare-flagged-array-subscript).

import { describe, expect, it } from "vitest";
import { analyzeFull as analyze } from "./helpers.ts";

async function gitWords(command: string): Promise<(string | null)[]> {
  const analysis = await analyze(command);
  return analysis.units
    .filter((unit) => unit.argv[0] === "git")
    .map((unit) => (unit.computed === undefined ? unit.argv.join(" ") : null));
}

describe("an element assigned by a declaration", () => {
  it.each([
    'a=(status); declare -a a[0]=push; for x in "${a[@]}"; do git $x; done',
    'a=(status); typeset -a a[0]=push; for x in "${a[@]}"; do git $x; done',
    'a=(status); declare -l a[0]=PUSH; for x in "${a[@]}"; do git $x; done',
    'declare -a a=(status) a[1]=push; for x in "${a[@]}"; do git $x; done',
  ])("%j leaves the elements unknown", async (command) => {
    expect(await gitWords(command)).toEqual([null]);
  });

  it("keeps literal elements nobody assigned since", async () => {
    expect(await gitWords('a=(status log); for x in "${a[@]}"; do git $x; done')).toEqual([
      "git status",
      "git log",
    ]);
  });
});
