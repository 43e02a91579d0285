import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { CustomEntry, SessionEntry } from "@earendil-works/pi-coding-agent";
import { afterEach, describe, expect, it } from "vitest";
import type { ProbeEvent } from "./fixtures/harness-probe-entries.ts";
import { type PiRun, startPi, stripAnsi } from "./harness.ts";

const probe = join(import.meta.dirname, "fixtures", "probe-ext.ts");
let run: PiRun | undefined;
afterEach(() => run?.dispose());

describe("the Pi session harness", () => {
  it("runs an allowed command for real and returns the block reason of a blocked one", async () => {
    run = await startPi({
      extensions: [probe],
      turns: [
        [{ tool: "bash", input: { command: "touch made-by-bash" } }],
        [{ tool: "bash", input: { command: "rm -rf x" } }],
      ],
    });
    const results = await run.prompt();
    expect(existsSync(join(run.cwd, "made-by-bash"))).toBe(true);
    expect(
      results.map(({ toolCallId, isError, text }) => ({
        toolCallId,
        isError,
        text: isError ? text : "",
      })),
    ).toEqual([
      { toolCallId: "call_1_1", isError: false, text: "" },
      { toolCallId: "call_2_1", isError: true, text: "probe blocked (mode print)" },
    ]);
  });

  it("answers dialogs from the script in a UI mode", async () => {
    run = await startPi({
      extensions: [probe],
      mode: "rpc",
      ui: { select: () => "yes" },
      files: { x: "" },
      turns: [[{ tool: "bash", input: { command: "rm x" } }]],
    });
    const results = await run.prompt();
    expect(run.uiLog).toEqual(["select:probe: allow rm?"]);
    expect(results[0]?.isError).toBe(false);
    expect(existsSync(join(run.cwd, "x"))).toBe(false);
  });
});

const entriesProbe = join(import.meta.dirname, "fixtures", "harness-probe-entries.ts");

/** What the entries probe recorded, in order. */
function probeEvents(r: PiRun): ProbeEvent[] {
  const file = join(r.cwd, "probe-events.jsonl");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l));
}

function userTexts(entries: SessionEntry[]): string[] {
  return entries.flatMap((e) => {
    if (e.type !== "message" || e.message.role !== "user") return [];
    const content = e.message.content;
    return [
      typeof content === "string"
        ? content
        : content.map((c) => (c.type === "text" ? c.text : "")).join(""),
    ];
  });
}

function customEntries(r: PiRun, customType: string): CustomEntry[] {
  return r.session.sessionManager
    .getBranch()
    .filter((e): e is CustomEntry => e.type === "custom" && e.customType === customType);
}

describe("session replacement through Pi's runtime", () => {
  it("fork: the old extension instance shuts down, a new one starts with reason fork on the branch up to the fork point", async () => {
    run = await startPi({
      extensions: [entriesProbe],
      turns: [[{ tool: "bash", input: { command: "touch one" } }]],
    });
    await run.prompt("first");
    await run.command("/probe-mark before-fork");
    run.script([]);
    await run.prompt("second");
    const old = run.session;
    const oldFile = old.sessionFile;
    const second = old.sessionManager.getBranch().find((e) => userTexts([e])[0] === "second");
    if (!second) throw new Error("no user message 'second'");

    expect(await run.fork(second.id)).toEqual({ cancelled: false, selectedText: "second" });

    expect(run.session).not.toBe(old);
    expect(run.session.sessionFile).not.toBe(oldFile);
    const events = probeEvents(run);
    expect(events.map((e) => [e.event, e.reason])).toEqual([
      ["session_start", "startup"],
      ["session_shutdown", "fork"],
      ["session_start", "fork"],
    ]);
    expect(events[1]?.instance).toBe(events[0]?.instance);
    expect(events[2]?.instance).not.toBe(events[0]?.instance);
    expect(events[2]?.previousSessionFile).toBe(oldFile);
    expect(events[2]?.sessionFile).toBe(run.session.sessionFile);
    const branch = run.session.sessionManager.getBranch();
    expect(userTexts(branch)).toEqual(["first"]);
    expect(customEntries(run, "probe-mark").map((e) => e.data)).toEqual([
      { text: "before-fork", hidden: false },
    ]);

    // The forked session carries on with more scripted turns, and the new extension
    // instance's command works in it.
    run.script([[{ tool: "bash", input: { command: "touch after-fork" } }]]);
    const results = await run.prompt("third");
    expect(results.map(({ toolCallId, isError }) => ({ toolCallId, isError }))).toEqual([
      { toolCallId: "call_2_1", isError: false },
    ]);
    expect(existsSync(join(run.cwd, "after-fork"))).toBe(true);
    await run.command("/probe-mark after-fork");
    const written = run.sessionEntries();
    expect(written.filter((e) => e.type === "custom").map((e) => e.data)).toEqual([
      { text: "before-fork", hidden: false },
      { text: "after-fork", hidden: false },
    ]);
  });

  it("newSession then resume: the session file is reopened with reason resume", async () => {
    run = await startPi({ extensions: [entriesProbe] });
    await run.prompt("first");
    const firstFile = run.session.sessionFile;
    if (!firstFile) throw new Error("no session file");

    expect(await run.newSession()).toEqual({ cancelled: false });
    const newFile = run.session.sessionFile;
    expect(newFile).not.toBe(firstFile);
    expect(userTexts(run.session.sessionManager.getBranch())).toEqual([]);

    expect(await run.resume(firstFile)).toEqual({ cancelled: false });
    expect(run.session.sessionFile).toBe(firstFile);
    expect(userTexts(run.session.sessionManager.getBranch())).toEqual(["first"]);
    const events = probeEvents(run);
    expect(events.map((e) => [e.event, e.reason])).toEqual([
      ["session_start", "startup"],
      ["session_shutdown", "new"],
      ["session_start", "new"],
      ["session_shutdown", "resume"],
      ["session_start", "resume"],
    ]);
    expect(new Set(events.map((e) => e.instance)).size).toBe(3);
    expect(events[4]?.previousSessionFile).toBe(newFile);
  });

  it("reload: the extensions load again with reason reload, in the same session object", async () => {
    run = await startPi({ extensions: [entriesProbe] });
    const session = run.session;
    await run.reload();
    expect(run.session).toBe(session);
    const events = probeEvents(run);
    expect(events.map((e) => [e.event, e.reason])).toEqual([
      ["session_start", "startup"],
      ["session_shutdown", "reload"],
      ["session_start", "reload"],
    ]);
    expect(events[2]?.instance).not.toBe(events[0]?.instance);
    await run.command("/probe-mark after-reload");
    expect(customEntries(run, "probe-mark")).toHaveLength(1);
  });

  it("navigateTree: moves the leaf, fires session_tree, and the next prompt continues from there", async () => {
    run = await startPi({ extensions: [entriesProbe] });
    await run.prompt("first");
    await run.command("/probe-mark here");
    run.script([]);
    await run.prompt("second");
    const oldLeaf = run.session.sessionManager.getLeafId();
    const [mark] = customEntries(run, "probe-mark");
    if (!mark) throw new Error("no probe-mark entry");

    expect(await run.navigateTree(mark.id)).toEqual({ cancelled: false });

    expect(run.session.sessionManager.getLeafId()).toBe(mark.id);
    expect(userTexts(run.session.sessionManager.getBranch())).toEqual(["first"]);
    expect(probeEvents(run).filter((e) => e.event === "session_tree")).toMatchObject([
      { newLeafId: mark.id, oldLeafId: oldLeaf },
    ]);
    run.script([]);
    await run.prompt("third");
    expect(userTexts(run.session.sessionManager.getBranch())).toEqual(["first", "third"]);
  });

  it("a prompt past the scripted turns fails clearly", async () => {
    run = await startPi({ extensions: [entriesProbe] });
    await run.prompt("first");
    await expect(run.prompt("second")).rejects.toThrow(/ran out of turns.*run\.script/);
  });
});

describe("commands, shortcuts, entry renderers and custom UI", () => {
  it("command: runs the handler as typed, and rejects for an unknown command or a throwing handler", async () => {
    run = await startPi({ extensions: [entriesProbe] });
    await run.command("/probe-mark two words");
    expect(customEntries(run, "probe-mark").map((e) => e.data)).toEqual([
      { text: "two words", hidden: false },
    ]);
    await expect(run.command("/nope")).rejects.toThrow(
      /no extension command \/nope \(registered: .*\/probe-mark/,
    );
    await expect(run.command("/probe-mark throw")).rejects.toThrow(
      "/probe-mark failed: probe-mark was told to throw",
    );
    // Nothing reached the model: a command is not a prompt.
    expect(run.requests).toEqual([]);
  });

  it("shortcut: runs the handler with the runner's context in tui mode", async () => {
    run = await startPi({ extensions: [entriesProbe], mode: "tui" });
    await run.shortcut("alt+p");
    expect(customEntries(run, "probe-shortcut").map((e) => e.data)).toEqual([
      { mode: "tui", hasUI: true },
    ]);
    await expect(run.shortcut("ctrl+alt+z")).rejects.toThrow(
      "no extension shortcut ctrl+alt+z (registered: alt+p)",
    );
  });

  it("shortcut: a key the user bound to a reserved Pi action is not the extension's", async () => {
    run = await startPi({
      extensions: [entriesProbe],
      mode: "tui",
      agentFiles: { "keybindings.json": JSON.stringify({ "app.model.cycleBackward": "alt+p" }) },
    });
    await expect(run.shortcut("alt+p")).rejects.toThrow(/conflicts with built-in shortcut/);
  });

  it("renderEntry: draws a custom entry with the real theme, expanded or not", async () => {
    run = await startPi({ extensions: [entriesProbe], mode: "tui" });
    await run.command("/probe-mark hello");
    await run.command("/probe-mark hidden");
    await run.shortcut("alt+p");
    const [shown, hidden] = customEntries(run, "probe-mark");
    const [unrendered] = customEntries(run, "probe-shortcut");
    if (!shown || !hidden || !unrendered) throw new Error("missing entries");

    const lines = run.renderEntry(shown, { expanded: false }, 40);
    expect(lines?.map((l) => stripAnsi(l).trimEnd())).toEqual(["mark: hello"]);
    expect(lines?.[0]).not.toBe(stripAnsi(lines?.[0] ?? ""));
    expect(
      run.renderEntry(shown, { expanded: true }, 40)?.map((l) => stripAnsi(l).trimEnd()),
    ).toEqual(["mark: hello", `id ${shown.id}`]);
    expect(run.renderEntry(hidden, { expanded: false }, 40)).toBeUndefined();
    expect(run.renderEntry(unrendered, { expanded: false }, 40)).toBeUndefined();
  });

  it("custom: the script drives the component with keys, and custom() resolves with done()'s value", async () => {
    const screens: string[][] = [];
    let keys = ["\x1b[B", "\r"];
    run = await startPi({
      extensions: [entriesProbe],
      mode: "tui",
      ui: {
        custom: (component) => {
          screens.push(component.render(20).map(stripAnsi));
          for (const key of keys) {
            component.handleInput?.(key);
            screens.push(component.render(20).map(stripAnsi));
          }
        },
      },
    });
    await run.command("/probe-pick");
    expect(screens[0]).toEqual(["> alpha", "  beta", "  gamma"]);
    expect(screens[1]).toEqual(["  alpha", "> beta", "  gamma"]);
    expect(run.uiLog).toEqual(["custom"]);

    keys = ["\x1b[B", "\x1b[B", "\x1b[B", "\x1b"];
    await run.command("/probe-pick");
    expect(customEntries(run, "probe-picked").map((e) => e.data)).toEqual([
      { picked: "beta" },
      { picked: null },
    ]);

    keys = ["\x1b[B"];
    await expect(run.command("/probe-pick")).rejects.toThrow(
      "ScriptedUi.custom returned without done() being called",
    );
  });
});
