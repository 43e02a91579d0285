// Shell calls of other tools after attack round D15: a shell tool's environment is judged as
// `export`s before its command, any tool's command key is read whatever its name, code runners
// are judged as their language's interpreter (a shell's as bash), and typed text a terminal
// edits or hands to another program is not taken for the command it reads as.
import { mergeShellTools } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { guessedShellCalls } from "../src/known-shell-tools.ts";
import { withEnvironment } from "../src/shell-tools.ts";
import { analyzerOnce, call, PERMISSIVE, policyOf } from "./fixtures.ts";

async function action(tool: string, input: unknown, extra: object = {}) {
  const policy = policyOf(PERMISSIVE as never, extra);
  return evaluateToolCall(policy, call(tool, input), await analyzerOnce()).action;
}

const FSMONITOR = {
  GIT_CONFIG_COUNT: "1",
  GIT_CONFIG_KEY_0: "core.fsmonitor",
  GIT_CONFIG_VALUE_0: "git push origin main;false",
};

describe("a shell tool's environment", () => {
  it.each([
    ["exec_command", { cmd: "git status", env: FSMONITOR }],
    ["exec_command", { cmd: "git status", environment: FSMONITOR }],
    ["mcp__desktop-commander__start_process", { command: "git status", env: FSMONITOR }],
    [
      "exec_command",
      { cmd: "git status", env: Object.entries(FSMONITOR).map(([k, v]) => `${k}=${v}`) },
    ],
    [
      "exec_command",
      { cmd: ["git", "status"], env: [{ name: "GIT_SSH_COMMAND", value: "git push origin main" }] },
    ],
    [
      "exec_command",
      { cmd: "git ls-remote ssh://x/y", env: { GIT_SSH_COMMAND: "git push origin main;:" } },
    ],
    [
      "exec_command",
      {
        cmd: "echo x >> README.md; git diff",
        env: { GIT_EXTERNAL_DIFF: "git push origin main;:" },
      },
    ],
    [
      "exec_command",
      {
        cmd: "git status",
        env: { GIT_CONFIG_PARAMETERS: "'core.fsmonitor'='git push origin main;false'" },
      },
    ],
  ])("%s %j is judged with it, as assignments before its command", async (tool, input) => {
    expect(await action(tool, input)).toBe("deny");
  });

  it.each([
    // An exported function: no assignment can name it, so the command is unreadable.
    ["exec_command", { cmd: "ls", env: { "BASH_FUNC_ls%%": "() { git push origin main; }" } }],
    ["exec_command", { cmd: "ls", env: { BASH_ENV: "/repo/x.sh" } }],
    ["exec_command", { cmd: "git status", env: { GIT_CONFIG_GLOBAL: "x.cfg" } }],
    ["exec_command", { cmd: "ls", env: "GIT_DIR=/tmp" }],
  ])("%s %j is at least asked about", async (tool, input) => {
    expect(await action(tool, input)).toBe("ask");
  });

  it("places a HOME it names, and leaves harmless variables allowed", async () => {
    expect(await action("exec_command", { cmd: "cat ~/.bashrc", env: { HOME: "/repo" } })).toBe(
      "allow",
    );
    expect(await action("exec_command", { cmd: "cat ~/.bashrc" })).toBe("ask");
    expect(await action("exec_command", { cmd: "ls", env: { FOO: "a'b", BAR: null } })).toBe(
      "allow",
    );
  });

  it("counts for a declared shell tool too, but not for Pi's own bash", async () => {
    const settings = { settings: { shellTools: mergeShellTools({}, { run: "script" }) } };
    expect(await action("run", { script: "git status", env: FSMONITOR }, settings)).toBe("deny");
    expect(await action("bash", { command: "git status", env: FSMONITOR })).toBe("allow");
  });

  it("is written as exports and unsets", () => {
    expect(withEnvironment("git status", { env: { A: "x y", B: null } })).toBe(
      "export A='x y'; unset B; git status",
    );
    expect(withEnvironment("ls", { env: { "A-B": "1" } })).toBeNull();
    expect(withEnvironment("ls", { env: { A: { x: 1 } } })).toBeNull();
  });
});

describe("a command key of a tool of any name", () => {
  it.each([
    "launch-process",
    "mcp__x__run_program",
    "mcp__x__execute_process",
    "mcp__x__create_process",
    "mcp__x__invoke_command",
    "mcp__x__start_command",
    "mcp__x__proc_open",
    "mcp__x__run_job",
    "mcp__shell__execute_async",
    "mcp__zsh__run_async",
    "mcp__shell__start",
    "mcp__bash__eval",
    "mcp__shell__invoke",
    "run_commandline",
    "command_execute",
    "mcp__tmux__send_command",
    "deploy_task",
  ])("%s {command: git push} is judged as the command", async (tool) => {
    expect(await action(tool, { command: "git push origin main" })).toBe("deny");
    expect(await action(tool, { cmd: "git push origin main" })).toBe("deny");
  });

  it("reads a call handed on by a proxy to a tool of any name", async () => {
    expect(
      await action("mcp", {
        tool: "augment_launch_process",
        args: JSON.stringify({ command: "git push origin main" }),
      }),
    ).toBe("deny");
  });

  it("leaves its other keys to the tool's own rules", async () => {
    expect(await action("mcp__x__run_program", { target: "git push origin main" })).toBe("allow");
    expect(await action("mcp__x__notes", { text: "git push origin main" })).toBe("allow");
    expect(guessedShellCalls("mcp__x__notes", { title: "rm -rf /" })).toEqual([]);
  });

  it("reads text a terminal server's sending tool sends as typed", async () => {
    expect(
      await action("mcp__wezterm__send_text", { pane_id: 1, text: "git push origin main\n" }),
    ).toBe("deny");
    expect(await action("mcp__kitty__send_text", { text: "git push origin main\n" })).toBe("deny");
    expect(await action("mcp__kitty__list_windows", { text: "git push origin main" })).toBe(
      "allow",
    );
  });
});

describe("a code runner", () => {
  it.each([
    ["mcp__python__execute_code", { code: "import os; os.system('git push origin main')" }, "ask"],
    [
      "mcp__node__eval",
      { code: "require('child_process').execSync('git push origin main')" },
      "ask",
    ],
    [
      "mcp__x__run_code",
      { code: "open('/etc/cron.d/x','w').write('x')", language: "python" },
      "ask",
    ],
    ["execute_script", { code: "import os; os.system('x')", language: "python" }, "ask"],
    [
      "mcp__run-python__run_python_code",
      { python_code: "import os; os.system('git push origin main')" },
      "ask",
    ],
    ["execute_ipython_cell", { code: "!git push origin main" }, "deny"],
    ["execute_ipython_cell", { code: "x = 1\nout = !git push origin main" }, "deny"],
    ["execute_ipython_cell", { code: "%sx git push origin main" }, "deny"],
    ["mcp__jupyter__execute_cell", { source: "%%bash\ngit push origin main" }, "deny"],
    ["mcp__jupyter__execute_cell", { source: "%%script bash\ngit push origin main" }, "deny"],
    ["mcp__x__run_code", { code: "git push origin main", language: "bash" }, "deny"],
    ["run_script", { code: "git push origin main", language: "powershell" }, "deny"],
    ["run_script", { code: "git push origin main" }, "deny"],
    ["execute_command", { code: "git push origin main" }, "deny"],
    ["mcp", { tool: "jupyter_execute_cell", args: '{"code":"!git push origin main"}' }, "deny"],
  ])("%s %j: %s", async (tool, input, expected) => {
    expect(await action(tool, input)).toBe(expected);
  });

  it("judges shell code as bash, and leaves code keys of other tools alone", async () => {
    expect(await action("mcp__x__run_code", { code: "ls", language: "bash" })).toBe("allow");
    expect(await action("mcp__x__sh", { code: "ls" })).toBe("allow");
    expect(await action("mcp__auth__verify", { code: "123456" })).toBe("allow");
    expect(await action("mcp__x__convert", { country_code: "de" })).toBe("allow");
  });
});

describe("typed text", () => {
  it.each([
    ["write_stdin", { session_id: 1, chars: "echo x \u0015git push origin main\n" }],
    ["write_stdin", { session_id: 1, chars: "echo safe\u0017\u0017git push origin main\n" }],
    ["write_stdin", { session_id: 1, chars: `echo hi${"\u007f".repeat(7)}ls\n` }],
    ["write_stdin", { session_id: 1, chars: "echo hi\b\b\b\b\b\b\bls\n" }],
    ["write_stdin", { session_id: 1, chars: "echo \u0001ls #\n" }],
    ["write_stdin", { session_id: 1, chars: "echo x\u001b[D\u001b[Dls; \n" }],
    ["write_stdin", { session_id: 1, chars: "\u001b[200~ls\u001b[201~\n" }],
    ["write_stdin", { session_id: 1, chars: "ls src/ma\t\n" }],
    ["mcp__tmux__send_keys", { target: "0", keys: ["echo x ", "C-u", "ls", "Enter"] }],
    ["mcp__tmux__send_keys", { target: "0", keys: ["echo x", "BSpace", "Enter"] }],
    ["mcp__iterm__write_to_terminal", { command: "echo x \u0015ls" }],
    ["write_stdin", { session_id: 1, chars: ":!ls\n" }],
    ["write_stdin", { session_id: 1, chars: "!ls\n" }],
    ["write_stdin", { session_id: 1, chars: ":r !ls\n" }],
    ["write_stdin", { session_id: 1, chars: ":terminal ls\n" }],
    ["write_stdin", { session_id: 1, chars: "!git\n" }],
    ["write_stdin", { session_id: 1, chars: "!-2\n" }],
    ["mcp__tmux__send_keys", { target: "0", keys: [":!ls", "Enter"] }],
  ])("%s %j is not proven to be the command it reads as", async (tool, input) => {
    expect(await action(tool, input)).toBe("ask");
  });

  it("still denies what the text reads as, and allows plain lines", async () => {
    expect(
      await action("write_stdin", { session_id: 1, chars: "git push origin main\u0015\n" }),
    ).toBe("deny");
    expect(await action("write_stdin", { session_id: 1, chars: "ls\n" })).toBe("allow");
    expect(await action("write_stdin", { session_id: 1, chars: 'git commit -m "wip!"\n' })).toBe(
      "allow",
    );
    expect(await action("write_stdin", { session_id: 1, chars: "[ a != b ] && ! false\n" })).toBe(
      "allow",
    );
    expect(await action("mcp__tmux__send_keys", { target: "0", keys: ["ls", "Enter"] })).toBe(
      "allow",
    );
  });
});

describe("a program's own tool", () => {
  it.each([
    ["mcp__git__git_push", { path: ".", remote: "origin", branch: "main" }],
    ["mcp__git__git_push", { repo_path: ".", force: true }],
    ["mcp", { tool: "git_git_push", args: '{"path":".","remote":"origin","branch":"main"}' }],
  ])("%s %j is judged as the git command it runs", async (tool, input) => {
    expect(await action(tool, input)).toBe("deny");
  });

  it("runs in the repository it names, and a commit's message is no editor", async () => {
    expect(await action("mcp__git__git_status", { repo_path: "." })).toBe("allow");
    expect(await action("mcp__git__git_commit", { repo_path: ".", message: "fix" })).toBe("allow");
    expect(await action("mcp__git__git_log", { repo_path: "/home/user/other" })).toBe("ask");
    expect(
      guessedShellCalls("mcp__git__git_push", { remote: "origin", force: true }),
    ).toContainEqual({
      input: { command: "git push 'origin' --force" },
      spec: { command: "command", cwd: null },
    });
  });
});

describe("a shell tool's folder under another key", () => {
  const SECRETS = { "*": "allow", external_directory: "allow", path: { "**/.ssh/**": "deny" } };

  it.each(["working_dir", "work_dir", "cd", "chdir", "current_dir", "cwd_path"])(
    "%s is where its relative paths start",
    async (key) => {
      const facts = call("exec_command", { cmd: "cat id_rsa", [key]: "/home/user/.ssh" });
      const verdict = evaluateToolCall(policyOf(SECRETS as never), facts, await analyzerOnce());
      expect(verdict.action).toBe("deny");
    },
  );

  it("keeps a folder inside the project allowed", async () => {
    expect(await action("exec_command", { cmd: "ls", working_dir: "src" })).toBe("allow");
  });
});

describe("a runner told a language other than a shell's", () => {
  it.each([
    ["mcp__python__run", { script: "import os" }],
    ["mcp__x__run", { command: "console.log(1)", language: "javascript" }],
    ["mcp__x__run_script", { script: "print(1)", language: "python" }],
  ])("%s %j holds opaque code under its command key too", async (tool, input) => {
    expect(await action(tool, input)).toBe("ask");
  });

  it("leaves a shell's command keys and a shared name word to the bash reading", async () => {
    expect(await action("mcp__node__run", { command: "ls" })).toBe("allow");
    expect(await action("mcp__x__run", { command: "ls", language: "bash" })).toBe("allow");
  });
});

describe("an environment nested in a shell call's settings", () => {
  it("is the top command's too", async () => {
    expect(await action("exec_command", { cmd: "git status", options: { env: FSMONITOR } })).toBe(
      "deny",
    );
    expect(await action("exec_command", { cmd: "ls", options: { env: { FOO: "1" } } })).toBe(
      "allow",
    );
  });
});
