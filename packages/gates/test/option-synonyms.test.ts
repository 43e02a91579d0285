import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, bash, policyOf } from "./fixtures.ts";

async function decide(permission: PermissionMap, command: string): Promise<string> {
  const verdict = evaluateToolCall(policyOf(permission), bash(command), await analyzerOnce());
  const request = verdict.requests.find((r) => r.gate === "bash");
  return request?.action ?? "none";
}

describe("a deny or ask rule meets an option spelled another way the program reads the same", () => {
  const DENY: PermissionMap = {
    "*": "allow",
    bash: { "*": "allow", "rm -rf /*": "deny", "git push -f *": "deny" },
  };

  it.each([
    "rm -Rf /tmp",
    "rm -fR /x",
    "rm --recursive --force /etc",
    "rm --rec -f /x",
    "rm --re --fo /x",
    "rm -v --recursive -f /x",
    "sudo rm -R --force /x",
    "git push --force origin main",
  ])("%s is denied", async (command) => {
    expect(await decide(DENY, command)).toBe("deny");
  });

  it.each([
    // Not the options the rule names, or not options at all.
    "rm -R /x",
    "rm --force /x",
    "rm -Rf build",
    "rm -- --recursive -f /x",
    // An ambiguous abbreviation names no option (git refuses it).
    "git push --for origin main",
    "git push --forc origin main",
    "git push --force-with-lease origin main",
    "cp -R a /x",
  ])("%s is not denied by those rules", async (command) => {
    expect(await decide(DENY, command)).not.toBe("deny");
  });

  it("reads the rule's own long spelling", async () => {
    const permission: PermissionMap = {
      "*": "allow",
      bash: { "*": "allow", "chmod --recursive *": "ask" },
    };
    expect(await decide(permission, "chmod -R 777 src")).toBe("ask");
    expect(await decide(permission, "chmod -v 777 src")).toBe("allow");
  });

  it("never widens an allow rule", async () => {
    const permission: PermissionMap = {
      "*": "ask",
      bash: { "*": "ask", "rm -r build": "allow" },
    };
    expect(await decide(permission, "rm -r build")).toBe("allow");
    expect(await decide(permission, "rm -R build")).toBe("ask");
    expect(await decide(permission, "rm --recursive build")).toBe("ask");
  });
});
