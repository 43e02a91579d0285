// T34 nested-running: the calls a codemode script makes are judged one by one, each when the
// script makes it, while the calls it made before may still run. Those were judged on the disk
// as it was: a later call that makes a link (`git checkout-index -f notes` while an earlier
// `until cat notes` still loops) would lead them elsewhere, so it is at most an ask.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import type { ConcurrentCall } from "../src/model.ts";
import { shellCall as bash, decideBeside, LINK_POLICY as POLICY } from "./fixtures.ts";

const reader = bash("until cat notes; do :; done");

function decide(toolName: string, input: unknown, running: readonly ConcurrentCall[]) {
  return decideBeside(POLICY, toolName, input, { running });
}

describe("a call judged while calls judged before it still run", () => {
  it.each([
    "git checkout-index -f notes",
    "tar xf a.tar",
    "ln -sf src/a notes",
    "cat README.md && mv old notes",
    "npm install",
  ])("%s, which may make a link, asks and names the running call", async (command) => {
    expect(await decide("bash", { command }, [reader])).toEqual({
      action: "ask",
      rule: "<concurrent-call>",
      concurrent: 'bash {"command":"until cat notes; do :; done"}',
    });
  });

  it.each([
    ["an MCP tool", "mcp__fs__link", { from: "notes", to: ".env" }],
    ["an extension's tool", "subagent", { task: "tidy up" }],
  ])("%s asks: it may do anything", async (_name, tool, input) => {
    const verdict = await decide(tool, input, [reader]);
    expect([verdict.action, verdict.rule]).toEqual(["ask", "<concurrent-call>"]);
  });

  it.each([
    ["bash", { command: "cat README.md | grep x" }],
    ["bash", { command: "git status --short" }],
    ["read", { path: "README.md" }],
    ["write", { path: "out.txt", content: "x" }],
    ["edit", { path: "out.txt", edits: [{ oldText: "x", newText: "y" }] }],
    ["ls", { path: "src" }],
  ])("%s %j makes no link and is judged as before", async (tool, input) => {
    expect((await decide(tool, input, [reader])).action).toBe("allow");
  });

  it("is judged as before when nothing runs", async () => {
    const verdict = await decide("bash", { command: "git checkout-index -f notes" }, []);
    expect(verdict.action).toBe("allow");
  });

  it("keeps a deny the call proves on its own", async () => {
    const verdict = await decide("bash", { command: "rm -rf notes" }, [reader]);
    expect([verdict.action, verdict.rule]).toEqual(["deny", "rm *"]);
  });

  it("leaves a command kept from an earlier call of the same text untouched", async () => {
    // The judged units of a kept analysis are shared: the floor is applied to a copy.
    expect((await decide("bash", { command: "git checkout-index -f b" }, [reader])).action).toBe(
      "ask",
    );
    expect((await decide("bash", { command: "git checkout-index -f b" }, [])).action).toBe("allow");
    expect((await decide("bash", { command: "git checkout-index -f b" }, [reader])).action).toBe(
      "ask",
    );
  });
});
