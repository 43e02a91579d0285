import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

// S27 wrapper-helper-env: dpkg-architecture (Dpkg::Arch) runs `$CC -dumpmachine` before the
// command it wraps (traced: `CC=rm dpkg-architecture -c ls` ran `rm -dumpmachine`, then ls).
// A bare CC value was read only as a compiler judged where the build runs, so a denied
// program named there was never judged. A bare name in a build tool's variable that is no
// toolchain program is now a program of its own; a compiler's name stays judged by the build.

/** Each unit's executed words. */
async function runsOf(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.units.map((unit) => (unit.executed ?? unit.argv).join(" "));
}

describe("s27: a program a build tool's variable names", () => {
  it.each([
    ["CC=rm dpkg-architecture -c ls", "rm"],
    ["export CC=rm; dpkg-architecture -c git status", "rm"],
    ["env CC=curl dpkg-architecture -c ls", "curl"],
    ["CC=./build.sh dpkg-architecture -c ls", "./build.sh"],
    ["CXX=wget make", "wget"],
    ["TARGET_CC=rm cargo build", "rm"],
    // A shell or an autotool is a compiler's name only in its own variable.
    ["CC=sh make x.o", "sh"],
    ["CXX=m4 make x.o", "m4"],
  ])("%s runs %s", async (command, program) => {
    expect(await runsOf(command)).toContain(program);
  });

  it.each([
    "CC=clang make",
    "CC=gcc-12 make",
    "CC=x86_64-linux-gnu-gcc make",
    "CC=/usr/bin/cc make",
    "AR=llvm-ar make",
    "CONFIG_SHELL=bash ./configure",
    "M4=gm4 autoreconf -i",
  ])("%s: a toolchain program is judged where the build runs", async (command) => {
    expect(await runsOf(command)).toEqual([command.slice(command.indexOf(" ") + 1)]);
  });
});
