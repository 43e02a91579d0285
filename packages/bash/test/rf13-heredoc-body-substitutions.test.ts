// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { findSubstitutions } from "../src/read/substitutions.ts";
import { analyze, unparseable } from "./helpers.ts";

/** Whether a unit of the analysis runs `words` (not merely some unproven unit). */
async function runsCommand(command: string, words: string): Promise<boolean> {
  const analysis = await analyze(command);
  return analysis.units.some((unit) => unit.executed?.join(" ") === words);
}

// strace (bash 5.2): in an unquoted heredoc body bash reads each `$( )` as code when it expands
// the body. A `#` at a word start is a comment to the end of the line, so the `)` after it does
// not close the substitution; a heredoc opened inside takes the next body lines as its body.
// Either way the body lines after it ran as commands (`rm x`, `git push`).
describe("a substitution in an unquoted heredoc body closes where bash's code reading closes it", () => {
  it.each([
    ["a comment hides the `)`", "cat <<E\n$(echo a #)\nrm x\n)\nE", "rm x"],
    ["a comment after `;`", "cat <<E\n$(echo a;#)\nrm x\n)\nE", "rm x"],
    ["a comment right after `$(`", "cat <<E\n$(#)\nrm x\n)\nE", "rm x"],
    ["`<<-` with tabs", "cat <<-E\n\t$(echo a\t#)\n\trm x\n\t)\n\tE", "rm x"],
    ["inside `${x:-…}`", "cat <<E\n${x:-$(echo a #)}\nrm x\n)}\nE", "rm x"],
    ["a quote in the body is text", 'cat <<E\n"$(echo a #)"\nrm x\n)"\nE', "rm x"],
    ["a commit message", "git commit -F - <<EOF\nfix: x $(echo #)\ngit push\n)\nEOF", "git push"],
    ["a heredoc opened inside", "cat <<E\n$(cat <<F\n)\nF\nrm x\n)\nE", "rm x"],
    ["a quoted heredoc inside", "cat <<E\n$(cat <<'F'\n)\nF\nrm x\n)\nE", "rm x"],
    ["a `<<-` heredoc inside", "cat <<E\n$(cat <<-F\n\t)\n\tF\nrm x\n)\nE", "rm x"],
    ["an assignment's value", "x=$(cat <<E\n$(echo a #)\nrm x\n)\nE\n)", "rm x"],
    ["a while loop's input", "while read l; do :; done <<E\n$(echo #)\nrm x\n)\nE", "rm x"],
  ])("%s", async (_note, command, runs) => {
    expect(await runsCommand(command, runs)).toBe(true);
  });

  it("`$((…) #)`, which bash reads again as `$( (` with a comment, is not trusted", async () => {
    const analysis = await analyze("cat <<E\n$((echo a) #)\nrm x\n)\nE");
    expect(analysis.status).not.toBe("ok");
    expect(analysis.units.some((unit) => unit.sentinel === unparseable)).toBe(true);
  });

  it("finds the close with the code reading", () => {
    const body = "$(echo a #)\nrm x\n)\n";
    expect(findSubstitutions(body, "heredoc")).toEqual([
      { kind: "command", body: "echo a #)\nrm x\n", start: 0, end: 18 },
    ]);
    const nested = "$(cat <<F\n)\nF\nrm x\n)";
    expect(findSubstitutions(nested, "heredoc")[0]?.body).toBe("cat <<F\n)\nF\nrm x\n");
  });

  it.each([
    ["a plain substitution", "cat <<E\nbranch: $(git branch --show-current)\nE"],
    ["a `)` in quotes", "cat <<E\n$(echo ')' )\nE"],
    ["a mid-word `#`", "cat <<E\n$(echo a#b)\nE"],
    ["arithmetic", "cat <<E\n$(( 1 + 2 )) and $(echo $((3)))\nE"],
    ["a nested substitution", "cat <<E\n$(echo $(date) x)\nE"],
  ])("%s stays trusted", async (_note, command) => {
    const analysis = await analyze(command);
    expect(analysis.status).toBe("ok");
    expect(analysis.units.every((unit) => unit.sentinel === null)).toBe(true);
  });
});
