import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * Attack round C19, class herestring-tilde-read-literal-value: bash expands a here-string's
 * word before the command reads it, tildes as in an assignment value (a leading `~` and one
 * after every unquoted `:`). Traced under bash 5.2: `read -r c <<< ~/notes.txt; cat "$c"`
 * reads /home/user/notes.txt; `read x <<< a:~/x` gives a:/home/user/x, `<<< a=~/x` stays.
 * The walk gave `read` the literal `~/notes.txt`, joined under /repo by the quoted "$c".
 */
const reads = async (command: string) =>
  paths(await analyze(command)).filter((p) => p.startsWith("read:"));

describe("read takes a here-string's word tilde-expanded", () => {
  it.each([
    ['read -r c <<< ~/notes.txt; cat "$c"', ["read:/home/user/notes.txt"]],
    ['read c <<< ~/notes.txt; cat "$c"', ["read:/home/user/notes.txt"]],
    ['read -r c <<< ~; cat "$c/notes.txt"', ["read:/home/user/notes.txt"]],
    ['read -r c <<< ~+/../home/user/notes.txt; cat "$c"', ["read:/home/user/notes.txt"]],
    ['read -r c <<< a:~/x; cat "$c"', ["read:/repo/a:/home/user/x"]],
    // A quoted or escaped tilde, or one after `=`, stays as written.
    ['read -r c <<< "~/x"; cat "$c"', ["read:/repo/~/x"]],
    ['read -r c <<< \\~/x; cat "$c"', ["read:/repo/~/x"]],
    ['read -r c <<< a=~/x; cat "$c"', ["read:/repo/a=~/x"]],
    ['read -r c <<< README.md; cat "$c"', ["read:/repo/README.md"]],
  ])("%j", async (command, expected) => {
    expect(await reads(command)).toEqual(expected);
  });

  it("a folder the string does not decide leaves the value unknown", async () => {
    expect(await reads('read -r c <<< ~root/x; cat "$c"')).toEqual(["read:?"]);
  });
});
