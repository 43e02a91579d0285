/** One step into a JSON document: an object key or an array index. */
export type JsonPathSegment = string | number;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Spell a path into a JSON document the way a user reads it: `permission.bash["git *"]`.
 * Keys that are identifiers use a dot, any other key a bracket with the key as a JSON string,
 * an index a bracket with the number. The document itself is the empty string.
 *
 * @example
 * ```ts
 * formatJsonPath(["permission", "bash", "git *"]); // 'permission.bash["git *"]'
 * ```
 */
export function formatJsonPath(segments: readonly JsonPathSegment[]): string {
  let out = "";
  for (const segment of segments) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) out += out === "" ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/**
 * Read back a path written by {@link formatJsonPath}. Returns `undefined` for anything else.
 *
 * @example
 * ```ts
 * parseJsonPath('permission.bash["git *"]'); // ["permission", "bash", "git *"]
 * ```
 */
export function parseJsonPath(path: string): JsonPathSegment[] | undefined {
  const segments: JsonPathSegment[] = [];
  let rest = path;
  while (rest !== "") {
    const identifier = /^\.?([A-Za-z_$][A-Za-z0-9_$]*)/.exec(rest);
    if (identifier?.[1] !== undefined && (segments.length > 0 || !rest.startsWith("."))) {
      segments.push(identifier[1]);
      rest = rest.slice(identifier[0].length);
      continue;
    }
    const index = /^\[(\d+)\]/.exec(rest);
    if (index?.[1] !== undefined) {
      segments.push(Number(index[1]));
      rest = rest.slice(index[0].length);
      continue;
    }
    const key = /^\[("(?:[^"\\]|\\.)*")\]/.exec(rest);
    if (key?.[1] === undefined) return undefined;
    segments.push(JSON.parse(key[1]) as string);
    rest = rest.slice(key[0].length);
  }
  return segments;
}
