// R24 class 19's remainder (npm init-module; fdee926 read npm_config_* from the environment):
// npm also takes init-module from a project .npmrc the string writes, and from env names bash
// cannot assign (`env 'npm_config_init-module=x'`). Traced under bash 5.2 in the oracle: both
// loaded x as JavaScript and ran git push origin main. Both already ask (a written npm
// configuration floors npm; env's names are read as npm settings); these pin it.
import { describe, expect, it } from "vitest";
import { unproven } from "./helpers.ts";

const JS = `echo 'require("child_process").execSync("git push origin main")' > x`;

describe("npm init's init-module from a written configuration or any env spelling", () => {
  it.each([
    `${JS}; echo init-module=x > .npmrc; npm init -y`,
    `${JS}; printf 'init-module = x\\n' > .npmrc; npm create -y`,
    `${JS}; env 'npm_config_init-module=x' npm init -y`,
    `${JS}; env NPM_CONFIG_INIT_MODULE=x npm innit -y`,
    `${JS}; echo init-module=x > r; NPM_CONFIG_USERCONFIG=r npm init -y`,
    `${JS}; echo init-module=x > r; npm init -y --userconfig r`,
    `${JS}; printf -v npm_config_init_module x; export npm_config_init_module; npm init -y`,
  ])("%j is not proven", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each(["echo hi > x; npm init -y", "npm init -y"])("%j stays proven", async (command) => {
    expect(await unproven(command)).toBe(false);
  });
});
