// The transcript card of a permission state entry: one compact line, and the complete hook
// inventory when expanded. It reads only the persisted snapshot, so an old card keeps
// showing the names and state of its moment even after hooks are renamed or removed.
import type { PermissionsStateEntry } from "@pi-permission/payload";
import {
  columns,
  fitSegments,
  oneLine,
  padToWidth,
  resolveCount,
  type Segment,
  styleSegments,
  type TextStyle,
} from "./text.ts";

/** The aggregate facts of one permission state transition. */
export interface PermissionStateSummary {
  /** Hooks enabled after the transition. */
  active: number;
  /** Hooks in the snapshot. */
  total: number;
  /** Hooks the transition changed. */
  changed: number;
  /** `enabled` or `disabled` when every change went one way, `changed` when both, `null` when none. */
  direction: "enabled" | "disabled" | "changed" | null;
}

/** What a piece of card text is, for a style callback to colour. */
export type PermissionCardRole =
  /** The word `Permissions` (an accent colour). */
  | "title"
  /** The dot of an enabled hook (a success colour). */
  | "enabled"
  /** The dot of a disabled hook (a warning colour). */
  | "disabled"
  /** Sources, counts and separators (a muted colour). */
  | "metadata";

/** Options of the permission-state card renderers. */
export interface PermissionCardOptions {
  /** Decorates each piece of text for its role, for example with theme colours. */
  style?: TextStyle<PermissionCardRole>;
  /** When given, no line is wider than this many columns (cut with `…`). */
  width?: number;
}

/**
 * The counts and direction of a transition, derived from its snapshot.
 *
 * @example
 * ```ts
 * summarizePermissionState(entry); // { active: 4, total: 6, changed: 2, direction: "changed" }
 * ```
 */
export function summarizePermissionState(entry: PermissionsStateEntry): PermissionStateSummary {
  const changed = entry.hooks.filter((hook) => hook.changed);
  const enabledNow = changed.filter((hook) => hook.enabled).length;
  let direction: PermissionStateSummary["direction"] = null;
  if (changed.length > 0) {
    if (enabledNow === changed.length) direction = "enabled";
    else if (enabledNow === 0) direction = "disabled";
    else direction = "changed";
  }
  return {
    active: entry.hooks.filter((hook) => hook.enabled).length,
    total: entry.hooks.length,
    changed: changed.length,
    direction,
  };
}

/**
 * The card's compact line: `Permissions · 1 check disabled · 5/6 active`. The same
 * count-based wording for one change or many, `changed` when a transition went both ways.
 *
 * @example
 * ```ts
 * renderPermissionStateCompact(entry); // "Permissions · 2 checks changed · 4/6 active"
 * ```
 */
export function renderPermissionStateCompact(
  entry: PermissionsStateEntry,
  options: PermissionCardOptions = {},
): string {
  return draw(compactSegments(entry), options);
}

/**
 * The expanded card: the compact line, a blank line, then every hook of the snapshot in its
 * persisted order: `*` for a row the transition changed (two spaces otherwise), `●` enabled
 * or `○` disabled, the name, and its source in an aligned column.
 *
 * @example
 * ```ts
 * renderPermissionStateExpanded(entry);
 * // [
 * //   "Permissions · 1 check disabled · 1/2 active",
 * //   "",
 * //   "* ○ Git mutations             user",
 * //   "  ● Secrets                   package:read-guard",
 * // ]
 * ```
 */
export function renderPermissionStateExpanded(
  entry: PermissionsStateEntry,
  options: PermissionCardOptions = {},
): string[] {
  const names = entry.hooks.map((hook) => oneLine(hook.name, " "));
  // Names share a column at least 24 wide, then two spaces before the source.
  const nameColumn = Math.max(MIN_NAME_COLUMN, ...names.map(columns)) + 2;
  const rows = entry.hooks.map((hook, i): Segment<PermissionCardRole>[] => [
    { role: null, text: hook.changed ? "* " : "  " },
    hook.enabled ? { role: "enabled", text: "●" } : { role: "disabled", text: "○" },
    { role: null, text: ` ${padToWidth(names[i] ?? "", nameColumn)}` },
    { role: "metadata", text: oneLine(hook.source, " ") },
  ]);
  return [compactSegments(entry), [], ...rows].map((segments) => draw(segments, options));
}

const MIN_NAME_COLUMN = 24;

function compactSegments(entry: PermissionsStateEntry): Segment<PermissionCardRole>[] {
  const { active, total, changed, direction } = summarizePermissionState(entry);
  const segments: Segment<PermissionCardRole>[] = [{ role: "title", text: "Permissions" }];
  if (direction !== null) {
    segments.push(
      { role: "metadata", text: " · " },
      { role: null, text: `${changed} ${changed === 1 ? "check" : "checks"} ${direction}` },
    );
  }
  segments.push({ role: "metadata", text: ` · ${active}/${total} active` });
  return segments;
}

function draw(segments: Segment<PermissionCardRole>[], options: PermissionCardOptions): string {
  const fitted =
    options.width === undefined
      ? segments
      : fitSegments(segments, resolveCount(options.width, Infinity));
  return styleSegments(fitted, options.style);
}
