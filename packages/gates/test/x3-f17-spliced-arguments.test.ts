// Program tools' arguments after attack round F17: real git and npm MCP servers build a shell
// string from their arguments (`git commit -m "${message}"`, `git show ${ref}`, `npm run
// ${scriptName} -- ${args.join(' ')}`), so an argument holding shell text is judged as bash
// text wherever it may be spliced, and a git command's arguments as they may be split.
import { describe, expect, it, vi } from "vitest";
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

  // D17-01: each splice is a copy of the whole command line, for every subcommand, string and
  // quoting; 1000 strings took 23 s and 580 MB. Only the readings judged one by one are built.
  const UNREADABLE_CALL = { input: { command: null }, spec: { command: "command", cwd: null } };
  const many = (n: number, text: (i: number) => string) =>
    Array.from({ length: n }, (_, i) => text(i));

  it("builds no more splices than are judged, and copies no line past them", () => {
    const args = many(300, (i) => `x${i};'"$ y`);
    const replace = vi.spyOn(String.prototype, "replace");
    const stringify = vi.spyOn(JSON, "stringify");
    let counts: number[];
    let calls: ReturnType<typeof guessedShellCalls>;
    try {
      calls = guessedShellCalls("mcp__git__add_am_mv_rm", { args });
      counts = [replace.mock.calls.length, stringify.mock.calls.length];
    } finally {
      replace.mockRestore();
      stringify.mockRestore();
    }
    // Each of 4 commands x 300 strings x 3 quotings was spliced and stringified (3600 each;
    // a few replaces are the tool name's).
    expect(counts[0]).toBeLessThanOrEqual(40);
    expect(counts[1]).toBeLessThanOrEqual(40);
    expect(calls.length).toBe(17);
    expect(calls.at(-1)).toEqual(UNREADABLE_CALL);
  });

  it("asks about many strings of shell text, and a deny among the first readings stands", async () => {
    const args = many(300, (i) => `x${i};'"$ y`);
    expect(await action("mcp__git__add_am_mv_rm", { args })).toBe("ask");
    const pushes = many(300, (i) => `x${i}; git push origin main`);
    expect(await action("mcp__git__add_am_mv_rm", { args: pushes })).toBe("deny");
  });

  it("splices a string given many times once: no ask for the copies", async () => {
    const args = many(300, () => "a b");
    const calls = guessedShellCalls("mcp__git__git_add", { args });
    expect(calls).not.toContainEqual(UNREADABLE_CALL);
    expect(calls.length).toBeLessThanOrEqual(2);
    expect(await action("mcp__git__git_add", { args })).toBe("allow");
  });

  it("asks when the splices would search or copy more than their budget of characters", () => {
    // A long line searched for many strings it does not hold (a prose key is not spliced into
    // the command, so each search finds nothing and builds no reading).
    const files = many(100, (i) => `${"f".repeat(1000)}${i}`);
    const description = many(200, (i) => `see $HOME/${i}`);
    const calls = guessedShellCalls("mcp__git__git_add", { files, description });
    expect(calls.at(-1)).toEqual(UNREADABLE_CALL);
    // Short ones are searched as before.
    const few = guessedShellCalls("mcp__git__git_add", { files: ["a"], description: ["$HOME"] });
    expect(few).not.toContainEqual(UNREADABLE_CALL);
  });
});
