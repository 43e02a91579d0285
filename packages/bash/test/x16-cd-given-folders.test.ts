import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * A directory change whose folder the command's own literal assignments decide is followed
 * (traced under bash 5.2: `OLDPWD=/tmp cd -`, `HOME=/tmp cd` and `CDPATH=/ cd tmp` entered
 * /tmp; `CDPATH= cd src` ./src): HOME and OLDPWD given for the cd alone, and a CDPATH of
 * literal folders, each entry's folder or the name here (which exists is not known, so all).
 * A value only known at run time still leaves the folder unknown.
 */
describe("a cd whose folder literal assignments decide", () => {
  it.each([
    ["OLDPWD=/tmp cd - && rm x", ["read:/tmp", "write:/tmp/x"]],
    ["HOME=/tmp cd && rm x", ["write:/tmp/x"]],
    ["CDPATH= cd src && ls", ["read:/repo/src", "read:/repo/src"]],
    [
      "CDPATH=/tmp cd builds && rm x",
      ["read:/repo/builds", "read:/tmp/builds", "write:/tmp/builds/x", "write:/repo/builds/x"],
    ],
    [
      "CDPATH=/home/user cd .ssh && cat id_rsa",
      [
        "read:/repo/.ssh",
        "read:/home/user/.ssh",
        "read:/home/user/.ssh/id_rsa",
        "read:/repo/.ssh/id_rsa",
      ],
    ],
  ])("%s", async (command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });
});

describe("a value only known at run time leaves the folder unknown", () => {
  it.each([
    ["OLDPWD=$X cd - && rm x", "write:**/x"],
    ["HOME=$X cd && rm x", "write:**/x"],
    ["CDPATH=$X cd builds && rm x", "write:**/x"],
    ["HOME=~/x cd && rm x", "write:**/x"],
    ["OLDPWD=rel cd - && rm x", "write:**/x"],
  ])("%s", async (command, expected) => {
    expect(paths(await analyze(command))).toContain(expected);
  });
});
