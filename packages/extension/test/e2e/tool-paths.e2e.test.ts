// In a real Pi session: file tools are judged on the file Pi opens (a leading `@`, a
// symbolic link), a declared shell tool like bash, and an MCP tool on its path argument.
import { spawnSync } from "node:child_process";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type PiRun, startPi } from "./harness.ts";

const PACKAGE = join(import.meta.dirname, "..", "..");
const COMMAND_TOOLS = join(import.meta.dirname, "fixtures", "command-tools-ext.ts");

// Pi's grep tool runs ripgrep, which a machine may not have (Pi would download it, and the
// network is not there): the grep cases need it installed.
const ripgrep = spawnSync("rg", ["--version"]).error === undefined;
const NO_RIPGREP = ripgrep ? "" : " (skipped: ripgrep is not installed)";

let run: PiRun | undefined;
afterEach(() => run?.dispose());

const SECRETS = {
  "permissions.json": JSON.stringify({
    shellTools: { exec_command: { command: "cmd", cwd: "workdir" } },
    permission: { "*": "allow", path: { "**/.env": "deny" } },
  }),
};

describe("calls are judged on the file they open", () => {
  it("read `@.env` and a link to .env meet the .env deny; the secret never reaches the model", async () => {
    run = await startPi({
      extensions: [PACKAGE],
      agentFiles: SECRETS,
      files: { ".env": "SECRET=1", "README.md": "hello" },
      beforeTurn: (turn, { cwd }) => {
        if (turn === 0) symlinkSync(".env", join(cwd, "notes"));
      },
      turns: [
        [{ tool: "read", input: { path: "@.env" } }],
        [{ tool: "read", input: { path: "notes" } }],
        [{ tool: "read", input: { path: "@README.md" } }],
      ],
    });
    const results = await run.prompt();
    const cwd = run.cwd;
    expect(results.map((r) => [r.isError, r.text])).toEqual([
      [
        true,
        `[pi-permission-system] Denied by policy: 'path' for tool 'read' for path '${join(cwd, ".env")}' (rule '**/.env').`,
      ],
      [
        true,
        `[pi-permission-system] Denied by policy: 'path' for tool 'read' for path '${join(cwd, "notes")}' (rule '**/.env').`,
      ],
      [false, expect.stringContaining("hello")],
    ]);
    expect(JSON.stringify(run.requests)).not.toContain("SECRET=1");
  });

  it.skipIf(!ripgrep)(
    `grep over the project is denied when it would read .env below it; a narrower search runs${NO_RIPGREP}`,
    async () => {
      run = await startPi({
        extensions: [PACKAGE],
        tools: ["grep"],
        agentFiles: SECRETS,
        files: { ".env": "SECRET=1", "src/a.ts": "const SECRET = 0;" },
        turns: [
          [{ tool: "grep", input: { pattern: "SECRET" } }],
          [{ tool: "grep", input: { pattern: "SECRET", glob: "*.ts" } }],
        ],
      });
      const results = await run.prompt();
      expect(results.map((r) => [r.isError, r.text])).toEqual([
        [
          true,
          `[pi-permission-system] Denied by policy: 'path' for tool 'grep' for path '${join(run.cwd, ".env")}' (rule '**/.env').`,
        ],
        [false, expect.stringContaining("src/a.ts")],
      ]);
      expect(JSON.stringify(run.requests)).not.toContain("SECRET=1");
    },
  );

  it.skipIf(!ripgrep)(
    `without the extension, Pi's grep of the project returns the .env line (what the deny prevents)${NO_RIPGREP}`,
    async () => {
      run = await startPi({
        extensions: [],
        tools: ["grep"],
        files: { ".env": "SECRET=1", "src/a.ts": "const SECRET = 0;" },
        turns: [[{ tool: "grep", input: { pattern: "SECRET" } }]],
      });
      const [result] = await run.prompt();
      expect(result?.text).toContain("SECRET=1");
    },
  );

  it("a declared shell tool is judged like bash: its read of .env is denied, its echo runs", async () => {
    run = await startPi({
      extensions: [PACKAGE, COMMAND_TOOLS],
      tools: ["bash", "read", "exec_command"],
      agentFiles: SECRETS,
      files: { ".env": "SECRET=1" },
      turns: [
        [{ tool: "exec_command", input: { cmd: "cat .env" } }],
        [{ tool: "exec_command", input: { cmd: "echo hi" } }],
      ],
    });
    const results = await run.prompt();
    expect(results.map((r) => [r.isError, r.text])).toEqual([
      [
        true,
        `[pi-permission-system] Denied by policy: 'path' for tool 'exec_command' for path '${join(run.cwd, ".env")}' (rule '**/.env').`,
      ],
      [false, "hi\n"],
    ]);
    expect(JSON.stringify(run.requests)).not.toContain("SECRET=1");
  });

  it("an MCP tool's path argument meets the path rules", async () => {
    run = await startPi({
      extensions: [PACKAGE, COMMAND_TOOLS],
      tools: ["read", "mcp__fs__read_file"],
      agentFiles: SECRETS,
      files: { ".env": "SECRET=1" },
      turns: [[{ tool: "mcp__fs__read_file", input: { path: ".env" } }]],
    });
    const [result] = await run.prompt();
    expect(result?.text).toBe(
      `[pi-permission-system] Denied by policy: 'path' for tool 'mcp__fs__read_file' for path '${join(run.cwd, ".env")}' (rule '**/.env').`,
    );
  });
});
