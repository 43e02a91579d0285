import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { analyze } from "./helpers.ts";

function listed(analysis: BashAnalysis): boolean {
  return analysis.paths.some(
    (path) => path.sentinel === "<computed-path>" && path.raw === "$(files named in the list)",
  );
}

describe("a `--` that is an option's value, and operands after `--`", () => {
  // strace (M20): `tar -cf -- x.tar --files-f=-` wrote the archive /repo/-- and read the
  // names on stdin (/home/user/notes.txt): -f took `--` as its value and options went on; the
  // same with -T -, old-style `cf --`, and `-c -f --`. `man -l -- -` and `man -- /dev/stdin`
  // formatted stdin, whose .so request opened /home/user/notes.txt.
  it.each([
    "echo /home/user/notes.txt | tar -cf -- x.tar --files-f=-",
    "echo /home/user/notes.txt | tar -cf -- --files-from=-",
    "echo /home/user/notes.txt | tar -c -f -- -T -",
    "echo /home/user/notes.txt | tar cf -- -T -",
    "echo /home/user/notes.txt | tar -c --file -- -T -",
    "echo '.so /home/user/notes.txt' | man -l -- -",
    "echo '.so /home/user/notes.txt' | man --local-file -- -",
    "echo '.so /home/user/notes.txt' | man -l -- /dev/stdin",
    "echo '.so /home/user/notes.txt' | man -- /dev/stdin",
    "echo x | xmllint --noout -- -",
  ])("%s reads a list", async (command) => {
    expect(listed(await analyze(command))).toBe(true);
  });

  it.each([
    "tar -cf x.tar -- src",
    "tar -cf x.tar -- -T",
    "tar cf x.tar -- -T",
    "man ls",
    "man -- ls",
  ])("%s reads no list", async (command) => {
    expect(listed(await analyze(command))).toBe(false);
  });
});
