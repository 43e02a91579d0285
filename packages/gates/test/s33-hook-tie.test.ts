// S33 hook-tie (r33f F5): when an enabled hook and the policy both ask on the same gate, the
// hook's items were dropped (the tie went to the policy), so a session grant for the policy's
// unit approved a chain whose other unit only the hook asks about. Traced in a real Pi session:
// `touch a` approved for the session, then `touch a && git push --force origin main` pushed
// with no prompt. Now the two asks are one request holding every asking item of both.
import { type PolicyHook, policyHooks } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import type { HookCheck, PermissionHook } from "../src/index.ts";
import { exactGrants } from "../src/session-grants.ts";
import { analyzerOnce, bash, call, human, policyOf, runnerFor } from "./fixtures.ts";

function ruleHook(key: string, name: string, permission: PolicyHook["permission"]): PermissionHook {
  const [definition] = policyHooks(
    { hooks: { [key]: { name, permission } } },
    { scope: "global", file: "/policy.json" },
  );
  if (!definition) throw new Error("no hook");
  return definition;
}

function checkHook(name: string, check: HookCheck): PermissionHook {
  return {
    ref: { id: `package:guard:${name}`, name, source: "package:guard" },
    kind: "check",
    check,
  };
}

const gitHook = ruleHook("git", "Git mutations", { bash: { "git push *": "ask" } });
const policy = policyOf(
  { "*": "ask", bash: { "*": "ask", "git *": "allow", "echo *": "allow" } },
  { hooks: [gitHook] },
);

describe("a hook's ask beside the policy's ask on the same gate", () => {
  it.each([
    ["touch a", "touch a && git push --force origin main"],
    ["npm install left-pad", "npm install left-pad && git push --force origin main"],
    ["touch a", "git push origin main; touch a"],
    ["touch a", "touch a || git push -f"],
  ])("a grant for %s does not approve %s", async (first, chain) => {
    const authority = human(
      { kind: "approved", forSession: true },
      { kind: "denied", reason: null },
    );
    const { runner } = await runnerFor(policy, authority);
    expect((await runner.run(bash(first))).action).toBe("allow");
    expect((await runner.run(bash(chain))).action).toBe("block");
    expect(authority.asked).toHaveLength(2);
    // The second dialog names the hook and offers a grant for every asking unit.
    const second = authority.asked[1];
    expect(second?.verdict.payload.request.hook?.name).toBe("Git mutations");
    expect(second?.sessionGrants.map((g) => g.pattern)).toEqual(
      expect.arrayContaining([first, expect.stringMatching(/^git push/)]),
    );
  });

  it("asks once, and a grant of that dialog covers the chain again", async () => {
    const authority = human({ kind: "approved", forSession: true });
    const { runner } = await runnerFor(policy, authority);
    const chain = "touch a && git push --force origin main";
    expect((await runner.run(bash(chain))).action).toBe("allow");
    expect((await runner.run(bash(chain))).action).toBe("allow");
    expect(authority.asked).toHaveLength(1);
  });

  it("merges a registered check's exact ask with the policy's ask", async () => {
    const guard = checkHook("Guard", (facts) =>
      String((facts.input as { command: string }).command).includes("deploy")
        ? { action: "ask" }
        : null,
    );
    const checked = policyOf({ "*": "allow", bash: { "*": "ask" } }, { hooks: [guard] });
    const evaluation = evaluateToolCall(
      checked,
      bash("touch a && ./deploy.sh"),
      await analyzerOnce(),
    );
    const [request] = evaluation.requests;
    expect(request?.payload.request.hook?.name).toBe("Guard");
    expect(exactGrants(request as never).map((g) => g.pattern)).toEqual([
      "touch a",
      "./deploy.sh",
      "touch a && ./deploy.sh",
    ]);
  });

  it("merges a path hook's ask with the policy's ask on the same file gate", async () => {
    const secrets = ruleHook("secrets", "Secrets", { path: { "**/.env": "ask" } });
    const paths = policyOf({ "*": "allow", path: { "*.md": "ask" } }, { hooks: [secrets] });
    const authority = human(
      { kind: "approved", forSession: true },
      { kind: "denied", reason: null },
    );
    const { runner } = await runnerFor(paths, authority);
    expect((await runner.run(bash("cat notes.md"))).action).toBe("allow");
    expect((await runner.run(bash("cat notes.md .env"))).action).toBe("block");
    expect(authority.asked).toHaveLength(2);
  });

  it("leaves a tie about the same unit to the policy: one request, no hook named", async () => {
    const evaluation = evaluateToolCall(
      policyOf({ "*": "allow", bash: { "git push *": "ask" } }, { hooks: [gitHook] }),
      bash("git push"),
      await analyzerOnce(),
    );
    expect([evaluation.requests.length, evaluation.deciding?.payload.request.hook]).toEqual([
      1,
      undefined,
    ]);
  });

  it("still reads the read tool's file once", async () => {
    const secrets = ruleHook("secrets", "Secrets", { path: { "**/.env": "ask" } });
    const evaluation = evaluateToolCall(
      policyOf({ "*": "allow", path: { "**/.env": "ask" } }, { hooks: [secrets] }),
      call("read", { path: ".env" }),
      await analyzerOnce(),
    );
    const asking = evaluation.requests.flatMap((r) => r.items.filter((i) => i.action === "ask"));
    expect(asking).toHaveLength(1);
  });
});
