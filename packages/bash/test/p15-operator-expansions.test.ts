import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * F14 param-expansion-operator-on-known-value (P15), traced under bash 5.2:
 * `f=src/a.ts; cat "${f%.ts}.ts"` reads /repo/src/a.ts and `p=src/a.ts; ls "${p%/*}"` lists
 * /repo/src. `${NAME%WORD}` (and `%%`, `#`, `##`), `${NAME/PAT/REP}` (`//`, `/#`, `/%`),
 * `${NAME:-WORD}` and `${NAME:+WORD}` of a value the string gave NAME are worked out as bash
 * does; they were computed paths.
 */
describe("an operator on a known value", () => {
  it.each([
    ['f=src/a.ts; cat "${f%.ts}.ts"', ["read:/repo/src/a.ts"]],
    ['p=src/a.ts; ls "${p%/*}"', ["read:/repo/src"]],
    ['f=src/a.ts; cat "${f##*/}"', ["read:/repo/a.ts"]],
    ['f=README.md; cat "${f:-x}"', ["read:/repo/README.md"]],
    ['f=; cat "${f:-.env}"', ["read:/repo/.env"]],
    ['f=x; cat "${f:+.env}"', ["read:/repo/.env"]],
    ['f=src/a.ts; wc -l "$f" "${f/a/b}"', ["read:/repo/src/a.ts", "read:/repo/src/b.ts"]],
    ['f=README.md; cat "${f/README.md/.env}"', ["read:/repo/.env"]],
    ['f=x.env; cat "${f#x}"', ["read:/repo/.env"]],
    ['f=aXbXc; cat "${f//X/}"', ["read:/repo/abc"]],
    [
      'f=a.b.c; cat "${f%%.*}" "${f%.*}" "${f#*.}"',
      ["read:/repo/a", "read:/repo/a.b", "read:/repo/b.c"],
    ],
    [
      'for f in src/a.ts src/b.ts; do cp "$f" "${f%.ts}.bak"; done',
      // Each target may be a folder, which then receives the source under its own name.
      [
        "read:/repo/src/a.ts",
        "write:/repo/src/a.bak",
        "write:/repo/src/a.bak/a.ts",
        "read:/repo/src/b.ts",
        "write:/repo/src/b.bak",
        "write:/repo/src/b.bak/b.ts",
      ],
    ],
  ])("%s", async (command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });

  it.each([
    // nocasematch makes `/` ignore case (traced: ${f/readme.md/.env} gives .env).
    ['f=README.md; shopt -s nocasematch; cat "${f/readme.md/.env}"'],
    // extglob groups and bracket expressions are not matched here.
    ['shopt -s extglob; f=a.env; cat "${f/?(a)/}"'],
    ['f=a.env; cat "${f#[a]}"'],
    // A value the string did not give, a glob's file name, a function's parameter.
    ['cat "${FILE%.ts}"'],
    ['f() { cat "${1%.ts}"; }; f a.ts'],
    ['f() { cat "${x%.ts}"; }; x=a.ts; f'],
  ])("%s stays a computed path", async (command) => {
    expect(paths(await analyze(command))).toContain("read:?");
  });

  // S32 glob-trimmed-names: a plain suffix cut off a glob-made name names the glob's files
  // with that text removed (every name `src/*.ts` matches ends in `.ts`).
  it('for f in src/*.ts; do cat "${f%.ts}.md"; done reads the glob src/*.md', async () => {
    const read = paths(await analyze('for f in src/*.ts; do cat "${f%.ts}.md"; done'));
    expect(read).toContain("read:/repo/src/*.md");
    expect(read).not.toContain("read:?");
  });
});

/**
 * A16/C16 empty-anchored-replace-pattern-misread, traced under bash 5.2: in `${x/#PAT/REP}`
 * and `${x/%PAT/REP}` the pattern may be empty, so `x=env; cat ${x/#/.}` reads /repo/.env and
 * `x=it; ${x/#/g} push` runs git push. The anchor was read as a one-letter pattern `#` that
 * matched nothing, and the value stayed `env`.
 */
describe("a replacement whose anchored pattern is empty", () => {
  it.each([
    ["x=env; cat ${x/#/.}", ["read:/repo/.env"]],
    ['x=env; cat "${x/#/.}"', ["read:/repo/.env"]],
    ['x=.en; cat "${x/%/v}"', ["read:/repo/.env"]],
    ['x=nv; cat "${x/#/.e}"', ["read:/repo/.env"]],
    ['x=; cat "${x/#/.env}"', ["read:/repo/.env"]],
    ['x=env; echo hi > "${x/#/.}"', ["write:/repo/.env"]],
    // `#` after `//` is a literal character of the pattern; an empty pattern replaces nothing.
    ['x=a#b; cat "${x//#/.}"', ["read:/repo/a.b"]],
    ['x=env; cat "${x//}" "${x/}"', ["read:/repo/env", "read:/repo/env"]],
  ])("%s", async (command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });

  it.each([
    ["x=it; ${x/#/g} push", "git push"],
    ['x=gi; "${x/%/t}" push origin main', "git push origin main"],
    ['x=lish; npm "${x/#/pub}"', "npm publish"],
  ])("%s runs %s", async (command, words) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((unit) => unit.executed?.join(" ") === words)).toBe(true);
  });
});
