import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function floored(command: string): Promise<boolean> {
  const analysis = await analyze(command);
  // A LESS setting that names a lesskey file floors a unit of its own.
  return analysis.units.some((u) => (u.sentinel ?? null) !== null);
}

describe("less takes a lesskey option by any prefix and in either letter case", () => {
  // strace (B20, M20): `less --lesskey-s=k`, `--LESSKEY-SRC=k`, `--Lesskey-Src=k` and
  // `zless --lesskey-s=k` read k's #env section and ran its LESSOPEN (sh -c git push); so did
  // `LESS='--LESSKEY-S=k' less README.md`.
  it.each([
    "less --lesskey-s=k README.md",
    "less --lesskey-sr k README.md",
    "less --LESSKEY-SRC=k README.md",
    "less --Lesskey-Src=k README.md",
    "less --LESSKEY-S=k README.md",
    "less --lesskey-f=k README.md",
    "less -R --lesskey-s k src/a.ts",
    "zless --lesskey-s=k README.md",
    "xzless --lesskey-s=k README.md",
    "/usr/bin/less --lesskey-s=k README.md",
    "LESS='--LESSKEY-S=k' less README.md",
    "LESS='-R --lesskey-sr=k' less README.md",
  ])("%s is floored", async (command) => {
    expect(await floored(command)).toBe(true);
  });

  it.each([
    "less README.md",
    "less --line-numbers --RAW-CONTROL-CHARS README.md",
    "zless x.gz",
    "LESS=-FRXK less README.md",
    "LESS=-R less README.md",
  ])("%s stays proven", async (command) => {
    expect(await floored(command)).toBe(false);
  });
});
