import { describe, expect, it } from "vitest";
import { SCRIPT_HELPERS } from "../src/programs/script-runs.ts";
import { analyze } from "./helpers.ts";

/** The units of a command other than its own first one. */
async function helperRuns(command: string): Promise<(readonly string[])[]> {
  const analysis = await analyze(command);
  return analysis.units.slice(1).map((unit) => unit.executed ?? unit.argv);
}

const matches = SCRIPT_HELPERS.flatMap((entry) => entry.match);
const notMatches = SCRIPT_HELPERS.flatMap((entry) => entry.notMatch);

describe("scripts that start programs of their own (B22 script-helpers, S27 wrapper-script-helpers)", () => {
  it.each(matches)("%s runs a helper", async (command) => {
    expect((await helperRuns(command)).length).toBeGreaterThan(0);
  });

  it.each(notMatches)("%s runs none", async (command) => {
    expect(await helperRuns(command)).toEqual([]);
  });

  it.each([
    // strace (B22): the rm each script ran.
    ["locale-gen", ["rm", "-rf", "/usr/lib/locale/locale-archive"]],
    ["apt-key list", ["rm", "-rf", "/tmp/apt-key-gpghome.$NAME"]],
    ["tzselect < /dev/null", ["rm", "-fr", "--", "/tmp/$TMPNAME"]],
    ["sudo locale-gen --purge", ["rm", "-rf", "/usr/lib/locale/locale-archive"]],
    ["vimtutor", ["vim", "-f", "-u", "NONE", "-c", "so $VIMRUNTIME/tutor/tutor.vim"]],
  ])("%s runs %j", async (command, argv) => {
    expect(await helperRuns(command)).toContainEqual(argv);
  });
});
