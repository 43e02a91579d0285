// Permission hook enablement in a Pi session (seed 004): restored from the active branch,
// changed only by effective transitions, each recorded as one `permissions` custom entry.
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { type HookState, toggleAll } from "@pi-permission/gates";
import { PERMISSIONS_STATE_ENTRY_TYPE } from "@pi-permission/payload";
import { renderPermissionStateCompact } from "@pi-permission/renderers";
import type { SessionState } from "./session-state.ts";

/** Shown when a command or shortcut finds nothing to switch. */
export const NO_HOOKS_TEXT = "No permission hooks loaded";
/** Shown when a command asked for the state the hooks are already in. */
export const UNCHANGED_TEXT = "Permissions unchanged";

/**
 * Restore enablement from the latest permission state entry of the active branch. Only the
 * latest counts: when it is invalid (legacy or malformed) the defaults apply, not an older
 * entry.
 */
export function restoreEnablement(ctx: ExtensionContext, state: SessionState): void {
  const branch = ctx.sessionManager.getBranch();
  let data: unknown;
  for (let i = branch.length - 1; i >= 0; i--) {
    const entry = branch[i];
    if (entry?.type === "custom" && entry.customType === PERMISSIONS_STATE_ENTRY_TYPE) {
      data = entry.data;
      break;
    }
  }
  state.enablement.restore(data);
}

/** What a transition did: changed at least one hook, changed nothing, or found no hooks. */
export type TransitionOutcome = "changed" | "unchanged" | "no_hooks";

/**
 * Commit a transition: `next` maps the current states to the wanted enablement. An effective
 * change appends exactly one entry (in every mode, so branch restoration is the same
 * everywhere); in RPC mode, where no card is drawn, it is also announced. The caller owns the
 * feedback for the other outcomes.
 */
export function commitTransition(
  pi: Pick<ExtensionAPI, "appendEntry">,
  ctx: ExtensionContext,
  state: SessionState,
  next: (states: HookState[]) => Record<string, boolean>,
): TransitionOutcome {
  const states = state.hookStates();
  if (states.length === 0) return "no_hooks";
  const entry = state.enablement.commit(states, next(states));
  if (entry === null) return "unchanged";
  pi.appendEntry(PERMISSIONS_STATE_ENTRY_TYPE, entry);
  // TUI: the transcript card is the confirmation. JSON and print: no new output channel.
  if (ctx.mode === "rpc") ctx.ui.notify(renderPermissionStateCompact(entry), "info");
  return "changed";
}

/** Alt+P: any enabled → all off, otherwise all on. */
export function toggleAllHooks(
  pi: Pick<ExtensionAPI, "appendEntry">,
  ctx: ExtensionContext,
  state: SessionState,
): TransitionOutcome {
  const outcome = commitTransition(pi, ctx, state, toggleAll);
  if (outcome === "no_hooks" && ctx.hasUI) ctx.ui.notify(NO_HOOKS_TEXT, "info");
  return outcome;
}

/** Which loaded hooks a `/permissions enable|disable` argument names. */
export type HookSelection =
  | { kind: "hooks"; ids: string[] }
  | { kind: "unknown"; message: string }
  | { kind: "ambiguous"; message: string };

/**
 * Resolve `all`, a hook's name (case-insensitive) or its id. A name several sources share is
 * ambiguous: the message lists their ids, which are always unique.
 */
export function selectHooks(states: readonly HookState[], argument: string): HookSelection {
  const wanted = argument.trim();
  if (wanted.toLowerCase() === "all") return { kind: "hooks", ids: states.map((h) => h.id) };
  const byId = states.filter((h) => h.id === wanted);
  if (byId.length > 0) return { kind: "hooks", ids: byId.map((h) => h.id) };
  const byName = states.filter((h) => h.name.toLowerCase() === wanted.toLowerCase());
  if (byName.length === 1) return { kind: "hooks", ids: byName.map((h) => h.id) };
  if (byName.length > 1) {
    return {
      kind: "ambiguous",
      message: `Several permission hooks are named "${wanted}": ${byName
        .map((h) => `${h.id} (${h.source})`)
        .join(", ")}. Name one by its id.`,
    };
  }
  return {
    kind: "unknown",
    message: `No permission hook is named "${wanted}". Loaded: ${states
      .map((h) => `${h.name} (${h.id})`)
      .join(", ")}.`,
  };
}

/**
 * The footer text, shown whenever the extension is active: the policy's source
 * (`policy:global+project`, `policy:default`), `broken` when a file is broken, `project
 * untrusted` when a project file waits for trust, `permissions:<active>/<total>` when hooks
 * are loaded, and `yolo` when on.
 */
export function statusText(state: SessionState): string {
  const load = state.loadResult;
  const sources = load.scopes
    .filter((s) => s.status === "loaded" || s.status === "broken")
    .map((s) => s.scope);
  const trust = load.projectTrust?.state;
  const hooks = state.hookStates();
  const parts = [
    `policy:${sources.length > 0 ? sources.join("+") : "none"}`,
    ...(load.policy.brokenScopes.length > 0 ? ["broken"] : []),
    ...(trust === "untrusted" ? ["project untrusted"] : []),
    ...(hooks.length > 0
      ? [`permissions:${hooks.filter((h) => h.enabled).length}/${hooks.length}`]
      : []),
    ...(state.yolo ? ["yolo"] : []),
  ];
  return parts.join(" ");
}
