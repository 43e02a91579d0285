// S33 grep-surface-rules (r33c F2): a file tool's own rules are path patterns, met by every
// file the tool reads, not only by the folder it is given. `grep: { "secrets": "deny",
// "**/.env": "deny" }` let a search of the project through, and Pi's grep returned the lines
// of `secrets/key` and `.env` (traced in a real Pi session); the same rules written as `path`
// rules denied it. Real folders, and the real ripgrep Pi's grep runs.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type PermissionMap, type PolicyHook, policyHooks } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import type { PermissionHook } from "../src/index.ts";
import type { Verdict } from "../src/model.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const ripgrep = spawnSync("rg", ["--version"]).error === undefined;

/** The attacker's project: a `.env`, a `secrets` folder and a source file, no ignore file. */
function project(): { repo: string; home: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "pi-s33-surface-")));
  const repo = join(root, "repo");
  const home = join(root, "home");
  for (const dir of [repo, home, join(repo, "secrets"), join(repo, "src")]) mkdirSync(dir);
  writeFileSync(join(repo, ".env"), "SECRET=2\n");
  writeFileSync(join(repo, "secrets", "key"), "TOPKEY=9\n");
  writeFileSync(join(repo, "src", "a.ts"), "export const a = 1;\n");
  return { repo, home };
}

/** The attacker's policy G2: the grep tool's own rules refuse `secrets` and `.env`. */
const G2: PermissionMap = {
  "*": "ask",
  read: "allow",
  grep: { "*": "allow", secrets: "deny", "**/.env": "deny" },
  external_directory: "ask",
};

function hookOf(permission: PolicyHook["permission"]): PermissionHook {
  const [hook] = policyHooks(
    { hooks: { guard: { name: "Guard", permission } } },
    { scope: "global", file: "/policy.json" },
  );
  if (!hook) throw new Error("no hook");
  return hook;
}

async function judge(
  where: { repo: string; home: string },
  tool: string,
  input: Record<string, unknown>,
  permission: PermissionMap,
  hooks: PermissionHook[] = [],
): Promise<{ action: string; value: string | null; rule: string | null }> {
  const facts = call(tool, input, { cwd: where.repo, home: where.home });
  const verdict: Verdict = await evaluateToolCall(
    policyOf(permission, hooks.length > 0 ? { hooks } : {}),
    facts,
    await analyzerOnce(),
  );
  const deciding = verdict.action === "allow" ? null : verdict.deciding;
  return {
    action: verdict.action,
    value: deciding?.decidingItem?.value ?? null,
    rule: deciding?.payload.request.matchedPattern ?? null,
  };
}

describe.skipIf(!ripgrep)("the grep tool's own rules meet the files it reads below", () => {
  it("denies a search of the project that reads .env or secrets/key (r33c F2)", async () => {
    const where = project();
    expect(await judge(where, "grep", { pattern: "=" }, G2)).toEqual({
      action: "deny",
      value: join(where.repo, ".env"),
      rule: "**/.env",
    });
    // A folder rule covers what is inside it: the glob narrows the search to secrets/key.
    expect(await judge(where, "grep", { pattern: "k", glob: "key" }, G2)).toEqual({
      action: "deny",
      value: join(where.repo, "secrets", "key"),
      rule: "secrets",
    });
  });

  it("keeps a search that reads no refused file allowed", async () => {
    const where = project();
    expect((await judge(where, "grep", { pattern: "a", path: "src" }, G2)).action).toBe("allow");
    expect((await judge(where, "grep", { pattern: "a", glob: "*.ts" }, G2)).action).toBe("allow");
  });

  it("meets a hook's grep rules on the files below as well", async () => {
    const where = project();
    const hook = hookOf({ grep: { "**/.env": "deny" } });
    const judged = await judge(where, "grep", { pattern: "=" }, { "*": "allow" }, [hook]);
    expect([judged.action, judged.value]).toEqual(["deny", join(where.repo, ".env")]);
  });
});

describe("a file tool's own rules on what it may read below a folder not on this machine", () => {
  const away = { repo: "/nonexistent-s33/repo", home: "/nonexistent-s33/home" };

  it("asks for a grep whose files cannot be listed, where a grep rule may name one", async () => {
    // The search stands for every file below: `secrets` and `**/.env` may name one of them.
    expect((await judge(away, "grep", { pattern: "x" }, G2)).action).toBe("ask");
    expect(
      (await judge(away, "grep", { pattern: "x" }, { grep: { "*": "allow", "**/.env": "deny" } }))
        .rule,
    ).toBe("**/.env");
    expect(
      (await judge(away, "grep", { pattern: "x" }, { "*": "ask", grep: "allow" })).action,
    ).toBe("allow");
  });

  it("asks for a find whose folders cannot be walked, where a find rule may cover one", async () => {
    const permission: PermissionMap = { "*": "ask", find: { "*": "allow", "**/.ssh/**": "deny" } };
    expect((await judge(away, "find", { pattern: "*" }, permission)).action).toBe("ask");
  });
});

describe("find, ls and other servers' folder readers", () => {
  it("denies a find below which a folder a hook's find rule covers lies", async () => {
    const where = project();
    mkdirSync(join(where.repo, ".ssh"));
    writeFileSync(join(where.repo, ".ssh", "id_rsa"), "KEY\n");
    const hook = hookOf({ find: { "**/.ssh/**": "deny" } });
    expect((await judge(where, "find", { pattern: "*" }, { "*": "allow" }, [hook])).action).toBe(
      "deny",
    );
    expect(
      (await judge(where, "find", { pattern: "*", path: "src" }, { "*": "allow" }, [hook])).action,
    ).toBe("allow");
  });

  it("reads an ls rule as the path rules read a listing: the entries it covers whole", async () => {
    const where = project();
    const permission: PermissionMap = {
      "*": "ask",
      ls: { "*": "allow", "secrets/**": "deny", "**/.env": "deny" },
    };
    expect((await judge(where, "ls", { path: "secrets" }, permission)).action).toBe("deny");
    // A listing shows the name `.env`, not the file: as under `path: { "**/.env": "deny" }`.
    expect((await judge(where, "ls", { path: "." }, permission)).action).toBe("allow");
  });

  it("meets another server's content search's own rules on the files below its folder", async () => {
    const where = project();
    const permission: PermissionMap = {
      "*": "ask",
      search_code: { "*": "allow", "**/.env": "deny" },
    };
    expect(await judge(where, "search_code", { path: ".", pattern: "=" }, permission)).toEqual({
      action: "deny",
      value: join(where.repo, ".env"),
      rule: "**/.env",
    });
    expect(
      (await judge(where, "search_code", { path: "src", pattern: "=" }, permission)).action,
    ).toBe("allow");
  });
});
