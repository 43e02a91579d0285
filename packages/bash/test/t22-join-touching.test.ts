import { describe, expect, it } from "vitest";
import { loadBashAnalyzer } from "../src/analyze.ts";
import { joinTouching, plainWord, type Word, wordFromPieces } from "../src/read/words.ts";

// D21 class 2: the grammar hands a word of alternating quoted and escaped pieces
// (`'b'\d'b'\d…`) as touching words, and joining them one at a time rebuilt the word so far
// for every piece: quadratic, and uncounted (a 16 KB `echo` took 264 ms with 25 ms of counted
// work, so its verdict hung on the wall clock). Each run of touching words is now built once.

/** `count` one-letter words, each touching the one before, from offset 0. */
function touching(count: number, letter = "a"): Word[] {
  return Array.from({ length: count }, (_, i) => plainWord(letter, i));
}

describe("t22: touching words are joined in one pass", () => {
  it("joins a run of 100,000 touching words into one word, in order", () => {
    // One at a time, this copied five billion pieces: it would not end within the test.
    const [word, ...rest] = joinTouching(touching(100_000));
    expect(rest).toEqual([]);
    expect(word?.text).toBe("a".repeat(100_000));
    expect(word?.pieces).toHaveLength(100_000);
    expect([word?.start, word?.end]).toEqual([0, 100_000]);
  });

  it("keeps words apart where they do not touch, and joins each run on its own", () => {
    const words = [plainWord("ab", 0), plainWord("c", 2), plainWord("d", 4), plainWord("*", 5)];
    const joined = joinTouching(words);
    expect(joined.map((word) => word.text)).toEqual(["abc", "d*"]);
    expect(joined[1]?.glob).toBe(true);
    expect(joined[0]?.glob).toBe(false);
  });

  it("reads a joined run as the whole word: a brace across pieces, a tilde at its start", () => {
    const brace = joinTouching([plainWord("{a,", 0), plainWord("b}", 3)]);
    expect(brace.map((word) => word.brace)).toEqual([true]);
    const tilde = joinTouching([plainWord("~", 0), plainWord("/x", 1)]);
    expect(tilde[0]?.tilde).toBe(true);
  });

  it("never joins a process substitution", () => {
    const sub: Word = {
      ...wordFromPieces([{ kind: "unquoted", text: "x", raw: "x" }], 1, 2),
      processSubstitution: true,
    };
    expect(
      joinTouching([plainWord("a", 0), sub, plainWord("b", 2)]).map((word) => word.text),
    ).toEqual(["a", "x", "b"]);
  });

  it("analyzes a word of 2,000 alternating quoted and escaped pieces to its text", async () => {
    const analyzer = await loadBashAnalyzer({ memoSize: 0 });
    const analysis = analyzer.analyze(`echo ${"'b'\\d".repeat(1000)}`, {
      cwd: "/repo",
      home: "/home/user",
    });
    expect(analysis.status).toBe("ok");
    expect(analysis.units[0]?.argv).toEqual(["echo", "bd".repeat(1000)]);
  });
});
