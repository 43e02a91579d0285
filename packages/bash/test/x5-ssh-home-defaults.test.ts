import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** The paths of the analysis, as `access path` (a glob as its raw text). */
async function pathsOf(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.paths.map((p) => `${p.access} ${p.path ?? p.raw}`);
}

describe("ssh tools read their user's default files", () => {
  // E17: ssh-keygen -F reads ~/.ssh/known_hosts by default; ssh-copy-id without -i lists
  // ~/.ssh/id*.pub (traced: its script ran ls -t /home/user/.ssh/id*.pub and read .ssh).
  it.each([
    ["ssh-keygen -F github.com", "read /home/user/.ssh/known_hosts"],
    ["ssh-keygen -lF github.com", "read /home/user/.ssh/known_hosts"],
    ["ssh-keygen -H", "read_write /home/user/.ssh/known_hosts"],
    ["ssh-copy-id -n x", "read ~/.ssh/id*.pub"],
  ])("%s: %s", async (command, use) => {
    expect(await pathsOf(command)).toContain(use);
  });

  it.each([
    ["ssh-keygen -F github.com -f kh", "known_hosts"],
    ["ssh-copy-id -i k.pub x", "id*.pub"],
  ])("%s leaves %s alone", async (command, name) => {
    expect((await pathsOf(command)).some((use) => use.includes(name))).toBe(false);
  });
});
