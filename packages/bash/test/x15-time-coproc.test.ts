// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/**
 * Traced under bash 5.2 (B15 class time-coproc-expanded-command-word): after the `time`
 * keyword (and `time -p`, `time -p --`, `!`, another `time`), `coproc` is still a reserved
 * word, so `time coproc {git,push}` runs `git push` as a coprocess. tree-sitter-bash 0.25.1
 * reads `time coproc …` as a command named `time`; the walk peeled `time` and took `coproc`
 * for the program, so the command word after it was never expanded and judged.
 */
function executed(analysis: Awaited<ReturnType<typeof analyze>>): string[] {
  return analysis.units.map((unit) => unit.executed?.join(" ") ?? "?");
}

describe("soundness: coproc after the time keyword is the coproc keyword", () => {
  it.each([
    "time coproc {git,push}",
    "time coproc {git,push} origin main",
    "time -p coproc {git,push}\n}",
    "time -p -- coproc {git,push}",
    "time coproc {git,} push",
    "time coproc git${IFS}push",
    "c=git; time coproc $c push",
    "time coproc git push",
    "! time coproc {git,push}",
    "time ! coproc {git,push}",
    "time time coproc {git,push}",
    "time ! time ! coproc {git,push}",
    "f() { time coproc {git,push}; }; f",
    "time coproc {git,push} | cat",
    "true && time coproc {git,push}",
    "true; time coproc {git,push}",
    "true\ntime coproc {git,push}",
    "if true; then time coproc {git,push}; fi",
    "time coproc N { git push; }",
    "time coproc ( git push )",
  ])("%j runs git push", async (command) => {
    const units = executed(await analyze(command));
    expect(units.some((words) => /^git push\b/.test(words))).toBe(true);
    expect(units.some((words) => /^(time|coproc)\b/.test(words))).toBe(false);
  });

  it("reads a chain of keywords longer than four: time ! time ! time ! coproc …", async () => {
    const analysis = await analyze("time ! time ! time ! time ! coproc {git,push}");
    expect(executed(analysis)).toEqual(["git push"]);
  });
});

describe("precision: a time keyword before a plain command keeps its reading", () => {
  it.each([
    ["time git status", ["git status"]],
    ["time -p ls", ["ls"]],
    ["coproc git status", ["git status"]],
  ])("%j", async (command, expected) => {
    const analysis = await analyze(command);
    expect(analysis.status).toBe("ok");
    expect(executed(analysis)).toEqual(expected);
  });
});
