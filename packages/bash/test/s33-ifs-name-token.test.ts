import { describe, expect, it } from "vitest";
import { allowedUnderP4 } from "./allowed-under-p4.ts";

// S33 ifs-name-token (r33a): a word of written text and a trusted one-token expansion (a
// number, an object id or a date from a trusted substitution, `$$`, an inert variable) was read
// as one word under any single known IFS. Traced under bash 5.2 in /repo: an IFS that holds the
// token's characters splits the unquoted word there, so `IFS=0123456789; cat
// x$(date +%s)/etc/hostname` ran `cat x '' … /etc/hostname` and `IFS=1; git log -1
// HEAD$(git rev-list --count HEAD)--output=.env` ran `git log -1 HEAD --output=.env`, which
// truncated /repo/.env. Under an IFS with any character other than a blank the word is now
// computed; quoted words and an IFS of blanks only keep their one reading.

describe("s33: an IFS with non-blank characters splits a trusted token", () => {
  it.each([
    "IFS=0123456789abcdef; cat x$(git rev-parse HEAD)/etc/hostname",
    "IFS=0123456789; touch x$$/etc/x",
    "IFS=0123456789; cp README.md x$(date +%s)/etc/",
    "IFS=0123456789; touch $(date +%s..)/../etc/x",
    "IFS=0123456789; git log -1 HEAD$(git rev-list --count HEAD)--output=.env",
    "IFS=0123456789; git log -1 HEAD$(nproc)--output=/etc/x",
    "for IFS in 0123456789; do git log -1 HEAD$(git rev-list --count HEAD)--output=.env; done",
    "f(){ local IFS=1; git log -1 HEAD$(git rev-list --count HEAD)--output=.env; }; f",
    "IFS=1; git log -1 HEAD`git rev-list --count HEAD`--output=.env",
    "IFS=1; X=$(git rev-list --count HEAD); git log -1 HEAD$X--output=.env",
    "IFS=0123456789; cat x$(id -u)/etc/hostname",
    "IFS=:0123456789; cat out-$(date +%F)/etc/hostname",
  ])("%s is not one known word", async (command) => {
    expect(await allowedUnderP4(command)).toBe(false);
  });

  it.each([
    // Blanks only, or no IFS at all: a number, an id or a date holds none.
    "IFS=$'\\n'; cat x$(date +%s)/README.md",
    "IFS=$'\\n'; git log -1 HEAD$(git rev-list --count HEAD)",
    "IFS=' '; touch out-$$.log",
    "IFS=; touch out-$(date +%s).log",
    "IFS=$'\\n'; X=$(date +%s); touch out-$X.log",
    // Quoted, the word is one whatever IFS holds.
    'IFS=0123456789; cat "x$(date +%s)/README.md"',
    'IFS=1; git log -1 "HEAD$(git rev-list --count HEAD)"',
  ])("%s keeps its one reading", async (command) => {
    expect(await allowedUnderP4(command)).toBe(true);
  });
});
