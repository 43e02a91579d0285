// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash command substitutions, not templates
// A substitution read as one command that prints a number, a name or an object id must be
// that one command: a newline ends it and starts another, whose output is anything
// (`$(git rev-list --count HEAD⏎ls)` prints the count and then the folder's names).
// Traced under bash 5.2: `echo $(( $(git rev-list --count HEAD⏎printf 'a[$(id)]') ))` runs
// git rev-list, then id, which the arithmetic evaluation of the printed subscript starts.
import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

function sentinels(command: string): Promise<(string | null)[]> {
  return analyze(command).then((analysis) =>
    analysis.units.map((unit) => unit.sentinel).filter((s) => s !== null),
  );
}

describe("a number-printing substitution evaluated as arithmetic", () => {
  it.each([
    "echo $(( $(git rev-list --count HEAD) ))",
    "echo $(( $(grep -c x README.md) + 1 ))",
    "echo $(( $(id -u) ))",
    "echo $(( $(git status | wc -l) ))",
  ])("%s evaluates a number", async (command) => {
    expect(await sentinels(command)).toEqual([]);
  });

  it.each([
    "echo $(( $(git rev-list --count HEAD\nls) ))",
    "echo $(( $(grep -c x\nls) ))",
    "echo $(( $(id -u\nls) ))",
    "echo $(( $(wc -l\nls) ))",
  ])("%j goes on past a newline: its output is unknown", async (command) => {
    expect(await sentinels(command)).toContain("<evaluated-string>");
  });
});

describe("a substitution read as a name, a revision or a glob-free word", () => {
  it.each([
    ["a name in a path", "cat src/$(date +%s\nls).log", "src/$(date +%s\nls).log"],
    ["a glob-free word", "echo $(git rev-parse HEAD\nls)", "$(git rev-parse HEAD\nls)"],
    ["a user name", "echo $(whoami\nls)", "$(whoami\nls)"],
  ])("%s: %j names a path nobody knows", async (_note, command, raw) => {
    const analysis = await analyze(command);
    const path = analysis.paths.find((p) => p.raw === raw);
    expect(path?.sentinel).toBe("<computed-path>");
  });

  it("revisions on two lines are options or files git may be given", async () => {
    const written = await analyze("git diff $(git merge-base main HEAD)");
    expect(written.paths).toEqual([]);
    const lines = await analyze("git diff $(git merge-base main HEAD\nls)");
    expect(lines.paths.some((p) => p.sentinel === "<computed-path>")).toBe(true);
  });
});
