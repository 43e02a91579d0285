// What a non-bash call is judged on: the file Pi opens for a file tool (symbolic links
// followed), the path arguments of MCP and extension tools, declared shell tools judged as
// bash, and the refusal of a tool the host does not have.
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EVIDENCE_LABELS } from "@pi-permission/payload";
import type { PermissionMap } from "@pi-permission/policy";
import { mergeShellTools, type ShellToolDeclaration } from "@pi-permission/policy";
import { renderPromptDialog } from "@pi-permission/renderers";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import type { ToolCallFacts, Verdict } from "../src/model.ts";
import { analyzerOnce, call, policyOf, runOnce } from "./fixtures.ts";

async function judge(
  permission: PermissionMap,
  facts: ToolCallFacts,
  shellTools: Record<string, ShellToolDeclaration> = {},
): Promise<Verdict> {
  const policy = policyOf(permission, {
    settings: { shellTools: mergeShellTools({}, shellTools) },
  });
  return evaluateToolCall(policy, facts, await analyzerOnce());
}

/** The verdict and what decided it, in one line a table can hold. */
function verdict(evaluation: Verdict) {
  // An allowed call has no refusal to explain.
  const deciding = evaluation.action === "allow" ? null : evaluation.deciding;
  return {
    action: evaluation.action,
    gate: deciding?.gate ?? null,
    value: deciding?.decidingItem?.value ?? null,
    rule: deciding?.payload.request.matchedPattern ?? null,
  };
}

describe("a file tool is judged on the path Pi opens", () => {
  const secrets: PermissionMap = {
    "*": "allow",
    path: { "**/.env": "deny", "~/.ssh/**": "deny" },
    read: { "/etc/**": "deny" },
    external_directory: "ask",
  };

  it.each<[string, unknown, ReturnType<typeof verdict>]>([
    [
      "@ is dropped",
      { path: "@/etc/passwd" },
      { action: "deny", gate: "tool", value: "/etc/passwd", rule: "/etc/**" },
    ],
    [
      "a file URL with percent-encoded dots",
      { path: "file:///repo/%2e%2e/etc/passwd" },
      { action: "deny", gate: "tool", value: "/etc/passwd", rule: "/etc/**" },
    ],
    [
      "`..` climbing out of the working directory",
      { path: "../../home/user/.ssh/id_rsa" },
      { action: "deny", gate: "path", value: "/home/user/.ssh/id_rsa", rule: "~/.ssh/**" },
    ],
    [
      "`~/` is the home directory",
      { path: "~/.ssh/id_rsa" },
      { action: "deny", gate: "path", value: "/home/user/.ssh/id_rsa", rule: "~/.ssh/**" },
    ],
    [
      "`$HOME` is a folder name to Pi, so nothing in the home directory is opened",
      { path: "$HOME/.ssh/id_rsa" },
      { action: "allow", gate: null, value: null, rule: null },
    ],
    [
      "a no-break space is a space: Pi opens ` .env`, not `.env`",
      { path: "\u00a0.env" },
      { action: "allow", gate: null, value: null, rule: null },
    ],
    [
      "an ideographic space before an absolute path makes it relative",
      { path: "\u3000/etc/passwd" },
      { action: "allow", gate: null, value: null, rule: null },
    ],
  ])("read %s", async (_note, input, expected) => {
    expect(verdict(await judge(secrets, call("read", input)))).toEqual(expected);
  });

  it("an empty path of write is the working directory, judged like any path", async () => {
    const evaluation = await judge(
      { "*": "allow", write: { "/repo": "deny" } },
      call("write", { path: "", content: "" }),
    );
    expect(verdict(evaluation)).toEqual({
      action: "deny",
      gate: "tool",
      value: "/repo",
      rule: "/repo",
    });
  });
});

describe("symbolic links: the file a path reaches is judged too", () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "pi-tool-links-")));
  const repo = join(root, "repo");
  const outside = join(root, "outside");
  for (const dir of [repo, outside, join(repo, "src")]) mkdirSync(dir);
  writeFileSync(join(repo, ".env"), "SECRET=1");
  writeFileSync(join(repo, "src", "a.ts"), "");
  writeFileSync(join(outside, "data.txt"), "");
  symlinkSync(".env", join(repo, "notes"));
  symlinkSync(outside, join(repo, "ext"));
  symlinkSync(join(outside, "new.txt"), join(repo, "dangling"));
  symlinkSync("src", join(repo, "code"));
  const at = (toolName: string, input: unknown) =>
    call(toolName, input, { cwd: repo, home: join(root, "home") });

  it("a link to .env inside the project meets the .env deny, and the payload says where it leads", async () => {
    const evaluation = await judge(
      { "*": "allow", path: { "**/.env": "deny", notes: "allow" } },
      at("read", { path: "notes" }),
    );
    expect(verdict(evaluation)).toEqual({
      action: "deny",
      gate: "path",
      value: join(repo, ".env"),
      rule: "**/.env",
    });
    const payload = evaluation.deciding?.payload;
    expect(payload?.request.value).toBe(join(repo, "notes"));
    expect(payload?.evidence).toEqual([
      { label: EVIDENCE_LABELS.resolvesTo, text: join(repo, ".env"), detail: null },
    ]);
  });

  it("the prompt dialog shows the path as opened and the file it resolves to", async () => {
    const evaluation = await judge(
      { "*": "allow", path: { "**/.env": "ask" } },
      at("read", { path: "notes" }),
    );
    const payload = evaluation.deciding?.payload;
    const lines = payload ? renderPromptDialog(payload, { width: 200 }) : [];
    expect(lines.filter((l) => /^(path|resolves to)\b/.test(l.trim()))).toEqual([
      expect.stringMatching(new RegExp(`^path\\s+${join(repo, "notes")}$`)),
      expect.stringMatching(new RegExp(`^resolves to\\s+${join(repo, ".env")}$`)),
    ]);
  });

  it("the agent is told the path it asked for and the rule", async () => {
    const { outcome } = await runOnce(
      policyOf({ "*": "allow", path: { "**/.env": "deny" } }),
      at("read", { path: "notes" }),
    );
    expect(outcome.action === "block" ? outcome.reason : null).toBe(
      `[pi-permission-system] Denied by policy: 'path' for tool 'read' for path '${join(repo, "notes")}' (rule '**/.env').`,
    );
  });

  it("a link out of the project meets external_directory, naming both paths", async () => {
    const evaluation = await judge(
      { "*": "allow", external_directory: "ask" },
      at("read", { path: "ext/data.txt" }),
    );
    expect(verdict(evaluation)).toEqual({
      action: "ask",
      gate: "external_directory",
      value: join(outside, "data.txt"),
      rule: "*",
    });
    expect(evaluation.deciding?.payload.request.value).toBe(join(repo, "ext/data.txt"));
    expect(evaluation.deciding?.payload.evidence).toEqual([
      { label: EVIDENCE_LABELS.workingDirectory, text: repo, detail: null },
      { label: EVIDENCE_LABELS.resolvesTo, text: join(outside, "data.txt"), detail: null },
    ]);
  });

  it("a write through a dangling link is judged at the file it would create", async () => {
    const evaluation = await judge(
      { "*": "allow", external_directory_write: { [`${outside}/**`]: "deny" } },
      at("write", { path: "dangling", content: "x" }),
    );
    expect(verdict(evaluation)).toEqual({
      action: "deny",
      gate: "external_directory",
      value: join(outside, "new.txt"),
      rule: `${outside}/**`,
    });
  });

  it("the tool's own path rules meet the target too", async () => {
    const evaluation = await judge(
      { "*": "allow", read: { [`${outside}/**`]: "deny" } },
      at("read", { path: "ext/data.txt" }),
    );
    expect(verdict(evaluation)).toEqual({
      action: "deny",
      gate: "tool",
      value: join(outside, "data.txt"),
      rule: `${outside}/**`,
    });
  });

  it("a link that stays inside the project changes no verdict; the payload still says where it leads", async () => {
    const evaluation = await judge(
      { "*": "allow", external_directory: "ask", path: { "**/.env": "deny" } },
      at("read", { path: "code/a.ts" }),
    );
    expect(evaluation.action).toBe("allow");
    expect(
      evaluation.requests.map((j) => [j.gate, j.payload.request.value, j.payload.evidence.at(-1)]),
    ).toEqual([
      [
        "tool",
        join(repo, "code/a.ts"),
        { label: EVIDENCE_LABELS.resolvesTo, text: join(repo, "src/a.ts"), detail: null },
      ],
    ]);
  });

  it("the strictest of the path and its target wins, whichever rule is more specific", async () => {
    const evaluation = await judge(
      { "*": "allow", path: { "**/.env": "ask", "**/notes": "deny" } },
      at("read", { path: "notes" }),
    );
    expect(verdict(evaluation)).toEqual({
      action: "deny",
      gate: "path",
      value: join(repo, "notes"),
      rule: "**/notes",
    });
    expect(evaluation.deciding?.payload.evidence).toEqual([
      { label: EVIDENCE_LABELS.resolvesTo, text: join(repo, ".env"), detail: null },
    ]);
  });
});

describe("MCP and extension tools: their path arguments meet the path rules", () => {
  const policy: PermissionMap = {
    "*": "allow",
    path: { "**/.env": "deny" },
    external_directory: "ask",
  };

  it.each<[string, string, unknown, ReturnType<typeof verdict>]>([
    [
      "a flat path",
      "mcp__fs__read_file",
      { path: ".env" },
      { action: "deny", gate: "path", value: "/repo/.env", rule: "**/.env" },
    ],
    [
      "a nested file_path",
      "mcp__fs__read_file",
      { options: { file_path: "/etc/passwd" } },
      { action: "ask", gate: "external_directory", value: "/etc/passwd", rule: "*" },
    ],
    [
      "a list of paths",
      "mcp__fs__read_multiple_files",
      { paths: ["README.md", "config/.env"] },
      { action: "deny", gate: "path", value: "/repo/config/.env", rule: "**/.env" },
    ],
    [
      "a move's destination",
      "mcp__fs__move_file",
      { source: "a.txt", destination: "/tmp/a.txt" },
      { action: "ask", gate: "external_directory", value: "/tmp/a.txt", rule: "*" },
    ],
    [
      "a file URI",
      "mcp__docs__open",
      { uri: "file:///repo/.env" },
      { action: "deny", gate: "path", value: "/repo/.env", rule: "**/.env" },
    ],
    [
      "the proxy `mcp` tool's arguments",
      "mcp",
      { server: "fs", tool: "read_file", arguments: { path: "../.env" } },
      { action: "deny", gate: "path", value: "/.env", rule: "**/.env" },
    ],
    [
      "an extension tool's path argument",
      "notes_append",
      { file: "~/.env", text: "x" },
      { action: "deny", gate: "path", value: "/home/user/.env", rule: "**/.env" },
    ],
    [
      "a web URL is no file",
      "mcp__web__fetch",
      { uri: "https://example.com/.env" },
      { action: "allow", gate: null, value: null, rule: null },
    ],
    [
      "a path in a non-path key is not read",
      "mcp__github__create_issue",
      { body: "see /etc/passwd and .env" },
      { action: "allow", gate: null, value: null, rule: null },
    ],
  ])("%s (%s)", async (_note, tool, input, expected) => {
    expect(verdict(await judge(policy, call(tool, input)))).toEqual(expected);
  });

  it("the mcp surface still judges the target", async () => {
    const evaluation = await judge(
      { "*": "allow", mcp: { "fs:*": "ask" } },
      call("mcp__fs__read_file", { path: "README.md" }),
    );
    expect(verdict(evaluation)).toEqual({
      action: "ask",
      gate: "mcp",
      value: "fs:read_file",
      rule: "fs:*",
    });
  });
});

describe("declared shell tools are judged exactly like bash", () => {
  const execCommand = { exec_command: { command: "cmd", cwd: "workdir" } };

  it("undeclared, a tool's command argument is also judged as a shell call, whatever its name", async () => {
    // exec_command and the other names of known-shell-tools.ts read more keys; any tool's
    // `cmd` or `command` is read as the command it may run (D15).
    const evaluation = await judge(
      { "*": "allow", path: { "**/.env": "deny" } },
      call("deploy_task", { cmd: "cat .env" }),
    );
    expect(evaluation.action).toBe("deny");
    const other = await judge(
      { "*": "allow", path: { "**/.env": "deny" } },
      call("deploy_task", { target: "cat .env" }),
    );
    expect(other.action).toBe("allow");
  });

  it.each<[string, PermissionMap, unknown, ReturnType<typeof verdict>]>([
    [
      "a read of .env under a **/.env deny",
      { "*": "allow", path: { "**/.env": "deny" } },
      { cmd: "cat .env" },
      { action: "deny", gate: "path", value: "/repo/.env", rule: "**/.env" },
    ],
    [
      "a bash deny",
      { "*": "allow", bash: { "rm *": "deny" } },
      { cmd: "cd build && rm -rf dist" },
      { action: "deny", gate: "bash", value: "rm -rf dist", rule: "rm *" },
    ],
    [
      "a bash allow, under a universal ask the tool's name would get",
      { "*": "ask", bash: { "git *": "allow" } },
      { cmd: "git status" },
      { action: "allow", gate: null, value: null, rule: null },
    ],
    [
      "an opaque wrapper",
      { "*": "allow", bash: { "*": "allow" } },
      { cmd: 'eval "$X"' },
      { action: "ask", gate: "bash", value: "eval $X", rule: "<opaque-bash-wrapper>" },
    ],
    [
      "relative paths resolve against the workdir",
      { "*": "allow", path: { "/etc/shadow": "deny" } },
      { cmd: "cat shadow", workdir: "/etc" },
      { action: "deny", gate: "path", value: "/etc/shadow", rule: "/etc/shadow" },
    ],
    [
      "a workdir outside the project meets external_directory by itself",
      { "*": "allow", external_directory: "ask" },
      { cmd: "ls", workdir: "/etc" },
      { action: "ask", gate: "external_directory", value: "/etc", rule: "*" },
    ],
    [
      "a relative workdir inside the project is no news",
      { "*": "allow", external_directory: "ask" },
      { cmd: "ls", workdir: "src" },
      { action: "allow", gate: null, value: null, rule: null },
    ],
    [
      "an argv array is the command it runs",
      { "*": "allow", path: { "**/.env": "deny" } },
      { cmd: ["bash", "-lc", "cat .env"] },
      { action: "deny", gate: "path", value: "/repo/.env", rule: "**/.env" },
    ],
    [
      "a missing command is unreadable: at most ask",
      { "*": "allow" },
      { command: "cat .env" },
      { action: "ask", gate: "bash", value: "", rule: "<unparseable-bash-command>" },
    ],
    [
      "a command that is not text is unreadable",
      { "*": "allow" },
      { cmd: 42 },
      { action: "ask", gate: "bash", value: "", rule: "<unparseable-bash-command>" },
    ],
    [
      "a workdir that is not text leaves the paths unplaced: unreadable",
      { "*": "allow" },
      { cmd: "ls", workdir: 7 },
      { action: "ask", gate: "bash", value: "", rule: "<unparseable-bash-command>" },
    ],
  ])("%s", async (_note, permission, input, expected) => {
    expect(verdict(await judge(permission, call("exec_command", input), execCommand))).toEqual(
      expected,
    );
  });

  it("the tool's own surface still applies where the policy names it, and only tightens", async () => {
    const denied = await judge(
      { "*": "allow", exec_command: "deny" },
      call("exec_command", { cmd: "git status" }),
      execCommand,
    );
    expect(verdict(denied)).toEqual({
      action: "deny",
      gate: "tool",
      value: "exec_command",
      rule: "*",
    });
    const allowed = await judge(
      { "*": "allow", exec_command: "allow", bash: { "rm *": "deny" } },
      call("exec_command", { cmd: "rm -rf /" }),
      execCommand,
    );
    expect(verdict(allowed)).toEqual({
      action: "deny",
      gate: "bash",
      value: "rm -rf /",
      rule: "rm *",
    });
  });

  it("the short form names the command key, and the bash payload names the tool and the workdir", async () => {
    const evaluation = await judge(
      { "*": "allow", bash: { "rm *": "ask" } },
      call("run", { script: "rm x", dir: "/tmp" }),
      { run: "script" },
    );
    expect(verdict(evaluation)).toEqual({
      action: "ask",
      gate: "bash",
      value: "rm x",
      rule: "rm *",
    });
    expect(evaluation.deciding?.payload.request.toolName).toBe("run");
    expect(evaluation.deciding?.payload.evidence).toEqual([
      { label: EVIDENCE_LABELS.fullCommand, text: "rm x", detail: null },
    ]);
    const withDir = await judge(
      { "*": "allow", bash: { "rm *": "ask" } },
      call("exec_command", { cmd: "rm x", workdir: "/tmp" }),
      execCommand,
    );
    expect(withDir.deciding?.payload.evidence).toEqual([
      { label: EVIDENCE_LABELS.fullCommand, text: "rm x", detail: null },
      { label: EVIDENCE_LABELS.workingDirectory, text: "/tmp", detail: null },
    ]);
  });

  it("a tool declared twice has each declared command judged", async () => {
    const shellTools = mergeShellTools(mergeShellTools({}, { exec: "cmd" }), { exec: "script" });
    const policy = policyOf(
      { "*": "allow", bash: { "rm *": "deny" } },
      { settings: { shellTools } },
    );
    const evaluation = evaluateToolCall(
      policy,
      call("exec", { cmd: "ls", script: "rm -rf x" }),
      await analyzerOnce(),
    );
    expect(verdict(evaluation)).toEqual({
      action: "deny",
      gate: "bash",
      value: "rm -rf x",
      rule: "rm *",
    });
  });

  it("the agent is told about a bash rule for the tool it called", async () => {
    const { outcome } = await runOnce(
      policyOf(
        { "*": "allow", bash: { "rm *": "deny" } },
        { settings: { shellTools: mergeShellTools({}, execCommand) } },
      ),
      call("exec_command", { cmd: "rm -rf build" }),
    );
    expect(outcome.action === "block" ? outcome.reason : null).toBe(
      "[pi-permission-system] Denied by policy: 'bash' for tool 'exec_command' (rule 'rm *').",
    );
  });
});

describe("a tool the host does not have is refused with seed 002's text", () => {
  const knownTools = ["read", "bash", "edit", "write"];

  it("before any rule: even a universal allow with yolo on", async () => {
    const { outcome, reporter } = await runOnce(
      policyOf({ "*": "allow" }, { yolo: true }),
      call("exec", { cmd: "ls" }, { knownTools }),
    );
    expect(outcome.action === "block" ? outcome.reason : null).toBe(
      "[pi-permission-system] Tool 'exec' is not registered in this runtime and was blocked before permission checks. If this was intended as an MCP server tool, call the registered 'mcp' tool when available (for example: {\"tool\":\"server:tool\"}). Registered tools: bash, edit, read, write.",
    );
    expect(reporter.decisions).toEqual([
      expect.objectContaining({ surface: "exec", value: "exec", result: "deny" }),
    ]);
    expect(reporter.reviews.map((r) => [r.event, r.details.unregisteredTool])).toEqual([
      ["permission_request.blocked", true],
    ]);
  });

  it("names no MCP hint for `mcp` itself, and at most ten tools", async () => {
    const many = Array.from({ length: 12 }, (_, i) => `tool${String(i).padStart(2, "0")}`);
    const { outcome } = await runOnce(
      policyOf({ "*": "allow" }),
      call("mcp", {}, { knownTools: many }),
    );
    expect(outcome.action === "block" ? outcome.reason : null).toBe(
      "[pi-permission-system] Tool 'mcp' is not registered in this runtime and was blocked before permission checks. Registered tools: tool00, tool01, tool02, tool03, tool04, tool05, tool06, tool07, tool08, tool09, ....",
    );
  });

  it("a registered tool, or a host that names none, is judged as usual", async () => {
    expect(
      (await judge({ "*": "allow" }, call("read", { path: "a" }, { knownTools }))).action,
    ).toBe("allow");
    expect((await judge({ "*": "allow" }, call("exec", {}))).action).toBe("allow");
    expect((await judge({ "*": "allow" }, call("exec", {}, { knownTools: [] }))).action).toBe(
      "deny",
    );
  });
});
