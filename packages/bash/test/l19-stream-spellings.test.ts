import { describe, expect, it } from "vitest";
import { SENTINELS } from "../src/index.ts";
import { streamSpelling } from "../src/programs/opaque.ts";
import { analyze } from "./helpers.ts";

/**
 * A script operand that climbs with `..` to a stream is the stream (R19, traced under bash
 * 5.2: `bash ../dev/stdin <<< 'git push origin main'` from /repo runs git push). The names were
 * compared as written, so only `/dev/stdin` and its absolute spellings were code from stdin.
 */
async function sentinels(command: string): Promise<string[]> {
  return (await analyze(command)).units.flatMap((unit) => (unit.sentinel ? [unit.sentinel] : []));
}

describe("a relative or ~ spelling of a stream", () => {
  it.each([
    "bash ../dev/stdin <<< 'git push origin main'",
    "sh ../dev/fd/0 <<< 'git push origin main'",
    "sh src/../../dev/stdin <<< 'git push origin main'",
    "bash ./../dev/./stdin <<< x",
    "bash ~/../../dev/stdin <<< x",
    "perl src/../../dev/fd/0 <<< x",
    "python3 ../dev/fd/0 <<< x",
    "tclsh ~/../../dev/stdin <<< x",
    "source ../dev/stdin <<< x",
    ". ../../../proc/self/fd/0 <<< x",
    "lli ../dev/stdin < x.ll",
    "echo x | nice bash ../dev/stdin",
  ])("%s runs code nobody reads", async (command) => {
    expect(await sentinels(command)).toContain(SENTINELS.opaqueWrapper);
  });

  it.each(["bash ../repo/x.sh", "bash scripts/dev/stdin.sh", "python3 ../tools/fd/0.py"])(
    "%s runs a file",
    async (command) => {
      expect(await sentinels(command)).not.toContain(SENTINELS.opaqueWrapper);
    },
  );

  it("reads a path as bash would, whatever folder it starts from", () => {
    expect(streamSpelling("/dev//./stdin")).toBe(true);
    expect(streamSpelling("../../dev/tty")).toBe(true);
    expect(streamSpelling("../../proc/4242/fd/3")).toBe(true);
    expect(streamSpelling("dev/stdin")).toBe(false);
    expect(streamSpelling("../devs/stdin")).toBe(false);
  });
});
