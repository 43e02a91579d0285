// S33 host-shell (r33f F3): the settings Pi runs a bash call with, read through the extension
// API, become the facts the gates judge: the prefix before the command, the shell beside it,
// and unreadable settings fail closed (a shell of `null`, which asks).
import { describe, expect, it } from "vitest";
import { bashAsRun, readHostShell } from "../src/host-shell.ts";

const settings = (value: unknown) => ({ getSettings: () => value as never });

describe("the shell settings of a bash call", () => {
  it("puts the prefix on its own line before the command, as Pi runs it", () => {
    const shell = readHostShell(settings({ shellCommandPrefix: "touch x" }));
    expect(bashAsRun({ command: "echo hi", timeout: 5 }, shell)).toEqual({
      input: { command: "touch x\necho hi", timeout: 5 },
    });
  });

  it("joins a command Pi coerces to text (a number) the same way", () => {
    const shell = readHostShell(settings({ shellCommandPrefix: "set -e" }));
    expect(bashAsRun({ command: 123 }, shell).input).toEqual({ command: "set -e\n123" });
  });

  it("hands the shell over as a fact, and changes nothing without settings", () => {
    expect(bashAsRun({ command: "ls" }, readHostShell(settings({ shellPath: "/bin/sh" })))).toEqual(
      { input: { command: "ls" }, shellPath: "/bin/sh" },
    );
    expect(bashAsRun({ command: "ls" }, readHostShell(settings({})))).toEqual({
      input: { command: "ls" },
    });
  });

  it.each([
    [
      "a getSettings that throws",
      {
        getSettings: () => {
          throw new Error("no");
        },
      },
    ],
    ["a shellPath that is not text", settings({ shellPath: ["/bin/sh"] })],
  ])("fails closed on %s", (_, api) => {
    expect(bashAsRun({ command: "ls" }, readHostShell(api as never)).shellPath).toBeNull();
  });
});
