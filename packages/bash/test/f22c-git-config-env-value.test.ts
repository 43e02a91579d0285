// B21 config-env-ext (asked where deny is exact under P1; traced by B21 under bash 5.2:
// `X='ext::rm y' git -c protocol.ext.allow=always --config-env=remote.origin.url=X fetch`
// ran `git remote-ext` and then rm y). git takes a --config-env value from its environment;
// when the string shows that variable's one value, the setting is judged as `-c KEY=VALUE`.
import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function runsRm(command: string): Promise<boolean> {
  return (await analyze(command)).units.some((unit) => unit.argv[0] === "rm");
}

describe("a --config-env value the string shows is read as written", () => {
  it.each([
    "X='ext::rm y' git -c protocol.ext.allow=always --config-env=remote.origin.url=X fetch",
    "export X='ext::rm y'; git --config-env=remote.origin.url=X -c protocol.ext.allow=always fetch",
    "X=always Y='ext::rm y' git --config-env=protocol.ext.allow=X --config-env=remote.origin.url=Y fetch",
    "X='ext::rm y' git -c protocol.ext.allow=always --config-env=branch.main.remote=X fetch",
    "X='ext::rm y' git -c protocol.ext.allow=always --config-env remote.origin.url=X fetch",
  ])("%s runs rm", async (command) => {
    expect(await runsRm(command)).toBe(true);
  });

  it.each([
    "git --config-env=remote.origin.url=X fetch",
    'X="$(id)" git -c protocol.ext.allow=always --config-env=remote.origin.url=X fetch',
  ])("%s: a value not shown stays unknown", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((unit) => unit.sentinel !== null)).toBe(true);
  });
});
