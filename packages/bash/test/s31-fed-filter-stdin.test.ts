// A filter after a program in a pipeline (`npm test | tee t.log`) writes only the program's own
// output, so its file holds nothing of the string's making: the written-code floor lets it be.
// That held only while the filter's stdin is the pipe. A group or subshell around the filter
// takes its own stdin (`npm test | { tee scripts/test; } <<< 'git push'` writes the string's
// text while npm test runs), and the check read the filter's own words only, by their length:
// enough output redirects made room for a here-string in the count. Any `<` in the text now
// leaves the write counted, and so do a group or subshell around the filter (its other members
// write too) and anything piped into the program (it may pass its stdin on).
import { describe, expect, it } from "vitest";
import { analyze, unproven } from "./helpers.ts";

describe("a filter fed by the program before it, and only by it (S31 fed-filter-stdin)", () => {
  it.each([
    "npm test | { tee scripts/test; } <<< 'git push origin main'",
    "npm test | (tee scripts/test) <<< 'git push origin main'",
    "npm test | { cat > scripts/test; } <<< 'git push origin main'",
    "npm test | cat >a >b >c >d >e >f >g >scripts/test <<<'git push'",
    "npm test | { tee scripts/test; } < notes",
    "npm test | tee scripts/test < notes",
    "npm test | { tee scripts/test; } <<EOF\ngit push origin main\nEOF",
    "bash -c $'npm test | { tee scripts/test; } \\x3c\\x3c\\x3c x'",
    "npm test | { cat; echo 'git push origin main'; } > scripts/test",
    "npm test | (cat; printf 'git push origin main') > scripts/test",
    "echo 'git push origin main' | npm test | tee scripts/test",
  ])("%s: the filter may write the string's text", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    "npm test 2>&1 | tee test.log",
    "npm test > >(tee test.log)",
    "npx tsc --noEmit | tee tsc.log | head",
    // A group around the filter asks, though this one holds the filter alone: the text is read,
    // not the group's members.
  ])("%s stays proven", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.filter((unit) => unit.sentinel !== null).map((u) => u.text)).toEqual([]);
  });
});
