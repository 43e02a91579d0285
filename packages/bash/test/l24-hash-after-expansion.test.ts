import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/**
 * A `#` right after `$(( … ))`, `$[ … ]`, `<(( … ))`, `$( … )`, `<( … )` or a subscript is text of the same word,
 * not a comment: only after an arithmetic command's `))` does bash start one. The pre-pass
 * (read/source.ts) read `: $(( 1 ))#` as a word ending, skipped the rest of the line as a
 * comment, and so never saw the `#` inside the `(( 1 #))` after it; the grammar's comment there
 * hid `git push`. Found by the fuzzer (seed 2424002, command 13376); traced under bash 5.2:
 * `: $(( 1 ))#; (( 1 #)); git push origin main` followed by a line `))` runs git push.
 */
const runs = async (command: string, argv: string) =>
  (await analyze(command)).units.some((unit) => unit.argv.join(" ") === argv);

describe("a # glued after an arithmetic expansion", () => {
  it.each([
    ": $(( 1 ))#; (( 1 #)); rm x\n))",
    "echo $(( 1 ))#y; (( 1 #)); rm x\n))",
    "echo a$((2))#b; (( 1 #)); rm x\n))",
    "echo $[1]#; (( 1 #)); rm x\n))",
    "echo <((true))#; (( 1 #)); rm x\n))",
    "a[1]#=2; (( 1 #)); rm x\n))",
    "echo $(true)#; (( 1 #)); rm x\n))",
    "echo <(true)#; (( 1 #)); rm x\n))",
    'echo "$(true)"#; (( 1 #)); rm x\n))',
    "x=$(true)#; (( 1 #)); rm x\n))",
  ])("%j runs rm x", async (command) => {
    expect(await runs(command, "rm x")).toBe(true);
  });

  it.each(["(( 1 ))#x; rm y", "(true)#x; rm y"])(
    "%j: after an arithmetic command or a subshell a # still starts a comment",
    async (command) => {
      expect(await runs(command, "rm y")).toBe(false);
    },
  );
});
