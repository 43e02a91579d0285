import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { SessionGrants } from "@pi-permission/gates";
import {
  formatPolicyIssue,
  type PolicyLoadResult,
  type ProjectTrust,
  type Rule,
  type ScopeLoad,
} from "@pi-permission/policy";
import { renderGrantList } from "@pi-permission/renderers";
import { commitTransition, NO_HOOKS_TEXT, selectHooks, UNCHANGED_TEXT } from "./hook-state.ts";
import type { SessionState } from "./session-state.ts";
import { askProjectTrust, visibleJsonPath } from "./trust-dialog.ts";
import { openHooksModal } from "./ui/hooks-modal.ts";

export interface CommandDeps {
  live: () => { state: SessionState } | undefined;
  reload: (ctx: ExtensionContext) => PolicyLoadResult | undefined;
  setYolo: (ctx: ExtensionContext, on: boolean) => void;
  /** Redraw the footer after enablement changed. */
  refreshStatus: (ctx: ExtensionContext) => void;
}

const USAGE =
  "usage: /permissions [show | grants [revoke <n>|all] | hooks | reload | trust | untrust | yolo on|off | enable <name>|all | disable <name>|all]";

/**
 * `/permissions`: the hooks dialog (TUI) or the effective policy; reload; yolo; switch
 * permission hooks on and off.
 */
export function registerPermissionsCommand(pi: ExtensionAPI, deps: CommandDeps): void {
  pi.registerCommand("permissions", {
    description:
      "Switch permission hooks on or off; show or reload the effective policy; toggle yolo",
    getArgumentCompletions: (prefix: string) => {
      const names =
        deps
          .live()
          ?.state.hookStates()
          .map((h) => h.name) ?? [];
      return [
        "show",
        "grants",
        "grants revoke all",
        "hooks",
        "reload",
        "trust",
        "untrust",
        "yolo on",
        "yolo off",
        "enable all",
        "disable all",
        ...names.flatMap((name) => [`enable ${name}`, `disable ${name}`]),
      ]
        .filter((c) => c.startsWith(prefix))
        .map((value) => ({ value, label: value }));
    },
    handler: async (args: string, ctx: ExtensionContext) => {
      // Without a UI, text goes to stderr: stdout is the JSON mode's event stream.
      const say = (text: string, level: "info" | "warning" | "error" = "info") => {
        if (ctx.hasUI) ctx.ui.notify(text, level);
        else process.stderr.write(`${text}\n`);
      };
      // Seed 004: "unchanged" and "no hooks" are notifications of UI-capable modes only.
      const tell = (text: string) => {
        if (ctx.hasUI) ctx.ui.notify(text, "info");
      };
      const live = deps.live();
      if (!live) return say("pi-permission is not active in this session yet.", "warning");
      const words = args.trim().split(/\s+/).filter(Boolean);
      const [verb, value] = words;
      const { state } = live;
      if (verb === "untrust") {
        const result = state.trustProject(null);
        deps.refreshStatus(ctx);
        if (result === undefined || result === "changed") {
          return say("There is no project policy file to trust.");
        }
        return say(`Forgot the trust of ${result.projectTrust?.file}: it only tightens now.`);
      }
      if (verb === "trust") {
        const trust = state.loadResult.projectTrust;
        if (trust === undefined) return say("There is no project policy file to trust.");
        // S32 F9: the TUI shows what the content loosens and trusts that content only; a
        // file that changes before the click is asked about again.
        if (ctx.mode === "tui" && trust.state === "untrusted") {
          await askProjectTrust(ctx.ui, state, trust);
          return deps.refreshStatus(ctx);
        }
        // Without a dialog: the content read now, once, and the reply says what it loosens.
        const result = state.trustProject(trust.hash);
        deps.refreshStatus(ctx);
        if (result === undefined) return say("There is no project policy file to trust.");
        if (result === "changed")
          return say(`${trust.file} changed meanwhile; nothing was trusted.`);
        const loosening = trust.loosening.map((l) => visibleJsonPath(l.jsonPath));
        return say(
          `Trusted ${trust.file}: its rules apply in full until it changes.${loosening.length > 0 ? ` It loosens: ${loosening.join(", ")}.` : ""}`,
        );
      }
      if (verb === undefined || verb === "hooks") {
        // The summary in every mode; in the TUI the hooks dialog follows when there are hooks.
        if (verb === undefined) say(describePolicy(state));
        if (ctx.mode !== "tui") return;
        if (state.hookStates().length === 0)
          return verb === "hooks" ? tell(NO_HOOKS_TEXT) : undefined;
        const result = await openHooksModal(ctx.ui, state.hookStates());
        // A save without edits, and a cancel, close silently.
        if (result?.kind !== "save") return;
        if (commitTransition(pi, ctx, state, () => result.enabled) === "changed") {
          deps.refreshStatus(ctx);
        }
        return;
      }
      if (verb === "enable" || verb === "disable") {
        const target = args.trim().slice(verb.length).trim();
        if (target === "") return say(USAGE, "warning");
        const states = state.hookStates();
        if (states.length === 0) return tell(NO_HOOKS_TEXT);
        const selection = selectHooks(states, target);
        if (selection.kind !== "hooks") return say(selection.message, "warning");
        const on = verb === "enable";
        const outcome = commitTransition(pi, ctx, state, () =>
          Object.fromEntries(selection.ids.map((id) => [id, on])),
        );
        if (outcome === "changed") deps.refreshStatus(ctx);
        else tell(UNCHANGED_TEXT);
        return;
      }
      if (verb === "show") return say(describePolicy(state));
      if (verb === "grants") {
        const answer = grantsCommand(state.grants, words.slice(1));
        return say(answer.text, answer.level);
      }
      if (verb === "reload") {
        const result = deps.reload(ctx);
        const errors = result?.issues.filter((i) => i.severity === "error") ?? [];
        return errors.length === 0
          ? say(`Permissions reloaded: ${result?.policy.rules.length ?? 0} rules.`)
          : say(errors.map(formatPolicyIssue).join("\n"), "error");
      }
      if (verb === "yolo" && (value === "on" || value === "off")) {
        deps.setYolo(ctx, value === "on");
        const effective = state.yolo;
        return say(
          value === "on" && !effective
            ? "Yolo stays off: a policy file is broken, so the policy fails closed."
            : `Yolo is ${effective ? "on: asks are approved automatically; denies still deny" : "off"}.`,
        );
      }
      return say(USAGE, "warning");
    },
  });
}

/**
 * The policy summary: each file and its state (loaded, broken with its first error, trust),
 * the rules with their origins, the session grants, the hooks, yolo and the logs.
 */
export function describePolicy(state: SessionState): string {
  const { policy, scopes, projectTrust, usesDefaultPolicy } = state.loadResult;
  const lines = ["Permission policy files:"];
  for (const scope of scopes) lines.push(`  ${describeScope(scope, projectTrust)}`);
  if (usesDefaultPolicy) {
    lines.push("  (no global file: the built-in default applies; `pi-permission init` writes it)");
  }
  lines.push("Rules (the last matching rule of a surface wins):");
  for (const rule of policy.rules) lines.push(`  ${describeRule(rule)}`);
  const agents = [...(policy.agents ?? [])];
  if (agents.length > 0) {
    lines.push(
      "Agent sections (for a subagent's calls, each read right after its file's own rules):",
    );
    for (const [name, rules] of agents) {
      lines.push(`  ${name}:`);
      for (const rule of rules.filter(isAgentRule)) lines.push(`    ${describeRule(rule)}`);
    }
  }
  lines.push(...renderGrantList(state.grants.list(), { width: LIST_WIDTH }));
  const hooks = state.hookStates();
  if (hooks.length > 0) {
    lines.push(
      `Permission hooks (${hooks.filter((h) => h.enabled).length}/${hooks.length} active):`,
    );
    for (const hook of hooks) {
      lines.push(`  ${hook.enabled ? "●" : "○"} ${hook.name}  ${hook.source}  [${hook.id}]`);
    }
  } else {
    lines.push("Permission hooks: none");
  }
  lines.push(
    `Yolo: ${state.yolo ? "on" : "off"}${policy.settings.allowYolo ? "" : " (forbidden by a policy file)"}`,
    `Review log: ${policy.settings.permissionReviewLog ? state.logs.paths.review : "off"}`,
    `Debug log: ${policy.settings.debugLog ? state.logs.paths.debug : "off"}`,
  );
  return lines.join("\n");
}

function describeScope(scope: ScopeLoad, trust: ProjectTrust | undefined): string {
  const head = `${scope.scope}: ${scope.file}`;
  if (scope.status === "broken") {
    const first = scope.issues.find((i) => i.severity === "error");
    const where = first
      ? ` at ${first.jsonPath || "(the whole file)"}${first.line ? ` (line ${first.line})` : ""}: ${first.message}`
      : "";
    return `${head} (broken${where}; its deny and ask rules stay, its allows ask)`;
  }
  if (scope.scope === "project" && scope.status === "loaded" && trust) {
    const state = {
      "not-needed": "loaded (only tightens)",
      trusted: "loaded, trusted",
      untrusted: `loaded, untrusted: only tightens until /permissions trust (${trust.loosening.map((l) => visibleJsonPath(l.jsonPath)).join(", ")})`,
      forbidden: "loaded; loosening forbidden by allowProjectLoosening: false",
    }[trust.state];
    return `${head} (${state})`;
  }
  return `${head} (${scope.status})`;
}

// An agent's list holds the session's rules too; its own are those of an `agents` section.
function isAgentRule(rule: Rule): boolean {
  return /^agents[.[]/.test(rule.origin.jsonPath);
}

function describeRule(rule: Rule): string {
  const where = rule.origin.file
    ? `${rule.origin.file} ${rule.origin.jsonPath}`
    : rule.origin.jsonPath;
  const floor = rule.floor
    ? ` (written as ${rule.floor.configured} ${JSON.stringify(rule.floor.pattern ?? rule.pattern)}; asks: a policy file is broken)`
    : rule.onlyTightens
      ? " (only tightens)"
      : "";
  const reason = rule.reason ? ` — ${rule.reason}` : "";
  return `${rule.surface} ${JSON.stringify(rule.pattern)} → ${rule.action}${floor}${reason}  [${rule.origin.scope}: ${where}]`;
}

// Grants are listed for reading in a notification or on stderr: wide enough for a long pattern.
const LIST_WIDTH = 200;

/**
 * `/permissions grants`: list this session's grants with the request id each came from;
 * `grants revoke <n>` removes the n-th (as listed), `grants revoke all` every one.
 */
export function grantsCommand(
  grants: SessionGrants,
  args: readonly string[],
): { text: string; level: "info" | "warning" } {
  const [action, which] = args;
  if (action === undefined || action === "list") {
    const list = renderGrantList(grants.list(), { width: LIST_WIDTH });
    return {
      text: [...list, ...(grants.list().length > 0 ? [GRANTS_HINT] : [])].join("\n"),
      level: "info",
    };
  }
  if (action === "revoke" && which === "all") {
    const count = grants.revokeAll();
    return { text: `Revoked ${count} session grant${count === 1 ? "" : "s"}.`, level: "info" };
  }
  const n = Number(which);
  if (action === "revoke" && /^[0-9]+$/.test(which ?? "")) {
    const revoked = grants.revoke(n - 1);
    if (revoked === null) {
      return {
        text: `There is no session grant ${n}; /permissions grants lists them.`,
        level: "warning",
      };
    }
    const from = revoked.requestId ? ` (from ${revoked.requestId})` : "";
    return {
      text: `Revoked session grant ${n}: ${revoked.surface} ${JSON.stringify(revoked.pattern)}${from}. Matching calls ask again.`,
      level: "info",
    };
  }
  return { text: "usage: /permissions grants [revoke <n>|all]", level: "warning" };
}

const GRANTS_HINT =
  "Revoke one with /permissions grants revoke <n>, or all with /permissions grants revoke all.";
