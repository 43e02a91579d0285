import { describe, expect, it } from "vitest";
import { analyze, opaqueWrapper } from "./helpers.ts";

const IR = `'declare i32 @system(i8*)'`;

describe("lli given a stream as its module (B19 lli-program-from-stdin-file-operand)", () => {
  // strace (B19): lli ran the IR of the here-string, whose main called system("git push
  // origin main"): the file operand only says where the module comes from.
  it.each([
    `lli /dev/stdin <<< ${IR}`,
    `lli-14 /dev/stdin <<< ${IR}`,
    `lli-14 /dev/fd/0 <<< ${IR}`,
    `lli-14 /dev/stdin <<EOF\ndeclare i32 @system(i8*)\nEOF`,
    `lli //dev/./stdin <<< ${IR}`,
    `lli /proc/self/fd/3 3<<< ${IR}`,
    "lli -extra-module=/dev/fd/3 main.ll 3< x.ll",
    "lli <(cat x.ll)",
  ])("%s runs code nobody reads", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.map((unit) => unit.sentinel)).toContain(opaqueWrapper);
  });

  it.each(["lli x.ll", "lli-14 --version"])("%s runs the module it names", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.map((unit) => unit.sentinel)).toEqual([null]);
  });
});
