// npm runs the command its alias names (A15 npm-alias: traced with a package.json holding test
// and build scripts, `npm t` execs what `npm test` does, `npm rum build` what `npm run build`
// does): the catch-all the alias meets yields to a rule written for the command npm runs; a
// rule written for the alias itself still decides, and a stricter command is still met.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

// Corpus policy P2's bash rules.
const STRICT: PermissionMap = {
  "*": "deny",
  bash: { "*": "deny", "npm test": "allow", "npm run *": "allow", "git status": "allow" },
};

describe("an npm alias is the command it names", () => {
  it.each(["npm t", "npm tst", "npm run-script build", "npm rum build", "npm urn build"])(
    "%s is allowed",
    async (command) => {
      expect((await decideBash(STRICT, command)).action).toBe("allow");
    },
  );

  it.each(["npm pub", "npm i lodash", "npm --silent t", "npm t; rm -rf x"])(
    "%s is not allowed",
    async (command) => {
      expect((await decideBash(STRICT, command)).action).not.toBe("allow");
    },
  );

  it("a rule written for the alias still decides", async () => {
    const policy: PermissionMap = {
      "*": "ask",
      bash: { "*": "ask", "npm t": "deny", "npm test": "allow" },
    };
    expect((await decideBash(policy, "npm t")).action).toBe("deny");
  });

  it("a deny for the command npm runs meets its alias", async () => {
    const policy: PermissionMap = {
      "*": "allow",
      bash: { "*": "allow", "npm publish*": "deny" },
    };
    expect((await decideBash(policy, "npm pub")).action).toBe("deny");
  });
});
