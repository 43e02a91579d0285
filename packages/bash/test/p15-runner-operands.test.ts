import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { analyze } from "./helpers.ts";

/**
 * F14 operand-assumed-written-then-runner (P15), traced under bash 5.2 with the fixture's
 * stubs: `npx vitest run src/a.test.ts && npm run build` only reads src/a.test.ts. A test
 * runner's or type checker's operand was taken as possibly written (an unknown program's
 * default), so the runner after it tripped the written-code floor. vitest, jest, mocha,
 * `playwright test`, `tsc --noEmit` and `node --check` only read their operands unless a word
 * says they write (a snapshot update, an output or report file, `init`, emitting tsc).
 */
function sentinels(analysis: BashAnalysis): string[] {
  return analysis.units.flatMap((unit) => (unit.sentinel === null ? [] : [unit.sentinel]));
}

describe("a test runner or checker only reads its operands", () => {
  it.each([
    ["npx tsc -p . --noEmit && npm test"],
    ["npx vitest run src/a.test.ts && npm run build"],
    ["npx jest src/a.test.ts && npm run lint"],
    ["node --check src/a.js && npm test"],
    ["npx vitest run src/a.test.ts; npx vitest run src/b.test.ts"],
    ["npx tsc --noEmit src/a.ts && node build/out.js"],
    ["npx playwright test tests/login.spec.ts && npm run e2e:report"],
    ["npx mocha test/a.spec.js && npm test"],
  ])("keeps %s proven", async (command) => {
    expect(sentinels(await analyze(command))).toEqual([]);
  });

  it.each([
    // tsc without --noEmit writes a .js beside each source operand.
    ["npx tsc src/a.ts && npm test"],
    ["npx tsc --noEmit false src/a.ts && npm test"],
    ["npx tsc --noEmit --tsBuildInfoFile ./package.json --incremental && npm test"],
    // A snapshot update, an output file, a reporter's output, a computed word.
    ["npx vitest run -u src/a.test.ts && npm test"],
    ["npx jest --outputFile=./package.json src/a.test.ts && npm test"],
    ["npx mocha -O output=./package.json test/a.spec.js && npm test"],
    ["npx vitest run $F src/a.test.ts && npm test"],
    // playwright's other commands write what they are told to.
    ["npx playwright codegen -o ./x.js && node ./x.js"],
    ["npx playwright screenshot http://x ./package.json && npm test"],
    // node with anything but --check runs code.
    ["node -r ./y.js --check ./x.js && npm test"],
    // What the string writes before a runner is still code it wrote.
    ["echo 'x' > src/a.test.ts && npx vitest run src/a.test.ts"],
  ])("floors %s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });
});
