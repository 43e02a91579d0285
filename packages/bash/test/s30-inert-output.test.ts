import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

// S30 inert-output (R42 class 3 and the echo/for spellings of class 1): the lists of
// substitutions whose output the analysis trusts (unknown-words.ts PLAIN_WORDS_OUTPUT,
// evaluated.ts GLOB_FREE_OUTPUT, paths.ts NAME_TOKEN_OUTPUT) disagreed and missed inert
// producers. Traced under bash 5.2: `seq 3` prints `1 2 3`, `date +%F` one date word,
// `git rev-list -1 HEAD` and `git merge-base HEAD main` one object id, `pgrep -x NAME` pids;
// none opens a file. The NAME_TOKEN date conversions lost what is not digits: `date +%e` prints
// ` 5` (traced: `cat x$(date +%e)/y` opened /repo/5/y, not a name matching `x*/y`), and month
// and day names are a locale's text (LOCPATH may point at one the string wrote).

/** Whether the analysis names every unit and every path (nothing computed, nothing opaque). */
async function precise(command: string): Promise<boolean> {
  const analysis = await analyze(command);
  return (
    analysis.units.every((unit) => unit.sentinel === null) &&
    analysis.paths.every((path) => path.sentinel == null && (path.path ?? path.glob) != null)
  );
}

describe("s30: substitutions that print plain words, in every list", () => {
  it.each([
    "echo $(seq 3)",
    'for i in $(seq 1 3); do echo "run $i"; done',
    "echo $(date +%F)",
    "echo $(date -I)",
    "mkdir -p logs/$(date +%F)",
    "touch out-$(date +%Y%m%d-%H%M%S).log",
    "echo hi > log-$(date '+%Y-%m-%d_%H.%M').txt",
    "git show $(git rev-list -1 HEAD) --stat",
    "git show --stat $(git rev-list -n 1 main)",
    'mkdir -p "out/$(git merge-base HEAD main)"',
    "touch out-$(git merge-base HEAD origin/main).txt",
    "echo $(pgrep -x node)",
    "echo $(pgrep -c -f 'node server')",
    "git log -1 $(git merge-base HEAD main)",
    "git show $(date +%Y%m%d)",
  ])("%s is judged by name", async (command) => {
    expect(await precise(command)).toBe(true);
  });

  it.each([
    // Blank-padded conversions split the word (traced: `x` and `5/y`).
    "cat x$(date +%e)/y",
    "cat x$(date +%k)/y",
    // Names a locale spells.
    'cat "$(date +%a)"',
    'cat "x-$(date +%b)"',
    // A zone, and a format starting with text.
    "cat $(date +%Z)",
    "cat $(date +-%s)",
    // seq with a format, a separator or a negative bound; pgrep listing names.
    "echo $(seq -f '%g*' 3)",
    "echo $(seq -s '* ' 3)",
    "git show $(seq -3 0)",
    "echo $(pgrep -l node)",
    "echo $(pgrep -a node)",
    "git show $(pgrep '-l' node)",
    // A function of the name runs instead of the program.
    "seq() { echo '*'; }; echo $(seq 3)",
    "pgrep() { echo '/home/user/.ssh/*'; }; echo $(pgrep -x node)",
    // `:` in a revision word: the committed .env of a ref named by the digits.
    "git show $(date +%H:.env)",
    "git show $(date +%T)",
    // merge-base --all and rev-list without -1 print several ids: split, all but the first
    // are names of their own (`x-ID1`, `ID2`), no longer below `x-*`.
    "touch x-$(git merge-base --all HEAD main)",
    "touch x-$(git rev-list HEAD)",
  ])("%s is not trusted", async (command) => {
    expect(await precise(command)).toBe(false);
  });
});
