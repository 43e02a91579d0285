// A URL rewrite an earlier `git config` wrote (url.BASE.insteadOf) applies to every later
// command that reaches a remote: git then runs BASE's transport (adv11s: strace showed
// `ssh h git-upload-pack '/x'` for `git config url.ssh://h/.insteadOf https://h/; git
// ls-remote https://h/x`).

import { describe, expect, it } from "vitest";
import { analyzeFull } from "./helpers.ts";

async function programs(command: string): Promise<string[]> {
  return (await analyzeFull(command)).units.map((unit) => unit.executed?.[0] ?? "?");
}

describe("a written insteadOf rewrite", () => {
  it.each([
    "git config url.ssh://h/.insteadOf https://h/; git ls-remote https://h/x",
    "git config --add url.git@h:.insteadOf https://h/; git fetch https://h/x",
    "git config url.ssh://h/.pushInsteadOf https://h/; git push origin main",
    "git config --global url.ssh://h/.insteadOf https://h/ && git clone https://h/x",
  ])("%j runs ssh", async (command) => {
    expect(await programs(command)).toContain("ssh");
  });

  it("an ext:: base runs its command", async () => {
    const analysis = await analyzeFull(
      "git config url.'ext::sh -c touch% /tmp/x'.insteadOf https://h/; git fetch https://h/x",
    );
    expect(analysis.units.some((unit) => unit.sentinel !== null)).toBe(true);
  });

  it.each(["git config user.name x; git fetch origin", "git fetch https://h/x"])(
    "%j runs no ssh",
    async (command) => {
      expect(await programs(command)).not.toContain("ssh");
    },
  );
});
