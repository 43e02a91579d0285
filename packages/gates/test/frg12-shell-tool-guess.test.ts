// The shell-tool guess after attack round 12's second pass: keys read by whole words, more
// names and versions of shell tools, commands nested at any depth, a bare program with its
// words under other keys, and a working folder with expansions bash computes.

import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { guessedShellCalls } from "../src/known-shell-tools.ts";
import { analyzerOnce, call, PERMISSIVE, policyOf } from "./fixtures.ts";

async function action(tool: string, input: unknown, policy: object = PERMISSIVE) {
  const facts = { ...call(tool, input), home: "/home/u" };
  return evaluateToolCall(policyOf(policy as never), facts, await analyzerOnce()).action;
}

describe("a key that holds the command of a shell tool naming none", () => {
  it.each([
    ["exec_command", { hybrid: "git push origin main" }],
    ["run_shell", { account: "git push origin main" }],
    ["shell", { rename: "git push origin main" }],
    ["execute", { valid: "git push origin main" }],
    ["run_command", { shell_command_and_timeout: "git push origin main" }],
    ["run_command", { script_body_limit: "git push origin main" }],
    ["execute_shell", { bash_command_offset: "git push origin main" }],
    ["execute_shell", { cmdlineCount: "git push origin main" }],
  ])(
    "%s %j: a key ending in the letters of an id or a count is still read",
    async (tool, input) => {
      expect(await action(tool, input)).toBe("deny");
    },
  );

  it.each([
    ["kill_shell", { shell_id: "git push origin main" }],
    ["terminal_output", { terminalId: "git push origin main" }],
    ["shell_status", { sessionName: "git push origin main" }],
    ["shell_wait", { timeout_ms: "git push origin main" }],
    ["shell_page", { result_offset: "git push origin main" }],
  ])("%s %j: a key whose last word is an id, name, time or count is not", async (tool, input) => {
    expect(await action(tool, input)).toBe("allow");
  });
});

describe("names of shell tools", () => {
  it.each([
    "bashv2",
    "shellv2",
    "zshv5",
    "bash5.2",
    "bash@5",
    "shell@latest",
    "mcp__box__run_command.v2",
    "mcp__box__bash@1.2.3",
    "bash.exe",
    "cmd.exe",
    "mcp__box__shell-1.0.0",
    "cmd",
    "subprocess",
    "popen",
    "os_system",
    "system",
    "child_process",
    "xonsh",
    "busybox",
    "sudo",
    "run_sudo",
    "ssh",
    "ssh_exec",
    "tmux",
    "bashrun",
    "runsh",
    "nushell",
  ])("%s is read as a shell tool", async (tool) => {
    expect(await action(tool, { command: "git push origin main" })).toBe("deny");
  });

  it.each(["dev2", "system_info", "shard", "bashful", "run_tests", "csv2json"])(
    "%s is not",
    (tool) => {
      // Its command keys are read whatever its name (D15); its other strings only for a shell's.
      expect(guessedShellCalls(tool, { input: "git push origin main" })).toEqual([]);
    },
  );

  it("reads a long dotted version in linear time", () => {
    expect(guessedShellCalls(`bash${".1".repeat(30_000)}`, { command: "ls" })).toHaveLength(1);
    expect(guessedShellCalls(`x${".v1".repeat(20_000)}`, { input: "ls" })).toEqual([]);
  });
});

describe("a command nested in a shell tool's input", () => {
  it.each([
    ["shell", { options: { command: "git push origin main" } }],
    ["shell", { body: { command: "git push origin main" } }],
    ["shell", { payload: { command: "git push origin main" } }],
    ["shell", { kwargs: { command: "git push origin main" } }],
    ["shell", { step: { command: "git push origin main" } }],
    ["shell", { a: { b: [{ c: { cmd: "git push origin main" } }] } }],
    ["exec_command", { shell: '{"cmd": "git push origin main"}' }],
    ["shell", { steps: [{ name: "push", run: "git push origin main" }] }],
    ["shell", { jobs: { build: { steps: [{ run: "npm publish" }] } } }],
  ])("%s %j is judged at any depth", async (tool, input) => {
    expect(await action(tool, input)).toBe("deny");
  });

  it("leaves switches and plain settings alone", async () => {
    expect(
      await action("shell", { command: "ls", steps: [{ name: "a" }], metadata: { run: true } }),
    ).toBe("allow");
    const asking = { "*": "allow", bash: { "*": "ask", "ls *": "allow", ls: "allow" } };
    expect(await action("shell", { command: "ls", env: { CMD: "make" } }, asking)).toBe("allow");
  });

  it("asks about more nested commands than are judged one by one", async () => {
    // Each a command of its own: the same command twice is judged once.
    const steps = Array.from({ length: 20 }, (_, i) => ({ run: `ls ${i}` }));
    expect(await action("shell", { steps })).toBe("ask");
  });
});

describe("a bare program with its words under other keys", () => {
  it.each([
    ["exec_command", { cmd: "git", flags: ["push"] }],
    ["exec_command", { command: "git", options: ["push"] }],
    ["exec_command", { command: "git", subcommand: "push" }],
    ["exec_command", { bin: "git", params: ["push"] }],
    ["exec_command", { program: "npm", action: "publish" }],
    ["exec_command", { command: "git", flags: ["--force"], subcommand: "push" }],
    ["exec_command", { command: ["git"], subcommand: "push" }],
    ["exec_command", { command: "git -C .", params: ["push"] }],
  ])("%s %j is judged with those words", async (tool, input) => {
    expect(await action(tool, input)).toBe("deny");
  });

  it("keeps the words of keys that hold no command out", async () => {
    expect(
      await action("exec_command", {
        command: "git",
        description: "push the branch",
        justification: "git push origin main",
      }),
    ).toBe("allow");
    expect(await action("shell", { command: "pytest", flags: ["-x", "-q"] })).toBe("allow");
    // A longer command line's other keys are the tool's settings, not its words.
    const exact = { "*": "allow", bash: { "*": "ask", "npm test": "allow" } };
    expect(await action("shell", { command: "npm test", label: "nightly" }, exact)).toBe("allow");
  });
});

describe("a shell tool's working folder with expansions", () => {
  const HOME_SSH = { "*": "allow", path: { "/home/u/.ssh/**": "deny" } };
  it.each([
    `\${HOME:-/x}/.ssh`,
    `\${HOME-/x}/.ssh`,
    `\${HOME:=/x}/.ssh`,
    `\${NOPE:-/home/u}/.ssh`,
    `\${HOME%/}/.ssh`,
    `\${PWD%/*}/../home/u/.ssh`,
    "$(echo /home/u)/.ssh",
    "`echo /home/u`/.ssh",
  ])("%s: the command is judged where bash or the default puts it", async (workdir) => {
    const verdict = await action("exec_command", { cmd: "cat id_rsa", workdir }, HOME_SSH);
    expect(verdict).not.toBe("allow");
  });

  it.each([`\${HOME:-/x}/.ssh`, `\${HOME:+/home/u/.ssh}`])(
    "%s meets a deny rule on either side",
    async (workdir) => {
      expect(await action("exec_command", { cmd: "cat id_rsa", workdir }, HOME_SSH)).toBe("deny");
    },
  );

  it("asks about a folder no reading settles, where relative paths are judged", async () => {
    expect(await action("exec_command", { cmd: "cat config > x", workdir: `\${HOME:-}` })).toBe(
      "ask",
    );
    expect(
      await action("exec_command", { cmd: "cat config", workdir: '$(printf "%s" /x)' }),
    ).not.toBe("allow");
  });

  it("keeps a folder bash reads as the project's allowed", async () => {
    expect(await action("exec_command", { cmd: "npm test", workdir: `\${PWD}` })).toBe("allow");
    expect(await action("exec_command", { cmd: "git status", workdir: "$PWD/src" })).toBe("allow");
  });
});
