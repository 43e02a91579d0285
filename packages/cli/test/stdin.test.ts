// Standard input read in lines: chunks split anywhere, `\r\n` endings, a last line without a
// newline, and a line of many megabytes read in many chunks in time linear in its length.

import { describe, expect, it } from "vitest";
import { readLines } from "../src/stdin.ts";

async function linesOf(chunks: readonly (string | Uint8Array)[]): Promise<string[]> {
  async function* input() {
    yield* chunks;
  }
  const lines: string[] = [];
  for await (const batch of readLines(input())) lines.push(...batch);
  return lines;
}

describe("readLines", () => {
  it("joins lines split across chunks and drops a \\r before \\n", async () => {
    expect(await linesOf(["a", "b\r", "\nc\n", "d", "", "e"])).toEqual(["ab", "c", "de"]);
    const bytes = new TextEncoder().encode("é\nü");
    expect(await linesOf([bytes.slice(0, 1), bytes.slice(1)])).toEqual(["é", "ü"]);
  });

  // Splitting the whole pending text at each chunk took tens of seconds here: a return to it
  // runs into the test's timeout (a hang detector; speed is for the benchmarks).
  it("reads a 50 MB line in 64 KB chunks", async () => {
    const piece = "a".repeat(64 * 1024);
    const chunks = Array.from({ length: 800 }, () => piece);
    chunks.push("\nnext\n");
    const lines = await linesOf(chunks);
    expect(lines.map((l) => l.length)).toEqual([800 * piece.length, 4]);
  });
});
