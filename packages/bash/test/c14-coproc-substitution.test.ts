import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

const runs = async (command: string): Promise<string[]> =>
  (await analyze(command)).units.map((unit) => unit.executed?.join(" ") ?? "");

/**
 * Attack round C14 (metamorphic), class coproc-state-inside-command-substitution. The parse
 * blanks the `coproc` keyword out (the grammar has none) and remembers where the coprocess
 * starts; a `$(…)` inside double quotes, in a heredoc body or in backticks is analysed again
 * from the walked text, where the keyword was gone: `coproc w { c=echo; }` became a group
 * whose c=echo stayed in the shell, and `$c -rf build` read as echo. strace showed bash
 * running rm -rf build. The body is now read with the keywords as written.
 */
describe("a coprocess inside a substitution read from its text stays a coprocess", () => {
  it.each([
    'echo "$(c=rm; coproc worker { c=echo; }; $c -rf build)"',
    'echo "$(c=rm; coproc { c=echo; }; $c -rf build)"',
    'x="$(c=rm; coproc worker { c=echo; }; $c -rf build)"',
    "cat <<E\n$(c=rm; coproc worker { c=echo; }; $c -rf build)\nE",
    'echo "`c=rm; coproc worker { c=echo; }; $c -rf build`"',
  ])("%j runs rm", async (command) => {
    expect(await runs(command)).toContain("rm -rf build");
  });

  it("keeps the shell's own value when the coprocess sets another", async () => {
    const found = await runs('echo "$(c=echo; coproc worker { c=rm; }; $c -rf build)"');
    expect(found).toContain("echo -rf build");
  });
});
