import { describe, expect, it } from "vitest";
import { pathsOf } from "./helpers.ts";

// S31 git-upload-pack-tilde: for a local repository git runs `sh -c "git-upload-pack '<path>'"`
// (receive-pack for a push, upload-archive for `archive --remote`), whose enter_repo expands a
// leading `~`/`~user` itself. bash leaves a quoted `'~/r'` alone, so the analysis took it for a
// name in the project (traced: `git fetch '~/r'` served /home/user/r, `git push '~/r' HEAD:y`
// wrote a branch there). The repository operand is now judged as the home path git opens.

describe("s31: git's local transport opens a quoted ~ repository under the home folder", () => {
  it.each([
    ["git fetch -q '~/r'", "read /home/user/r"],
    ["git fetch '~/r' HEAD", "read /home/user/r"],
    ["git fetch --multiple '~/r' '~/s'", "read /home/user/s"],
    ["git ls-remote '~/r'", "read /home/user/r"],
    ["git pull -q --no-rebase '~/r' main", "read /home/user/r"],
    ["git fetch-pack '~/r' refs/heads/main", "read /home/user/r"],
    ["git archive --remote '~/r' HEAD", "read /home/user/r"],
    ["git upload-pack --advertise-refs '~/r'", "read /home/user/r"],
    ["git upload-archive '~/r'", "read /home/user/r"],
    ["git-upload-pack '~/r'", "read /home/user/r"],
    ["git remote add h '~/r'", "read /home/user/r"],
    ["git remote set-url h '~/r'", "read /home/user/r"],
    ["git push -q '~/r' HEAD:y", "read_write /home/user/r"],
    ["git send-pack '~/r' main", "read_write /home/user/r"],
    ["git receive-pack '~/r'", "read_write /home/user/r"],
    ["git -C sub fetch '~/r'", "read /home/user/r"],
    // Another user's home is not known here.
    ["git ls-remote '~user/r'", "read <computed-path>"],
  ])("%s: %s", async (command, use) => {
    expect(await pathsOf(command)).toContain(use);
  });

  it.each([
    "git fetch origin main",
    "git push origin HEAD",
    "git ls-remote --get-url '~/r'",
    "git archive HEAD '~/r'",
  ])("%s: no repository under the home folder", async (command) => {
    expect((await pathsOf(command)).filter((use) => use.includes("/home/user"))).toEqual([]);
  });
});
