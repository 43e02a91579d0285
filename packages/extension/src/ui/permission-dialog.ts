// The inline permission dialog (`ctx.ui.custom`, not an overlay): the payload through the
// renderers, what an approval would add, and one key per answer. Every render fits the row
// budget (`promptMaxRows`, and never more than the terminal has) and the terminal width,
// whatever the payload (design.md, "The prompt dialog always fits").
import type { Theme } from "@earendil-works/pi-coding-agent";
import {
  type Component,
  Key,
  matchesKey,
  truncateToWidth,
  visibleWidth,
} from "@earendil-works/pi-tui";
import type { PromptPayload } from "@pi-permission/payload";
import type { PromptKeys } from "@pi-permission/policy";
import { type GrantLine, renderGrantPreview, renderPromptDialog } from "@pi-permission/renderers";

// The keys, their defaults and the reserved ones are the policy's (`promptKeys`, validated
// where the file is loaded), so the dialog and the validation cannot disagree.
export { DEFAULT_PROMPT_KEYS, type PromptKeys, RESERVED_PROMPT_KEYS } from "@pi-permission/policy";

/** What an answer does. `parentSession` is the forwarded dialog's "whole session". */
export type DialogChoiceId =
  | "once"
  | "session"
  | "parentSession"
  | "always"
  | "deny"
  | "denyWithReason";

/** One answer as the dialog lists it. */
export interface DialogChoice {
  id: DialogChoiceId;
  label: string;
}

/** Where "always" may save its rule. */
export interface AlwaysTarget {
  scope: "global" | "project";
  /** The file, as shown. */
  file: string;
}

/** How the dialog closed. */
export type DialogResult =
  | { kind: "once" }
  | { kind: "session"; wider: boolean }
  | { kind: "parentSession"; wider: boolean }
  | { kind: "always"; wider: boolean; target: AlwaysTarget }
  | { kind: "deny"; reason: string | null }
  /** The human asked for the complete request; the caller shows it and opens the dialog again. */
  | { kind: "expand"; wider: boolean; choice: number };

/** What one dialog shows. */
export interface PermissionDialogInput {
  payload: PromptPayload;
  /** A line above the dialog (which subagent asks), or none. */
  heading?: string;
  choices: readonly DialogChoice[];
  /** The grants a session or "always" approval adds: exactly as shown, and the wider choice. */
  grants: { exact: readonly GrantLine[]; wider: readonly GrantLine[] | null };
  /** Where "always" may save, default (global) first; empty when it cannot save anywhere. */
  alwaysTargets: readonly AlwaysTarget[];
  promptMaxRows: number;
  promptFieldMaxWidth: number;
  keys: PromptKeys;
  /**
   * `promptDoublePress`: an approval is made only when its key (or enter on it) comes twice
   * in a row, so text typed ahead of the prompt cannot approve. Denials take one press.
   */
  doublePress?: boolean;
  /** The terminal's rows, asked on every render: the dialog never takes more. */
  terminalRows?: () => number;
  /** Reopened after "show the full request": where the human was. */
  initial?: { wider: boolean; choice: number };
}

/**
 * What the dialog says in place of the grant preview when the request can be approved once
 * only: an item whose meaning its text does not fix (a computed path, an opaque or evaluated
 * string, …) is covered by no grant (S33 grant-unfixed, r33f F1).
 */
export const NO_GRANT_NOTE =
  "approve once only: what it touches or runs is decided when it runs, so no session or always grant can hold it";

/** The theme methods the dialog draws with; Pi's `Theme` has them. */
export type DialogTheme = Pick<Theme, "fg" | "bold">;

type Mode = "choose" | "reason" | "always";

// Bracketed paste (a terminal wraps pasted text in these) arrives as one input string.
const PASTE_START = "\x1b[200~";
const PASTE_END = "\x1b[201~";

/**
 * The dialog as a pi-tui component. Keys: the answer keys (`y` once, `s` session, `a` always,
 * `n` deny, `r` deny with a reason by default), arrows or `j`/`k` and enter, `w` the wider
 * grants, `v` the complete request, escape denies. "Always" asks where to save (global by
 * default) before it is committed; a reason is a one-line editor.
 */
export class PermissionDialog implements Component {
  private mode: Mode = "choose";
  private cursor: number;
  private wider: boolean;
  private reason = "";
  private target = 0;
  private closed = false;
  /** With `doublePress`: the approval pressed once, waiting for its second press. */
  private armed: DialogChoiceId | null = null;

  constructor(
    private readonly input: PermissionDialogInput,
    private readonly theme: DialogTheme,
    private readonly done: (result: DialogResult) => void,
  ) {
    this.cursor = Math.min(input.initial?.choice ?? 0, Math.max(0, input.choices.length - 1));
    this.wider = (input.initial?.wider ?? false) && input.grants.wider !== null;
  }

  handleInput(data: string): void {
    // INVARIANT: `done` is called once; keys after it (before Pi removes us) change nothing.
    if (this.closed) return;
    if (this.mode === "reason") {
      this.reasonInput(data);
      return;
    }
    if (this.mode === "always") {
      this.alwaysInput(data);
      return;
    }
    const { keys, choices } = this.input;
    // Only the very next input can confirm an armed approval.
    const armed = this.armed;
    this.armed = null;
    if (matchesKey(data, Key.escape)) {
      this.close({ kind: "deny", reason: null });
      return;
    }
    if (matchesKey(data, Key.up) || matchesKey(data, Key.left) || data === "k") {
      this.cursor = Math.max(0, this.cursor - 1);
      return;
    }
    if (matchesKey(data, Key.down) || matchesKey(data, Key.right) || data === "j") {
      this.cursor = Math.min(choices.length - 1, this.cursor + 1);
      return;
    }
    if (matchesKey(data, Key.enter)) {
      const choice = choices[this.cursor];
      if (choice) this.press(choice.id, armed);
      return;
    }
    if (data === keys.wider) {
      if (this.input.grants.wider !== null) this.wider = !this.wider;
      return;
    }
    if (data === keys.expand) {
      this.close({ kind: "expand", wider: this.wider, choice: this.cursor });
      return;
    }
    const keyed = choices.find((c) => keyOf(c.id, keys) === data);
    if (keyed) this.press(keyed.id, armed);
  }

  /** An answer pressed: with `doublePress`, an approval's first press only arms it. */
  private press(id: DialogChoiceId, armed: DialogChoiceId | null): void {
    const approval = id !== "deny" && id !== "denyWithReason";
    if (this.input.doublePress === true && approval && armed !== id) {
      this.armed = id;
      this.cursor = Math.max(
        0,
        this.input.choices.findIndex((c) => c.id === id),
      );
      return;
    }
    this.pick(id);
  }

  render(width: number): string[] {
    const budget = this.budget();
    const { theme, input } = this;
    const heading = input.heading === undefined ? [] : [input.heading];
    const tail = this.tailLines(width, budget);
    const dialogRows = Math.max(1, budget - heading.length - tail.length);
    const dialog = renderPromptDialog(input.payload, {
      width,
      maxRows: dialogRows,
      fieldMaxWidth: input.promptFieldMaxWidth,
      style: (role, text) =>
        role === "title"
          ? theme.fg("accent", theme.bold(text))
          : role === "flagged"
            ? theme.fg("warning", text)
            : role === "label" || role === "elision"
              ? theme.fg("muted", text)
              : text,
    });
    const lines = [...heading.map((h) => theme.fg("accent", h)), ...dialog, ...tail];
    // INVARIANT: never more rows than the budget, never a line wider than the terminal.
    return lines.slice(0, budget).map((line) => truncateToWidth(line, width, "…"));
  }

  invalidate(): void {
    // Nothing is cached: every render reads the current state and theme.
  }

  /** The most rows this dialog draws: `promptMaxRows`, and no more than the terminal has. */
  budget(): number {
    const rows = this.input.terminalRows?.() ?? Number.POSITIVE_INFINITY;
    return Math.max(3, Math.min(this.input.promptMaxRows, Math.floor(rows)));
  }

  private pick(id: DialogChoiceId): void {
    if (id === "once") this.close({ kind: "once" });
    else if (id === "session" || id === "parentSession") {
      this.close({ kind: id, wider: this.wider });
    } else if (id === "always") {
      if (this.input.alwaysTargets.length === 0) return;
      this.mode = "always";
      this.target = 0;
    } else if (id === "deny") this.close({ kind: "deny", reason: null });
    else this.mode = "reason";
  }

  private reasonInput(data: string): void {
    if (data.startsWith(PASTE_START) || data.includes(PASTE_END)) {
      // A pasted reason stays one line: its line breaks become spaces.
      const text = data.replace(PASTE_START, "").replace(PASTE_END, "");
      this.reason += oneLineText(text);
      return;
    }
    if (matchesKey(data, Key.escape)) {
      this.mode = "choose";
      return;
    }
    if (matchesKey(data, Key.enter)) {
      const reason = this.reason.trim();
      this.close({ kind: "deny", reason: reason === "" ? null : reason });
    }
    if (matchesKey(data, Key.backspace)) {
      this.reason = [...this.reason].slice(0, -1).join("");
      return;
    }
    // Typed text: printable characters only (no escape sequence enters the reason).
    if (!data.startsWith("\x1b")) this.reason += oneLineText(data);
  }

  private alwaysInput(data: string): void {
    const targets = this.input.alwaysTargets;
    if (matchesKey(data, Key.escape)) {
      this.mode = "choose";
      return;
    }
    if (matchesKey(data, Key.enter)) {
      const target = targets[this.target];
      if (target) this.close({ kind: "always", wider: this.wider, target });
      return;
    }
    if (data === this.input.keys.wider) {
      if (this.input.grants.wider !== null) this.wider = !this.wider;
      return;
    }
    const scope = data === "g" ? "global" : data === "p" ? "project" : null;
    const byKey = scope === null ? -1 : targets.findIndex((t) => t.scope === scope);
    if (byKey >= 0) this.target = byKey;
    else if (matchesKey(data, Key.tab) || matchesKey(data, Key.up) || matchesKey(data, Key.down)) {
      this.target = (this.target + 1) % Math.max(1, targets.length);
    }
  }

  /** The rows below the payload: the grant preview, the answers and the key hints. */
  private tailLines(width: number, budget: number): string[] {
    const { theme } = this;
    const grants = this.currentGrants();
    const hint = (text: string) => theme.fg("dim", text);
    if (this.mode === "reason") {
      const prompt = "Reason (the agent sees it): ";
      const room = Math.max(1, width - visibleWidth(prompt) - 1);
      const shown = [...this.reason].slice(-room).join("");
      return [`${theme.fg("accent", prompt)}${shown}▏`, hint("enter deny · esc back")];
    }
    const previewRows = Math.max(1, Math.min(grants.length + 1, budget - 4));
    if (this.mode === "always") {
      const target = this.input.alwaysTargets[this.target];
      const preview = renderGrantPreview(`always allow (${target?.file ?? "?"})`, grants, {
        width,
        maxRows: previewRows,
        fieldMaxWidth: this.input.promptFieldMaxWidth,
      });
      const switches = this.input.alwaysTargets
        .map((t, i) => {
          const text = `${t.scope === "global" ? "g" : "p"} ${t.scope}`;
          return i === this.target ? theme.fg("accent", `› ${text}`) : `  ${text}`;
        })
        .join("  ");
      const wider = this.input.grants.wider !== null ? ` · ${this.input.keys.wider} wider` : "";
      return [...preview, `save to: ${switches}`, hint(`enter save · esc back${wider}`)];
    }
    // A request no grant may cover says so instead of previewing nothing (S33 grant-unfixed).
    const preview = (
      grants.length === 0
        ? [NO_GRANT_NOTE]
        : renderGrantPreview("session or always", grants, {
            width,
            maxRows: previewRows,
            fieldMaxWidth: this.input.promptFieldMaxWidth,
          })
    ).map((line) => theme.fg("muted", line));
    const answers = this.input.choices.map((c, i) => {
      const text = `${keyOf(c.id, this.input.keys)} ${c.label}`;
      return i === this.cursor ? theme.fg("accent", theme.bold(`› ${text}`)) : `  ${text}`;
    });
    const wider =
      this.input.grants.wider === null
        ? ""
        : ` · ${this.input.keys.wider} ${this.wider ? "exact" : "wider"}`;
    const armed = this.input.choices.find((c) => c.id === this.armed);
    return [
      ...preview,
      ...packRow(answers, width),
      armed
        ? theme.fg(
            "warning",
            `press ${keyOf(armed.id, this.input.keys)} (or enter) again to approve: ${armed.label} · any other key cancels`,
          )
        : hint(
            `↑↓/jk move · enter choose · ${this.input.keys.expand} full request${wider} · esc deny`,
          ),
    ];
  }

  private currentGrants(): readonly GrantLine[] {
    const { exact, wider } = this.input.grants;
    return this.wider && wider !== null ? wider : exact;
  }

  private close(result: DialogResult): void {
    this.closed = true;
    this.done(result);
  }
}

/** The key of an answer. */
export function keyOf(id: DialogChoiceId, keys: PromptKeys): string {
  switch (id) {
    case "once":
      return keys.once;
    case "session":
      return keys.session;
    case "parentSession":
      // The forwarded dialog's extra answer: the session key in upper case.
      return keys.session.toUpperCase();
    case "always":
      return keys.always;
    case "deny":
      return keys.deny;
    case "denyWithReason":
      return keys.denyWithReason;
  }
}

/** Pieces laid out left to right, as many rows as the width needs. */
function packRow(pieces: readonly string[], width: number): string[] {
  const rows: string[] = [];
  let row = "";
  for (const piece of pieces) {
    const next = row === "" ? piece : `${row}  ${piece}`;
    if (row !== "" && visibleWidth(next) > width) {
      rows.push(row);
      row = piece;
    } else {
      row = next;
    }
  }
  if (row !== "") rows.push(row);
  return rows;
}

/** Text made one line: line breaks become spaces, other control characters are dropped. */
function oneLineText(text: string): string {
  return (
    text
      .replace(/\r\n|[\r\n\u2028\u2029]/g, " ")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, "")
  );
}
