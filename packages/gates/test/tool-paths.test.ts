import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  foreignPathReadings,
  isInertDevice,
  isOutside,
  resolvePath,
  resolveReadPath,
  toolPathOf,
  toolPathsOf,
} from "../src/tool-paths.ts";

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
    ["read", { path: "" }, { raw: "", access: "read" }, "an empty path is the working directory"],
    ["ls", { path: "" }, { raw: "", access: "read" }, "so it is for ls"],
    ["my_tool", { path: 42 }, null, "a non-string path names nothing"],
    ["bash", { command: "ls" }, null, "bash paths come from the analyzer, not here"],
  ])("%s %j → %j (%s)", (tool, input, expected) => {
    expect(toolPathOf(tool, input)).toEqual(expected);
  });
});

describe("resolvePath: the file Pi opens for a file tool's path", () => {
  it.each([
    [".env", "/repo/.env", "relative to the working directory"],
    ["src/../.env", "/repo/.env", "`..` collapses"],
    ["/repo/./.env", "/repo/.env", "`.` collapses"],
    ["src/../../repo/README.md", "/repo/README.md", "climbing out and back in"],
    ["../other/README.md", "/other/README.md", "`..` climbs out of the working directory"],
    ["../../../../etc/passwd", "/etc/passwd", "climbing stops at the root"],
    ["", "/repo", "an empty path is the working directory"],
    ["~", "/home/user", "`~` is the home directory"],
    ["~/.ssh/id_rsa", "/home/user/.ssh/id_rsa", "`~/` starts at the home directory"],
    ["~user/x", "/repo/~user/x", "`~user` is not expanded"],
    ["x/~/y", "/repo/x/~/y", "a `~` inside a path is a name"],
    ["$HOME/x", "/repo/$HOME/x", "`$HOME` is not expanded: Pi opens a folder named `$HOME`"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter, not a template
    ["${HOME}/x", "/repo/${HOME}/x", "neither is `${HOME}`"],
    ["@/etc/passwd", "/etc/passwd", "one leading `@` is dropped"],
    ["@.env", "/repo/.env", "also before a relative path"],
    ["@@x", "/repo/@x", "only one `@` is dropped"],
    ["@~/x", "/home/user/x", "the `@` goes before `~` expands"],
    ["a@b", "/repo/a@b", "an `@` elsewhere is a name"],
    ["file:///etc/passwd", "/etc/passwd", "a file URL is decoded"],
    ["@file:///etc/passwd", "/etc/passwd", "after the `@` is dropped"],
    ["file:///repo/%2e%2e/etc/passwd", "/etc/passwd", "percent-encoded dots are a `..` segment"],
    ["file:///repo/.%2E/x", "/x", "so is a half-encoded one"],
    ["file:///etc/pass%77d", "/etc/passwd", "percent escapes decode"],
    ["file://localhost/etc/passwd", "/etc/passwd", "the localhost host is the local disk"],
    ["file:///repo/%252e%252e/x", "/repo/%2e%2e/x", "escapes decode once"],
    [
      "file:///a%2Fetc",
      "/a/etc",
      "a URL Pi refuses (an encoded `/`) is judged as a lax decoder reads it",
    ],
    ["file://host/etc/passwd", "/etc/passwd", "and so is one with a remote host"],
    ["FILE:///etc/passwd", "/repo/FILE:/etc/passwd", "Pi decodes only a lower-case `file://`"],
    ["file:/etc/passwd", "/repo/file:/etc/passwd", "and only with two slashes"],
    ["~/file:///x", "/home/user/file:/x", "`~` wins over the URL test"],
    ["a\u00a0b", "/repo/a b", "a no-break space is a space"],
    ["\u2003/etc", "/repo/ /etc", "an em space too; it does not start an absolute path"],
    ["@\u202f.env", "/repo/ .env", "a narrow no-break space too"],
    ["\u3000x", "/repo/ x", "an ideographic space too"],
    ["a\u200bb", "/repo/a\u200bb", "a zero-width space is not a space"],
    [" .env", "/repo/ .env", "nothing is trimmed"],
    ["dir/", "/repo/dir", "a trailing slash goes"],
  ])("%j → %j (%s)", (raw, expected) => {
    expect(resolvePath(raw, "/repo", "/home/user")).toBe(expected);
  });
});

describe("resolveReadPath: the spelling Pi's read tool falls back to", () => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "pi-read-")));
  mkdirSync(join(dir, "shots"));
  writeFileSync(join(dir, "shots", "Shot 10.00\u202fAM.png"), "");
  writeFileSync(join(dir, "shots", "d\u2019x.txt"), "");
  writeFileSync(join(dir, "shots", "plain.txt"), "");

  it.each([
    [
      "shots/Shot 10.00 AM.png",
      "shots/Shot 10.00\u202fAM.png",
      "a narrow no-break space before AM",
    ],
    ["shots/d'x.txt", "shots/d\u2019x.txt", "a curly apostrophe"],
    ["shots/plain.txt", "shots/plain.txt", "an existing file as named"],
    ["shots/none.txt", "shots/none.txt", "a missing file as named"],
  ])("%j opens %j (%s)", (raw, opened) => {
    expect(resolveReadPath(raw, dir, "/home/user")).toBe(join(dir, opened));
  });
});

describe("the paths a call names", () => {
  it("a file tool names its `path` only", () => {
    expect(toolPathsOf("read", { path: ".env", file: "x" })).toEqual([
      { raw: ".env", access: "read" },
    ]);
  });

  it("another tool names every path argument, read and written", () => {
    expect(
      toolPathsOf("mcp__fs__move_file", { source: "a", destination: "/tmp/b", mode: "x" }),
    ).toEqual([
      { raw: "a", access: "read_write" },
      { raw: "/tmp/b", access: "read_write" },
    ]);
  });

  it("a foreign tool's path is read every plausible way", () => {
    expect(foreignPathReadings("~/x", "/repo", "/home/user")).toEqual([
      "/home/user/x",
      "/repo/~/x",
    ]);
    expect(foreignPathReadings("@/etc/passwd", "/repo", "/home/user")).toEqual([
      "/etc/passwd",
      "/repo/@/etc/passwd",
    ]);
    expect(foreignPathReadings("FILE:///etc/passwd", "/repo", "/home/user")).toEqual([
      "/repo/FILE:/etc/passwd",
      "/etc/passwd",
    ]);
    expect(foreignPathReadings("src/a.ts", "/repo", "/home/user")).toEqual(["/repo/src/a.ts"]);
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

describe("docs/configuration.md's table of file tool paths", () => {
  const doc = readFileSync(new URL("../../../docs/configuration.md", import.meta.url), "utf8");
  const lines = doc.split("\n");
  const start = lines.findIndex((l) => l.startsWith("| `path` argument (cwd `/repo`"));
  const rows = lines
    .slice(start + 2)
    .filter((_, i, all) => all.slice(0, i + 1).every((l) => l.startsWith("|")))
    .map((l) => [...l.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string));

  it("has its rows", () => {
    expect(rows.length).toBeGreaterThan(4);
  });

  it.each(rows)("%s is judged as %s", (raw, judged) => {
    const text = raw.replace(/\\u([0-9a-f]{4})/g, (_, hex) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    expect(resolvePath(text, "/repo", "/home/u")).toBe(judged);
  });
});
