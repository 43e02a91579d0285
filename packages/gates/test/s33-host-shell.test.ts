// S33 host-shell (r33f F3): Pi runs a bash call in its settings' shell (`shellPath`). The
// analysis is of bash, so a call the host runs in another program asks, naming the shell; one
// whose settings could not be read asks too. A deny still refuses; the system bash changes
// nothing.
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, bash, call, human, policyOf, runnerFor } from "./fixtures.ts";

const policy = policyOf({ "*": "allow", bash: { "*": "allow", "rm *": "deny" } });

async function evaluate(facts: Parameters<typeof evaluateToolCall>[1]) {
  return evaluateToolCall(policy, facts, await analyzerOnce());
}

describe("the shell the host runs a bash call in", () => {
  it.each(["/bin/bash", "/usr/bin/bash", "/usr/local/bin/bash", "/opt/homebrew/bin/bash"])(
    "changes nothing when it is the bash at %s",
    async (shellPath) => {
      expect((await evaluate(bash("echo hi", { shellPath }))).action).toBe("allow");
    },
  );

  it.each([
    "/bin/sh",
    "/usr/bin/zsh",
    "/bin/dash",
    "bash",
    "./bash",
    "/tmp/x/bash",
    "/usr/bin/fish",
  ])("asks when it is %s, naming the shell and why", async (shellPath) => {
    const verdict = await evaluate(bash("echo hi", { shellPath }));
    expect(verdict.action).toBe("ask");
    const shell = verdict.requests.find((r) => r.surface === "shell");
    expect(shell?.value).toBe(shellPath);
    expect(shell?.payload.evidence[0]?.text).toContain("not a bash the analysis models");
  });

  it("asks when the host could not read its settings", async () => {
    const verdict = await evaluate(bash("echo hi", { shellPath: null }));
    expect(verdict.action).toBe("ask");
    expect(verdict.deciding?.payload.evidence[0]?.text).toContain("could not be read");
  });

  it("keeps a deny a deny", async () => {
    expect((await evaluate(bash("rm -rf build", { shellPath: "/bin/sh" }))).action).toBe("deny");
  });

  it("is about Pi's bash only: another tool's call is judged as before", async () => {
    const verdict = await evaluate(call("read", { path: "a.txt" }, { shellPath: "/bin/sh" }));
    expect(verdict.action).toBe("allow");
  });

  it("is approved for exactly that command in exactly that shell", async () => {
    const authority = human(
      { kind: "approved", forSession: true },
      { kind: "denied", reason: null },
    );
    const { runner } = await runnerFor(policy, authority);
    expect((await runner.run(bash("echo hi", { shellPath: "/bin/sh" }))).action).toBe("allow");
    expect((await runner.run(bash("echo hi", { shellPath: "/bin/sh" }))).action).toBe("allow");
    expect((await runner.run(bash("echo other", { shellPath: "/bin/sh" }))).action).toBe("block");
    expect(authority.asked).toHaveLength(2);
  });
});
