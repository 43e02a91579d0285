import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * Attack round C19, classes set-invalid-option-positionals-kept, set-invalid-option-errexit-
 * assumed-on, set-o-value-word-misread-*: bash 5.2's `set` first checks its option words and
 * refuses the whole command on a letter it does not take (`-Z`, `-i`, `-c`, `-s`, `--x`), and
 * stops at an unknown `-o NAME` with the letters before it applied; only a run that did not
 * fail assigns `$1`…. `-o` takes the next word as NAME only when it is not empty and does not
 * start with `-`/`+` (otherwise it lists the options), and each `o` of a cluster takes the
 * next word. Traced: `set -- ~/n; set -Z README.md; cat "$1"` reads /home/user/n;
 * `set -eZ; cd a/b; cat ../../x` goes on in /repo after cd fails; `set -o -- -- .env a;
 * cat "$2"` reads .env; `set -o +e` turns errexit off.
 */
const reads = async (command: string) =>
  paths(await analyze(command)).filter((p) => p.startsWith("read:"));

describe("a set bash refuses leaves the positional parameters", () => {
  it.each([
    'set -- ~/n; set -Z README.md; cat "$1"',
    'set -- ~/n; set -o nosuch README.md; cat "$1"',
    'set -- ~/n; set +o nosuch README.md; cat "$1"',
    'set -- ~/n; set -e -y README.md; cat "$1"',
    'set -- ~/n; set -o errexit -Q -- README.md; cat "$1"',
    'set -- ~/n; set -o nosuch -- README.md; cat "$1"',
    'set -- ~/n; set -i README.md; cat "$1"',
    'set -- ~/n; set -c README.md; cat "$1"',
    'set -- ~/n; set -s README.md; cat "$1"',
    'set -- ~/n; set --nosuch README.md; cat "$1"',
    'set -- ~/n; set "-?" README.md; cat "$1"',
    'set -- ~/n; set -eo errexi README.md; cat "$1"',
    // `set -` with nothing after it assigns nothing.
    'set -- ~/n; set -; cat "$1"',
  ])("%j", async (command) => {
    expect(await reads(command)).toEqual(["read:/home/user/n"]);
  });

  it("a check that may refuse the command leaves either", async () => {
    // The check reads "" as -o's value and refuses -Z; the run would take "" -Z x.
    expect(await reads('set -- ~/n; set -o "" -Z x; cat "$1"')).toEqual([
      "read:/home/user/n",
      "read:/repo",
    ]);
  });
});

describe("set -o takes only a name as its value", () => {
  it.each([
    ['set -o -- -- .env README.md; cat "$2"', ["read:/repo/.env"]],
    ['set +o -- -- .env README.md; cat "$2"', ["read:/repo/.env"]],
    ['set -eo -- -- .env README.md; cat "$2"', ["read:/repo/.env"]],
    ['set -oe pipefail ~/n; cat "$1"', ["read:/home/user/n"]],
    ['set -ooe errexit pipefail ~/n; cat "$1"', ["read:/home/user/n"]],
    ['set -o -e ~/n; cat "$1"', ["read:/home/user/n"]],
    ['set -o pipefail ~/n; cat "$1"', ["read:/home/user/n"]],
    ['set -euo pipefail -- ~/n; cat "$1"', ["read:/home/user/n"]],
    ['set -- a; set -o; cat "$1"', ["read:/repo/a"]],
  ])("%j", async (command, expected) => {
    expect(await reads(command)).toEqual(expected);
  });
});

describe("errexit after a set that fails or lists", () => {
  const out = "read:/home/user/notes.txt";
  it.each([
    "set -eZ; cd a/b; cat ../../home/user/notes.txt",
    "set -Ze; cd a/b; cat ../../home/user/notes.txt",
    "set -e -Z; cd a/b; cat ../../home/user/notes.txt",
    "set -ei; cd a/b; cat ../../home/user/notes.txt",
    "set -e -o nosuch; cd a/b; cat ../../home/user/notes.txt",
    "set -o errexit -Q; cd a/b; cat ../../home/user/notes.txt",
    "set -e; set -o +e; cd a/b; cat ../../home/user/notes.txt",
    "set -e; set +o +e; cd a/b; cat ../../home/user/notes.txt",
    "set -eo +e; cd a/b; cat ../../home/user/notes.txt",
    "set -e; set +e -Z; cd a/b; cat ../../home/user/notes.txt",
  ])("%j goes on after cd fails", async (command) => {
    expect(await reads(command)).toContain(out);
  });

  it.each([
    "set -e; cd a/b; cat ../../home/user/notes.txt",
    "set -euo pipefail; cd a/b; cat ../../home/user/notes.txt",
    "set -o errexit; cd a/b; cat ../../home/user/notes.txt",
    "set -oe pipefail; cd a/b; cat ../../home/user/notes.txt",
    "set -e -o pipefail -- x; cd a/b; cat ../../home/user/notes.txt",
  ])("%j still stops when cd fails", async (command) => {
    expect(await reads(command)).not.toContain(out);
  });
});
