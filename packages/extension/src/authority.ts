import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { AskRequest, Authority, AuthorityAnswer, SessionGrant } from "@pi-permission/gates";
import type { PromptNotification } from "@pi-permission/policy";
import { renderGrantPreview, renderPromptDialog } from "@pi-permission/renderers";
import type { AlwaysTarget, SaveAlwaysOutcome } from "./always.ts";
import { forwardAsk } from "./forwarding/client.ts";
import { answererFor } from "./forwarding/who-answers.ts";
import {
  DEFAULT_PROMPT_KEYS,
  type DialogChoice,
  type DialogResult,
  NO_GRANT_NOTE,
  PermissionDialog,
  type PromptKeys,
} from "./ui/permission-dialog.ts";
import { notifyPromptOpened } from "./ui/prompt-notice.ts";

/**
 * The rows Pi keeps on screen besides the inline dialog: the spacer line above it and the
 * footer below it (working directory, usage, extension statuses). A dialog as tall as the whole
 * terminal pushed its own answers off the screen in Pi 1.6 (test/e2e/tui.e2e.test.ts shows it
 * at 80x24), so the dialog's budget is the terminal's rows less these.
 */
export const PI_CHROME_ROWS = 4;

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
  /** The dialog's keys (`promptKeys`); unset ones keep their default. */
  promptKeys?: Partial<PromptKeys>;
  /** `promptDoublePress`: approvals need their key twice in a row. */
  promptDoublePress?: boolean;
  /** `promptNotification`: the terminal notification when the dialog opens. */
  promptNotification?: PromptNotification;
}

/** How "always" saves an approval as an allow rule (see always.ts). */
export interface AlwaysSaver {
  /** Where a rule may be saved now, the default (global) first. */
  targets(): AlwaysTarget[];
  /** Save the grants as allow rules; never throws. */
  save(
    request: AskRequest,
    grants: readonly SessionGrant[],
    target: AlwaysTarget,
  ): SaveAlwaysOutcome;
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
  always?: AlwaysSaver,
): Authority {
  const answerer = answererFor({
    hasUI: ctx.hasUI,
    sessionId: ctx.sessionManager.getSessionId(),
    env: forwarding?.env ?? process.env,
  });
  if (answerer.kind === "user") {
    return {
      kind: "user",
      ask: (request) => askHuman(ctx, request, settings(), expandedText, undefined, always),
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

/**
 * Ask the human. In the TUI this is the inline dialog (keys, the grants an approval adds,
 * "always"); where Pi has no custom UI (RPC) it is a list through `ctx.ui.select`, whose title
 * shows the grants too.
 */
export async function askHuman(
  ctx: ExtensionContext,
  request: AskRequest,
  settings: DialogSettings,
  expandedText: (request: AskRequest, width: number) => string,
  forwarded?: ForwardedAsk,
  always?: AlwaysSaver,
): Promise<AuthorityAnswer> {
  if (ctx.mode === "tui") {
    const answer = await askInline(ctx, request, settings, expandedText, forwarded, always);
    if (answer !== undefined) return answer;
  }
  return askBySelect(ctx, request, settings, expandedText, forwarded);
}

/** The inline dialog; `undefined` when Pi drew no custom component. */
async function askInline(
  ctx: ExtensionContext,
  request: AskRequest,
  settings: DialogSettings,
  expandedText: (request: AskRequest, width: number) => string,
  forwarded: ForwardedAsk | undefined,
  always: AlwaysSaver | undefined,
): Promise<AuthorityAnswer | undefined> {
  const keys = { ...DEFAULT_PROMPT_KEYS, ...settings.promptKeys };
  // A request no grant may cover offers no session or always choice at all.
  const grantable = request.sessionGrants.length > 0;
  const targets = forwarded || !grantable ? [] : (always?.targets() ?? []);
  const lasting = (choices: DialogChoice[]) => (grantable ? choices : []);
  const choices: DialogChoice[] = forwarded
    ? [
        { id: "once", label: "once" },
        ...lasting([
          { id: "session", label: "this subagent's session" },
          { id: "parentSession", label: "whole session" },
        ]),
        { id: "deny", label: "deny" },
        { id: "denyWithReason", label: "deny with reason" },
      ]
    : [
        { id: "once", label: "once" },
        ...lasting([{ id: "session", label: "session" }]),
        ...(targets.length > 0 ? [{ id: "always" as const, label: "always" }] : []),
        { id: "deny", label: "deny" },
        { id: "denyWithReason", label: "deny with reason" },
      ];
  let initial: { wider: boolean; choice: number } | undefined;
  // Once per ask: reopening after "show the full request" does not notify again.
  let notified = false;
  for (;;) {
    const result = await ctx.ui.custom<DialogResult | undefined>(
      (tui, theme, _keybindings, done) => {
        if (!notified) {
          notified = true;
          notifyPromptOpened(settings.promptNotification ?? "off", tui.terminal);
        }
        return new PermissionDialog(
          {
            payload: request.payload,
            ...(forwarded ? { heading: forwarded.heading } : {}),
            choices,
            grants: { exact: request.sessionGrants, wider: request.widerGrants },
            alwaysTargets: targets,
            promptMaxRows: settings.promptMaxRows,
            promptFieldMaxWidth: settings.promptFieldMaxWidth,
            keys,
            doublePress: settings.promptDoublePress === true,
            terminalRows: () => tui.terminal.rows - PI_CHROME_ROWS,
            ...(initial ? { initial } : {}),
          },
          theme,
          done,
        );
      },
    );
    if (result === undefined || result === null) return undefined;
    const grantsOf = (wider: boolean) =>
      wider && request.widerGrants !== null ? request.widerGrants : request.sessionGrants;
    switch (result.kind) {
      case "once":
        return { kind: "approved", forSession: false };
      case "session":
        return { kind: "approved", forSession: true, wider: result.wider };
      case "parentSession":
        forwarded?.onApproveParentSession();
        return { kind: "approved", forSession: true, wider: result.wider };
      case "always": {
        const outcome = always?.save(request, grantsOf(result.wider), result.target);
        if (outcome?.saved) {
          const rules = outcome.rules.map((r) => `${r.surface} ${JSON.stringify(r.pattern)}`);
          ctx.ui.notify(
            `pi-permission: saved allow ${rules.join(", ")} to ${outcome.file}.`,
            "info",
          );
          return { kind: "approved", forSession: false };
        }
        // INVARIANT: a rule that could not be saved approves this call once, and says why.
        const why = outcome?.saved === false ? outcome.reason : "nothing can save rules here";
        ctx.ui.notify(`pi-permission: not saved: ${why}. This call is approved once.`, "warning");
        return { kind: "approved", forSession: false };
      }
      case "deny":
        return { kind: "denied", reason: result.reason };
      case "expand": {
        const width = Math.max(40, process.stdout.columns ?? 80);
        await ctx.ui.editor("The full request (read only)", expandedText(request, width));
        initial = { wider: result.wider, choice: result.choice };
        continue;
      }
    }
  }
}

/** The list dialog of modes without a custom UI (RPC): the grants are shown in its title. */
async function askBySelect(
  ctx: ExtensionContext,
  request: AskRequest,
  settings: DialogSettings,
  expandedText: (request: AskRequest, width: number) => string,
  forwarded?: ForwardedAsk,
): Promise<AuthorityAnswer> {
  const width = Math.max(40, process.stdout.columns ?? 80);
  const headingRows = forwarded ? 1 : 0;
  const grantable = request.sessionGrants.length > 0;
  const lasting = new Set<string>([
    PROMPT_CHOICES.approveSession,
    FORWARDED_PROMPT_CHOICES.approveSession,
    FORWARDED_PROMPT_CHOICES.approveParentSession,
  ]);
  // A request no grant may cover offers no session choice (S33 grant-unfixed).
  const choices = (
    Object.values(forwarded ? FORWARDED_PROMPT_CHOICES : PROMPT_CHOICES) as string[]
  ).filter((choice) => grantable || !lasting.has(choice));
  const preview = grantable
    ? renderGrantPreview("approve for this session", request.sessionGrants, {
        width,
        maxRows: 3,
        fieldMaxWidth: settings.promptFieldMaxWidth,
      })
    : [NO_GRANT_NOTE];
  const dialog = renderPromptDialog(request.payload, {
    width,
    maxRows: Math.max(
      1, // Lines the dialog may use, leaving room for the choices below it (and the heading).
      settings.promptMaxRows - (choices.length + 2) - headingRows - preview.length,
    ),
    fieldMaxWidth: settings.promptFieldMaxWidth,
  });
  const title = [...(forwarded ? [forwarded.heading] : []), ...dialog, ...preview].join("\n");
  for (;;) {
    const choice = await ctx.ui.select(title, choices);
    switch (grantable || choice === undefined || !lasting.has(choice) ? choice : undefined) {
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
        // A pasted reason stays one line.
        const line = reason?.replace(/\s*[\r\n]+\s*/g, " ").trim();
        return { kind: "denied", reason: line ? line : null };
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
