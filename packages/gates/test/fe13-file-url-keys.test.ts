import { describe, expect, it } from "vitest";
import { argumentPathsOf } from "../src/argument-paths.ts";

describe("a file: URL as an object key names a file", () => {
  // An LSP WorkspaceEdit keys its `changes` by document URI: the written file is a key.
  it.each<[string, unknown, string]>([
    [
      "a workspace edit",
      { edit: { changes: { "file:///home/user/.bashrc": [{ newText: "x" }] } } },
      "file:///home/user/.bashrc",
    ],
    [
      "a map of contents",
      { contents: { "file:///home/user/.bashrc": "x" } },
      "file:///home/user/.bashrc",
    ],
    ["any case, no slashes", { data: { "FILE:/etc/passwd": 1 } }, "FILE:/etc/passwd"],
    ["inside a JSON text", { args: '{"changes":{"file:///etc/hosts":[]}}' }, "file:///etc/hosts"],
  ])("%s", (_note, input, path) => {
    expect(argumentPathsOf(input)).toContain(path);
  });

  it("a key of another scheme names no file", () => {
    expect(argumentPathsOf({ links: { "https://example.com/a": 1 } })).toEqual([]);
  });
});
