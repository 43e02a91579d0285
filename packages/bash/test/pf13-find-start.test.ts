import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/**
 * Precision class N2 of session 13: find hands `-exec` (and its `-print0` list) only what
 * passes the tests before the action. The starting point itself is one of those names only
 * when the tests can hold for it: `find . -name __pycache__ -exec rm -rf {} +` never runs
 * `rm -rf .` (GNU find matches `-name` against the start's last component, `.`), so that
 * command is no longer judged as one (it met `rm -rf /*` through `.` = the project).
 */

/** What each unit runs. */
async function runs(command: string): Promise<string[]> {
  const { units } = await analyze(command);
  return units.map((unit) => unit.executed?.join(" ") ?? "?");
}

describe("the start itself is handed on only when the tests before the action can hold", () => {
  it.each<[string, string[]]>([
    ["find . -name __pycache__ -type d -prune -exec rm -rf {} +", ["rm -rf ./**"]],
    ["find . -type d -name node_modules -prune -exec rm -rf {} +", ["rm -rf ./**"]],
    ["find . -name '.DS_Store' -exec rm -rf {} +", ["rm -rf ./**"]],
    ["find ./ -iname '*.LOG' -exec rm {} \\;", ["rm ./**"]],
    ["find . -path './build/*' -exec rm {} +", ["rm ./**"]],
    ["find . -mindepth 1 -exec rm -rf {} +", ["rm -rf ./**"]],
    ["find . -exec rm -rf {} + -mindepth 2", ["rm -rf ./**"]],
    ["find src/ -name src -exec cat {} +", ["cat src/**", "cat src/"]],
  ])("%s", async (command, expected) => {
    expect(await runs(command)).toEqual(expected);
  });

  it.each<[string, string]>([
    ["find . -exec rm -rf {} +", "no test"],
    ["find . -type d -exec rm -rf {} +", "a test that may hold for the start"],
    ["find . -name '*' -exec rm -rf {} +", "`*` matches `.`: find has no rule for a leading dot"],
    ["find . -name '.*' -exec rm -rf {} +", "`.*` matches `.`"],
    ["find . -name '?' -exec rm -rf {} +", "`?` matches `.`"],
    ["find . -name '[.]' -exec rm -rf {} +", "a bracket class is not decided"],
    ["find . -name x -o -exec rm -rf {} +", "an operator: the action runs when the test fails"],
    ["find . ! -name x -exec rm -rf {} +", "a negation"],
    ["find . \\( -name x \\) -exec rm -rf {} +", "parentheses"],
    ["find . -exec rm -rf {} + -name x", "a test after the action does not guard it"],
    ["find . -mindepth 0 -name x -o -exec rm -rf {} +", "-mindepth 0"],
    ['find . -name "$n" -exec rm -rf {} +', "a computed pattern"],
    ["find . -path . -exec rm -rf {} +", "-path matched against the start as written"],
    ["find . -iname . -exec rm -rf {} +", "-iname alike"],
  ])("%s keeps `rm -rf .` (%s)", async (command) => {
    expect(await runs(command)).toContain("rm -rf .");
  });

  it("a -print0 list read by xargs -0 follows the same rule", async () => {
    expect(await runs("find . -name '__pycache__' -type d -print0 | xargs -0 rm -rf")).toEqual([
      "find . -name __pycache__ -type d -print0",
      "rm -rf ./**",
    ]);
    expect(await runs("find . -type d -print0 | xargs -0 rm -rf")).toEqual([
      "find . -type d -print0",
      "rm -rf ./**",
      "rm -rf .",
    ]);
  });

  it("the glob for what lies below the start does not name the start", async () => {
    const { paths } = await analyze("find . -name x -exec rm -rf {} +");
    const inner = paths.filter((path) => path.raw === "./**");
    expect(inner.map((path) => path.path ?? `glob:${path.glob}`)).toEqual(["glob:/repo/**"]);
  });
});
