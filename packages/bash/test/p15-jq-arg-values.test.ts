import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * F14 jq-arg-value-as-path (P15), traced under bash 5.2: `jq --arg v "$v" '.commit=$v'
 * README.md` reads README.md only. `--arg NAME VALUE` and `--argjson NAME TEXT` take two
 * words, both strings: a computed VALUE was read as an operand (whose role was unknown, or
 * whose value might shift the program), so the call asked for a computed path.
 */
describe("jq --arg and --argjson take two words", () => {
  it.each([
    [
      'v="$(git rev-parse --short HEAD)"; jq --arg v "$v" \'.commit=$v\' README.md',
      ["read:/repo/README.md"],
    ],
    ["jq -n --arg name \"$USER\" '{name: $name}'", []],
    ["jq --argjson n \"$(git rev-list --count HEAD)\" -n '{commits: $n}'", []],
    ["jq --arg x .env . README.md", ["read:/repo/README.md"]],
    ['jq --arg v "$v" . .env', ["read:/repo/.env"]],
  ])("%s", async (command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });

  it.each([
    // An unquoted value may split and shift where the program and the files stand.
    ["jq --arg v $v . README.md"],
    // A computed program file or input file is still unknown.
    ['jq --arg v "$v" -f "$p" README.md'],
    ['jq --arg v "$v" . "$F"'],
    ['jq --slurpfile v "$f" . README.md'],
  ])("%s keeps a computed path", async (command) => {
    expect(paths(await analyze(command))).toContain("read:?");
  });
});
