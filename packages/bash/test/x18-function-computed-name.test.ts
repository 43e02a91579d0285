import { describe, expect, it } from "vitest";
import { analyze, mayRun } from "./helpers.ts";

/**
 * Attack round C18, class function-called-by-computed-name-judged-uncalled. A function whose
 * name the text spells nowhere else was taken as never called and its body dropped; but bash
 * builds a command word from pieces (`${x#a}`, `$a$b`, `de{,}ploy`, `x+=ploy; $x`, `$1$2`)
 * that the walk itself computes to the function's name, and then calls it. Traced under bash
 * 5.2: `f(){ git push origin main; }; x=af; ${x#a}` execs git push origin main. A unit with a
 * word naming such a function now takes the body back, inside substitutions and heredocs too.
 */
describe("a function called by a name the walk built runs its body", () => {
  it.each([
    "f(){ git push origin main; }; x=af; ${x#a}",
    "deploy(){ git push origin main; }; a=de; b=ploy; $a$b",
    "deploy(){ git push origin main; }; de{,}ploy",
    "deploy(){ git push origin main; }; x=dexploy; ${x/x/}",
    "deploy(){ git push origin main; }; set -- de ploy; $1$2",
    "deploy(){ git push origin main; }; x=de; x+=ploy; $x",
    "deploy(){ git push origin main; }; x=de; y=$(${x}ploy)",
    "deploy(){ git push origin main; }; x=de; time ${x}ploy",
    "deploy(){ git push origin main; }; x=de; cat <<EOF\n$(${x}ploy)\nEOF",
    "deploy(){ git push origin main; }; x=de; cat <(${x}ploy)",
    "function deploy { git push origin main; }; d=de; ${d}ploy",
    "deploy() ( git push origin main ); x=ploy; de$x",
    // A body taken back calls another function by a built name.
    "deploy(){ git push origin main; }; run(){ x=de; ${x}ploy; }; r{,}un",
  ])("%j runs git push", async (command) => {
    expect(mayRun(await analyze(command), "git push")).toBe(true);
  });

  it.each([
    // Never called: the body stays out.
    "deploy(){ git push origin main; }; echo hi",
    "deploy(){ git push origin main; }; x=de; echo done",
  ])("%j runs no git push", async (command) => {
    expect(mayRun(await analyze(command), "git push")).toBe(false);
  });
});
