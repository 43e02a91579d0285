// The readable declarations in src/document.ts against the schema they document.
// `tsc -p tsconfig.json` type-checks this file.
import type Type from "typebox";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  type PatternValue,
  type PermissionMap,
  type PolicyDocument,
  PolicyDocumentSchema,
  type PolicyExample,
  type PolicyHook,
  type PolicyProgram,
  type RuleObject,
} from "../src/index.ts";
import type {
  HookSchema,
  PatternValueSchema,
  PermissionMapSchema,
  PolicyExampleSchema,
  ProgramOptionsSchema,
  ProgramSchema,
  RuleObjectSchema,
  ShellToolSchema,
} from "../src/schema.ts";
import type { ShellToolDeclaration } from "../src/shell-tools.ts";
import type { BUILTIN_TOOL_SURFACES, SPECIAL_SURFACES } from "../src/surfaces.ts";

type Settings = Omit<PolicyDocument, "permission" | "hooks" | "agents" | "shellTools" | "programs">;

describe("the declared policy types and the schema", () => {
  it("describe the same top-level fields", () => {
    expectTypeOf<Settings>().toEqualTypeOf<
      Omit<
        Type.Static<typeof PolicyDocumentSchema>,
        "permission" | "hooks" | "agents" | "shellTools" | "programs"
      >
    >();
    expect(Object.keys(PolicyDocumentSchema.properties)).toEqual([
      "$schema",
      "permission",
      "hooks",
      "agents",
      "shellTools",
      "programs",
      "examples",
      "yolo",
      "permissionReviewLog",
      "debugLog",
      "promptMaxRows",
      "promptFieldMaxWidth",
      "promptKeys",
      "promptDoublePress",
      "promptNotification",
      "reviewLogFieldMaxWidth",
      "reviewLogMaxBytes",
      "reviewLogFiles",
      "forwardingTimeoutMs",
      "analysisDeadlineMs",
      "allowYolo",
      "allowProjectLoosening",
      "judgeUserBash",
    ]);
  });

  it("describe the same policy examples", () => {
    expectTypeOf<PolicyExample>().toEqualTypeOf<Type.Static<typeof PolicyExampleSchema>>();
  });

  it("describe the same rule values", () => {
    expectTypeOf<RuleObject>().toEqualTypeOf<Type.Static<typeof RuleObjectSchema>>();
    expectTypeOf<PatternValue>().toEqualTypeOf<Type.Static<typeof PatternValueSchema>>();
  });

  it("name the same surfaces", () => {
    type Named = keyof Type.Static<typeof PermissionMapSchema>;
    expectTypeOf<Named>().toEqualTypeOf<
      "*" | (typeof SPECIAL_SURFACES)[number] | (typeof BUILTIN_TOOL_SURFACES)[number]
    >();
    expectTypeOf<PermissionMap["*"]>().toEqualTypeOf<
      Type.Static<typeof PermissionMapSchema>["*"]
    >();
  });

  it("describe the same shell tool", () => {
    expectTypeOf<ShellToolDeclaration>().toEqualTypeOf<Type.Static<typeof ShellToolSchema>>();
  });

  it("describe the same program, its map-shaped fields aside", () => {
    // typebox gives an object with additionalProperties the static type `object`.
    type Maps = "options" | "fileOptions" | "match";
    expectTypeOf<Omit<PolicyProgram, Maps>>().toEqualTypeOf<
      Omit<Type.Static<typeof ProgramSchema>, Maps>
    >();
    expectTypeOf<Omit<NonNullable<PolicyProgram["options"]>, "long">>().toEqualTypeOf<
      Omit<Type.Static<typeof ProgramOptionsSchema>, "long">
    >();
  });

  it("describe the same hook", () => {
    expectTypeOf<PolicyHook["name"]>().toEqualTypeOf<Type.Static<typeof HookSchema>["name"]>();
  });
});
