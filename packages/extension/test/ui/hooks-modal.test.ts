import type { ExtensionUIContext, KeybindingsManager } from "@earendil-works/pi-coding-agent";
import { type TUI, visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it, vi } from "vitest";
import {
  HooksModal,
  type HooksModalHook,
  type HooksModalOptions,
  type HooksModalResult,
  openHooksModal,
} from "../../src/ui/hooks-modal.ts";
import { darkTheme, plainLines } from "./theme.ts";

const theme = darkTheme();

const KEYS = {
  up: "\x1b[A",
  down: "\x1b[B",
  k: "k",
  j: "j",
  space: " ",
  all: "a",
  enter: "\r",
  escape: "\x1b",
};

// Runtime order interleaves sources, so grouping must reorder rows for display while keeping
// runtime order inside each group.
const HOOKS: readonly HooksModalHook[] = [
  { id: "user:git", name: "Git mutations", source: "user", enabled: true },
  { id: "project:deploy", name: "Production deployment", source: "project", enabled: true },
  { id: "user:rm", name: "Destructive removal", source: "user", enabled: false },
  {
    id: "package:release-guard:publish",
    name: "Release publication",
    source: "package:release-guard",
    enabled: true,
  },
  { id: "project:generated", name: "Generated files", source: "project", enabled: true },
];

const UNCHANGED = {
  "user:git": true,
  "project:deploy": true,
  "user:rm": false,
  "package:release-guard:publish": true,
  "project:generated": true,
};

const FOOTER = " ↑↓/jk move  space toggle  a toggle all  enter save  esc cancel";

function open(hooks = HOOKS, options?: HooksModalOptions) {
  const done = vi.fn<(result: HooksModalResult) => void>();
  const modal = new HooksModal(hooks, theme, done, options);
  const press = (...keys: string[]) => {
    for (const key of keys) modal.handleInput(key);
  };
  return { modal, done, press };
}

describe("the hooks modal", () => {
  it("lists hooks grouped by source in first-appearance order, runtime order within a group", () => {
    const { modal } = open();
    expect(plainLines(modal.render(80))).toEqual([
      "─".repeat(80),
      " Permissions · 4/5 active",
      "",
      " user",
      " › ● Git mutations",
      "   ○ Destructive removal",
      "",
      " project",
      "   ● Production deployment",
      "   ● Generated files",
      "",
      " package:release-guard",
      "   ● Release publication",
      "",
      FOOTER,
      "─".repeat(80),
    ]);
  });

  it("moves the cursor down the rows as drawn, across groups, and stops at the ends", () => {
    const { modal, press } = open();
    press(KEYS.down, KEYS.down);
    expect(plainLines(modal.render(80)).slice(3, 10)).toEqual([
      " user",
      "   ● Git mutations",
      "   ○ Destructive removal",
      "",
      " project",
      " › ● Production deployment",
      "   ● Generated files",
    ]);
    press(KEYS.down, KEYS.down, KEYS.down, KEYS.down);
    expect(plainLines(modal.render(80))[12]).toBe(" › ● Release publication");
    press(KEYS.up, KEYS.up, KEYS.up, KEYS.up, KEYS.up, KEYS.up);
    expect(plainLines(modal.render(80))[4]).toBe(" › ● Git mutations");
  });

  it("moves with j and k like down and up", () => {
    const { modal, press } = open();
    press(KEYS.j, KEYS.j, KEYS.j, KEYS.k);
    expect(plainLines(modal.render(80))[8]).toBe(" › ● Production deployment");
  });

  it("toggles the row under the cursor with space and counts it in the title", () => {
    const { modal, done, press } = open();
    press(KEYS.down, KEYS.space);
    expect(plainLines(modal.render(80)).slice(1, 6)).toEqual([
      " Permissions · 5/5 active",
      "",
      " user",
      "   ● Git mutations",
      " › ● Destructive removal",
    ]);
    press(KEYS.down, KEYS.space, KEYS.enter);
    expect(done.mock.calls).toEqual([
      [{ kind: "save", enabled: { ...UNCHANGED, "user:rm": true, "project:deploy": false } }],
    ]);
  });

  it("turns every hook off with `a` when any is on, and every hook on when none is", () => {
    const { modal, done, press } = open();
    press(KEYS.all);
    expect(plainLines(modal.render(80))[1]).toBe(" Permissions · 0/5 active");
    press(KEYS.all);
    expect(plainLines(modal.render(80))[1]).toBe(" Permissions · 5/5 active");
    press(KEYS.all, KEYS.enter);
    expect(done.mock.calls).toEqual([
      [
        {
          kind: "save",
          enabled: {
            "user:git": false,
            "project:deploy": false,
            "user:rm": false,
            "package:release-guard:publish": false,
            "project:generated": false,
          },
        },
      ],
    ]);
  });

  it("saves the unchanged map when nothing was edited (the caller decides it is a no-op)", () => {
    const { done, press } = open();
    press(KEYS.down, KEYS.up, KEYS.enter);
    expect(done.mock.calls).toEqual([[{ kind: "save", enabled: UNCHANGED }]]);
  });

  it("saves the unchanged map after a toggle is undone", () => {
    const { done, press } = open();
    press(KEYS.down, KEYS.space, KEYS.space, KEYS.enter);
    expect(done.mock.calls).toEqual([[{ kind: "save", enabled: UNCHANGED }]]);
  });

  it("cancels with escape, whatever was edited", () => {
    const { done, press } = open();
    press(KEYS.space, KEYS.all, KEYS.escape);
    expect(done.mock.calls).toEqual([[{ kind: "cancel" }]]);
  });

  it("closes once: keys after a save neither edit nor close again", () => {
    const { done, press } = open();
    press(KEYS.enter, KEYS.space, KEYS.escape, KEYS.enter);
    expect(done.mock.calls).toEqual([[{ kind: "save", enabled: UNCHANGED }]]);
  });

  it("ignores keys it has no use for", () => {
    const { modal, done, press } = open();
    const before = modal.render(80);
    press("x", "A", "\t", "\x1b[C");
    expect(modal.render(80)).toEqual(before);
    expect(done).not.toHaveBeenCalled();
  });

  it("colours the title accent, enabled dots success, disabled dots warning, sources muted", () => {
    const lines = open().modal.render(80);
    expect(lines[1]).toContain(theme.fg("accent", theme.bold("Permissions")));
    expect(lines[3]).toBe(` ${theme.fg("muted", "user")}`);
    expect(lines[4]).toContain(theme.fg("success", "●"));
    expect(lines[4]).toContain(theme.fg("accent", "Git mutations"));
    expect(lines[5]).toContain(theme.fg("warning", "○"));
  });

  it("cuts every line to the render width", () => {
    const lines = open().modal.render(16);
    for (const line of lines) expect(visibleWidth(line)).toBeLessThanOrEqual(16);
    expect(plainLines(lines)).toEqual([
      "─".repeat(16),
      " Permissions · …",
      "",
      " user",
      " › ● Git mutati…",
      "   ○ Destructiv…",
      "",
      " project",
      "   ● Production…",
      "   ● Generated …",
      "",
      " package:releas…",
      "   ● Release pu…",
      "",
      " ↑↓/jk move  sp…",
      "─".repeat(16),
    ]);
  });

  it("keeps a hook name with line breaks or escapes on its one row", () => {
    const hooks: HooksModalHook[] = [
      { id: "user:x", name: "Evil\n\x1b[2Jname", source: "user", enabled: true },
    ];
    expect(plainLines(open(hooks).modal.render(80)).slice(3, 5)).toEqual([
      " user",
      " › ● Evil [2Jname",
    ]);
  });

  it("scrolls a long list with the cursor and shows where the cursor is", () => {
    const { modal, press } = open(HOOKS, { maxListLines: 4 });
    expect(plainLines(modal.render(80)).slice(3, 8)).toEqual([
      " user",
      " › ● Git mutations",
      "   ○ Destructive removal",
      "",
      " (1/5)",
    ]);
    press(KEYS.down, KEYS.down, KEYS.down);
    expect(plainLines(modal.render(80)).slice(3, 8)).toEqual([
      " project",
      "   ● Production deployment",
      " › ● Generated files",
      "",
      " (4/5)",
    ]);
    press(KEYS.down);
    expect(plainLines(modal.render(80)).slice(3, 8)).toEqual([
      "   ● Generated files",
      "",
      " package:release-guard",
      " › ● Release publication",
      " (5/5)",
    ]);
  });

  it("says so when no hooks are loaded, and saves an empty map", () => {
    const { modal, done, press } = open([]);
    expect(plainLines(modal.render(80)).slice(1, 4)).toEqual([
      " Permissions · 0/0 active",
      "",
      " No permission hooks loaded",
    ]);
    press(KEYS.down, KEYS.space, KEYS.all, KEYS.enter);
    expect(done.mock.calls).toEqual([[{ kind: "save", enabled: {} }]]);
  });
});

describe("openHooksModal", () => {
  // Stands in for Pi's `ui.custom`: builds the component, types the keys, resolves with the
  // value passed to `done`, as Pi's TUI does.
  function scriptedUi(keys: string[], rows = 40) {
    const frames: string[][] = [];
    const custom = vi.fn(async (factory: Parameters<ExtensionUIContext["custom"]>[0]) => {
      let result: unknown;
      const tui = { terminal: { rows } } as unknown as TUI;
      const component = await factory(tui, theme, {} as KeybindingsManager, (value) => {
        result = value;
      });
      frames.push(plainLines(component.render(60)));
      for (const key of keys) component.handleInput?.(key);
      return result;
    });
    return { ui: { custom } as unknown as Pick<ExtensionUIContext, "custom">, frames };
  }

  it("resolves with the modal's save", async () => {
    const { ui } = scriptedUi([KEYS.down, KEYS.space, KEYS.enter]);
    expect(await openHooksModal(ui, HOOKS)).toEqual({
      kind: "save",
      enabled: { ...UNCHANGED, "user:rm": true },
    });
  });

  it("resolves with a cancel", async () => {
    const { ui } = scriptedUi([KEYS.escape]);
    expect(await openHooksModal(ui, HOOKS)).toEqual({ kind: "cancel" });
  });

  it("resolves undefined where Pi has no custom UI", async () => {
    const ui = { custom: async () => undefined } as unknown as Pick<ExtensionUIContext, "custom">;
    expect(await openHooksModal(ui, HOOKS)).toBeUndefined();
  });

  it("fits the list to the terminal height", async () => {
    const tall = scriptedUi([KEYS.escape], 40);
    await openHooksModal(tall.ui, HOOKS);
    expect(tall.frames[0]).toHaveLength(16);
    const short = scriptedUi([KEYS.escape], 15);
    await openHooksModal(short.ui, HOOKS);
    expect(short.frames[0]?.slice(3, 7)).toEqual([
      " user",
      " › ● Git mutations",
      "   ○ Destructive removal",
      " (1/5)",
    ]);
  });
});
