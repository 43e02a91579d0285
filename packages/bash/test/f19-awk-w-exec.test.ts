import { describe, expect, it } from "vitest";
import { analyze, opaqueWrapper } from "./helpers.ts";

const PROGRAM = `'BEGIN{system("git push origin main")}'`;

describe("mawk's -W exec FILE and gawk's -W long options (B19 mawk-W-exec-program-file-not-seen)", () => {
  // strace (B19): mawk read the program from the here-string or pipe and ran sh -c 'git push
  // origin main'; the operand only names where the program comes from.
  it.each([
    `awk -W exec /dev/stdin <<< ${PROGRAM}`,
    `mawk -Wexec /dev/stdin <<< ${PROGRAM}`,
    `awk -We /dev/stdin <<< ${PROGRAM}`,
    `nawk -W e /dev/stdin <<< ${PROGRAM}`,
    `echo ${PROGRAM} | awk -W exec /dev/stdin`,
    `awk -W exec - <<< ${PROGRAM}`,
    `awk -W exec <(echo ${PROGRAM})`,
    `awk -W exec /dev/fd/0 <<EOF\nBEGIN{system("git push origin main")}\nEOF`,
    `awk -v x=1 -W exec /dev/stdin <<< ${PROGRAM}`,
    "awk -W ex prog.awk README.md",
    "awk -W version,exec prog.awk",
    "gawk -W file=prog.awk README.md",
    `gawk -W source=${PROGRAM}`,
    'awk -W "$w" /dev/stdin',
  ])("%s reads its program from elsewhere", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.map((unit) => unit.sentinel)).toContain(opaqueWrapper);
  });

  it.each([
    "awk -W version",
    "mawk -Wversion",
    "mawk -W interactive '{ print $1 }' README.md",
    "awk -W posix_space -F: '{ print $1 }' README.md",
  ])("%s runs no program from elsewhere", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.map((unit) => unit.sentinel)).toEqual([null]);
  });
});
