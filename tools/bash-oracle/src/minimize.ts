/**
 * Delta debugging over a command's tokens (blank-separated, each keeping the blanks before it,
 * so newlines and here-document layout survive): the smallest string, token-wise, for which
 * `stillFails` holds. Candidates that no longer parse simply fail the predicate, so no shell
 * grammar is needed. `budget` bounds the number of predicate calls.
 */
export async function minimizeTokens(
  command: string,
  stillFails: (candidate: string) => Promise<boolean>,
  budget = 150,
): Promise<{ command: string; tries: number }> {
  let tokens = tokenize(command);
  let tries = 0;
  const attempt = async (candidate: string[]): Promise<boolean> => {
    if (tries >= budget) return false;
    tries++;
    return stillFails(untokenize(candidate));
  };
  let granularity = 2;
  while (tokens.length >= 2 && tries < budget) {
    const size = Math.ceil(tokens.length / granularity);
    let reduced = false;
    for (let start = 0; start < tokens.length; start += size) {
      const complement = [...tokens.slice(0, start), ...tokens.slice(start + size)];
      if (complement.length > 0 && (await attempt(complement))) {
        tokens = complement;
        granularity = Math.max(granularity - 1, 2);
        reduced = true;
        break;
      }
    }
    if (!reduced) {
      if (granularity >= tokens.length) break;
      granularity = Math.min(granularity * 2, tokens.length);
    }
  }
  return { command: untokenize(tokens), tries };
}

export function tokenize(command: string): string[] {
  return command.match(/\s*\S+/g) ?? [command];
}

export function untokenize(tokens: readonly string[]): string {
  return tokens.join("").replace(/^\s+/, "");
}
