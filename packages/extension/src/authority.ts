import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { AskRequest, Authority, AuthorityAnswer } from "@pi-permission/gates";
import { renderPromptDialog } from "@pi-permission/renderers";

/** The choices offered to a human, in order. */
export const PROMPT_CHOICES = {
  approve: "Approve once",
  approveSession: "Approve for this session",
  deny: "Deny",
  denyWithReason: "Deny with a reason",
  expand: "Show the full request",
} as const;

/** Lines the dialog may use, leaving room for the choices below it. */
const CHOICE_ROWS = Object.keys(PROMPT_CHOICES).length + 2;

export interface DialogSettings {
  promptMaxRows: number;
  promptFieldMaxWidth: number;
}

/**
 * Who answers an ask in this context: the human through `ctx.ui` when Pi has a UI, nobody
 * otherwise (print and json modes refuse with the unavailable text).
 */
export function authorityFor(
  ctx: ExtensionContext,
  settings: () => DialogSettings,
  expandedText: (request: AskRequest, width: number) => string,
): Authority {
  if (!ctx.hasUI) {
    return {
      kind: "none",
      ask: async () => ({ kind: "unavailable", reason: null }),
    };
  }
  return {
    kind: "user",
    ask: (request) => askHuman(ctx, request, settings(), expandedText),
  };
}

async function askHuman(
  ctx: ExtensionContext,
  request: AskRequest,
  settings: DialogSettings,
  expandedText: (request: AskRequest, width: number) => string,
): Promise<AuthorityAnswer> {
  const width = Math.max(40, process.stdout.columns ?? 80);
  const dialog = renderPromptDialog(request.payload, {
    width,
    maxRows: Math.max(1, settings.promptMaxRows - CHOICE_ROWS),
    fieldMaxWidth: settings.promptFieldMaxWidth,
  });
  const title = dialog.join("\n");
  const choices = Object.values(PROMPT_CHOICES) as string[];
  for (;;) {
    const choice = await ctx.ui.select(title, choices);
    switch (choice) {
      case PROMPT_CHOICES.approve:
        return { kind: "approved", forSession: false };
      case PROMPT_CHOICES.approveSession:
        return { kind: "approved", forSession: true };
      case PROMPT_CHOICES.deny:
        return { kind: "denied", reason: null };
      case PROMPT_CHOICES.denyWithReason: {
        const reason = await ctx.ui.input("Why is this call denied?", "the agent will see this");
        return { kind: "denied", reason: reason?.trim() ? reason.trim() : null };
      }
      case PROMPT_CHOICES.expand:
        await ctx.ui.editor("The full request (read only)", expandedText(request, width));
        continue;
      default:
        // INVARIANT: a dismissed or unanswered dialog is a denial, never an approval.
        return { kind: "denied", reason: null };
    }
  }
}
