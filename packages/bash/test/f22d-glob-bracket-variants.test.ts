// Session 22 (F22d, after A22's bracket classes): a bracket bash 5.2 reads in more than one way
// (inside it a `[` followed by `=`, `.` or `:` that is not a lone plain class) ends where the
// character tried decides. The walk's dotglob and nocaseglob variants of a glob used to cut
// such a bracket at one `]` (classEnd): `shopt -s dotglob; cat [![=x=]]]env` was reported as
// `/repo/.]env` and allowed under P1, while bash (traced) reads .env; the same for
// `shopt -s nocaseglob; cat .[[=E]NV`. Under dotglob the bracket's dot reading now goes on
// after each later `]` of its segment; a caseless segment holding one is any (dot) name.

import { describe, expect, it } from "vitest";
import type { TouchedPath } from "../src/index.ts";
import { analyzeFull } from "./helpers.ts";

async function globs(command: string): Promise<string[]> {
  const analysis = await analyzeFull(command);
  return analysis.paths
    .filter((path): path is TouchedPath & { glob: string } => path.glob !== undefined)
    .map((path) => path.glob);
}

describe("dotglob and nocaseglob variants of a bracket read in more than one way", () => {
  it.each([
    ["shopt -s dotglob; cat [![=x=]]]env", "/repo/.env"],
    ["shopt -s dotglob; cat [[=.=]]env", "/repo/.env"],
    ["shopt -s dotglob; cat [x[:[:]]env", "/repo/.env"],
    ["shopt -s dotglob; cat src/[!+-[:digit:]]env", "/repo/src/.env"],
    // A quoted `]` is a member: the bracket ends at the next one (fuzz, bash 5.2 read
    // .env.local through each).
    ["shopt -s dotglob; cat [!\\]]env.local", "/repo/.env.local"],
    ["shopt -s dotglob; cat [^[:alpha:]\\]=]env*", "/repo/.env*"],
    // Past a few `]`, the bracket's dot reading is any dot name.
    ["shopt -s dotglob; cat [![=x=]]]]]]]]]]]env", "/repo/.*"],
    ["shopt -s nocaseglob; cat .[[=E]NV", "/repo/.*"],
    ["shopt -s nocaseglob; cat x[[=E]NV", "/repo/*"],
  ])("%s also names %s", async (command, variant) => {
    expect(await globs(command)).toContain(variant);
  });

  it.each([
    // Plain brackets keep their exact variants.
    ["shopt -s dotglob; cat [![:upper:]]env", ["/repo/[![:upper:]]env", "/repo/.env"]],
    ["shopt -s nocaseglob; cat .[e]NV", ["/repo/.[e]NV", "/repo/.?[nN][vV]"]],
  ])("%s keeps its variants", async (command, expected) => {
    expect(await globs(command)).toEqual(expected);
  });
});
