// docs/configuration.md stays true to the code: its tables and examples are checked here.
import { readFileSync } from "node:fs";
import { loadBashAnalyzer } from "@pi-permission/bash";
import {
  DEFAULT_POLICY_SETTINGS,
  DEFAULT_RULE,
  matchesBashPattern,
  matchesPathPattern,
  POLICY_ISSUE_CODES,
  PolicyDocumentSchema,
  parsePolicyText,
  permissionRules,
} from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/index.ts";

const DOC = readFileSync(new URL("../../../docs/configuration.md", import.meta.url), "utf8");

// The rows of the table whose header starts with `first`, as cells.
function table(first: string): string[][] {
  const lines = DOC.split("\n");
  const start = lines.findIndex((l) => new RegExp(`^\\| ${first} `).test(l));
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(
      line
        .split("|")
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  }
  return rows;
}

const ticked = (cell: string | undefined) =>
  [...(cell ?? "").matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);

describe("docs/configuration.md", () => {
  it("lists every field with its default", () => {
    const rows = table("field").map(([field, , fallback]) => [
      ticked(field)[0],
      ticked(fallback)[0] ?? null,
    ]);
    const defaults: Record<string, unknown> = { ...DEFAULT_POLICY_SETTINGS };
    expect(rows).toEqual(
      Object.keys(PolicyDocumentSchema.properties).map((field) => [
        field,
        field === "permission" || field === "hooks" || field === "agents"
          ? "{}"
          : field in defaults
            ? typeof defaults[field] === "object"
              ? JSON.stringify(defaults[field])
              : String(defaults[field])
            : null,
      ]),
    );
  });

  it("lists every issue code with its severity", () => {
    expect(table("code").map(([code, severity]) => [ticked(code)[0], severity])).toEqual(
      Object.entries(POLICY_ISSUE_CODES),
    );
  });

  it("shows bash patterns that match and do not match as the matcher does", () => {
    const rows = table("pattern").map(([pattern, yes, no]) => ({
      pattern: ticked(pattern)[0] as string,
      yes: ticked(yes).map((t) => matchesBashPattern(ticked(pattern)[0] as string, t)),
      no: ticked(no).map((t) => matchesBashPattern(ticked(pattern)[0] as string, t)),
    }));
    expect(rows.length).toBeGreaterThan(4);
    for (const row of rows)
      expect(row).toEqual({ ...row, yes: row.yes.map(() => true), no: row.no.map(() => false) });
  });

  it("shows path patterns that match and do not match as the matcher does", () => {
    const where = { cwd: "/repo", home: "/home/u" };
    const rows = table("pattern \\(cwd").map(([pattern, yes, no]) => {
      const p = ticked(pattern)[0] as string;
      return {
        pattern: p,
        yes: ticked(yes).map((t) => matchesPathPattern(p, t, where)),
        no: ticked(no).map((t) => matchesPathPattern(p, t, where)),
      };
    });
    expect(rows.length).toBeGreaterThan(4);
    for (const row of rows)
      expect(row).toEqual({ ...row, yes: row.yes.map(() => true), no: row.no.map(() => false) });
  });

  it("shows spellings that meet the patterns they are written to evade", async () => {
    const policy = {
      rules: [
        DEFAULT_RULE,
        ...permissionRules(
          {
            bash: {
              "*": "allow",
              "rm *": "deny",
              "git push *": "deny",
              "npm publish*": "deny",
              "x *": "deny",
            },
          },
          { scope: "global", file: "/docs.json" },
        ),
      ],
    };
    const analyzer = await loadBashAnalyzer();
    const rows = table("written").flatMap(([written, judged]) =>
      ticked(written).map((command) => ({
        command,
        expected: judged?.startsWith("asks") ? "ask" : "deny",
      })),
    );
    expect(rows.length).toBeGreaterThan(15);
    const facts = { toolCallId: "c", cwd: "/repo", home: "/home/u", agentName: null };
    const actual = rows.map(({ command }) => ({
      command,
      expected: evaluateToolCall(
        policy,
        { ...facts, toolName: "bash", input: { command }, sessionId: "s" },
        analyzer,
      ).action,
    }));
    expect(actual).toEqual(rows);
  });

  it("gives example policy files that load without an issue", () => {
    const examples = [...DOC.matchAll(/```jsonc\n(\{[\s\S]*?)```/g)].map((m) => m[1] as string);
    expect(examples.length).toBeGreaterThan(1);
    for (const text of examples) {
      const load = parsePolicyText(text, { scope: "global", file: "/docs.json" });
      expect({ text, issues: load.issues }).toEqual({ text, issues: [] });
    }
  });
});
