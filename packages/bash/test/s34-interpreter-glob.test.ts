import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

// S34 interpreter-glob-operand (r33d-interp-glob-01): `node --test src/*.ts` asked while
// `node --test src/a.test.ts` did not: a glob word was read as possibly any option or a
// stream. Traced: bash ran node --test src/a.ts src/b.ts. A glob below a plain folder of the
// working directory matches only project files, none an option; it may expand to nothing
// (nullglob), so stdin counts as the script and every later word must be an operand.

/** Whether no unit carries a sentinel. */
async function plain(command: string): Promise<boolean> {
  const analysis = await analyze(command);
  return analysis.units.every((unit) => unit.sentinel === null);
}

describe("s34: an interpreter's glob operand below a project folder", () => {
  it.each([
    "node --test src/*.ts",
    "node --test ./test/*.test.mjs",
    "node test/*.mjs",
    "python3 tests/*.py",
    "node --test src/*.ts src/*.js",
  ])("%s is judged by its words", async (command) => {
    expect(await plain(command)).toBe(true);
  });

  it.each([
    "node --test *.ts",
    "node *",
    "python3 *.py",
    "node --test -*.ts",
    "node --test /tmp/*.ts",
    "node --test ../*.ts",
    "node --test src/*/../../x.ts",
    "node --test src/.*/x.ts",
    'node "$D"/*.ts',
    "node --test src/*.ts --require=./x.js",
    "python3 tests/*.py -c 'import os'",
    "python3 tests/*.py <<< 'import os'",
    "node -r src/*.js app.js",
    "echo x > src/b.test.ts; node --test src/*.ts",
  ])("%s is not proven", async (command) => {
    expect(await plain(command)).toBe(false);
  });
});
