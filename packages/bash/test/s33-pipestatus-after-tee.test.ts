// S33 pipestatus-after-tee (r33d): `npm test 2>&1 | tee test.log; exit ${PIPESTATUS[0]}` asked
// as running written code, while `npm test 2>&1 | tee test.log` was proven. Traced under bash
// 5.2: npm test runs and tee writes its output to /repo/test.log, nothing else. The check that
// no group wraps the filter (S31 fed-filter-stdin) read every `{` of the text as one, and the
// `${` of a parameter expansion is never a group: it no longer counts. A real group, a `(`
// (a substitution inside the expansion too) and a written package file still do.
import { describe, expect, it } from "vitest";
import { analyze, unproven } from "./helpers.ts";

describe("a parameter expansion is no group around a fed filter (S33 pipestatus-after-tee)", () => {
  it.each([
    "npm test 2>&1 | tee test.log; exit ${PIPESTATUS[0]}",
    'npm test | tee test.log; echo "${PIPESTATUS[0]}"',
    "npx tsc --noEmit | tee tsc.log; exit ${PIPESTATUS[0]}",
  ])("%s stays proven", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.filter((unit) => unit.sentinel !== null).map((u) => u.text)).toEqual([]);
  });

  it.each([
    "npm test | { tee scripts/test; echo 'git push'; }; exit ${PIPESTATUS[0]}",
    'npm test | { cat; echo "${x}"; } > scripts/test; exit ${PIPESTATUS[0]}',
    'npm test | (cat; echo "${x}") > scripts/test',
    "npm test | tee scripts/test; exit ${x:-$(echo 1)}",
    "npm test | tee package.json; exit ${PIPESTATUS[0]}",
    "npm test | tee -a .npmrc; exit ${PIPESTATUS[0]}",
    'echo "${A}" > scripts/test; npm test | tee t.log',
  ])("%s: the write still counts", async (command) => {
    expect(await unproven(command)).toBe(true);
  });
});
