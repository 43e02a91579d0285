// R35 env-leading-equals-name (attacker, a differential generator, traced): GNU env takes every
// word holding an `=` before the command as an assignment, one starting with `=` too, so
// `env =x git push origin main` runs git. The analysis took `=x` for the program: the engine
// asked (through the later-words reading) where `git push *` denies exactly.
import { describe, expect, it } from "vitest";
import { loadBashAnalyzer } from "../src/index.ts";

const analyzer = await loadBashAnalyzer({ memoSize: 0 });
const executed = (command: string) =>
  analyzer.analyze(command, { cwd: "/repo", home: "/home/u" }).units.map((u) => u.executed);

describe("r35: env's assignment words", () => {
  it.each<[string, string[]]>([
    ["env =x git push origin main", ["git", "push", "origin", "main"]],
    ["env = == rm -rf build", ["rm", "-rf", "build"]],
    ["env -u Z =x git push", ["git", "push"]],
    ["env -- =x git push", ["git", "push"]],
    ["env -S '=x git push origin main'", ["git", "push", "origin", "main"]],
    ["nice env =x rm x", ["rm", "x"]],
    ["env a=b git status", ["git", "status"]],
  ])("%s runs %j", (command, words) => {
    expect(executed(command)).toEqual([words]);
  });
});
