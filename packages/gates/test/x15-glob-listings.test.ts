// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
// A glob bash only expands into names (a `for` list, an array's elements) and a word that may
// glob though its text shows no glob character are judged as the folders bash lists (C15,
// traced under bash 5.2: `for f in .e*; do echo found; done` lists /repo and opens no .env;
// `read x; echo ~/.ssh/$x` with x='*' lists ~/.ssh).

import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, bash, policyOf } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "cat *": "allow", "echo *": "allow", "rm *": "deny" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};

async function decide(command: string) {
  const evaluation = evaluateToolCall(policyOf(CAUTIOUS), bash(command), await analyzerOnce());
  const deciding = evaluation.action === "allow" ? null : evaluation.deciding;
  return { action: evaluation.action, rule: deciding?.payload.request.matchedPattern ?? null };
}

describe("a glob whose names bash only lists", () => {
  it.each<[string, string, string | null]>([
    // Listing /repo shows the name .env; nothing opens it (as `echo .e*`).
    ["for f in .e*; do echo found; done", "allow", null],
    ["a=(.e*); echo ${#a[@]}", "allow", null],
    ["a=(src/*)", "allow", null],
    // Listing ~/.ssh is what the folder rule refuses, as for `echo ~/.ssh/*`.
    ["for f in ~/.ssh/*; do :; done", "deny", "**/.ssh/**"],
    ["a=(~/.ssh/*); :", "deny", "**/.ssh/**"],
    ["for f in /etc/*; do :; done", "ask", "*"],
    // A name the body opens is judged where it is used.
    ["for f in .e*; do cat $f; done", "ask", "**/.env"],
    ["a=(.e*); cat $a", "ask", "<computed-path>"],
  ])("%s", async (command, action, rule) => {
    expect(await decide(command)).toEqual({ action, rule });
  });
});

describe("a word that may glob though its text shows none", () => {
  it.each<[string, string]>([
    ["read x; echo ~/.ssh/$x", "ask"],
    ["x=$(printf '/etc/*'); echo $x", "ask"],
    ["read x; for f in $x; do :; done", "ask"],
    ["echo $PATH $? $((1 + 2))", "allow"],
    ['read x; echo "$x"', "allow"],
  ])("%s", async (command, action) => {
    expect((await decide(command)).action).toBe(action);
  });
});
