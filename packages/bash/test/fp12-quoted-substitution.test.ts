import { describe, expect, it } from "vitest";
import { analyze, unitsAndPaths } from "./helpers.ts";

describe("a substitution after a variable and a blank inside double quotes", () => {
  // tree-sitter-bash starts the substitution node at the blank before `$(` or a backtick;
  // strace shows bash running only the substitution's command.
  it.each([
    ['echo "$d $(date)"', "date"],
    ['echo "$d  $(date)"', "date"],
    ['echo "$d\t$(date)"', "date"],
    ['echo "$d `date`"', "date"],
    ['echo "$PWD $(git branch --show-current)"', "git branch --show-current"],
  ])("%s runs %s and nothing the grammar misread", async (command, inner) => {
    const { status, units } = await unitsAndPaths(command);
    expect(status).toBe("ok");
    expect(units.slice(1)).toEqual([inner]);
  });

  it("a loop's file operand keeps its reading", async () => {
    const { status, units, paths } = await unitsAndPaths(
      'for f in src/*.ts; do echo "$f $(grep -c import "$f")"; done',
    );
    expect(status).toBe("ok");
    expect(units).toEqual(['echo $f $(grep -c import "$f")', "grep -c import src/*.ts"]);
    expect(paths).toEqual(["read /repo/src/*.ts"]);
  });

  it.each([
    ['echo "$d $(rm -rf build)"', "rm -rf build", "write /repo/build"],
    ['x="$a $(cat .env)"', "cat .env", "read /repo/.env"],
    ['echo "$d $(echo `rm y`)"', "rm y", "write /repo/y"],
    ['echo "$d `echo \\`rm z\\``"', "rm z", "write /repo/z"],
  ])("%s still runs %s and touches its file", async (command, inner, path) => {
    const { units, paths } = await unitsAndPaths(command);
    expect(units).toContain(inner);
    expect(paths).toContain(path);
  });
});
