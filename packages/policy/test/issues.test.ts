import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatJsonPath,
  formatPolicyIssue,
  POLICY_ISSUE_CODES,
  type PolicyIssue,
} from "../src/index.ts";
import { parseJsonPath } from "../src/json-path.ts";
import { closestName } from "../src/suggest.ts";

describe("formatJsonPath", () => {
  it.each<[segments: (string | number)[], expected: string, note: string]>([
    [[], "", "the whole document"],
    [["yolo"], "yolo", "an identifier key"],
    [["permission", "bash", "git *"], 'permission.bash["git *"]', "a pattern is bracketed"],
    [["permission", "*"], 'permission["*"]', "so is the universal default"],
    [["$schema"], "$schema", "`$` is an identifier character"],
    [["hooks", "my-hook", "name"], 'hooks["my-hook"].name', "a dash is not"],
    [["a", 0], "a[0]", "an array index"],
    [["a", 'say "hi"'], 'a["say \\"hi\\""]', "quotes are escaped as in JSON"],
  ])("%j → %s (%s)", (segments, expected) => {
    expect(formatJsonPath(segments)).toBe(expected);
  });

  it("reads back every path it writes", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.nat())), (segments) => {
        expect(parseJsonPath(formatJsonPath(segments))).toEqual(segments);
      }),
    );
  });

  it("reads nothing it did not write", () => {
    expect(["permission..bash", ".yolo", "a[", 'a["x]', "a b"].map(parseJsonPath)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe("formatPolicyIssue", () => {
  const base: PolicyIssue = {
    severity: "error",
    code: "unknownKey",
    file: "/home/u/.pi/agent/permissions.json",
    jsonPath: "yollo",
    line: 3,
    column: 3,
    message: "unknown key `yollo`",
    expected: "one of `yolo`",
    received: "`yollo`",
    help: "did you mean `yolo`?",
  };

  it("names the code, the place, what was expected, what came in and what to do", () => {
    expect(formatPolicyIssue(base)).toBe(`error[unknownKey]: unknown key \`yollo\`
  --> /home/u/.pi/agent/permissions.json:3:3
  at: yollo
  expected: one of \`yolo\`
  received: \`yollo\`
  help: did you mean \`yolo\`?`);
  });

  it("leaves out what it does not know", () => {
    expect(
      formatPolicyIssue({
        ...base,
        file: null,
        line: null,
        column: null,
        expected: null,
        received: null,
      }),
    ).toBe(`error[unknownKey]: unknown key \`yollo\`
  --> (in memory)
  at: yollo
  help: did you mean \`yolo\`?`);
  });

  it("gives every code a fixed severity", () => {
    const severities = Object.entries(POLICY_ISSUE_CODES);
    expect(severities.filter(([, s]) => s === "warning").map(([c]) => c)).toEqual([
      "denyGlobMissesNested",
      "shadowedRule",
      "bashAllowedByDefault",
      "externalDirectoryAllowsEverything",
      "hookAllowsOnly",
      "reasonIgnored",
      "surfaceNearMiss",
      "promptKeysIgnored",
      "programRedeclared",
      "bashPatternOperator",
      "deadPattern",
    ]);
  });
});

describe("closestName", () => {
  const keys = ["yolo", "promptMaxRows", "debugLog", "permission"];
  it.each<[input: string, known: string[], expected: string | undefined, note: string]>([
    ["yollo", keys, "yolo", "one extra letter"],
    ["promptMaxRow", keys, "promptMaxRows", "one missing letter"],
    ["PromptMaxRows", keys, "promptMaxRows", "case alone"],
    ["permision", keys, "permission", "a typo in a long name"],
    ["dbgLg", keys, undefined, "three edits is too far"],
    ["bsah", ["bash", "read"], "bash", "a swap counts as one edit"],
    ["rm", ["ls", "bash"], undefined, "names of up to three letters are never guessed"],
    ["LS", ["ls"], "ls", "unless they differ in case only"],
  ])("%s among %j → %s (%s)", (input, known, expected) => {
    expect(closestName(input, known)).toBe(expected);
  });
});
