import { describe, expect, it } from "vitest";
import { isInertDevice, isOutside, resolvePath, toolPathOf } from "../../src/runtime/tool-paths.ts";

describe("toolPathOf", () => {
  it.each<[string, unknown, unknown, string]>([
    ["read", { path: ".env" }, { raw: ".env", access: "read" }, "read reads"],
    ["write", { path: "a.ts", content: "" }, { raw: "a.ts", access: "write" }, "write writes"],
    ["edit", { path: "a.ts" }, { raw: "a.ts", access: "read_write" }, "edit reads and writes"],
    ["ls", {}, { raw: ".", access: "read" }, "ls without a path lists the working directory"],
    [
      "grep",
      { pattern: "x" },
      { raw: ".", access: "read" },
      "grep without a path searches the working directory",
    ],
    [
      "my_tool",
      { path: "/tmp/x" },
      { raw: "/tmp/x", access: "read_write" },
      "an unknown tool's path is judged both ways",
    ],
    ["read", {}, null, "read without a path names nothing"],
    ["my_tool", { path: 42 }, null, "a non-string path names nothing"],
    ["bash", { command: "ls" }, null, "bash paths come from the analyzer, not here"],
  ])("%s %j → %j (%s)", (tool, input, expected) => {
    expect(toolPathOf(tool, input)).toEqual(expected);
  });
});

describe("resolvePath", () => {
  it.each([
    [".env", "/repo/.env"],
    ["src/../.env", "/repo/.env"],
    ["/repo/./.env", "/repo/.env"],
    ["src/../../repo/README.md", "/repo/README.md"],
    ["../other/README.md", "/other/README.md"],
    ["~/.ssh/id_rsa", "/home/user/.ssh/id_rsa"],
    ["$HOME/x", "/home/user/x"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter, not a template
    ["${HOME}", "/home/user"],
    ["~user/x", "/repo/~user/x"],
  ])("%s resolves to %s", (raw, expected) => {
    expect(resolvePath(raw, "/repo", "/home/user")).toBe(expected);
  });
});

describe("isOutside and isInertDevice", () => {
  it.each([
    ["/repo", false],
    ["/repo/a/b", false],
    ["/repo2/x", true],
    ["/etc/passwd", true],
  ])("%s outside /repo: %s", (path, expected) => {
    expect(isOutside(path, "/repo")).toBe(expected);
  });

  it.each([
    ["/dev/null", true],
    ["/dev/fd/3", true],
    ["/dev/stderr", true],
    ["/dev/sda", false],
    ["/dev/null2", false],
  ])("%s is an inert device: %s", (path, expected) => {
    expect(isInertDevice(path)).toBe(expected);
  });
});
