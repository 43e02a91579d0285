import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/**
 * Attack round B20, classes sed-expression-one-letter-long-prefix and
 * split-filter-one-letter-long-prefix: getopt_long takes any prefix that names one option
 * only, down to one letter. `sed --e='1e CMD'` is --expression (its `e` command runs CMD) and
 * `split --f=CMD` is --filter (each piece goes through sh -c CMD); the tables wanted at least
 * two letters. Traced under bash 5.2 with strace: `git push origin main` ran in the first two.
 */
const proven = async (command: string) => {
  const analysis = await analyze(command);
  return analysis.status === "ok" && analysis.units.every((unit) => unit.sentinel === null);
};

describe("a one-letter long option prefix", () => {
  it.each([
    "sed --e='1e git push origin main' README.md",
    "sed -n --e '1e git push origin main' README.md",
    "sed --f=script.sed README.md",
    "split --f='git push origin main;:' README.md",
    "split -l 1 --f 'sh -c id' README.md",
    "diff3 --d=./p a b c",
    "sdiff --d=./p a b",
    "sort --co=sh README.md",
  ])("%j is not proven", async (command) => {
    expect(await proven(command)).toBe(false);
  });

  it.each([
    "sed --debug -n 1p README.md",
    "sed -n --quiet 1p README.md",
    "split -l 10 README.md",
    "sort --check README.md",
    "diff3 --text a b c",
  ])("%j stays proven", async (command) => {
    expect(await proven(command)).toBe(true);
  });
});
