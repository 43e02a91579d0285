// S32 F5 (names-inside): an untrusted, deny-only project rule naming a place inside the
// project (`rm /tmp/r32c/proj/.git/*`) switched on the absolute spelling of in-project
// operands for every rule, and an exact resolution then let the user's own allow decide:
// `rm build/x` in /tmp/r32c/proj went from ask (`rm *`) to allow (`rm /tmp/r32c/*`). A rule
// that only tightens must not change how the other rules read a command so that it loosens.
import { mergeScopes, parsePolicyText } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/index.ts";
import { analyzerOnce, bash } from "./fixtures.ts";

const CWD = "/tmp/r32c/proj";
const GLOBAL = {
  permission: { "*": "ask", bash: { "*": "ask", "rm *": "ask", "rm /tmp/r32c/*": "allow" } },
};

async function decide(project: object | null, command: string, trusted = false) {
  const { policy } = mergeScopes(
    [
      parsePolicyText(JSON.stringify(GLOBAL), {
        scope: "global",
        file: "/home/u/.pi/agent/permissions.json",
      }),
      ...(project === null
        ? []
        : [
            parsePolicyText(JSON.stringify(project), {
              scope: "project",
              file: `${CWD}/.pi/permissions.json`,
            }),
          ]),
    ],
    { projectTrusted: () => trusted },
  );
  const verdict = evaluateToolCall(
    { rules: policy.rules, settings: policy.settings },
    bash(command, { cwd: CWD, home: "/home/user" }),
    await analyzerOnce(),
  );
  const request = verdict.requests.find((r) => r.surface === "bash");
  return `${request?.action} ${request?.decidingItem?.rule?.pattern ?? request?.decidingItem?.sentinel}`;
}

describe("S32 F5: a project rule that only tightens does not switch on a loosening reading", () => {
  it("the finding's deny-only project rule leaves rm build/x at ask", async () => {
    expect(await decide(null, "rm build/x")).toBe("ask rm *");
    expect(
      await decide({ permission: { bash: { "rm /tmp/r32c/proj/.git/*": "deny" } } }, "rm build/x"),
    ).toBe("ask rm *");
  });

  it("the project's deny still meets an operand spelled inside the project", async () => {
    const project = { permission: { bash: { "rm /tmp/r32c/proj/.git/*": "deny" } } };
    expect(await decide(project, "rm .git/config")).toBe("deny rm /tmp/r32c/proj/.git/*");
  });

  it("an untrusted project allow does not switch it on either; a trusted one does", async () => {
    const project = { permission: { bash: { "rm /tmp/r32c/proj/dist/*": "allow" } } };
    expect(await decide(project, "rm build/x")).toBe("ask rm *");
    expect(await decide(project, "rm build/x", true)).toBe("allow rm /tmp/r32c/*");
  });
});
