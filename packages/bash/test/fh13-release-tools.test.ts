import { describe, expect, it } from "vitest";
import { RELEASE_TOOLS } from "../src/programs/release-tools.ts";
import { analyze } from "./helpers.ts";

async function executed(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.units.map((unit) => (unit.executed ?? []).join(" "));
}

describe("a release tool's own npm publish / git push is a unit of its own", () => {
  // @changesets/cli's publish spawns `npm publish <dir>` (changesets-cli.cjs.js); np,
  // semantic-release, release-it, gh-pages and lerna push or publish as their job.
  it.each([
    ["npx changeset publish", ["npm publish"]],
    ["npm exec changeset publish", ["npm publish"]],
    ["changeset publish --tag next", ["npm publish"]],
    ["npx -y gh-pages -d dist", ["git push"]],
    ["npx np --yolo", ["npm publish", "git push"]],
    ["npx semantic-release", ["npm publish", "git push"]],
    ["npx release-it --ci", ["npm publish", "git push"]],
    ["./node_modules/.bin/release-it --ci", ["npm publish", "git push"]],
    ["npx lerna publish from-package", ["npm publish", "git push"]],
    ["npx lerna version patch --yes", ["git push"]],
  ])("%s runs %j", async (command, runs) => {
    const units = await executed(command);
    for (const run of runs) expect(units).toContain(run);
    expect(units.filter((words) => /^(npm publish|git push)$/.test(words))).toHaveLength(
      runs.length,
    );
  });

  it("the implied unit is judged from the tool's words as written", async () => {
    const analysis = await analyze("npx changeset publish");
    const implied = analysis.units.find((unit) => unit.executed?.join(" ") === "npm publish");
    expect(implied?.argv).toEqual(["npx", "changeset", "publish"]);
    expect(implied?.wrappers.at(-1)?.kind).toBe("indirection");
  });

  it.each([
    "npx changeset version",
    "npx changeset",
    "npx semantic-release --dry-run",
    "npx release-it -d",
    "npx np --preview",
    "npx gh-pages -d dist --no-push",
    "npx lerna version --no-push",
    "npx lerna run build",
    "npx standard-version",
    "np --help",
  ])("%s runs neither", async (command) => {
    expect((await executed(command)).some((w) => /^(npm publish|git push)$/.test(w))).toBe(false);
  });

  it("every entry runs only npm publish, cargo publish or git push", () => {
    for (const tool of RELEASE_TOOLS) {
      for (const line of tool.runs) {
        expect(["npm publish", "cargo publish", "git push"]).toContain(line);
      }
    }
  });
});
