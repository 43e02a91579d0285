// One judging asks the disk about each path once (issue 18): following a command's paths
// through their links used to look up the working and home directories' components again for
// every path (and every listing), a syscall each.
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs")>();
  return { ...real, lstatSync: vi.fn(real.lstatSync), readlinkSync: vi.fn(real.readlinkSync) };
});

const { cachedLookups, linkTargetOf, physicalPath } = await import("../src/links.ts");
const { followedFiles } = await import("../src/path-gates.ts");

const root = fs.realpathSync(fs.mkdtempSync(join(tmpdir(), "pi-p21-links-")));
const repo = join(root, "deep", "er", "repo");
const home = join(root, "home");
for (const dir of [repo, join(repo, "src"), home, join(home, ".ssh")]) {
  fs.mkdirSync(dir, { recursive: true });
}
fs.writeFileSync(join(repo, ".env"), "SECRET=1");
fs.writeFileSync(join(repo, "src", "a.ts"), "");
fs.writeFileSync(join(home, ".ssh", "id_rsa"), "key");
fs.symlinkSync(".env", join(repo, "notes"));
fs.symlinkSync(join(home, ".ssh"), join(repo, "keys"));
fs.symlinkSync("missing-target", join(repo, "dangling"));

const facts = {
  toolName: "bash",
  toolCallId: null,
  input: {},
  cwd: repo,
  home,
  agentName: null,
  sessionId: null,
};

const lstat = vi.mocked(fs.lstatSync);
const readlink = vi.mocked(fs.readlinkSync);

/** How many times the disk was asked about each path, the paths asked more than once. */
function repeated(calls: readonly unknown[][]): string[] {
  const counts = new Map<string, number>();
  for (const [path] of calls) counts.set(String(path), (counts.get(String(path)) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1).map(([path]) => path);
}

beforeEach(() => {
  lstat.mockClear();
  readlink.mockClear();
});

describe("one call's lookups on disk", () => {
  it("asks about each path once while following every path of the call", () => {
    const files = [
      { shown: "notes", path: join(repo, "notes"), access: "read" as const },
      { shown: "keys/id_rsa", path: join(repo, "keys", "id_rsa"), access: "read" as const },
      {
        shown: "src",
        path: join(repo, "src", "*"),
        access: "read" as const,
        listing: true as const,
      },
      {
        shown: "keys",
        path: join(repo, "keys", "*"),
        access: "read" as const,
        listing: true as const,
      },
      { shown: ".", path: join(repo, "*"), access: "read" as const, listing: true as const },
      { shown: "src/a.ts", path: join(repo, "src", "a.ts"), access: "write" as const },
      { shown: "dangling", path: join(repo, "dangling"), access: "write" as const },
    ];
    const { files: out, links } = followedFiles(facts, files);
    expect(lstat.mock.calls.length).toBeGreaterThan(0);
    expect(repeated(lstat.mock.calls)).toEqual([]);
    expect(repeated(readlink.mock.calls)).toEqual([]);
    // The links are still followed: the answers are the disk's.
    expect(links).toEqual(
      expect.arrayContaining([
        { path: join(repo, "notes"), target: join(repo, ".env") },
        { path: join(repo, "keys", "id_rsa"), target: join(home, ".ssh", "id_rsa") },
        { path: join(repo, "dangling"), target: join(repo, "missing-target") },
      ]),
    );
    expect(out.map((f) => f.path)).toEqual(
      expect.arrayContaining([join(home, ".ssh", "*"), join(home, ".ssh", "id_rsa")]),
    );
  });

  it("answers from memory what the disk answered", () => {
    const disk = cachedLookups();
    for (const path of [join(repo, "notes"), join(repo, "keys"), join(repo, "nope")]) {
      expect(disk.linkState(path)).toBe(disk.linkState(path));
    }
    expect(disk.linkState(join(repo, "notes"))).toBe(true);
    expect(disk.linkState(join(repo, "src"))).toBe(false);
    expect(disk.linkState(join(repo, "nope"))).toBeNull();
    expect(disk.linkText(join(repo, "notes"))).toBe(".env");
    expect(disk.linkText(join(repo, "src"))).toBeUndefined();
    expect(repeated(lstat.mock.calls)).toEqual([]);
    expect(repeated(readlink.mock.calls)).toEqual([]);
  });

  it("gives the same answers as the lookups that always ask the disk", () => {
    const disk = cachedLookups();
    for (const path of [
      join(repo, "notes"),
      join(repo, "keys", "id_rsa"),
      join(repo, "keys", "new", "x"),
      join(repo, "src", "a.ts"),
      join(repo, "dangling"),
      join(repo, "missing", "x"),
    ]) {
      expect(physicalPath(path, disk)).toBe(physicalPath(path));
      expect(linkTargetOf(path, repo, home, disk)).toBe(linkTargetOf(path, repo, home));
    }
  });
});
