// T32 case-insensitive-fs (attacker, traced with Pi 1.6's read tool and with `cat` on an
// exFAT volume): where the file system ignores case (macOS as installed, Windows, exFAT),
// `.ENV` opens `.env` and `.SSH/id_ed25519` opens `.ssh/id_ed25519`, while the path rules were
// met as written and allowed them. A deny or ask rule the path meets with case folded now
// makes the call an ask (on a file system that keeps case it is another file, so never a
// deny); an allow rule is still met only as written.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const POLICY: PermissionMap = {
  "*": "ask",
  read: "allow",
  write: "allow",
  ls: "allow",
  bash: { "*": "ask", "cat *": "allow", "ls *": "allow" },
  path: { "**/.env": "deny", "**/.env.*": "deny", "**/.ssh/**": "deny", "~/.aws": "deny" },
  external_directory: "allow",
};

async function action(tool: string, input: unknown, policy: PermissionMap = POLICY) {
  const facts = call(tool, input, { cwd: "/repo", home: "/home/user" });
  return (await evaluateToolCall(policyOf(policy), facts, await analyzerOnce())).action;
}

describe("t32: a refusing path rule met with case folded", () => {
  it.each<[string, unknown]>([
    ["read", { path: ".ENV" }],
    ["read", { path: ".SSH/id_ed25519" }],
    ["read", { path: "API/.ENV.LOCAL" }],
    ["read", { path: "~/.AWS/credentials" }],
    ["write", { path: ".Env", content: "x" }],
    ["bash", { command: "cat .ENV" }],
    ["bash", { command: "ls .SSH/*" }],
    // A listing of a folder named in another case shows the refused folder's entries (T33).
    ["bash", { command: "ls .SSH" }],
    ["bash", { command: "ls -la .SSH/" }],
    ["bash", { command: "ls ~/.Ssh" }],
    ["bash", { command: "ls -d .SS?/*" }],
    ["ls", { path: ".SSH" }],
    ["ls", { path: "~/.SSH" }],
  ])("%s %j asks", async (tool, input) => {
    expect(await action(tool, input)).toBe("ask");
  });

  it("the names as written still decide: deny stays deny, other names stay allowed", async () => {
    expect(await action("read", { path: ".env" })).toBe("deny");
    expect(await action("bash", { command: "cat .env" })).toBe("deny");
    expect(await action("read", { path: "README.md" })).toBe("allow");
    expect(await action("read", { path: "src/ENVIRONMENT.md" })).toBe("allow");
    expect(await action("bash", { command: "cat src/*.TS" })).toBe("allow");
    expect(await action("bash", { command: "ls .ssh" })).toBe("deny");
    expect(await action("bash", { command: "ls SRC" })).toBe("allow");
    expect(await action("ls", { path: "SRC" })).toBe("allow");
  });

  it("an allow rule is met only as written", async () => {
    const policy: PermissionMap = {
      "*": "ask",
      read: "allow",
      path: { "*": "ask", "/repo/src/**": "allow" },
      external_directory: "allow",
    };
    expect(await action("read", { path: "src/a.ts" }, policy)).toBe("allow");
    expect(await action("read", { path: "SRC/a.ts" }, policy)).toBe("ask");
  });
});

// The same file systems find a program by any case of its name: bash looks `GIT` up in PATH,
// `/usr/bin/GIT` opens /usr/bin/git, and `GIT push` pushes.
describe("t32: a refusing bash rule met by the command name in lower case", () => {
  const P3: PermissionMap = {
    "*": "allow",
    bash: { "*": "allow", "git push *": "deny", "npm publish*": "deny" },
  };
  it.each([
    "GIT push origin main",
    "Git push",
    "/USR/BIN/GIT push",
    "NPM publish",
    "timeout 5 GIT push",
    // A program no table knows reads its later words as a command it may run: in any case.
    "unbuffer GIT push origin main",
    "aws-vault exec x -- GIT push origin main",
  ])("%s asks", async (command) => {
    expect(await action("bash", { command }, P3)).toBe("ask");
  });

  it("a name no refusing rule meets, or one written in lower case, is judged as before", async () => {
    expect(await action("bash", { command: "GIT status" }, P3)).toBe("allow");
    expect(await action("bash", { command: "git push" }, P3)).toBe("deny");
    expect(await action("bash", { command: "LS -la" }, POLICY)).toBe("ask");
  });
});
