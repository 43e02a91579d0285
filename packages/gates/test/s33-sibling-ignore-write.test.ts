// S33 sibling-ignore-write (r33c F1): Pi judges every call of one assistant message before any
// runs, and Pi's grep is judged on the files ripgrep lists then, ignore files applied. A sibling
// that writes or removes an ignore file changes that listing before the search runs: traced in a
// real Pi session, `write z/.ignore` (`!.env`) beside `grep SECRET` returned the `.env` line that
// `.gitignore` hid when the grep was judged. Such a sibling voids the listing: the search is
// judged as reading every file below, ignore files not applied. Real folders, real ripgrep.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import type { ConcurrentCall } from "../src/model.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const tools = ["rg", "git"].every((tool) => spawnSync(tool, ["--version"]).error === undefined);

/** A repository whose `.gitignore` hides `.env` files: one at the top, one in `z`. */
function project(): { repo: string; home: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "pi-s33-ignore-")));
  const repo = join(root, "repo");
  const home = join(root, "home");
  for (const dir of [repo, home, join(repo, "src"), join(repo, "docs"), join(repo, "z")]) {
    mkdirSync(dir);
  }
  execFileSync("git", ["init", "-q", repo]);
  writeFileSync(join(repo, ".gitignore"), ".env\n");
  writeFileSync(join(repo, ".env"), "SECRET=1\n");
  writeFileSync(join(repo, "z", ".env"), "SECRET=1\n");
  writeFileSync(join(repo, "src", "a.ts"), "export const a = 1;\n");
  writeFileSync(join(repo, "docs", "guide.md"), "SECRET rules\n");
  return { repo, home };
}

/** The attacker's policy E: edits and a few shell commands allowed, secrets denied. */
const E: PermissionMap = {
  "*": "ask",
  read: "allow",
  grep: "allow",
  write: "allow",
  edit: "allow",
  bash: { "*": "ask", "echo *": "allow", "rm *": "allow", "git *": "allow" },
  external_directory: "ask",
  path: { "**/.env": "deny", "~/.ssh/**": "deny" },
};

async function grep(
  where: { repo: string; home: string },
  input: Record<string, unknown>,
  concurrent: ConcurrentCall[],
): Promise<string> {
  const facts = call(
    "grep",
    { pattern: "SECRET", ...input },
    { cwd: where.repo, home: where.home, ...(concurrent.length > 0 ? { concurrent } : {}) },
  );
  return (await evaluateToolCall(policyOf(E), facts, await analyzerOnce())).action;
}

const bash = (command: string): ConcurrentCall => ({ toolName: "bash", input: { command } });
const write = (path: string): ConcurrentCall => ({
  toolName: "write",
  input: { path, content: "!.env\n" },
});

describe.skipIf(!tools)("a call beside a grep that may change what ripgrep lists", () => {
  it("is allowed alone: .gitignore hides the .env files from the search", async () => {
    expect(await grep(project(), {}, [])).toBe("allow");
  });

  it("is not allowed beside a write, edit or removal of an ignore file (r33c F1)", async () => {
    const where = project();
    const siblings: ConcurrentCall[] = [
      write("z/.ignore"),
      write(".rgignore"),
      write("src/deeper/.gitignore"),
      write(".GitIgnore"),
      {
        toolName: "edit",
        input: { path: ".gitignore", edits: [{ oldText: ".env", newText: "x" }] },
      },
      bash('echo "!.env" > .ignore'),
      bash("rm .gitignore"),
      bash("rm -rf .git"),
      bash("echo x > .git/info/exclude"),
      bash("rm .git*"),
      bash("rm -f z/.*ignore"),
    ];
    for (const sibling of siblings) {
      expect([sibling.input, await grep(where, {}, [sibling])]).toEqual([sibling.input, "deny"]);
    }
  });

  it("is not allowed beside a call whose writes are not all known", async () => {
    const where = project();
    const siblings: ConcurrentCall[] = [
      bash('echo "!.env" > "$F"'),
      bash('cd "$D" && rm .gitignore'),
      bash("git config core.excludesFile .gitignore"),
      { toolName: "mcp__fs__write_file", input: { path: "notes.txt", content: "x" } },
    ];
    for (const sibling of siblings) {
      expect([sibling.input, await grep(where, {}, [sibling])]).toEqual([sibling.input, "deny"]);
    }
  });

  it("meets an ignore file above the searched folder, and git's global configuration", async () => {
    const where = project();
    expect(await grep(where, { path: "z" }, [write(".ignore")])).toBe("deny");
    expect(await grep(where, { path: "z" }, [write("~/.gitconfig")])).toBe("deny");
    expect(await grep(where, { path: "z" }, [write("~/.config/git/ignore")])).toBe("deny");
    // Written through a link to the ignore file.
    symlinkSync(".gitignore", join(where.repo, "rules"));
    expect(await grep(where, {}, [write("rules")])).toBe("deny");
  });

  it("stays allowed beside writes that change no ignore rule of the searched folder", async () => {
    const where = project();
    const siblings: ConcurrentCall[] = [
      write("src/a.ts"),
      bash("echo x > src/a.ts"),
      bash("rm docs/guide.md"),
      { toolName: "read", input: { path: "README.md" } },
    ];
    for (const sibling of siblings) {
      expect([sibling.input, await grep(where, {}, [sibling])]).toEqual([sibling.input, "allow"]);
    }
    // An ignore file in a folder beside the searched one applies to none of its files.
    expect(await grep(where, { path: "z" }, [write("docs/.ignore")])).toBe("allow");
  });
});
