import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/**
 * Traced under bash 5.2 (C16 extglob-pattern-in-value): once `shopt -s extglob` may be on, an
 * unquoted value holding `@(…)`, `+(…)` or `!(…)` is a pattern bash matches against the folder
 * (`x='.@(env)'; cat $x` read .env); without it bash opens the name as written.
 */

async function paths(command: string): Promise<(string | null)[]> {
  return (await analyze(command)).paths.map((path) => path.path);
}

describe("an extended pattern in a value is a glob once extglob may be on", () => {
  it.each([
    "shopt -s extglob; x='.@(env)'; cat $x",
    "shopt -s extglob; x='.+(env)'; grep KEY $x",
    "shopt -s extglob; x='@(.env)'; cat $x",
    "shopt -s extglob; x='.@(env|nothing)'; cat $x",
    "shopt -s extglob; x='.!(x)'; cat $x",
    "shopt -s extglob; x='.@(env)'; cat < $x",
    "shopt -s extglob; x='.@(env)'; for f in $x; do cat \"$f\"; done",
  ])("%s", async (command) => {
    const found = await paths(command);
    expect(found).toContain(null);
    expect(found).not.toContain("/repo/.@(env)");
  });

  it("without shopt the name is opened as written", async () => {
    expect(await paths("x='.@(env)'; cat $x")).toEqual(["/repo/.@(env)"]);
  });

  it("a quoted expansion is never a pattern", async () => {
    expect(await paths("shopt -s extglob; x='.@(env)'; cat \"$x\"")).toEqual(["/repo/.@(env)"]);
  });
});
