import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * Session 17, C17 class assignment-word-tilde-in-for-list-and-set-args: outside posix mode
 * bash expands the tildes after the `=` and after each unquoted `:` of any word spelled as an
 * assignment, also of a `for` list's word and a `set` operand, whose value the walk stores.
 * `for f in x=~/notes.txt; do cat "${f#x=}"; done` reads /home/user/notes.txt (traced under
 * bash 5.2); the walk kept the `~` as written and judged the relative path /repo/~/notes.txt.
 */
describe("a stored word spelled as an assignment gets its tildes expanded", () => {
  it.each([
    ['for f in x=~/notes.txt; do cat "${f#x=}"; done', "read:/home/user/notes.txt"],
    ['for f in x+=~/notes.txt; do cat "${f#x+=}"; done', "read:/home/user/notes.txt"],
    ['for f in PATH=~/notes.txt; do cat "${f#*=}"; done', "read:/home/user/notes.txt"],
    ['for f in x=a:~/notes.txt; do cat "${f##*:}"; done', "read:/home/user/notes.txt"],
    ['for f in x=~/notes.txt y=z; do cat "${f#?=}"; break; done', "read:/home/user/notes.txt"],
    ["IFS=:; for f in a=README.md:~/notes.txt; do cat $f; done", "read:/home/user/notes.txt"],
    ["IFS==; for f in x=~/notes.txt; do cat $f; done", "read:/home/user/notes.txt"],
    ['for f in x=~/x; do echo hi > "${f#x=}"; done', "write:/home/user/x"],
    ['HOME=/tmp; for f in x=~/x; do echo hi > "${f#x=}"; done', "write:/tmp/x"],
    ['PWD=/etc; for f in x=~+/passwd; do cat "${f#x=}"; done', "read:/etc/passwd"],
    ['OLDPWD=/etc; for f in x=~-/passwd; do cat "${f#x=}"; done', "read:/etc/passwd"],
    ['set -- x=~/notes.txt; f=$1; cat "${f#x=}"', "read:/home/user/notes.txt"],
    ['set -- x=~/notes.txt; for f in "$@"; do cat "${f#x=}"; done', "read:/home/user/notes.txt"],
    ["IFS=:; set -- a=README.md:~/notes.txt; cat $1", "read:/home/user/notes.txt"],
    ["set -- x=~/notes.txt; IFS==; cat $1", "read:/home/user/notes.txt"],
    ['OLDPWD=/etc; set -- x=~-/passwd; f=$1; cat "${f#x=}"', "read:/etc/passwd"],
  ])("%j", async (command, path) => {
    expect(paths(await analyze(command))).toContain(path);
  });

  it("leaves a tilde naming a folder the string does not decide unknown", async () => {
    for (const command of [
      'for f in x=~root/.bashrc; do cat "${f#x=}"; done',
      'set -- x=~root/.bashrc; f=$1; cat "${f#x=}"',
      'for f in x=~"/notes.txt"; do cat "${f#x=}"; done',
    ]) {
      expect(paths(await analyze(command)), command).toEqual(["read:?"]);
    }
  });

  it("leaves the value unknown where posix mode may be on (bash keeps the text there)", async () => {
    for (const command of [
      'set -o posix; for f in x=~/notes.txt; do cat "${f#x=}"; done',
      'POSIXLY_CORRECT=1; for f in x=~/notes.txt; do cat "${f#x=}"; done',
      'set -o posix; set -- x=~/notes.txt; f=$1; cat "${f#x=}"',
      'set -o posix; set -- x=~+/README.md; f=$1; cat "${f#x=}"',
    ]) {
      expect(paths(await analyze(command)), command).toEqual(["read:?"]);
    }
  });

  it("keeps a word bash does not expand as written", async () => {
    // An escaped or quoted tilde, a quoted `=`, a name that is no identifier, a braced word
    // (bash expands the braces first and reads no assignment then): traced, /repo/~/….
    for (const command of [
      'for f in x=\\~/notes.txt; do cat "${f#x=}"; done',
      "for f in 'x=~/notes.txt'; do cat \"${f#x=}\"; done",
      'for f in x"="~/notes.txt; do cat "${f#x=}"; done',
      'for f in 1x=~/notes.txt; do cat "${f#1x=}"; done',
      'set -- x=\\~/notes.txt; f=$1; cat "${f#x=}"',
      "set -- 'x=~/notes.txt'; f=$1; cat \"${f#x=}\"",
    ]) {
      expect(paths(await analyze(command)), command).toEqual(["read:/repo/~/notes.txt"]);
    }
    expect(paths(await analyze('for f in x=~/{a,b}; do cat "${f#x=}"; done')).sort()).toEqual([
      "read:/repo/~/a",
      "read:/repo/~/b",
    ]);
  });
});
