// The prompt dialog: the lines a human reads before approving or denying a call.
//
// It must fit the terminal whatever the payload: a 72 KB heredoc, a command touching
// hundreds of paths, multi-line values, wide CJK glyphs. Three budgets hold at once:
// at most `maxRows` lines (promptMaxRows), no line wider than the terminal, and no value
// shown wider than `fieldMaxWidth` columns (promptFieldMaxWidth), all measured in terminal
// columns. Within them, request facts come first and are shortened, never dropped; the
// evidence and annotations take what rows are left, and whatever does not fit is elided
// behind a marked line. The payload itself is never cut: the expanded view shows all of it.
import type { PromptPayload } from "@pi-permission/payload";
import { DEFAULT_PROMPT_FIELD_MAX_WIDTH } from "./agent.ts";
import {
  columns,
  fitSegments,
  markShortened,
  neutralize,
  oneLine,
  resolveCount,
  type Segment,
  styleSegments,
  type TextStyle,
  truncateToWidth,
  wrapToWidth,
} from "./text.ts";
import { describeBashCommandContext, flaggedElementLabel, flaggedElements } from "./vocabulary.ts";

/** The default `promptMaxRows`: the most lines the compact dialog takes. */
export const DEFAULT_PROMPT_MAX_ROWS = 24;

/** What a piece of dialog text is, for a style callback to colour. */
export type PromptDialogRole =
  /** The dialog's first line. */
  | "title"
  /** A fact's or an evidence entry's name. */
  | "label"
  /** A request fact. */
  | "value"
  /** The element the rule fired on (a value or an evidence entry). */
  | "flagged"
  /** Supporting material. */
  | "evidence"
  /** A model-generated note; style it so it is never mistaken for a fact. */
  | "annotation"
  /** The line that says what was elided. */
  | "elision";

/** Options of {@link renderPromptDialog}. */
export interface PromptDialogOptions {
  /** The terminal width in columns. No line is wider. */
  width: number;
  /** The most lines to return (`promptMaxRows`). Defaults to 24. */
  maxRows?: number;
  /** The widest any one value is shown, in columns (`promptFieldMaxWidth`). Defaults to 400. */
  fieldMaxWidth?: number;
  /** Decorates each piece of text for its role, for example with theme colours. */
  style?: TextStyle<PromptDialogRole>;
}

/** Options of {@link renderPromptDialogExpanded}. */
export interface PromptDialogExpandedOptions {
  /** The terminal width in columns. No line is wider. */
  width: number;
  /** Decorates each piece of text for its role, for example with theme colours. */
  style?: TextStyle<PromptDialogRole>;
}

/**
 * The compact prompt dialog for a terminal `width` columns wide: at most `maxRows` lines,
 * no line wider than `width`, no value wider than `fieldMaxWidth`. Request facts (tool,
 * surface, the asked value, rule, context, agent, …) each keep at least one line; evidence
 * and annotations fill the rows left, and a line starting with `…` says how many entries
 * were elided. Line breaks inside a value are shown as `↵`, and control characters as
 * visible escapes, so no value can redraw the terminal. The lines contain no key hints:
 * a caller that adds lines of its own passes a `maxRows` reduced by that many.
 *
 * @example
 * ```ts
 * renderPromptDialog(rmBuildPayload, { width: 60 });
 * // [
 * //   "Permission required",
 * //   "tool     bash",
 * //   "command  rm -rf build",
 * //   "rule     rm *",
 * // ]
 * ```
 */
export function renderPromptDialog(payload: PromptPayload, options: PromptDialogOptions): string[] {
  return drawRows(layoutPromptDialog(payload, options), options.style);
}

/**
 * Every fact, evidence entry and annotation of the payload, complete: no row budget and no
 * field cap, multi-line values on their own lines, everything wrapped to `width` columns.
 * This is where the human reads what the compact dialog shortened.
 *
 * @example
 * ```ts
 * renderPromptDialogExpanded(heredocPayload, { width: 100 }).length; // every line of the heredoc, and more
 * ```
 */
export function renderPromptDialogExpanded(
  payload: PromptPayload,
  options: PromptDialogExpandedOptions,
): string[] {
  return drawRows(layoutPromptDialogExpanded(payload, options), options.style);
}

/** One laid-out row. `field` numbers the fact or entry the text belongs to. */
export interface DialogRow {
  label: string;
  text: string;
  role: PromptDialogRole;
  field: number | null;
}

/** A laid-out dialog: its rows, the terminal width, the label column, the number of facts. */
export interface DialogLayout {
  rows: DialogRow[];
  width: number;
  cell: number;
  /** Fields `0 … facts - 1` are request facts; the rest are evidence and annotations. */
  facts: number;
}

/** The expanded layout, before styling. Exported for tests that check completeness. */
export function layoutPromptDialogExpanded(
  payload: PromptPayload,
  options: PromptDialogExpandedOptions,
): DialogLayout {
  const width = resolveCount(options.width, 80);
  const facts = requestFacts(payload);
  const fields = [...facts, ...supportingFields(payload)];
  const cell = labelCellWidth(fields, width);
  const rows: DialogRow[] = [{ label: "", text: title(payload), role: "title", field: null }];
  for (const [id, field] of fields.entries()) {
    const wrapped = neutralize(field.text)
      .split("\n")
      .flatMap((line) => wrapToWidth(line, Math.max(1, width - cell)));
    rows.push(...placeRows(field, id, wrapped));
  }
  return { rows, width, cell, facts: facts.length };
}

interface Field {
  label: string;
  text: string;
  role: PromptDialogRole;
  /** The asked value: the fact that gets spare rows first. */
  primary?: boolean;
}

/** The compact layout, before styling. Exported for tests that check every budget. */
export function layoutPromptDialog(
  payload: PromptPayload,
  options: PromptDialogOptions,
): DialogLayout {
  const width = resolveCount(options.width, 80);
  const maxRows = resolveCount(options.maxRows, DEFAULT_PROMPT_MAX_ROWS);
  const fieldMax = resolveCount(options.fieldMaxWidth, DEFAULT_PROMPT_FIELD_MAX_WIDTH);
  const facts = requestFacts(payload);
  const items = supportingFields(payload);
  const cell = labelCellWidth([...facts, ...items], width);
  const valueWidth = Math.max(1, width - cell);
  const shape = (field: Field) =>
    wrapToWidth(truncateToWidth(oneLine(field.text, "↵"), fieldMax), valueWidth);
  const rows: DialogRow[] = [];

  // The title is the first thing to go when rows are short; the facts are the last.
  if (maxRows >= 1 + facts.length + (items.length > 0 ? 1 : 0)) {
    rows.push({ label: "", text: title(payload), role: "title", field: null });
  }
  let free = maxRows - rows.length;

  // Evidence needs at least the row that says it was elided: nothing is hidden unmarked.
  const reserve = items.length > 0 ? 1 : 0;
  if (facts.length + reserve > free) {
    // A budget smaller than the facts themselves: show what fits, then say what did not.
    const shown = Math.max(0, free - 1);
    for (const [id, fact] of facts.slice(0, shown).entries()) {
      rows.push(...placeRows(fact, id, shorten(shape(fact), 1, valueWidth)));
    }
    const hiddenFacts = `${facts.length - shown} more ${facts.length - shown === 1 ? "fact" : "facts"}`;
    const hiddenItems = items.length > 0 ? ` and ${countEntries(items.length)}` : "";
    rows.push(elision(`${hiddenFacts}${hiddenItems}`));
    return { rows, width, cell, facts: facts.length };
  }

  // Every fact has its row. Rows left over lengthen the facts, the asked value first,
  // keeping one row back for the evidence (or the line that says it was elided).
  free -= facts.length;
  const shaped = facts.map(shape);
  const allotted = facts.map(() => 1);
  const indices = [...facts.keys()];
  const order = [
    ...indices.filter((i) => facts[i]?.primary),
    ...indices.filter((i) => !facts[i]?.primary),
  ];
  for (const i of order) {
    const give = Math.min((shaped[i]?.length ?? 1) - 1, Math.max(0, free - reserve));
    allotted[i] = (allotted[i] ?? 1) + give;
    free -= give;
  }
  for (const [id, fact] of facts.entries()) {
    rows.push(...placeRows(fact, id, shorten(shaped[id] ?? [], allotted[id] ?? 1, valueWidth)));
  }

  // Evidence and annotations, in order, while rows last; one row stays back for the marker
  // as long as another entry is waiting.
  let hidden = 0;
  for (const [j, item] of items.entries()) {
    const room = free - (j < items.length - 1 ? 1 : 0);
    if (room < 1) {
      hidden = items.length - j;
      break;
    }
    const wrapped = shape(item);
    const take = Math.min(wrapped.length, room);
    rows.push(...placeRows(item, facts.length + j, shorten(wrapped, take, valueWidth)));
    free -= take;
  }
  if (hidden > 0) rows.push(elision(countEntries(hidden)));
  return { rows, width, cell, facts: facts.length };
}

function countEntries(n: number): string {
  return `${n} more ${n === 1 ? "entry" : "entries"}`;
}

function elision(what: string): DialogRow {
  return { label: "", text: `… ${what} (expand to see all)`, role: "elision", field: null };
}

/** At most `k` rows of a wrapped value; when rows are cut, the last kept one ends in `…`. */
function shorten(rows: readonly string[], k: number, width: number): string[] {
  if (rows.length <= k) return [...rows];
  const kept = rows.slice(0, k);
  kept[k - 1] = markShortened(kept[k - 1] ?? "", width);
  return kept;
}

function placeRows(field: Field, id: number, texts: readonly string[]): DialogRow[] {
  return texts.map((text, i) => ({
    label: i === 0 ? field.label : "",
    text,
    role: field.role,
    field: id,
  }));
}

function title(payload: PromptPayload): string {
  return payload.request.requester.forwarded
    ? "Permission required (forwarded)"
    : "Permission required";
}

/** The name of the row that shows `request.value`. */
function valueLabel(payload: PromptPayload): string {
  // For this kind the value is the command and the flagged elements are its paths.
  return payload.kind === "bash_external_directory" ? "command" : flaggedElementLabel(payload);
}

/** The request facts, each its own row, in reading order; a fact with no value is absent. */
function requestFacts(payload: PromptPayload): Field[] {
  const { request, kind } = payload;
  const flagged = new Set(flaggedElements(payload));
  const facts: Field[] = [];
  const add = (label: string, text: string, role: PromptDialogRole = "value", primary = false) =>
    facts.push({ label, text, role, primary });
  if (request.toolName !== null) add("tool", request.toolName);
  if (request.invokedToolName !== null && request.invokedToolName !== request.toolName) {
    add("invoked as", request.invokedToolName);
  }
  if (request.surface !== request.toolName) add("surface", request.surface);
  // A `tool` ask's value is the tool name, already on the first row.
  if (!(kind === "tool" && request.value === request.toolName)) {
    add(valueLabel(payload), request.value, flagged.has(request.value) ? "flagged" : "value", true);
  }
  if (request.executedUnit !== null) add("executes", request.executedUnit);
  const context = describeBashCommandContext(request.commandContext);
  if (context !== undefined) add("context", context);
  if (request.matchedPattern !== null) add("rule", request.matchedPattern);
  if (request.matchedAs) add("matched as", request.matchedAs.text);
  if (request.hook) add("hook", `${request.hook.name} (${request.hook.source})`);
  if (request.requester.agentName !== null) add("agent", request.requester.agentName);
  if (request.requester.forwarded) {
    add("forwarded from", request.requester.sessionId ?? "another session");
  }
  return facts;
}

/** Evidence, then annotations (marked as model-written), in payload order. */
function supportingFields(payload: PromptPayload): Field[] {
  const flagged = new Set(flaggedElements(payload));
  return [
    ...payload.evidence.map((e) => ({
      label: e.label,
      text: e.detail === null ? e.text : `${e.text} (${e.detail})`,
      role: (payload.kind === "bash_external_directory" && flagged.has(e.text)
        ? "flagged"
        : "evidence") as PromptDialogRole,
    })),
    ...payload.annotations.map((a) => ({
      label: "annotation",
      text: `${a.source}: ${a.text}`,
      role: "annotation" as const,
    })),
  ];
}

/**
 * Columns of the label column (the label plus a two-space gap): wide enough for the
 * longest label, at most two fifths of the terminal (values need the room more), and none
 * at all when that leaves no room for a readable label.
 */
function labelCellWidth(fields: readonly Field[], width: number): number {
  const longest = Math.max(0, ...fields.map((f) => columns(oneLine(f.label, "↵"))));
  const cell = Math.min(longest + 2, Math.floor((width * 2) / 5));
  return cell < 4 ? 0 : cell;
}

function drawRows(layout: DialogLayout, style: TextStyle<PromptDialogRole> | undefined): string[] {
  const { rows, width, cell } = layout;
  return rows.map((row) => {
    if (row.field === null) {
      return styleSegments(fitSegments([{ role: row.role, text: row.text }], width), style);
    }
    const label = cell === 0 ? "" : truncateToWidth(oneLine(row.label, "↵"), cell - 2);
    const segments: Segment<PromptDialogRole>[] = [
      { role: "label", text: label },
      { role: null, text: " ".repeat(Math.max(0, cell - columns(label))) },
      { role: row.role, text: row.text },
    ];
    return styleSegments(fitSegments(segments, width), style);
  });
}
