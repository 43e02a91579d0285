import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * pgrep's and pkill's operand is a process pattern and logger's a message, never a file
 * (A15: strace shows `pgrep -f /etc/x`, `logger /etc/x` and `pkill -f /usr/local/bin/x`
 * opening no file); the options that name a file still read it.
 */
describe("a pattern or a message is not a file", () => {
  it.each([
    "pgrep -f /etc/x",
    "pkill -f /usr/local/bin/nosuchdaemon",
    "logger /etc/x",
    "logger -t deploy -p user.info done: ~/.ssh/id_rsa",
    "pkill -HUP nginx",
  ])("%s touches nothing", async (command) => {
    expect(paths(await analyze(command))).toEqual([]);
  });
});

describe("a file option is still read", () => {
  it.each([
    ["pgrep -F /etc/pidf", ["read:/etc/pidf"]],
    ["pkill -F/etc/pidf x", ["read:/etc/pidf"]],
    ["logger -f /etc/shadow", ["read:/etc/shadow"]],
    ["logger --file=/etc/shadow", ["read:/etc/shadow"]],
    ["logger --journald=/etc/j", ["read:/etc/j"]],
    ["logger -u /tmp/sock hi", ["read_write:/tmp/sock"]],
  ])("%s", async (command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });
});
