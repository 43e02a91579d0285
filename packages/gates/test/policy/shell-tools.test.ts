import { describe, expect, it } from "vitest";
import { mergeShellTools } from "../../src/policy/shell-tools.ts";

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
