import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * A blob named `REV:PATH` as an option's value is the file as committed (G15
 * git-blob-path-read: with a committed .env, `git config --blob HEAD:.env --list` printed its
 * key and value, and `git notes add -C HEAD:.env HEAD && git notes show` printed its text).
 */
describe("git options whose value names a blob read the file as committed", () => {
  it.each([
    ["git config --blob HEAD:.env --list", "read:/repo/.env"],
    ["git config --blob=HEAD:.env --list", "read:/repo/.env"],
    ["git config -l --blob :.env", "read:/repo/.env"],
    ["git config --bl=HEAD:.env -l", "read:/repo/.env"],
    ["git config get --blob=main~1:sub/.env x.y", "read:/repo/sub/.env"],
    ["git -C sub config --blob HEAD:./.env -l", "read:/repo/sub/.env"],
    ["git notes add -C HEAD:.env HEAD", "read:/repo/.env"],
    ["git notes add -CHEAD:.env", "read:/repo/.env"],
    ["git notes add --reuse-message=HEAD:.env", "read:/repo/.env"],
    ["git notes append --reedit-message :.env", "read:/repo/.env"],
    ["git notes append -c :.env", "read:/repo/.env"],
  ])("%s", async (command, read) => {
    expect(paths(await analyze(command))).toContain(read);
  });

  it.each(['git config --blob "$1" -l', 'git notes add -C "$(cat f)" HEAD'])(
    "a blob name only known at run time may name any file: %s",
    async (command) => {
      const analysis = await analyze(command);
      expect(analysis.paths.some((path) => path.access === "read" && path.path === null)).toBe(
        true,
      );
    },
  );

  it.each([
    "git config --blob abc123 -l",
    "git config --blob HEAD: -l",
    "git notes add -m hi",
    "git notes add -C abc123 HEAD",
  ])("an object id or a message names no file: %s", async (command) => {
    expect(paths(await analyze(command))).toEqual([]);
  });
});
