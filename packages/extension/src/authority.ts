import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { AskRequest, Authority, AuthorityAnswer } from "@pi-permission/gates";
import { renderPromptDialog } from "@pi-permission/renderers";
import { forwardAsk } from "./forwarding/client.ts";
import { answererFor } from "./forwarding/who-answers.ts";

/** The choices offered to a human, in order. */
export const PROMPT_CHOICES = {
  approve: "Approve once",
  approveSession: "Approve for this session",
  deny: "Deny",
  denyWithReason: "Deny with a reason",
  expand: "Show the full request",
} as const;

/**
 * The choices offered for an ask a subagent forwarded: an approval may hold for the rest of
 * that subagent's session, or for the whole of this (the parent's) session.
 */
export const FORWARDED_PROMPT_CHOICES = {
  approve: "Approve once",
  approveSession: "Approve for this subagent's session",
  approveParentSession: "Approve for the whole session",
  deny: "Deny",
  denyWithReason: "Deny with a reason",
  expand: "Show the full request",
} as const;

export interface DialogSettings {
  promptMaxRows: number;
  promptFieldMaxWidth: number;
}

/** What a session needs to forward its asks to the parent session. */
export interface ForwardingContext {
  agentDir: string;
  /** `forwardingTimeoutMs`, read when the ask is made. */
  timeoutMs: () => number;
  log: (event: string, details: Record<string, unknown>) => void;
  /** Told before a request is forwarded, so its later records can name the parent. */
  onForward?: (requestId: string, parentSessionId: string) => void;
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Who answers an ask in this context: the human through `ctx.ui` when Pi has a UI; the
 * parent session when this one is a subagent (its asks are forwarded to the parent's inbox);
 * nobody otherwise (print and json modes refuse with the unavailable text).
 */
export function authorityFor(
  ctx: ExtensionContext,
  settings: () => DialogSettings,
  expandedText: (request: AskRequest, width: number) => string,
  forwarding?: ForwardingContext,
): Authority {
  const answerer = answererFor({
    hasUI: ctx.hasUI,
    sessionId: ctx.sessionManager.getSessionId(),
    env: forwarding?.env ?? process.env,
  });
  if (answerer.kind === "user") {
    return {
      kind: "user",
      ask: (request) => askHuman(ctx, request, settings(), expandedText),
    };
  }
  if (answerer.kind === "parent" && forwarding) {
    const { parentSessionId } = answerer;
    return {
      kind: "parent",
      ask: async (request) => {
        forwarding.onForward?.(request.requestId, parentSessionId);
        const forwarded = await forwardAsk({
          agentDir: forwarding.agentDir,
          parentSessionId,
          requestId: request.requestId,
          source: request.source,
          gate: request.verdict.gate,
          facts: request.facts,
          payload: request.payload,
          timeoutMs: forwarding.timeoutMs(),
          log: forwarding.log,
        });
        return forwarded.answer;
      },
    };
  }
  return {
    kind: "none",
    ask: async () => ({ kind: "unavailable", reason: null }),
  };
}

/** How the human is asked about a request a subagent forwarded. */
export interface ForwardedAsk {
  /** The line above the dialog: which subagent asks. */
  heading: string;
  /** Set when the human approves for the whole (parent) session. */
  onApproveParentSession: () => void;
}

export async function askHuman(
  ctx: ExtensionContext,
  request: AskRequest,
  settings: DialogSettings,
  expandedText: (request: AskRequest, width: number) => string,
  forwarded?: ForwardedAsk,
): Promise<AuthorityAnswer> {
  const width = Math.max(40, process.stdout.columns ?? 80);
  const headingRows = forwarded ? 1 : 0;
  const choices = Object.values(forwarded ? FORWARDED_PROMPT_CHOICES : PROMPT_CHOICES) as string[];
  const dialog = renderPromptDialog(request.payload, {
    width,
    maxRows: Math.max(
      1, // Lines the dialog may use, leaving room for the choices below it (and the heading).
      settings.promptMaxRows - (choices.length + 2) - headingRows,
    ),
    fieldMaxWidth: settings.promptFieldMaxWidth,
  });
  const title = (forwarded ? [forwarded.heading, ...dialog] : dialog).join("\n");
  for (;;) {
    const choice = await ctx.ui.select(title, choices);
    switch (choice) {
      case PROMPT_CHOICES.approve:
        return { kind: "approved", forSession: false };
      case PROMPT_CHOICES.approveSession:
      case FORWARDED_PROMPT_CHOICES.approveSession:
        return { kind: "approved", forSession: true };
      case FORWARDED_PROMPT_CHOICES.approveParentSession:
        forwarded?.onApproveParentSession();
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
