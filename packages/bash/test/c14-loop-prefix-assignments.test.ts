import { describe, expect, it } from "vitest";
import { SENTINELS } from "../src/index.ts";
import { analyze } from "./helpers.ts";

const sentinels = async (command: string): Promise<(string | null)[]> =>
  (await analyze(command)).units.map((unit) => unit.sentinel);

const runs = async (command: string): Promise<string[]> =>
  (await analyze(command)).units.map((unit) => unit.executed?.join(" ") ?? "");

/**
 * Attack round C14 (metamorphic), class path-prefix-in-loop (a needless ask). A loop's rounds
 * start from a state where every name the body may assign is unknown; a prefix assignment
 * (`PATH=/usr/bin:$PATH git status`) counted as one, so PATH became unknown and every command
 * word unproven, although bash gives the prefix to that command's environment only. What a
 * round really keeps still decides (Walker.loop walks again from a wider state), so a prefix
 * that does stay (before a special builtin such as `:`) or a plain assignment is still seen.
 */
describe("a prefix assignment in a loop body is the command's environment only", () => {
  it.each([
    "for i in 1; do PATH=/usr/bin:$PATH git status; done",
    "while :; do PATH=/usr/bin:$PATH git status; break; done",
    'for f in a b; do LC_ALL=C grep -c x "$f"; done',
  ])("%j stays proven", async (command) => {
    expect(await sentinels(command)).toEqual((await sentinels(command)).map(() => null));
  });

  it("keeps a variable the prefix names as the shell holds it", async () => {
    // strace: cat README.md twice; the .env is true's environment only.
    expect(await runs('x=README.md; for i in 1 2; do cat "$x"; x=.env true; done')).toEqual([
      "cat README.md",
      "cat README.md",
      "true",
      "true",
    ]);
  });

  it.each([
    "for i in 1 2; do git status; PATH=/tmp/evil; done",
    "for i in 1 2; do git status; PATH=/tmp/evil :; done",
    "for i in 1 2; do git status; PATH=/tmp/evil export X; done",
  ])("%j still floors the commands a kept PATH finds", async (command) => {
    expect(await sentinels(command)).toContain(SENTINELS.opaqueWrapper);
  });
});
