import { describe, expect, it } from "vitest";
import { formatPolicyIssue, parsePolicyText } from "../src/index.ts";
import { parseJsonc } from "../src/parse.ts";

const source = { scope: "project", file: "/repo/.pi/permissions.json" } as const;

describe("parseJsonc", () => {
  it("accepts line and block comments and trailing commas", () => {
    const text = `{
      // the universal default
      "permission": { "*": "ask", /* reads are fine */ "read": "allow", },
    }`;
    expect(parseJsonc(text)).toMatchObject({
      value: { permission: { "*": "ask", read: "allow" } },
      problems: [],
    });
  });

  it("keeps the order keys were written in, integer-like keys included", () => {
    const parsed = parseJsonc('{ "*": "deny", "7": "allow", "b": "ask" }');
    expect(parsed.keyOrder(parsed.value as Record<string, unknown>)).toEqual(["*", "7", "b"]);
    expect(Object.keys(parsed.value as object)).toEqual(["7", "*", "b"]);
  });

  it("keeps a `__proto__` key as an ordinary key instead of changing the prototype", () => {
    const { value } = parseJsonc('{ "__proto__": { "yolo": true } }');
    expect([Object.keys(value as object), Object.getPrototypeOf(value)]).toEqual([
      ["__proto__"],
      Object.prototype,
    ]);
  });

  it("locates a key and a value by JSON path, 1-based", () => {
    const { locate } = parseJsonc('{\n  "permission": {\n    "bash": { "git *": "alow" }\n  }\n}');
    expect([
      locate(["permission", "bash", "git *"], "key"),
      locate(["permission", "bash", "git *"], "value"),
      locate([], "value"),
      locate(["nowhere"], "value"),
    ]).toEqual([{ line: 3, column: 15 }, { line: 3, column: 24 }, { line: 1, column: 1 }, null]);
  });
});

describe("parsePolicyText: text problems", () => {
  it.each<[text: string, expected: string, note: string]>([
    [
      '{\n  "yolo": true\n  "debugLog": true\n}',
      `error[invalidJson]: the file is not valid JSON: a missing \`,\`
  --> /repo/.pi/permissions.json:3:3
  at: (the whole file)
  expected: JSON (comments and trailing commas are fine)
  received: a missing \`,\`
  help: fix the text at this position; the rest of the file is not read until it parses`,
      "a missing comma names the position of the next key",
    ],
    [
      "// nothing here yet\n",
      `error[invalidJson]: the file holds no JSON value
  --> /repo/.pi/permissions.json:2:1
  at: (the whole file)
  expected: a JSON object
  received: nothing
  help: write \`{}\` for an empty policy, or delete the file`,
      "a file of comments only is empty, not a policy",
    ],
    [
      '{ "permission": { "bash": "allow", "bash": "deny" } }',
      `error[duplicateKey]: the key \`bash\` appears more than once in this object
  --> /repo/.pi/permissions.json:1:36
  at: permission.bash
  expected: each key once
  received: \`bash\` again
  help: merge the entries into one: the file is broken until then, and the stricter copy counts`,
      "a duplicate key is an error, never a silent last-one-wins",
    ],
    [
      "[]",
      `error[wrongType]: expected a pi-permission policy object, got an array
  --> /repo/.pi/permissions.json:1:1
  at: (the whole file)
  expected: a pi-permission policy object
  received: an array
  help: for example \`{"permission":{"*":"ask","read":"allow"}}\``,
      "the document must be an object",
    ],
  ])("%j (%s)", (text, expected) => {
    const load = parsePolicyText(text, source);
    expect([load.status, load.issues.map(formatPolicyIssue).join("\n\n")]).toEqual([
      "broken",
      expected,
    ]);
  });
});
