import { describe, expect, it } from "vitest";
import { analyze, opaqueWrapper } from "./helpers.ts";

describe("scalar's -c settings reach the git it runs (B19 scalar-git-front-end-not-tabled)", () => {
  // strace (B19): git ls-remote/fetch under scalar clone ran /bin/sh -c 'git push origin
  // main;: …' (core.sshCommand), and git remote-ext ran git push (ext:: allowed by -c).
  it.each([
    "scalar -c protocol.ext.allow=always clone 'ext::git push origin main' c",
    "scalar -c core.sshCommand='git push origin main;:' clone x:y c",
    "scalar -c Core.SshCommand='git push origin main;:' clone --single-branch x:y c",
    "scalar -C /repo -c core.sshCommand='git push origin main;:' clone x:y c",
    "scalar -ccore.pager=less list",
    "scalar -c alias.x='!git push' run all",
  ])("%s runs a program nobody judged", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.map((unit) => unit.sentinel)).toContain(opaqueWrapper);
  });

  it.each(["scalar list", "scalar -c core.autocrlf=false list", "scalar -C /repo register"])(
    "%s runs no program from a setting",
    async (command) => {
      const analysis = await analyze(command);
      expect(analysis.units.map((unit) => unit.sentinel)).toEqual([null]);
    },
  );
});
