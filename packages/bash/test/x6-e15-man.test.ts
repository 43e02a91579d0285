import { describe, expect, it } from "vitest";
import type { BashUnit } from "../src/index.ts";
import { analyze, opaqueWrapper } from "./helpers.ts";

/** The first unit of a command. */
async function first(command: string): Promise<BashUnit> {
  return (await analyze(command)).units[0] as BashUnit;
}

// E15 findings, each traced under bash 5.2 in the oracle sandbox.
describe("adversarial: man's configuration file names the programs it runs (E15 man-config-file-defines-programs)", () => {
  // strace: man --config-file=mc / -Cmc with `DEFINE nroff git push` executed git push.
  it.each(["man --config-file=mc ls", "man -Cmc ls", "man --conf mc ls", "man -aC mc ls"])(
    "%s is opaque",
    async (command) => {
      expect((await first(command)).sentinel).toBe(opaqueWrapper);
    },
  );
});
