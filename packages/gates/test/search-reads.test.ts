// Pi's grep tool searches every file below the directory it is given (ripgrep with
// --hidden): those files are judged, not only the directory. Real directories, real git
// ignore files and the real ripgrep the tool runs.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import type { Verdict } from "../src/model.ts";
import { listSearchedFiles, searchReads } from "../src/search-reads.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const ripgrep = spawnSync("rg", ["--version"]).error === undefined;

function project(): { root: string; repo: string; home: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "pi-search-reads-")));
  const repo = join(root, "repo");
  const home = join(root, "home");
  for (const dir of [repo, home, join(repo, "src"), join(repo, "docs")]) mkdirSync(dir);
  writeFileSync(join(repo, "src", "a.ts"), "const password = 1;\n");
  writeFileSync(join(repo, "docs", "guide.md"), "password rules\n");
  return { root, repo, home };
}

const DEFAULTS: PermissionMap = {
  "*": "ask",
  grep: "allow",
  path: { "**/.env": "deny", "~/.ssh/**": "deny" },
  external_directory: "ask",
};

async function grepVerdict(
  where: { repo: string; home: string },
  input: Record<string, unknown>,
  permission: PermissionMap = DEFAULTS,
): Promise<Verdict> {
  const facts = call(
    "grep",
    { pattern: "password", ...input },
    { cwd: where.repo, home: where.home },
  );
  return evaluateToolCall(policyOf(permission), facts, await analyzerOnce());
}

function summary(verdict: Verdict) {
  const deciding = verdict.action === "allow" ? null : verdict.deciding;
  return {
    action: verdict.action,
    value: deciding?.decidingItem?.value ?? null,
    rule: deciding?.payload.request.matchedPattern ?? null,
  };
}

describe.skipIf(!ripgrep)(
  `the grep tool on a directory${ripgrep ? "" : " (skipped: ripgrep, which Pi's grep tool runs, is not installed)"}`,
  () => {
    it("denies a search of the project that would read a .env below it, naming the file", async () => {
      const where = project();
      writeFileSync(join(where.repo, ".env"), "password=hunter2\n");
      writeFileSync(join(where.repo, "src", ".env"), "password=x\n");
      expect(summary(await grepVerdict(where, {}))).toEqual({
        action: "deny",
        value: join(where.repo, ".env"),
        rule: "**/.env",
      });
      expect(summary(await grepVerdict(where, { path: "src" }))).toEqual({
        action: "deny",
        value: join(where.repo, "src", ".env"),
        rule: "**/.env",
      });
    });

    it("allows it when no file below it meets a refusing rule", async () => {
      const where = project();
      writeFileSync(join(where.repo, ".env"), "password=hunter2\n");
      expect(summary(await grepVerdict(where, { path: "docs" })).action).toBe("allow");
      expect(summary(await grepVerdict(where, { path: "src/a.ts" })).action).toBe("allow");
    });

    it("allows it when ripgrep skips the file: a git ignore rule, or the call's own glob", async () => {
      const where = project();
      writeFileSync(join(where.repo, ".env"), "password=hunter2\n");
      execFileSync("git", ["init", "-q"], { cwd: where.repo });
      writeFileSync(join(where.repo, ".gitignore"), ".env\n");
      expect(summary(await grepVerdict(where, {})).action).toBe("allow");
      const other = project();
      writeFileSync(join(other.repo, ".env"), "password=hunter2\n");
      expect(summary(await grepVerdict(other, { glob: "*.ts" })).action).toBe("allow");
      expect(summary(await grepVerdict(other, { glob: "!.env" })).action).toBe("allow");
      // Pi drops a leading `./` of the glob before ripgrep reads it.
      expect(summary(await grepVerdict(other, { glob: "./*.ts" })).action).toBe("allow");
      expect(summary(await grepVerdict(other, { glob: "*.env" })).action).toBe("deny");
    });

    it("reads through a link to a directory, as ripgrep run inside it does", async () => {
      const where = project();
      mkdirSync(join(where.home, ".ssh"));
      writeFileSync(join(where.home, ".ssh", "id_rsa"), "password");
      symlinkSync(join(where.home, ".ssh"), join(where.repo, "keys"));
      expect(summary(await grepVerdict(where, { path: "keys" }))).toMatchObject({
        action: "deny",
        rule: "~/.ssh/**",
      });
    });

    it("lists exactly what ripgrep searches: hidden files in, ignored files out", () => {
      const where = project();
      writeFileSync(join(where.repo, ".hidden"), "");
      writeFileSync(join(where.repo, "ignored.log"), "");
      writeFileSync(join(where.repo, ".ignore"), "*.log\n");
      expect(listSearchedFiles(where.repo, undefined)?.sort()).toEqual(
        [".hidden", ".ignore", "docs/guide.md", "src/a.ts"].map((f) => join(where.repo, f)),
      );
    });

    it("names the glob of everything below when too many files meet a refusing rule", async () => {
      const where = project();
      for (let i = 0; i < 70; i++) writeFileSync(join(where.repo, "src", `k${i}.pem`), "");
      const verdict = await grepVerdict(where, {}, { ...DEFAULTS, path: { "**/*.pem": "deny" } });
      // Every file below is a .pem only for a pattern that covers all of them: this one asks.
      expect(summary(verdict)).toEqual({
        action: "ask",
        value: `${where.repo}/**`,
        rule: "**/*.pem",
      });
    });
  },
);

describe("the grep tool when the files below cannot be listed", () => {
  it("asks for a directory that is not on this machine, where a refusing rule may name a file below", async () => {
    const verdict = await evaluateToolCall(
      policyOf(DEFAULTS),
      call(
        "grep",
        { pattern: "password", path: "src" },
        { cwd: "/no/such/repo", home: "/no/such/home" },
      ),
      await analyzerOnce(),
    );
    expect(summary(verdict)).toEqual({
      action: "ask",
      value: "/no/such/repo/src/**",
      rule: "**/.env",
    });
  });

  it("asks when ripgrep cannot be run, and lists nothing", () => {
    const where = project();
    expect(listSearchedFiles(where.repo, undefined, [join(where.root, "no-rg")])).toBeNull();
  });

  it("adds nothing when no refusing rule can name a file below", async () => {
    const verdict = await evaluateToolCall(
      policyOf({ "*": "allow", path: { "~/.ssh/**": "deny" } }),
      call(
        "grep",
        { pattern: "password", path: "src" },
        { cwd: "/no/such/repo", home: "/no/such/home" },
      ),
      await analyzerOnce(),
    );
    expect(verdict.action).toBe("allow");
  });

  it("judges only the directory for the find and ls tools, which read names, not contents", async () => {
    for (const toolName of ["find", "ls"]) {
      const verdict = await evaluateToolCall(
        policyOf({ "*": "allow", path: { "**/.env": "deny" } }),
        call(
          toolName,
          { pattern: "*", path: "src" },
          { cwd: "/no/such/repo", home: "/no/such/home" },
        ),
        await analyzerOnce(),
      );
      expect(verdict.action).toBe("allow");
    }
  });
});

describe("the grep tool where ripgrep cannot be run", () => {
  const noRipgrep = (where: { root: string }) => [join(where.root, "no-rg")];

  it("walks the directory instead: a .env below is denied, a clean folder allowed", async () => {
    const where = project();
    writeFileSync(join(where.repo, ".env"), "password=hunter2\n");
    const facts = (input: Record<string, unknown>) =>
      call("grep", { pattern: "password", ...input }, { cwd: where.repo, home: where.home });
    const policy = policyOf(DEFAULTS);
    const files = (input: Record<string, unknown>) =>
      searchReads(
        facts(input),
        policy,
        { shown: ".", path: where.repo, access: "read" },
        input.glob as string | undefined,
        noRipgrep(where),
      );
    expect(files({}).map((f) => [f.path, f.glob ?? false])).toEqual([
      [join(where.repo, ".env"), false],
    ]);
    expect(files({ glob: "*.ts" })).toEqual([]);
    // Without ripgrep the ignore files are not read: the .env counts even when ignored.
    writeFileSync(join(where.repo, ".gitignore"), ".env\n");
    expect(files({}).map((f) => f.path)).toEqual([join(where.repo, ".env")]);
  });
});

describe.skipIf(!ripgrep)("the grep tool and a deny naming a folder", () => {
  it("denies a search that would read a file inside a folder a deny names without a glob", async () => {
    const where = project();
    mkdirSync(join(where.repo, "src", ".ssh"));
    writeFileSync(join(where.repo, "src", ".ssh", "id_rsa"), "password");
    const folder: PermissionMap = { "*": "allow", path: { "src/.ssh": "deny" } };
    expect(summary(await grepVerdict(where, {}, folder))).toEqual({
      action: "deny",
      value: join(where.repo, "src", ".ssh", "id_rsa"),
      rule: "src/.ssh",
    });
    expect(summary(await grepVerdict(where, { path: "docs" }, folder)).action).toBe("allow");
  });
});

describe("the grep tool where ripgrep runs out of time", () => {
  it("judges what may lie below instead of walking the folder, which would be as slow", () => {
    const where = project();
    writeFileSync(join(where.repo, ".env"), "password=hunter2\n");
    // A ripgrep that takes longer than the listing may: the search of a huge folder.
    const slow = join(where.root, "slow-rg");
    writeFileSync(slow, "#!/bin/sh\nsleep 5\n", { mode: 0o755 });
    const files = searchReads(
      call("grep", { pattern: "password" }, { cwd: where.repo, home: where.home }),
      policyOf(DEFAULTS),
      { shown: ".", path: where.repo, access: "read" },
      undefined,
      [slow],
    );
    expect(files).toEqual([
      {
        shown: ". (every file below it)",
        path: `${where.repo}/**`,
        access: "read",
        glob: true,
        dots: true,
      },
    ]);
  });
});
