// T32 sibling-call-toctou: Pi judges every call of one assistant message before any runs, then
// runs them together. A sibling that may make a symbolic link leaves the paths of the judged
// call unproven: each may be any file (`<concurrent-call>`), so a policy with path rules asks.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import type { ConcurrentCall } from "../src/model.ts";
import { shellCall as bash, decideBeside, LINK_POLICY as POLICY } from "./fixtures.ts";

function decide(
  toolName: string,
  input: unknown,
  concurrent: readonly ConcurrentCall[] | undefined,
  permission: PermissionMap = POLICY,
) {
  return decideBeside(permission, toolName, input, concurrent === undefined ? {} : { concurrent });
}

describe("a call judged beside calls that run at the same time", () => {
  it.each<[string, ConcurrentCall]>([
    ["git checkout-index -f notes", bash("git checkout-index -f notes")],
    ["tar xf a.tar", bash("tar xf a.tar")],
    ["ln -s src/real notes", bash("ln -s src/real notes")],
    ["mv old notes", bash("mv old notes")],
    ["cp -a fixtures/. .", bash("cp -a fixtures/. .")],
    ["npm install", bash("npm install")],
    ["./build.sh", bash("./build.sh")],
    ["bash -c with a computed command", bash('bash -c "$CMD"')],
    ["awk running a command", bash("awk 'BEGIN{system(\"x\")}'")],
    ["git stash pop", bash("git stash pop")],
    ["an MCP tool", { toolName: "mcp__fs__extract", input: { archive: "a.zip" } }],
    ["an extension's tool", { toolName: "subagent", input: { task: "tidy up" } }],
  ])("a read beside %s asks, naming that call", async (_name, sibling) => {
    const verdict = await decide("read", { path: "notes" }, [sibling]);
    expect(verdict.action).toBe("ask");
    expect(verdict.rule).toBe("<concurrent-call>");
    expect(verdict.concurrent).not.toBeNull();
  });

  it("names the shell command of the sibling in the prompt's evidence", async () => {
    const verdict = await decide("bash", { command: "cat notes" }, [bash("tar xf a.tar")]);
    expect(verdict).toEqual({
      action: "ask",
      rule: "<concurrent-call>",
      concurrent: "bash: tar xf a.tar",
    });
  });

  it.each<[string, ConcurrentCall[]]>([
    ["no concurrent call", []],
    [
      "Pi's file tools",
      [
        { toolName: "read", input: { path: "x" } },
        { toolName: "ls", input: { path: "src" } },
        { toolName: "grep", input: { pattern: "x" } },
        { toolName: "find", input: { pattern: "*.ts" } },
        { toolName: "write", input: { path: "y", content: "" } },
        { toolName: "edit", input: { path: "z", edits: [] } },
      ],
    ],
    [
      "reading commands",
      [
        bash("git status --short"),
        bash("git diff HEAD~1 | head -50"),
        bash("cat README.md && ls -la src"),
        bash("grep -rn TODO src | sort | uniq -c"),
        bash("find . -name '*.ts' | wc -l"),
      ],
    ],
    [
      "commands that write plain files",
      [
        bash("echo x > out.txt"),
        bash("sed -i s/a/b/ src/a.ts"),
        bash("mkdir -p build && touch build/stamp"),
        bash("git add -A && git commit -m wip"),
      ],
    ],
  ])("a read beside %s is judged on its own", async (_name, siblings) => {
    expect(await decide("read", { path: "notes" }, siblings)).toEqual({
      action: "allow",
      rule: null,
      concurrent: null,
    });
  });

  it("keeps a deny the call's own path proves", async () => {
    const verdict = await decide("read", { path: ".env" }, [bash("tar xf a.tar")]);
    expect(verdict.action).toBe("deny");
    expect(verdict.rule).toBe("**/.env");
  });

  it("leaves a call that names no path alone", async () => {
    expect((await decide("bash", { command: "git log -5" }, [bash("tar xf a.tar")])).action).toBe(
      "allow",
    );
  });

  it("asks nothing where no path rule could refuse what a link leads to", async () => {
    const open: PermissionMap = { "*": "allow", bash: { "*": "allow" } };
    expect((await decide("read", { path: "notes" }, [bash("tar xf a.tar")], open)).action).toBe(
      "allow",
    );
  });

  it("judges a call refused for its own sake the same beside a linking call", async () => {
    const verdict = await decide("bash", { command: "rm -rf build" }, [bash("tar xf a.tar")]);
    expect(verdict.action).toBe("deny");
    expect(verdict.rule).toBe("rm *");
  });

  it("reads a few concurrent commands, then takes the rest as linking", async () => {
    const many = Array.from({ length: 9 }, (_, i) => bash(`cat f${i}`));
    expect((await decide("read", { path: "notes" }, many.slice(0, 8))).action).toBe("allow");
    expect((await decide("read", { path: "notes" }, many)).rule).toBe("<concurrent-call>");
  });
});

// T33 background-carrier: a link maker the call leaves running in the background may make a
// link while a later call is judged: the call that starts it asks.
describe("a call that leaves a link maker running", () => {
  it.each([
    "(until ls go; do ls; done; git checkout-index -f notes) &",
    "tar xf a.tar &",
    "cp -a fixtures/. . &",
  ])("%s asks", async (command) => {
    const verdict = await decide("bash", { command }, undefined);
    expect([verdict.action, verdict.rule]).toEqual(["ask", "<concurrent-call>"]);
  });

  it.each(["npm run dev > /dev/null 2>&1 &", "git checkout-index -f notes", "sleep 5 &"])(
    "%s is judged as before",
    async (command) => {
      expect((await decide("bash", { command }, undefined)).action).toBe("allow");
    },
  );
});
