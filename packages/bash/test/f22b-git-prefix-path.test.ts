// R21 git-prefix-path (wrong allows under P1/P2/P3, traced under bash 5.2 + git 2.39): git
// expands a pathname setting that starts with `%(prefix)/` to its runtime prefix (/usr there)
// followed by the rest, so `git -c core.excludesFile='%(prefix)/../home/user/.aws/credentials'
// status` opens /home/user/.aws/credentials; the value was read as the relative word
// /repo/%(prefix)/../home/… (inside the project). The prefix is where git was installed: the
// /usr reading and an unknown one are both judged. git 2.52 also drops a leading `:(optional)`
// of such a value before it expands it (git-config(1), "pathname").
import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function pathsOf(command: string): Promise<(string | null)[]> {
  return (await analyze(command)).paths.map((path) => path.path ?? path.sentinel ?? null);
}

const AWS = "%(prefix)/../home/user/.aws/credentials";

describe("a pathname setting under git's runtime prefix", () => {
  it.each([
    `git -c core.excludesFile='${AWS}' status`,
    `git config core.excludesFile '${AWS}'`,
    `git -c core.attributesFile='${AWS}' check-attr -a README.md`,
    `git -c mailmap.file='${AWS}' log --use-mailmap -1`,
    `git -c blame.ignoreRevsFile='${AWS}' blame README.md`,
    `git -c include.path='${AWS}' status`,
    `GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=mailmap.file GIT_CONFIG_VALUE_0='${AWS}' git log --use-mailmap -1`,
    `GIT_CONFIG_PARAMETERS="'core.excludesfile'='${AWS}'" git status`,
    `git clone -c core.excludesFile='${AWS}' https://x.example/r`,
  ])("%s reads the file under /usr and one nobody knows", async (command) => {
    const paths = await pathsOf(command);
    expect(paths).toContain("/home/user/.aws/credentials");
    expect(paths).toContain("<computed-path>");
  });

  it("a rest without a climb is still anywhere the prefix may be", async () => {
    const paths = await pathsOf("git -c core.excludesFile='%(prefix)/share/x' status");
    expect(paths).toContain("/usr/share/x");
    expect(paths).toContain("<computed-path>");
  });

  it("an absolute rest is that file, whatever the prefix", async () => {
    const paths = await pathsOf(
      "git -c core.excludesFile='%(prefix)//home/user/.ssh/id_rsa' status",
    );
    expect(paths).toContain("/home/user/.ssh/id_rsa");
    expect(paths).not.toContain("<computed-path>");
  });

  it.each([
    [
      "git -c core.excludesFile=':(optional)/home/user/.ssh/id_rsa' status",
      "/home/user/.ssh/id_rsa",
    ],
    ["git config core.excludesFile ':(optional)~/.ssh/id_rsa'", "/home/user/.ssh/id_rsa"],
    [`git -c core.excludesFile=':(optional)${AWS}' status`, "/home/user/.aws/credentials"],
  ])("%s: an optional value is read after its marker (%s)", async (command, path) => {
    expect(await pathsOf(command)).toContain(path);
  });

  it.each([
    "git -c core.excludesFile='./%(prefix)/../home/user/.aws/credentials' status",
    "git -c core.excludesFile='a%(prefix)/../home/user/.aws/credentials' status",
  ])("%s is read as written (git expands only a leading prefix)", async (command) => {
    const paths = await pathsOf(command);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.every((path) => path?.startsWith("/repo/"))).toBe(true);
  });
});
