import { describe, expect, it } from "vitest";
import { outsideWrites } from "./helpers.ts";

describe("package managers writing outside the project", () => {
  it.each([
    // npm reads its options as nopt does: attached values, abbreviations, separate values.
    "npm i -g=true x",
    "npm i --gl x",
    "npm i --location global x",
    "npm install x --location global",
    "npm i --loca=global x",
    "npm --location global i x",
    "npm -gf i x",
    // Every command name and alias that installs or removes honours global mode.
    "npm it -g x",
    "npm install-test -g x",
    "npm install-ci-test -g",
    "npm cit -g",
    "npm isntal -g x",
    "npm add -g x",
    "npm dedupe -g",
    // Global mode from npm's environment, in any case, set on the call or exported before it.
    "NPM_CONFIG_GLOBAL=true npm install x",
    "npm_config_global=1 npm install x",
    "npm_config_location=global npm i x",
    "export npm_config_global=true; npm i x",
    "env NPM_CONFIG_GLOBAL=true npm i x",
    "NPM_CONFIG_GLOBAL=$X npm i x",
    // npm link installs into and links from the global prefix, with or without a package.
    "npm link x",
    "npm ln x",
    "npm ln",
  ])("%j writes npm's global prefix", async (command) => {
    expect(await outsideWrites(command)).toEqual([null]);
  });

  it.each([
    "pip install --user x",
    "pip3.11 install --user -r requirements.txt",
    "python3 -m pip install --user x",
    "python3.11 -mpip install --user x",
    "PIP_USER=1 pip install x",
    "export PIP_USER=yes; pip3 install x",
  ])("%j writes the user site", async (command) => {
    expect(await outsideWrites(command)).toEqual(["/home/user/.local"]);
  });

  // S32 exported-path-env: a value the walk does not know may be any path too (a computed one).
  it("PIP_USER=$V pip install x writes the user site", async () => {
    expect(await outsideWrites("PIP_USER=$V pip install x")).toEqual([null, "/home/user/.local"]);
  });

  it.each([
    ["corepack enable", [null]],
    ["corepack disable yarn", [null]],
    ["corepack enable --install-directory /opt/bin", ["/opt/bin"]],
  ])("%j writes the package managers' shims", async (command, paths) => {
    expect(await outsideWrites(command)).toEqual(paths);
  });

  it.each([
    "npm install typescript",
    "npm i -D x",
    "npm ci",
    "npm run build -- -g",
    "npm i --no-global x",
    "npm_config_global=false npm i x",
    "NPM_CONFIG_GLOBAL= npm i x",
    "npm_config_loglevel=silent npm ci",
    "npm_config_global=true npm ls",
    "npm i --loglevel global x",
    "pip install -r requirements.txt",
    "PIP_USER=0 pip install x",
    "pip list --user",
    "corepack enable --install-directory ./bin",
    "corepack --version",
  ])("%j writes nothing outside the project", async (command) => {
    expect(await outsideWrites(command)).toEqual([]);
  });
});
