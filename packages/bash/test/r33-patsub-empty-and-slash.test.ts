// R33 (attacker, traced under bash 5.2): two readings of `${NAME/PAT/REP}` that differed from
// bash's and let a value the engine took as known name another file or program.
// - patsub-slash-pattern: after `//`, a leading `/` belongs to the pattern: `${x///x}` removes
//   every `/x` (`x=.e/xnv; cat ${x///x}` read .env), `${x///}` every `/`.
// - empty-value-star: an empty value the pattern matches (`*`) is replaced whole:
//   `x=; cat ${x//*/.env}` read .env.
import { describe, expect, it } from "vitest";
import { loadBashAnalyzer } from "../src/index.ts";

const analyzer = await loadBashAnalyzer({ memoSize: 0 });
const executed = (command: string) =>
  analyzer.analyze(command, { cwd: "/repo", home: "/home/user" }).units.map((u) => u.executed);

describe("r33: `${NAME/PAT/REP}` as bash reads it", () => {
  it.each<[string, string[]]>([
    // the words bash printed for each (traced)
    ["x=a/xb/y; echo ${x///x}", ["echo", "ab/y"]],
    ["x=a/xb/y; echo ${x///x/Q}", ["echo", "aQb/y"]],
    ["x=a/xb/y; echo ${x///}", ["echo", "axby"]],
    ["x=a/xb/y; echo ${x//a/Z}", ["echo", "Z/xb/y"]],
    ["x=.e/xnv; cat ${x///x}", ["cat", ".env"]],
    ['x=.e/nv; cat "${x///}"', ["cat", ".env"]],
    ["c=gi/t; ${c///} push origin main", ["git", "push", "origin", "main"]],
    ["x=; echo ${x/*/E}${x//*/F}", ["echo", "EF"]],
    ["x=; cat ${x//*/.env}", ["cat", ".env"]],
    ["x=; y=${x/*/.env}; cat $y", ["cat", ".env"]],
    ["x=; ${x/*/git} push origin main", ["git", "push", "origin", "main"]],
    ["x=; echo ${x/**/E}", ["echo", "E"]],
    // an empty value no `?` matches stays empty; the anchored forms put the text in place
    ["x=; echo ${x/?/G}.", ["echo", "."]],
    ["x=; echo ${x/#/H} ${x/%/I}", ["echo", "H", "I"]],
    ["x=abc; echo ${x/#/Z} ${x/%/Z}", ["echo", "Zabc", "abcZ"]],
  ])("%s runs %j", (command, words) => {
    expect(executed(command)).toEqual([words]);
  });
});
