// S33 hook-tie (r33f F5) in a real Pi session: an enabled hook asks about `git push`, the policy
// asks about `touch a`. Before the fix the hook's ask was dropped when the policy also asked on
// the bash gate, so once `touch a` was approved for the session, `touch a && git push --force
// origin main` pushed with no prompt. Now the chain asks, naming the hook.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { type PiRun, startPi } from "./harness.ts";

const PACKAGE = join(import.meta.dirname, "..", "..");
const POLICY = {
  permission: { "*": "ask", bash: { "*": "ask", "git *": "allow", "echo *": "allow" } },
  hooks: { git: { name: "Git mutations", permission: { bash: { "git push *": "ask" } } } },
};

let run: PiRun | undefined;
afterEach(() => run?.dispose());

it("a session grant for one unit does not approve a sibling unit an enabled hook asks about", async () => {
  const prompts: string[] = [];
  run = await startPi({
    extensions: [PACKAGE],
    mode: "rpc",
    ui: {
      // The human approves `touch a` for the session and denies whatever comes next.
      select: (title, options) => {
        prompts.push(title);
        return prompts.length === 1
          ? options.find((o) => o === "Approve for this session")
          : options.find((o) => o === "Deny");
      },
    },
    tools: ["bash"],
    agentFiles: { "permissions.json": JSON.stringify(POLICY) },
    beforeTurn: (turn, { cwd }) => {
      if (turn !== 0) return;
      const remote = join(cwd, "..", "remote.git");
      execFileSync("git", ["init", "-q", "--bare", remote]);
      const git = (...args: string[]) => execFileSync("git", args, { cwd });
      git("init", "-q", "-b", "main");
      git(
        "-c",
        "user.email=a@b",
        "-c",
        "user.name=a",
        "commit",
        "-q",
        "--allow-empty",
        "-m",
        "one",
      );
      git("remote", "add", "origin", remote);
    },
    turns: [
      [{ tool: "bash", input: { command: "touch a" } }],
      [{ tool: "bash", input: { command: "touch a && git push --force origin main" } }],
    ],
  });
  const results = await run.prompt();
  expect(prompts).toHaveLength(2);
  expect(prompts[1]).toContain("Git mutations");
  expect(results[1]?.isError).toBe(true);
  const remote = join(run.cwd, "..", "remote.git");
  const branches = execFileSync("git", ["--git-dir", remote, "branch", "--list"], {
    encoding: "utf8",
  });
  expect(branches.trim()).toBe("");
});
