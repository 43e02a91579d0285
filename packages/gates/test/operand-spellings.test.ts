// Issue 12 item 4: a pattern whose arguments are absolute paths also meets a command whose
// path operands, resolved against the working directory (after a literal `cd`), name the same
// files; the prompt says which spelling met the rule.
import { readFileSync } from "node:fs";
import type { MatchedSpelling } from "@pi-permission/payload";
import type { PermissionMap } from "@pi-permission/policy";
import { EXTENSION_TAG } from "@pi-permission/renderers";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, bash, human, policyOf, runOnce } from "./fixtures.ts";

const CWD = "/repo/sub";

/** The verdict on the `rm` unit of `command`, run in `/repo/sub`. */
async function judgeRm(permission: PermissionMap, command: string, cwd = CWD) {
  const verdict = evaluateToolCall(
    policyOf(permission),
    bash(command, { cwd }),
    await analyzerOnce(),
  );
  const bashRequest = verdict.requests.find((r) => r.gate === "bash");
  const rm = bashRequest?.items.find((item) => /^(\S*\/)?rm\b|^sudo rm\b/.test(item.value));
  return {
    action: rm?.action,
    rule: rm?.sentinel && rm.rule?.action === "allow" ? rm.sentinel : (rm?.rule?.pattern ?? null),
    matchedAs: rm?.matchedAs ?? null,
  };
}

const resolvedTo = (text: string): MatchedSpelling => ({ text, steps: ["operands_resolved"] });

describe("a deny with absolute operands meets the operands as they resolve", () => {
  const DENY: PermissionMap = { "*": "allow", bash: { "*": "allow", "rm /tmp/builds/*": "deny" } };
  it.each<[string, string, string | null, MatchedSpelling | null]>([
    ["rm /tmp/builds/x", "deny", "rm /tmp/builds/*", null],
    ["cd /tmp && rm builds/x", "deny", "rm /tmp/builds/*", resolvedTo("rm /tmp/builds/x")],
    ["rm ../../tmp/builds/x", "deny", "rm /tmp/builds/*", resolvedTo("rm /tmp/builds/x")],
    ["cd /tmp && cd builds && rm x", "deny", "rm /tmp/builds/*", resolvedTo("rm /tmp/builds/x")],
    ["pushd /tmp && rm builds/x", "deny", "rm /tmp/builds/*", resolvedTo("rm /tmp/builds/x")],
    // The cd may fail: both directories are judged, and the one under /tmp meets the deny.
    ["cd /tmp; rm builds/x", "deny", "rm /tmp/builds/*", resolvedTo("rm /tmp/builds/x")],
    ["cd /tmp/a/.. && rm builds/x", "deny", "rm /tmp/builds/*", resolvedTo("rm /tmp/builds/x")],
    [
      "cd /tmp && /bin/rm -rf builds/x",
      "deny",
      "rm /tmp/builds/*",
      {
        text: "rm /tmp/builds/x",
        steps: ["operands_resolved", "command_name", "options_set_aside"],
      },
    ],
    // A subshell's cd does not move what runs after it.
    ["(cd /tmp); rm builds/x", "allow", "*", null],
    // A computed directory is not resolved: the operand may name a file in any folder, so a
    // deny of absolute paths may meet it (G15 cd-resolution-gaps).
    ['cd "$D" && rm builds/x', "ask", "<computed-word>", null],
    // A glob is not resolved: it is a word only known at run time, which may meet the deny.
    ["cd /tmp && rm builds/*", "ask", "<computed-word>", null],
  ])("%s", async (command, action, rule, matchedAs) => {
    expect(await judgeRm(DENY, command)).toEqual({ action, rule, matchedAs });
  });

  it("holds inside a wrapper's inner command", async () => {
    expect((await judgeRm(DENY, "cd /tmp && sudo rm builds/x")).action).toBe("deny");
  });

  it("asks the same way for an ask rule", async () => {
    const ASK: PermissionMap = { "*": "allow", bash: { "*": "allow", "rm /tmp/builds/*": "ask" } };
    expect(await judgeRm(ASK, "cd /tmp && rm builds/x")).toEqual({
      action: "ask",
      rule: "rm /tmp/builds/*",
      matchedAs: resolvedTo("rm /tmp/builds/x"),
    });
  });
});

describe("an allow with absolute operands lifts an ask only where the resolution is exact", () => {
  const ALLOW: PermissionMap = {
    "*": "allow",
    bash: { "*": "allow", "rm *": "ask", "rm /tmp/builds/*": "allow" },
  };
  it.each<[string, string, string, MatchedSpelling | null, string]>([
    ["rm /tmp/builds/x", "allow", "rm /tmp/builds/*", null, "written absolute"],
    [
      "cd /tmp && rm builds/x",
      "allow",
      "rm /tmp/builds/*",
      resolvedTo("rm /tmp/builds/x"),
      "after a literal absolute cd that succeeded",
    ],
    ["rm ../../tmp/builds/x", "ask", "rm *", null, "`..` may climb elsewhere through a link"],
    ["cd /tmp/a/.. && rm builds/x", "ask", "rm *", null, "a cd through `..`"],
    ["cd /tmp && cd builds && rm x", "ask", "rm *", null, "a relative cd consults CDPATH"],
    ["cd /tmp; rm builds/x", "ask", "rm *", null, "the cd may fail"],
    ['cd "$D" && rm builds/x', "ask", "rm *", null, "a computed directory"],
    ["cd /tmp && rm builds/*", "ask", "rm *", null, "a glob"],
  ])("%s: %s (%s)", async (command, action, rule, matchedAs) => {
    expect(await judgeRm(ALLOW, command)).toEqual({ action, rule, matchedAs });
  });

  it("lifts it for a relative operand in the session's own directory", async () => {
    expect(await judgeRm(ALLOW, "rm builds/x", "/tmp")).toEqual({
      action: "allow",
      rule: "rm /tmp/builds/*",
      matchedAs: resolvedTo("rm /tmp/builds/x"),
    });
  });

  it("never lifts a deny the words as written meet", async () => {
    const permission: PermissionMap = {
      "*": "allow",
      bash: { "*": "allow", "rm builds/*": "deny", "rm /tmp/builds/*": "allow" },
    };
    expect(await judgeRm(permission, "cd /tmp && rm builds/x")).toEqual({
      action: "deny",
      rule: "rm builds/*",
      matchedAs: null,
    });
  });

  it("keeps the last matching rule: an ask after the allow still asks", async () => {
    const permission: PermissionMap = {
      "*": "allow",
      bash: { "*": "allow", "rm /tmp/builds/*": "allow", "rm *": "ask" },
    };
    expect(await judgeRm(permission, "cd /tmp && rm builds/x")).toEqual({
      action: "ask",
      rule: "rm *",
      matchedAs: null,
    });
  });
});

describe("the spelling that met the rule reaches the prompt and the agent", () => {
  const DENY: PermissionMap = { "*": "allow", bash: { "*": "allow", "rm /tmp/builds/*": "deny" } };

  it("is in the denied call's payload, and the agent text names how, not the words", async () => {
    const { outcome } = await runOnce(policyOf(DENY), bash("cd /tmp && rm builds/x", { cwd: CWD }));
    expect(outcome.verdict.deciding?.payload.request).toMatchObject({
      value: "rm builds/x",
      matchedPattern: "rm /tmp/builds/*",
      matchedAs: resolvedTo("rm /tmp/builds/x"),
    });
    expect(outcome).toMatchObject({
      action: "block",
      reason: `${EXTENSION_TAG} Denied by policy: 'bash' (rule 'rm /tmp/builds/*' met with its path operands resolved).`,
    });
  });

  it("is in the prompt payload of an ask", async () => {
    const ASK: PermissionMap = { "*": "allow", bash: { "*": "allow", "rm /tmp/builds/*": "ask" } };
    const answerer = human({ kind: "denied", reason: null });
    await runOnce(policyOf(ASK), bash("rm ../../tmp/builds/x", { cwd: CWD }), answerer);
    expect(answerer.asked.map((a) => a.payload.request.matchedAs)).toEqual([
      resolvedTo("rm /tmp/builds/x"),
    ]);
  });

  it.each<[PermissionMap, string, MatchedSpelling | null]>([
    [
      { "*": "allow", bash: { "*": "allow", "rm *": "deny" } },
      "/bin/rm x",
      {
        text: "rm x",
        steps: ["command_name"],
      },
    ],
    [
      { "*": "allow", bash: { "*": "allow", "npm publish*": "deny" } },
      "npm --silent publish",
      {
        text: "npm publish",
        steps: ["options_set_aside"],
      },
    ],
    [
      { "*": "allow", bash: { "*": "allow", "rm *": "ask" } },
      "pkexec rm x",
      {
        text: "rm x",
        steps: ["later_words"],
      },
    ],
    // git's own options are set aside in the executed unit, which the prompt already shows.
    [{ "*": "allow", bash: { "*": "allow", "git push *": "deny" } }, "git -C . push origin", null],
    [{ "*": "allow", bash: { "*": "allow", "rm *": "deny" } }, "rm x", null],
  ])("names the spelling of %# %s", async (permission, command, matchedAs) => {
    const verdict = evaluateToolCall(policyOf(permission), bash(command), await analyzerOnce());
    expect(verdict.deciding?.payload.request.matchedAs ?? null).toEqual(matchedAs);
  });

  it("names none when a sentinel decided, even where a resolved spelling met an allow", async () => {
    const permission: PermissionMap = {
      "*": "allow",
      bash: { "*": "allow", "rm *": "ask", "rm /tmp/builds/*": "allow" },
    };
    const verdict = evaluateToolCall(
      policyOf(permission),
      bash('cd /tmp && rm builds/x "$Y"', { cwd: CWD }),
      await analyzerOnce(),
    );
    expect(verdict.action).toBe("ask");
    expect(verdict.deciding?.payload.request.matchedPattern).toBe("<computed-word>");
    expect(verdict.deciding?.payload.request.matchedAs ?? null).toBeNull();
  });
});

describe("docs/configuration.md's table of operands", () => {
  const DOC = readFileSync(new URL("../../../docs/configuration.md", import.meta.url), "utf8");
  const lines = DOC.split("\n");
  const start = lines.findIndex((l) => l.startsWith("| run in `/repo/sub` "));
  const rows = lines
    .slice(start + 2)
    .filter((_, i, all) => all.slice(0, i + 1).every((l) => l.startsWith("|")))
    .map((line) =>
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);

  it("shows the verdict and the spelling the code gives", async () => {
    const DENY: PermissionMap = { bash: { "*": "allow", "rm /tmp/builds/*": "deny" } };
    const expected = rows.map(([written = "", matchedAs = "", verdict = ""]) => ({
      command: ticked(written)[0],
      matchedAs: ticked(matchedAs)[0] ?? null,
      action: verdict.startsWith("not this rule") ? "allow" : verdict.split(" ")[0],
    }));
    expect(expected.length).toBeGreaterThan(6);
    const analyzer = await analyzerOnce();
    const actual = expected.map(({ command }) => {
      const verdict = evaluateToolCall(
        policyOf(DENY),
        bash(command as string, { cwd: CWD }),
        analyzer,
      );
      const request = verdict.action === "allow" ? null : verdict.deciding?.payload.request;
      return { command, matchedAs: request?.matchedAs?.text ?? null, action: verdict.action };
    });
    expect(actual).toEqual(expected);
  });
});

describe("an operand inside the working directory meets an absolute pattern only if it names a place there", () => {
  const ROOT: PermissionMap = { "*": "allow", bash: { "*": "allow", "rm -rf /*": "deny" } };
  it.each<[string, string, string | null, MatchedSpelling | null]>([
    // `/*` names no place in /repo/sub: what it means is what lies outside it.
    ["rm -rf build", "allow", "*", null],
    ["rm -rf node_modules dist", "allow", "*", null],
    ["cd x && rm -rf y", "allow", "*", null],
    // The working directory itself, a climb out of it, or another operand outside: resolved.
    ["rm -rf .", "deny", "rm -rf /*", resolvedTo("rm -rf /repo/sub")],
    ["rm -rf ../sub", "deny", "rm -rf /*", resolvedTo("rm -rf /repo/sub")],
    ["rm -rf ../other", "deny", "rm -rf /*", resolvedTo("rm -rf /repo/other")],
    ["cd / && rm -rf etc", "deny", "rm -rf /*", resolvedTo("rm -rf /etc")],
    ["rm -rf build /", "deny", "rm -rf /*", resolvedTo("rm -rf /repo/sub/build /")],
  ])("%s", async (command, action, rule, matchedAs) => {
    expect(await judgeRm(ROOT, command)).toEqual({ action, rule, matchedAs });
  });

  it("keeps resolving inside operands for a pattern that names a place inside", async () => {
    const INSIDE: PermissionMap = {
      "*": "allow",
      bash: { "*": "allow", "rm -rf /*": "deny", "rm /repo/sub/data/*": "ask" },
    };
    expect(await judgeRm(INSIDE, "rm -rf build")).toEqual({
      action: "deny",
      rule: "rm -rf /*",
      matchedAs: resolvedTo("rm -rf /repo/sub/build"),
    });
    expect(await judgeRm(INSIDE, "rm data/x")).toEqual({
      action: "ask",
      rule: "rm /repo/sub/data/*",
      matchedAs: resolvedTo("rm /repo/sub/data/x"),
    });
  });

  it("reads a home-spelled pattern the same way", async () => {
    // The fixtures' home is /home/user; the project is /home/user/proj.
    const HOME: PermissionMap = {
      "*": "allow",
      bash: { "*": "allow", "rm -rf ~/*": "deny", "rm ~/proj/data/*": "ask" },
    };
    const proj = "/home/user/proj";
    expect((await judgeRm(HOME, "rm -rf build", proj)).action).toBe("deny");
    expect((await judgeRm(HOME, "rm data/x", proj)).action).toBe("ask");
    const ABOVE: PermissionMap = { "*": "allow", bash: { "*": "allow", "rm -rf ~/*": "deny" } };
    expect((await judgeRm(ABOVE, "rm -rf build", proj)).action).toBe("allow");
    expect((await judgeRm(ABOVE, "rm -rf ../x", proj)).action).toBe("deny");
  });
});

describe("a glob operand meets a pattern only where its expansions can", () => {
  const ROOT: PermissionMap = { "*": "allow", bash: { "*": "allow", "rm -rf /*": "deny" } };
  it.each<[string, string, string | null]>([
    // Names below `dist` never start with `/`, and inside the project `/*` does not look.
    ["rm -rf dist/*", "allow", "*"],
    ["rm -rf build/*.o", "allow", "*"],
    ["rm -rf ./*", "allow", "*"],
    // Outside the working directory the glob leads where the rule looks.
    ["cd /tmp && rm -rf x/*", "ask", "<computed-word>"],
    ["rm -rf ../x/*", "ask", "<computed-word>"],
    // Not a plain glob: any text, so it may meet the rule.
    ['rm -rf "$d"/*', "ask", "<computed-word>"],
    ["rm -rf ~/x*", "ask", "<computed-word>"],
    ['cd "$d" && rm -rf b/*', "ask", "<computed-word>"],
    ["rm -rf /tmp/x*", "deny", "rm -rf /*"],
  ])("%s", async (command, action, rule) => {
    const { action: got, rule: by } = await judgeRm(ROOT, command);
    expect({ action: got, rule: by }).toEqual({ action, rule });
  });

  it("still asks where a relative rule may meet what the glob expands to", async () => {
    const ENV: PermissionMap = { "*": "allow", bash: { "*": "allow", "rm *.env": "deny" } };
    expect((await judgeRm(ENV, "rm dist/*")).action).toBe("ask");
    // A segment with pattern characters stands for any name (nocaseglob may fold its case).
    expect((await judgeRm(ENV, "rm dist/*.js")).action).toBe("ask");
    expect((await judgeRm(ENV, "rm /tmp/dist/*.js")).action).toBe("ask");
  });
});

// G15 operand-position: another operand first does not keep a folder rule from the operand it
// names (traced: `rm a /tmp/builds/x` unlinks /tmp/builds/x).
describe("a deny about one folder's files meets each operand, whatever stands before it", () => {
  const DENY: PermissionMap = {
    "*": "allow",
    bash: { "*": "allow", "rm /tmp/builds/*": "deny", "cat ~/secrets/*": "deny" },
  };
  it.each<[string, string]>([
    ["rm a /tmp/builds/x", "deny"],
    ["rm -rf a /tmp/builds/x", "deny"],
    ["cd /tmp && rm a builds/x", "deny"],
    ["cat README.md ~/secrets/a", "deny"],
    ["cat README.md /home/user/secrets/a", "deny"],
    // No operand in the folder.
    ["rm a b", "allow"],
    ["rm -rf a /tmp/other/x", "allow"],
    ["cat README.md ~/notes/a", "allow"],
  ])("%s is %s", async (command, action) => {
    const verdict = evaluateToolCall(
      policyOf(DENY),
      bash(command, { cwd: "/repo" }),
      await analyzerOnce(),
    );
    expect(verdict.action).toBe(action);
  });

  it("never reads an allow that way", async () => {
    const ALLOW: PermissionMap = { "*": "ask", bash: { "*": "ask", "rm /tmp/builds/*": "allow" } };
    const verdict = evaluateToolCall(
      policyOf(ALLOW),
      bash("rm a /tmp/builds/x", { cwd: "/repo" }),
      await analyzerOnce(),
    );
    expect(verdict.action).toBe("ask");
  });
});
