// In a real Pi session: the tool calls of one assistant message are all judged before any of
// them runs, then run together (T32 sibling-call-toctou). A sibling that makes a link on a
// path another call was judged on must not let that call open what the link leads to.
import { execFileSync } from "node:child_process";
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createCodemodeExtension } from "@earendil-works/pi-coding-agent";
import { afterEach, describe, expect, it } from "vitest";
import { type PiRun, type PiRunOptions, startPi } from "./harness.ts";

const PACKAGE = join(import.meta.dirname, "..", "..");

let run: PiRun | undefined;
afterEach(() => run?.dispose());

// The corpus's P1: git, cat and friends allowed, `.env` and `.ssh` denied, anything outside
// the project asked.
const POLICY = {
  "permissions.json": JSON.stringify({
    permission: {
      "*": "ask",
      read: "allow",
      bash: { "*": "ask", "git *": "allow", "cat *": "allow", "ls *": "allow" },
      path: { "**/.env": "deny", "**/.ssh/**": "deny" },
      external_directory: "ask",
    },
  }),
};

// The same, with codemode allowed: its script's calls are each judged on their own.
const CODEMODE_POLICY = {
  "permissions.json": JSON.stringify({
    permission: { ...JSON.parse(POLICY["permissions.json"]).permission, codemode: "allow" },
  }),
};

// `git hash-object` of the text `.env`: a symbolic link object that leads to `.env`.
const LINK_TO_ENV = "2eea525d885d5148108f6f3a9a8613863f783d36";

/**
 * A repository whose index holds `notes -> .env`, staged as earlier calls the policy allows
 * would (`git hash-object -w`, `git update-index --cacheinfo 120000,…`): made here so that each
 * test is about the calls that run together alone.
 */
function stageLinkToEnv(cwd: string): void {
  execFileSync("git", ["init", "-q", cwd]);
  execFileSync("git", ["hash-object", "-w", "--stdin"], { cwd, input: ".env" });
  execFileSync("git", ["update-index", "--add", "--cacheinfo", `120000,${LINK_TO_ENV},notes`], {
    cwd,
  });
}

/**
 * A session under POLICY with `.env` holding a secret, and `notes -> .env` staged in the index
 * before turn `stageAt`.
 */
function startWithSecret(stageAt: number, options: Pick<PiRunOptions, "turns">): Promise<PiRun> {
  return startPi({
    extensions: [PACKAGE],
    tools: ["read", "bash"],
    agentFiles: POLICY,
    files: { ".env": "SECRET=1\n", "README.md": "hello\n" },
    beforeTurn: (turn, { cwd }) => {
      if (turn === stageAt) stageLinkToEnv(cwd);
    },
    ...options,
  });
}

/** A session with Pi's codemode tool whose model sends one script. */
function startCodemode(
  script: string,
  options: Pick<PiRunOptions, "files" | "beforeTurn">,
): Promise<PiRun> {
  return startPi({
    extensions: [PACKAGE],
    extensionFactories: [createCodemodeExtension()],
    tools: ["read", "bash", "codemode"],
    agentFiles: CODEMODE_POLICY,
    ...options,
    turns: [[{ tool: "codemode", input: { code: script } }]],
  });
}

describe("calls of one message run together", () => {
  it("a read judged before its sibling makes `notes -> .env` is not allowed; the secret never reaches the model", async () => {
    run = await startWithSecret(0, {
      turns: [
        [
          { tool: "bash", input: { command: "git checkout-index -f notes" } },
          { tool: "bash", input: { command: "until cat notes; do :; done", timeout: 5 } },
          { tool: "read", input: { path: "notes" } },
        ],
        // Once the link is on disk, the same read is judged as the file it reaches.
        [{ tool: "read", input: { path: "notes" } }],
      ],
    });
    const results = await run.prompt();
    expect(results.map((r) => [r.toolName, r.isError])).toEqual([
      ["bash", false],
      ["bash", true],
      ["read", true],
      ["read", true],
    ]);
    // The two readers beside the link maker were held at ask, naming it.
    for (const refused of results.slice(1, 3)) {
      expect(refused.text).toContain("<concurrent-call>");
    }
    expect(results[3]?.text).toContain("**/.env");
    expect(JSON.stringify(run.requests)).not.toContain("SECRET=1");
  });

  it("a model that gives the link maker and the read one id, or reuses a refused call's id, hides no sibling (T34 reused-call-id)", async () => {
    run = await startWithSecret(1, {
      turns: [
        // A refused call of an earlier turn under the id the link maker reuses below.
        [{ tool: "bash", input: { command: "cat .env" }, id: "call_0" }],
        [
          { tool: "bash", input: { command: "git checkout-index -f notes" }, id: "call_0" },
          { tool: "read", input: { path: "notes" }, id: "call_0" },
        ],
      ],
    });
    const results = await run.prompt();
    expect(results.map((r) => [r.toolName, r.isError])).toEqual([
      ["bash", true],
      ["bash", false],
      ["read", true],
    ]);
    expect(results[2]?.text).toContain("<concurrent-call>");
    expect(JSON.stringify(run.requests)).not.toContain("SECRET=1");
  });

  it("a codemode script's link maker, started while its reader still runs, is held; the secret never reaches the model (T34 nested-running)", async () => {
    const script = [
      'const reader = tools.bash({ command: "until cat notes; do :; done", timeout: 5 });',
      'const maker = tools.bash({ command: "git checkout-index -f notes" });',
      "const settled = await Promise.allSettled([reader, maker]);",
      "return settled.map((s) => s.status + ': ' + String(s.value ?? s.reason)).join('\\n');",
    ].join("\n");
    run = await startCodemode(script, {
      files: { ".env": "SECRET=1\n", "README.md": "hello\n" },
      beforeTurn: (turn, { cwd }) => {
        if (turn === 0) stageLinkToEnv(cwd);
      },
    });
    const results = await run.prompt();
    expect(results.map((r) => r.toolName)).toEqual(["codemode"]);
    // The reader ran (and timed out looking for notes); the link maker was held at ask, and
    // without a UI an ask refuses.
    expect(results[0]?.text).toContain("<concurrent-call>");
    expect(JSON.stringify(run.requests)).not.toContain("SECRET=1");
  });

  it("a codemode script's calls that make no link run as before", async () => {
    const script = [
      'const a = tools.bash({ command: "cat README.md" });',
      'const b = tools.read({ path: "README.md" });',
      "return (await a) + (await b);",
    ].join("\n");
    run = await startCodemode(script, { files: { "README.md": "hello\n" } });
    const results = await run.prompt();
    expect(results.map((r) => [r.toolName, r.isError])).toEqual([["codemode", false]]);
    expect(results[0]?.text).toContain("hello");
    expect(results[0]?.text).not.toContain("<concurrent-call>");
  });

  it("git that runs a hook beside a read is a sibling that may make a link (T34 git-hook-sibling)", async () => {
    run = await startPi({
      extensions: [PACKAGE],
      tools: ["read", "bash"],
      agentFiles: POLICY,
      files: { ".env": "SECRET=1\n", "README.md": "hello\n" },
      beforeTurn: (turn, { cwd }) => {
        if (turn !== 0) return;
        execFileSync("git", ["init", "-q", cwd]);
        // A hook the repository already has (a project's hooks folder is its own files).
        const hook = join(cwd, ".git", "hooks", "post-commit");
        writeFileSync(hook, "#!/bin/sh\nln -s .env notes\n");
        chmodSync(hook, 0o755);
      },
      turns: [
        [
          {
            tool: "bash",
            input: { command: "git -c user.name=a -c user.email=a@b commit -q --allow-empty -m x" },
          },
          { tool: "bash", input: { command: "until cat notes; do :; done", timeout: 5 } },
        ],
      ],
    });
    const results = await run.prompt();
    expect(results[1]?.isError).toBe(true);
    expect(results[1]?.text).toContain("<concurrent-call>");
    expect(JSON.stringify(run.requests)).not.toContain("SECRET=1");
  });

  it("calls that make no link run together as before", async () => {
    run = await startPi({
      extensions: [PACKAGE],
      tools: ["read", "bash"],
      agentFiles: POLICY,
      files: { "README.md": "hello\n" },
      beforeTurn: (turn, { cwd }) => {
        if (turn === 0) execFileSync("git", ["init", "-q", cwd]);
      },
      turns: [
        [
          { tool: "bash", input: { command: "git status --short" } },
          { tool: "bash", input: { command: "cat README.md" } },
          { tool: "read", input: { path: "README.md" } },
        ],
      ],
    });
    const results = await run.prompt();
    expect(results.map((r) => [r.toolName, r.isError])).toEqual([
      ["bash", false],
      ["bash", false],
      ["read", false],
    ]);
    expect(results[1]?.text).toContain("hello");
    expect(results[2]?.text).toContain("hello");
  });
});
