import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { formatPolicyIssue, type PolicyLoadResult, type Rule } from "@pi-permission/gates";
import type { SessionState } from "./session-state.ts";

export interface CommandDeps {
  live: () => { state: SessionState } | undefined;
  reload: (ctx: ExtensionContext) => PolicyLoadResult | undefined;
  setYolo: (ctx: ExtensionContext, on: boolean) => void;
}

const USAGE = "usage: /permissions [show | reload | yolo on|off]";

/** `/permissions`: show the effective policy, reload it, toggle yolo. */
export function registerPermissionsCommand(pi: ExtensionAPI, deps: CommandDeps): void {
  pi.registerCommand("permissions", {
    description: "Show the effective permission policy; reload it; toggle yolo",
    getArgumentCompletions: (prefix: string) =>
      ["show", "reload", "yolo on", "yolo off"]
        .filter((c) => c.startsWith(prefix))
        .map((value) => ({ value, label: value })),
    handler: async (args: string, ctx: ExtensionContext) => {
      const say = (text: string, level: "info" | "warning" | "error" = "info") => {
        if (ctx.hasUI) ctx.ui.notify(text, level);
        else process.stdout.write(`${text}\n`);
      };
      const live = deps.live();
      if (!live) return say("pi-permission is not active in this session yet.", "warning");
      const words = args.trim().split(/\s+/).filter(Boolean);
      const [verb = "show", value] = words;
      if (verb === "show") return say(describePolicy(live.state));
      if (verb === "reload") {
        const result = deps.reload(ctx);
        const errors = result?.issues.filter((i) => i.severity === "error") ?? [];
        return errors.length === 0
          ? say(`Permissions reloaded: ${result?.policy.rules.length ?? 0} rules.`)
          : say(errors.map(formatPolicyIssue).join("\n"), "error");
      }
      if (verb === "yolo" && (value === "on" || value === "off")) {
        deps.setYolo(ctx, value === "on");
        const effective = live.state.yolo;
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

/** The effective policy as text: each rule with its origin, the log paths, the settings. */
export function describePolicy(state: SessionState): string {
  const { policy, scopes } = state.loadResult;
  const lines = ["Permission policy (last matching rule of a surface wins):"];
  for (const rule of policy.rules) lines.push(`  ${describeRule(rule)}`);
  lines.push("Files:");
  for (const scope of scopes) lines.push(`  ${scope.scope}: ${scope.file} (${scope.status})`);
  lines.push(
    `Yolo: ${state.yolo ? "on" : "off"}`,
    `Review log: ${policy.settings.permissionReviewLog ? state.logs.paths.review : "off"}`,
    `Debug log: ${policy.settings.debugLog ? state.logs.paths.debug : "off"}`,
  );
  return lines.join("\n");
}

function describeRule(rule: Rule): string {
  const where = rule.origin.file
    ? `${rule.origin.file} ${rule.origin.jsonPath}`
    : rule.origin.jsonPath;
  const floor = rule.floor ? " (allow floored to ask: a policy file is broken)" : "";
  const reason = rule.reason ? ` — ${rule.reason}` : "";
  return `${rule.surface} ${JSON.stringify(rule.pattern)} → ${rule.action}${floor}${reason}  [${rule.origin.scope}: ${where}]`;
}
