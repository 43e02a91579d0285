import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

describe("a compressor that writes to standard output only reads its operands", () => {
  it.each([
    // G15 stdout-mode-judged-as-write (traced: gzip -c src/a.ts and xz --stdo src/a.ts open
    // src/a.ts for reading only)
    "gzip -c src/a.ts",
    "gzip --stdout src/a.ts",
    "gzip -9c src/a.ts",
    "xz --stdo src/a.ts",
    "xz --to-stdout src/a.ts",
    "bzip2 -t src/a.ts",
    "zstd -l src/a.ts",
  ])("%s", async (command) => {
    expect(paths(await analyze(command))).toEqual(["read:/repo/src/a.ts"]);
  });

  it("keeps in-place compression and lz4's legacy -l written", async () => {
    expect(paths(await analyze("gzip src/a.ts"))).toEqual([
      "read_write:/repo/src/a.ts",
      "write:/repo/src/a.ts.gz",
    ]);
    expect(paths(await analyze("xz -k src/a.ts"))).toContain("write:/repo/src/a.ts.xz");
    expect(paths(await analyze("lz4 -l src/a.ts"))).toContain("write:/repo/src/a.ts.lz4");
  });
});
