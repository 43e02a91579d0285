// Program tools' arguments after attack round F17: real git and npm MCP servers build a shell
// string from their arguments (`git commit -m "${message}"`, `git show ${ref}`, `npm run
// ${scriptName} -- ${args.join(' ')}`), so an argument holding shell text is judged as bash
// text wherever it may be spliced, and a git command's arguments as they may be split.
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { guessedShellCalls } from "../src/known-shell-tools.ts";
import { analyzerOnce, call, PERMISSIVE, policyOf } from "./fixtures.ts";

async function action(tool: string, input: unknown, rules: object = PERMISSIVE) {
  const policy = policyOf(rules as never);
  return evaluateToolCall(policy, call(tool, input), await analyzerOnce()).action;
}

describe("an argument a server splices into a shell string", () => {
  it.each([
    ["mcp__git__git_commit", { message: "$(git push origin main)" }],
    ["mcp__git__git_commit", { message: '"; git push origin main; "' }],
    ["mcp__git__git_show", { ref: "HEAD; git push origin main" }],
    ["mcp__git__git_diff", { file: "x; git push origin main" }],
    ["mcp__git__git_checkout", { target: "`git push origin main`" }],
    ["mcp__git__git_stash", { message: "$(npm publish)" }],
    ["mcp__git__git_reset", { target: "HEAD && npm publish", mode: "soft" }],
    ["mcp__git__git_clone", { url: "$(git push origin main)" }],
    ["mcp__node_runner__run_npm_script", { scriptName: "test", args: ["x; git push origin main"] }],
    ["mcp__node_runner__run_npm_install", { packageDir: ".", dependency: "$(npm publish)" }],
    ["mcp__node_runner__run_npm_install", { dependency: "x\nnpm publish" }],
    ["mcp", { tool: "git_commit", args: { message: "$(git push origin main)" } }],
    ["mcp", { server: "git", tool: "git_show", args: '{"ref":"HEAD; npm publish"}' }],
  ])("%s %j runs what the text says", async (tool, input) => {
    expect(await action(tool, input)).toBe("deny");
  });

  it("reads a git argument split into words, or out of the quotes it closes", async () => {
    // `git show ${ref}`: the words are git's options; --output writes outside the project.
    expect(await action("mcp__git__git_show", { ref: "HEAD --output=/etc/x" })).toBe("ask");
    expect(await action("mcp__git__git_show", { ref: 'x" --output="/etc/x' })).toBe("ask");
  });

  it("keeps ordinary messages, documents and other tools' text allowed", async () => {
    for (const message of [
      "fix parser bug",
      "don't crash",
      'fix(parser): don\'t crash on "x"',
      'fix "parser" bug',
      "feat: x\n\nA body over\nseveral lines.",
    ]) {
      expect(await action("mcp__git__git_commit", { repo_path: ".", message })).toBe("allow");
    }
    const diff = "diff --git a/src/a.ts b/src/a.ts\n--- a/src/a.ts\n+++ b/src/a.ts\n+x;y\n";
    expect(await action("mcp__git__apply", { diff })).toBe("allow");
    expect(await action("mcp__fs__write_file", { path: "notes.md", content: "a; $(b)" })).toBe(
      "allow",
    );
    expect(await action("mcp__x__search_docs", { query: "a | b; c" })).toBe("allow");
  });

  it("asks when a message's text would run an unknown command under a policy that asks", async () => {
    const rules = { "*": "allow", bash: { "*": "ask", "git *": "allow" } };
    expect(await action("mcp__git__git_commit", { message: "fix `foo`" }, rules)).toBe("ask");
    expect(await action("mcp__git__git_commit", { message: "fix foo" }, rules)).toBe("allow");
  });

  it("reads two strings that hold quotes as unreadable: they may pair across the template", () => {
    const calls = guessedShellCalls("mcp__git__git_commit", { message: "a'b", author: "c'd" });
    expect(calls).toContainEqual({
      input: { command: null },
      spec: { command: "command", cwd: null },
    });
  });
});
