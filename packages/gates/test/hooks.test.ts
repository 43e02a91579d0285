import { type PolicyHook, policyHooks } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateSkillInput, evaluateToolCall } from "../src/evaluate.ts";
import type { HookFacts } from "../src/hooks.ts";
import type { HookCheck, PermissionHook } from "../src/index.ts";
import type { RequestVerdict, ToolCallFacts } from "../src/model.ts";
import type { RunnerPolicy } from "../src/runner.ts";
import { analyzerOnce, bash, call, human, policyOf, runnerFor, runOnce } from "./fixtures.ts";

const T = "[pi-permission-system]";

/** A policy-file hook, exactly as the loader builds it from a global file. */
function ruleHook(key: string, name: string, permission: PolicyHook["permission"]): PermissionHook {
  const [definition] = policyHooks(
    { hooks: { [key]: { name, permission } } },
    { scope: "global", file: "/policy.json" },
  );
  if (!definition) throw new Error("no hook");
  return definition;
}

function checkHook(id: string, name: string, check: HookCheck): PermissionHook {
  return {
    ref: { id: `package:guard:${id}`, name, source: "package:guard" },
    kind: "check",
    check,
  };
}

const gitHook = ruleHook("git", "Git mutations", {
  bash: { "git push *": "ask", "git reset --hard*": "deny" },
});

async function evaluate(policy: RunnerPolicy, facts: ToolCallFacts) {
  return evaluateToolCall(policy, facts, await analyzerOnce());
}

const run = runOnce;

/** The hook that decided a request, or `undefined` when the policy's rules did. */
function hookOf(request: RequestVerdict | null | undefined) {
  return request?.source.kind === "hook" ? request.source.hook : undefined;
}

describe("a policy hook tightens the policy", () => {
  const policy = policyOf({ "*": "allow", bash: { "git *": "allow" } }, { hooks: [gitHook] });

  // G15 hook-skips-unknown-program-guess: a program no table knows may run the command in its
  // words (traced: `/lib64/ld-linux-x86-64.so.2 /usr/bin/git push origin main` runs the push);
  // the hook's rules read those words as the policy's own rules do, and ask.
  it.each([
    "/lib64/ld-linux-x86-64.so.2 /usr/bin/git push origin main",
    "unbuffer git push origin main",
    "pkexec git reset --hard",
    "ccache git push origin main",
  ])("asks for %s, whose later words its rules name", async (command) => {
    const allowAll = policyOf({ "*": "allow", bash: { "*": "allow" } }, { hooks: [gitHook] });
    const evaluation = await evaluate(allowAll, bash(command));
    expect([evaluation.action, evaluation.deciding?.payload.request.hook?.name]).toEqual([
      "ask",
      "Git mutations",
    ]);
  });

  it("leaves a program whose later words its rules do not name allowed", async () => {
    const allowAll = policyOf({ "*": "allow", bash: { "*": "allow" } }, { hooks: [gitHook] });
    expect((await evaluate(allowAll, bash("unbuffer git status"))).action).toBe("allow");
  });

  it("asks where it asks, naming itself, though the policy allows", async () => {
    const evaluation = await evaluate(policy, bash("git push origin main"));
    expect([
      evaluation.action,
      evaluation.deciding?.payload.request.hook,
      evaluation.deciding?.payload.request.matchedPattern,
    ]).toEqual(["ask", { id: "user:git", name: "Git mutations", source: "user" }, "git push *"]);
  });

  it("denies where it denies, and the agent is told which hook and rule", async () => {
    const { outcome, reporter } = await run(policy, bash("git reset --hard HEAD~1"));
    expect(outcome.action === "block" && outcome.reason).toBe(
      `${T} Denied by hook 'Git mutations': 'bash' (rule 'git reset --hard*').`,
    );
    expect(reporter.decisions).toEqual([
      {
        requestId: "perm-1",
        surface: "bash",
        value: "git reset --hard HEAD~1",
        origin: "global",
        agentName: null,
        matchedPattern: "git reset --hard*",
        forwarding: null,
        hook: { id: "user:git", name: "Git mutations", source: "user" },
        result: "deny",
        resolution: "policy_deny",
        preemptedBy: null,
        call: { result: "deny", decidingRequestId: "perm-1" },
      },
    ]);
    expect(reporter.reviews.map((r) => [r.event, r.details.hook])).toEqual([
      ["permission_request.blocked", { id: "user:git", name: "Git mutations", source: "user" }],
    ]);
  });

  it("says nothing about a call none of its rules match: the policy decides alone", async () => {
    const evaluation = await evaluate(policy, bash("git status"));
    expect([evaluation.action, evaluation.requests.map((j) => hookOf(j) ?? null)]).toEqual([
      "allow",
      [null],
    ]);
  });

  it("judges every executed unit, inside substitutions too", async () => {
    const evaluation = await evaluate(policy, bash('echo "$(git push --force)" && ls'));
    expect([evaluation.action, hookOf(evaluation.deciding)?.id]).toEqual(["ask", "user:git"]);
  });

  it("never loosens: a hook's allow leaves the policy's deny in place", async () => {
    const lenient = ruleHook("rm", "Removal is fine", { bash: { "rm *": "allow" } });
    const evaluation = await evaluate(
      policyOf({ "*": "allow", bash: { "rm *": "deny" } }, { hooks: [lenient] }),
      bash("rm -rf build"),
    );
    expect([evaluation.action, hookOf(evaluation.deciding)]).toEqual(["deny", undefined]);
  });

  it("leaves a tie to the policy, so the human is asked once, about the policy's rule", async () => {
    const evaluation = await evaluate(
      policyOf({ "*": "allow", bash: { "git push *": "ask" } }, { hooks: [gitHook] }),
      bash("git push"),
    );
    expect([
      evaluation.requests.length,
      hookOf(evaluation.deciding),
      evaluation.deciding?.payload.request.hook,
    ]).toEqual([1, undefined, undefined]);
  });

  it("adds a path verdict where the policy has none", async () => {
    const secrets = ruleHook("secrets", "Secrets", { path: { "**/.env": "deny" } });
    const { outcome } = await run(
      policyOf({ "*": "allow" }, { hooks: [secrets] }),
      call("read", { path: "config/.env" }),
    );
    expect(outcome.action === "block" && outcome.reason).toBe(
      `${T} Denied by hook 'Secrets': 'path' for tool 'read' for path '/repo/config/.env' (rule '**/.env').`,
    );
  });

  it("leaves what the analyzer cannot prove to the policy's floor: no second ask", async () => {
    const evaluation = await evaluate(policy, bash('eval "git push"'));
    expect([
      evaluation.action,
      evaluation.deciding?.payload.request.matchedPattern,
      hookOf(evaluation.deciding),
    ]).toEqual(["ask", "<opaque-bash-wrapper>", undefined]);
  });

  it("is consulted in the order given; a later, stricter hook replaces an earlier one", async () => {
    const askAll = ruleHook("all", "Everything git", { bash: { "git *": "ask" } });
    const evaluation = await evaluate(
      policyOf({ "*": "allow" }, { hooks: [askAll, gitHook] }),
      bash("git reset --hard"),
    );
    expect([evaluation.action, hookOf(evaluation.deciding)?.id]).toEqual(["deny", "user:git"]);
  });

  it("judges a typed /skill: command", async () => {
    const skills = ruleHook("skills", "No deploy skill", { skill: { deploy: "deny" } });
    const evaluation = evaluateSkillInput(
      policyOf({ "*": "allow" }, { hooks: [skills] }),
      call("skill", { skill: "deploy" }),
      "deploy",
    );
    expect([evaluation.action, hookOf(evaluation.deciding)?.name]).toEqual([
      "deny",
      "No deploy skill",
    ]);
  });
});

describe("a registered hook's check", () => {
  const allow = policyOf({ "*": "allow" });
  const withCheck = (check: HookCheck) => ({ ...allow, hooks: [checkHook("h", "Guard", check)] });

  it("receives the call's facts: tool, input, analysed units and touched paths", async () => {
    let seen: HookFacts | undefined;
    await evaluate(
      withCheck((facts) => {
        seen = facts;
        return null;
      }),
      bash("cat notes.txt > /tmp/out && git push"),
    );
    expect([
      seen?.toolName,
      seen?.input,
      seen?.cwd,
      seen?.bash?.units.map((u) => u.argv.join(" ")),
      seen?.paths.map((p) => [p.path, p.access]),
    ]).toEqual([
      "bash",
      { command: "cat notes.txt > /tmp/out && git push" },
      "/repo",
      ["cat notes.txt", "git push"],
      [
        ["/repo/notes.txt", "read"],
        ["/tmp/out", "write"],
      ],
    ]);
  });

  it("denies with its reason, which reaches the agent", async () => {
    const { outcome, reporter } = await run(
      withCheck(() => ({ action: "deny", reason: "publishing needs a release ticket" })),
      bash("npm publish"),
    );
    expect(outcome.action === "block" && outcome.reason).toBe(
      `${T} Denied by hook 'Guard': 'bash'. Reason: publishing needs a release ticket.`,
    );
    expect(reporter.decisions.map((d) => d.hook)).toEqual([
      { id: "package:guard:h", name: "Guard", source: "package:guard" },
    ]);
  });

  it("asks with its reason as evidence for the human", async () => {
    const authority = human({ kind: "approved", forSession: false });
    const { outcome } = await run(
      withCheck(() => ({ action: "ask", reason: "a release is going out" })),
      bash("npm publish"),
      authority,
    );
    expect([
      outcome.action,
      authority.asked[0]?.payload.request.hook?.name,
      authority.asked[0]?.payload.evidence[0],
    ]).toEqual([
      "allow",
      "Guard",
      { label: "hook reason", text: "a release is going out", detail: null },
    ]);
  });

  it.each([
    {
      note: "throws",
      check: (() => {
        throw new Error("boom");
      }) as HookCheck,
      error: "threw: boom",
    },
    {
      note: "returns a promise",
      check: (() => Promise.resolve({ action: "allow" })) as unknown as HookCheck,
      error: "returned a promise; a hook's check must answer synchronously",
    },
    {
      note: "returns an unknown action",
      check: (() => ({ action: "maybe" })) as unknown as HookCheck,
      error: 'returned {"action":"maybe"}; expected { action: "allow" | "ask" | "deny" }',
    },
    {
      note: "returns an answer whose fields throw when read",
      check: (() => ({
        get action() {
          throw new Error("no");
        },
      })) as unknown as HookCheck,
      error: "returned an answer that cannot be read: no",
    },
  ])("fails closed as ask, naming the hook, when it $note", async ({ check, error }) => {
    const { outcome, reporter } = await run(withCheck(check), bash("ls"));
    expect([
      outcome.action === "block" && outcome.reason,
      reporter.reviews[0]?.details.hookError,
      outcome.verdict.deciding?.payload.evidence[0],
    ]).toEqual([
      `${T} This 'bash' call (hook 'Guard') requires approval, but no interactive UI is available.`,
      error,
      { label: "hook error", text: error, detail: null },
    ]);
  });

  it("is still recorded when it fails on a call the policy already refuses", async () => {
    const { outcome, reporter } = await run(
      {
        ...policyOf({ "*": "allow", bash: { "rm *": "deny" } }),
        hooks: [
          checkHook("h", "Guard", () => {
            throw new Error("boom");
          }),
        ],
      },
      bash("rm -rf build"),
    );
    expect([
      outcome.action === "block" && outcome.reason,
      reporter.reviews.map((r) => r.details.hookErrors),
    ]).toEqual([
      `${T} Denied by policy: 'bash' (rule 'rm *').`,
      [[{ hook: "package:guard:h", error: "threw: boom" }]],
    ]);
  });

  it("adds nothing when it answers allow or nothing", async () => {
    for (const check of [() => null, () => undefined, () => ({ action: "allow" as const })]) {
      expect((await evaluate(withCheck(check), bash("ls"))).action).toBe("allow");
    }
  });

  it("a session approval of its ask covers that exact call only", async () => {
    const policy = withCheck(() => ({ action: "ask" }));
    const { runner, grants } = await runnerFor(
      policy,
      human({ kind: "approved", forSession: true }),
    );
    await runner.run(bash("cd build && npm publish"));
    const covered = async (command: string) => {
      const deciding = (await evaluate(policy, bash(command))).deciding;
      return deciding && grants.covering(deciding, bash(command));
    };
    expect([
      grants.list(),
      await covered("cd build && npm publish"),
      await covered("npm publish"),
      await covered("cd build && npm publish --tag next"),
    ]).toEqual([
      [
        {
          surface: "bash",
          pattern: "cd build && npm publish",
          match: "exact",
          requestId: "perm-1",
        },
      ],
      { surface: "bash", pattern: "cd build && npm publish", match: "exact", requestId: "perm-1" },
      null,
      null,
    ]);
  });
});
