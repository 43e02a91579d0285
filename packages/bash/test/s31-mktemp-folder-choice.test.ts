import { describe, expect, it } from "vitest";
import { pathsOf } from "./helpers.ts";

// S31 mktemp-folder-choice (R47): GNU mktemp (coreutils 9.1) keeps the LAST of -p DIR and
// --tmpdir[=DIR], an empty DIR means $TMPDIR or /tmp, and -t prefers $TMPDIR over DIR. Traced:
// `mktemp -p . --tmpdir x.XXXXXX` created /tmp/x.rIeGfv, `mktemp -p '' x.XXXXXX` /tmp/x.Uup3C5,
// and with TMPDIR=/home/user `mktemp -p. -t` made /home/user/tmp.CYweMuFwdb. The analysis took
// the first -p value as the folder. The file made there is the template with its X's random
// (`mktemp -p . .env.XXXXXX` created ./.env.TjokRt): judged as a glob.

const ENVIRONMENT = "write $TMPDIR/tmp.XXXXXXXXXX";

describe("s31: mktemp's folder is the last one named, or the environment's", () => {
  it.each([
    "mktemp -p . -t",
    "mktemp --tmpdir=. -t x.XXXXXX",
    "mktemp -d -t -p src x.XXXXXX",
    "mktemp -p . --tmpdir x.XXXXXX",
    "mktemp -dp src --tmp",
    "mktemp --tmpdir=. --tmpdir x.XXXXXX",
    "mktemp -p '' x.XXXXXX",
    "mktemp --tmpdir= x.XXXXXX",
  ])("%s", async (command) => {
    const paths = await pathsOf(command);
    expect(paths.some((path) => path.startsWith("write <computed") || path === ENVIRONMENT)).toBe(
      true,
    );
    expect(paths).not.toContain("write /repo");
    expect(paths).not.toContain("write /repo/src");
  });

  it.each([
    ["mktemp --tmpdir -p src x.XXXXXX", "write /repo/src/x.??????"],
    ["mktemp -p /tmp -p . x.XXXXXX", "write /repo/x.??????"],
    ["mktemp -p . .env.XXXXXX", "write /repo/.env.??????"],
    ["mktemp -p . --suffix=.txt x.XXXX", "write /repo/x.????.txt"],
    ["mktemp .env.XXXXXX", "write /repo/.env.??????"],
  ])("%s names the file it makes", async (command, path) => {
    const paths = await pathsOf(command);
    expect(paths).toContain(path);
    expect(paths).not.toContain(ENVIRONMENT);
  });
});
