// R24 class 17: a program no table knows (`pg_virtualenv`, `ip netns exec NS`, `uv run`) may
// run the command in its later words. The analyzer reads a later word naming a program a table
// reads as that program's command (a git alias, `git-push`, npm's `pub`), a unit hosted by the
// unknown program (`BashUnit.hostedBy`). The host only may run it, so what that reading finds is
// at most ask: a deny there asks, an ask stays, an allow stays. Declaring the program a wrapper
// proves its command, and then a deny rule denies. What the analysis finds without the hosted
// reading (a shell command line among the host's words, a path-shaped operand) is not lowered.

import type { PermissionMap, ProgramMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBashDetail } from "./fixtures.ts";

// The corpus's P3: allow by default; pushes and publishes denied.
const P3: PermissionMap = {
  "*": "allow",
  bash: { "*": "allow", "git push *": "deny", "npm publish*": "deny", "rm -rf /*": "deny" },
  external_directory: "ask",
};
// The corpus's P1 in short: .env denied on every access.
const P1: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "git *": "allow", "cat *": "allow", "rm *": "deny" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};

/** The same names declared as wrappers (getopt notation for their options). */
const DECLARED: ProgramMap = {
  pg_virtualenv: { kind: "wrapper" },
  "uv run": { kind: "wrapper" },
  uclampset: { kind: "wrapper", options: { short: "m:M:" } },
};

describe("an unknown host's later words read as a command are at most ask", () => {
  it.each<[string, string]>([
    // Only git's own reading finds the push (an alias, the dashed name), only npm's the publish.
    ["pg_virtualenv git -c alias.p=push p origin main", "git push *"],
    ["pg_virtualenv git-push origin main", "git push *"],
    ["pg_virtualenv npm pub", "npm publish*"],
    ["uv run npm pub", "npm publish*"],
    ["ip netns exec x npm pub", "npm publish*"],
    ["ip netns exec x git -c alias.p=push p origin main", "git push *"],
    ["luit -- git -c alias.p=push p origin main", "git push *"],
    ["systemd-inhibit git -c alias.p=push p origin main", "git push *"],
    ["poetry run git-push origin main", "git push *"],
    ["./deploy.sh git -c alias.p=push p origin main", "git push *"],
    // The literal form asked before (the gate's scan of the later words) and still asks.
    ["pkexec git push origin main", "git push *"],
    ["./deploy.sh git push origin main", "git push *"],
    ["with-retry git push origin main", "git push *"],
  ])("%j asks (rule %j), neither allowed nor denied", async (command, rule) => {
    const verdict = await decideBashDetail(P3, command);
    expect(verdict.action).toBe("ask");
    expect(verdict.rule).toBe(rule);
    expect(verdict.sentinel).toBe("<indirection-bash-wrapper>");
  });

  it.each<[string, string]>([
    ["pg_virtualenv git -c alias.p=push p origin main", "git push *"],
    ["pg_virtualenv git-push origin main", "git push *"],
    ["pg_virtualenv npm pub", "npm publish*"],
    ["uv run npm pub", "npm publish*"],
    ["uclampset -m 0 npm pub", "npm publish*"],
    // A compiler joined with the flags the inner make hands it: `git push x.o`.
    ["uclampset -m 0 make CC=git CFLAGS=push x.o", "git push *"],
  ])("%j denies once the host is declared a wrapper (rule %j)", async (command, rule) => {
    expect(await decideBashDetail(P3, command, DECLARED)).toMatchObject({ action: "deny", rule });
  });

  it("asks for a compiler line a hosted make runs (the makefile floors it at ask too)", async () => {
    expect((await decideBashDetail(P3, "uclampset -m 0 make CC=git CFLAGS=push x.o")).action).toBe(
      "ask",
    );
  });

  it.each<[PermissionMap, string, string]>([
    // What a hosted reading finds that no rule refuses stays allowed.
    [P3, "uv run git status", "allow"],
    [P3, "pg_virtualenv git log --oneline", "allow"],
    [P3, "poetry run pytest -x", "allow"],
    // A shell command line among the host's words is read as the script it may hand to
    // sh -c: that deny is not the hosted reading's.
    [P3, "pkexec sh -c 'git push origin main'", "deny"],
    [P1, "pkexec sh -c 'cat .env'", "deny"],
    // A path-shaped operand of the host is its own path.
    [P1, "pkexec cat .env", "deny"],
    [P1, "pg_virtualenv cat ~/.ssh/id_rsa", "deny"],
  ])("%j stays %j", async (permission, command, action) => {
    expect((await decideBashDetail(permission, command)).action).toBe(action);
  });

  it("caps a file only the hosted reading writes at ask", async () => {
    // sort's -o.env writes .env; the host's own words name no such path.
    const verdict = await decideBashDetail(P1, "pg_virtualenv sort -o.env x");
    expect(verdict).toEqual({
      action: "ask",
      rule: "**/.env",
      sentinel: "<indirection-bash-wrapper>",
    });
    // The same command written out is denied.
    expect((await decideBashDetail(P1, "sort -o.env x")).action).toBe("deny");
  });
});
