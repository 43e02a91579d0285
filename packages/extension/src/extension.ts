import { homedir } from "node:os";
import {
  type ExtensionAPI,
  type ExtensionContext,
  getAgentDir,
} from "@earendil-works/pi-coding-agent";
import type { BashAnalyzer } from "@pi-permission/bash";
import {
  type AskRequest,
  type GateRunner,
  isToolFullyDenied,
  type ToolCallFacts,
} from "@pi-permission/gates";
import { PERMISSIONS_STATE_ENTRY_TYPE } from "@pi-permission/payload";
import { renderPromptDialogExpanded } from "@pi-permission/renderers";
import { createAlwaysSaver } from "./always.ts";
import { authorityFor } from "./authority.ts";
import { failClosed } from "./boundary.ts";
import { registerPermissionsCommand } from "./command.ts";
import {
  concurrentCalls,
  locateCall,
  locateHost,
  RefusedCalls,
  RunningCalls,
} from "./concurrent-calls.ts";
import { createPublisher } from "./events.ts";
import { createForwardedJudge } from "./forwarding/judge.ts";
import { serveInbox } from "./forwarding/server.ts";
import { agentNameOf, answererFor } from "./forwarding/who-answers.ts";
import { type FailedCall, refuseOnGateError } from "./gate-error.ts";
import { restoreEnablement, statusText, toggleAllHooks } from "./hook-state.ts";
import { bashAsRun, readHostShell } from "./host-shell.ts";
import { publishService } from "./service.ts";
import { type Notify, SessionState, sharedAnalyzer } from "./session-state.ts";
import { unguardedLaunches } from "./subagent-launch.ts";
import { askProjectTrust, untrustedNotice } from "./trust-dialog.ts";
import { renderPermissionsEntry } from "./ui/state-entry-renderer.ts";
import { warmUp } from "./warm-up.ts";

/** The status-bar key the footer uses. */
export const STATUS_KEY = "pi-permission";

/** The shortcut that switches every permission hook at once. */
export const TOGGLE_ALL_SHORTCUT = "alt+p";

interface Live {
  state: SessionState;
  analyzer: BashAnalyzer;
  runner: GateRunner;
  ctx: ExtensionContext;
  unpublish: () => void;
}

/**
 * The pi-permission extension: every tool call is judged by the policy before it runs.
 * Pi loads it from the package's `pi.extensions` manifest.
 */
export default function piPermission(pi: ExtensionAPI): void {
  const publisher = createPublisher(pi.events);
  let live: Live | undefined;
  const withheld = new Set<string>();
  // Calls refused before running: as siblings of a later call they run nothing beside it.
  const refused = new RefusedCalls();
  // Nested calls started and not yet ended: a later call of a script runs beside them.
  const runningCalls = new RunningCalls();

  const notifier =
    (ctx: ExtensionContext): Notify =>
    (message, level) => {
      if (ctx.hasUI) ctx.ui.notify(message, level);
      else process.stderr.write(`${message}\n`);
    };

  const start = async (ctx: ExtensionContext): Promise<Live> => {
    const analyzer = await sharedAnalyzer();
    const state = new SessionState(
      {
        cwd: ctx.cwd,
        home: homedir(),
        env: process.env,
        agentDir: getAgentDir(),
      },
      notifier(ctx),
    );
    const review = (event: string, details: Record<string, unknown>) =>
      state.logs.review(event, details);
    // "Always": an approval saved as an allow rule, recorded in the review log.
    const always = createAlwaysSaver(state, analyzer, review);
    // The requests this session forwarded to its parent, by id: their records name the parent.
    const forwardedTo = new Map<string, string>();
    const runner = state.createRunner(
      analyzer,
      () =>
        authorityFor(
          live?.ctx ?? ctx,
          // The call checked the policy files when it began; its dialog does not stat them again.
          () => state.loaded.settings,
          expandedText,
          {
            agentDir: state.location.agentDir,
            timeoutMs: () => state.policy.settings.forwardingTimeoutMs,
            log: review,
            onForward: (requestId, parent) => forwardedTo.set(requestId, parent),
          },
          always,
        ),
      {
        review: (event, details) => {
          const parent = forwardedTo.get(String(details.requestId));
          review(event, parent === undefined ? details : { ...details, forwardedTo: parent });
        },
        decision: (event) => {
          const parent = forwardedTo.get(event.requestId);
          if (parent === undefined) return publisher.decision(event);
          forwardedTo.delete(event.requestId);
          publisher.decision({
            ...event,
            forwarding: {
              requesterAgentName: event.agentName,
              requesterSessionId: ctx.sessionManager.getSessionId(),
            },
          });
        },
        uiPrompt: (event) => publisher.uiPrompt(event),
      },
      // A subagent's calls meet its agent's section of the policy; a main session's never do.
      () =>
        answererFor({
          hasUI: (live?.ctx ?? ctx).hasUI,
          sessionId: ctx.sessionManager.getSessionId(),
          env: process.env,
        }).kind === "parent",
    );
    const sessionId = ctx.sessionManager.getSessionId();
    // Enablement is the active branch's: restored before the first call is judged.
    restoreEnablement(ctx, state);
    const unpublishService = publishService(sessionId, state, analyzer, () =>
      updateStatus(live?.ctx ?? ctx, state),
    );
    // A session with a human serves its subagents' forwarded asks while it lives.
    const server = ctx.hasUI
      ? serveInbox({
          agentDir: state.location.agentDir,
          sessionId,
          log: review,
          staleAfterMs: () => state.policy.settings.forwardingTimeoutMs,
          judge: createForwardedJudge({
            // The forwarded request names the subagent: its agent section applies.
            policy: (agentName) => state.runnerPolicy(agentName),
            analyzer,
            ctx: () => live?.ctx ?? ctx,
            reporter: {
              review,
              decision: (event) => publisher.decision(event),
              uiPrompt: (event) => publisher.uiPrompt(event),
            },
            grants: state.grants,
            settings: () => state.policy.settings,
            expandedText,
          }),
        })
      : null;
    const unpublish = () => {
      unpublishService();
      server?.close();
    };
    updateStatus(ctx, state);
    announce(ctx, state);
    return { state, analyzer, runner, ctx, unpublish };
  };

  // Said once per session: the built-in default applies, or the project file waits for trust.
  const announced = new Set<string>();
  const announce = (ctx: ExtensionContext, state: SessionState) => {
    const load = state.loadResult;
    const say = notifier(ctx);
    if (load.usesDefaultPolicy && !announced.has("default")) {
      announced.add("default");
      say(DEFAULT_POLICY_NOTICE, "info");
    }
    const trust = load.projectTrust;
    // The TUI asks before the agent's first turn; other modes get one line.
    if (trust?.state === "untrusted" && ctx.mode !== "tui" && !announced.has(trust.hash)) {
      announced.add(trust.hash);
      say(untrustedNotice(trust), "warning");
    }
  };

  // The TUI's trust dialog, once per content per session, before the agent acts.
  const askedTrust = new Set<string>();
  const askTrust = async (ctx: ExtensionContext, state: SessionState) => {
    const trust = state.loadResult.projectTrust;
    if (ctx.mode !== "tui" || trust?.state !== "untrusted" || askedTrust.has(trust.hash)) return;
    await askProjectTrust(ctx.ui, state, trust, askedTrust);
    updateStatus(ctx, state);
  };

  // Pi finds the session's name by walking back over every entry, which grows with the
  // session; it is read once and again only when Pi says the name changed.
  let sessionName: { value: string | undefined } | undefined;
  const currentSessionName = () => {
    sessionName ??= { value: pi.getSessionName() };
    return sessionName.value;
  };
  // A subagent's name is read from the system prompt and the session's name. Pi builds the
  // system prompt afresh on every read; it is the same for every call of one turn.
  let agentName: { value: string | null } | undefined;
  const currentAgentName = (ctx: ExtensionContext) => {
    agentName ??= { value: agentNameOf(ctx.getSystemPrompt(), currentSessionName()) };
    return agentName.value;
  };
  // Pi's tool names. Pi builds every tool's description, schema and exposure on each read
  // (issue 18), so the names are read again only for a call whose tool is not among them: Pi
  // emits a call only for a tool it has, and a name it had stays a name the gates need not refuse.
  let toolNames: readonly string[] | undefined;
  const knownTools = (toolName: string): readonly string[] => {
    if (toolNames === undefined || !toolNames.includes(toolName)) {
      toolNames = pi.getAllTools().map((tool) => tool.name);
    }
    return toolNames;
  };
  // Read while the model works (a turn's start), so a session's first call finds them ready.
  // A read that fails here is left to the call, which reads them itself.
  const prefetchToolNames = () => {
    try {
      toolNames ??= pi.getAllTools().map((tool) => tool.name);
    } catch {
      // the call reads them itself
    }
  };
  pi.on("mcp_servers_change", () => {
    toolNames = undefined;
  });
  pi.on("session_info_changed", () => {
    sessionName = undefined;
    agentName = undefined;
  });
  pi.on("turn_start", (_event, ctx) => {
    agentName = undefined;
    // Pi builds the system prompt afresh on every read (0.3-0.6 ms, issue 18), and the turn's
    // options are set by now. It is read once the turn's request is on its way, while the
    // model works, so the turn's first call finds the name ready. A read that fails here is
    // left to that call, which reads it again and is refused if it fails there too.
    setImmediate(() => {
      try {
        currentAgentName(ctx);
      } catch {
        // the call reads it itself
      }
      prefetchToolNames();
    });
  });

  // What is left of the current session's warm-up, stopped when the session ends.
  let stopWarmUp: (() => void) | undefined;

  pi.on("session_start", async (_event, ctx) => {
    // Never await a dialog here: in RPC mode stdin is attached only after session_start.
    stopWarmUp?.();
    live?.unpublish();
    sessionName = undefined;
    agentName = undefined;
    toolNames = undefined;
    live = await start(ctx);
    const { state, analyzer } = live;
    // While the model works on the first turn, the session's first call is judged once for
    // nothing, so the real one runs warm code (issue 18).
    stopWarmUp = warmUp(() => state.runnerPolicy(null), analyzer, {
      cwd: state.location.cwd,
      home: state.location.home,
    });
    publisher.ready({ sessionId: ctx.sessionManager.getSessionId(), adjudicatesLocally: true });
  });

  // Another branch may hold another enablement: restore it from there.
  pi.on("session_tree", async (_event, ctx) => {
    if (!live) return;
    live.ctx = ctx;
    restoreEnablement(ctx, live.state);
    updateStatus(ctx, live.state);
  });

  pi.registerEntryRenderer(PERMISSIONS_STATE_ENTRY_TYPE, renderPermissionsEntry);

  pi.registerShortcut(TOGGLE_ALL_SHORTCUT, {
    description: "Switch all permission hooks off (or on, when all are off)",
    handler: async (ctx) => {
      live ??= await start(ctx);
      if (toggleAllHooks(pi, ctx, live.state) === "changed") updateStatus(ctx, live.state);
    },
  });

  // A nested call counts as running from its start, before it is judged: a script that starts
  // two calls at once has both judged at the same time, each beside the other. It stops at its
  // end (a refused call ends too); when the run ends, nothing runs.
  pi.on("tool_execution_start", (event) => {
    if (event.parentToolCallId === undefined) return;
    runningCalls.start(event.toolCallId, { toolName: event.toolName, input: event.args });
  });
  pi.on("tool_execution_end", (event) => {
    runningCalls.finish(event.toolCallId);
  });
  pi.on("agent_end", () => {
    runningCalls.clear();
  });

  pi.on("session_shutdown", async () => {
    runningCalls.clear();
    stopWarmUp?.();
    stopWarmUp = undefined;
    live?.unpublish();
    // The review log writes after each verdict's turn; what is still waiting goes now.
    live?.state.logs.flush();
    live = undefined;
  });

  pi.on("tool_call", async (event, ctx) => {
    const result = await failClosed(
      async () => {
        live ??= await start(ctx);
        live.ctx = ctx;
        // Pi's bash runs its settings' prefix before the command, in its settings' shell: the
        // gates judge the text the shell runs (S33 host-shell).
        const hostShell = readHostShell(pi);
        const asRun = event.toolName === "bash" ? bashAsRun(event.input, hostShell) : null;
        const facts: ToolCallFacts = {
          toolName: event.toolName,
          toolCallId: event.toolCallId,
          input: asRun ? asRun.input : event.input,
          ...(asRun?.shellPath === undefined ? {} : { shellPath: asRun.shellPath }),
          cwd: ctx.cwd,
          home: live.state.location.home,
          // A subagent's name, as pi-subagents shows it (see the README's Subagents section).
          agentName: currentAgentName(ctx),
          sessionId: ctx.sessionManager.getSessionId(),
          // Pi only calls tools it has; naming them lets the gates refuse any other name.
          knownTools: knownTools(event.toolName),
        };
        // A subagent launch whose child no pi-permission will judge asks (S34 agent-file-trust).
        const launches = unguardedLaunches(event.toolName, event.input, {
          cwd: ctx.cwd,
          home: live.state.location.home,
          agentDir: live.state.location.agentDir,
          env: process.env,
        });
        if (launches.length > 0) facts.unguardedLaunches = launches;
        // The other calls of the same message run at the same time as this one.
        // A call another tool made (a codemode script's) runs beside its host's siblings and
        // beside the script's earlier calls still running (T34 nested-running).
        const nested = event.parentToolCallId !== undefined;
        const place = nested
          ? locateHost(ctx.sessionManager, event.toolCallId)
          : locateCall(ctx.sessionManager, event.toolCallId, event.input);
        const running = nested ? runningCalls.beside(event.toolCallId) : [];
        // A bash call beside this one runs the settings' prefix before its command too.
        const concurrent = [
          ...(place === undefined ? [] : concurrentCalls(place, refused)),
          ...running,
        ].map((c) =>
          c.toolName === "bash" ? { ...c, input: bashAsRun(c.input, hostShell).input } : c,
        );
        if (concurrent.length > 0) facts.concurrent = concurrent;
        if (running.length > 0) facts.running = running;
        const outcome = await live.runner.run(facts);
        if (outcome.action === "block" && !nested && place !== undefined) refused.add(place);
        return outcome.action === "block"
          ? { block: true as const, reason: outcome.reason }
          : undefined;
      },
      ({ error }) =>
        recordGateError(error, {
          toolName: event.toolName,
          toolCallId: event.toolCallId,
          source: "tool_call",
        }),
    );
    return result;
  });

  // Commands the user types with `!` are the user's own; judged only when the policy opts in.
  pi.on("user_bash", async (event, ctx) => {
    const outcome = await failClosed(
      async () => {
        live ??= await start(ctx);
        live.ctx = ctx;
        if (!live.state.policy.settings.judgeUserBash) return undefined;
        // A `!` command runs after the settings' prefix, in the settings' shell, too.
        const asRun = bashAsRun({ command: event.command }, readHostShell(pi));
        const run = await live.runner.run({
          toolName: "bash",
          toolCallId: null,
          input: asRun.input,
          ...(asRun.shellPath === undefined ? {} : { shellPath: asRun.shellPath }),
          cwd: event.cwd,
          home: live.state.location.home,
          agentName: null,
          sessionId: ctx.sessionManager.getSessionId(),
        });
        return run.action === "block" ? { block: true as const, reason: run.reason } : undefined;
      },
      ({ error }) =>
        recordGateError(error, { toolName: "bash", toolCallId: null, source: "tool_call" }),
    );
    if (!outcome) return undefined;
    return {
      result: { output: outcome.reason, exitCode: 1, cancelled: false, truncated: false },
    };
  });

  pi.on("input", async (event, ctx) => {
    const skill = /^\/skill:([^\s]+)/.exec(event.text)?.[1];
    if (!skill) return { action: "continue" };
    const outcome = await failClosed(
      async () => {
        live ??= await start(ctx);
        live.ctx = ctx;
        const facts: ToolCallFacts = {
          toolName: "skill",
          toolCallId: null,
          input: { skill },
          cwd: ctx.cwd,
          home: live.state.location.home,
          agentName: null,
          sessionId: ctx.sessionManager.getSessionId(),
        };
        const run = await live.runner.runSkillInput(facts, skill);
        return run.action === "block" ? { block: true as const, reason: run.reason } : undefined;
      },
      // Typed input is not a tool call: its records say so.
      ({ error }) =>
        recordGateError(error, { toolName: "skill", toolCallId: null, source: "skill_input" }),
    );
    if (!outcome) return { action: "continue" };
    notifier(ctx)(outcome.reason, "warning");
    return { action: "handled" };
  });

  pi.on("before_agent_start", async (event, ctx) => {
    try {
      live ??= await start(ctx);
      await askTrust(ctx, live.state);
      announce(ctx, live.state);
      // A policy file edited since the last turn may have added or removed hooks.
      updateStatus(ctx, live.state);
      // A subagent is offered the tools its agent's section leaves it.
      const subagent =
        answererFor({
          hasUI: ctx.hasUI,
          sessionId: ctx.sessionManager.getSessionId(),
          env: process.env,
        }).kind === "parent";
      const agentName = subagent ? agentNameOf(event.systemPrompt, currentSessionName()) : null;
      const rules = live.state.runnerPolicy(agentName).rules;
      // Re-add what we withheld earlier, so relaxing a rule restores the tool; never add
      // a tool Pi itself left inactive.
      const active = new Set([...pi.getActiveTools(), ...withheld]);
      const denied = [...active].filter((tool) => isToolFullyDenied(rules, tool));
      withheld.clear();
      for (const tool of denied) withheld.add(tool);
      const next = [...active].filter((tool) => !withheld.has(tool));
      if (next.length !== pi.getActiveTools().length || denied.length > 0) pi.setActiveTools(next);
    } catch (error) {
      // Exposure is a convenience; the tool_call gate still refuses every denied call.
      notifier(ctx)(`pi-permission: could not filter the tool list: ${String(error)}`, "warning");
    }
  });

  registerPermissionsCommand(pi, {
    live: () => live,
    reload: (ctx) => {
      if (!live) return undefined;
      const result = live.state.reload();
      updateStatus(ctx, live.state);
      return result;
    },
    setYolo: (ctx, on) => {
      live?.state.setYolo(on);
      if (live) updateStatus(ctx, live.state);
    },
    refreshStatus: (ctx) => {
      if (live) updateStatus(ctx, live.state);
    },
  });

  function recordGateError(error: unknown, call: FailedCall): string {
    return refuseOnGateError(
      {
        review: (event, details) => live?.state.logs.review(event, details),
        decision: (event) => publisher.decision(event),
      },
      call,
      error,
    );
  }
}

/** Said once when no policy file exists and the built-in default applies. */
export const DEFAULT_POLICY_NOTICE =
  "pi-permission: no policy file, so the built-in default applies: reads inside the project are allowed, secret files are denied, everything else asks. `pi-permission init` writes it for you to edit.";

function updateStatus(ctx: ExtensionContext, state: SessionState) {
  if (!ctx.hasUI) return;
  ctx.ui.setStatus(STATUS_KEY, statusText(state));
}

function expandedText(request: AskRequest, width: number): string {
  return renderPromptDialogExpanded(request.payload, { width }).join("\n");
}
