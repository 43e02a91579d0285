import { describe, expect, it } from "vitest";
import { lastUnitPaths } from "./helpers.ts";

// R32 (attacker, traced under bash 5.2), two ways a line or a command is left that the walk
// took as run:
// - failglob-value: under `failglob` an unquoted expansion whose value is a glob matching
//   nothing (`x=$'nomatch\x3f'; echo $x`, no glob character in the text) is an error that
//   leaves the rest of the line: `c=README.md` after it never ran and `cat "$c"` read .env.
// - ulimit-devnull: under a low descriptor limit (`ulimit -Sn 3`) even `2>/dev/null` cannot be
//   opened, so `{ c=README.md; } 2>/dev/null` was skipped and `cat "$c"` read .env.

const catPaths = (command: string) => lastUnitPaths(command, "cat");

describe("r32: failglob and an expansion's value", () => {
  it("an expansion may be a glob that matches nothing: the next line may read the old value", async () => {
    const reads = await catPaths(
      `shopt -s failglob; c=.env; x=$'nomatch\\x3f'\necho $x; c=README.md\ncat "$c"`,
    );
    expect(reads).toContain("read /repo/.env");
  });

  it("a statement with no glob and no expansion cannot fail so", async () => {
    expect(await catPaths('shopt -s failglob; c=.env\nc=README.md 2>/dev/null\ncat "$c"')).toEqual([
      "read /repo/README.md",
    ]);
  });
});

describe("r32: /dev/null under a descriptor limit", () => {
  it("a group redirected to /dev/null may be skipped once ulimit is in the string", async () => {
    const reads = await catPaths(
      'c=.env; ulimit -Sn 3\n{ c=README.md; } 2>/dev/null\nulimit -Sn 1024; cat "$c"',
    );
    expect(reads).toContain("read /repo/.env");
  });

  it("without ulimit, /dev/null is always opened", async () => {
    expect(await catPaths('c=.env\n{ c=README.md; } 2>/dev/null\ncat "$c"')).toEqual([
      "read /repo/README.md",
    ]);
  });
});

// body-drop-midstate: an error in a function's body leaves the calling line halfway through
// the body (`f() { c=.env; UID=1; c=README.md; }; f` leaves c=.env, traced: cat .env), where
// the body's summary (what it surely set by its end) does not hold.
// summary-quoted-return: `ret''urn` is `return`, so the body's end is not surely reached.
// errexit-body-checked: a body's `set -e` is ignored where the call is checked (`f || :`),
// so a failing `cd` in it does not end the shell (traced: cat read /home/user/notes.txt).
describe("r32: function bodies and the states they leave", () => {
  it("a body that may leave the line halfway leaves its names unknown", async () => {
    const reads = await catPaths('c=README.md\nf() { c=.env; UID=1; c=README.md; }\nf\ncat "$c"');
    expect(reads).not.toEqual(["read /repo/README.md"]);
  });

  it.each([
    "c=README.md\nf() { c=~/notes.txt; ret''urn; c=README.md; }\nf\ncat \"$c\"",
    'c=README.md\nf() { c=~/notes.txt; retur\\\nn; c=README.md; }\nf\ncat "$c"',
    "c=README.md\nf() { c=~/notes.txt; $'\\x72eturn'; c=README.md; }\nf\ncat \"$c\"",
  ])("a return in any spelling keeps the body unsummarised: %j", async (command) => {
    expect(await catPaths(command)).not.toEqual(["read /repo/README.md"]);
  });

  it("a body's set -e is not relied on: the cd in it may fail and the shell goes on", async () => {
    const reads = await catPaths(
      "f() { set -e; cd /repo/a/b; cat ../../home/user/notes.txt; }; f || :",
    );
    // The body runs wherever it is called from: the folder is not known, never /repo/a/b.
    expect(reads).not.toEqual(["read /repo/home/user/notes.txt"]);
    expect(reads).toEqual(["read <computed-path>"]);
  });

  it("a body with none of these still leaves what it set", async () => {
    expect(await catPaths('c=.env\nf() { c=README.md; }\nf\ncat "$c"')).toEqual([
      "read /repo/README.md",
    ]);
  });
});
