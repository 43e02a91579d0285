import { describe, expect, it } from "vitest";
import { SENTINELS } from "../src/index.ts";
import { analyze } from "./helpers.ts";

/**
 * F14 let-arithmetic (P15), traced under bash 5.2: `n=0; for f in a b; do let n++; done` runs
 * nothing. After a `let`, every name in its words was unknown, so the loop's second round
 * evaluated an unknown n. A name that held an integer holds one after `let` whether it is
 * assigned or only read (a failing word leaves it as it was); any other name stays unknown.
 */
function sentinels(command: string): Promise<(string | null)[]> {
  return analyze(command).then((a) => a.units.map((unit) => unit.sentinel));
}

describe("let keeps an integer an integer", () => {
  it.each([
    ['n=0; for f in src/a.ts src/b.ts; do let n++; done; echo "$n"'],
    ['n=0; let n++; let n++; echo "$n"'],
    ['i=0; while [ "$i" -lt 3 ]; do let i=i+1; done'],
    ["n=1; m=2; let n+=m; let m=n+2"],
  ])("%s evaluates nothing", async (command) => {
    expect(await sentinels(command)).not.toContain(SENTINELS.evaluatedString);
  });

  it.each([
    // A failing word stops let before x=1: x keeps the code it was given (traced: PWN).
    ['x="a[$(id)]"; let 1/0 x=1; echo $((x))'],
    ["n=0; for f in a b; do let n++; read -r n; done"],
    ['let "$y"'],
    ['x="a[$(id)]"; let n=x'],
  ])("%s still evaluates code", async (command) => {
    expect(await sentinels(command)).toContain(SENTINELS.evaluatedString);
  });

  it("let PATH=1 still makes what a name runs unknown", async () => {
    expect(await sentinels("let PATH=1; ls")).toContain(SENTINELS.opaqueWrapper);
  });
});
