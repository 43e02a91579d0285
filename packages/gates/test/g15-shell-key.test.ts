// G15 shelltool-shell-key: a declared Codex-style `exec_command` with a `shell` argument runs
// the command with that program (`SHELL -c CMD`), so `{"cmd": "ls", "shell": "./evil"}` runs
// ./evil and is judged as `./evil -c 'ls'`, not as `ls`.
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { shellCallOf } from "../src/shell-tools.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const shellTools = { exec_command: [{ command: "cmd", cwd: "workdir" }] };
const U10 = {
  "*": "ask",
  bash: { "*": "ask", "ls *": "allow", "git status": "allow", "cat *": "allow" },
  path: { "**/.env": "deny" },
} as const;

async function decide(input: unknown) {
  const policy = { ...policyOf(U10 as never), settings: { shellTools } };
  return evaluateToolCall(policy, call("exec_command", input), await analyzerOnce()).action;
}

describe("a declared shell tool's `shell` argument", () => {
  it("is the program that runs the command", () => {
    expect(
      shellCallOf("exec_command", { cmd: "ls", shell: "./evil" }, shellTools, "/repo", "/h"),
    ).toEqual([{ command: "./evil -c ls", cwd: "/repo", cwdShown: null }]);
  });

  it.each<[unknown, string]>([
    [{ cmd: "ls", shell: "./evil" }, "ask"],
    [{ cmd: "ls", shell: "node" }, "ask"],
    [{ cmd: "ls", shell: "./bash" }, "ask"],
    [{ cmd: "ls", shell: ["bash"] }, "ask"],
    // A system shell runs the command line as given.
    [{ cmd: "ls", shell: "/bin/bash" }, "allow"],
    [{ cmd: "ls", shell: "zsh" }, "allow"],
    [{ cmd: "ls" }, "allow"],
    [{ cmd: "cat .env", shell: "/usr/bin/bash" }, "deny"],
  ])("%j is %s", async (input, expected) => {
    expect(await decide(input)).toBe(expected);
  });
});
