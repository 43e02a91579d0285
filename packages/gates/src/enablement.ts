// Which permission hooks are enabled: branch-local session state (seed 004). The state is
// restored from the latest permission state entry of the active branch, and only an
// effective transition of a loaded hook produces a new entry.
import {
  asPermissionsStateEntry,
  type PermissionHookRef,
  type PermissionsStateEntry,
} from "@pi-permission/payload";

/** A loaded hook and whether it is enabled now. */
export interface HookState extends PermissionHookRef {
  enabled: boolean;
}

/**
 * The enablement of one session branch. A hook absent from the restored snapshot is enabled
 * (new hooks default to enabled); a stale id in the snapshot has no effect, because only
 * loaded hooks are ever asked about.
 */
export class HookEnablement {
  #enabled: ReadonlyMap<string, boolean> = new Map();

  /**
   * Restore from the data of the latest permission state entry, or `undefined` when the branch
   * has none. Anything that is not a complete, valid snapshot (legacy `{ hooks: { id: true } }`,
   * `{ enabled: false }`, a malformed array) restores the defaults, never a partial guess.
   */
  restore(data: unknown): void {
    // A branch without an entry (most sessions) needs no check: the check loads typebox's
    // schema checker, some 370 modules, on the session's start (issue 18).
    const entry = data === undefined ? null : asPermissionsStateEntry(data);
    this.#enabled = new Map(entry?.hooks.map((hook) => [hook.id, hook.enabled]) ?? []);
  }

  isEnabled(id: string): boolean {
    return this.#enabled.get(id) ?? true;
  }

  /** The loaded hooks with their state, in runtime order. */
  states(loaded: readonly PermissionHookRef[]): HookState[] {
    return loaded.map((ref) => ({ ...ref, enabled: this.isEnabled(ref.id) }));
  }

  /**
   * Apply `after` (enabled by hook id; a loaded hook it leaves out keeps its state). Returns
   * the entry to append when at least one loaded hook changed, else `null` and nothing
   * changes.
   */
  commit(
    loaded: readonly PermissionHookRef[],
    after: Readonly<Record<string, boolean>>,
  ): PermissionsStateEntry | null {
    const entry = transitionEntry(this.states(loaded), after);
    if (entry) this.#enabled = new Map(entry.hooks.map((hook) => [hook.id, hook.enabled]));
    return entry;
  }
}

/**
 * The permission state entry of a transition: the complete after-state of every loaded hook,
 * in runtime order, each row marked `changed` when its effective state differs from before.
 * `null` when no loaded hook changes: a no-op is not a transition, and entries for ids that
 * are not loaded change nothing.
 *
 * @example
 * ```ts
 * transitionEntry([{ id: "user:git", name: "Git mutations", source: "user", enabled: true }], { "user:git": false });
 * // { hooks: [{ id: "user:git", name: "Git mutations", source: "user", enabled: false, changed: true }] }
 * ```
 */
export function transitionEntry(
  before: readonly HookState[],
  after: Readonly<Record<string, boolean>>,
): PermissionsStateEntry | null {
  const hooks = before.map((hook) => {
    const enabled = Object.hasOwn(after, hook.id) ? after[hook.id] === true : hook.enabled;
    return {
      id: hook.id,
      name: hook.name,
      source: hook.source,
      enabled,
      changed: enabled !== hook.enabled,
    };
  });
  return hooks.some((hook) => hook.changed) ? { hooks } : null;
}

/**
 * Alt+P's rule: when any loaded hook is enabled, all off; otherwise all on. With hooks
 * loaded it always changes something.
 *
 * @example
 * ```ts
 * toggleAll([{ id: "a", …, enabled: true }, { id: "b", …, enabled: false }]); // { a: false, b: false }
 * ```
 */
export function toggleAll(states: readonly HookState[]): Record<string, boolean> {
  const next = !states.some((hook) => hook.enabled);
  return Object.fromEntries(states.map((hook) => [hook.id, next]));
}
