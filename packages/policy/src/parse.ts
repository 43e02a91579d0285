// JSON with comments and trailing commas → a plain value, the order keys were written in,
// the duplicate keys (which plain JSON parsing would silently collapse), and a locator that
// turns a JSON path into a line and column of the text.
import {
  createScanner,
  type Node,
  type ParseError,
  parseTree,
  printParseErrorCode,
  stripComments,
} from "jsonc-parser";
import type { IssueDraft } from "./issues.ts";
import { formatJsonPath, type JsonPathSegment } from "./json-path.ts";
import type { KeyOrder } from "./schema-check.ts";

/** A line and column, both 1-based. */
export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

/** Finds the text behind a JSON path: the key's name or the value. */
export type Locator = (
  segments: readonly JsonPathSegment[],
  target: "key" | "value",
) => TextPosition | null;

/** What {@link parseJsonc} read. `value` is `undefined` when the text is not JSON. */
export interface ParsedJsonc {
  readonly value: unknown;
  /** Problems with the text itself: the first syntax error, and every duplicate key. */
  readonly problems: readonly { draft: IssueDraft; position: TextPosition | null }[];
  /** The keys of every parsed object in the order the file writes them. */
  readonly keyOrder: KeyOrder;
  readonly locate: Locator;
}

const SYNTAX_PHRASES: Record<string, string> = {
  InvalidSymbol: "an unexpected character",
  InvalidNumberFormat: "a malformed number",
  PropertyNameExpected: "a missing key (a key is a string in double quotes)",
  ValueExpected: "a missing value",
  ColonExpected: "a missing `:`",
  CommaExpected: "a missing `,`",
  CloseBraceExpected: "a missing `}`",
  CloseBracketExpected: "a missing `]`",
  EndOfFileExpected: "text after the end of the document",
  InvalidCommentToken: "a malformed comment",
  UnexpectedEndOfComment: "an unterminated comment",
  UnexpectedEndOfString: "an unterminated string",
  UnexpectedEndOfNumber: "an unterminated number",
  InvalidUnicode: "a malformed unicode escape",
  InvalidEscapeCharacter: "a malformed escape",
  InvalidCharacter: "a character that is not allowed in a string",
};

function positionAt(text: string, offset: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

function syntaxProblem(text: string, error: ParseError) {
  const name = printParseErrorCode(error.error);
  const phrase = SYNTAX_PHRASES[name] ?? "a syntax error";
  const empty = stripComments(text).trim() === "";
  const draft: IssueDraft = empty
    ? {
        code: "invalidJson",
        jsonPath: "",
        message: "the file holds no JSON value",
        expected: "a JSON object",
        received: "nothing",
        help: "write `{}` for an empty policy, or delete the file",
      }
    : {
        code: "invalidJson",
        jsonPath: "",
        message: `the file is not valid JSON: ${phrase}`,
        expected: "JSON (comments and trailing commas are fine)",
        received: phrase,
        help: "fix the text at this position; the rest of the file is not read until it parses",
      };
  return { draft, position: positionAt(text, error.offset) };
}

/**
 * The deepest a policy file may nest objects and arrays: far above any real policy (an
 * example's tool input included), far below what a recursive reader survives.
 */
export const MAX_JSON_NESTING = 64;

// jsonc-parser's SyntaxKind is a const enum, which this build cannot read: its values.
const OPEN_BRACE = 1;
const CLOSE_BRACE = 2;
const OPEN_BRACKET = 3;
const CLOSE_BRACKET = 4;
const END = 17;

// The offset of the first `{` or `[` nested deeper than MAX_JSON_NESTING, or -1. The scanner is
// a loop (strings and comments are its tokens), so a file of 3000 `[` is read without recursion.
function tooDeepAt(text: string): number {
  const scanner = createScanner(text, true);
  let depth = 0;
  for (let token = scanner.scan(); token !== END; token = scanner.scan()) {
    if (token === OPEN_BRACE || token === OPEN_BRACKET) {
      depth++;
      if (depth > MAX_JSON_NESTING) return scanner.getTokenOffset();
    } else if (token === CLOSE_BRACE || token === CLOSE_BRACKET) {
      depth--;
    }
  }
  return -1;
}

/**
 * Parse JSON with comments and trailing commas.
 *
 * @example
 * ```ts
 * parseJsonc('{ "yolo": true, // on\n }').value; // { yolo: true }
 * ```
 */
export function parseJsonc(text: string): ParsedJsonc {
  // INVARIANT (S32 F4): a file nested too deeply is not JSON we read, never a crash: the
  // parser and every reader after it recurse once per level (6 KB of `[` overflowed the stack).
  const deep = tooDeepAt(text);
  if (deep >= 0) {
    const phrase = `objects or arrays nested more than ${MAX_JSON_NESTING} deep`;
    return {
      value: undefined,
      problems: [
        {
          draft: {
            code: "invalidJson",
            jsonPath: "",
            message: `the file is not a policy we read: ${phrase}`,
            expected: `at most ${MAX_JSON_NESTING} levels of nesting`,
            received: phrase,
            help: "a policy needs a few levels; remove the deep nesting",
          },
          position: positionAt(text, deep),
        },
      ],
      keyOrder: (o) => Object.keys(o),
      locate: () => null,
    };
  }
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, {
    allowTrailingComma: true,
    disallowComments: false,
    allowEmptyContent: false,
  });
  const order = new WeakMap<object, string[]>();
  const problems: { draft: IssueDraft; position: TextPosition | null }[] = [];
  const [firstError] = errors;
  const locate: Locator = (segments, target) => {
    const node = tree && find(tree, segments, target);
    return node ? positionAt(text, node.offset) : null;
  };
  if (firstError !== undefined || tree === undefined) {
    if (firstError !== undefined) problems.push(syntaxProblem(text, firstError));
    return { value: undefined, problems, keyOrder: (o) => Object.keys(o), locate };
  }

  const build = (node: Node, path: readonly JsonPathSegment[]): unknown => {
    switch (node.type) {
      case "object": {
        const object: Record<string, unknown> = {};
        const keys: string[] = [];
        for (const property of node.children ?? []) {
          const [keyNode, valueNode] = property.children ?? [];
          if (keyNode === undefined || valueNode === undefined) continue;
          const key = String(keyNode.value);
          const childPath = [...path, key];
          if (Object.hasOwn(object, key)) {
            problems.push({
              draft: {
                code: "duplicateKey",
                jsonPath: formatJsonPath(childPath),
                message: `the key \`${key}\` appears more than once in this object`,
                expected: "each key once",
                received: `\`${key}\` again`,
                help: "merge the entries into one: the file is broken until then, and the stricter copy counts",
              },
              position: positionAt(text, keyNode.offset),
            });
            // S32 F3: keeping only the first copy lost a later `"rm *": "deny"`. The file is
            // broken (an error), and what it keeps of the key is the stricter of its copies.
            Object.defineProperty(object, key, {
              value: stricterCopy(object[key], build(valueNode, childPath)),
              enumerable: true,
              writable: true,
              configurable: true,
            });
            continue;
          }
          keys.push(key);
          // defineProperty: a key named `__proto__` stays an ordinary (and unknown) key.
          Object.defineProperty(object, key, {
            value: build(valueNode, childPath),
            enumerable: true,
            writable: true,
            configurable: true,
          });
        }
        order.set(object, keys);
        return object;
      }
      case "array":
        return (node.children ?? []).map((child, index) => build(child, [...path, index]));
      default:
        return node.value;
    }
  };
  // Two copies of one key, as the stricter one: of two actions the stricter (the later on a
  // tie); two maps merged key by key (each shared key again the stricter copy); a deny over
  // anything that is not an action; otherwise the later copy, as JSON reads it.
  const stricterCopy = (earlier: unknown, later: unknown): unknown => {
    const a = actionOf(earlier);
    const b = actionOf(later);
    if (a !== undefined && b !== undefined) return RANK[a] > RANK[b] ? earlier : later;
    if (isMap(earlier) && isMap(later) && a === undefined && b === undefined) {
      const merged: Record<string, unknown> = {};
      const keys = [...(order.get(earlier) ?? Object.keys(earlier))];
      for (const key of keys) {
        Object.defineProperty(merged, key, { value: earlier[key], ...OPEN });
      }
      for (const key of order.get(later) ?? Object.keys(later)) {
        const value = Object.hasOwn(merged, key)
          ? stricterCopy(merged[key], later[key])
          : later[key];
        if (!Object.hasOwn(merged, key)) keys.push(key);
        Object.defineProperty(merged, key, { value, ...OPEN });
      }
      order.set(merged, keys);
      return merged;
    }
    if (a === "deny") return earlier;
    return later;
  };
  const value = build(tree, []);
  return {
    value,
    problems,
    keyOrder: (object) => order.get(object) ?? Object.keys(object),
    locate,
  };
}

const OPEN = { enumerable: true, writable: true, configurable: true } as const;
const RANK = { allow: 0, ask: 1, deny: 2 } as const;

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// The action a rule value says: `"deny"`, or `{ "action": "deny", ... }`.
function actionOf(value: unknown): keyof typeof RANK | undefined {
  const action = isMap(value) ? value.action : value;
  return action === "allow" || action === "ask" || action === "deny" ? action : undefined;
}

// The node of the first occurrence of each key, as the value was built from it.
function find(
  root: Node,
  segments: readonly JsonPathSegment[],
  target: "key" | "value",
): Node | undefined {
  let node: Node | undefined = root;
  let keyNode: Node | undefined;
  for (const segment of segments) {
    if (node === undefined) return undefined;
    if (typeof segment === "number") {
      if (node.type !== "array") return undefined;
      node = node.children?.[segment];
      keyNode = node;
      continue;
    }
    if (node.type !== "object") return undefined;
    const property: Node | undefined = node.children?.find(
      (p) => p.children?.[0]?.value === segment,
    );
    keyNode = property?.children?.[0];
    node = property?.children?.[1];
  }
  return target === "key" && segments.length > 0 ? keyNode : node;
}
