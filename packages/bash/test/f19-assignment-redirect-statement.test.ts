// One assignment with redirects and no command, then `;` or a new line (R18 class
// assignment-statement-with-redirect-keeps-old-value, needless asks and denies): tree-sitter-bash
// reads the next statement as the command the assignment was waiting for (an ERROR at the
// `;`). bash assigns in this shell, then opens the redirects, whose targets see the new value.
// Traced under bash 5.2: `x=.env; x=README.md 2>/dev/null; cat "$x"` runs cat README.md,
// `c=git; c=ls 2>/dev/null; $c push origin main` runs ls, `x=README.md; x=.env >"$x"` writes
// .env.

import { describe, expect, it } from "vitest";
import { analyzeFull } from "./helpers.ts";

async function runs(command: string): Promise<string[]> {
  const analysis = await analyzeFull(command);
  return analysis.units
    .filter((unit) => unit.argv.length > 0)
    .map((unit) => `${unit.argv.join(" ")}${unit.sentinel ? " !" : ""}`);
}

async function files(command: string): Promise<string[]> {
  const analysis = await analyzeFull(command);
  return analysis.paths.map((path) => `${path.access} ${path.path}`);
}

describe("an assignment with redirects, then a statement", () => {
  it.each<[string, string[]]>([
    ['x=.env; x=README.md 2>/dev/null; cat "$x"', ["cat README.md"]],
    ['x=.env; x=README.md >/dev/null; cat "$x"', ["cat README.md"]],
    ['x=.env; x=README.md </dev/null; cat "$x"', ["cat README.md"]],
    ['x=.env; x=README.md 1>&-; cat "$x"', ["cat README.md"]],
    ['x=.env; x=README.md 2>/dev/null 3>&-; cat "$x"', ["cat README.md"]],
    ['x=.env; x=README.md <<<hi; cat "$x"', ["cat README.md"]],
    ['x=.env; x=README.md 2>/dev/null\ncat "$x"', ["cat README.md"]],
    ['x=README.md 2>/dev/null; cat "$x" | grep a', ["cat README.md", "grep a"]],
    ['if true; then x=README.md 2>/dev/null; cat "$x"; fi', ["true", "cat README.md"]],
    ["c=git; c=ls 2>/dev/null; $c push origin main", ["ls push origin main"]],
    ["c=ls; c=git 2>/dev/null; $c push origin main", ["git push origin main"]],
    ["c=ls; c=git 2>/dev/null\n$c push origin main", ["git push origin main"]],
    // In a pipeline the assignment stays in its subshell.
    ['x=README.md; echo | x=.env 2>/dev/null; cat "$x"', ["echo", "cat README.md"]],
  ])("%j runs %j", async (command, expected) => {
    expect(await runs(command)).toEqual(expected);
  });

  it("the redirect's target sees the new value", async () => {
    expect(await files('x=README.md; x=.env >"$x"; cat README.md')).toEqual([
      "write /repo/.env",
      "read /repo/README.md",
    ]);
  });

  it("a substitution in the value still runs", async () => {
    expect(await runs("x=$(cat .env) 2>/dev/null; echo hi")).toEqual(["cat .env", "echo hi"]);
  });
});

describe("what stays floored", () => {
  it.each([
    // `&` runs the statement in a subshell; `&&` and `||` hang on its status.
    'x=README.md; x=.env 2>/dev/null & cat "$x"',
    'x=README.md; x=.env 2>/dev/null && cat "$x"',
    "c=ls; c=git 2>/dev/null || $c push origin main",
    'x=README.md; x=.env 2>/dev/null | cat "$x"',
    // No blank between the assignment and the redirect.
    'x=README.md; x=.env>/dev/null; cat "$x"',
  ])("%j", async (command) => {
    const analysis = await analyzeFull(command);
    expect(analysis.units.some((unit) => unit.sentinel !== null)).toBe(true);
  });
});
