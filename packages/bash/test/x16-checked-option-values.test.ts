import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * A table checked against the program's `--help` lists every option that takes a value: such
 * a value the table does not read as a file is data (A15: `pr -h /etc/x` is a page header,
 * `nl -s /etc/x` a separator, `date -d /etc/x` a date string; strace: none is opened), not a
 * path judged for its shape. An option the table does not list still has its attached
 * path-shaped value judged, and a file option's value is still read.
 */
describe("a listed option's value is data", () => {
  it.each([
    ["pr -h /etc/x README.md", ["read:/repo/README.md"]],
    ["pr --header=/etc/x README.md", ["read:/repo/README.md"]],
    ["nl -s /etc/x README.md", ["read:/repo/README.md"]],
    ["date -d /etc/x", []],
    ["date +%s -d /tmp", []],
    ["less -p /etc/x README.md", ["read:/repo/README.md"]],
  ])("%s", async (command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });
});

describe("what stays judged", () => {
  it.each([
    ["date -r /etc/passwd", ["read:/etc/passwd"]],
    ["date --f /etc/passwd", ["read:/etc/passwd"]],
    ["hexdump -f /etc/fmt x", ["read:/repo/x", "read:/etc/fmt"]],
    ["cat -n/etc/passwd", ["read_write:/etc/passwd"]],
    ["pr -x /etc/passwd", ["read:/etc/passwd"]],
    ["bat --theme /etc/x y", ["read:/repo/y", "read:/etc/x"]],
  ])("%s", async (command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });
});
