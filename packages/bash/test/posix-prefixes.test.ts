import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * Traced under bash 5.2 (round 11a K-a9, a11a-o5-*; corpus adv9c-p*): in POSIX mode an
 * assignment before any special builtin stays after it. The mode may come from the string or
 * from the user's environment, so both values may reach a later `$x`.
 */
describe("adversarial: a prefix assignment before a special builtin may stay", () => {
  it.each([
    "export y",
    "readonly y",
    "set -u",
    "shift 0",
    "times >/dev/null",
    "trap - USR1",
    "unset y",
    "break 2>/dev/null",
    "exec 2>&2",
    ":",
  ])("x=/home/user/notes.txt %s", async (builtin) => {
    const found = paths(
      await analyze(`set -o posix; x=README.md; x=/home/user/notes.txt ${builtin}; cat $x`),
    );
    expect(found).toContain("read:/home/user/notes.txt");
  });

  it.each([
    ["a regular builtin", "x=README.md; x=/home/user/notes.txt true; cat $x"],
    ["an external program", "x=README.md; x=/home/user/notes.txt ls >/dev/null; cat $x"],
  ])("%s keeps it for itself: %s", async (_note, command) => {
    expect(paths(await analyze(command))).not.toContain("read:/home/user/notes.txt");
  });
});
