import { existsSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { getPermissionsService } from "../../src/index.ts";
import { type PiRun, seenEvents, startPi } from "./harness.ts";

const PACKAGE = join(import.meta.dirname, "..", "..");
const SUBSCRIBER = join(import.meta.dirname, "fixtures", "subscriber-ext.ts");
const THROWING = join(import.meta.dirname, "fixtures", "throwing-subscriber-ext.ts");

let run: PiRun | undefined;
afterEach(() => run?.dispose());

const policyFile = (permission: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ permission, ...extra });

describe("the policy over a session's life", () => {
  it("re-reads the policy when the file changes, before the next call", async () => {
    run = await startPi({
      extensions: [PACKAGE],
      agentFiles: { "permissions.json": policyFile({ "*": "allow" }) },
      turns: [
        [{ tool: "bash", input: { command: "touch first" } }],
        [{ tool: "bash", input: { command: "touch second" } }],
      ],
      beforeTurn: (index, { agentDir }) => {
        if (index !== 1) return;
        // The user tightens the policy between the two calls.
        const file = join(agentDir, "permissions.json");
        writeFileSync(file, policyFile({ "*": "allow", bash: { "touch second": "deny" } }));
        utimesSync(file, new Date(), new Date(Date.now() + 5_000));
      },
    });
    const results = await run.prompt();
    expect(results.map((r) => r.isError)).toEqual([false, true]);
    expect(results[1]?.text).toBe(
      "[pi-permission-system] Denied by policy: 'bash' (rule 'touch second').",
    );
    expect(existsSync(join(run.cwd, "first"))).toBe(true);
    expect(existsSync(join(run.cwd, "second"))).toBe(false);
  });

  it("reports a broken policy file to the human and fails closed", async () => {
    run = await startPi({
      extensions: [PACKAGE],
      mode: "rpc",
      ui: { select: () => "Deny" },
      agentFiles: {
        "permissions.json": '{ "permission": { "*": "allow", "path_wrote": "deny" } }',
      },
      turns: [[{ tool: "bash", input: { command: "touch x" } }]],
    });
    const [result] = await run.prompt();
    // The ask names the broken file and where, never the allow rule `*` it was written as.
    expect(result?.text).toBe(
      `[pi-permission-system] The user denied this 'bash' call (rule '<broken-policy-file>'). Reason: the policy file ${join(run.agentDir, "permissions.json")} is broken (line 1, permission.path_wrote: \`path_wrote\` is not a surface), so it asks here until it is fixed.`,
    );
    const notice = run.uiLog.find((l) => l.startsWith("notify:error:"));
    expect(notice).toContain(
      "pi-permission: a policy file is broken; its deny and ask rules stay, its allows ask until it is fixed.",
    );
    expect(notice).toContain("error[unknownSurface]: `path_wrote` is not a surface");
  });
});

describe("/permissions", () => {
  it("shows each rule with its origin, reloads, and toggles yolo with a footer status", async () => {
    run = await startPi({
      extensions: [PACKAGE],
      mode: "rpc",
      ui: { select: () => "Deny" },
      agentFiles: { "permissions.json": policyFile({ "*": "ask", bash: { "git *": "allow" } }) },
      turns: [[{ tool: "bash", input: { command: "touch y" } }]],
    });
    await run.session.prompt("/permissions");
    const shown = run.uiLog.find((l) => l.startsWith("notify:info:Permission policy"));
    expect(shown).toContain(
      `bash "git *" → allow  [global: ${join(run.agentDir, "permissions.json")} permission.bash["git *"]]`,
    );
    expect(shown).toContain(
      `Review log: ${join(run.agentDir, "pi-permission", "logs", "review.jsonl")}`,
    );

    await run.session.prompt("/permissions reload");
    expect(run.uiLog).toContain("notify:info:Permissions reloaded: 3 rules.");

    await run.session.prompt("/permissions yolo on");
    expect(run.uiLog).toContain("status:pi-permission:policy:global yolo");
    const [result] = await run.prompt();
    expect(result?.isError).toBe(false);
    expect(run.uiLog.filter((l) => l.startsWith("select:"))).toEqual([]);

    await run.session.prompt("/permissions yolo off");
    expect(run.uiLog.at(-2)).toBe("status:pi-permission:policy:global");
  });
});

describe("events and the service", () => {
  it("publishes ready, and a throwing or meddling subscriber changes no verdict", async () => {
    run = await startPi({
      extensions: [PACKAGE, THROWING, SUBSCRIBER],
      agentFiles: { "permissions.json": policyFile({ "*": "allow", bash: { "rm *": "deny" } }) },
      turns: [[{ tool: "bash", input: { command: "rm -rf nothing" } }]],
    });
    const [result] = await run.prompt();
    expect(result?.isError).toBe(true);
    const [ready] = seenEvents(run, "permissions:ready");
    expect(ready).toEqual({
      sessionId: run.session.sessionManager.getSessionId(),
      adjudicatesLocally: true,
    });
    const [decision] = seenEvents(run, "permissions:decision");
    expect(decision).toMatchObject({ result: "deny", resolution: "policy_deny", surface: "bash" });
  });

  it("serves the session's policy to other extensions by session id", async () => {
    run = await startPi({
      extensions: [PACKAGE],
      agentFiles: {
        "permissions.json": policyFile({ "*": "ask", bash: { "git *": "allow", "rm *": "deny" } }),
      },
      turns: [],
    });
    // The built bundle and this test share one process, so the service registry is shared.
    const service = getPermissionsService(run.session.sessionManager.getSessionId());
    expect(service?.checkPermission("bash", "git status")).toBe("allow");
    expect(service?.checkPermission("bash", "git status && rm -rf ~")).toBe("deny");
    expect(service?.getToolPermission("write")).toBe("ask");
    expect(getPermissionsService("some-other-session")).toBeUndefined();
  });
});

describe("/skill:<name> input", () => {
  it("is judged on the skill surface and refused before it reaches the model", async () => {
    run = await startPi({
      extensions: [PACKAGE],
      mode: "rpc",
      ui: {},
      agentFiles: {
        "permissions.json": policyFile({ "*": "allow", skill: { "deploy-*": "deny" } }),
      },
      turns: [],
    });
    await run.session.prompt("/skill:deploy-prod now");
    expect(run.uiLog).toContain(
      "notify:warning:[pi-permission-system] Denied by policy: 'skill' for skill 'deploy-prod' (rule 'deploy-*').",
    );
    expect(run.requests).toEqual([]);
  });
});
