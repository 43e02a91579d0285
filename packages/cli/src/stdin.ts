// Standard input, read as a stream of text: whole, or in complete lines as they arrive.

/** What the CLI reads: `process.stdin`, or any iterable of text chunks in tests. */
export type CliInput = AsyncIterable<string | Uint8Array>;

/**
 * The complete lines of a stream, one batch per chunk read (so output can keep pace with
 * input), the last line given even without a final newline. A `\r` before `\n` is dropped.
 */
export async function* readLines(input: CliInput): AsyncGenerator<string[]> {
  const decoder = new TextDecoder();
  let pending = "";
  for await (const chunk of input) {
    pending += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    const parts = pending.split("\n");
    pending = parts.pop() as string;
    if (parts.length > 0) yield parts.map(stripCr);
  }
  pending += decoder.decode();
  if (pending !== "") yield [stripCr(pending)];
}

/** The whole stream as one string. */
export async function readAll(input: CliInput): Promise<string> {
  let text = "";
  for await (const lines of readLines(input)) text += `${lines.join("\n")}\n`;
  return text;
}

function stripCr(line: string): string {
  return line.endsWith("\r") ? line.slice(0, -1) : line;
}
