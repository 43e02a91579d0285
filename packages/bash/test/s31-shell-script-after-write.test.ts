// S31 shell-script-after-write (own review of R48 written-unnamed-load): a program that searches
// the project asks when the string wrote a file there first, for the script may load the
// written file by a name no rule sees. Shells were left out: `printf 'git push' > scripts/x;
// sh run.sh`, where run.sh runs scripts/x, ran the string's text unasked, as `npm test` had.
// A shell now counts like any interpreter running a project script; one given only code on
// its line or stdin runs the string's own code, judged as such.
import { describe, expect, it } from "vitest";
import { unproven } from "./helpers.ts";

describe("a shell running a project script after the string wrote in the project (S31 shell-script-after-write)", () => {
  it.each([
    "printf 'git push origin main\\n' > scripts/x; sh run.sh",
    "printf 'git push origin main\\n' > scripts/x; bash scripts/test.sh",
    "echo 'git push' > notes.txt; ./node_modules/.bin/x; bash build.sh",
    "printf 'x' > lib/a; . ./env.sh",
    "printf 'x' > lib/a; source env.sh",
    "printf 'x' > lib/a && zsh build.zsh",
    "printf 'x' > lib/a; cd lib && dash ../run.sh",
  ])("%s asks", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    "echo x > /tmp/notes.txt; sh build.sh",
    "bash build.sh > build.log",
    "sh build.sh 2>&1 | tee build.log",
    "bash --version; echo x > notes.txt",
  ])("%s stays proven", async (command) => {
    expect(await unproven(command)).toBe(false);
  });
});
