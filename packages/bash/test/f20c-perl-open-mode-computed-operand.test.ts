import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function perlSentinel(command: string): Promise<string | null> {
  const analysis = await analyze(command);
  const unit = analysis.units.find((u) => /(^|\/)perl$/.test(u.argv[0] ?? ""));
  expect(unit).toBeDefined();
  return unit?.sentinel ?? null;
}

describe("perl operands only known at run time, read by a two-argument open", () => {
  // strace (M20): `perl -n /dev/null "$(echo 'git push|')"` ran git push: the <> loop opens
  // each operand with a two-argument open, and a name ending in | is a command. The name came
  // from a substitution, printf, or a read of a here-string; a glob's file name is the same.
  it.each([
    `perl -n /dev/null "$(echo 'git push|')"`,
    `read -r v <<< 'git push|'; perl -n /dev/null "$v"`,
    `perl -n /dev/null "$(printf '%s|' 'git push')"`,
    `/usr//bin/perl -p /dev/null "$(echo 'git push|')"`,
    `perl t.pl "$1"`,
    `perl t.pl "./$(cat name)"`,
    `perl t.pl "$(cat name).txt"`,
    `touch 'git push|'; perl -n /dev/null *`,
  ])("%s is not proven", async (command) => {
    expect(await perlSentinel(command)).not.toBeNull();
  });

  it.each([
    `f=README.md; perl t.pl "$f"`,
    `perl t.pl "a\${x}b"`,
    `perl t.pl src/*.txt`,
    `perl -I lib t.pl a.txt`,
  ])("%s stays proven", async (command) => {
    expect(await perlSentinel(command)).toBeNull();
  });
});
