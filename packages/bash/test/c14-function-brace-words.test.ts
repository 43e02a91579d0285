import { describe, expect, it } from "vitest";
import { analyze, analyzeFull } from "./helpers.ts";

const argvs = async (command: string): Promise<string[]> =>
  (await analyze(command)).units.map((unit) => unit.argv.join(" "));

/**
 * Attack round C14 (metamorphic), class function-body-brace-tilde-glob-dropped. A function body
 * is walked with no variable known, IFS included, and a word's brace expansion was given up
 * whenever IFS was not known, even with no expansion in the word to split: `f() { echo
 * {~/.ssh,/srv}/*; }; f` kept the word `{~/.ssh,/srv}/*`, which names no path, where strace
 * showed bash listing /home/user/.ssh and /srv. IFS only matters to an unquoted expansion.
 */
describe("a brace word expands without IFS when nothing in it splits", () => {
  it.each([
    ["f() { echo {~/.ssh,/srv}/*; }; f", "echo ~/.ssh/* /srv/*"],
    ["function f { echo {~/.ssh,/srv}/*; }; f", "echo ~/.ssh/* /srv/*"],
    ["IFS=$1; echo {~/.ssh,/srv}/*", "echo ~/.ssh/* /srv/*"],
    ["read -r IFS; echo {a,b}'$x'", "echo a$x b$x"],
  ])("%j", async (command, words) => {
    expect(await argvs(command)).toContain(words);
  });

  it("leaves a word with an unquoted expansion computed while IFS is not known", async () => {
    const analysis = await analyzeFull("IFS=$1; x=a; cat {b,c}$x");
    const cat = analysis.units.find((unit) => unit.argv[0] === "cat");
    expect(cat?.computed?.argv).toEqual([1]);
  });
});
