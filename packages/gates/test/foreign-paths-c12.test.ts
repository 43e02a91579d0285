// The paths of a foreign tool's arguments as a server may open them (attack round 12): names
// with blanks under any key, blanks around a path a server strips, variables of the user's
// environment a server expands; and strings that only look like paths (version ranges, a
// site's root route) are left alone.

import { describe, expect, it } from "vitest";
import { argumentPathsOf, looksLikeFilePath } from "../src/argument-paths.ts";
import { evaluateToolCall } from "../src/evaluate.ts";
import { expandedVariables, foreignPathReadings } from "../src/tool-paths.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const POLICY = {
  "*": "allow",
  path: { "/etc/**": "deny", "~/.bashrc": "deny", "**/.env": "deny" },
  external_directory: "ask",
} as const;

async function action(tool: string, input: unknown) {
  return (await evaluateToolCall(policyOf(POLICY), call(tool, input), await analyzerOnce())).action;
}

describe("a foreign tool's path", () => {
  it.each([
    ["a name with a blank under another key", { to: "/etc/cron.d/my job" }],
    ["blanks around it, under a path key", { path: " /etc/passwd" }],
    ["blanks around it, under another key", { to: "\t/etc/passwd\n" }],
    ["$HOME", { path: "$HOME/.bashrc" }],
    [`\${HOME}`, { dest: `\${HOME}/.bashrc` }],
    ["$HOME under another key", { to: "$HOME/.bashrc" }],
    ["$PWD climbing out", { path: "$PWD/../../etc/passwd" }],
    ["a variable in the middle", { path: `/home/u/../..\${PWD}/.env` }],
  ])("%s meets the path rules as the server opens it", async (_note, input) => {
    expect(await action("mcp__fs__write_file", input)).toBe("deny");
  });

  it("asks about a variable whose value is unknown here, where path rules exist", async () => {
    expect(await action("mcp__fs__write_file", { path: "$TMPDIR/x" })).toBe("ask");
    expect(await action("mcp__fs__write_file", { path: `\${PROJECT_ROOT}/x` })).toBe("ask");
  });

  it("reads a Linux root's own files by their look", () => {
    for (const file of ["/swapfile", "/vmlinuz", "/initrd.img"]) {
      expect(looksLikeFilePath(file)).toBe(true);
    }
  });

  it("reads each spelling a server may open", () => {
    expect(foreignPathReadings(" /etc/passwd", "/repo", "/home/u")).toContain("/etc/passwd");
    expect(foreignPathReadings("$HOME/.bashrc", "/repo", "/home/u")).toContain("/home/u/.bashrc");
    expect(expandedVariables(`\${HOME}/x/$USER`, "/repo", "/home/u")).toEqual({
      texts: ["/home/u/x/u"],
      unknown: false,
    });
    expect(expandedVariables("$TMPDIR/x", "/repo", "/home/u")).toEqual({
      texts: ["$TMPDIR/x"],
      unknown: true,
    });
    expect(expandedVariables("price $5", "/repo", "/home/u")).toBeNull();
  });
});

describe("strings that only look like paths", () => {
  it.each([
    ["an npm version range", { name: "lodash", version: "~4.17.21" }],
    ["a major range", { package: "react", range: "~18" }],
    ["a sort key", { sort: "~name" }],
    ["a site's root route", { route: "/" }],
    ["a sentence over two lines", { note: "/etc/hosts is\nwhere names live" }],
  ])("%s is not read as a file", async (_note, input) => {
    expect(argumentPathsOf(input)).toEqual([]);
    expect(await action("mcp__x__y", input)).toBe("allow");
  });

  it("still reads a user's home and the root where they are paths", () => {
    expect(argumentPathsOf({ to: "~bob/.ssh/id_rsa", target: "/" })).toEqual([
      "~bob/.ssh/id_rsa",
      "/",
    ]);
  });
});
