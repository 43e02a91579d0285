import type { PermissionDecisionEvent } from "@pi-permission/payload";
import { describe, expect, it } from "vitest";
import { GateRunner } from "../src/runner.ts";
import { SessionGrants } from "../src/session-grants.ts";
import {
  analyzerOnce,
  bash,
  call,
  human,
  nobody,
  policyOf,
  recorder,
  runnerFor,
  runOnce,
} from "./fixtures.ts";

const run = runOnce;

const reasonOf = (o: { action: string; reason?: string }) =>
  o.action === "block" ? o.reason : undefined;

describe("seed 000 worked examples reach the agent as exactly this text", () => {
  it("a policy deny of a bash command names the surface and rule, never the command", async () => {
    const { outcome } = await run(
      policyOf({ "*": "allow", bash: { "rm *": "deny" } }),
      bash("rm -rf build"),
    );
    expect(reasonOf(outcome)).toBe(
      "[pi-permission-system] Denied by policy: 'bash' (rule 'rm *').",
    );
  });

  it("a user's denial of a read names the path, the rule and the reason", async () => {
    const { outcome } = await run(
      policyOf({ "*": "allow", path: { "/etc/*": "ask" } }),
      call("read", { path: "/etc/passwd" }),
      human({ kind: "denied", reason: "not that file" }),
    );
    expect(reasonOf(outcome)).toBe(
      "[pi-permission-system] The user denied this 'path' call for tool 'read' for path '/etc/passwd' (rule '/etc/*'). Reason: not that file.",
    );
  });

  it("a path deny on a bash operand names the path it fired on", async () => {
    const { outcome } = await run(
      policyOf({ "*": "allow", path: { "/etc/**": "deny" } }),
      bash("cp config.yaml /etc/app/config.yaml"),
    );
    expect(reasonOf(outcome)).toBe(
      "[pi-permission-system] Denied by policy: 'path' for tool 'bash' for path '/etc/app/config.yaml' (rule '/etc/**').",
    );
  });

  it("an external-directory deny lists the escaping paths as written", async () => {
    const { outcome } = await run(
      policyOf({ "*": "allow", external_directory: { "*": "deny", "/tmp/**": "allow" } }),
      bash("diff /etc/hosts ~/.ssh/known_hosts > /tmp/out"),
    );
    expect(reasonOf(outcome)).toBe(
      "[pi-permission-system] Denied by policy: 'external_directory' for tool 'bash' (rule '*'): paths '/etc/hosts', '~/.ssh/known_hosts' are outside working directory '/repo'.",
    );
  });

  it("a user's denial of a sudo command names the wrapper sentinel", async () => {
    const { outcome } = await run(
      policyOf({ "*": "allow" }),
      bash("sudo aws s3 rm s3://bucket --recursive"),
      human({ kind: "denied", reason: "not with sudo" }),
    );
    expect(reasonOf(outcome)).toBe(
      "[pi-permission-system] The user denied this 'bash' call (rule '<indirection-bash-wrapper>'). Reason: not with sudo.",
    );
  });

  it("a 72 KB heredoc denial is one short line", async () => {
    const body = "print('x')\n".repeat(6600);
    const { outcome } = await run(
      policyOf({ "*": "ask" }),
      bash(`cat <<'EOF' > gen.py\n${body}EOF`),
      human({ kind: "denied", reason: null }),
    );
    expect(reasonOf(outcome)).toBe(
      "[pi-permission-system] The user denied this 'bash' call (rule '*').",
    );
  });
});

describe("composition", () => {
  it("refuses without a prompt when a later gate denies what an earlier gate asks", async () => {
    const authority = human();
    const { outcome, reporter } = await run(
      policyOf({ "*": "allow", external_directory: "ask", path: { "**/.ssh/**": "deny" } }),
      bash("cat ~/.ssh/id_rsa"),
      authority,
    );
    expect(outcome.action).toBe("block");
    expect(authority.asked).toEqual([]);
    expect(reporter.prompts).toEqual([]);
    expect(
      reporter.decisions.map((d) => [d.surface, d.result, d.resolution, d.preemptedBy]),
    ).toEqual([
      ["path", "deny", "policy_deny", null],
      ["external_directory", "deny", "policy_deny", "perm-1"],
      ["bash", "deny", "policy_deny", "perm-1"],
    ]);
  });

  it("a deny on any unit denies the whole command", async () => {
    const { outcome } = await run(
      policyOf({ "*": "ask", bash: { "git *": "allow", "rm *": "deny" } }),
      bash("git status && rm -rf ~"),
    );
    expect(reasonOf(outcome)).toBe(
      "[pi-permission-system] Denied by policy: 'bash' (rule 'rm *').",
    );
  });

  it("a wrapper never yields a plain allow on its own", async () => {
    const { outcome } = await run(policyOf({ "*": "allow" }), bash("sudo git status"));
    expect(reasonOf(outcome)).toBe(
      "[pi-permission-system] This 'bash' call (rule '<indirection-bash-wrapper>') requires approval, but no interactive UI is available.",
    );
  });
});

describe("one id per permission request", () => {
  it("stamps the same minted id on every review line and the decision of a request, and a new one per request", async () => {
    const { outcome, reporter } = await run(
      policyOf({ "*": "allow", path: { "/etc/**": "ask" }, external_directory: "ask" }),
      bash("cat /etc/hosts"),
      human({ kind: "approved", forSession: false }, { kind: "approved", forSession: false }),
    );
    expect(outcome.action).toBe("allow");
    expect(outcome.requestIds).toEqual(["perm-1", "perm-2", "perm-3"]);
    expect(
      reporter.reviews.map((r) => [r.event, r.details.requestId, r.details.toolCallId]),
    ).toEqual([
      ["permission_request.waiting", "perm-1", "call_1"],
      ["permission_request.approved", "perm-1", "call_1"],
      ["permission_request.waiting", "perm-2", "call_1"],
      ["permission_request.approved", "perm-2", "call_1"],
    ]);
    expect(reporter.prompts.map((p) => p.requestId)).toEqual(["perm-1", "perm-2"]);
    expect(reporter.decisions.map((d) => [d.requestId, d.surface, d.resolution])).toEqual([
      ["perm-1", "path", "user_approved"],
      ["perm-2", "external_directory", "user_approved"],
      ["perm-3", "bash", "policy_allow"],
    ]);
  });

  it("mints real perm- ids when no mint is injected, distinct across runs", async () => {
    const reporter = recorder();
    const runner = new GateRunner({
      policy: () => policyOf({ "*": "deny" }),
      analyzer: await analyzerOnce(),
      authority: () => nobody,
      reporter,
      grants: new SessionGrants(),
    });
    const a = await runner.run(bash("ls"));
    const b = await runner.run(bash("ls"));
    expect(a.requestIds[0]).toMatch(/^perm-[0-9a-f-]{36}$/);
    expect(a.requestIds[0]).not.toBe(b.requestIds[0]);
    expect(reporter.decisions.map((d) => d.requestId)).toEqual([a.requestIds[0], b.requestIds[0]]);
  });
});

describe("who answers an ask", () => {
  it("yolo turns ask into allow and never touches a deny", async () => {
    const yolo = policyOf({ "*": "ask", bash: { "rm *": "deny" } }, { yolo: true });
    const asked = await run(yolo, bash("make build"));
    expect(asked.outcome.action).toBe("allow");
    expect(asked.reporter.decisions.map((d) => d.resolution)).toEqual(["auto_approved"]);
    const denied = await run(yolo, bash("rm -rf build"));
    expect(denied.outcome.action).toBe("block");
  });

  it("with nobody to ask, an ask is refused as unavailable", async () => {
    const { outcome, reporter } = await run(policyOf({ "*": "ask" }), bash("make"));
    expect(reasonOf(outcome)).toBe(
      "[pi-permission-system] This 'bash' call (rule '*') requires approval, but no interactive UI is available.",
    );
    expect(reporter.decisions.map((d) => [d.result, d.resolution])).toEqual([
      ["deny", "confirmation_unavailable"],
    ]);
  });

  it("a recording failure never changes the verdict", async () => {
    const runner = new GateRunner({
      policy: () => policyOf({ "*": "allow" }),
      analyzer: await analyzerOnce(),
      authority: () => nobody,
      reporter: {
        review: () => {
          throw new Error("disk full");
        },
        decision: () => {
          throw new Error("subscriber threw");
        },
        uiPrompt: () => {},
      },
      grants: new SessionGrants(),
    });
    expect((await runner.run(bash("ls"))).action).toBe("allow");
  });
});

describe("session approvals", () => {
  const session = runnerFor;

  it("approving for the session answers the same call again without asking, and only it", async () => {
    const authority = human(
      { kind: "approved", forSession: true },
      { kind: "denied", reason: null },
    );
    const { runner, reporter } = await session(policyOf({ "*": "ask" }), authority);
    expect((await runner.run(bash("npm install lodash"))).action).toBe("allow");
    expect((await runner.run(bash("npm install lodash"))).action).toBe("allow");
    expect((await runner.run(bash("npm install left-pad"))).action).toBe("block");
    expect(authority.asked.map((a) => [a.sessionGrants, a.widerGrants])).toEqual([
      [[{ surface: "bash", pattern: "npm install lodash", match: "exact" }], null],
      [[{ surface: "bash", pattern: "npm install left-pad", match: "exact" }], null],
    ]);
    expect(reporter.decisions.map((d) => d.resolution)).toEqual([
      "user_approved_for_session",
      "session_approved",
      "user_denied",
    ]);
    expect(
      reporter.reviews.find((r) => r.event === "permission_request.session_approved")?.details,
    ).toMatchObject({
      sessionApprovalPattern: "npm install lodash",
      sessionGrantRequestId: "perm-1",
    });
  });

  it("an exact grant of `rm build` never covers `rm build -rf /`", async () => {
    const authority = human(
      { kind: "approved", forSession: true },
      { kind: "denied", reason: null },
    );
    const { runner } = await session(policyOf({ "*": "ask" }), authority);
    await runner.run(bash("rm build"));
    expect((await runner.run(bash("rm build -rf /"))).action).toBe("block");
    expect(authority.asked).toHaveLength(2);
  });

  it("the wider pattern is added only when the human picks it, and says where it came from", async () => {
    const authority = human({ kind: "approved", forSession: true, wider: true });
    const grants = new SessionGrants();
    const { runner } = await session(policyOf({ "*": "ask" }), authority, grants);
    expect((await runner.run(bash("git status --short"))).action).toBe("allow");
    expect((await runner.run(bash("git status"))).action).toBe("allow");
    expect(authority.asked[0]?.widerGrants).toEqual([
      { surface: "bash", pattern: "git status *", match: "pattern" },
    ]);
    expect(grants.list()).toEqual([
      { surface: "bash", pattern: "git status *", match: "pattern", requestId: "perm-1" },
    ]);
  });

  it("a grant on one unit never approves a sibling unit that asks too", async () => {
    const authority = human(
      { kind: "approved", forSession: true, wider: true },
      { kind: "denied", reason: null },
    );
    const { runner } = await session(policyOf({ "*": "ask" }), authority);
    await runner.run(bash("git log -1"));
    expect((await runner.run(bash("git log -3 && npm publish"))).action).toBe("block");
    expect(authority.asked).toHaveLength(2);
  });

  it("a session grant never outranks an explicit deny rule", async () => {
    const authority = human({ kind: "approved", forSession: true, wider: true });
    const { runner } = await session(
      policyOf({ "*": "ask", bash: { "git log --output*": "deny" } }),
      authority,
    );
    expect((await runner.run(bash("git log -1"))).action).toBe("allow");
    expect((await runner.run(bash("git log --output=x"))).action).toBe("block");
  });

  it("a wrapper is approved only exactly as shown", async () => {
    const authority = human(
      { kind: "approved", forSession: true, wider: true },
      { kind: "denied", reason: null },
    );
    const { runner } = await session(policyOf({ "*": "allow" }), authority);
    expect((await runner.run(bash("sudo apt update"))).action).toBe("allow");
    expect((await runner.run(bash("sudo apt update"))).action).toBe("allow");
    expect((await runner.run(bash("sudo apt install curl"))).action).toBe("block");
    expect(authority.asked.map((a) => [a.sessionGrants, a.widerGrants])).toEqual([
      [[{ surface: "bash", pattern: "sudo apt update", match: "exact" }], null],
      [[{ surface: "bash", pattern: "sudo apt install curl", match: "exact" }], null],
    ]);
  });
});

describe("decision events: one per request, with the call's outcome (payload README)", () => {
  const events = (reporter: { decisions: PermissionDecisionEvent[] }) =>
    reporter.decisions.map((d) => [
      d.requestId,
      d.surface,
      d.result,
      d.resolution,
      d.matchedPattern,
      d.preemptedBy,
      d.call?.result,
      d.call?.decidingRequestId,
    ]);

  it("a denied read publishes no allow: the read's own allow is preempted by the path deny", async () => {
    const { reporter } = await run(
      policyOf({ "*": "ask", read: "allow", path: { "**/.env": "deny" } }),
      call("read", { path: ".env" }),
    );
    expect(events(reporter)).toEqual([
      ["perm-1", "path", "deny", "policy_deny", "**/.env", null, "deny", "perm-1"],
      ["perm-2", "read", "deny", "policy_deny", "*", "perm-1", "deny", "perm-1"],
    ]);
  });

  it("a preempted ask names the request that refused the call, and keeps its own rule", async () => {
    const { reporter } = await run(
      policyOf({ "*": "allow", external_directory: "ask", path: { "**/.ssh/**": "deny" } }),
      bash("cat ~/.ssh/id_rsa"),
    );
    expect(events(reporter)[1]).toEqual([
      "perm-2",
      "external_directory",
      "deny",
      "policy_deny",
      "*",
      "perm-1",
      "deny",
      "perm-1",
    ]);
  });

  it("an approval given before another request is refused is published as preempted, after the last answer", async () => {
    const authority = human(
      { kind: "approved", forSession: false },
      { kind: "denied", reason: "not /etc" },
    );
    const { reporter } = await run(
      policyOf({ "*": "allow", path: { "/etc/**": "ask" }, external_directory: "ask" }),
      bash("cat /etc/hosts"),
      authority,
    );
    expect(authority.asked.map((a) => a.requestId)).toEqual(["perm-1", "perm-2"]);
    expect(events(reporter)).toEqual([
      ["perm-1", "path", "deny", "user_denied", "/etc/**", "perm-2", "deny", "perm-2"],
      ["perm-2", "external_directory", "deny", "user_denied", "*", null, "deny", "perm-2"],
      ["perm-3", "bash", "deny", "user_denied", "*", "perm-2", "deny", "perm-2"],
    ]);
    // The review log keeps what each request itself went through.
    expect(reporter.reviews.map((r) => [r.details.requestId, r.event])).toEqual([
      ["perm-1", "permission_request.waiting"],
      ["perm-1", "permission_request.approved"],
      ["perm-2", "permission_request.waiting"],
      ["perm-2", "permission_request.denied"],
    ]);
  });

  it("with nobody to ask, the asks never put are preempted by the one that could not be answered", async () => {
    const { reporter } = await run(
      policyOf({ "*": "ask", external_directory: "ask" }),
      bash("cat /etc/hosts"),
    );
    const [first, ...rest] = reporter.decisions;
    expect(rest.length).toBeGreaterThan(0);
    expect([first?.resolution, first?.preemptedBy]).toEqual(["confirmation_unavailable", null]);
    for (const event of rest) {
      expect([event.result, event.resolution, event.preemptedBy]).toEqual([
        "deny",
        "confirmation_unavailable",
        first?.requestId,
      ]);
    }
  });

  it("an allowed call publishes every request's own allow, and names the call's deciding request", async () => {
    const { outcome, reporter } = await run(
      policyOf({ "*": "allow", path: { "/etc/**": "ask" } }),
      bash("cat /etc/hosts"),
      human({ kind: "approved", forSession: false }),
    );
    expect(outcome.action).toBe("allow");
    expect(events(reporter)).toEqual([
      ["perm-1", "path", "allow", "user_approved", "/etc/**", null, "allow", "perm-1"],
      ["perm-2", "bash", "allow", "policy_allow", "*", null, "allow", "perm-1"],
    ]);
  });
});
