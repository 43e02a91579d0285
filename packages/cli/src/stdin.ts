// Standard input, read as a stream of text: whole, or in complete lines as they arrive.

/** What the CLI reads: `process.stdin`, or any iterable of text chunks in tests. */
export type CliInput = AsyncIterable<string | Uint8Array>;

/**
 * The complete lines of a stream, one batch per chunk read (so output can keep pace with
 * input), the last line given even without a final newline. A `\r` before `\n` is dropped.
 */
export async function* readLines(input: CliInput): AsyncGenerator<string[]> {
  const decoder = new TextDecoder();
  // The pieces of the line not yet complete, joined once it ends: only each new chunk is
  // split, so a line of many megabytes read in many chunks costs its length, not its square.
  let pending: string[] = [];
  for await (const chunk of input) {
    const text = typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    const parts = text.split("\n");
    if (parts.length === 1) {
      pending.push(text);
      continue;
    }
    parts[0] = pending.join("") + parts[0];
    pending = [parts.pop() as string];
    yield parts.map(stripCr);
  }
  const last = pending.join("") + decoder.decode();
  if (last !== "") yield [stripCr(last)];
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
