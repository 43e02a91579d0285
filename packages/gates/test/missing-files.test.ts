// Most paths a call names do not exist yet (a file to write, a guess to read). Looking them up
// must not cost an exception each: a thrown ENOENT costs ten times the lookup (issue 18). The
// answers stay those of the links tests: a missing component ends the walk as written.
import * as fs from "node:fs";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it, vi } from "vitest";

vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs")>();
  return {
    ...real,
    lstatSync: vi.fn(real.lstatSync),
    accessSync: vi.fn(real.accessSync),
  };
});

const { evaluateToolCall } = await import("../src/evaluate.ts");
const { analyzerOnce, policyOf } = await import("./fixtures.ts");

const root = realpathSync(mkdtempSync(join(tmpdir(), "pi-missing-")));
const repo = join(root, "repo");
const home = join(root, "home");
mkdirSync(repo);
mkdirSync(join(home, ".ssh"), { recursive: true });
symlinkSync(join(home, ".ssh"), join(repo, "keys"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const facts = (toolName: string, input: unknown) => ({
  toolName,
  toolCallId: "t1",
  input,
  cwd: repo,
  home,
  agentName: null,
  sessionId: null,
});

// Every lookup either asks for `undefined` on a missing entry or names an entry that exists.
function lookupsThatMayThrow(): unknown[] {
  const lstat = vi.mocked(fs.lstatSync).mock.calls.filter(([path, options]) => {
    const quiet = (options as { throwIfNoEntry?: boolean } | undefined)?.throwIfNoEntry === false;
    return !quiet && !fs.existsSync(path as string);
  });
  return [...lstat, ...vi.mocked(fs.accessSync).mock.calls];
}

it("judges paths that do not exist without an exception per lookup, and reaches the same verdicts", async () => {
  const analyzer = await analyzerOnce();
  const policy = policyOf({ "*": "allow", path: { "**/.ssh/**": "deny" } });
  vi.mocked(fs.lstatSync).mockClear();
  vi.mocked(fs.accessSync).mockClear();
  const cases = [
    [facts("bash", { command: "cat new/a.txt > out/b.txt" }), "allow"],
    [facts("bash", { command: "cat keys/id_rsa" }), "deny"],
    [facts("read", { path: "missing/notes.md" }), "allow"],
    [facts("read", { path: "keys/missing" }), "deny"],
    [facts("write", { path: "new/dir/file.txt", content: "x" }), "allow"],
  ] as const;
  for (const [call, action] of cases) {
    expect(evaluateToolCall(policy, call as never, analyzer).action).toBe(action);
  }
  expect(vi.mocked(fs.lstatSync).mock.calls.length).toBeGreaterThan(0);
  expect(lookupsThatMayThrow()).toEqual([]);
});

it("looks each folder of a call's paths and globs up once, and follows a glob through a link", async () => {
  const analyzer = await analyzerOnce();
  const policy = policyOf({ "*": "allow", path: { "**/.ssh/**": "deny" } });
  mkdirSync(join(repo, "src"), { recursive: true });
  writeFileSync(join(home, ".ssh", "id_rsa"), "key\n");
  const lookedUp = () =>
    vi.mocked(fs.lstatSync).mock.calls.map(([path]) => String(path).slice(root.length));
  vi.mocked(fs.lstatSync).mockClear();
  const call = facts("bash", { command: "cat src/a* src/b* src/c.ts keys/i*" });
  expect(evaluateToolCall(policy, call as never, analyzer).action).toBe("deny");
  // Two globs and a path below src/: the folder is looked up once for all three. Each glob's
  // own spelling is looked up too (once): bash passes it as written when nothing matches.
  expect(lookedUp().filter((path) => path === "/repo/src")).toEqual(["/repo/src"]);
  expect(lookedUp().filter((path) => path.startsWith("/repo/src/"))).toEqual([
    "/repo/src/a*",
    "/repo/src/b*",
    "/repo/src/c.ts",
  ]);
});
