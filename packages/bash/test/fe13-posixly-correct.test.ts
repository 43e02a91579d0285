import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

describe("POSIXLY_CORRECT: getopt stops at the first operand", () => {
  // With POSIXLY_CORRECT in its environment (any value, even empty) glibc's getopt stops
  // permuting: after the first operand every word is an operand, `-e` and `-I` included.
  // strace (bash 5.2, GNU grep and ls) shows grep reading .env and ls listing the home folder.
  it.each<[string, string, string]>([
    ["a prefix assignment", "POSIXLY_CORRECT=1 grep x README.md -e .env", "read:/repo/.env"],
    ["an empty value", "POSIXLY_CORRECT= grep x README.md -e .env", "read:/repo/.env"],
    [
      "an export before",
      "export POSIXLY_CORRECT=; ls src --hide /home/user/.ssh",
      "read:/home/user/.ssh",
    ],
    ["env's assignment word", "env POSIXLY_CORRECT=1 ls src -I /home/user", "read:/home/user"],
    ["a quoted name", "env POSIX''LY_CORRECT=1 ls src -I ~", "read:/home/user"],
    [
      "an assignment the string made",
      "POSIXLY_CORRECT=1; export POSIXLY_CORRECT; grep x README.md -e .env",
      "read:/repo/.env",
    ],
    [
      "posix mode exported",
      "set -o posix; export POSIXLY_CORRECT; grep x README.md -e .env",
      "read:/repo/.env",
    ],
    [
      "a name only known at run time",
      'declare -x "$n=1"; grep x README.md -e .env',
      "read:/repo/.env",
    ],
    [
      "names read from a file",
      "export $(cat .envfile); grep x README.md -e .env",
      "read:/repo/.env",
    ],
    ["a name read at run time", 'read "$n"; grep x README.md -e .env', "read:/repo/.env"],
    ["a wrapper in front", "POSIXLY_CORRECT=1 nice grep x README.md -e .env", "read:/repo/.env"],
    [
      "a versioned path",
      "POSIXLY_CORRECT=1 /usr/bin/grep x README.md --regexp .env",
      "read:/repo/.env",
    ],
  ])("%s", async (_note, command, path) => {
    expect(paths(await analyze(command))).toContain(path);
  });

  it("the permuted reading is kept too", async () => {
    // `-r` may still be an option to the program that does not see the variable.
    const found = paths(await analyze("POSIXLY_CORRECT=1 grep x src -r"));
    expect(found).toContain("read:/repo/src/**");
    expect(found).toContain("read:/repo/-r");
  });

  it("without the variable the options after an operand stay options", async () => {
    expect(paths(await analyze("grep x README.md -e .env"))).not.toContain("read:/repo/.env");
    expect(paths(await analyze("ls src -I /home/user"))).not.toContain("read:/home/user");
    expect(paths(await analyze("export LC_ALL=C; ls src -la"))).toEqual(["read:/repo/src"]);
  });
});
