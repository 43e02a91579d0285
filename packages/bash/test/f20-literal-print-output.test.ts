// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash command substitutions, not templates
// M19 unquoted-command-substitution-operand-of-echo-taken-as-path (needless asks): an unquoted
// substitution of `echo` or `printf` of words written out prints exactly those words, so bash
// has no glob to expand in its output. Traced under bash 5.2: `echo $(echo hi)` runs nothing
// and opens no file. Output the string does not show may still glob:
// `git commit -m '/home/user/.ssh/*'; echo $(git log -1 --format=%s)` lists /home/user/.ssh.
import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** Whether the analysis holds a read path nobody knows for the word `raw`. */
function unknownRead(command: string, raw: string): Promise<boolean> {
  return analyze(command).then((analysis) =>
    analysis.paths.some(
      (path) =>
        path.raw === raw &&
        path.path === null &&
        path.glob === undefined &&
        path.sentinel === "<computed-path>" &&
        path.access === "read",
    ),
  );
}

describe("a substitution that prints the words it is given", () => {
  it.each([
    "echo $(echo hi)",
    "echo `echo hi there`",
    "echo $(echo 'a b' \"c d\")",
    "echo $(printf '%s\\n' a b)",
    "echo x-$(echo src/app.ts)",
  ])("%s names no path", async (command) => {
    expect((await analyze(command)).paths).toEqual([]);
  });
});

describe("a substitution whose output may hold a glob", () => {
  it.each([
    ["a glob character", "echo $(echo '*')", "$(echo '*')"],
    ["a backslash escape (echo -e, xpg_echo)", 'echo $(echo -e "\\052")', '$(echo -e "\\052")'],
    ["printf's escape", "echo $(printf '\\052')", "$(printf '\\052')"],
    ["printf's %b", "echo $(printf %b x)", "$(printf %b x)"],
    ["an expansion", "echo $(echo $x)", "$(echo $x)"],
    ["a tilde", "echo $(echo ~)", "$(echo ~)"],
    ["a second command on a new line", "echo $(echo hi\ncat notes)", "$(echo hi\ncat notes)"],
    [
      "a revision, then a command on a new line",
      "echo $(git rev-parse HEAD\ncat notes)",
      "$(git rev-parse HEAD\ncat notes)",
    ],
    ["a list", "echo $(echo hi; cat notes)", "$(echo hi; cat notes)"],
    ["a pipeline", "echo $(echo hi | cat)", "$(echo hi | cat)"],
    ["a commit subject", "echo $(git log -1 --format=%s)", "$(git log -1 --format=%s)"],
  ])("%s: %s", async (_note, command, raw) => {
    expect(await unknownRead(command, raw)).toBe(true);
  });

  it.each([
    "echo() { cat notes; }; echo $(echo hi)",
    "source x; echo $(echo hi)",
    "printf() { cat notes; }; echo `printf '%s' a`",
  ])("echo or printf that %s may redefine prints what it likes", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((unit) => unit.sentinel === "<opaque-bash-wrapper>")).toBe(true);
  });

  it("a sourced file is no concern of an echo outside substitutions", async () => {
    const plain = await analyze("source .venv/bin/activate; x=$(pwd); echo $x");
    expect(plain.units.some((unit) => unit.sentinel === "<opaque-bash-wrapper>")).toBe(false);
  });
});
