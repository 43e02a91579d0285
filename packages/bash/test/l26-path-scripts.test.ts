import { describe, expect, it } from "vitest";
import { analyze, mayRun } from "./helpers.ts";

// S26 (bash-path-script, traced): bash looks a script operand without a slash up in PATH when
// the working directory has no file of that name (bash(1); dash does not). `bash fakeroot git
// push origin main` ran /usr/bin/fakeroot, a shell script that runs its arguments, and so git
// push; the analysis read only the project file ./fakeroot and allowed it under P3. The words
// from the operand on are now also read as the command of the program of that name, hosted by
// the shell (whether ./NAME exists is not known: at most ask).

describe("l26: a shell's slash-less script operand may be a program found in PATH", () => {
  it.each([
    "bash fakeroot git push origin main",
    "bash -x fakeroot -- git push origin main",
    "env bash memusage git push origin main",
    "cd src && bash sotruss git push origin main",
    "sh fakeroot git push origin main",
  ])("%j may run git push", async (command) => {
    const analysis = await analyze(command);
    expect(mayRun(analysis, "git push")).toBe(true);
    const push = analysis.units.find((unit) => unit.executed?.slice(0, 2).join(" ") === "git push");
    expect(push?.hostedBy).toMatch(/^(bash|sh)$/);
  });

  it.each([
    "bash ./fakeroot git push origin main",
    "bash src/fakeroot git push origin main",
    "bash -c 'echo hi' fakeroot git push origin main",
    "bash -n fakeroot git push origin main",
    "dash fakeroot git push origin main",
  ])("%j looks nothing up", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((unit) => unit.hostedBy === "bash")).toBe(false);
  });
});
