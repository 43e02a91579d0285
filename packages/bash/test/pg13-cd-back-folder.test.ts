import { describe, expect, it } from "vitest";
import { analyzeFull as analyze, paths } from "./helpers.ts";

/**
 * `cd -` enters OLDPWD as `cd DIR` enters DIR (traced under bash 5.2: after `cd src &&` it
 * goes back to /repo): the folder is read when the string decided it; otherwise the word `-`
 * stands for a folder only known at run time (a cd that may fail leaves the caller's OLDPWD).
 */
describe("cd - names the folder it enters", () => {
  // Followed by a command: a last cd to a folder the string decided changes nothing that runs
  // after it, and is dropped (see f20-popd-trailing.test.ts).
  it.each([
    ["cd src && cd - && ls", "read:/repo"],
    ["cd /home/user && cd /repo && cd - && ls", "read:/home/user"],
  ])("%s reads %s", async (command, path) => {
    const analysis = await analyze(command);
    expect(paths(analysis)).toContain(path);
    const back = analysis.units.find((unit) => unit.argv.join(" ") === "cd -");
    expect(back?.computed).toBeUndefined();
  });

  it.each(["cd -", "cd src; cd -", "cd src && OLDPWD=$X; cd -"])(
    "%s goes where the string does not decide: the word is computed",
    async (command) => {
      const analysis = await analyze(command);
      const back = analysis.units.find((unit) => unit.argv.join(" ") === "cd -");
      expect(back?.computed?.argv).toEqual([1]);
    },
  );
});
