// M21 rmroot-var (wrong allows under P3's `rm -rf /*`): an operand that climbs or stays
// (`../repo`, `.`, `src/..`) spelled through a variable, a loop variable or a positional
// parameter was never matched to the path the analyzer found for it, so it kept its relative
// spelling and met no rule of absolute paths. Traced under bash 5.2: `x=../repo; rm -rf "$x"`
// runs rm [rm -rf ../repo], the whole project; the literal `rm -rf ../repo` is denied.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, bash, policyOf } from "./fixtures.ts";

async function verdictOf(permission: PermissionMap, command: string): Promise<string> {
  return evaluateToolCall(policyOf(permission), bash(command), await analyzerOnce()).action;
}

const ROOT: PermissionMap = { "*": "allow", bash: { "*": "allow", "rm -rf /*": "deny" } };

describe("a climbing or dot operand spelled otherwise is resolved", () => {
  it.each([
    'x=../repo; rm -rf "$x"',
    'for d in ../repo; do rm -rf "$d"; done',
    'set -- ../repo; rm -rf "$@"',
    "x=.; rm -rf $x",
    'set -- rm -rf ../repo; "$@"',
    "x=./; rm -rf $x",
    "x=src/..; rm -rf $x",
    'x=..; rm -rf "$x"',
    "cd src; x=..; rm -rf $x",
    'x=..; rm -rf "$x"/repo',
  ])("%s is denied", async (command) => {
    expect(await verdictOf(ROOT, command)).toBe("deny");
  });

  it.each(['x=build; rm -rf "$x"', 'x=.; rm -rf "$x"/build', "x=src; rm -rf ./$x"])(
    "%s inside the project stays allowed",
    async (command) => {
      expect(await verdictOf(ROOT, command)).toBe("allow");
    },
  );
});
