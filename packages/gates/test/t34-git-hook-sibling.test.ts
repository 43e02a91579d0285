// T34 git-hook-sibling: git subcommands that write no work-tree file (`commit`, `add`,
// `status`, …) still run the repository's hooks, and a hook may make a link. A project file
// can be a hook (`core.hooksPath` into the work tree, as husky sets it), so such git beside a
// call is only known to make no link where the repository has no hook to run.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PermissionMap } from "@pi-permission/policy";
import { afterEach, describe, expect, it } from "vitest";
import type { ConcurrentCall } from "../src/model.ts";
import { shellCall as bash, decideBeside, LINK_POLICY as POLICY } from "./fixtures.ts";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A repository folder: `.git/hooks` with git's samples, plus what `setup` adds. */
function repository(setup: (gitDir: string) => void = () => {}): string {
  const root = mkdtempSync(join(tmpdir(), "pi-hooks-"));
  roots.push(root);
  const gitDir = join(root, ".git");
  mkdirSync(join(gitDir, "hooks"), { recursive: true });
  writeFileSync(join(gitDir, "config"), "[core]\n\tbare = false\n");
  writeFileSync(join(gitDir, "hooks", "pre-commit.sample"), "#!/bin/sh\n");
  setup(gitDir);
  return root;
}

const commit: ConcurrentCall = { toolName: "bash", input: { command: "git commit -qm x" } };

describe("git beside a call, in a repository with hooks", () => {
  it.each<[string, (gitDir: string) => void]>([
    ["a hook in .git/hooks", (g) => writeFileSync(join(g, "hooks", "pre-commit"), "#!/bin/sh\n")],
    ["core.hooksPath", (g) => writeFileSync(join(g, "config"), "[core]\n\thooksPath = .husky/_\n")],
    [
      "an included configuration",
      (g) => writeFileSync(join(g, "config"), "[include]\n\tpath = x\n"),
    ],
  ])("a read beside `git commit` asks when the repository has %s", async (_name, setup) => {
    const cwd = repository(setup);
    const verdict = await decideBeside(
      POLICY,
      "read",
      { path: "notes" },
      { cwd, concurrent: [commit] },
    );
    expect([verdict.action, verdict.rule]).toEqual(["ask", "<concurrent-call>"]);
  });

  it("a read beside `git commit` is judged as before in a repository with samples only", async () => {
    const cwd = repository();
    const verdict = await decideBeside(
      POLICY,
      "read",
      { path: "notes" },
      { cwd, concurrent: [commit] },
    );
    expect(verdict.action).toBe("allow");
  });

  it.each([
    "GIT_DIR=../other/.git git commit -qm x",
    "export GIT_DIR=../other/.git; git status",
    "GIT_CONFIG_GLOBAL=../g git status",
  ])("%s may run another repository's hooks", async (command) => {
    const cwd = repository();
    const verdict = await decideBeside(
      POLICY,
      "read",
      { path: "notes" },
      { cwd, concurrent: [bash(command)] },
    );
    expect(verdict.action).toBe("ask");
  });

  it("git after a directory change may run another repository's hooks", async () => {
    const cwd = repository();
    const moved: ConcurrentCall = {
      toolName: "bash",
      input: { command: "cd ../other && git status" },
    };
    const verdict = await decideBeside(
      POLICY,
      "read",
      { path: "notes" },
      { cwd, concurrent: [moved] },
    );
    expect(verdict.action).toBe("ask");
  });

  it("`git commit` judged while calls run asks where hooks may run, not elsewhere", async () => {
    const running = [{ toolName: "read", input: { path: "notes" } }];
    const hooked = repository((g) => writeFileSync(join(g, "hooks", "post-commit"), "#!/bin/sh\n"));
    const plain = repository();
    const withHook = await decideBeside(
      POLICY,
      "bash",
      { command: "git commit -qm x" },
      { cwd: hooked, running },
    );
    const without = await decideBeside(
      POLICY,
      "bash",
      { command: "git commit -qm x" },
      { cwd: plain, running },
    );
    expect([withHook.action, withHook.rule, without.action]).toEqual([
      "ask",
      "<concurrent-call>",
      "allow",
    ]);
  });
});
