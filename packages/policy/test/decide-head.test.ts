import { describe, expect, it } from "vitest";
import { decideSurface, matchesBashPattern, mergeScopes, parsePolicyText } from "../src/index.ts";

// decideSurface's `head` reads only the bash rules about the text's program: the answer must be
// the one the whole list gives, for rules whose first word is literal, has a star, or is one.
describe("decideSurface with the text's first word", () => {
  const bash = {
    "*": "ask",
    "git *": "allow",
    "gi*": "deny",
    "git push *": "deny",
    "* --force": "deny",
    "  npm   test ": "allow",
    npm: "deny",
    "ls *": "allow",
    "rm -rf *": "deny",
    "/usr/bin/env *": "ask",
    "*git status": "allow",
  };
  const rules = mergeScopes([
    parsePolicyText(JSON.stringify({ permission: { bash } }), { scope: "global", file: "/g.json" }),
  ]).policy.rules;
  const texts = [
    "git status",
    "git",
    "gitk",
    "git push origin",
    "git push --force",
    "npm test",
    "npm",
    "npm install",
    "ls",
    "ls -la src",
    "lsof",
    "rm -rf /",
    "rm x",
    "/usr/bin/env git status",
    "",
    "x --force",
  ];

  it.each(texts)("%j", (text) => {
    const space = text.indexOf(" ");
    const head = space === -1 ? text : text.slice(0, space);
    const matches = (p: string) => matchesBashPattern(p, text);
    const whole = decideSurface(rules, "bash", matches, true);
    expect(decideSurface(rules, "bash", matches, true, head)).toBe(whole);
    expect(decideSurface(rules, "bash", (p) => p !== "*" && matches(p), false, head)).toBe(
      decideSurface(rules, "bash", (p) => p !== "*" && matches(p), false),
    );
  });

  it("keeps a later rule with a star in its first word over an earlier one about the program", () => {
    const text = "git status";
    const rule = decideSurface(rules, "bash", (p) => matchesBashPattern(p, text), true, "git");
    expect(rule?.pattern).toBe("*git status");
  });
});
