import { describe, expect, it } from "vitest";
import { scanSource } from "../src/read/source.ts";
import { analyze } from "./helpers.ts";

/** The commands a string runs, as argv lines, and whether the analysis is trusted. */
async function runs(command: string): Promise<{ status: string; argv: string[] }> {
  const analysis = await analyze(command);
  return { status: analysis.status, argv: analysis.units.map((unit) => unit.argv.join(" ")) };
}

describe("heredocs: where bash ends a body, not where the grammar does", () => {
  // Each of these was read wrongly by tree-sitter-bash 0.25.1 (a grammar error, a body line
  // parsed as a command, or a command after the operator dropped); bash runs only what is listed.
  it.each<[string, string, string[]]>([
    [
      "a delimiter line with a trailing blank is body",
      "cat <<'EOF'\nEOF \nrm -rf build\nEOF",
      ["cat"],
    ],
    [
      "a delimiter line with a leading blank is body",
      "cat <<EOF\n EOF\nrm -rf build\nEOF",
      ["cat"],
    ],
    ["an escaped `$(` in an unquoted body", "cat <<EOF\n\\$(rm -rf build)\nEOF", ["cat"]],
    ["a delimiter quoted in part", 'cat <<E"O"F\n$(rm -rf build)\nEOF', ["cat"]],
    ["an ANSI-C quoted delimiter", "cat <<$'EOF'\n$(rm -rf build)\nEOF", ["cat"]],
    [
      "a command after the operator on its line",
      "cat <<EOF; echo ok\nhello $(git rev-parse --short HEAD)\nEOF",
      ["cat", "echo ok", "git rev-parse --short HEAD"],
    ],
    [
      "a redirect and a pipe after a quoted operator",
      "cat <<'EOF' 2>&1 | tail -n 1\ngit push origin main\nEOF",
      ["cat", "tail -n 1"],
    ],
    [
      "a pipe into rm after a quoted operator",
      "git commit -F - <<'MSG' 2>&1 | rm -rf /tmp/x\nfix\n\nrm -rf is gone.\nMSG",
      ["git commit -F -", "rm -rf /tmp/x"],
    ],
    ["two heredocs on one line", "cat <<A <<B >o\na\nA\nb\nB", ["cat"]],
  ])("%s", async (_note, command, argv) => {
    expect(await runs(command)).toEqual({ status: "ok", argv });
  });

  it.each<[string, string, string[]]>([
    [
      "what follows a delimiter line with blanks is still body until the real delimiter",
      "cat <<EOF\nEOF \nrm -rf build\nEOF\nrm -rf x",
      ["cat", "rm -rf x"],
    ],
    [
      "an unquoted body's substitutions run",
      "cat <<EOF 2>&1 | tail\n$(rm -rf a)\nEOF",
      ["cat", "rm -rf a", "tail"],
    ],
    [
      "`<<-` strips the delimiter's tabs",
      "cat <<-EOF\n\t$(rm -rf a)\n\tEOF\nrm b",
      ["cat", "rm -rf a", "rm b"],
    ],
    [
      "a body without its delimiter runs to the end",
      "cat <<EOF; echo\n$(rm -rf a)",
      ["cat", "rm -rf a", "echo"],
    ],
    [
      "a quoted body given to bash is its script",
      "bash <<'EOF' 2>&1\nrm -rf build\nEOF",
      ["bash", "rm -rf build"],
    ],
    [
      "a body piped on by cat is the next program's script",
      "cat <<'EOF' | sh\nrm -rf build\nEOF",
      ["cat", "sh", "rm -rf build"],
    ],
    [
      "`<<-` strips the tabs of the script it feeds",
      "bash <<-'EOF'\n\trm -rf build\n\tEOF",
      ["bash", "rm -rf build"],
    ],
    ["a left shift is not a heredoc", "(( x << 2 ))\nrm -rf y\n2", ["rm -rf y", "2"]],
    [
      "a left shift in `$(( ))` is not a heredoc",
      "echo $((1<<2))\nrm -rf y\n2",
      ["echo $((1<<2))", "rm -rf y", "2"],
    ],
  ])("%s", async (_note, command, argv) => {
    const found = await runs(command);
    for (const line of argv) expect(found.argv).toContain(line);
    expect(found.argv).toHaveLength(argv.length);
  });

  it("keeps the heredoc's paths and unit text as written", async () => {
    const analysis = await analyze("cat <<'EOF' >notes.md 2>&1 | tail\nbody\nEOF");
    expect(analysis.units.map((unit) => unit.text)).toEqual(["cat <<'EOF' >notes.md 2>&1", "tail"]);
    expect(analysis.paths.map((path) => [path.path, path.access])).toEqual([
      ["/repo/notes.md", "write"],
    ]);
  });
});

describe("the pre-pass's heredoc spans", () => {
  it("cuts the body and the delimiter line by bash's rules", () => {
    const text = "cat <<-'E'\n\tbody\n\tE \n\tE\nnext";
    const [span] = scanSource(text).heredocs;
    expect(span).toEqual({
      opStart: 4,
      opEnd: 10,
      bodyStart: 11,
      bodyEnd: 21,
      end: 24,
      quoted: true,
      stripTabs: true,
    });
    expect(text.slice(span?.bodyStart, span?.bodyEnd)).toBe("\tbody\n\tE \n");
  });

  it.each([
    ["inside `$( )`", "x=$(cat <<E\nb\nE\n)"],
    [
      "a delimiter bash prints again from its parse (`<<$(echo  a)`)",
      "cat <<$(echo  a)\nb\n$(echo a)",
    ],
    ["an arithmetic shift inside `$(( ))`", "echo $((1<<2))\n2"],
  ])("keeps no span %s", (_note, text) => {
    expect(scanSource(text).heredocs).toEqual([]);
  });
});
