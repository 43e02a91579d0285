import { describe, expect, it } from "vitest";
import { mergeScopes, parsePolicyText } from "../src/index.ts";
import { mergeShellTools } from "../src/shell-tools.ts";

describe("mergeShellTools", () => {
  it("reads the short and the long form", () => {
    expect(
      mergeShellTools({}, { run: "script", exec_command: { command: "cmd", cwd: "workdir" } }),
    ).toEqual({
      run: [{ command: "script", cwd: null }],
      exec_command: [{ command: "cmd", cwd: "workdir" }],
    });
  });

  it("adds a later file's declarations to an earlier file's, once each", () => {
    const global = mergeShellTools({}, { exec: "cmd", other: "x" });
    expect(
      mergeShellTools(global, { exec: { command: "script" }, other: { command: "x" } }),
    ).toEqual({
      exec: [
        { command: "cmd", cwd: null },
        { command: "script", cwd: null },
      ],
      other: [{ command: "x", cwd: null }],
    });
  });

  it("keeps a tool named like an object's own keys a tool", () => {
    const declared = JSON.parse('{ "__proto__": "cmd", "constructor": "c" }');
    const merged = mergeShellTools({}, declared);
    expect(Object.hasOwn(merged, "__proto__")).toBe(true);
    expect(merged.constructor).toEqual([{ command: "c", cwd: null }]);
    expect(Object.isFrozen(merged)).toBe(true);
  });
});

describe("the shellTools setting in a policy file", () => {
  const load = (text: string) => parsePolicyText(text, { scope: "global", file: "/p.json" });
  const issuesOf = (text: string) =>
    load(text).issues.map((i) => ({ code: i.code, jsonPath: i.jsonPath, message: i.message }));

  it.each<[string, string, Array<{ code: string; jsonPath: string; message: string }>]>([
    [
      "a value that is neither a key nor an object",
      '{ "shellTools": { "exec": 3 } }',
      [
        {
          code: "wrongType",
          jsonPath: "shellTools.exec",
          message: "expected a non-empty string or a shell tool object, got number `3`",
        },
      ],
    ],
    [
      "a misspelled key and the missing command",
      '{ "shellTools": { "exec": { "cmd": "x" } } }',
      [
        { code: "unknownKey", jsonPath: "shellTools.exec.cmd", message: "unknown key `cmd`" },
        { code: "missingKey", jsonPath: "shellTools.exec", message: "missing key `command`" },
      ],
    ],
    [
      "an empty key name",
      '{ "shellTools": { "exec": "" } }',
      [{ code: "emptyValue", jsonPath: "shellTools.exec", message: "the value is empty" }],
    ],
    [
      "an empty tool name",
      '{ "shellTools": { "": "cmd" } }',
      [{ code: "emptyKey", jsonPath: 'shellTools[""]', message: "the key is empty" }],
    ],
    [
      "a list instead of a map",
      '{ "shellTools": ["exec"] }',
      [
        {
          code: "wrongType",
          jsonPath: "shellTools",
          message: "expected a shell tool map, got an array",
        },
      ],
    ],
    [
      "a working directory key that is not text",
      '{ "shellTools": { "exec": { "command": "cmd", "cwd": 4 } } }',
      [
        {
          code: "wrongType",
          jsonPath: "shellTools.exec.cwd",
          message: "expected a non-empty string, got number `4`",
        },
      ],
    ],
  ])("%s is an error with its JSON path", (_note, text, expected) => {
    expect(load(text).status).toBe("broken");
    expect(issuesOf(text)).toEqual(expected);
  });

  it("a valid declaration loads and resolves into the settings", () => {
    const { policy } = mergeScopes([
      load('{ "shellTools": { "exec_command": { "command": "cmd", "cwd": "workdir" } } }'),
    ]);
    expect(policy.settings.shellTools).toEqual({
      exec_command: [{ command: "cmd", cwd: "workdir" }],
    });
  });

  it("a project file's declarations add to the global file's", () => {
    const global = load('{ "shellTools": { "exec": "cmd" } }');
    const project = parsePolicyText('{ "shellTools": { "run": "script" } }', {
      scope: "project",
      file: "/repo/.pi/permissions.json",
    });
    const { policy } = mergeScopes([global, project], { projectTrusted: () => true });
    expect(policy.settings.shellTools).toEqual({
      exec: [{ command: "cmd", cwd: null }],
      run: [{ command: "script", cwd: null }],
    });
  });

  it("an untrusted project's declarations wait for trust: judging a tool by the bash rules may loosen", () => {
    const project = parsePolicyText('{ "shellTools": { "deploy": "target" } }', {
      scope: "project",
      file: "/repo/.pi/permissions.json",
    });
    const { policy, scopes } = mergeScopes([project], { projectTrusted: () => false });
    expect(policy.settings.shellTools).toBeUndefined();
    const trust = scopes[0]?.status === "loaded" ? scopes[0].trust : undefined;
    expect(trust?.state).toBe("untrusted");
    expect(trust?.loosening).toEqual([{ jsonPath: "shellTools.deploy", what: "shell tool" }]);
  });
});
