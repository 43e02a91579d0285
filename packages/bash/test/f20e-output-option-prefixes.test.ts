import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { analyze } from "./helpers.ts";

/**
 * Attack round M20, class output-option-abbreviation-shuf-iconv: getopt_long (and iconv's
 * argp) take any unique prefix of a long option, down to one letter. Traced under bash 5.2
 * with strace: `shuf --ou=package.json`, `iconv --o package.json`, `sort --o package.json` and
 * `sdiff --ou=package.json` wrote /repo/package.json, and the npm test after them ran git push.
 */
function touched(analysis: BashAnalysis, path: string, access: "read" | "write"): boolean {
  return analysis.paths.some(
    (each) =>
      each.path === path &&
      (access === "read" ? true : each.access === "write" || each.access === "read_write"),
  );
}

describe("a long output option by any unique prefix", () => {
  it.each([
    "shuf --ou=package.json x.json",
    "shuf --o package.json x.json",
    'shuf --ou=pack"age".json x.json',
    "iconv --ou=package.json x.json",
    "iconv --o package.json x.json",
    "sort --ou=package.json x.json",
    "sort --o package.json x.json",
    "sdiff --ou=package.json a b",
  ])("%j writes package.json", async (command) => {
    expect(touched(await analyze(command), "/repo/package.json", "write")).toBe(true);
  });
});
