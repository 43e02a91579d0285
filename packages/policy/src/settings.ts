import {
  DEFAULT_REVIEW_LOG_FIELD_MAX_WIDTH,
  DEFAULT_REVIEW_LOG_FILES,
  DEFAULT_REVIEW_LOG_MAX_BYTES,
} from "@pi-permission/log-cap";
import type { PolicyDocument, PolicyProgram } from "./document.ts";
import { mergeShellTools, type ShellToolMap } from "./shell-tools.ts";

/**
 * The runtime settings of a policy, every field resolved: what the gate runner, the prompt,
 * the logs and the forwarding protocol read.
 */
export interface PolicySettings {
  /** Approve every ask without prompting; deny rules still deny. */
  readonly yolo: boolean;
  /** Write the review log. */
  readonly permissionReviewLog: boolean;
  /** Write the debug log. */
  readonly debugLog: boolean;
  /** The most rows the permission dialog may take. */
  readonly promptMaxRows: number;
  /** The most characters one dialog (and agent-facing) field shows. */
  readonly promptFieldMaxWidth: number;
  /**
   * The permission dialog's keys, every one filled in. Only the user's own files (global,
   * managed) set them: a project file could otherwise swap approve and deny under the user's
   * fingers.
   */
  readonly promptKeys: PromptKeys;
  /** Answer an approval only when its key (or enter) is pressed twice in a row. */
  readonly promptDoublePress: boolean;
  /** The terminal notification written when a prompt opens, or `off`. */
  readonly promptNotification: PromptNotification;
  /** The most characters one review-log string keeps. */
  readonly reviewLogFieldMaxWidth: number;
  /** The review log's size, in bytes, past which it is rotated to `review.1.jsonl`. */
  readonly reviewLogMaxBytes: number;
  /** How many review-log files are kept, the current one included. */
  readonly reviewLogFiles: number;
  /** How long a forwarded ask waits for the parent session, in milliseconds. */
  readonly forwardingTimeoutMs: number;
  /**
   * The bash analysis budget of one call, in milliseconds of work (1 to 500). A project file
   * that lengthens it past the user's own value needs trust: a longer budget is a longer possible
   * freeze of the agent.
   */
  readonly analysisDeadlineMs: number;
  /**
   * Tools besides `bash` whose argument is a shell command, with the input keys of the
   * command and its working directory: every file's declarations together. Absent when no
   * file declares one.
   */
  readonly shellTools?: ShellToolMap;
  /**
   * Programs the bash analysis does not know, declared under `programs`: every file's
   * declarations together, the first file to declare a name deciding it (managed, then global,
   * then project). Absent when no file declares one. Pass it on as `AnalyzeOptions.programs`.
   */
  readonly programs?: ProgramMap;
  /**
   * Present only when a project file that is not trusted, or a broken file, declares programs:
   * the declarations of the other files (`null` when they declare none). Such declarations may
   * only tighten, so a bash call is judged once with `programs` and once with these, and the
   * stricter verdict stands.
   */
  readonly trustedPrograms?: ProgramMap | null;
  /**
   * Whether yolo may be switched on at all. Any file setting it to `false` wins (a managed
   * file uses it to forbid yolo for everyone).
   */
  readonly allowYolo: boolean;
  /**
   * Whether a project file may loosen the policy once trusted. Any file setting it to `false`
   * wins: project files then only tighten, and nobody is asked to trust them.
   */
  readonly allowProjectLoosening: boolean;
  /** Judge the commands the user types with `!` like the agent's `bash` calls. */
  readonly judgeUserBash: boolean;
}

/** The keys of the permission dialog's answers: one printable character each. */
export interface PromptKeys {
  readonly once: string;
  readonly session: string;
  readonly always: string;
  readonly deny: string;
  readonly denyWithReason: string;
  /** Switch between the exact grants and the wider ones, where a wider one is offered. */
  readonly wider: string;
  /** Show the complete request. */
  readonly expand: string;
}

/** The name of one remappable dialog key. */
export type PromptKeyName = keyof PromptKeys;

/** The dialog's keys when no file sets `promptKeys`. */
export const DEFAULT_PROMPT_KEYS: PromptKeys = Object.freeze({
  once: "y",
  session: "s",
  always: "a",
  deny: "n",
  denyWithReason: "r",
  wider: "w",
  expand: "v",
});

/** The remappable keys, in the order the schema lists them. */
export const PROMPT_KEY_NAMES = Object.keys(DEFAULT_PROMPT_KEYS) as PromptKeyName[];

/**
 * Keys the dialog keeps for itself, which no answer may take: `j` and `k` move the cursor
 * (with the arrows).
 */
export const RESERVED_PROMPT_KEYS: readonly string[] = ["j", "k"];

/**
 * Keys that pick where "always" saves (`g` global, `p` project). Only the `wider` key is live
 * while that choice is open, so only it may not take them.
 */
export const ALWAYS_TARGET_KEYS: readonly string[] = ["g", "p"];

/** The terminal notifications a prompt can raise; none carries the command or the path. */
export const PROMPT_NOTIFICATIONS = ["off", "bell", "osc9", "osc777"] as const;

/** One terminal notification kind, or `off`. */
export type PromptNotification = (typeof PROMPT_NOTIFICATIONS)[number];

/** The name of one runtime setting a file sets (`trustedPrograms` is derived from the trust). */
export type PolicySettingKey = Exclude<keyof PolicySettings, "trustedPrograms">;

/**
 * The value of every setting no policy file sets. `forwardingTimeoutMs` is ten minutes: long
 * enough for a human to come back to the parent session, short enough that a child whose
 * parent died does not hang forever.
 */
export const DEFAULT_POLICY_SETTINGS: PolicySettings = Object.freeze({
  yolo: false,
  permissionReviewLog: true,
  debugLog: false,
  promptMaxRows: 24,
  promptFieldMaxWidth: 400,
  promptKeys: DEFAULT_PROMPT_KEYS,
  promptDoublePress: false,
  promptNotification: "off",
  reviewLogFieldMaxWidth: DEFAULT_REVIEW_LOG_FIELD_MAX_WIDTH,
  reviewLogMaxBytes: DEFAULT_REVIEW_LOG_MAX_BYTES,
  reviewLogFiles: DEFAULT_REVIEW_LOG_FILES,
  forwardingTimeoutMs: 600_000,
  analysisDeadlineMs: 50,
  allowYolo: true,
  allowProjectLoosening: true,
  judgeUserBash: false,
});

/** Settings that can only be switched off: a `false` in any file wins over a later `true`. */
export const RESTRICTING_SETTING_KEYS = ["allowYolo", "allowProjectLoosening"] as const;

/** Settings that can only be switched on: a `true` in any file wins over a later `false`. */
export const SAFEGUARD_SETTING_KEYS = ["promptDoublePress"] as const;

/** Every setting key, in the order the schema lists them. */
export const POLICY_SETTING_KEYS = Object.keys(DEFAULT_POLICY_SETTINGS) as PolicySettingKey[];

/**
 * Resolve the runtime settings from policy documents in scope order (global, then project):
 * a later document's value overrides an earlier one's, and a setting no document sets takes
 * its default. Every key of {@link PolicySettings} goes through this one loop, so a new
 * setting cannot be forgotten on the way to runtime.
 *
 * @example
 * ```ts
 * resolveSettings([{ promptMaxRows: 30 }, { promptMaxRows: 12, yolo: true }]);
 * // { ...DEFAULT_POLICY_SETTINGS, promptMaxRows: 12, yolo: true }
 * ```
 */
export function resolveSettings(documents: readonly PolicyDocument[]): PolicySettings {
  const settings: Record<string, unknown> = { ...DEFAULT_POLICY_SETTINGS };
  for (const document of documents) {
    for (const key of POLICY_SETTING_KEYS) {
      if (document[key] === undefined) continue;
      // INVARIANT: a restricting setting switched off stays off, whichever file comes later.
      if (
        (RESTRICTING_SETTING_KEYS as readonly string[]).includes(key) &&
        settings[key] === false
      ) {
        continue;
      }
      // A safeguard switched on stays on: a project file cannot take it away.
      if ((SAFEGUARD_SETTING_KEYS as readonly string[]).includes(key) && settings[key] === true) {
        continue;
      }
      settings[key] = document[key];
    }
  }
  // A file's `promptKeys` is the whole map: keys it leaves out keep their default, never
  // another file's key, so each file's map is checked for collisions on its own.
  settings.promptKeys = Object.freeze({
    ...DEFAULT_PROMPT_KEYS,
    ...(settings.promptKeys as Partial<PromptKeys>),
  });
  // Declared shell tools add up across files: a later file cannot drop an earlier one's.
  let shellTools: ShellToolMap | undefined;
  for (const document of documents) {
    if (document.shellTools) shellTools = mergeShellTools(shellTools ?? {}, document.shellTools);
  }
  if (shellTools) settings.shellTools = shellTools;
  const programs = mergePrograms(documents);
  if (programs) settings.programs = programs;
  return Object.freeze(settings as unknown as PolicySettings);
}

/** Declared programs by name (or name and subcommand), as the analyzer takes them. */
export type ProgramMap = Readonly<Record<string, PolicyProgram>>;

/**
 * Every file's `programs` together, in scope order. A name declared again by a later file
 * keeps its first declaration, so that a project file cannot trade a global executor for a
 * wrapper (`validate` warns: `programRedeclared`). `undefined` when no file declares one. An
 * untrusted project file's declarations count too, but only as a second reading of each call
 * (see `PolicySettings.trustedPrograms`).
 *
 * @example
 * ```ts
 * mergePrograms([{ programs: { mylang: { kind: "executor" } } }, { programs: { mylang: { kind: "wrapper" } } }]);
 * // { mylang: { kind: "executor" } }
 * ```
 */
export function mergePrograms(documents: readonly PolicyDocument[]): ProgramMap | undefined {
  const merged = new Map<string, PolicyProgram>();
  for (const document of documents) {
    for (const [name, declaration] of Object.entries(document.programs ?? {})) {
      if (!merged.has(name)) merged.set(name, declaration);
    }
  }
  // fromEntries defines own properties, so a program named `__proto__` stays a program.
  return merged.size === 0 ? undefined : Object.freeze(Object.fromEntries(merged));
}
