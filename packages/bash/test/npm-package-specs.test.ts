import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** The programs an analysis says run, each as its executed words joined by blanks. */
async function runs(command: string): Promise<string[]> {
  return (await analyze(command)).units.map((unit) => (unit.executed ?? []).join(" "));
}

/** The paths of an analysis outside /repo (null: unknown). */
async function outside(command: string): Promise<(string | null)[]> {
  const analysis = await analyze(command);
  return analysis.paths
    .filter((p) => p.path === null || !p.path.startsWith("/repo"))
    .map((p) => p.path ?? p.glob ?? null);
}

describe("npm package specs fetched with git (round 11 adv11b, npm-git-dependency-spec)", () => {
  it.each([
    // Traced: npm runs `git ls-remote` on the spec's URL; a file URL is a folder git reads.
    ["npm install git+file:///tmp/r", "file:///tmp/r"],
    ["npm i 'git+file:///tmp/r#main'", "file:///tmp/r"],
    ["npm add foo@git+file:///tmp/r", "file:///tmp/r"],
    ["npm view git+file://localhost/tmp/r", "file://localhost/tmp/r"],
    ["npm pack git+file:///tmp/r", "file:///tmp/r"],
    ["npm cache add git+file:///tmp/r", "file:///tmp/r"],
    ["npm docs git+file:///tmp/r", "file:///tmp/r"],
    ["npm diff --diff=git+file:///tmp/r", "file:///tmp/r"],
    ["npm isntall GIT+FILE:///tmp/r", "FILE:///tmp/r"],
  ])("%j runs git on %j and reads the folder", async (command, url) => {
    expect(await runs(command)).toContain(`git ls-remote ${url}`);
    expect(await outside(command)).toContain("/tmp/r");
  });

  it.each([
    // A hosted repository: https first, then ssh, which git runs through npm's ssh command.
    ["npm install x/y", "github.com", "/x/y.git"],
    ["npm install github:x/y#v1", "github.com", "/x/y.git"],
    ["npm i gitlab:x/y", "gitlab.com", "/x/y.git"],
    ["npm i foo@bitbucket:x/y", "bitbucket.org", "/x/y.git"],
    ["npm install git@github.com:x/y.git", "github.com", "/x/y.git"],
    ["npm install https://github.com/x/y", "github.com", "/x/y.git"],
    ["npm install git+https://github.com/x/y.git", "github.com", "/x/y.git"],
  ])("%j runs git by https and by ssh on %s", async (command, host, path) => {
    const programs = await runs(command);
    expect(programs).toContain(`git ls-remote https://${host}${path}`);
    expect(programs).toContain(`git ls-remote ssh://git@${host}${path}`);
    expect(programs).toContain(
      `ssh -oStrictHostKeyChecking=accept-new -o SendEnv=GIT_PROTOCOL git@${host} git-upload-pack '${path}'`,
    );
  });

  it.each([
    ["npm install git+ssh://git@h.example:2222/x/y.git", "-p 2222 git@h.example", "/x/y.git"],
    ["npm install git@h.example:x/y.git", "git@h.example", "x/y.git"],
    // git reads `file:/tmp/r` as a scp-like address on a host called `file`.
    ["npm install git+file:/tmp/r", "file", "/tmp/r"],
  ])("%j runs ssh (%s)", async (command, target, path) => {
    expect(await runs(command)).toContain(
      `ssh -oStrictHostKeyChecking=accept-new -o SendEnv=GIT_PROTOCOL ${target} git-upload-pack '${path}'`,
    );
  });

  it.each([
    // Traced: npx and npm exec fetch the package their operand or --package names, with git.
    ["npx git+file:///tmp/r", "file:///tmp/r"],
    ["npx --yes git+file:///tmp/r", "file:///tmp/r"],
    ["npm exec git+file:///tmp/r", "file:///tmp/r"],
    ["npx github:x/y", "https://github.com/x/y.git"],
  ])("%j runs git on %j", async (command, url) => {
    expect(await runs(command)).toContain(`git ls-remote ${url}`);
  });

  it("reads the folder of a runner's git+file: spec", async () => {
    expect(await outside("npx git+file:///tmp/r")).toContain("/tmp/r");
  });

  it.each([
    ["npm install foo@file:/tmp/x", "/tmp/x"],
    ["npm install foo@/tmp/x", "/tmp/x"],
    ["npm install @s/foo@file:../x", "/x"],
    ["npm install foo@~/pkg", "/home/user/pkg"],
  ])("%j reads the package folder %s", async (command, folder) => {
    expect(await outside(command)).toContain(folder);
  });

  it.each([
    // Registry specs, scoped names, ranges and tags fetch over https with no git.
    "npm install lodash",
    "npm install @scope/pkg@1.2.3 foo@^1 bar@latest",
    "npm install ./local",
    // Script arguments are the script's.
    "npm run build -- github:x/y",
    "npm test x/y",
    "npm exec -- cowsay x/y",
    "npm search x/y",
    "npx cowsay x/y",
  ])("%j runs no git", async (command) => {
    expect((await runs(command)).some((words) => words.startsWith("git "))).toBe(false);
  });
});
