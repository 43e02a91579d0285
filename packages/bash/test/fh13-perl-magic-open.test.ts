import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function executed(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.units.map((unit) => (unit.executed ?? []).join(" "));
}

async function floored(command: string): Promise<boolean> {
  const analysis = await analyze(command);
  return analysis.units.some((unit) => unit.sentinel !== null);
}

describe("a perl program opening an operand with two-argument open runs a piped command", () => {
  // strace: `splain 'git push|'` ran git push (perl's `<>` and open(F, $name) read a trailing
  // `|` as "run this, read its output"); so did pl2pm, enc2xs, pod2html, and `perl t.pl`.
  it.each([
    ["splain 'git push|'", "git push"],
    ["splain '|git push'", "git push"],
    ["pl2pm ' git push |'", "git push"],
    ["enc2xs 'git push|'", "git push"],
    ["/usr/bin/pod2html 'git push|'", "git push"],
    ["pod2html 'git push|'", "git push"],
    ["perl t.pl 'git push|'", "git push"],
    ["perl5.36 -w t.pl x.txt '|git push'", "git push"],
  ])("%s runs %s", async (command, runs) => {
    expect(await executed(command)).toContain(runs);
    expect(await floored(command)).toBe(true);
  });

  it.each(["splain '>/etc/x'", "pl2pm '+<x.pl'", "splain '<&=0'"])(
    "%s opens with a mode nobody reads",
    async (command) => {
      expect(await floored(command)).toBe(true);
    },
  );

  it.each([
    "splain diag.txt",
    "pod2html --infile=x.pod --outfile=x.html",
    // pod2html opens --infile's value with an explicit mode (strace: nothing ran).
    "pod2html --infile='git push|'",
    "perl -I lib t.pl a.txt",
    "perl t.pl --name=x",
    // Ruby's ARGF opens files, never pipes.
    "ruby t.rb 'x|'",
  ])("%s stays as it is", async (command) => {
    expect(await floored(command)).toBe(false);
  });
});
