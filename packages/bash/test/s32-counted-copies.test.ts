import { afterEach, describe, expect, it } from "vitest";
import { deadlineClocks } from "../src/check/deadline.ts";
import { SENTINELS } from "../src/index.ts";
import { analyze } from "./helpers.ts";

/**
 * A wrapper that runs many commands from one line (find's every `-exec`) makes a unit per
 * command, each copied from the whole line: work that grows with the square of the line. It
 * was not counted, so `find .` with 800 `-exec ls {} \;` (12 KB) was analysed to the end on
 * 50 ms of counted work while it spent a third of a second of CPU (issue 11 class 6, own DoS
 * probe). The clocks are stopped here, so only counted steps can end the analysis.
 */
describe("copies that grow with the square of a line count against the deadline", () => {
  const clocks = { ...deadlineClocks };
  afterEach(() => {
    deadlineClocks.wall = clocks.wall;
    deadlineClocks.cpu = clocks.cpu;
  });

  it("find with 400 -exec runs out of its counted budget", async () => {
    deadlineClocks.wall = () => 0;
    deadlineClocks.cpu = () => 0;
    const analysis = await analyze(`find . ${"-exec ls {} \\; ".repeat(400)}`);
    expect(analysis.units.map((unit) => unit.sentinel)).toContain(SENTINELS.analysisTimeout);
  });

  it("find with a few -exec is still read command by command", async () => {
    deadlineClocks.wall = () => 0;
    deadlineClocks.cpu = () => 0;
    const analysis = await analyze(`find . ${"-exec ls {} \\; ".repeat(5)}`);
    expect(analysis.units.map((unit) => unit.sentinel)).not.toContain(SENTINELS.analysisTimeout);
    // Each `-exec` runs ls on the start folder and on every path below it: two units each.
    expect(analysis.units.filter((unit) => unit.executed?.[0] === "ls")).toHaveLength(10);
  });
});
