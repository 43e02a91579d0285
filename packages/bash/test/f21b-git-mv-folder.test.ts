// C21 gitmv-folder (wrong allows under P3, traced under bash 5.2): `mkdir d; echo 'git push
// origin main' > d/a; git add d/a; git mv d e; bash e/a` runs the string's text as e/a: git mv
// moves a folder with every file below it, under names no word shows (e/a, src/d/a, g/a).
import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function lastSentinel(command: string): Promise<string | null> {
  return (await analyze(command)).units.at(-1)?.sentinel ?? null;
}

const WROTE = "mkdir d; echo 'git push origin main' > d/a; git add d/a";

describe("a runner of a file git mv moved with its folder", () => {
  it.each([
    `${WROTE}; git mv d e; bash e/a`,
    `${WROTE}; git mv d src/; bash src/d/a`,
    "mkdir -p d/f; echo 'git push origin main' > d/f/a; git add d; git mv d/f g; bash g/a",
    `${WROTE}; git mv -k d e; sh e/a`,
  ])("%s runs text the string may have written", async (command) => {
    expect(await lastSentinel(command)).not.toBeNull();
  });

  // No "stays proven" runner here any more: since S31 (shell-script-after-write) a shell running
  // any project script after a write in the project asks, moved or not.
});
