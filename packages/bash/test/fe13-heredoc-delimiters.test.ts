import { describe, expect, it } from "vitest";
import { readDelimiterWord, scanSource } from "../src/read/source.ts";
import { analyze, unparseable } from "./helpers.ts";

/** The commands a string runs, as argv lines, with the sentinel of each when there is one. */
async function runs(command: string): Promise<{ status: string; argv: string[] }> {
  const analysis = await analyze(command);
  return {
    status: analysis.status,
    argv: analysis.units.map(
      (unit) => unit.argv.join(" ") + (unit.sentinel === null ? "" : ` ${unit.sentinel}`),
    ),
  };
}

describe("heredoc delimiters: bash's word, quote removal without expansion", () => {
  // bash 5.2 compares body lines with the delimiter word as written (quotes removed, nothing
  // expanded): `<<$EOF` ends only at a line `$EOF`. With no such line the body runs to the end
  // of the text, and an unquoted delimiter makes it expand (checked with bash 5.2.15).
  it.each<[string, string]>([
    ["a variable", "cat <<$EOF\n$(rm -rf build)\nEOF\n"],
    ["a braced variable", "cat <<${x}\n$(rm -rf build)\nEOF\n"],
    ["a positional parameter", "cat <<$1\n$(rm -rf build)\nEOF\n"],
    ["a special parameter", "cat <<$$\n$(rm -rf build)\nEOF\n"],
    ["an arithmetic expansion", "cat <<$((1))\n$(rm -rf build)\nEOF\n"],
    ["an old arithmetic expansion", "cat <<$[1]\n$(rm -rf build)\nEOF\n"],
    ["a default expansion", "cat <<${x:-y}\n$(rm -rf build)\nEOF\n"],
    ["a `$` inside the word", "cat <<E$OF\n$(rm -rf build)\nEOF\n"],
    ["backticks", "cat <<`x`\n$(rm -rf build)\nEOF\n"],
    ["`<<-`", "cat <<-$x\n\t$(rm -rf build)\n\tx\n"],
    ["a descriptor before the operator", "cat 3<<$x\n$(rm -rf build)\nx\n"],
    ["a redirect after the word", "cat <<$x 2>&1\n$(rm -rf build)\nx\n"],
  ])("an unterminated body after %s runs its substitutions", async (_note, command) => {
    expect((await runs(command)).argv).toContain("rm -rf build");
  });

  it("a line that is the word as written ends the body", async () => {
    expect(await runs("cat <<$EOF\n$(rm -rf build)\n$EOF\necho ok")).toEqual({
      status: "ok",
      argv: ["cat", "rm -rf build", "echo ok"],
    });
    expect(await runs("cat <<-${x}\n\tbody\n\t${x}\necho ok")).toEqual({
      status: "ok",
      argv: ["cat", "echo ok"],
    });
  });

  it("a quote in the word itself keeps the body literal", async () => {
    for (const word of ['$E"O"F', '"$x"', "$x\\y", "$'x'"]) {
      expect((await runs(`cat <<${word}\n$(rm -rf build)\n`)).argv).toEqual(["cat"]);
    }
  });

  it("a quote inside an expansion of the word does not", async () => {
    // bash 5.2 runs the body of `<<${x:-"a"}`; the word holds quotes it may read otherwise, so
    // the end of the body is not trusted either.
    const seen = await runs('cat <<${x:-"a"}\n$(rm -rf build)\n${x:-"a"}\necho ok');
    expect(seen.argv).toContain(`rm -rf build ${unparseable}`);
  });

  it("an empty quoted word ends the body at the first empty line", async () => {
    expect(await runs("cat <<''\n$(rm x)\n\nrm -rf build")).toEqual({
      status: "ok",
      argv: ["cat", "rm -rf build"],
    });
  });

  it("a word bash prints again from its parse is not trusted", async () => {
    // `<<$(echo  a)` waits for the line `$(echo a)`.
    const seen = await runs("cat <<$(echo  a)\n$(git push origin main)\n$(echo  a)\n");
    expect(seen.status).toBe("partial");
    expect(seen.argv.some((line) => line.includes(unparseable))).toBe(true);
  });

  it("inside a substitution the grammar's end is taken only when it is bash's", async () => {
    expect(await runs("x=$(cat <<$EOF\n$(rm y)\n$EOF\n)")).toEqual({
      status: "ok",
      argv: ["cat", "rm y"],
    });
    const commit = await runs("git commit -m \"$(cat <<'EOF'\nfix: a thing\n\nEOF\n)\"");
    expect(commit.status).toBe("ok");
  });

  it("reads every spelling of the word", () => {
    expect(readDelimiterWord("<<$EOF x", 2)).toEqual({ end: 6, delimiter: "$EOF", quoted: false });
    expect(readDelimiterWord("${x:-a b};", 0)).toEqual({
      end: 9,
      delimiter: "${x:-a b}",
      quoted: false,
    });
    expect(readDelimiterWord('$"a"b\\c|', 0)).toEqual({ end: 7, delimiter: "abc", quoted: true });
    expect(readDelimiterWord("$((1<<2))\n", 0)).toEqual({
      end: 9,
      delimiter: "$((1<<2))",
      quoted: false,
    });
    expect(readDelimiterWord("$(echo a)", 0).delimiter).toBeNull();
    expect(readDelimiterWord("$'a\\nb'", 0)).toMatchObject({ delimiter: null, quoted: true });
    expect(readDelimiterWord("@(a|b)", 0).delimiter).toBeNull();
  });

  it("a top-level word with a certain delimiter gets its span", () => {
    const [span] = scanSource("cat <<$EOF\n$(x)\n").heredocs;
    expect(span).toMatchObject({ quoted: false, bodyStart: 11, bodyEnd: 16 });
  });
});
