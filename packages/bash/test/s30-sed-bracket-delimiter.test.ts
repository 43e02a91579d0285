import { describe, expect, it } from "vitest";
import { sedEffects } from "../src/programs/sed-script.ts";

// S30 sed-bracket-delimiter (R45): inside a bracket expression of a regex (address or `s`
// pattern) GNU sed 4.9 keeps the delimiter as an ordinary character. Traced: `/[/i]/e git push
// origin main` and `s/[/]/g/e` ran git push; `s/[/]/g/w /tmp/../etc/x` opened /etc/x.
describe("the delimiter inside [...] does not end a sed regex (S30 sed-bracket-delimiter)", () => {
  it.each([
    ["/[/i]/e git push origin main", { runs: true }],
    ["s/[/]/g/e", { runs: true }],
    ["\\,[,i],e git push origin main", { runs: true }],
    ["/x/I,/[/c]/e id", { runs: true }],
    ["/[[:alpha:]/]/e id", { runs: true }],
    ["/[]/]/e id", { runs: true }],
    ["/[^]/]/e id", { runs: true }],
    ["/[[./.]]/e id", { runs: true }],
    ["s][a]]X]e", { runs: true }],
  ])("%j runs a command", (script, expected) => {
    expect(sedEffects(script)).toMatchObject(expected);
  });

  it.each([
    ["s/[/]/g/w /tmp/../etc/x", { writes: ["/tmp/../etc/x"] }],
    ["1,/[/a]/r /home/user/.ssh/id_rsa", { reads: ["/home/user/.ssh/id_rsa"] }],
  ])("%j names the file", (script, expected) => {
    expect(sedEffects(script)).toMatchObject(expected);
  });

  it.each([
    "s/[a-z]/X/g",
    "s:[[:alpha:]]:X:",
    "s/[^/]*$//",
    "/[0-9]/d",
    "s[a[X[",
    "s/x/[/",
    "y/[/]/",
  ])("%j stays an inert script", (script) => {
    expect(sedEffects(script)).toEqual({ runs: false, reads: [], writes: [], unknown: false });
  });

  it.each(["s/[[:x]/]/X/", "s/[a\n]/X/", "/[/p", "s/[[:alpha:]/X/"])(
    "%j, unterminated for sed, is unknown",
    (script) => {
      expect(sedEffects(script).unknown).toBe(true);
    },
  );
});
