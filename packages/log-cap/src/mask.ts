import { copyWalk } from "./walk.ts";

/** What replaces the whole value of a sensitive key, whatever that value was. */
export const MASKED_LOG_VALUE = "[masked]";

/**
 * Whether a log-record key names a secret, so that its value must never be written.
 *
 * The rule reads the key name only, never the value:
 * 1. The key is split into lowercase words at every character other than a letter or
 *    digit, between letters and digits (`oauth2Token` → `oauth 2 token`), and at camelCase
 *    humps (`githubToken` → `github token`, `APIKey` → `api key`). Matching is
 *    case-insensitive: the key is also read with the humps ignored, so odd casing such as
 *    `pAsSwOrD` cannot split a term apart.
 * 2. A word, or two adjacent words joined, that ends with a sensitive term is a hit:
 *    `token`, `password(s)`, `passwd`, `passphrase(s)`, `secret(s)`, `authorization`,
 *    `cookie(s)`, `credential(s)`, `apikey(s)`, `privatekey(s)`. Ending-with lets
 *    `GITHUBTOKEN` and `xapikey` match; joining lets `api_key`, `x-api-key` and
 *    `private-key` match. A term inside a longer word does not match (`tokenizer`,
 *    `secretary`, `passwordless`).
 * 3. A hit followed by a quantity word (`count`, `length`, `limit`, `max`, `total`, `used`,
 *    `usage`, `size`, …) names a number about the secret, not the secret: `tokenCount` and
 *    `password_length` are not sensitive.
 *
 * `token` matches in the singular only: in an agent's logs `tokens` is almost always a
 * usage count (`max_tokens`, `tokens_used`, `inputTokens`). Other terms match in both
 * numbers, since `secrets` or `cookies` hold many secrets.
 *
 * When in doubt the rule masks: `secretName` or `passwordHash` are masked, since a missed
 * secret costs more than a hidden name. Bare `key` and `auth` are not terms (`sortKey`,
 * `authMethod`), nor is `pwd` (the working directory).
 *
 * @example
 * ```ts
 * isSensitiveLogKey("AWS_SECRET_ACCESS_KEY"); // true
 * isSensitiveLogKey("githubToken"); // true
 * isSensitiveLogKey("tokenCount"); // false
 * isSensitiveLogKey("tokens_used"); // false
 * ```
 */
export function isSensitiveLogKey(key: string): boolean {
  let sensitive = sensitiveKeys.get(key);
  if (sensitive === undefined) {
    sensitive = hasSensitiveHit(humpWords(key)) || hasSensitiveHit(caselessWords(key));
    if (sensitiveKeys.size >= SENSITIVE_KEYS_KEPT) sensitiveKeys.clear();
    sensitiveKeys.set(key, sensitive);
  }
  return sensitive;
}

// Every line asks about the same few field names (`requestId`, `command`, `resolution`, …),
// and splitting a name into words was most of the cost of masking a line: each answer is
// kept (the rule reads the name only), up to a bound, since names can come from tool input.
const sensitiveKeys = new Map<string, boolean>();
const SENSITIVE_KEYS_KEPT = 1024;

function hasSensitiveHit(words: readonly string[]): boolean {
  return words.some((word, index) => {
    const previous = words[index - 1] ?? "";
    const hit = SENSITIVE_ENDING.test(word) || SENSITIVE_ENDING.test(`${previous}${word}`);
    const next = words[index + 1];
    return hit && (next === undefined || !QUANTITY_WORDS.has(next));
  });
}

const SENSITIVE_ENDING =
  /(?:token|passwords?|passwd|passphrases?|secrets?|authorization|cookies?|credentials?|apikeys?|privatekeys?)$/;

const QUANTITY_WORDS: ReadonlySet<string> = new Set([
  "budget",
  "count",
  "counts",
  "estimate",
  "len",
  "length",
  "limit",
  "limits",
  "max",
  "min",
  "num",
  "number",
  "size",
  "total",
  "usage",
  "used",
]);

/** Words split at separators, camelCase humps and letter-digit boundaries, lowercased. */
function humpWords(key: string): string[] {
  return caselessWords(
    // A lookahead, not `([A-Z]+)([A-Z][a-z])`: that backtracks quadratically over a long
    // run of capitals, and keys can come from a model's tool input.
    key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z])(?=[A-Z][a-z])/g, "$1 "),
  );
}

/** Words split at separators and letter-digit boundaries only, so case cannot split a term. */
function caselessWords(key: string): string[] {
  return key
    .replace(/([A-Za-z])([0-9])/g, "$1 $2")
    .replace(/([0-9])([A-Za-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
}

/**
 * A copy of `details` in which the value of every sensitive key ({@link isSensitiveLogKey}),
 * at any depth, is replaced whole by {@link MASKED_LOG_VALUE}: strings of any length,
 * numbers, `null`, and whole objects and arrays alike. Nothing is masked by what a value
 * looks like, so a secret inside a non-sensitive field (a bash command) stays as it is.
 *
 * It never changes `details`, and it walks the same structure the width cap does: plain
 * objects and arrays are copied and walked, other objects are passed through untouched by
 * reference, and a cycle is reproduced in the copy.
 *
 * @example
 * ```ts
 * maskSensitiveFields({ headers: { Authorization: "Bearer abc" }, tokenCount: 12 });
 * // { headers: { Authorization: "[masked]" }, tokenCount: 12 }
 * ```
 */
export function maskSensitiveFields(details: Record<string, unknown>): Record<string, unknown> {
  return maskWithPointers(details, MASKED_LOG_VALUE, []);
}

/** {@link maskSensitiveFields} with a given marker, also pushing each masked JSON Pointer. */
export function maskWithPointers(
  details: Record<string, unknown>,
  marker: string,
  masked: string[],
): Record<string, unknown> {
  return copyWalk(details, (_value, key, pointer) => {
    // INVARIANT: decided by the key alone; the value is replaced without being read, so no
    // part of it (not even its length) reaches the log.
    if (!isSensitiveLogKey(key)) return undefined;
    masked.push(pointer);
    return { replaceWith: marker };
  });
}
