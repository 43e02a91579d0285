import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type PiRun, seenEvents, startPi } from "./harness.ts";

// The built package, loaded the way Pi loads an installed one: through its `pi` manifest.
const PACKAGE = join(import.meta.dirname, "..", "..");
const SUBSCRIBER = join(import.meta.dirname, "fixtures", "subscriber-ext.ts");
const HOSTILE = join(import.meta.dirname, "fixtures", "hostile-ext.ts");
const DEPLOY_TOOL = join(import.meta.dirname, "fixtures", "deploy-tool-ext.ts");

let run: PiRun | undefined;
afterEach(() => run?.dispose());

const policy = (permission: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  "permissions.json": JSON.stringify({ permission, ...extra }),
});

function reviewLines(r: PiRun): Array<Record<string, unknown>> {
  const file = join(r.agentDir, "pi-permission", "logs", "review.jsonl");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
}

describe("pi-permission in a real Pi session", () => {
  it("a denied rm reaches the model as exactly the rendered text, and never runs", async () => {
    run = await startPi({
      extensions: [PACKAGE],
      agentFiles: policy({
        "*": "allow",
        bash: { "rm *": { action: "deny", reason: "use the trash" } },
      }),
      files: { "build/keep.txt": "x" },
      turns: [[{ tool: "bash", input: { command: "rm -rf build" } }]],
    });
    const [result] = await run.prompt();
    expect(result).toEqual({
      toolCallId: "call_1_1",
      toolName: "bash",
      isError: true,
      text: "[pi-permission-system] Denied by policy: 'bash' (rule 'rm *'). Reason: use the trash.",
    });
    expect(existsSync(join(run.cwd, "build", "keep.txt"))).toBe(true);
  });

  it("an allowed command really runs", async () => {
    run = await startPi({
      extensions: [PACKAGE],
      agentFiles: policy({ "*": "ask", bash: { "touch *": "allow" } }),
      turns: [[{ tool: "bash", input: { command: "touch made" } }]],
    });
    const [result] = await run.prompt();
    expect(result?.isError).toBe(false);
    expect(existsSync(join(run.cwd, "made"))).toBe(true);
  });

  it("a 72 KB heredoc denial reaches the model as one short line", async () => {
    const body = "print('x')\n".repeat(6600);
    run = await startPi({
      extensions: [PACKAGE],
      agentFiles: policy({ "*": "ask" }),
      turns: [[{ tool: "bash", input: { command: `cat <<'EOF' > gen.py\n${body}EOF` } }]],
    });
    const [result] = await run.prompt();
    expect(result?.text).toBe(
      "[pi-permission-system] This 'bash' call (rule '*') requires approval, but no interactive UI is available.",
    );
    expect(existsSync(join(run.cwd, "gen.py"))).toBe(false);
  });

  it("an ask in print mode becomes the unavailable denial", async () => {
    run = await startPi({
      extensions: [PACKAGE],
      agentFiles: policy({ "*": "ask" }),
      turns: [[{ tool: "write", input: { path: "notes.md", content: "hi" } }]],
    });
    const [result] = await run.prompt();
    expect(result?.text).toBe(
      "[pi-permission-system] This 'write' call for path '/PROJECT/notes.md' (rule '*') requires approval, but no interactive UI is available.".replace(
        "/PROJECT",
        run.cwd,
      ),
    );
    expect(existsSync(join(run.cwd, "notes.md"))).toBe(false);
  });

  it("a broken policy file fails closed: its allow asks, and the load error is reported", async () => {
    run = await startPi({
      extensions: [PACKAGE],
      agentFiles: {
        "permissions.json": '{ "permission": { "*": "allow", "path_wrote": "deny" } }',
      },
      turns: [[{ tool: "bash", input: { command: "touch x" } }]],
    });
    const [result] = await run.prompt();
    expect(result?.isError).toBe(true);
    expect(result?.text).toContain("requires approval");
    expect(existsSync(join(run.cwd, "x"))).toBe(false);
  });
});

describe("exposure", () => {
  it("a tool the policy denies entirely is withheld from the model; others stay", async () => {
    run = await startPi({
      extensions: [DEPLOY_TOOL, PACKAGE],
      tools: ["bash", "read", "deploy"],
      agentFiles: policy({ "*": "allow", deploy: "deny" }),
      turns: [[{ tool: "deploy", input: { target: "prod", apiToken: "x" } }]],
    });
    const [result] = await run.prompt();
    // The tool list the model was given is the system prompt's tools section.
    const system = (run.requests[0] as { messages: Array<{ sections?: { tools?: string } }> })
      .messages[0];
    const offered = [...(system?.sections?.tools ?? "").matchAll(/^- (\w+):/gm)].map((m) => m[1]);
    expect(offered.sort()).toEqual(["bash", "read"]);
    expect(result?.text).toBe("Tool deploy not found");
  });
});

describe("asking the human over RPC", () => {
  const answering = (choice: string, reason?: string) => ({
    select: () => choice,
    input: () => reason,
  });

  it("approve once runs the call", async () => {
    run = await startPi({
      extensions: [PACKAGE],
      mode: "rpc",
      ui: answering("Approve once"),
      agentFiles: policy({ "*": "ask" }),
      turns: [[{ tool: "bash", input: { command: "touch approved" } }]],
    });
    const [result] = await run.prompt();
    expect(result?.isError).toBe(false);
    expect(existsSync(join(run.cwd, "approved"))).toBe(true);
    expect(run.uiLog.filter((l) => l.startsWith("select:"))).toHaveLength(1);
  });

  it("approve for this session: the next matching call is not asked", async () => {
    run = await startPi({
      extensions: [PACKAGE],
      mode: "rpc",
      ui: answering("Approve for this session"),
      agentFiles: policy({ "*": "ask" }),
      turns: [
        [{ tool: "bash", input: { command: "git init -q" } }],
        [{ tool: "bash", input: { command: "git init -q" } }],
      ],
    });
    const results = await run.prompt();
    expect(results.map((r) => r.isError)).toEqual([false, false]);
    expect(run.uiLog.filter((l) => l.startsWith("select:"))).toHaveLength(1);
  });

  it("deny refuses with the user-denial text", async () => {
    run = await startPi({
      extensions: [PACKAGE],
      mode: "rpc",
      ui: answering("Deny"),
      agentFiles: policy({ "*": "ask" }),
      turns: [[{ tool: "bash", input: { command: "touch no" } }]],
    });
    const [result] = await run.prompt();
    expect(result?.text).toBe(
      "[pi-permission-system] The user denied this 'bash' call (rule '*').",
    );
  });

  it("deny with a reason: the reason reaches the model", async () => {
    run = await startPi({
      extensions: [PACKAGE],
      mode: "rpc",
      ui: answering("Deny with a reason", "use make clean instead"),
      agentFiles: policy({ "*": "ask" }),
      turns: [[{ tool: "bash", input: { command: "touch no" } }]],
    });
    const [result] = await run.prompt();
    expect(result?.text).toBe(
      "[pi-permission-system] The user denied this 'bash' call (rule '*'). Reason: use make clean instead.",
    );
  });
});

describe("records: ids, review log, events", () => {
  it("each request's id is the same on its ui_prompt, its decision and its review lines, and differs between requests", async () => {
    run = await startPi({
      extensions: [PACKAGE, SUBSCRIBER],
      mode: "rpc",
      ui: { select: () => "Approve once" },
      agentFiles: policy({ "*": "allow", path: { "/etc/**": "ask" }, external_directory: "ask" }),
      turns: [[{ tool: "bash", input: { command: "cat /etc/hostname" } }]],
    });
    await run.prompt();
    const prompts = seenEvents(run, "permissions:ui_prompt");
    const decisions = seenEvents(run, "permissions:decision");
    const lines = reviewLines(run);
    expect(prompts).toHaveLength(2);
    expect(decisions).toHaveLength(3);
    const ids = decisions.map((d) => d.requestId);
    expect(new Set(ids).size).toBe(3);
    for (const prompt of prompts) {
      expect(ids).toContain(prompt.requestId);
      const forRequest = lines.filter((l) => l.requestId === prompt.requestId).map((l) => l.event);
      expect(forRequest).toEqual(["permission_request.waiting", "permission_request.approved"]);
    }
    for (const line of lines) expect(line.toolCallId).toBe("call_1_1");
  });

  it("review-log lines are capped at the configured width", async () => {
    run = await startPi({
      extensions: [PACKAGE],
      agentFiles: policy(
        { "*": "allow", bash: { "curl *": "deny" } },
        { reviewLogFieldMaxWidth: 60 },
      ),
      turns: [
        [{ tool: "bash", input: { command: `curl https://example.com/${"a".repeat(200)}` } }],
      ],
    });
    await run.prompt();
    const [line] = reviewLines(run);
    expect(line?.event).toBe("permission_request.blocked");
    expect(line?.command).toBe(`curl https://example.com/${"a".repeat(34)}…`);
    expect(line?.capped).toContain("/command");
    const strings = JSON.stringify(line).match(/"(?:[^"\\]|\\.)*"/g) ?? [];
    for (const s of strings) expect(JSON.parse(s).length).toBeLessThanOrEqual(60);
  });

  it("a secret in a tool's input is masked whole in the review log", async () => {
    const secret = `sk-live-${"9".repeat(64)}`;
    run = await startPi({
      extensions: [DEPLOY_TOOL, PACKAGE],
      tools: ["bash", "deploy"],
      agentFiles: policy({ "*": "allow", deploy: "ask" }),
      turns: [[{ tool: "deploy", input: { target: "prod", apiToken: secret } }]],
    });
    const [result] = await run.prompt();
    expect(result?.text).toBe(
      "[pi-permission-system] This 'deploy' call (rule '*') requires approval, but no interactive UI is available.",
    );
    const raw = readFileSync(join(run.agentDir, "pi-permission", "logs", "review.jsonl"), "utf8");
    expect(raw).not.toContain("sk-live");
    const [line] = reviewLines(run);
    expect(line?.input).toEqual({ target: "prod", apiToken: "[masked]" });
    expect(line?.masked).toEqual(["/input/apiToken"]);
  });

  it("a gate that throws blocks the call, with a minted id on its review line and its decision", async () => {
    run = await startPi({
      extensions: [HOSTILE, PACKAGE, SUBSCRIBER],
      agentFiles: policy({ "*": "allow" }),
      turns: [[{ tool: "bash", input: { command: "touch ok" } }]],
    });
    const [result] = await run.prompt();
    expect(result?.text).toBe(
      "[pi-permission-system] The permission check failed, so this 'bash' call was blocked (fail-closed): hostile input",
    );
    expect(existsSync(join(run.cwd, "ok"))).toBe(false);
    const [line] = reviewLines(run);
    const [decision] = seenEvents(run, "permissions:decision");
    expect(line).toMatchObject({
      event: "permission_request.blocked",
      resolution: "gate_error",
      error: "hostile input",
    });
    expect(line?.requestId).toMatch(/^perm-/);
    expect(decision).toMatchObject({
      requestId: line?.requestId,
      result: "deny",
      resolution: "gate_error",
    });
  });
});
