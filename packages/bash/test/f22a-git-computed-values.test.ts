import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { analyze } from "./helpers.ts";

/**
 * R21 eq-computed and submodule-computed (session 21, 11 wrong allows under P1; host strace,
 * git 2.39.5): a value only known at run time given to a git option that takes one, or a
 * repository only known at run time after `--` or as `--repo`/`--remote`'s value, was judged
 * only in some spellings. `git archive --add-file="${x:-.env}"` and `git format-patch
 * --signature-file[= ]"${x:-.env}"` opened .env; `git archive --remote="${u:-h:r}"`, `git push
 * --repo[= ]"${u:-h:r}"`, `git submodule add -- "$(…)" s` and `git clone -- "${u:-h:r}"` ran
 * ssh h. The same words written before `--` (or literal) were judged.
 */

/** Some path is computed (any file), or some unit is not proven: judged ask at least. */
function judged(analysis: BashAnalysis): boolean {
  return (
    analysis.paths.some((path) => path.path === null && path.sentinel !== undefined) ||
    analysis.units.some((unit) => unit.sentinel !== null)
  );
}

describe("soundness: a computed value of a git option is judged in either spelling", () => {
  it.each([
    'git archive --add-file="${x:-.env}" HEAD',
    'git archive --add-file="$(printf %s .env)" -o a.tar HEAD',
    'git format-patch --stdout --signature-file="${x:-.env}" -1',
    'git format-patch --signature-file="$(printf %s .env)" -1 --stdout',
    'git format-patch --stdout --signature-file "${x:-.env}" -1',
    // Other valued options no table lists as a file.
    'git format-patch --cover-letter --description-file="${x:-.env}" -1',
    'git clone --bundle-uri="$(printf %s /home/user/b)" https://x.example/r.git',
  ])("%j", async (command) => {
    expect(judged(await analyze(command))).toBe(true);
  });
});

describe("soundness: a computed repository is judged wherever it stands", () => {
  it.each([
    'git archive --remote="${u:-h:r}" HEAD',
    'git archive --remote "${u:-h:r}" HEAD',
    'git push --repo="${u:-h:r}" --all',
    'git push --repo "${u:-h:r}" --all',
    'git push --rep="${u:-h:r}" --all',
    'git submodule add -- "${u:-h:r}" s',
    'git submodule add -- "$(printf %s h:r)" s',
    'git submodule add -b main -- "${u:-h:r}" s',
    'git clone -- "${u:-h:r}"',
    'git clone --depth 1 -- "$(printf %s h:r)"',
    'git ls-remote -- "${u:-h:r}"',
    'git push -- "${u:-h:r}" main',
    'git fetch-pack -- "${u:-h:r}"',
    'git send-pack --remote="${u:-h:r}" x',
  ])("%j", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((unit) => unit.sentinel !== null)).toBe(true);
  });
});

describe("keepers: known values keep their reading", () => {
  it.each([
    "git push --repo=origin --all",
    "git archive --format=tar --prefix=src/ HEAD",
    'git log --author="$(git config user.name)" --oneline',
    "git format-patch --stdout -1",
  ])("%j", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((unit) => unit.sentinel !== null)).toBe(false);
    expect(analysis.paths.some((path) => path.path === null && path.sentinel !== undefined)).toBe(
      false,
    );
  });
});
