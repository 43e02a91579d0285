// In a real Pi session: what Pi's grep tool reads below its folder is judged by the tool's own
// rules (S33 grep-surface-rules, r33c F2), and on the files it may read once a call beside it
// has changed the ignore files (S33 sibling-ignore-write, r33c F1). Both were traced in a real
// session before the fix: the secrets' lines reached the model.
import { execFileSync, spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type PiRun, startPi } from "./harness.ts";

const PACKAGE = join(import.meta.dirname, "..", "..");
const ripgrep = spawnSync("rg", ["--version"]).error === undefined;

let run: PiRun | undefined;
afterEach(() => run?.dispose());

describe.skipIf(!ripgrep)("what Pi's grep tool reads below its folder", () => {
  it("meets the grep tool's own rules: a search of the project that reads secrets/key or .env is denied", async () => {
    run = await startPi({
      extensions: [PACKAGE],
      tools: ["read", "grep"],
      agentFiles: {
        "permissions.json": JSON.stringify({
          permission: {
            "*": "ask",
            read: "allow",
            grep: { "*": "allow", secrets: "deny", "**/.env": "deny" },
            external_directory: "ask",
          },
        }),
      },
      files: { ".env": "SECRET=2\n", "secrets/key": "TOPKEY=9\n", "src/a.ts": "x = 1\n" },
      turns: [
        [{ tool: "grep", input: { pattern: "=" } }],
        [{ tool: "grep", input: { pattern: "=", glob: "key" } }],
        [{ tool: "grep", input: { pattern: "=", path: "src" } }],
      ],
    });
    const results = await run.prompt();
    expect(results.map((r) => [r.toolName, r.isError])).toEqual([
      ["grep", true],
      ["grep", true],
      ["grep", false],
    ]);
    expect(results[2]?.text).toContain("x = 1");
    const seen = JSON.stringify(run.requests);
    expect(seen).not.toContain("TOPKEY=9");
    expect(seen).not.toContain("SECRET=2");
  });

  it("is not judged on ripgrep's listing beside a write of an ignore file; the secret never reaches the model", async () => {
    run = await startPi({
      extensions: [PACKAGE],
      tools: ["read", "bash", "grep", "write"],
      agentFiles: {
        "permissions.json": JSON.stringify({
          permission: {
            "*": "ask",
            read: "allow",
            grep: "allow",
            write: "allow",
            bash: { "*": "ask", "echo *": "allow" },
            external_directory: "ask",
            path: { "**/.env": "deny" },
          },
        }),
      },
      files: { ".gitignore": ".env\n", "z/.env": "SECRET=1\n", "src/a.ts": "SECRET_NAME = 1\n" },
      beforeTurn: (turn, { cwd }) => {
        if (turn === 0) execFileSync("git", ["init", "-q", cwd]);
      },
      turns: [
        // Alone, the search reads no .env: .gitignore hides it.
        [{ tool: "grep", input: { pattern: "SECRET" } }],
        // Beside a write that un-hides it, the search may read it.
        [
          { tool: "write", input: { path: "z/.ignore", content: "!.env\n" } },
          { tool: "grep", input: { pattern: "SECRET" } },
        ],
        [
          { tool: "bash", input: { command: "echo '!.env' > .rgignore" } },
          { tool: "grep", input: { pattern: "SECRET" } },
        ],
        // A sibling that writes a source file leaves the search as it was.
        [
          { tool: "write", input: { path: "src/b.ts", content: "y\n" } },
          { tool: "grep", input: { pattern: "SECRET", path: "src" } },
        ],
      ],
    });
    const results = await run.prompt();
    expect(results.map((r) => [r.toolName, r.isError])).toEqual([
      ["grep", false],
      ["write", false],
      ["grep", true],
      ["bash", false],
      ["grep", true],
      ["write", false],
      ["grep", false],
    ]);
    expect(results[2]?.text).toContain("**/.env");
    expect(results[6]?.text).toContain("SECRET_NAME");
    expect(JSON.stringify(run.requests)).not.toContain("SECRET=1");
  });
});
