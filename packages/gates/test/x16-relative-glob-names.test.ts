// A relative glob in a folder the analyzer knows names files there: the names it makes hold no
// `/`, so `rm -f *.log` never meets `rm -rf /*` (a regression of 4726988, where setting `-f`
// aside left `rm *`, whose star could be ` -rf /…`). A glob whose folder is unknown, or that
// holds or may match `..`, or is absolute, still meets the rule.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, bash, policyOf } from "./fixtures.ts";

async function verdictOf(permission: PermissionMap, command: string): Promise<string> {
  return evaluateToolCall(policyOf(permission), bash(command), await analyzerOnce()).action;
}

// Corpus policy P3's bash rules.
const ROOT: PermissionMap = {
  "*": "allow",
  bash: { "*": "allow", "git push *": "deny", "npm publish*": "deny", "rm -rf /*": "deny" },
};
const DASHED: PermissionMap = { "*": "allow", bash: { "*": "allow", "rm -rf *": "deny" } };

describe("a relative glob in the working directory names files there", () => {
  it.each([
    "rm -f *.log",
    "rm *.log",
    "rm -f -- *.log",
    "rm -rf *",
    "rm -f src/*.log",
    "rm -f ./*.tmp",
    "rm -f ?.log",
    "rm -f [a-z]*.log",
    "cd src && rm -f *.log",
  ])("%s is allowed under rm -rf /*", async (command) => {
    expect(await verdictOf(ROOT, command)).toBe("allow");
  });
});

describe("what must still meet the rule", () => {
  it.each(["rm -rf /*", "rm -rf *.log /", "rm -rf /tmp/*"])("%s is denied", async (command) => {
    expect(await verdictOf(ROOT, command)).toBe("deny");
  });

  it.each([
    // The folder is unknown: it may be `/`.
    'cd "$D" && rm -rf *',
    'cd "$D" && rm -f *.log',
    "cd - && rm -rf *",
    "for d in a b; do cd $d; rm -rf *; done",
    // `..` leaves the folder; `.*` may match `..` (globskipdots off).
    "rm -rf ../*",
    "rm -rf .*",
    "rm -rf .?",
    "cd / && rm -rf *",
  ])("%s is not allowed", async (command) => {
    expect(await verdictOf(ROOT, command)).not.toBe("allow");
  });

  it("a name may still be an option: rm -f * meets rm -rf *", async () => {
    expect(await verdictOf(DASHED, "rm -f *.log")).not.toBe("allow");
  });
});
