// The interfaces are written by hand so that the published declarations stay readable;
// these checks prove they describe exactly the data the schemas (and so the guards and the
// committed JSON Schema) accept. `tsc -p tsconfig.json` type-checks this file.
import type Type from "typebox";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  PERMISSION_DECISION_RESOLUTIONS,
  type PermissionDecisionEvent,
  type PermissionSource,
  type PermissionsReadyEvent,
  type PermissionsStateEntry,
  type PermissionUiPromptEvent,
  PROMPT_PAYLOAD_KINDS,
  type PromptPayload,
} from "../src/index.ts";
import { type PayloadSchemas, payloadSchemas } from "../src/schemas.ts";

const { PermissionDecisionEventSchema, PromptPayloadKindSchema } = payloadSchemas();

describe("the hand-written interfaces and the schemas", () => {
  it("describe the same prompt payload", () => {
    expectTypeOf<PromptPayload>().toEqualTypeOf<
      Type.Static<PayloadSchemas["PromptPayloadSchema"]>
    >();
  });

  it("describe the same decision event, result and resolution paired", () => {
    expectTypeOf<PermissionDecisionEvent>().toEqualTypeOf<
      Type.Static<typeof PermissionDecisionEventSchema>
    >();
  });

  it("describe the same ui_prompt and ready events", () => {
    expectTypeOf<PermissionUiPromptEvent>().toEqualTypeOf<
      Type.Static<PayloadSchemas["PermissionUiPromptEventSchema"]>
    >();
    expectTypeOf<PermissionsReadyEvent>().toEqualTypeOf<
      Type.Static<PayloadSchemas["PermissionsReadyEventSchema"]>
    >();
  });

  it("describe the same permission state entry and source", () => {
    expectTypeOf<PermissionsStateEntry>().toEqualTypeOf<
      Type.Static<PayloadSchemas["PermissionsStateEntrySchema"]>
    >();
    expectTypeOf<PermissionSource>().toEqualTypeOf<
      Type.Static<PayloadSchemas["PermissionSourceSchema"]>
    >();
  });

  it("list the same payload kinds at run time", () => {
    expect(PromptPayloadKindSchema.enum).toEqual([...PROMPT_PAYLOAD_KINDS]);
  });

  it("split every resolution into exactly one of the two event arms", () => {
    const [allowArm, denyArm] = PermissionDecisionEventSchema.anyOf;
    expect(
      [...allowArm.properties.resolution.enum, ...denyArm.properties.resolution.enum].sort(),
    ).toEqual([...PERMISSION_DECISION_RESOLUTIONS].sort());
  });
});
