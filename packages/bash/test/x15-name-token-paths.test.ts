import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * F15 plain-output-substitution-in-path: a substitution that prints one name with no `/`
 * (a number, a digits-and-dashes date, a short object name, the shell's pid) keeps the path
 * in the folder its written part names: `npm test > "test-$(date +%s).log"` writes some
 * `/repo/test-*.log`, not a file anywhere.
 */
describe("precision: a name-token substitution is a name inside the written folder", () => {
  it.each([
    ['echo x > "run-$$.log"', "write:/repo/run-*.log"],
    ['npm test > "test-$(date +%s).log" 2>&1', "write:/repo/test-*.log"],
    ['git diff > "patch-$(date +%Y%m%d).diff"', "write:/repo/patch-*.diff"],
    ['mkdir -p "logs/$(date +%F)"', "write:/repo/logs/*"],
    ['git log --oneline > "log-$(git rev-parse --short HEAD).txt"', "write:/repo/log-*.txt"],
    ['echo x > "out-$(id -u).txt"', "write:/repo/out-*.txt"],
    ['echo x > "b-$(date -u "+%Y-%m-%dT%H%M%S").log"', "write:/repo/b-*.log"],
    ['echo x > "n-`nproc`.txt"', "write:/repo/n-*.txt"],
    ['echo x > "a*b-$$"', "write:/repo/a\\*b-*"],
  ])("%s", async (command, path) => {
    expect(paths(await analyze(command))).toContain(path);
  });
});

describe("soundness: outputs that may hold a `/` or start a dot name stay computed", () => {
  it.each([
    'echo x > "$(git rev-parse --abbrev-ref HEAD).txt"',
    'echo x > "$(git rev-parse --show-toplevel)/x"',
    'echo x > "$(git rev-parse HEAD:src/x)"',
    'echo x > "$(date +%D).txt"',
    'echo x > "$(date +/%s)"',
    'echo x > "logs/$(date +.%s)"',
    'echo x > "$(date +%x)"',
    'echo x > "$(id -un)"',
    'echo x > "$(git rev-parse -- --output=x)"',
    // Through a variable too (a trusted output keeps its trust there since S31
    // assigned-inert-value, so the variable holds one that may hold a `/`).
    'x=$(date +%D); echo x > "$x"',
    'echo x > "$RANDOM-$(date +%s)"',
  ])("%s", async (command) => {
    expect(paths(await analyze(command))).toContain("write:?");
  });

  it.each([
    ['cat "$(date +%s)/.env"', "read:/repo/*/.env"],
    ['echo x > "/home/user/.ssh/$(id -u)"', "write:/home/user/.ssh/*"],
    ['echo x > "../$(id -u)"', "write:/*"],
  ])("%s names the folder it may reach: %s", async (command, path) => {
    expect(paths(await analyze(command))).toContain(path);
  });
});
