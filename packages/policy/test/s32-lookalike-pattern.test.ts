// S32 F7 (lookalike-pattern): deny patterns holding an invisible or look-alike character
// read right, pass validate cleanly and deny nothing: `curl\u200b *` never meets `curl x`,
// `wget \uff0a` (a fullwidth asterisk) is a literal, `**/.env\u200b` and `**/.ssh\u2215**`
// name no file anyone has. validate now warns (deadPattern) and says what to write.
import { describe, expect, it } from "vitest";
import { mergeScopes, parsePolicyText } from "../src/index.ts";

const FILE = "/repo/.pi/permissions.json";

// The finding's file /tmp/r32c/nbsp.json, as written.
const NBSP = `{"permission": {"*": "ask", "bash": {"*": "allow", "rm\\u00a0*": "deny", "curl\\u200b *": "deny", "wget \\uff0a": "deny", "scp\\t*": "deny"},
 "path": {"**/.env\\u200b": "deny", "**/.ssh\\u2215**": "deny"}}}`;

const dead = (text: string) =>
  mergeScopes([parsePolicyText(text, { scope: "global", file: FILE })])
    .issues.filter((i) => i.code === "deadPattern")
    .map((i) => [i.jsonPath, i.help]);

describe("S32 F7: validate warns about invisible and look-alike characters in a pattern", () => {
  it("names each dead pattern of the finding's file, and what to write", () => {
    expect(dead(NBSP).sort()).toEqual([
      ['permission.bash["curl\u200b *"]', "write `curl *`"],
      ['permission.bash["wget \uff0a"]', "write `wget *`"],
      ['permission.path["**/.env\u200b"]', "write `**/.env`"],
      ['permission.path["**/.ssh\u2215**"]', "write `**/.ssh/**`"],
    ]);
  });

  it("a path pattern with a blank other than a space, on any path surface", () => {
    const text = JSON.stringify({ permission: { read: { "**/my\u00a0secrets/**": "deny" } } });
    expect(dead(text)).toEqual([
      ['permission.read["**/my\u00a0secrets/**"]', "write `**/my secrets/**`"],
    ]);
  });

  it("stays quiet about plain letters of other scripts and about ASCII patterns", () => {
    const text = JSON.stringify({
      permission: {
        bash: { "rm *": "deny", "écho *": "deny", "rm\u00a0-rf *": "deny" },
        path: { "**/données/**": "deny", "~/.ssh/**": "deny" },
      },
    });
    expect(dead(text)).toEqual([]);
  });
});
