import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { loadBashAnalyzer } from "@pi-permission/bash";
import { type AskRequest, evaluateToolCall } from "@pi-permission/gates";
import { loadPolicy, type PromptNotification } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { askHuman } from "../../src/authority.ts";
import type { PermissionDialog } from "../../src/ui/permission-dialog.ts";
import { notifyPromptOpened, promptNotice } from "../../src/ui/prompt-notice.ts";
import { darkTheme } from "./theme.ts";

/** A terminal that records what is written to it. */
function fakeTerminal() {
  const written: string[] = [];
  return { written, rows: 24, columns: 80, write: (data: string) => void written.push(data) };
}

describe("promptNotice", () => {
  it.each<[PromptNotification, string[]]>([
    ["off", []],
    ["bell", ["\x07"]],
    ["osc9", ["\x1b]9;Pi needs your permission\x07"]],
    ["osc777", ["\x1b]777;notify;Pi;Pi needs your permission\x07"]],
  ])("%s writes %j", (kind, expected) => {
    const terminal = fakeTerminal();
    notifyPromptOpened(kind, terminal);
    expect(terminal.written).toEqual(expected);
  });
});

// The secret command of the ask below: no notification may carry any part of it.
const COMMAND = "rm -rf /srv/secret-project";

const analyzer = await loadBashAnalyzer();
const policy = loadPolicy({
  cwd: "/repo",
  home: "/home/u",
  env: {},
  agentDir: "/nonexistent-agent",
  managedFile: null,
  readFile: () => undefined,
}).policy;

function askRequest(): AskRequest {
  const verdict = evaluateToolCall(
    { rules: policy.rules, settings: policy.settings },
    {
      toolName: "bash",
      toolCallId: "call_1",
      input: { command: COMMAND },
      cwd: "/repo",
      home: "/home/u",
      agentName: null,
      sessionId: "s",
    },
    analyzer,
  );
  return {
    payload: verdict.deciding?.payload,
    sessionGrants: [{ surface: "bash", pattern: COMMAND, match: "exact" }],
    widerGrants: null,
  } as unknown as AskRequest;
}

/** A TUI context whose `custom` draws the dialog and presses the given keys, one list per opening. */
function tuiContext(terminal: ReturnType<typeof fakeTerminal>, openings: string[][]) {
  let opened = 0;
  const ui = {
    custom: async (factory: (...args: unknown[]) => PermissionDialog) =>
      new Promise((resolve) => {
        const dialog = factory({ terminal }, darkTheme(), {}, resolve);
        dialog.render(80);
        for (const key of openings[opened++] ?? []) dialog.handleInput(key);
      }),
    editor: async () => undefined,
    notify: () => undefined,
  };
  return { mode: "tui", hasUI: true, ui } as unknown as ExtensionContext;
}

describe("the notification when the inline dialog opens", () => {
  it.each<PromptNotification>(["bell", "osc9", "osc777"])(
    "%s is written once per ask, also when the dialog reopens after the full request, and never names the call",
    async (kind) => {
      const terminal = fakeTerminal();
      const answer = await askHuman(
        tuiContext(terminal, [["v"], ["y"]]),
        askRequest(),
        { promptMaxRows: 24, promptFieldMaxWidth: 400, promptNotification: kind },
        () => COMMAND,
      );
      expect([answer, terminal.written]).toEqual([
        { kind: "approved", forSession: false },
        [promptNotice(kind)],
      ]);
      for (const word of ["rm -rf", "secret-project", "/srv"])
        expect(terminal.written.join("")).not.toContain(word);
    },
  );

  it("writes nothing when it is off (the default)", async () => {
    const terminal = fakeTerminal();
    await askHuman(
      tuiContext(terminal, [["n"]]),
      askRequest(),
      { promptMaxRows: 24, promptFieldMaxWidth: 400 },
      () => COMMAND,
    );
    expect(terminal.written).toEqual([]);
  });

  it("passes the double press on to the dialog", async () => {
    const terminal = fakeTerminal();
    const answer = await askHuman(
      tuiContext(terminal, [["y", "n"]]),
      askRequest(),
      { promptMaxRows: 24, promptFieldMaxWidth: 400, promptDoublePress: true },
      () => COMMAND,
    );
    expect(answer).toEqual({ kind: "denied", reason: null });
  });
});
