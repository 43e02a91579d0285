import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/**
 * Traced under bash 5.2 (C16 dev-fd-bound-to-directory): a redirect may open a folder on a
 * descriptor, and a recursive reader given the descriptor's name follows the link into it
 * (`grep -r KEY /dev/fd/3 3< .` read /repo/.env).
 */

async function paths(command: string): Promise<(string | null)[]> {
  return (await analyze(command)).paths.map((path) => path.path ?? path.glob ?? null);
}

describe("a recursive reader of a descriptor's name reads what nobody can name", () => {
  it.each([
    "grep -r KEY /dev/fd/3 3< .",
    "grep -r KEY /dev/stdin < .",
    "grep -R KEY /dev/fd/3/ 3< /repo",
    "grep -rl KEY /dev/fd/5 5< src/..",
    "grep -r KEY /proc/self/fd/3 3< .",
  ])("%s", async (command) => {
    expect(await paths(command)).toContain(null);
  });

  it("a plain reader of a descriptor reads the file the redirect opened, nothing more", async () => {
    expect(await paths("grep KEY /dev/stdin < README.md")).toEqual(["/repo/README.md"]);
    expect(await paths("cat /dev/fd/3 3< README.md")).toEqual(["/repo/README.md"]);
  });
});
