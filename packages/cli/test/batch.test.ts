import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXIT } from "../src/index.ts";
import { CAUTIOUS, PLACE, policyDir, run } from "./helpers.ts";

let files: ReturnType<typeof policyDir>;
beforeAll(() => {
  files = policyDir();
  files.write("cautious.json", CAUTIOUS);
  files.write("broken.json", '{ "permission": { "bash": "alow" } }');
});
afterAll(() => files.remove());

function batch(stdin: readonly string[]) {
  return run(["check", "--batch", "--policies", files.dir, ...PLACE], { stdin });
}

function caseLine(id: unknown, policy: string, tool: string, input: unknown, extra: object = {}) {
  return `${JSON.stringify({ id, policy, tool, input, ...extra })}\n`;
}

function origin(jsonPath: string) {
  return { scope: "global", file: `${files.dir}/cautious.json`, jsonPath };
}

describe("pi-permission check --batch", () => {
  it("writes one verdict line per case, in input order, and a summary on standard error", async () => {
    const result = await batch([
      caseLine(
        "push",
        "cautious",
        "bash",
        { command: "git push origin main" },
        { expect: "deny", why: "ignored" },
      ),
      caseLine("status", "cautious", "bash", { command: "git status" }),
      caseLine(7, "cautious", "read", { path: "/etc/passwd" }),
    ]);
    expect({ code: result.code, err: result.err }).toEqual({
      code: EXIT.ok,
      err: "3 cases: 1 allow, 1 ask, 1 deny\n",
    });
    expect(
      result.out
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => JSON.parse(l)),
    ).toEqual([
      {
        id: "push",
        decision: "deny",
        surface: "bash",
        source: "rule",
        matchedPattern: "git push *",
        origin: origin('permission.bash["git push *"]'),
        reason: "pushes go through CI",
        failClosed: false,
      },
      {
        id: "status",
        decision: "allow",
        surface: "bash",
        source: "rule",
        matchedPattern: "git *",
        origin: origin('permission.bash["git *"]'),
        reason: null,
        failClosed: false,
      },
      {
        id: 7,
        decision: "ask",
        surface: "external_directory",
        source: "rule",
        matchedPattern: "*",
        origin: origin("permission.external_directory"),
        reason: null,
        failClosed: false,
      },
    ]);
  });

  it("reassembles lines split across input chunks, skips blank lines and reads a last line without newline", async () => {
    const line = caseLine("rm", "cautious", "bash", { command: "rm -rf build" }).trim();
    const result = await batch([
      line.slice(0, 20),
      line.slice(20),
      "\r\n\n   \n",
      line.replace('"rm"', '"rm2"'),
    ]);
    expect(result.out.split("\n").map((l) => (l === "" ? l : JSON.parse(l).id))).toEqual([
      "rm",
      "rm2",
      "",
    ]);
    expect(result.err).toBe("2 cases: 0 allow, 0 ask, 2 deny\n");
  });

  it.each([
    {
      note: "not JSON",
      line: "{id: 1}",
      error: {
        id: null,
        line: 1,
        error:
          "the line is not JSON: Expected property name or '}' in JSON at position 1 (line 1 column 2)",
      },
    },
    {
      note: "not an object",
      line: "[1]",
      error: { id: null, line: 1, error: "a case is a JSON object" },
    },
    {
      note: "no id",
      line: '{"policy": "cautious", "tool": "bash", "input": {}}',
      error: { id: null, line: 1, error: "`id` must be a string or a number" },
    },
    {
      note: "no policy",
      line: '{"id": "a", "tool": "bash", "input": {}}',
      error: {
        id: "a",
        line: 1,
        error: "`policy` must name a policy file in the policies directory, without `.json`",
      },
    },
    {
      note: "a policy outside the directory",
      line: '{"id": "a", "policy": "../cautious", "tool": "bash", "input": {}}',
      error: {
        id: "a",
        line: 1,
        error: "`policy` must name a policy file in the policies directory, without `.json`",
      },
    },
    {
      note: "no tool",
      line: '{"id": "a", "policy": "cautious", "tool": "", "input": {}}',
      error: { id: "a", line: 1, error: "`tool` must be a tool name" },
    },
    {
      note: "no input",
      line: '{"id": "a", "policy": "cautious", "tool": "bash"}',
      error: { id: "a", line: 1, error: "`input` is missing" },
    },
    ...[
      '"concurrent": "tar xf a.tar"',
      '"concurrent": [{"input": {}}]',
      '"concurrent": [{"tool": "bash"}]',
      '"concurrent": [["bash", {}]]',
      '"running": {"tool": "bash", "input": {}}',
      '"running": [{"tool": 1, "input": {}}]',
    ].map((field) => ({
      note: `concurrent or running calls that are not a list of calls (${field})`,
      line: `{"id": "a", "policy": "cautious", "tool": "read", "input": {"path": "x"}, ${field}}`,
      error: {
        id: "a",
        line: 1,
        error: `\`${field.startsWith('"running"') ? "running" : "concurrent"}\` must be a list of calls \`{"tool": NAME, "input": …}\``,
      },
    })),
  ])("reports a malformed case in its own line and goes on: $note", async ({ line, error }) => {
    const result = await batch([
      `${line}\n`,
      caseLine("next", "cautious", "bash", { command: "ls" }),
    ]);
    const lines = result.out
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect({
      code: result.code,
      first: lines[0],
      next: lines[1].decision,
      err: result.err,
    }).toEqual({
      code: EXIT.ok,
      first: error,
      next: "ask",
      err: "2 cases: 0 allow, 1 ask, 0 deny, 1 error\n",
    });
  });

  it("denies a case the judging fails on, with the failure as its reason (fail closed)", async () => {
    // More values than the argument walk examines: the judging throws, and no decision may
    // be missing from the line, as the extension blocks the same call.
    const paths = Array.from({ length: 100_001 }, (_, i) => `src/f${i}`);
    const result = await batch([
      caseLine("huge", "cautious", "mcp__x__y", { paths }),
      caseLine("next", "cautious", "bash", { command: "ls" }),
    ]);
    const [first, next] = result.out
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect({
      decision: first.decision,
      failClosed: first.failClosed,
      reason: first.reason,
      error: first.error,
      next: next.decision,
      err: result.err,
    }).toEqual({
      decision: "deny",
      failClosed: true,
      reason:
        "the call could not be judged: the tool input holds more than 100000 values to examine",
      error:
        "the call could not be judged: the tool input holds more than 100000 values to examine",
      next: "ask",
      err: "2 cases: 0 allow, 1 ask, 1 deny, 1 error\n",
    });
  });

  it("reports a missing policy for each case that names it", async () => {
    const result = await batch([
      caseLine("a", "nope", "bash", { command: "ls" }),
      caseLine("b", "nope", "read", { path: "x" }),
    ]);
    expect(result).toEqual({
      code: EXIT.ok,
      out: [
        `{"id":"a","line":1,"error":"no policy \`nope\`: ${files.dir}/nope.json does not exist"}`,
        `{"id":"b","line":2,"error":"no policy \`nope\`: ${files.dir}/nope.json does not exist"}`,
        "",
      ].join("\n"),
      err: "2 cases: 0 allow, 0 ask, 0 deny, 2 errors\n",
    });
  });

  it("reports a broken policy once and judges its cases fail closed", async () => {
    const result = await batch([
      caseLine("a", "broken", "bash", { command: "ls" }),
      caseLine("b", "broken", "read", { path: "x" }),
    ]);
    const lines = result.out
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(
      lines.map((l) => [
        l.id,
        l.decision,
        l.source,
        l.matchedPattern,
        l.origin?.scope,
        l.failClosed,
      ]),
    ).toEqual([
      // The invalid `bash` entry asks where it would have decided, named as the broken file,
      // never as the entry itself.
      ["a", "ask", "sentinel", "<broken-policy-file>", undefined, true],
      ["b", "ask", "default", "*", "default", true],
    ]);
    expect(result.err.match(/error\[/g)).toEqual(["error["]);
    expect(
      result.err.endsWith(
        `${files.dir}/broken.json: 1 error; judging fail closed (its valid deny and ask rules apply; its allows ask)\n2 cases: 0 allow, 2 ask, 0 deny\n`,
      ),
    ).toBe(true);
  });

  it("judges no case from an empty input", async () => {
    expect(await batch([])).toEqual({
      code: EXIT.ok,
      out: "",
      err: "0 cases: 0 allow, 0 ask, 0 deny\n",
    });
  });

  it("fails with the error code when the policies directory does not exist", async () => {
    const missing = `${files.dir}/none`;
    expect(await run(["check", "--batch", "--policies", missing], { stdin: [] })).toEqual({
      code: EXIT.error,
      out: "",
      err: `pi-permission: \`${missing}\` is not a directory\n`,
    });
  });

  it("fails with the error code when the input cannot be read, after the cases before it", async () => {
    let out = "";
    let err = "";
    const { runCli } = await import("../src/index.ts");
    async function* failing() {
      yield caseLine("a", "cautious", "bash", { command: "ls" });
      throw new Error("EIO: i/o error, read");
    }
    const code = await runCli(["check", "--batch", "--policies", files.dir, ...PLACE], {
      stdout: (t) => (out += t),
      stderr: (t) => (err += t),
      stdin: failing(),
    });
    expect({
      code,
      ids: out
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l).id),
      err,
    }).toEqual({
      code: EXIT.error,
      ids: ["a"],
      err: "pi-permission: the cases could not be read: EIO: i/o error, read\n",
    });
  });
});
