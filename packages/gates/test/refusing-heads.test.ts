import { type BashAnalyzer, loadBashAnalyzer } from "@pi-permission/bash";
import { type PermissionMap, permissionRules, type Rule } from "@pi-permission/policy";
import fc from "fast-check";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { refusingHeads, setJudgedUnitsKept } from "../src/bash-gate.ts";
import { type EvaluationPolicy, evaluateToolCall } from "../src/evaluate.ts";
import type { ToolCallFacts } from "../src/model.ts";
import { CASES, POLICIES } from "./corpus-bash-cases.ts";

// The bash gate skips, for a unit's text, the deny and ask rules about another program when it
// reads the text with options set aside (rereadOptions), with one operand kept (operandAlone)
// and from a later word on (hiddenCommandRule): no reading of the first two changes the command
// word, and the third looks for a refusing rule only (src/bash-gate.ts, refusingHeads). That is sound only if the verdict never differs from reading every rule: for
// every bash command of the corpus and the bench's everyday commands under its policy, and for
// generated policies (layered, managed, wildcard first words, programs of other names) and
// commands, the verdict with the shortcuts deep-equals the verdict without them.

const PLACE = { cwd: "/repo", home: "/home/user" };

let analyzer: BashAnalyzer;
beforeAll(async () => {
  analyzer = await loadBashAnalyzer();
});

afterEach(() => {
  refusingHeads.enabled = true;
  setJudgedUnitsKept(true);
});

function facts(command: string): ToolCallFacts {
  return {
    toolName: "bash",
    toolCallId: "call_1",
    input: { command },
    cwd: PLACE.cwd,
    home: PLACE.home,
    agentName: null,
    sessionId: "s",
  };
}

/** The verdict with every rule read, then with the shortcuts: deep-equal. */
function expectSameVerdict(policy: EvaluationPolicy, call: ToolCallFacts): void {
  // A kept judging would answer the second evaluation from the first.
  setJudgedUnitsKept(false);
  refusingHeads.enabled = false;
  const everyRule = evaluateToolCall(policy, call, analyzer);
  refusingHeads.enabled = true;
  expect(evaluateToolCall(policy, call, analyzer)).toStrictEqual(everyRule);
}

describe("the deny and ask rules about another program are skipped without changing a verdict", () => {
  it("has the corpus and the everyday commands to prove it on", () => {
    expect(CASES.length).toBeGreaterThan(1000);
    expect(POLICIES.size).toBe(3);
  });

  it("every corpus and everyday bash command, under its policy", () => {
    for (const c of CASES) {
      const policy = POLICIES.get(c.policy);
      if (policy !== undefined) expectSameVerdict(policy, facts(c.command));
    }
  }, 600_000);

  it("generated policies (layered, managed, wildcard first words) and generated commands", () => {
    const patterns = [
      ...new Set(
        [...POLICIES.values()].flatMap((p) =>
          p.rules.filter((r) => r.surface === "bash").map((r) => r.pattern),
        ),
      ),
      "git push *",
      "git  push   origin *",
      "git commit -F *",
      "rm -rf /*",
      "rm /tmp/builds/*",
      "rm -r build/*",
      "npm publish*",
      "docker compose down*",
      "docker rm *",
      "python -m pip install *",
      "pip install *",
      "terraform destroy*",
      "g* push *",
      "*push*",
      "/usr/bin/git push *",
      "chmod -R 777 *",
      "curl *",
      "*",
    ];
    const words = [
      "git",
      "GIT",
      "/usr/bin/git",
      "push",
      "commit",
      "-F",
      "-aF",
      "--force",
      "-f",
      "origin",
      "main",
      "rm",
      "-rf",
      "-r",
      "-R",
      "--recursive",
      "build/x",
      "/tmp/builds/y",
      "/",
      "x",
      "npm",
      "publish",
      "--dry-run",
      "docker",
      "docker-compose",
      "compose",
      "down",
      "python3",
      "-m",
      "pip",
      "pip3",
      "install",
      "terragrunt",
      "run-all",
      "destroy",
      "chmod",
      "777",
      "curl",
      "--",
      "&&",
      ";",
      "|",
      "cd",
      "/tmp",
      // Programs no table knows, whose later words may start a command.
      "pkexec",
      "unbuffer",
      "--cmd=git push",
      "RUN=rm -rf /",
      "npm@9",
      "'git push|'",
    ];
    const action = fc.constantFrom("allow" as const, "ask" as const, "deny" as const);
    const permission = fc.record({
      "*": action,
      bash: fc.dictionary(fc.constantFrom(...patterns), action, { maxKeys: 10 }),
    });
    // How the rules are layered: one file, an untrusted or broken project over it (rules that
    // only tighten), or a managed file over it.
    const layering = fc.constantFrom("one" as const, "tightening" as const, "managed" as const);
    const command = fc.oneof(
      fc.constantFrom(...CASES.map((c) => c.command)),
      fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 7 }).map((w) => w.join(" ")),
    );
    fc.assert(
      fc.property(permission, permission, layering, command, (a, b, layers, text) => {
        const base = permissionRules(a as PermissionMap, { scope: "global", file: "/g.json" });
        const over = permissionRules(b as PermissionMap, {
          scope: layers === "managed" ? "managed" : "project",
          file: "/p.json",
        });
        const rules: Rule[] =
          layers === "one"
            ? base
            : [
                ...base,
                ...(layers === "tightening"
                  ? over.map((r) => ({ ...r, onlyTightens: true as const }))
                  : over),
              ];
        expectSameVerdict({ rules }, facts(text));
        expectSameVerdict({ rules: base, hooks: [] }, facts(text));
      }),
      { numRuns: Number(process.env.REFUSING_HEADS_RUNS ?? 800) },
    );
  }, 600_000);
});
