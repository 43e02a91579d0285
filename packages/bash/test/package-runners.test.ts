import { describe, expect, it } from "vitest";
import type { BashUnit } from "../src/index.ts";
import { PACKAGE_RUNNERS } from "../src/programs/wrappers.ts";
import { analyze, opaqueWrapper } from "./helpers.ts";

const matches = PACKAGE_RUNNERS.flatMap((grammar) =>
  grammar.match.map(([command, executed]) => [grammar.names[0] as string, command, executed]),
);
const notMatches = PACKAGE_RUNNERS.flatMap((grammar) =>
  grammar.notMatch.map((command) => [grammar.names[0] as string, command]),
);

describe("package managers' exec and dlx run a package binary, as npx does", () => {
  it("gives every grammar at least one match and one notMatch example", () => {
    const missing = PACKAGE_RUNNERS.filter(
      (grammar) => grammar.match.length === 0 || grammar.notMatch.length === 0,
    );
    expect(missing.map((grammar) => grammar.names[0])).toEqual([]);
  });

  it.each(matches)("%s: %j finally executes %j, not floored", async (name, command, executed) => {
    const first = (await analyze(command)).units[0] as BashUnit;
    expect({
      executed: first.executed?.join(" "),
      sentinel: first.sentinel,
      layer: first.wrappers.map((layer) => `${layer.kind} ${layer.name}`),
    }).toEqual({
      executed,
      sentinel: null,
      layer: [`indirection ${(name as string).split(" ")[0]}`],
    });
  });

  it.each(notMatches)(
    "%s: %j is left to the executor rule: opaque, its script analysed",
    async (_name, command) => {
      const first = (await analyze(command)).units[0] as BashUnit;
      expect({ executed: first.executed, sentinel: first.sentinel }).toEqual({
        executed: null,
        sentinel: opaqueWrapper,
      });
    },
  );

  it.each([
    ["npm exec -c 'rm -rf x'", "rm -rf x"],
    ["pnpm exec -c 'git push'", "git push"],
    ["yarn exec 'tsc && rm x'", "rm x"],
    ["yarn exec tsc 'a;rm x'", "rm x"],
  ])("%s: the script's own commands are still units (%s)", async (command, inner) => {
    const analysis = await analyze(command);
    expect(analysis.units.map((u) => u.argv.join(" "))).toContain(inner);
  });

  it.each([
    "npm --prefix . exec tsc",
    "npm exec --script-shell=./evil -- tsc",
    "npm exec --node-options='--require ./x.js' -- tsc",
    "npm exec $OPTS -- tsc",
    "npm exec -- $CMD",
  ])("%s stays floored", async (command) => {
    const analysis = await analyze(command);
    // With OPTS unset the command is also `npm exec -- tsc` (x17-inherited-may-be-empty).
    const units = analysis.units.filter((u) => u.argv.join(" ") !== "npm exec -- tsc");
    expect(units.every((u) => u.sentinel !== null)).toBe(true);
  });

  it.each([
    "echo x > node_modules/.bin/tsc; npm exec tsc",
    "echo '{}' > .npmrc; pnpm dlx prettier",
    "echo '{}' > package.json; yarn exec tsc",
  ])("%s: a package tool after the string wrote its files is floored", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.at(-1)?.sentinel).toBe(opaqueWrapper);
  });
});
