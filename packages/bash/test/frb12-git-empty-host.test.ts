import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** The ssh units of an analysis, as their words. */
async function sshRuns(command: string): Promise<(readonly string[])[]> {
  const analysis = await analyze(command);
  return analysis.units.filter((u) => u.executed?.[0] === "ssh").map((u) => u.argv);
}

describe("git reads a leading colon as an empty ssh host", () => {
  // strace: `git fetch :/x` runs `ssh -o SendEnv=GIT_PROTOCOL '' "git-upload-pack '/x'"`;
  // `git push : main` runs `ssh '' "git-receive-pack ''"` (transport.c url_is_local_not_ssh:
  // no / before the first :).
  it.each([
    ["git fetch :/x", ["ssh", "-o", "SendEnv=GIT_PROTOCOL", "", "git-upload-pack '/x'"]],
    ["git ls-remote :x", ["ssh", "-o", "SendEnv=GIT_PROTOCOL", "", "git-upload-pack 'x'"]],
    ["git push : main", ["ssh", "", "git-receive-pack ''"]],
    ["git clone :x d", ["ssh", "-o", "SendEnv=GIT_PROTOCOL", "", "git-upload-pack 'x'"]],
    [
      "git archive --remote=:/x HEAD",
      ["ssh", "-o", "SendEnv=GIT_PROTOCOL", "", "git-upload-archive '/x'"],
    ],
  ])("%s runs ssh", async (command, run) => {
    expect(await sshRuns(command)).toEqual([run]);
  });

  it.each([
    // A / before the colon: a local repository (strace: git-upload-pack './x:y', no ssh).
    "git fetch ./x:y",
    "git fetch /srv/x:y",
    "git fetch origin main:main",
    // A pathspec of a command that reaches no remote.
    "git log :/src",
  ])("%s runs no ssh", async (command) => {
    expect(await sshRuns(command)).toEqual([]);
  });
});
