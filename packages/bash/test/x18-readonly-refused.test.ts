import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * Class assignment-to-readonly-variable-taken-as-done (R18, session 18): after `readonly x`
 * (`declare -r`, `typeset -r`, `local -r`), bash refuses a later `x=…` statement or `read x`
 * and x keeps its old value (traced under bash 5.2: `readonly x=.env; read x <<< README.md;
 * cat "$x"` opens /repo/.env). The refused value and the old one are both possible.
 */

/** The paths the analysis says are touched, as `access:path` (`?` when computed). */
async function opened(command: string): Promise<string[]> {
  return paths(await analyze(command));
}

describe("an assignment bash may refuse keeps the old value possible", () => {
  it.each([
    'x=.env; readonly x; read x <<< README.md; cat "$x"',
    'readonly x=.env; read -r x <<< README.md; cat "$x"',
    'x=.env; readonly x; x=README.md\ncat "$x"',
    'readonly x=.env\nx=README.md\ncat "$x"',
    'declare -r x=.env\nx=README.md\ncat "$x"',
    'typeset -r x=.env\nx=README.md\ncat "$x"',
    'declare -gr x=.env\nx=README.md\ncat "$x"',
    'readonly x=.env\n{ x=README.md; } 2>/dev/null\ncat "$x"',
    'readonly x=.env\nx=README.md || true\ncat "$x"',
    'readonly x=.env\ny=1 x=README.md\ncat "$x"',
    'r=read; o=only; $r$o x=.env\nx=README.md\ncat "$x"',
    '{read,}only x=.env\nx=README.md\ncat "$x"',
    'builtin readonly x=.env\nx=README.md\ncat "$x"',
    'f(){ x=README.md; cat "$x"; }\nreadonly x=.env\nf',
    'for i in 1 2; do x=README.md; cat "$x"; readonly x=.env; done',
  ])("%s may open .env", async (command) => {
    const found = await opened(command);
    expect(found.some((path) => path === "read:?" || path === "read:/repo/.env")).toBe(true);
  });

  it.each([
    ['x=.env; x=README.md; cat "$x"', "/repo/README.md"],
    ['x=.env; read x <<< README.md; cat "$x"', "/repo/README.md"],
    ['f=.env; readonly f=README.md g="${f}"; cat "$g"', "/repo/.env"],
    ['x=README.md; readonly y=1; cat "$x"', "/repo/README.md"],
    ['export X; x=README.md; cat "$x"', "/repo/README.md"],
  ])("%s stays exact", async (command, path) => {
    expect(await opened(command)).toEqual([`read:${path}`]);
  });
});
