import { describe, expect, it } from "vitest";
import { suggestBashPattern, suggestPathPattern } from "../../src/runtime/suggest.ts";

describe("session pattern suggestions", () => {
  it.each<[string[], boolean, string, string]>([
    [["git", "status", "--short"], false, "git status *", "command plus subcommand"],
    [["npm", "run", "dev"], false, "npm run *", "the subcommand's arguments widen"],
    [["ls", "-la", "src"], false, "ls -la src", "an option is no subcommand: exact"],
    [["rm", "-rf", "build"], false, "rm -rf build", "a risky command with options stays exact"],
    [["make"], false, "make", "a bare command stays exact"],
    [["sudo", "apt", "update"], true, "sudo apt update", "wrappers are exact"],
    [["cat", "./x"], false, "cat ./x", "a path is no subcommand"],
  ])("%j → %s (%s)", (argv, viaWrapper, expected) => {
    expect(suggestBashPattern(argv, viaWrapper)).toBe(expected);
  });

  it.each([
    ["/repo/src/a.ts", "/repo/src/*"],
    ["/etc", "/*"],
  ])("%s → %s", (path, expected) => {
    expect(suggestPathPattern(path)).toBe(expected);
  });
});
