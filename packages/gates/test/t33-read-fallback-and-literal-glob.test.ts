// T33 (attacker, traced), two ways a call opens another file than the one judged once a
// sibling call changes the disk, or a glob matches nothing:
// - read-fallback-spelling: Pi's `read` opens a macOS screenshot spelling (`it’s` for `it's`)
//   when the named file is gone; a sibling `rm "it's"` made `read it's` open
//   `it’s -> ~/.ssh/id_rsa`. Every existing spelling is judged, the named file there or not.
// - glob-literal-link: a glob that matches nothing is passed as written; `cat [n]otes` with a
//   link literally named `[n]otes` read its target. The glob's own spelling is followed too.
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const root = realpathSync(mkdtempSync(join(tmpdir(), "pi-t33-spellings-")));
const repo = join(root, "repo");
const home = join(root, "home");
mkdirSync(repo);
mkdirSync(join(home, ".ssh"), { recursive: true });
writeFileSync(join(home, ".ssh", "id_rsa"), "key");
writeFileSync(join(repo, "it's"), "plain");
symlinkSync(join(home, ".ssh", "id_rsa"), join(repo, "it\u2019s"));
symlinkSync(join(home, ".ssh", "id_rsa"), join(repo, "[n]otes"));
writeFileSync(join(repo, "README"), "hi");

const POLICY: PermissionMap = {
  "*": "allow",
  bash: { "*": "allow" },
  path: { "~/.ssh/**": "deny" },
  external_directory: "allow",
};

async function decide(tool: string, input: unknown) {
  const facts = call(tool, input, { cwd: repo, home });
  const verdict = evaluateToolCall(policyOf(POLICY), facts, await analyzerOnce());
  return [verdict.action, verdict.deciding?.payload.request.matchedPattern ?? null];
}

describe("t33: what a call may open once the disk changes under it", () => {
  it("read judges each existing screenshot spelling, the named file there or not", async () => {
    expect(await decide("read", { path: "it's" })).toEqual(["deny", "~/.ssh/**"]);
    expect(await decide("read", { path: "README" })).toEqual(["allow", "*"]);
  });

  it.each(["cat [n]otes", "cat ./[n]otes", "rm -f notes; cat [n]otes"])(
    "%s follows the glob's own spelling, which bash passes when nothing matches",
    async (command) => {
      expect(await decide("bash", { command })).toEqual(["deny", "~/.ssh/**"]);
    },
  );

  it("a glob with no link under its spelling is judged as before", async () => {
    expect(await decide("bash", { command: "cat [R]EADME" })).toEqual(["allow", "*"]);
  });
});
