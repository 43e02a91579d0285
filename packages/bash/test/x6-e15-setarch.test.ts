import { describe, expect, it } from "vitest";
import type { BashUnit } from "../src/index.ts";
import { analyze } from "./helpers.ts";

/** The first unit of a command. */
async function first(command: string): Promise<BashUnit> {
  return (await analyze(command)).units[0] as BashUnit;
}

// E15 findings, each traced under bash 5.2 in the oracle sandbox.
describe("adversarial: setarch takes an architecture only when its first word has no dash (E15 setarch-arch-optional)", () => {
  // strace: `setarch -R git push` executed git push (util-linux keeps the current arch).
  it.each([
    ["setarch -R git push", "git push"],
    ["setarch --addr-no-randomize git push", "git push"],
    ["setarch -3 -- git push", "git push"],
    ["setarch -R npm publish", "npm publish"],
    ["setarch x86_64 -R git push", "git push"],
    ["setarch x86_64 git push", "git push"],
  ])("%s runs %s", async (command, executed) => {
    expect((await first(command)).executed?.join(" ")).toBe(executed);
  });

  it("leaves a computed first word unproven", async () => {
    const unit = await first('setarch "$A" git push');
    expect(unit.executed).toBeNull();
    expect(unit.sentinel).not.toBeNull();
  });
});
