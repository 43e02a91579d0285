import { describe, expect, it } from "vitest";
import { optionSynonymReading } from "../src/index.ts";

describe("option synonyms, written as a rule spells them", () => {
  it.each<[string, string, string | null]>([
    ["rm -Rf /tmp", "rm -rf /*", "rm -rf /tmp"],
    ["rm --recursive --force /x", "rm -rf /*", "rm -r -f /x"],
    ["rm --rec -f /x", "rm -rf /*", "rm -r -f /x"],
    ["rm -rf x", "rm --recursive *", "rm -f --recursive x"],
    ["rm -Rv x", "rm -r x", "rm -rv x"],
    ["/bin/rm -R x", "rm -r *", "/bin/rm -r x"],
    // `--` ends the options; an ambiguous or unknown long option is left alone.
    ["rm -- -R x", "rm -r *", null],
    ["git push --for origin", "git push -f *", null],
    ["git push --force origin", "git push -f *", "git push -f origin"],
    ["git push -o --force origin", "git push -f *", null],
    ["chown --recursive u x", "chown -R *", "chown -R u x"],
    // A value letter takes the rest of its cluster: `-tR` names the directory R.
    ["cp -tR a", "cp -r *", null],
    ["cp -Rt dir a", "cp -r *", "cp -rt dir a"],
    ["ls -R x", "ls -r *", null],
    ["rm -r x", "rm -r *", null],
  ])("%s for %s is %s", (command, rule, expected) => {
    const reading = optionSynonymReading(command.split(" "), rule.split(" "));
    expect(reading === null ? null : reading.join(" ")).toBe(expected);
  });
});
