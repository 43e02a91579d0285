// Session 18 needless asks (lead's class 9): a declaration written out makes only the names it
// gives readonly, not every name. Traced under bash 5.2: `readonly A; B=README.md; cat $B`
// runs cat README.md; `x=.env⏎readonly y⏎x=README.md⏎cat "$x"` runs cat README.md, while
// `declare -n r=x; readonly r` makes x readonly (a nameref), and `readonly x` keeps x's value.

import { describe, expect, it } from "vitest";
import { analyzeFull } from "./helpers.ts";

async function catPaths(command: string): Promise<(string | null)[]> {
  const analysis = await analyzeFull(command);
  const cat = analysis.units.findIndex((unit) => unit.argv[0] === "cat");
  return analysis.paths.filter((path) => path.unit === cat).map((path) => path.path);
}

describe("a readonly name written out", () => {
  it.each<[string, (string | null)[]]>([
    ["readonly A; B=README.md; cat $B", ["/repo/README.md"]],
    ['readonly A=1; B=README.md; cat "$B"', ["/repo/README.md"]],
    ['x=.env\nreadonly y\nx=README.md\ncat "$x"', ["/repo/README.md"]],
    ['x=.env\ndeclare -r y=1\nx=README.md\ncat "$x"', ["/repo/README.md"]],
  ])("%j leaves other names assignable", async (command, expected) => {
    expect(await catPaths(command)).toEqual(expected);
  });

  it.each([
    'x=.env\nreadonly x\nx=README.md\ncat "$x"',
    'x=.env\nreadonly x\nread x <<< README.md\ncat "$x"',
    'x=.env\nreadonly y x\nx=README.md\ncat "$x"',
    'declare -n r=x\nx=.env\nreadonly r\nx=README.md\ncat "$x"',
    'x=.env\nreadonly $n\nx=README.md\ncat "$x"',
    'x=.env; if t; then readonly x; fi\nx=README.md\ncat "$x"',
  ])("%j may keep the old value", async (command) => {
    const paths = await catPaths(command);
    expect(paths.includes("/repo/.env") || paths.includes(null)).toBe(true);
  });
});
