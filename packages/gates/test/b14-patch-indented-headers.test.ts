// Codex's apply_patch parser (codex-rs/apply-patch/src/parser.rs) trims the patch and each
// hunk's header line, Unicode blanks included, before it reads `*** Add File: `,
// `*** Delete File: ` or `*** Update File: `, and takes the rest of the line as the file's
// name (attack round 14): an indented header writes that file all the same.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { argumentPathsOf, patchPaths } from "../src/argument-paths.ts";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

async function action(permission: PermissionMap, tool: string, input: unknown) {
  const facts = call(tool, input, { cwd: "/repo", home: "/home/user" });
  return (await evaluateToolCall(policyOf(permission), facts, await analyzerOnce())).action;
}

const P3: PermissionMap = { "*": "allow", external_directory: "ask" };
const P1: PermissionMap = { "*": "ask", path: { "**/.env": "deny" }, external_directory: "ask" };

describe("an apply_patch header with blanks around it", () => {
  it.each([
    ["*** Begin Patch\n   *** Add File: /etc/cron.d/x\n+x\n*** End Patch\n", "/etc/cron.d/x"],
    ["*** Begin Patch\n\t*** Delete File: /etc/hosts\n*** End Patch\n", "/etc/hosts"],
    ["*** Begin Patch\n\u00a0*** Update File: /etc/hosts\n@@\n-a\n+b\n*** End Patch", "/etc/hosts"],
    ["*** Begin Patch\r\n  *** Add File: /etc/x  \r\n+x\r\n*** End Patch\r\n", "/etc/x"],
  ])("%j names %s", (patch, path) => {
    expect(patchPaths(patch)).toContain(path);
  });

  it("keeps a tab inside the name, as Codex does, and the name before it", () => {
    expect(patchPaths("*** Add File: x\t/../../etc/passwd\n+x\n")).toEqual(
      expect.arrayContaining(["x\t/../../etc/passwd", "x"]),
    );
  });

  it("reads an indented patch under a key of no known kind", () => {
    expect(argumentPathsOf({ input: "   *** Begin Patch\n*** Add File: x.ts\n+x\n" })).toEqual([
      "x.ts",
    ]);
  });

  it.each<[PermissionMap, string, unknown, string]>([
    [
      P3,
      "mcp__codex__apply_patch",
      { patch: "*** Begin Patch\n   *** Add File: /etc/cron.d/x\n+x\n*** End Patch\n" },
      "ask",
    ],
    [
      P3,
      "apply_patch",
      { input: "   *** Begin Patch\n*** Add File: /etc/x\n+x\n   *** End Patch   \n" },
      "ask",
    ],
    [
      P1,
      "mcp__codex__apply_patch",
      { patch: "*** Begin Patch\n   *** Add File: .env\n+K=x\n*** End Patch\n" },
      "deny",
    ],
    // A context line of an update that looks like a diff header is not read as one.
    [
      P3,
      "apply_patch",
      { input: "*** Begin Patch\n*** Update File: a.md\n@@\n --- /etc/x\n-a\n+b\n*** End Patch\n" },
      "allow",
    ],
  ])("%j %s %j: %s", async (permission, tool, input, expected) => {
    expect(await action(permission, tool, input)).toBe(expected);
  });
});
