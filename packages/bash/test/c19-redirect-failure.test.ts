import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * Attack round C19, classes redirect-failure-skips-assigning-builtin-or-group,
 * read-herestring-other-redirect-fails-keeps-old-value, read-herestring-then-stdin-closed-
 * keeps-old-value: a redirect bash fails to make (a descriptor not open, a write into a
 * missing folder, a missing file) skips the command it belongs to, and a redirect of stdin
 * after a here-string (`<&-`, `0>/dev/null`) leaves `read` a closed or write-only input: it
 * fails. Either way the variable keeps its old value. Traced under bash 5.2:
 * `c=.env; read -r c <<< README.md 2>nodir/x; cat "$c"` reads .env, so do
 * `c=.env; { c=README.md; } >&5; cat "$c"`, `set -- .env; set -- README.md >&5; cat "$1"` and
 * `c=.env; read -r c <<< README.md 0>/dev/null; cat "$c"`.
 */
const reads = async (command: string) =>
  paths(await analyze(command)).filter((p) => p.startsWith("read:"));

describe("a command whose redirect may fail may keep the old value", () => {
  it.each([
    'c=.env; read -r c <<< README.md 2>nodir/x; cat "$c"',
    'c=.env; read -r c <<< README.md >nodir/x; cat "$c"',
    'c=.env; read -r c <<< README.md 3<nosuch; cat "$c"',
    'c=.env; read -r c <<< README.md >&5; cat "$c"',
    'c=.env; read -r c <<< README.md 2>&9; cat "$c"',
    'c=.env; read -r c <<< README.md 4<&8; cat "$c"',
    'c=.env; read -r c <<< README.md 99999999999>/dev/null; cat "$c"',
    'c=.env; read -r c <<< README.md >&- 2>&1; cat "$c"',
    'set -- .env; set -- README.md >&5; cat "$1"',
    'c=.env; export c=README.md >&5; cat "$c"',
    'c=.env; declare c=README.md >&5; cat "$c"',
    'c=.env; readonly c=README.md 2>&9; cat "$c"',
    'c=.env; { c=README.md; } >&5; cat "$c"',
    'c=.env; { c=README.md; } 2>nodir/x; cat "$c"',
    'c=.env; if true; then c=README.md; fi >&5; cat "$c"',
    'c=.env; for x in 1; do c=README.md; done >&5; cat "$c"',
    'c=.env; { read -r c <<< README.md; } >"$d"; cat "$c"',
    'ulimit -n 3; c=.env; read -r c <<< README.md; cat "$c"',
  ])("%j", async (command) => {
    expect(await reads(command)).not.toEqual(["read:/repo/README.md"]);
  });

  it.each([
    'c=.env; read -r c <<< README.md <&-; cat "$c"',
    'c=.env; read -r c <<< README.md 0<&-; cat "$c"',
    'c=.env; read -r c <<< README.md 0>&-; cat "$c"',
    'c=.env; read -r c <<< README.md 0>/dev/null; cat "$c"',
    'c=.env; read -r c <<< README.md 0>>/dev/null; cat "$c"',
    'c=.env; read -r c <<< README.md < x; cat "$c"',
  ])("%j: read does not take the here-string", async (command) => {
    expect(await reads(command)).not.toEqual(["read:/repo/README.md"]);
  });
});

describe("redirects that cannot fail keep the new value", () => {
  it.each([
    'c=.env; read -r c <<< README.md; cat "$c"',
    'c=.env; read -r c <<< README.md 2>/dev/null; cat "$c"',
    'c=.env; read -r c <<< README.md >/dev/null 2>&1; cat "$c"',
    'c=.env; read -r c <<< README.md 2>&1; cat "$c"',
    'c=.env; read -r c <<< README.md &>/dev/null; cat "$c"',
    'c=.env; read -r c <<< README.md 1>&2; cat "$c"',
    'set -- .env; set -- README.md 2>/dev/null; cat "$1"',
    'c=.env; export c=README.md 2>/dev/null; cat "$c"',
    'c=.env; { c=README.md; } 2>/dev/null; cat "$c"',
    'c=.env; { c=README.md; } </dev/null; cat "$c"',
  ])("%j", async (command) => {
    expect(await reads(command)).toEqual(["read:/repo/README.md"]);
  });
});

describe("read of a stdin closed or opened for writing after the here-string", () => {
  it.each([
    'c=.env; read -r c <<< README.md <&-; cat "$c"',
    'c=.env; read -r c <<< README.md 0<&-; cat "$c"',
    'c=.env; read -r c <<< README.md 0>&-; cat "$c"',
    'c=.env; read -r c <<< README.md 0>/dev/null; cat "$c"',
    'c=.env; read -r c <<< README.md 0>>/dev/null 2>/dev/null; cat "$c"',
    'c=.env; read -rs c <<< README.md 0<&-\ncat "$c"',
  ])("%j fails and keeps the old value", async (command) => {
    expect(await reads(command)).toEqual(["read:/repo/.env"]);
  });

  it.each([
    // The here-string comes after the close: read takes it.
    'c=.env; read -r c 0<&- <<< README.md; cat "$c"',
    // A file or a read-write open is something else to read.
    'c=.env; read -r c <<< README.md < x; cat "$c"',
    'c=.env; read -r c <<< README.md 0<>x; cat "$c"',
  ])("%j is not taken for a failure", async (command) => {
    expect(await reads(command)).not.toEqual(["read:/repo/.env"]);
  });
});
