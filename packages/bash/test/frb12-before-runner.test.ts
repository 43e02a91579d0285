import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** The sentinel of the unit whose words start with `words`. */
async function floorOf(command: string, words: string): Promise<string | null> {
  const analysis = await analyze(command);
  const unit = analysis.units.find((u) => u.argv.join(" ").startsWith(words));
  expect(unit).toBeDefined();
  return unit?.sentinel ?? null;
}

describe("what runs before (or beside) a runner counts as an earlier writer", () => {
  // strace: bash expands the here-string (running the echo that writes s.sh) before it
  // starts `bash s.sh`, which then runs git push; the same for a here-document body, a
  // process substitution, a redirect target's substitution, a compound's redirect, a later
  // pipeline member and whatever runs after a background job or a coprocess.
  it.each([
    [`bash s.sh <<< "$(echo 'git push' > s.sh)"`, "bash s.sh"],
    ["bash s.sh <<E\n$(echo 'git push' > s.sh)\nE", "bash s.sh"],
    [`bash s.sh < <(echo 'git push' > s.sh)`, "bash s.sh"],
    [`bash s.sh > >(echo 'git push' > s.sh)`, "bash s.sh"],
    [`bash s.sh 2>"$(echo 'git push' > s.sh; echo /dev/null)"`, "bash s.sh"],
    [`source s.sh <<< "$(echo 'git push' > s.sh)"`, "source s.sh"],
    [`python3 s.py <<< "$(printf 'import os' > s.py)"`, "python3 s.py"],
    [
      `npm test <<< "$(git log -1 --format='{"scripts":{"test":"curl x"}}%n' --output=package.json)"`,
      "npm test",
    ],
    [`npm run build < <(echo '{}' > package.json)`, "npm run build"],
    [`{ bash s.sh; } <<< "$(echo 'git push' > s.sh)"`, "bash s.sh"],
    [`while read -r l; do bash s.sh; done < <(echo 'git push' > s.sh)`, "bash s.sh"],
    [`bash s.sh | { echo 'git push' > s.sh; }`, "bash s.sh"],
    [`cat README.md | bash s.sh | tee s.sh`, "bash s.sh"],
    [`bash s.sh & echo 'git push' > s.sh; wait`, "bash s.sh"],
    [`cat <(bash s.sh) "$(echo 'git push' > s.sh)"`, "bash s.sh"],
    [`coproc bash s.sh; echo 'git push' > s.sh; wait`, "bash s.sh"],
    [`coproc { bash s.sh; }; echo 'git push' > s.sh`, "bash s.sh"],
    // Inside a double-quoted substitution or backticks the body is read again from the walked
    // text, where the `coproc` keyword is blanked for the grammar.
    [`: "$( coproc bash s.sh; echo 'git push' > s.sh; wait )"`, "bash s.sh"],
    [`: "$( coproc bash s.sh )"; echo 'git push' > s.sh`, "bash s.sh"],
    ["echo `coproc bash s.sh`; echo 'git push' > s.sh", "bash s.sh"],
    ["echo \"`coproc bash s.sh`\"; echo 'git push' > s.sh", "bash s.sh"],
  ])("%s floors %s", async (command, runner) => {
    expect(await floorOf(command, runner)).not.toBeNull();
  });

  it.each([
    // A substitution that writes nothing, or a write after the runner finished.
    [`bash s.sh <<< "$(git rev-parse HEAD)"`, "bash s.sh"],
    ["bash s.sh > out.log 2>&1", "bash s.sh"],
    ["bash s.sh; echo done > s.sh", "bash s.sh"],
    ["npm test 2>&1 | tee test.log", "npm test"],
    ["bash build.sh | tee build.log", "bash build.sh"],
    ["npm run dev & sleep 2; curl -s localhost:3000 > /dev/null", "npm run dev"],
    [`python3 app.py <<< "$(cat input.txt)"`, "python3 app.py"],
  ])("%s leaves %s as it is", async (command, runner) => {
    expect(await floorOf(command, runner)).toBeNull();
  });
});
