// T32 foreign-relative-link: a server's own key for a file (`target`, `to`, `location`) names a
// path only by its look (absolute, `~`, `..`), so a relative `ext/x` was text even where the
// project holds `ext -> /etc`: a copy tool writing its target opens `/etc/x`. A relative string
// that reaches another place through a link on disk is a path, followed like any other.
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const root = realpathSync(mkdtempSync(join(tmpdir(), "pi-foreign-link-")));
const repo = join(root, "repo");
const outside = join(root, "outside");
for (const dir of [repo, outside, join(repo, "plain")]) mkdirSync(dir);
symlinkSync(outside, join(repo, "ext"));

const POLICY: PermissionMap = { "*": "allow", external_directory: "ask" };

async function decide(input: unknown) {
  const facts = call("mcp__fs__copy", input, { cwd: repo, home: join(root, "home") });
  const verdict = evaluateToolCall(policyOf(POLICY), facts, await analyzerOnce());
  return [verdict.action, verdict.deciding?.surface ?? null];
}

describe("a relative string under a server's own key, through a link on disk", () => {
  it.each([
    [{ src: "README.md", target: "ext/x" }],
    [{ src: "README.md", to: "ext" }],
    [{ src: "README.md", location: "./ext/sub/x" }],
    [{ jobs: [{ target: "ext/x" }] }],
  ])("%j asks where the link leads outside", async (input) => {
    expect(await decide(input)).toEqual(["ask", "external_directory"]);
  });

  it.each([
    [{ src: "README.md", target: "plain/x" }],
    [{ target: "production" }],
    [{ to: "main" }],
    [{ target: "missing/x" }],
  ])("%j, with no link on the way, stays text", async (input) => {
    expect((await decide(input))[0]).toBe("allow");
  });
});
