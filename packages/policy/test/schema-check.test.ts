import fc from "fast-check";
import Value from "typebox/value";
import { describe, expect, it } from "vitest";
import { PolicyDocumentSchema, policyJsonSchema } from "../src/index.ts";
import { checkAgainstSchema, type SchemaNode, UNDERSTOOD_KEYWORDS } from "../src/schema-check.ts";

const schema = PolicyDocumentSchema as SchemaNode;

// Every keyword of a schema tree, descending only where the value is a schema (or a map or
// list of schemas), never into data such as `enum`, `default` or `examples`.
function keywordsOf(node: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof node !== "object" || node === null) return into;
  for (const [key, value] of Object.entries(node)) {
    into.add(key);
    if (["properties", "patternProperties", "$defs"].includes(key)) {
      for (const child of Object.values(value as object)) keywordsOf(child, into);
    } else if (key === "anyOf") {
      for (const child of value as unknown[]) keywordsOf(child, into);
    } else if (["not", "additionalProperties", "propertyNames", "items"].includes(key)) {
      keywordsOf(value, into);
    }
  }
  return into;
}

describe("checkAgainstSchema", () => {
  it("understands every keyword the policy schema uses, so no constraint is silently skipped", () => {
    const used = [...keywordsOf(schema)].filter((k) => !UNDERSTOOD_KEYWORDS.has(k));
    expect(used).toEqual([]);
  });

  it("sees the committed schema use only those keywords plus references and metadata", () => {
    const used = [...keywordsOf(policyJsonSchema())].filter((k) => !UNDERSTOOD_KEYWORDS.has(k));
    expect(used.sort()).toEqual(["$comment", "$defs", "$id", "$ref", "$schema"]);
  });

  it("agrees with typebox's Value.Check on whether a document is valid", () => {
    // Mostly valid pieces, each sometimes replaced by junk, so that both verdicts come up.
    const junk = fc.oneof(
      fc.constantFrom("alow", "ALLOW", ""),
      fc.integer({ min: -2, max: 30 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
      fc.string({ maxLength: 4 }),
      fc.array(fc.constantFrom("allow")),
    );
    const often = <T>(valid: fc.Arbitrary<T>) =>
      fc.oneof({ arbitrary: valid, weight: 12 }, { arbitrary: junk, weight: 1 });
    const key = <T extends string>(valid: T[], wrong: string[]) =>
      fc.oneof({ arbitrary: fc.constantFrom(...valid), weight: 12 }, fc.constantFrom(...wrong));
    const action = often(fc.constantFrom("allow", "ask", "deny"));
    const ruleObject = fc.oneof(
      {
        arbitrary: fc.record({ action, reason: often(fc.string()) }, { requiredKeys: ["action"] }),
        weight: 8,
      },
      fc.record({ reson: fc.string() }),
    );
    const patternMap = fc.dictionary(
      key(["*", "git *", "**/.env", "rm *"], [""]),
      often(fc.oneof(action, ruleObject)),
      { maxKeys: 3 },
    );
    const surfaces = ["bash", "read", "path", "path_read", "mcp", "tool_x"];
    const permission = fc.dictionary(
      key(["*", ...surfaces], ["path_wrote", ""]),
      often(fc.oneof(action, patternMap)),
      { maxKeys: 4 },
    );
    const hookPermission = fc.dictionary(
      key(surfaces, ["*", "path_wrote"]),
      often(fc.oneof(action, patternMap)),
      { maxKeys: 2 },
    );
    const hook = fc.oneof(
      {
        arbitrary: fc.record({
          name: often(fc.string({ minLength: 1 })),
          permission: often(hookPermission),
        }),
        weight: 8,
      },
      fc.record({ name: fc.string(), extra: junk }, { requiredKeys: [] }),
    );
    const names = fc.array(often(fc.constantFrom("n", "help")), { maxLength: 2 });
    const program = fc.record(
      {
        kind: often(fc.constantFrom("wrapper", "executor", "files")),
        options: often(
          fc.record(
            {
              short: often(fc.constantFrom("n:v", "")),
              long: often(
                fc.dictionary(
                  key(["help", "out"], [""]),
                  often(fc.constantFrom("none", "required", "optional")),
                  { maxKeys: 2 },
                ),
              ),
            },
            { requiredKeys: [] },
          ),
        ),
        positionals: often(fc.integer({ min: -1, max: 3 })),
        unsafe: often(names),
        recursive: often(fc.oneof(fc.boolean(), names)),
        operands: often(fc.constantFrom("read", "write", "read_write")),
        fileOptions: often(
          fc.dictionary(key(["o"], [""]), often(fc.constantFrom("read", "write")), { maxKeys: 1 }),
        ),
        match: often(
          fc.oneof(
            fc.array(fc.string(), { maxLength: 2 }),
            fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.array(fc.string())), {
              maxKeys: 2,
            }),
          ),
        ),
        notMatch: often(fc.array(fc.string(), { maxLength: 2 })),
      },
      { requiredKeys: [] },
    );
    const document = fc.record(
      {
        $schema: often(fc.string()),
        programs: often(fc.dictionary(key(["x", "uv run"], [""]), program, { maxKeys: 2 })),
        permission: often(permission),
        hooks: often(fc.dictionary(key(["h1", "h2"], [""]), hook, { maxKeys: 2 })),
        yolo: often(fc.boolean()),
        debugLog: often(fc.boolean()),
        promptMaxRows: often(fc.integer({ min: 0, max: 50 })),
        forwardingTimeoutMs: often(fc.integer({ min: 1, max: 10 ** 7 })),
        analysisDeadlineMs: often(fc.integer({ min: 0, max: 600 })),
      },
      { requiredKeys: [] },
    );
    const anything = fc.oneof(
      { arbitrary: document, weight: 8 },
      document.map((d) => ({ ...d, yollo: true })),
      junk,
    );
    const verdicts = { valid: 0, invalid: 0 };
    fc.assert(
      fc.property(anything, (value) => {
        const valid = Value.Check(schema, value);
        verdicts[valid ? "valid" : "invalid"]++;
        expect(checkAgainstSchema(schema, value).length === 0).toBe(valid);
      }),
      { numRuns: 2000 },
    );
    // Both verdicts are exercised, so the agreement is not vacuous.
    expect(Math.min(verdicts.valid, verdicts.invalid)).toBeGreaterThan(100);
  });

  it.each<[value: unknown, code: string, jsonPath: string, target: string, note: string]>([
    [{ yolo: "yes" }, "wrongType", "yolo", "value", "`type` → wrongType"],
    [
      { permission: { bash: 3 } },
      "wrongType",
      "permission.bash",
      "value",
      "no branch of the union fits",
    ],
    [
      { permission: { bash: "alow" } },
      "unknownAction",
      "permission.bash",
      "value",
      "`enum` → unknownAction",
    ],
    [
      { programs: { x: { kind: "wraper" } } },
      "unknownValue",
      "programs.x.kind",
      "value",
      "`enum` of another title → unknownValue",
    ],
    [
      { programs: { x: { kind: "wrapper", unsafe: ["n", 3] } } },
      "wrongType",
      "programs.x.unsafe[1]",
      "value",
      "`items` → each element's own codes",
    ],
    [{ yollo: true }, "unknownKey", "yollo", "key", "additionalProperties false → unknownKey"],
    [
      { permission: { path_wrote: "deny" } },
      "unknownSurface",
      "permission.path_wrote",
      "key",
      "the misspelled-surface pattern",
    ],
    [
      { permission: { bash: { "": "deny" } } },
      "emptyKey",
      'permission.bash[""]',
      "key",
      "propertyNames.minLength → emptyKey",
    ],
    [
      { permission: { bash: { x: {} } } },
      "missingKey",
      "permission.bash.x",
      "value",
      "`required` → missingKey",
    ],
    [{ promptMaxRows: 0 }, "outOfRange", "promptMaxRows", "value", "`minimum` → outOfRange"],
    [
      { hooks: { h: { name: "", permission: {} } } },
      "emptyValue",
      "hooks.h.name",
      "value",
      "`minLength` → emptyValue",
    ],
  ])("%j → %s at %s (%s)", (value, code, jsonPath, target) => {
    expect(
      checkAgainstSchema(schema, value).map((f) => [f.draft.code, f.draft.jsonPath, f.target]),
    ).toEqual([[code, jsonPath, target]]);
  });

  it("reports every problem of a document in one pass, in document order", () => {
    const findings = checkAgainstSchema(schema, {
      yollo: 1,
      permission: { bash: { "git *": "alow" }, external_directory_rw: "deny" },
      promptMaxRows: "24",
    });
    expect(findings.map((f) => f.draft)).toEqual([
      {
        code: "unknownKey",
        jsonPath: "yollo",
        message: "unknown key `yollo`",
        expected:
          "one of `$schema`, `permission`, `hooks`, `agents`, `shellTools`, `programs`, `examples`, `yolo`, `permissionReviewLog`, `debugLog`, `promptMaxRows`, `promptFieldMaxWidth`, `promptKeys`, `promptDoublePress`, `promptNotification`, `reviewLogFieldMaxWidth`, `reviewLogMaxBytes`, `reviewLogFiles`, `forwardingTimeoutMs`, `analysisDeadlineMs`, `allowYolo`, `allowProjectLoosening` or `judgeUserBash`",
        received: "`yollo`",
        help: "did you mean `yolo`?",
      },
      {
        code: "unknownAction",
        jsonPath: 'permission.bash["git *"]',
        message: "unknown action `alow`",
        expected: "`allow`, `ask` or `deny`",
        received: "`alow`",
        help: "did you mean `allow`?",
      },
      {
        code: "unknownSurface",
        jsonPath: "permission.external_directory_rw",
        message: "`external_directory_rw` is not a surface",
        expected: "`external_directory_read` or `external_directory_write`",
        received: "`external_directory_rw`",
        help: "use `external_directory_read` or `external_directory_write`, or `external_directory` for both directions",
      },
      {
        code: "wrongType",
        jsonPath: "promptMaxRows",
        message: 'expected a positive integer, got string `"24"`',
        expected: "a positive integer",
        received: 'string `"24"`',
        help: "for example `24` (the default)",
      },
    ]);
  });

  it("rejects a universal default inside a hook, which has none", () => {
    expect(
      checkAgainstSchema(schema, { hooks: { h: { name: "H", permission: { "*": "deny" } } } }).map(
        (f) => f.draft,
      ),
    ).toEqual([
      {
        code: "unknownSurface",
        jsonPath: 'hooks.h.permission["*"]',
        message: "a hook's permission map has no universal default `*`",
        expected: "a tool name or a special surface",
        received: "`*`",
        help: "a hook has no universal default: give each surface its own `*` pattern instead",
      },
    ]);
  });
});
