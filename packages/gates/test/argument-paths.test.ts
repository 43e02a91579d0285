import { withWorkBudget } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { ARGUMENT_WALK_LIMIT, argumentPathsOf, isPathKey } from "../src/argument-paths.ts";

describe("isPathKey", () => {
  it.each([
    ["path", true],
    ["paths", true],
    ["file", true],
    ["files", true],
    ["filename", true],
    ["filepath", true],
    ["file_path", true],
    ["filePath", true],
    ["FilePath", true],
    ["uri", true],
    ["dir", true],
    ["directory", true],
    ["rootDir", true],
    ["output-file", true],
    ["config.file", true],
    ["source", true],
    ["destination", true],
    ["cwd", true],
    ["workdir", true],
    ["fileName", true],
    ["dir_name", true],
    ["output", true],
    ["outFile", true],
    ["db", true],
    ["target", false],
    ["name", false],
    ["userName", false],
    ["input", false],
    ["profile", false],
    ["filter", false],
    ["pathology", false],
    ["content", false],
    ["query", false],
    ["", false],
  ])("%j names a path: %s", (key, expected) => {
    expect(isPathKey(key)).toBe(expected);
  });
});

describe("argumentPathsOf", () => {
  it.each<[string, unknown, string[]]>([
    ["a flat path", { path: ".env" }, [".env"]],
    ["every path key, in document order", { source: "a", destination: "b", mode: "c" }, ["a", "b"]],
    ["an array of paths", { paths: ["a", "b"] }, ["a", "b"]],
    ["nested objects", { options: { target: { file_path: "/etc/passwd" } } }, ["/etc/passwd"]],
    ["objects inside arrays", { edits: [{ file: "x" }, { file: "y" }] }, ["x", "y"]],
    ["a path key holding an object reads its path keys", { file: { name: "n", path: "p" } }, ["p"]],
    ["a file URL stays", { uri: "file:///etc/passwd" }, ["file:///etc/passwd"]],
    [
      "a file URL names a file under any key",
      { url: "FILE:///etc/shadow", link: "https://x" },
      ["FILE:///etc/shadow"],
    ],
    ["another scheme names no local file", { uri: "https://example.com/x" }, []],
    // Each part of a `:` list too (a search path), before the name itself (D15).
    ["a scheme-like relative name stays", { path: "a:b" }, ["a", "b", "a:b"]],
    ["text keys are not read", { content: "/etc/passwd", query: ".env" }, []],
    [
      "a file system path is read under any other key",
      { target: "/home/user/notes.txt", location: "~/x", to: "../out", dst: "/etc/x" },
      ["/home/user/notes.txt", "~/x", "../out", "/etc/x"],
    ],
    [
      "a route, a name or a sentence under another key is not",
      { route: "/api/users", target: "production", to: "/etc/x\nand y", image: "nginx:1" },
      [],
    ],
    ["inside arrays under another key too", { targets: ["a", "/tmp/x"] }, ["/tmp/x"]],
    ["a text key in camelCase", { oldString: "/etc/passwd", newText: "~/x" }, []],
    ["empty strings name nothing", { path: "" }, []],
    ["numbers are not paths", { path: 42 }, []],
    ["a bare string input is no argument", "/etc/passwd", []],
    [
      "a long spelling is kept",
      { path: `${"/".repeat(5000)}etc/passwd` },
      [`${"/".repeat(5000)}etc/passwd`],
    ],
  ])("%s", (_note, input, expected) => {
    expect(argumentPathsOf(input)).toEqual(expected);
  });

  it("reads deep inputs without recursion and shared objects once", () => {
    let deep: Record<string, unknown> = { path: "bottom" };
    for (let i = 0; i < 20_000; i++) deep = { next: deep };
    expect(argumentPathsOf(deep)).toEqual(["bottom"]);
    const shared = { path: "once" };
    const cyclic: Record<string, unknown> = { a: shared, b: shared };
    cyclic.self = cyclic;
    expect(argumentPathsOf(cyclic)).toEqual(["once"]);
  });

  it("refuses an input too large to examine, so the call fails closed", () => {
    const huge = { paths: Array.from({ length: ARGUMENT_WALK_LIMIT }, () => "x") };
    expect(() => argumentPathsOf(huge)).toThrow(/more than 100000 values/);
  });

  it("refuses it before spending the judging's budget on it (the same answer on a busy machine)", () => {
    const huge = { paths: Array.from({ length: ARGUMENT_WALK_LIMIT }, () => "x") };
    expect(() => withWorkBudget(() => argumentPathsOf(huge), 10)).toThrow(
      /more than 100000 values/,
    );
  });
});
