// Bash's own `**` (globstar on, dotglob off) enters no dot folder, as `*` matches no dot file
// (C17 globstar-assumed-to-enter-dot-dirs; bash 5.2 with src/.ssh/x.ts present:
// `shopt -s globstar; echo src/**/*.ts` never names it, `src/**/.ssh/*` does). The analysis
// marks such a glob `starsSkipDots`; the analyzer's own `**` (a folder it cannot name, what a
// recursive reader reaches) still spans dot folders, and so does any `**` once dotglob may be
// on. A program that only prints its glob words (`echo */*`) lists what bash's options say:
// under dotglob the dot folders too (traced: `shopt -s dotglob; echo */*` reads /repo/.git).

import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { globsMeet, globsMeetBySearch } from "../src/glob-meet.ts";
import { analyzerOnce, bash, policyOf } from "./fixtures.ts";

describe("globsMeet with bash's own **", () => {
  it.each<[string, string, boolean]>([
    ["/repo/src/**/*.ts", "/**/.ssh/**", false],
    ["/repo/**", "/**/.env", false],
    ["/repo/src/**", "/**/.ssh/**", false],
    ["/repo/**/*", "/**/.ssh/**", false],
    // A dot the glob writes itself is matched.
    ["/repo/**/.ssh/*", "/**/.ssh/**", true],
    ["/repo/src/**/.*", "/**/.env", true],
    ["/repo/**/.e*", "/**/.env", true],
    ["/repo/**/.[!.]*", "/**/.env", true],
    // A bracket matches no leading dot either (bash 5.2: `src/[.]*` stays as written).
    ["/repo/**/[.]env", "/**/.env", false],
    // An extglob is beyond the model: it may meet anything.
    ["/repo/**/@(.env)", "/**/.env", true],
    // Rules on plain names below are met.
    ["/repo/**/*.pem", "/**/*.pem", true],
    ["/repo/src/**", "/repo/src/secret/**", true],
  ])("%s meets %s: %s", (shell, policy, meets) => {
    expect(globsMeet(shell, policy, false, true)).toBe(meets);
    expect(globsMeetBySearch(shell, policy, true)).toBe(meets);
  });

  it("without the mark a ** spans dot folders", () => {
    expect(globsMeet("/repo/src/**/*.ts", "/**/.ssh/**")).toBe(true);
    expect(globsMeet("/repo/**", "/**/.env")).toBe(true);
    // A ripgrep glob's wildcards match dots whatever the mark says.
    expect(globsMeet("/repo/src/**/*.ts", "/**/.ssh/**", true, true)).toBe(true);
  });

  it("the policy side's ** keeps spanning dot folders", () => {
    expect(globsMeet("/repo/.ssh/id_rsa", "/repo/**", false, true)).toBe(true);
    expect(globsMeet("/repo/src/*.ts", "/repo/**", false, true)).toBe(true);
  });
});

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "cat *": "allow", "echo *": "allow", "ls *": "allow", "grep *": "allow" },
  path: { "**/.env": "deny", "**/.env.*": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};

async function decide(command: string): Promise<string> {
  return evaluateToolCall(policyOf(CAUTIOUS), bash(command), await analyzerOnce()).action;
}

describe("a glob with bash's own ** is judged by the files it can name", () => {
  it.each<[string, string]>([
    ["shopt -s globstar; cat src/**/*.ts", "allow"],
    ["shopt -s globstar; ls src/**/*.ts", "allow"],
    ["shopt -s globstar; grep -n export **/*.ts", "allow"],
    ["shopt -s globstar; echo src/**", "allow"],
    ["shopt -s globstar; for f in **/*.ts; do echo $f; done", "allow"],
    ["echo **/*.json", "allow"],
    // What must stay refused.
    ["shopt -s globstar; cat **/.ssh/*", "deny"],
    ["shopt -s globstar; cat **/.e*", "ask"],
    ["shopt -s globstar; cat **/.[!.]*", "ask"],
    ["shopt -s globstar dotglob; cat src/**/*.ts", "ask"],
    ["shopt -s globstar; GLOBIGNORE=x; cat **", "ask"],
    ["shopt -s globstar; shopt -s dot''glob; cat **", "ask"],
    ["shopt -s globstar; x=dotglob; shopt -s $x; cat **", "ask"],
    ["shopt -s globstar extglob\ncat **/@(.env)", "ask"],
    ["env BASHOPTS=globstar:dotglob bash -c 'cat **/*'", "ask"],
    ["bash -O globstar -O dotglob -c 'cat **/*'", "ask"],
    ["shopt -s globstar; grep -r x src/**", "ask"],
    ["shopt -s globstar dotglob; echo **", "ask"],
  ])("%s", async (command, action) => {
    expect(await decide(command)).toBe(action);
  });
});

describe("the glob words of a program that only prints them, under dotglob", () => {
  it.each<[string, string]>([
    // Lists the dot folders too: `.ssh/*` among them, as `echo .ssh/*` does.
    ["shopt -s dotglob; echo */*", "ask"],
    ["GLOBIGNORE=x; echo */*", "ask"],
    ["shopt -s dotglob; printf '%s\\n' */*", "ask"],
    ["echo .ssh/*", "deny"],
    // Without dotglob no dot folder is listed.
    ["echo */*", "allow"],
    ["shopt -s dotglob; echo *", "allow"],
  ])("%s", async (command, action) => {
    expect(await decide(command)).toBe(action);
  });
});
