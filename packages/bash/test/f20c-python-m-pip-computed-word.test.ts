import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function sentinelOf(command: string): Promise<string | null> {
  const analysis = await analyze(command);
  const unit = analysis.units.find((u) => /^python/.test(u.argv[0] ?? ""));
  expect(unit).toBeDefined();
  return unit?.sentinel ?? null;
}

describe("pip run as a python module with a word only known at run time", () => {
  // strace (M20): `python3 -m pip "$(printf %s config)" set global.x y` wrote
  // /home/user/.config/pip/pip.conf: the substitution gave pip its config subcommand (or
  // config its set action); `pip "$(…)" set …` already asked, `python3 -m pip` did not.
  it.each([
    `python3 -m pip "$(printf %s config)" set global.x y`,
    `python3 -m pip "$(echo config)" set global.x y`,
    `python3 -m pip config "$(echo set)" global.x y`,
    `python3 -m pip "\${u:-config}" set global.x y`,
    `python3 -mpip "$(echo config)" set global.x y`,
    `python3.11 -m pip "$(echo config)" set global.x y`,
    `python3 -m pip -q "$(echo config)" set global.x y`,
    `python3 -Im pip "$(echo config)" set global.x y`,
  ])("%s is not proven", async (command) => {
    expect(await sentinelOf(command)).not.toBeNull();
  });

  it.each([
    "python3 -m pip install -r requirements.txt",
    `python3 -m pip install "$x"`,
    "python3 -m pip config list",
    "python3 -m venv .venv",
  ])("%s stays proven", async (command) => {
    expect(await sentinelOf(command)).toBeNull();
  });
});
