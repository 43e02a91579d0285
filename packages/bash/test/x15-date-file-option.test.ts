import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * date's operands are a format or a time, never a file; `-f FILE` reads FILE (and echoes a
 * line it cannot parse). A word only known at run time may be that option: traced under bash
 * 5.2 (F15 option-word-from-runtime-value-non-path-operand), `read -r X < f; date "$X"` with
 * X=-f/home/user/.aws/credentials read the credentials.
 */
describe("date", () => {
  it.each([
    ['read -r X < f; date "$X"'],
    ["X=$(tr '#' - <<< '#f/home/user/.ssh/id_rsa'); date \"$X\""],
    ["read x < f; date $x"],
  ])("a computed word may be -f FILE: %s", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.paths.some((path) => path.raw.startsWith("$(the options or files"))).toBe(true);
  });

  it.each<[string, string[]]>([
    ["date -f ~/.ssh/id_rsa", ["read:/home/user/.ssh/id_rsa"]],
    ["date --file=/etc/x", ["read:/etc/x"]],
    ["date -r README.md +%s", ["read:/repo/README.md"]],
    ["date +%s", []],
    ["date -u +%Y-%m-%dT%H:%M:%SZ", []],
    ['date -d "$when" +%F', []],
    ['date "+%Y $x"', []],
    ["date $FORMAT", []],
  ])("%s", async (command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });
});
