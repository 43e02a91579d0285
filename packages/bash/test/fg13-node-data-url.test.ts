import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function floorOf(command: string): Promise<string | null> {
  const analysis = await analyze(command);
  const unit = analysis.units.find((u) => u.argv[0] === "node" || u.argv[0] === "/usr/bin/node");
  expect(unit).toBeDefined();
  return unit?.sentinel ?? null;
}

const CODE = `text/javascript,import("child_process").then(c=>c.execSync("git push"))`;

describe("node loads a data: URL module in any spelling the URL parser takes", () => {
  // node 20 here ran the module for each: the scheme in any case, leading blanks and control
  // characters dropped, `_` for `-` in the option name, and --test-reporter importing it too.
  it.each([
    `node --import=DATA:${CODE} build/out.js`,
    `node --import 'Data:${CODE}' build/out.js`,
    `node --loader='DATA:${CODE}' build/out.js`,
    `node --experimental-loader 'DATA:${CODE}' build/out.js`,
    `node --experimental_loader 'data:${CODE}' build/out.js`,
    `node --import ' data:${CODE}' build/out.js`,
    `node --import=$'\\tdata:${CODE}' build/out.js`,
    `node --import 'DATA:text/javascript;base64,aW1wb3J0KCJ4Iik=' build/out.js`,
    `node --test --test-reporter='data:${CODE}' t.test.js`,
    `node --test_reporter 'dAtA:${CODE}' --test`,
    `node -r 'DATA:${CODE}' app.js`,
    `/usr/bin/node --require=' data:${CODE}' app.js`,
  ])("%s floors node", async (command) => {
    expect(await floorOf(command)).not.toBeNull();
  });

  it.each([
    "node --import ./register.mjs app.js",
    "node -r dotenv/config app.js",
    "node --test --test-reporter=spec",
    "node --loader ts-node/esm app.ts",
    "node --title x app.js",
  ])("%s leaves node proven", async (command) => {
    expect(await floorOf(command)).toBeNull();
  });
});
