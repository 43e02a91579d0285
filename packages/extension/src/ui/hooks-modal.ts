// The TUI `/permissions` modal: every loaded permission hook grouped by where it came from,
// toggled in place and saved or cancelled as a whole. The modal only edits a copy; what a save
// means (a transition, or a no-op that closes silently) is the caller's decision.
import type { ExtensionUIContext, Theme } from "@earendil-works/pi-coding-agent";
import {
  type Component,
  Key,
  matchesKey,
  replaceControlCharacters,
  truncateToWidth,
} from "@earendil-works/pi-tui";
import type { PermissionSource } from "@pi-permission/payload";

/** One loaded permission hook as the modal shows and edits it. */
export interface HooksModalHook {
  /** The hook's stable id, the key of the saved map. */
  readonly id: string;
  /** The author-facing name. */
  readonly name: string;
  /** Where the hook was loaded from; the modal groups by it. */
  readonly source: PermissionSource;
  /** Whether the hook is enabled when the modal opens. */
  readonly enabled: boolean;
}

/**
 * How the modal closed: saved with the complete after-state of every hook by id (even when
 * nothing was edited), or cancelled.
 */
export type HooksModalResult =
  | { kind: "save"; enabled: Record<string, boolean> }
  | { kind: "cancel" };

/** The theme methods the modal draws with; Pi's `Theme` has them. */
export type HooksModalTheme = Pick<Theme, "fg" | "bold">;

/** Options of {@link HooksModal}. */
export interface HooksModalOptions {
  /**
   * The most list lines (group headings, rows and the blank lines between groups) shown at
   * once; a function is asked on every render, so the list can follow a terminal resize.
   * Longer lists scroll with the cursor. Unbounded by default.
   */
  maxListLines?: number | (() => number);
}

/**
 * Shows the hooks modal through `ui.custom` and resolves with how it closed, or `undefined`
 * where Pi has no custom UI (RPC, print and JSON modes).
 *
 * @example
 * ```ts
 * const result = await openHooksModal(ctx.ui, hooks);
 * if (result?.kind === "save") commit(result.enabled);
 * ```
 */
export async function openHooksModal(
  ui: Pick<ExtensionUIContext, "custom">,
  hooks: readonly HooksModalHook[],
): Promise<HooksModalResult | undefined> {
  const result = await ui.custom<HooksModalResult | undefined>(
    (tui, theme, _keybindings, done) =>
      new HooksModal(hooks, theme, done, {
        // Leave room for the modal's own frame and Pi's footer below it.
        maxListLines: () => Math.max(MIN_LIST_LINES, tui.terminal.rows - RESERVED_ROWS),
      }),
  );
  // The no-UI context resolves `custom` to undefined whatever its declared type says.
  return result ?? undefined;
}

const MIN_LIST_LINES = 3;
const RESERVED_ROWS = 12;

/** The footer's keys and what they do, in the order they are listed. */
const KEY_HINTS: readonly (readonly [keys: string, action: string])[] = [
  ["↑↓/jk", "move"],
  ["space", "toggle"],
  ["a", "toggle all"],
  ["enter", "save"],
  ["esc", "cancel"],
];

type ListLine =
  | { kind: "heading"; source: string }
  | { kind: "blank" }
  | { kind: "row"; hook: number };

/**
 * The hooks modal as a pi-tui component. Groups follow the order in which their source first
 * appears among the hooks, rows keep their runtime order within a group, and the cursor walks
 * the rows as drawn.
 *
 * Keys: up/down or k/j move, space toggles the row under the cursor, `a` turns every hook off
 * when any is on and on otherwise, enter saves, escape cancels.
 */
export class HooksModal implements Component {
  private readonly enabled: boolean[];
  /** Hook indices in drawing order; the cursor is a position in it. */
  private readonly order: number[];
  private readonly lines: ListLine[];
  private cursor = 0;
  private closed = false;

  constructor(
    private readonly hooks: readonly HooksModalHook[],
    private readonly theme: HooksModalTheme,
    private readonly done: (result: HooksModalResult) => void,
    private readonly options: HooksModalOptions = {},
  ) {
    this.enabled = hooks.map((hook) => hook.enabled);
    const groups = new Map<string, number[]>();
    hooks.forEach((hook, index) => {
      const group = groups.get(hook.source);
      if (group === undefined) groups.set(hook.source, [index]);
      else group.push(index);
    });
    this.order = [...groups.values()].flat();
    this.lines = [...groups].flatMap(([source, members], g): ListLine[] => [
      ...(g > 0 ? [{ kind: "blank" } as const] : []),
      { kind: "heading", source },
      ...members.map((hook) => ({ kind: "row", hook }) as const),
    ]);
  }

  handleInput(data: string): void {
    // INVARIANT: `done` is called at most once. Keys that arrive between a save and Pi
    // removing the component must not produce a second, different result.
    if (this.closed) return;
    if (matchesKey(data, Key.up) || matchesKey(data, "k")) this.move(-1);
    else if (matchesKey(data, Key.down) || matchesKey(data, "j")) this.move(1);
    else if (matchesKey(data, Key.space)) this.toggle();
    else if (matchesKey(data, "a")) this.toggleAll();
    else if (matchesKey(data, Key.enter)) this.close({ kind: "save", enabled: this.snapshot() });
    else if (matchesKey(data, Key.escape)) this.close({ kind: "cancel" });
  }

  render(width: number): string[] {
    const { theme } = this;
    const active = this.enabled.filter(Boolean).length;
    const border = theme.fg("border", "─".repeat(Math.max(0, width)));
    const title = `${theme.fg("accent", theme.bold("Permissions"))}${theme.fg(
      "muted",
      ` · ${active}/${this.hooks.length} active`,
    )}`;
    const footer = KEY_HINTS.map(
      ([keys, action]) => `${theme.fg("dim", keys)} ${theme.fg("muted", action)}`,
    ).join("  ");
    const content = [title, "", ...this.listLines(), "", footer].map((line) =>
      // One column of padding, like Pi's own selectors, and nothing ever wider than the view.
      truncateToWidth(line === "" ? "" : ` ${line}`, width, "…"),
    );
    return [border, ...content, border];
  }

  invalidate(): void {
    // Nothing is cached: every render reads the current state and theme.
  }

  private listLines(): string[] {
    const { theme } = this;
    if (this.hooks.length === 0) return [theme.fg("muted", "No permission hooks loaded")];
    const cursorHook = this.order[this.cursor];
    const visible = this.window(
      this.lines.findIndex((l) => l.kind === "row" && l.hook === cursorHook),
    );
    const drawn = this.lines.slice(visible.start, visible.end).map((line) => {
      if (line.kind === "blank") return "";
      if (line.kind === "heading") return theme.fg("muted", plain(line.source));
      const hook = this.hooks[line.hook];
      const on = this.enabled[line.hook] === true;
      const here = line.hook === cursorHook;
      const dot = on ? theme.fg("success", "●") : theme.fg("warning", "○");
      const name = plain(hook?.name ?? "");
      return `${here ? theme.fg("accent", "›") : " "} ${dot} ${here ? theme.fg("accent", name) : name}`;
    });
    if (visible.start === 0 && visible.end === this.lines.length) return drawn;
    return [...drawn, theme.fg("muted", `(${this.cursor + 1}/${this.order.length})`)];
  }

  /** The slice of list lines to draw: all of them, or a window that keeps the cursor in view. */
  private window(cursorLine: number): { start: number; end: number } {
    const limit = this.options.maxListLines;
    const max = Math.max(
      1,
      Math.floor(typeof limit === "function" ? limit() : (limit ?? Infinity)),
    );
    if (this.lines.length <= max) return { start: 0, end: this.lines.length };
    const start = Math.min(Math.max(0, cursorLine - Math.floor(max / 2)), this.lines.length - max);
    return { start, end: start + max };
  }

  private move(step: number): void {
    this.cursor = Math.min(Math.max(0, this.cursor + step), Math.max(0, this.order.length - 1));
  }

  private toggle(): void {
    const hook = this.order[this.cursor];
    if (hook !== undefined) this.enabled[hook] = !this.enabled[hook];
  }

  private toggleAll(): void {
    const next = !this.enabled.some(Boolean);
    this.enabled.fill(next);
  }

  private snapshot(): Record<string, boolean> {
    return Object.fromEntries(this.hooks.map((hook, i) => [hook.id, this.enabled[i] === true]));
  }

  private close(result: HooksModalResult): void {
    this.closed = true;
    this.done(result);
  }
}

/** Author-provided text on one line: a newline or escape in a name must not redraw the modal. */
function plain(text: string): string {
  return replaceControlCharacters(text);
}
