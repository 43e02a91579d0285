import { describe, expect, it } from "vitest";
import { SENTINELS } from "../src/index.ts";
import { unsafeArithmetic } from "../src/walk/evaluated.ts";
import type { VarValue } from "../src/walk/expand.ts";
import { analyze } from "./helpers.ts";

/**
 * D18-01 (session 18): a value naming K names that each name K more (`a1=a2+a2+…; a2=a3+…`,
 * six levels) was read K^6 times, with no tick of the work budget: 374 bytes took 20 s of CPU
 * and then answered. Each name's answer at each depth is now found once per evaluation.
 */

/** A chain of six levels, each value naming the next level `fanOut` times. */
function chain(fanOut: number, last: string): Map<string, VarValue[]> {
  const vars = new Map<string, VarValue[]>();
  for (let level = 1; level <= 6; level++) {
    vars.set(`a${level}`, [
      {
        text: Array(fanOut)
          .fill(`a${level + 1}`)
          .join("+"),
      },
    ]);
  }
  vars.set("a7", [{ text: last }]);
  return vars;
}

/** A map that counts the values read from it: the work, independent of the machine. */
class CountingVars extends Map<string, VarValue[]> {
  reads = 0;
  override get(key: string): VarValue[] | undefined {
    this.reads++;
    return super.get(key);
  }
}

describe("arithmetic names are each evaluated once per depth", () => {
  it("reads a wide six-level chain a bounded number of times", () => {
    const vars = new CountingVars(chain(12, "1"));
    expect(unsafeArithmetic("a1", { vars, home: null, cwd: null })).toBeNull();
    // 12^6 (about three million) reads before; now at most names x depths x fan-out.
    expect(vars.reads).toBeLessThan(8 * 7 * 12 * 4);
  });

  it("still finds the code at the bottom of the chain", () => {
    const vars = new CountingVars(chain(12, "x[$(git push origin main)]"));
    expect(unsafeArithmetic("a1", { vars, home: null, cwd: null })).not.toBeNull();
  });

  it("asks for a wide chain whose last name holds code, and allows a harmless one", async () => {
    const levels = Array.from(
      { length: 6 },
      (_, i) =>
        `a${i + 1}=${Array(18)
          .fill(`a${i + 2}`)
          .join("+")}`,
    ).join("; ");
    const harmful = await analyze(`${levels}; a7='x[$(git push origin main)]'; let a1`);
    expect(harmful.units.some((unit) => unit.sentinel === SENTINELS.evaluatedString)).toBe(true);
    const harmless = await analyze(`${levels}; a7=1; let a1`);
    expect(harmless.status).toBe("ok");
    expect(harmless.units.every((unit) => unit.sentinel === null)).toBe(true);
  });
});
