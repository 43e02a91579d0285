import { describe, expect, it } from "vitest";
import { allowedUnderP4 } from "./allowed-under-p4.ts";
import { analyze } from "./helpers.ts";

// S32 F-empty (r32a empty-object-name-substitution): the git object-name substitutions the
// path tables trust (`git rev-list -1 REV`, `git rev-list -n 1`, `git merge-base A B`,
// `git rev-parse [--verify|-q|--short] REV`, `git rev-list --count REV`) were read as one
// non-empty name. Traced under bash 5.2 in /repo: git prints NOTHING when it fails (an unknown
// revision, an unborn HEAD, no repository found), so `"$(git rev-list -1 nosuch)/etc/hostname"`
// is `/etc/hostname`, `"..$(…)/etc/passwd"` is `../etc/passwd`, `"build/$(…)/../../x"` is
// `build//../../x` (two levels up from /repo), `"$(…).env"` is `.env`. Such a word is now
// judged both ways: with the name and with nothing.

/** The absolute paths and globs the analysis names for a command. */
async function names(command: string): Promise<(string | null)[]> {
  const analysis = await analyze(command);
  return analysis.paths.map((path) => path.path ?? path.glob ?? null);
}

describe("s32: a trusted git object name may be empty", () => {
  it.each([
    ['echo hi >> "$(git rev-parse -q --verify nosuch)/home/user/.bashrc"', "/home/user/.bashrc"],
    ['X=$(git rev-list -1 nosuch); cat "$X/etc/hostname"', "/etc/hostname"],
    ['ls "$(git rev-list -1 nosuch)/"', "/"],
    ['cat "$(git rev-list --count nosuch)/etc/hostname"', "/etc/hostname"],
    ['cat "$(git rev-parse --short HEAD)/etc/hostname"', "/etc/hostname"],
    ['cat "$(git rev-parse HEAD)/etc/hostname"', "/etc/hostname"],
    ['cp README.md "$(git merge-base HEAD nosuch)/tmp/r.md"', "/tmp/r.md"],
    ['cp README.md "$(git merge-base HEAD nosuch)/"', "/README.md"],
    ['cat "..$(git rev-parse -q --verify nosuch)/etc/passwd"', "/etc/passwd"],
    ['echo hi > "..$(git rev-list -1 nosuch)/tmp/x"', "/tmp/x"],
    ['cat "$(git rev-list -1 nosuch).env"', "/repo/.env"],
    ['grep -r KEY "$(git rev-list -1 nosuch)/home/user"', "/home/user"],
    ['git diff --no-index "$(git rev-list -1 nosuch)/etc/hostname" README.md', "/etc/hostname"],
    ['touch "$(git merge-base HEAD nosuch)/tmp/x"', "/tmp/x"],
    ['git log > "$(git rev-list -1 nosuch)/tmp/log.txt"', "/tmp/log.txt"],
    ['mkdir -p "$(git rev-parse --short HEAD~99)/tmp/d"', "/tmp/d"],
    ['cat "build/$(git rev-list -1 nosuch)/../../etc/hostname"', "/etc/hostname"],
    ['echo hi > "build/$(git merge-base HEAD nosuch)/../../tmp/x"', "/tmp/x"],
    ["cat `git rev-list -n 1 nosuch`/etc/hostname", "/etc/hostname"],
    // Two names, each may be empty on its own (traced: cat //../etc/hostname).
    ['cat "$(date +%s)/$(git rev-parse HEAD)/../../etc/hostname"', "/etc/hostname"],
    [
      'cat "$(git rev-parse -q --verify nosuch)/$(git rev-list -1 x)/../etc/hostname"',
      "/etc/hostname",
    ],
  ])("%s names %s", async (command, path) => {
    expect(await names(command)).toContain(path);
  });

  it.each([
    // A program that always prints keeps one reading: `date +%s` is never empty.
    'cat "$(date +%s)/x"',
    'touch "out-$(date +%F).log"',
    'echo hi > "logs-$(id -u)/$(nproc).txt"',
    // Empty or not, these stay in the project.
    'cp x "out-$(git rev-parse --short HEAD).tgz"',
    'mkdir -p "out/$(git merge-base HEAD main)"',
    "touch out-$(git merge-base HEAD origin/main).txt",
    'SHA=$(git rev-parse HEAD); echo hi > "logs/$SHA.log"',
    'git show "$(git rev-parse HEAD)"',
    "git diff $(git merge-base main HEAD)",
    "git log $(git merge-base HEAD origin/main)..HEAD",
  ])("%s stays in the project", async (command) => {
    expect(await allowedUnderP4(command)).toBe(true);
  });

  // The command's words are judged with the name empty too (traced: `rm -rf /tmp` ran, a
  // stub; `git push origin main` ran as the program once the first word vanished).
  it.each([
    ['rm -rf "$(git merge-base HEAD nosuch)/tmp"', ["rm", "-rf", "/tmp"]],
    ["rm -rf $(git merge-base HEAD nosuch)/*", ["rm", "-rf", "/*"]],
    ['X=$(git rev-list -1 nosuch); rm -rf "$X/tmp"', ["rm", "-rf", "/tmp"]],
    ["$(git rev-list -1 nosuch) git push origin main", ["git", "push", "origin", "main"]],
    ["`git rev-list -1 nosuch` git push origin main", ["git", "push", "origin", "main"]],
    ['rm -rf "`git merge-base HEAD nosuch`/tmp"', ["rm", "-rf", "/tmp"]],
    ["git $(git rev-parse -q --verify x) push origin main", ["git", "push", "origin", "main"]],
  ])("%s runs %j", async (command, words) => {
    const argvs = (await analyze(command)).units.map((unit) => [...unit.argv]);
    expect(argvs).toContainEqual(words);
  });

  it("keeps one reading of names that always print", async () => {
    const argvs = (await analyze('rm -rf "$(date +%s)/tmp"')).units.map((unit) => [...unit.argv]);
    expect(argvs).not.toContainEqual(["rm", "-rf", "/tmp"]);
  });
});

// S32 F-empty, second class (r32a respelling-globskipdots): with `shopt -u globskipdots` a
// segment that starts with a dot matches `..` whenever its written text besides the wildcards
// is dots only; `.*` and `.[.]` were read so, `..*` was not (traced: `cat ..*/etc/hostname`
// read /etc/hostname).
describe("s32: a dot-and-wildcard segment may match .. with globskipdots off", () => {
  /** Whether some path of the command is one the analysis cannot name. */
  async function computed(command: string): Promise<boolean> {
    const analysis = await analyze(command);
    return analysis.paths.some((path) => path.sentinel != null);
  }

  it.each([
    "shopt -u globskipdots; cat ..*/etc/hostname",
    "shopt -u globskipdots; cat .*./etc/hostname",
    "shopt -u globskipdots; cat .[.]*/etc/hostname",
    "shopt -u globskipdots; ls .*/home",
  ])("%s may climb", async (command) => {
    expect(await computed(command)).toBe(true);
  });

  it.each([
    "shopt -u globskipdots; cat .env*/x",
    "shopt -u globskipdots; cat ..x*/y",
    "cat ..*/etc/hostname",
  ])("%s names its glob", async (command) => {
    expect(await computed(command)).toBe(false);
  });
});
