// Precision (session 10): a command word in a standard binary directory is that program, so
// every rule meets its bare name, the catch-all included. `/bin/ls -la` is `ls -la` under
// `"ls *": "allow"`; rules that name the path as written can still only tighten.
import type { MatchedSpelling } from "@pi-permission/payload";
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, bash, policyOf } from "./fixtures.ts";

async function judge(permission: PermissionMap, command: string) {
  const verdict = evaluateToolCall(policyOf(permission), bash(command), await analyzerOnce());
  const item = verdict.requests.find((r) => r.gate === "bash")?.items[0];
  return {
    action: item?.action,
    rule: item?.rule?.pattern ?? null,
    matchedAs: item?.matchedAs ?? null,
  };
}

const named = (text: string): MatchedSpelling => ({ text, steps: ["command_name"] });

describe("a program in a standard binary directory meets the rules by its bare name", () => {
  const CAUTIOUS: PermissionMap = {
    bash: { "*": "ask", "ls *": "allow", "git *": "allow", "rm *": "deny" },
  };
  it.each<[string, string, string, MatchedSpelling | null]>([
    ["/bin/ls -la", "allow", "ls *", named("ls -la")],
    ["/usr/bin/git status", "allow", "git *", named("git status")],
    ["/usr/local/bin/git log -1", "allow", "git *", named("git log -1")],
    ["/bin/rm -rf build", "deny", "rm *", named("rm -rf build")],
    ["ls -la", "allow", "ls *", null],
    // Elsewhere the file is some other program: the words as written meet the catch-all.
    ["/tmp/ls -la", "ask", "*", null],
    ["./ls -la", "ask", "*", null],
    ["/usr/bin/x/ls", "ask", "*", null],
  ])("%s", async (command, action, rule, matchedAs) => {
    expect(await judge(CAUTIOUS, command)).toEqual({ action, rule, matchedAs });
  });

  it("a rule that names the written path still tightens", async () => {
    const policy: PermissionMap = { bash: { "*": "ask", "ls *": "allow", "/bin/ls *": "deny" } };
    expect(await judge(policy, "/bin/ls -la")).toEqual({
      action: "deny",
      rule: "/bin/ls *",
      matchedAs: null,
    });
    // A deny rule's program path is the program too (G16 rule-system-path-program): bash finds
    // `ls` through PATH as /usr/bin/ls, which is /bin/ls on a merged-/usr system.
    expect(await judge(policy, "ls -la")).toMatchObject({ action: "deny", rule: "/bin/ls *" });
  });

  it("a rule for the written path that allows does not loosen the bare name's deny", async () => {
    const policy: PermissionMap = { bash: { "*": "allow", "rm *": "deny", "/bin/rm x": "allow" } };
    expect(await judge(policy, "/bin/rm x")).toMatchObject({ action: "deny", rule: "rm *" });
  });
});
