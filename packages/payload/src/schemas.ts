// The one definition of every shape this package publishes, as JSON Schema (typebox).
// The guards check values against these schemas, the committed schema/events.schema.json is
// generated from them, and test/schema-parity.test.ts proves at compile time that the
// hand-written interfaces (kept for readable declarations) describe exactly the same data.
import { createRequire } from "node:module";
import type TypeModule from "typebox";
import {
  type AllowResolution,
  DECISION_RESOLUTIONS,
  type DenyResolution,
  PERMISSION_DECISION_RESOLUTIONS,
} from "./decision.ts";
import { PROMPT_PAYLOAD_KINDS, SPELLING_STEPS } from "./prompt-payload.ts";

// typebox is a tree of some 370 modules; building the schemas is needed only by a guard's
// first check or the committed JSON document, so neither typebox nor the schemas are loaded
// with the package. require() of an ES module works from Node 20.19 on.
function build(Type: typeof TypeModule) {
  const NullableString = Type.Union([Type.String(), Type.Null()]);

  const allowResolutions = PERMISSION_DECISION_RESOLUTIONS.filter(
    (r) => DECISION_RESOLUTIONS[r].result === "allow",
  ) as AllowResolution[];
  const denyResolutions = PERMISSION_DECISION_RESOLUTIONS.filter(
    (r) => DECISION_RESOLUTIONS[r].result === "deny",
  ) as DenyResolution[];

  const PromptPayloadKindSchema = Type.Enum([...PROMPT_PAYLOAD_KINDS]);

  const BashCommandContextSchema = Type.Union([
    Type.Literal("command_substitution"),
    Type.Literal("process_substitution"),
    Type.Literal("subshell"),
    Type.Null(),
  ]);

  const PromptRequesterSchema = Type.Object(
    {
      agentName: NullableString,
      forwarded: Type.Boolean(),
      sessionId: NullableString,
    },
    { description: "Who raised the permission request." },
  );

  const PermissionSourceSchema = Type.Union([
    Type.Literal("user"),
    Type.Literal("project"),
    // biome-ignore lint/suspicious/noTemplateCurlyInString: typebox spells a template literal type this way
    Type.TemplateLiteral("package:${string}"),
  ]);

  const PermissionHookRefSchema = Type.Object(
    {
      id: Type.String({ minLength: 1 }),
      name: Type.String(),
      source: PermissionSourceSchema,
    },
    { description: "The permission hook that decided a request." },
  );

  const OptionalHook = Type.Optional(Type.Union([PermissionHookRefSchema, Type.Null()]));

  const MatchedSpellingSchema = Type.Object(
    {
      text: Type.String(),
      steps: Type.Array(Type.Enum([...SPELLING_STEPS]), { minItems: 1 }),
    },
    { description: "The spelling of a bash command unit a rule met, and how it was made." },
  );

  const PromptRequestFactsSchema = Type.Object(
    {
      requester: PromptRequesterSchema,
      surface: Type.String(),
      toolName: NullableString,
      invokedToolName: NullableString,
      value: Type.String(),
      matchedPattern: NullableString,
      commandContext: BashCommandContextSchema,
      executedUnit: NullableString,
      matchedAs: Type.Optional(Type.Union([MatchedSpellingSchema, Type.Null()])),
      hook: OptionalHook,
    },
    { description: "The facts that identify one permission request." },
  );

  const PromptEvidenceSchema = Type.Object({
    label: Type.String(),
    text: Type.String(),
    detail: NullableString,
  });

  const PromptAnnotationSchema = Type.Object({
    source: Type.String(),
    text: Type.String(),
  });

  const PromptPayloadSchema = Type.Object(
    {
      kind: PromptPayloadKindSchema,
      request: PromptRequestFactsSchema,
      evidence: Type.Array(PromptEvidenceSchema),
      annotations: Type.Array(PromptAnnotationSchema),
    },
    { description: "The complete, structured description of one permission ask." },
  );

  const ForwardedPromptContextSchema = Type.Object(
    {
      requesterAgentName: NullableString,
      requesterSessionId: NullableString,
    },
    { description: "Who forwarded a request to the session that decided it." },
  );

  // A request id is never empty: an empty one cannot join the event to its review-log lines.
  const RequestId = Type.String({ minLength: 1 });

  const DecisionCallOutcomeSchema = Type.Object(
    {
      result: Type.Union([Type.Literal("allow"), Type.Literal("deny")]),
      decidingRequestId: RequestId,
    },
    {
      description:
        "The outcome of the tool call a permission request belongs to, and the request that decided it.",
    },
  );

  const decisionEventFields = {
    requestId: RequestId,
    surface: Type.String(),
    value: Type.String(),
    origin: NullableString,
    agentName: NullableString,
    matchedPattern: NullableString,
    forwarding: Type.Union([ForwardedPromptContextSchema, Type.Null()]),
    hook: OptionalHook,
    preemptedBy: Type.Optional(Type.Union([RequestId, Type.Null()])),
    call: Type.Optional(DecisionCallOutcomeSchema),
  };

  const PermissionDecisionEventSchema = Type.Union(
    [
      Type.Object({
        ...decisionEventFields,
        result: Type.Literal("allow"),
        resolution: Type.Enum(allowResolutions),
      }),
      Type.Object({
        ...decisionEventFields,
        result: Type.Literal("deny"),
        resolution: Type.Enum(denyResolutions),
      }),
    ],
    {
      description:
        "Published on permissions:decision, once per permission request, when the outcome of its tool call is final. The resolution always agrees with the result. result is allow only when the whole call runs; a request another request of the call refused before its own verdict took effect is deny with preemptedBy naming that request. call is the call's outcome; the event whose requestId equals call.decidingRequestId decided it.",
    },
  );

  const PermissionUiPromptEventSchema = Type.Object(
    {
      requestId: RequestId,
      source: Type.Enum(["tool_call", "skill_input", "skill_read"]),
      kind: PromptPayloadKindSchema,
      request: PromptRequestFactsSchema,
      forwarding: Type.Union([ForwardedPromptContextSchema, Type.Null()]),
    },
    { description: "Published on permissions:ui_prompt immediately before a human is asked." },
  );

  const PermissionsReadyEventSchema = Type.Object(
    {
      sessionId: NullableString,
      adjudicatesLocally: Type.Boolean(),
    },
    { description: "Published on permissions:ready (at least once) when gating is live." },
  );

  // INVARIANT: the state entry is strict (no unknown keys at either level). Whatever does not
  // match exactly is treated as "no entry", which restores default enablement.
  const PersistedPermissionHookSchema = Type.Object(
    {
      id: Type.String({ minLength: 1 }),
      name: Type.String(),
      source: PermissionSourceSchema,
      enabled: Type.Boolean(),
      changed: Type.Boolean(),
    },
    { additionalProperties: false },
  );

  const PermissionsStateEntrySchema = Type.Object(
    { hooks: Type.Array(PersistedPermissionHookSchema, { minItems: 1 }) },
    {
      additionalProperties: false,
      description:
        "The data of a `permissions` custom session entry: the complete after-state of every loaded hook. Beyond this schema, hook ids are unique and at least one hook changed.",
    },
  );

  return {
    PromptPayloadKindSchema,
    BashCommandContextSchema,
    PromptRequesterSchema,
    PermissionSourceSchema,
    PermissionHookRefSchema,
    MatchedSpellingSchema,
    PromptRequestFactsSchema,
    PromptEvidenceSchema,
    PromptAnnotationSchema,
    PromptPayloadSchema,
    ForwardedPromptContextSchema,
    DecisionCallOutcomeSchema,
    PermissionDecisionEventSchema,
    PermissionUiPromptEventSchema,
    PermissionsReadyEventSchema,
    PersistedPermissionHookSchema,
    PermissionsStateEntrySchema,
  };
}

/** Every schema of the package, by name. */
export type PayloadSchemas = ReturnType<typeof build>;

let built: PayloadSchemas | undefined;

/** The schemas, built on first use. */
export function payloadSchemas(): PayloadSchemas {
  built ??= build(
    (createRequire(import.meta.url)("typebox") as { default: typeof TypeModule }).default,
  );
  return built;
}

/**
 * The JSON Schema document committed as `schema/events.schema.json`, for consumers that do
 * not use TypeScript. Each shape is under `$defs`.
 */
export function eventsJsonSchema(): Record<string, unknown> {
  const {
    PermissionDecisionEventSchema,
    PermissionUiPromptEventSchema,
    PermissionsReadyEventSchema,
    PromptPayloadSchema,
    PermissionsStateEntrySchema,
  } = payloadSchemas();
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "https://unpkg.com/@pi-permission/payload/schema/events.schema.json",
    title: "pi-permission events",
    description:
      "The shapes @pi-permission/payload publishes. Fields are only ever added; a removal or a rename is a major release. Generated from packages/payload/src/schemas.ts; do not edit.",
    $defs: {
      PermissionDecisionEvent: PermissionDecisionEventSchema,
      PermissionUiPromptEvent: PermissionUiPromptEventSchema,
      PermissionsReadyEvent: PermissionsReadyEventSchema,
      PromptPayload: PromptPayloadSchema,
      PermissionsStateEntry: PermissionsStateEntrySchema,
    },
  };
}
