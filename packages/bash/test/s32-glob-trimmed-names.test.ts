import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

// S32 F-prec glob-trimmed-names: `for f in src/*.ts; do mv "$f" "${f%.ts}.js"; done` asked
// (the trimmed word was "any file"). Traced under bash 5.2 in /repo with src/a.ts and src/b.ts:
// mv renames src/a.ts to src/a.js and src/b.ts to src/b.js, nothing else. A plain suffix the
// glob itself ends with is cut from every name it matches; a plain prefix ending at `/` too.

/** The paths the analysis names (glob or path), or null when one is not worked out. */
async function names(command: string): Promise<string[] | null> {
  const analysis = await analyze(command);
  const out: string[] = [];
  for (const path of analysis.paths) {
    const name = path.path ?? path.glob;
    if (name == null || path.sentinel != null) return null;
    out.push(name);
  }
  return out;
}

describe("s32: a glob-made name with a plain suffix or folder cut off", () => {
  it.each([
    ['for f in src/*.ts; do mv "$f" "${f%.ts}.js"; done', "/repo/src/*.js"],
    ['for f in src/*.ts; do mv "$f" "${f%%.ts}.js"; done', "/repo/src/*.js"],
    ['for f in src/*.test.ts; do cat "${f%.test.ts}.ts"; done', "/repo/src/*.ts"],
    ['for f in src/*.ts; do cp "$f" "out/${f#src/}"; done', "/repo/out/*.ts"],
    ['for f in ./docs/*.md; do cat "${f##./docs/}"; done', "/repo/*.md"],
  ])("%s names %s", async (command, glob) => {
    expect(await names(command)).toContain(glob);
  });

  it.each([
    // A pattern with a glob character, one the glob does not end (start) with, a prefix not
    // cut at a folder, a replacement, shopt (nocaseglob).
    'for f in src/*.ts; do cat "${f%/*}"; done',
    'for f in src/*.ts; do cat "${f%.js}"; done',
    'for f in src/*.ts; do cat "${f%*.ts}"; done',
    'for f in src/*.ts; do cat "${f#src}"; done',
    'for f in src/*.ts; do cat "${f#sr}"; done',
    'for f in src/*.ts; do cat "${f/.ts/.env}"; done',
    'shopt -s nocaseglob; for f in src/*.ts; do cat "${f%.ts}"; done',
    'for f in src/*; do cat "${f%.ts}"; done',
  ])("%s is not worked out", async (command) => {
    expect(await names(command)).toBeNull();
  });
});
