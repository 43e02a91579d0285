import { describe, expect, it } from "vitest";
import { spellings } from "../src/bash-gate.ts";

describe("spellings a bash pattern must also meet", () => {
  it.each([
    ["/usr/bin/git push origin", ["git push origin"]],
    ["./node_modules/.bin/eslint .", ["eslint ."]],
    ["npm --silent publish", ["npm publish", "npm"]],
    ["npm --prefix . publish", ["npm . publish", "npm publish"]],
    ["npm --prefix=. publish", ["npm publish"]],
    ["git status", []],
    ["rm -rf build", ["rm build", "rm"]],
  ])("%j", (text, expected) => {
    expect(spellings(text)).toEqual(expected);
  });
});
