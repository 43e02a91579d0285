// Pi's `ls` tool reads a directory's entries and their metadata, and its `find` tool runs
// `fd --hidden` below its directory and prints every name there (attack round 14): what they
// show is judged as bash's `ls` and `ls -R` are, by the rules that cover every entry of a
// folder, not only by the directory they are given. `ls ~/.ssh` is denied under
// `"**/.ssh/**": "deny"` whatever tool lists it; a listing of the project is not.
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const root = realpathSync(mkdtempSync(join(tmpdir(), "pi-lister-tools-")));
const repo = join(root, "repo");
const home = join(root, "home");
for (const dir of [join(repo, "src"), join(home, ".ssh"), join(root, "other", "deploy", ".ssh")]) {
  mkdirSync(dir, { recursive: true });
}
writeFileSync(join(repo, "src", "a.ts"), "a");
writeFileSync(join(repo, ".env"), "SECRET=1");
writeFileSync(join(home, ".ssh", "id_rsa"), "k");
writeFileSync(join(root, "other", "deploy", ".ssh", "id_ed25519"), "k");
// A link below the project to the home's keys: fd and readdir show its name, not its entries.
symlinkSync(join(home, ".ssh"), join(repo, "keys"));

const POLICY: PermissionMap = {
  "*": "ask",
  ls: "allow",
  find: "allow",
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "allow",
};

async function action(tool: string, input: unknown, cwd = repo) {
  const facts = call(tool, input, { cwd, home });
  return (await evaluateToolCall(policyOf(POLICY), facts, await analyzerOnce())).action;
}

describe("the ls tool", () => {
  it.each<[unknown, string]>([
    [{ path: "~/.ssh" }, "deny"],
    [{ path: `${home}/.ssh/` }, "deny"],
    [{ path: "@~/.ssh" }, "deny"],
    [{ path: `file://${home}/.ssh` }, "deny"],
    // Through a link: Pi lists the folder it reaches.
    [{ path: "keys" }, "deny"],
    // The names of the project's entries (`.env`, `keys`) are shown, not their contents.
    [{}, "allow"],
    [{ path: "." }, "allow"],
    [{ path: "src" }, "allow"],
    [{ path: "~" }, "allow"],
  ])("ls %j: %s", async (input, expected) => {
    expect(await action("ls", input)).toBe(expected);
  });
});

describe("the find tool", () => {
  it.each<[unknown, string]>([
    [{ pattern: "*", path: "~/.ssh" }, "deny"],
    [{ pattern: "id_*", path: "keys" }, "deny"],
    // A `.ssh` folder below the directory: fd prints the names of its files.
    [{ pattern: "*", path: join(root, "other") }, "deny"],
    [{ pattern: "*", path: "~" }, "deny"],
    // The project holds no `.ssh` folder; `keys` is a link fd does not descend into.
    [{ pattern: "*.ts" }, "allow"],
    [{ pattern: "*", path: "src" }, "allow"],
    // A file: fd lists nothing below it.
    [{ pattern: "*", path: "src/a.ts" }, "allow"],
  ])("find %j: %s", async (input, expected) => {
    expect(await action("find", input)).toBe(expected);
  });

  it("asks when the directory is not on this machine and a folder rule may lie below", async () => {
    expect(await action("find", { pattern: "*" }, "/nonexistent-b14/repo")).toBe("ask");
    expect(await action("find", { pattern: "*", path: "/nonexistent-b14/u/.ssh" })).toBe("deny");
  });
});
