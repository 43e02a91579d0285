import { describe, expect, it } from "vitest";
import { sedEffects } from "../src/programs/sed-script.ts";

describe("sedEffects", () => {
  it.each([
    ["s/a/b/g", { runs: false, unknown: false }],
    ["1,5p", { runs: false, unknown: false }],
    ["/^#/d; s|x|y|2", { runs: false, unknown: false }],
    ["s/a/b/e", { runs: true, unknown: false }],
    ["1e touch /tmp/x", { runs: true, unknown: false }],
    ["/x/{\ns/a/b/\ne id\n}", { runs: true, unknown: false }],
    ["s/a\\/e/b/", { runs: false, unknown: false }],
    ["$!N; P; D", { runs: false, unknown: false }],
    ["\\,x,d", { runs: false, unknown: false }],
    ["y/abc/xyz/", { runs: false, unknown: false }],
    ["a\\\nappended e text", { runs: false, unknown: false }],
    ["s/unterminated", { runs: false, unknown: true }],
    ["k", { runs: false, unknown: true }],
  ])("%j", (script, expected) => {
    expect(sedEffects(script)).toMatchObject(expected);
  });

  it("reports the files r, R, w, W and s///w name", () => {
    expect(sedEffects("1r /etc/shadow\n$w out.txt\ns/a/b/w log.txt")).toEqual({
      runs: false,
      reads: ["/etc/shadow"],
      writes: ["out.txt", "log.txt"],
      unknown: false,
    });
  });

  it("reads a long run of backslashes without backtracking", () => {
    // A regular expression with overlapping alternatives took exponential time on this input.
    const script = `s/${"\\".repeat(200_001)}`;
    expect(sedEffects(script).unknown).toBe(true);
  });
});
