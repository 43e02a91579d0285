import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { analyze } from "./helpers.ts";

function sentinels(analysis: BashAnalysis): string[] {
  return analysis.units.flatMap((unit) => (unit.sentinel === null ? [] : [unit.sentinel]));
}

const COMMITTED = "echo 'git push origin main' > a; git add a; git commit -qm x";

describe("files git writes under names no word shows count as written before a runner", () => {
  // Traced under bash 5.2 (C21): format-patch wrote /repo/0001-fixture.patch (its text from
  // --pretty) and bash ran it; a worktree, read-tree --prefix or checkout-index --prefix wrote
  // w/a, the file the string committed, and bash ran git push from it.
  it.each([
    "git format-patch -q -1 --pretty=format:'git push origin main%n'; bash 0001-fixture.patch",
    "git format-patch -q -1 -o d --pretty=format:'npm publish%n'; sh d/0001-fixture.patch",
    "git format-patch -q -1 --output-directory=d; source d/0001-fixture.patch",
    "git -c format.outputDirectory=d format-patch -1; bash d/0001-x.patch",
    `${COMMITTED}; git worktree add -q w; bash w/a`,
    `${COMMITTED}; git worktree add -q --detach w; . w/a`,
    `${COMMITTED}; git read-tree --prefix=d/ -u HEAD; bash d/a`,
    `${COMMITTED}; git checkout-index --prefix=d/ -a; bash d/a`,
    // A branch the string committed, checked out under a name no word shows.
    `${COMMITTED}; git checkout -q -b t; git checkout -q main; bash x.sh`,
    "git hash-object -w --stdin <<< 'git push origin main'; git reset -q --hard; bash b",
  ])("%s is not proven", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  // The repository's own history, checked out or merged, is the project's own text.
  it.each([
    "git worktree add -q w; bash w/a",
    "git checkout -q v1; bash a",
    "git pull && npm install",
    "git fetch && git merge origin/main && npm install",
    "git stash && git pull && git stash pop && npm test",
    "git checkout main && git pull && ./build.sh",
    "git format-patch --stdout -1; bash x.sh",
  ])("%s stays proven", async (command) => {
    expect(sentinels(await analyze(command))).toEqual([]);
  });
});
