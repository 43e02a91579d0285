/**
 * Where a permission hook was loaded from: the user's global config, the project, or an
 * installed package (`package:release-guard`).
 */
export type PermissionSource = "user" | "project" | `package:${string}`;

/**
 * The permission hook that decided a request: named in the prompt payload, the agent-facing
 * text, the review log and the decision event. A hook only ever tightens the policy, so a
 * request names a hook only when the hook was stricter than the policy.
 *
 * @example
 * ```ts
 * const hook: PermissionHookRef = { id: "user:git", name: "Git mutations", source: "user" };
 * ```
 */
export interface PermissionHookRef {
  /** The hook's stable id: `user:<key>` and `project:<key>` for policy hooks, `package:<package>:<id>` for registered ones. */
  id: string;
  /** The author-facing name. */
  name: string;
  /** Where the hook was loaded from. */
  source: PermissionSource;
}

/**
 * One permission hook as a permission state entry records it: enough to restore its
 * enablement (`id`, `enabled`) and to draw it later even after the hook was renamed, moved
 * or removed (`name`, `source`, `changed`).
 */
export interface PersistedPermissionHook {
  /** The hook's internal id; restoration matches it against the hooks loaded now. */
  id: string;
  /** The author-facing name, as it was when the entry was written. */
  name: string;
  /** Where the hook was loaded from. */
  source: PermissionSource;
  /** Whether the hook is enabled after the transition. */
  enabled: boolean;
  /** Whether this transition changed the hook. */
  changed: boolean;
}

/**
 * The data of one `permissions` custom session entry: the complete after-state of every
 * loaded hook, in runtime order, written only when at least one hook changed. Active and
 * total counts, the direction and the number of changes are all derived from it.
 *
 * Anything else stored under that custom type, such as the legacy `{ hooks: Record<string,
 * boolean> }` and `{ enabled: false }` shapes, is not a state entry: see
 * {@link asPermissionsStateEntry}.
 *
 * @example
 * ```ts
 * const entry: PermissionsStateEntry = {
 *   hooks: [{ id: "user:git", name: "Git mutations", source: "user", enabled: false, changed: true }],
 * };
 * ```
 */
export interface PermissionsStateEntry {
  hooks: PersistedPermissionHook[];
}

/** The custom entry type permission state entries are appended under. */
export const PERMISSIONS_STATE_ENTRY_TYPE = "permissions";
