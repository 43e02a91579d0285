// The transcript card of a permission state entry. Pi hands the renderer one persisted custom
// entry and nothing else, so the card is drawn from the entry's own snapshot: the renderers
// package owns the wording, this module only adds Pi's card background and theme colours.
import type {
  CustomEntry,
  EntryRenderOptions,
  Theme,
  ThemeColor,
} from "@earendil-works/pi-coding-agent";
import { Box, type Component } from "@earendil-works/pi-tui";
import { asPermissionsStateEntry, type PermissionsStateEntry } from "@pi-permission/payload";
import {
  type PermissionCardRole,
  renderPermissionStateCompact,
  renderPermissionStateExpanded,
  type TextStyle,
} from "@pi-permission/renderers";

/**
 * The entry renderer of `permissions` custom entries: a compact card line, or the complete
 * hook inventory when transcript details are expanded. Anything that is not a valid
 * permission state entry (a legacy `{ hooks: { id: true } }` record, `{ enabled: false }`, a
 * malformed snapshot, a snapshot without a changed hook) draws nothing.
 *
 * @example
 * ```ts
 * pi.registerEntryRenderer(PERMISSIONS_STATE_ENTRY_TYPE, renderPermissionsEntry);
 * ```
 */
export function renderPermissionsEntry(
  entry: CustomEntry,
  options: Pick<EntryRenderOptions, "expanded">,
  theme: Theme,
): Component | undefined {
  // INVARIANT: invalid data never reaches the card. The guard is all-or-nothing and never
  // throws, so a legacy or hand-edited entry is simply absent from the transcript rather than
  // Pi's "renderer failed" box or a card guessed from part of the data.
  const state = asPermissionsStateEntry(entry.data);
  if (state === null) return undefined;
  // Same box as Pi's own custom messages (and its entry-renderer example), so the card reads
  // as extension output rather than as a user or assistant turn.
  const card = new Box(1, 1, (text) => theme.bg("customMessageBg", text));
  card.addChild(new StateCardBody(state, options.expanded, cardStyle(theme)));
  return card;
}

const ROLE_COLORS: Record<PermissionCardRole, ThemeColor> = {
  title: "accent",
  enabled: "success",
  disabled: "warning",
  metadata: "muted",
};

function cardStyle(theme: Theme): TextStyle<PermissionCardRole> {
  // The theme is read at draw time, not captured as escape codes, so a theme switch recolours
  // cards that are already in the transcript.
  return (role, text) => theme.fg(ROLE_COLORS[role], text);
}

/**
 * The card's text. It is drawn at render time because only then is the width known, and the
 * renderers must do the cutting: their `…` keeps the line's styling and wording intact where
 * wrapping would split a row of the inventory over two lines.
 */
class StateCardBody implements Component {
  constructor(
    private readonly state: PermissionsStateEntry,
    private readonly expanded: boolean,
    private readonly style: TextStyle<PermissionCardRole>,
  ) {}

  render(width: number): string[] {
    const options = { style: this.style, width };
    return this.expanded
      ? renderPermissionStateExpanded(this.state, options)
      : [renderPermissionStateCompact(this.state, options)];
  }

  invalidate(): void {
    // Nothing is cached: every render reads the snapshot and the theme afresh.
  }
}
