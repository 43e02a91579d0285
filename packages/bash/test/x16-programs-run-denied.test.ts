import { describe, expect, it } from "vitest";
import { DELEGATIONS } from "../src/programs/delegated-runs.ts";
import { RELEASE_TOOLS } from "../src/programs/release-tools.ts";
import { analyze } from "./helpers.ts";

async function executed(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.units.map((unit) => (unit.executed ?? []).join(" "));
}

// G16 program-runs-denied-command / npm-publish-by-other-command / publisher-table-gap /
// push-tool-table-gap: a program that publishes or pushes on the user's behalf carries the
// command it runs as a unit of its own, so `npm publish*` / `git push *` meet it.
describe("release tools: every table example", () => {
  for (const tool of RELEASE_TOOLS) {
    it.each(tool.match)(`${tool.name}: %s runs ${tool.runs.join(" + ")}`, async (command) => {
      const units = await executed(command);
      for (const run of tool.runs) expect(units).toContain(run);
    });
    it.each(tool.notMatch)(`${tool.name}: %s runs none of its lines`, async (command) => {
      const units = await executed(command);
      for (const run of tool.runs) expect(units).not.toContain(run);
    });
  }

  it("every entry runs only npm publish, cargo publish or git push", () => {
    for (const tool of RELEASE_TOOLS) {
      for (const line of tool.runs) {
        expect(["npm publish", "cargo publish", "git push"]).toContain(line);
      }
    }
  });

  it.each([
    ["pnpm publish", "npm publish"],
    ["pnpm -r publish --no-git-checks", "npm publish"],
    ["pnpm publish pkg.tgz", "npm publish"],
    ["corepack pnpm publish", "npm publish"],
    ["gh repo create o/x --source=. --push --private", "git push"],
    ["npm stag approve 123e4567-e89b-12d3-a456-426614174000", "npm publish"],
    ["mkdocs gh-deploy", "git push"],
    ["ghp-import -p site", "git push"],
    ["mike deploy --push 1.0", "git push"],
    ["nx release publish", "npm publish"],
    ["rush publish --publish", "npm publish"],
    ["cargo release --execute", "git push"],
    ["gt submit --no-interactive", "git push"],
    ["ghstack submit", "git push"],
    ["gs branch submit", "git push"],
    ["repo upload", "git push"],
  ])("G16: %s runs %s", async (command, run) => {
    expect(await executed(command)).toContain(run);
  });

  it.each([
    "pnpm add publish",
    "pnpm install",
    "npm stage list",
    "cargo release",
    "ghp-import site",
    "gh repo create o/x",
    "rush publish",
  ])("%s publishes and pushes nothing", async (command) => {
    const units = await executed(command);
    expect(units.filter((w) => /^(npm publish|cargo publish|git push)\b/.test(w))).toEqual([]);
  });
});

describe("git svn dcommit / git p4 submit are pushes by another route", () => {
  it.each([
    ["git svn dcommit", "git push"],
    ["git svn set-tree HEAD", "git push HEAD"],
    ["git p4 submit -M", "git push -M"],
    ["git -C sub svn dcommit --rmdir", "git push --rmdir"],
  ])("%s is judged as %s", async (command, push) => {
    expect(await executed(command)).toContain(push);
  });

  it.each(["git svn log", "git svn fetch", "git p4 sync", "git svn rebase"])(
    "%s is no push",
    async (command) => {
      expect((await executed(command)).some((w) => w.startsWith("git push"))).toBe(false);
    },
  );
});

// G16 pm-implicit-bin-exec: `pnpm X`, `yarn X`, `yarn run X`, `bun X`, `bun run X`, `deno run
// npm:X`, `volta run X` run the package binary X as `npx X` / `pnpm exec X` do.
describe("package managers running a package's binary", () => {
  for (const delegation of DELEGATIONS) {
    it.each(delegation.match)(`${delegation.name}: %s runs %s`, async (command, inner) => {
      expect(await executed(command)).toContain(inner);
    });
    it.each(delegation.notMatch)(`${delegation.name}: %s runs no other line`, async (command) => {
      const analysis = await analyze(command);
      const delegated = analysis.units.filter((unit) =>
        unit.wrappers.some(
          (layer) =>
            layer.name === delegation.name &&
            layer.kind === "indirection" &&
            layer.argv.length === unit.argv.length,
        ),
      );
      expect(delegated).toEqual([]);
    });
  }

  it.each([
    ["pnpm changeset publish", "npm publish"],
    ["yarn changeset publish", "npm publish"],
    ["yarn lerna publish", "git push"],
    ["pnpm lerna publish", "npm publish"],
    ["yarn gh-pages -d dist", "git push"],
    ["bun run semantic-release", "npm publish"],
    ["yarn run lerna publish", "npm publish"],
    ["deno run -A npm:semantic-release", "git push"],
    ["volta run semantic-release", "npm publish"],
    ["pnpm prisma migrate reset", "prisma migrate reset"],
    ["hub push origin main", "git push origin main"],
  ])("G16: %s runs %s", async (command, run) => {
    expect(await executed(command)).toContain(run);
  });

  it("the run is a unit under the layers that ran it, judged from the words as written", async () => {
    const analysis = await analyze("corepack pnpm publish");
    const publish = analysis.units.find((unit) => unit.executed?.join(" ") === "npm publish");
    expect(publish?.argv).toEqual(["corepack", "pnpm", "publish"]);
    expect(publish?.wrappers.map((layer) => layer.name)).toEqual(["corepack", "pnpm"]);
  });

  it("a program fed on stdin keeps its stdin under the manager", async () => {
    const analysis = await analyze("echo 'require(\"fs\")' | pnpm node");
    expect(analysis.units.some((unit) => unit.sentinel !== null)).toBe(true);
  });
});
