// R43: neighbours of this session's fixes, each traced under bash 5.2 running a denied program.
// - prompt-element: `PS4[0]=…` is PS4 (element 0 of a variable is the variable);
// - node-options-reporter: NODE_OPTIONS `--test-reporter=data:…` loaded a module; only options
//   known to load nothing are proven now;
// - cpack-define-script: `-D CPACK_PROJECT_CONFIG_FILE=/dev/stdin` runs the stream as cmake code;
// - git-format-modifier: `%+G?` checks the signature as `%G?` does (gpg --verify ran).
import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { analyze } from "./helpers.ts";

function floored(analysis: BashAnalysis): boolean {
  return analysis.units.some((unit) => unit.sentinel !== null);
}

function runs(analysis: BashAnalysis): string[] {
  return analysis.units.flatMap((unit) =>
    unit.executed === null ? [] : [unit.executed.join(" ")],
  );
}

describe("neighbours of this session's fixes", () => {
  it.each([
    "PS4[0]='$(git push)'; set -x; :",
    "declare PS4[0+0]='$(git push)'; set -x; :",
    "PS4[0]='\\044(git push)'; set -x; :",
  ])("%s runs the prompt's command", async (command) => {
    expect(runs(await analyze(command))).toContain("git push");
  });

  it.each([
    `NODE_OPTIONS="--test-reporter=data:text/javascript,x" node --test`,
    `NODE_OPTIONS="--test_reporter=./r.mjs" node --test`,
    "NODE_OPTIONS=--redirect-warnings=/home/user/x node app.js",
    "NODE_OPTIONS='--max-old-space-size=4096 --conditions=dev' npm test",
    "cpack -G TGZ -D CPACK_PROJECT_CONFIG_FILE=/dev/stdin <<< 'execute_process(COMMAND id)'",
    "cpack -D CPACK_INSTALL_SCRIPTS=/dev/stdin < s.cmake",
    "cpack -DCPACK_POST_BUILD_SCRIPTS=/dev/fd/0 < s.cmake",
  ])("%s runs code nobody read", async (command) => {
    expect(floored(await analyze(command))).toBe(true);
  });

  it.each([
    "git log --format=%+G? -1",
    "git log --pretty='format:%-GS'",
    "git show -s --format='% GK'",
  ])("%s checks signatures (runs gpg)", async (command) => {
    expect(runs(await analyze(command)).some((run) => /gpg/.test(run))).toBe(true);
  });

  it.each([
    "NODE_OPTIONS=--max-old-space-size=4096 npm test",
    "NODE_OPTIONS='--enable-source-maps --no-warnings' node dist/app.js",
    "NODE_OPTIONS=--inspect node app.js",
    "NODE_OPTIONS=--max_old_space_size=8192 npm run build",
    'arr[0]=x; echo "${arr[0]}"',
    "git log --format='%+H %s' -3",
    "cpack -G TGZ -D CPACK_PACKAGE_NAME=x",
  ])("%s stays proven", async (command) => {
    expect(floored(await analyze(command))).toBe(false);
  });
});
