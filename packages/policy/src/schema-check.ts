// Runtime validation, read straight from the typebox schema (which is JSON Schema): one walk
// that understands exactly the keywords ./schema.ts uses (test/schema-check.test.ts
// fails if a new keyword appears) and turns each violation into an issue with a stable code.
// A fast-check property there proves this walk and typebox's own Value.Check agree on
// whether a document is valid.
//
// keyword                                   → code
// type (or no anyOf branch of the value's type) → wrongType
// enum (the action)                         → unknownAction
// enum (any other, such as a program kind)  → unknownValue
// items (each element of an array)          → the element's own codes
// properties / additionalProperties: false  → unknownKey
// patternProperties → `not: {}`             → unknownSurface (the misspelled-surface pattern)
// propertyNames.minLength                   → emptyKey
// required                                  → missingKey
// minimum, maximum                          → outOfRange
// minLength                                 → emptyValue
import type { IssueDraft } from "./issues.ts";
import { formatJsonPath, type JsonPathSegment } from "./json-path.ts";
import { closestName } from "./suggest.ts";

/** The subset of JSON Schema the policy schema uses. */
export interface SchemaNode {
  type?: string;
  enum?: readonly unknown[];
  anyOf?: readonly SchemaNode[];
  not?: SchemaNode;
  properties?: Readonly<Record<string, SchemaNode>>;
  items?: SchemaNode;
  required?: readonly string[];
  additionalProperties?: SchemaNode | boolean;
  patternProperties?: Readonly<Record<string, SchemaNode>>;
  propertyNames?: { minLength?: number };
  minimum?: number;
  maximum?: number;
  minLength?: number;
  title?: string;
  description?: string;
  default?: unknown;
  examples?: readonly unknown[];
}

/** Every keyword the walk understands (annotations included). */
export const UNDERSTOOD_KEYWORDS: ReadonlySet<string> = new Set([
  "type",
  "enum",
  "anyOf",
  "not",
  "properties",
  "items",
  "required",
  "additionalProperties",
  "patternProperties",
  "propertyNames",
  "minimum",
  "maximum",
  "minLength",
  "title",
  "description",
  "default",
  "examples",
]);

/** A violation, with where it is: at a key (its name) or at a value. */
export interface SchemaFinding {
  readonly draft: IssueDraft;
  readonly segments: readonly JsonPathSegment[];
  readonly target: "key" | "value";
}

/** The order in which an object's keys are walked; the parser supplies the file's order. */
export type KeyOrder = (object: Record<string, unknown>) => readonly string[];

type JsonType = "null" | "boolean" | "integer" | "number" | "string" | "array" | "object";

function jsonType(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value as JsonType;
}

function accepts(schema: SchemaNode, type: JsonType): boolean {
  if (schema.anyOf) return schema.anyOf.some((branch) => accepts(branch, type));
  if (schema.not) return false;
  if (schema.enum) return schema.enum.some((v) => jsonType(v) === type);
  if (schema.type === "number") return type === "number" || type === "integer";
  return schema.type === undefined || schema.type === type;
}

function list(values: readonly string[], joiner = "or"): string {
  if (values.length <= 1) return values.join("");
  return `${values.slice(0, -1).join(", ")} ${joiner} ${values.at(-1)}`;
}

function code(text: unknown): string {
  return `\`${typeof text === "string" && text !== "" ? text : JSON.stringify(text)}\``;
}

function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`;
}

/** The noun phrase for what a schema accepts: "an action (`allow`, `ask` or `deny`)". */
export function describeSchema(schema: SchemaNode): string {
  if (schema.anyOf) return schema.anyOf.map(describeSchema).join(" or ");
  if (schema.not) return "nothing";
  if (schema.enum) {
    const values = list(schema.enum.map(code));
    return schema.title ? `${withArticle(schema.title.toLowerCase())} (${values})` : values;
  }
  switch (schema.type) {
    case "integer":
      if (schema.maximum !== undefined)
        return `an integer from ${schema.minimum ?? "any"} to ${schema.maximum}`;
      if (schema.minimum === 1) return "a positive integer";
      return schema.minimum === undefined
        ? "an integer"
        : `an integer of at least ${schema.minimum}`;
    case "boolean":
      return "`true` or `false`";
    case "array":
      return schema.items?.type === "string" ? "an array of strings" : "an array";
    case "string":
      return schema.minLength ? "a non-empty string" : "a string";
    case "object": {
      if (!schema.title) return "an object";
      const noun = schema.title.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase());
      return withArticle(/\b(object|map)$/.test(noun) ? noun : `${noun} object`);
    }
    default:
      return schema.type ? withArticle(schema.type) : "a value";
  }
}

/** How a value that came in is named: "number `3`", "string `\"24\"`". */
export function describeValue(value: unknown): string {
  const type = jsonType(value);
  if (type === "array") return "an array";
  if (type === "object") return "an object";
  if (type === "null") return "`null`";
  const text = JSON.stringify(value);
  const shown = text.length > 60 ? `${text.slice(0, 59)}…` : text;
  return `${type === "integer" ? "number" : type} \`${shown}\``;
}

function examplesOf(schema: SchemaNode): unknown[] {
  if (schema.examples) return [...schema.examples];
  if (schema.default !== undefined) return [schema.default];
  if (schema.anyOf) return schema.anyOf.flatMap(examplesOf);
  return [];
}

function exampleHelp(schema: SchemaNode, fallback: string): string {
  const examples = examplesOf(schema);
  if (examples.length === 0) return fallback;
  const shown = list(examples.map((example) => `\`${JSON.stringify(example)}\``));
  return schema.default === undefined
    ? `for example ${shown}`
    : `for example ${shown} (the default)`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return jsonType(value) === "object";
}

const ownKeys: KeyOrder = (object) => Object.keys(object);

/**
 * Check a value against a schema node and return every violation, in document order.
 *
 * @example
 * ```ts
 * checkAgainstSchema(PolicyDocumentSchema, { yollo: true });
 * // [{ draft: { code: "unknownKey", … }, segments: ["yollo"], target: "key" }]
 * ```
 */
export function checkAgainstSchema(
  schema: SchemaNode,
  value: unknown,
  keyOrder: KeyOrder = ownKeys,
): SchemaFinding[] {
  const findings: SchemaFinding[] = [];
  walk(schema, value, [], { keyOrder, findings });
  return findings;
}

interface WalkContext {
  readonly keyOrder: KeyOrder;
  readonly findings: SchemaFinding[];
}

function report(
  context: WalkContext,
  segments: readonly JsonPathSegment[],
  target: "key" | "value",
  draft: Omit<IssueDraft, "jsonPath">,
): void {
  context.findings.push({
    draft: { ...draft, jsonPath: formatJsonPath(segments) },
    segments,
    target,
  });
}

function walk(
  schema: SchemaNode,
  value: unknown,
  path: readonly JsonPathSegment[],
  context: WalkContext,
): void {
  const type = jsonType(value);
  if (schema.anyOf) {
    const branches = schema.anyOf.filter((branch) => accepts(branch, type));
    const [first] = branches;
    if (first === undefined) {
      wrongType(schema, value, path, context);
      return;
    }
    // With several candidate branches, the first that fits decides; otherwise report the first.
    for (const branch of branches) {
      const trial: WalkContext = { ...context, findings: [] };
      walk(branch, value, path, trial);
      if (trial.findings.length === 0) return;
    }
    walk(first, value, path, context);
    return;
  }
  if (!accepts(schema, type)) {
    wrongType(schema, value, path, context);
    return;
  }
  if (schema.enum && !schema.enum.includes(value)) {
    const allowed = schema.enum.map(String);
    const suggestion = closestName(String(value), allowed);
    const action = schema.title === "Action";
    const noun = (schema.title ?? "value").toLowerCase();
    report(context, path, "value", {
      code: action ? "unknownAction" : "unknownValue",
      message: `unknown ${noun} ${code(value)}`,
      expected: list(allowed.map(code)),
      received: code(value),
      help: suggestion
        ? `did you mean ${code(suggestion)}?`
        : `${withArticle(noun)} is ${list(allowed.map(code))}`,
    });
    return;
  }
  const below = schema.minimum !== undefined && (value as number) < schema.minimum;
  const above = schema.maximum !== undefined && (value as number) > schema.maximum;
  if (typeof value === "number" && (below || above)) {
    const [side, bound, word] = below
      ? ["less than the minimum", schema.minimum, "at least"]
      : ["more than the maximum", schema.maximum, "at most"];
    report(context, path, "value", {
      code: "outOfRange",
      message: `${code(value)} is ${side} of ${bound}`,
      expected: describeSchema(schema),
      received: code(value),
      help: exampleHelp(schema, `use a number of ${word} ${bound}`),
    });
    return;
  }
  if (
    typeof value === "string" &&
    schema.minLength !== undefined &&
    value.length < schema.minLength
  ) {
    report(context, path, "value", {
      code: "emptyValue",
      message: "the value is empty",
      expected: describeSchema(schema),
      received: code(value),
      help: "write some text, or remove the key if it is optional",
    });
    return;
  }
  if (isRecord(value)) walkObject(schema, value, path, context);
  if (Array.isArray(value) && schema.items) {
    const items = schema.items;
    value.forEach((item, index) => {
      walk(items, item, [...path, index], context);
    });
  }
}

function wrongType(
  schema: SchemaNode,
  value: unknown,
  path: readonly JsonPathSegment[],
  context: WalkContext,
): void {
  const expected = describeSchema(schema);
  const received = describeValue(value);
  report(context, path, "value", {
    code: "wrongType",
    message: `expected ${expected}, got ${received}`,
    expected,
    received,
    help: exampleHelp(schema, `write ${expected}`),
  });
}

function misspelledSurfaceHelp(key: string): { expected: string; help: string } {
  if (key === "*") {
    return {
      expected: "a tool name or a special surface",
      help: "a hook has no universal default: give each surface its own `*` pattern instead",
    };
  }
  const family = key.startsWith("external_directory_")
    ? "external_directory"
    : key === ""
      ? ""
      : "path";
  if (family === "") {
    return {
      expected: "a tool name or a special surface",
      help: "remove the entry or name the tool or surface it is for",
    };
  }
  const variants = [`${family}_read`, `${family}_write`];
  const suggestion = closestName(key, variants);
  return {
    expected: list(variants.map(code)),
    help: suggestion
      ? `did you mean ${code(suggestion)}?`
      : `use ${list(variants.map(code))}, or ${code(family)} for both directions`,
  };
}

function walkObject(
  schema: SchemaNode,
  value: Record<string, unknown>,
  path: readonly JsonPathSegment[],
  context: WalkContext,
): void {
  const properties = schema.properties ?? {};
  const patterns = Object.entries(schema.patternProperties ?? {}).map(
    ([pattern, sub]) => [new RegExp(pattern, "u"), sub] as const,
  );
  for (const key of context.keyOrder(value)) {
    const child = [...path, key];
    const minLength = schema.propertyNames?.minLength;
    if (minLength !== undefined && key.length < minLength) {
      report(context, child, "key", {
        code: "emptyKey",
        message: "the key is empty",
        expected: "a non-empty key",
        received: code(key),
        help: "remove the entry or give it a name (`*` matches everything)",
      });
      continue;
    }
    const known = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (known) walk(known, value[key], child, context);
    let matchedPattern = false;
    for (const [regex, sub] of patterns) {
      if (!regex.test(key)) continue;
      matchedPattern = true;
      if (sub.not) {
        const { expected, help } = misspelledSurfaceHelp(key);
        report(context, child, "key", {
          code: "unknownSurface",
          message:
            key === ""
              ? "an empty key is not a surface"
              : key === "*"
                ? "a hook's permission map has no universal default `*`"
                : `${code(key)} is not a surface`,
          expected,
          received: code(key),
          help,
        });
      } else {
        walk(sub, value[key], child, context);
      }
    }
    if (known || matchedPattern) continue;
    const extra = schema.additionalProperties;
    if (extra === false) {
      const names = Object.keys(properties);
      const suggestion = closestName(key, names);
      report(context, child, "key", {
        code: "unknownKey",
        message: `unknown key ${code(key)}`,
        expected: names.length > 2 ? `one of ${list(names.map(code))}` : list(names.map(code)),
        received: code(key),
        help: suggestion
          ? `did you mean ${code(suggestion)}?`
          : "remove it: this version of pi-permission does not read it",
      });
    } else if (typeof extra === "object") {
      walk(extra, value[key], child, context);
    }
  }
  for (const key of schema.required ?? []) {
    if (Object.hasOwn(value, key)) continue;
    const property = properties[key];
    report(context, path, "value", {
      code: "missingKey",
      message: `missing key ${code(key)}`,
      expected: property ? `${code(key)}: ${describeSchema(property)}` : code(key),
      received: null,
      help: `add ${code(`"${key}": ${JSON.stringify(examplesOf(property ?? {})[0] ?? "…")}`)}`,
    });
  }
}
