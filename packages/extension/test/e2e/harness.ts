// A real Pi AgentSession driven by pi-ai's faux model: the agent loop, the real tools, the
// extension loader and session replacement (fork, resume, new, reload) are Pi's own; only the
// model and the user's answers are scripted.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import {
  type FauxResponseStep,
  fauxAssistantMessage,
  fauxProvider,
  fauxToolCall,
} from "@earendil-works/pi-ai";
import {
  type AgentSession,
  type AgentSessionRuntime,
  type CreateAgentSessionRuntimeFactory,
  type CustomEntry,
  createAgentSessionFromServices,
  createAgentSessionRuntime,
  createAgentSessionServices,
  type ExtensionCommandContextActions,
  type ExtensionError,
  type ExtensionUIContext,
  type InlineExtension,
  initTheme,
  type KeybindingsManager,
  keyHint,
  keyText,
  ModelRuntime,
  SessionManager,
  SettingsManager,
  type Theme,
} from "@earendil-works/pi-coding-agent";
import { type Component, type KeyId, setKeybindings, type TUI } from "@earendil-works/pi-tui";

/** One tool call the scripted model makes. */
export interface ScriptedCall {
  tool: string;
  input: Record<string, unknown>;
  /** The call's id, when a test needs one the model chose (a reused id); else numbered. */
  id?: string;
}

/** What a tool call's result looked like to the model. */
export interface ModelSawResult {
  toolCallId: string;
  toolName: string;
  isError: boolean;
  text: string;
}

/** Answers the extension's dialogs; every call is recorded in `log`. */
export interface ScriptedUi {
  select?: (title: string, options: string[]) => string | undefined;
  input?: (title: string, placeholder?: string) => string | undefined;
  confirm?: (title: string, message: string) => boolean;
  /**
   * Plays the user in front of a component an extension shows with `ctx.ui.custom(factory)`:
   * send keys with `component.handleInput(data)`, read `component.render(width)`, and end it by
   * calling `done` (or let the component call it). The extension's `custom()` resolves with
   * what `done` got. If this returns (or its promise settles) before `done` was called, the
   * extension's `custom()` rejects instead of hanging. Without this hook `custom()` resolves
   * `undefined` without building the component.
   */
  custom?: (component: Component, done: (result: unknown) => void) => void | Promise<void>;
}

export interface PiRunOptions {
  /** Extension sources as `pi -e` takes them: a file, or a package folder with a `pi` manifest. */
  extensions: string[];
  /** Extensions given as factories, as Pi's CLI gives its built-in ones (codemode, mcp). */
  extensionFactories?: InlineExtension[];
  /**
   * The scripted model's first turns: each inner array is one assistant message of parallel
   * tool calls; a final "done" message follows. `run.script()` queues more for later prompts.
   */
  turns?: ScriptedCall[][];
  /** `print` or `json` (no UI, bound as Pi's print mode binds them), or a UI mode with scripted answers. */
  mode?: "print" | "json" | "rpc" | "tui";
  ui?: ScriptedUi;
  tools?: string[];
  /** Files to create before the session starts, relative to the working directory. */
  files?: Record<string, string>;
  /** Extra files under the agent dir (e.g. `permissions.json`, `keybindings.json`). */
  agentFiles?: Record<string, string>;
  /**
   * Read Pi's settings from `<agentDir>/settings.json` (its `packages` included), as the CLI
   * does, instead of an in-memory default.
   */
  settingsFromAgentDir?: boolean;
  /**
   * Called just before the scripted model makes turn `index` (0-based, counted over the whole
   * run, `script()` turns included): a user acting mid-run.
   */
  beforeTurn?: (index: number, dirs: { cwd: string; agentDir: string }) => void;
  /** Use this agent dir instead of a fresh one (it is not removed on dispose). */
  agentDirOverride?: string;
  /**
   * Run the session in this working directory, as given (a suite that needs a directory of a
   * known name): it is created when missing and never removed; `files` are written into it.
   */
  cwdOverride?: string;
  /**
   * The scripted model answers on a later turn of the event loop, as a model over the network
   * does, so what the extension scheduled meanwhile (`setImmediate`) runs before the answer.
   * By default it answers at once.
   */
  answerLater?: boolean;
}

export interface PiRun {
  /** The current session; fork, resume and newSession replace it with a new object. */
  readonly session: AgentSession;
  /** Pi's own runtime that owns the session and replaces it. */
  readonly runtime: AgentSessionRuntime;
  cwd: string;
  agentDir: string;
  uiLog: string[];
  /** Every context the model received, in order. */
  requests: unknown[];
  /** Errors Pi reported from extensions (a throwing command handler, event handler, ...). */
  extensionErrors: ExtensionError[];
  /** Prompt the current session; returns the tool results of this prompt only. */
  prompt(text?: string): Promise<ModelSawResult[]>;
  /** Queue more scripted turns (then a final "done") for the next prompt. */
  script(turns: ScriptedCall[][]): void;
  /** Type an extension slash command; rejects when there is no such command or its handler threw. */
  command(text: string): Promise<void>;
  /** Press an extension shortcut (`pi.registerShortcut(keyId, ...)`); rejects when there is none. */
  shortcut(keyId: string): Promise<void>;
  /** The entry as Pi's TUI draws it: `undefined` when no renderer draws this entry. */
  renderEntry(
    entry: CustomEntry,
    options: { expanded: boolean },
    width: number,
  ): string[] | undefined;
  /** Pi's `/fork`: `position` "before" (the default) needs a user message entry. */
  fork(
    entryId: string,
    position?: "before" | "at",
  ): Promise<{ cancelled: boolean; selectedText?: string }>;
  /** Pi's `/resume` of a session file. */
  resume(sessionFile: string): Promise<{ cancelled: boolean }>;
  /** Pi's `/new`. */
  newSession(): Promise<{ cancelled: boolean }>;
  /** Pi's `/reload`: the extensions are loaded again, the session object stays. */
  reload(): Promise<void>;
  /** Pi's `/tree` navigation to an entry of the current session. */
  navigateTree(
    entryId: string,
    options?: { summarize?: boolean; label?: string },
  ): Promise<{ cancelled: boolean }>;
  sessionEntries(): Array<Record<string, unknown>>;
  dispose(): void;
}

/**
 * The review log writes its lines after the verdict's turn of the event loop (off the
 * verdict's path); a test reads them as a user would, once that turn is over.
 */
function linesWritten(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Text without the theme's colours, for assertions on rendered lines. */
export function stripAnsi(text: string): string {
  return stripVTControlCharacters(text);
}

// Pi keeps the active theme on globalThis under this key so every module loader sees the
// same one (modes/interactive/theme/theme.js); the package exports initTheme but not the value.
const THEME_KEY = Symbol.for("@earendil-works/pi-coding-agent:theme");

/** Start a real Pi session in fresh temporary directories. */
export async function startPi(options: PiRunOptions): Promise<PiRun> {
  const root = mkdtempSync(join(tmpdir(), "pi-e2e-"));
  const cwd = options.cwdOverride ?? join(root, "project");
  const agentDir = options.agentDirOverride ?? join(root, "agent");
  mkdirSync(cwd, { recursive: true });
  mkdirSync(agentDir, { recursive: true });
  writeAll(cwd, options.files ?? {});
  writeAll(agentDir, options.agentFiles ?? {});
  // Pi's getAgentDir() reads this, as the real CLI does; the SDK's agentDir option alone
  // does not reach extensions.
  const previousAgentDir = process.env.PI_CODING_AGENT_DIR;
  process.env.PI_CODING_AGENT_DIR = agentDir;

  const requests: unknown[] = [];
  const faux = fauxProvider({ provider: "faux", models: [{ id: "faux-1" }] });
  let turnsScripted = 0;
  // Tool call ids and beforeTurn indexes count over the whole run, so a later script() does
  // not reuse the ids of calls already in the session.
  const scriptSteps = (turns: ScriptedCall[][]): FauxResponseStep[] => {
    const steps: FauxResponseStep[] = turns.map((calls) => {
      const turn = turnsScripted++;
      return async (context) => {
        requests.push(structuredClone(context));
        if (options.answerLater) await new Promise((resolve) => setImmediate(resolve));
        options.beforeTurn?.(turn, { cwd, agentDir });
        return fauxAssistantMessage(
          calls.map((c, i) =>
            fauxToolCall(c.tool, c.input as Parameters<typeof fauxToolCall>[1], {
              id: c.id ?? `call_${turn + 1}_${i + 1}`,
            }),
          ),
          { stopReason: "toolUse" },
        );
      };
    });
    steps.push(async (context) => {
      requests.push(structuredClone(context));
      if (options.answerLater) await new Promise((resolve) => setImmediate(resolve));
      return fauxAssistantMessage("done");
    });
    return steps;
  };
  faux.setResponses(scriptSteps(options.turns ?? []));

  const modelRuntime = await ModelRuntime.create({
    authPath: join(agentDir, "auth.json"),
    modelsPath: null,
    refreshOnCreate: false,
  });
  modelRuntime.registerNativeProvider(faux.provider);
  const inMemorySettings = options.settingsFromAgentDir
    ? undefined
    : SettingsManager.inMemory({ compaction: { enabled: false }, retry: { enabled: false } });

  // As the CLI's main.js does: a fork, resume or new session calls this again, which loads
  // the extensions afresh for the new session (a new extension instance per session).
  const createRuntime: CreateAgentSessionRuntimeFactory = async (target) => {
    const services = await createAgentSessionServices({
      cwd: target.cwd,
      agentDir: target.agentDir,
      modelRuntime,
      settingsManager: inMemorySettings ?? SettingsManager.create(target.cwd, target.agentDir),
      resourceLoaderOptions: {
        additionalExtensionPaths: options.extensions,
        ...(options.extensionFactories ? { extensionFactories: options.extensionFactories } : {}),
        noSkills: true,
        noPromptTemplates: true,
        noThemes: true,
        noContextFiles: true,
      },
    });
    const created = await createAgentSessionFromServices({
      services,
      sessionManager: target.sessionManager,
      sessionStartEvent: target.sessionStartEvent,
      model: faux.getModel(),
      thinkingLevel: "off",
      tools: options.tools ?? ["bash", "read", "write", "edit"],
    });
    return { ...created, services, diagnostics: services.diagnostics };
  };
  const runtime = await createAgentSessionRuntime(createRuntime, {
    cwd,
    agentDir,
    sessionManager: SessionManager.create(cwd, join(root, "sessions")),
  });

  // The TUI pieces (entry renderers, custom components, shortcuts) need what Pi's TUI sets up
  // at start: a theme (main.js initialises it in every mode; "dark" rather than the terminal's
  // so lines do not depend on the machine) and the app keybindings, which pi-tui's key hints
  // read from a process global.
  initTheme("dark", false);
  const theme = (globalThis as Record<symbol, Theme | undefined>)[THEME_KEY];
  if (!theme) throw new Error("Pi's initTheme() left no theme on globalThis");
  const keybindings = (await appKeybindings()).create(agentDir);
  setKeybindings(keybindings);

  const uiLog: string[] = [];
  const extensionErrors: ExtensionError[] = [];
  const mode = options.mode ?? "print";
  const uiContext =
    mode === "print" || mode === "json"
      ? undefined
      : scriptedUi(options.ui ?? {}, uiLog, { theme, keybindings, tui: stubTui() });
  // What print-mode.js binds, pointed at the runtime: a command's ctx.fork() and the like
  // replace the session exactly as run.fork() does.
  const commandContextActions: ExtensionCommandContextActions = {
    waitForIdle: () => runtime.session.waitForIdle(),
    newSession: (o) => runtime.newSession(o),
    fork: async (entryId, o) => ({ cancelled: (await runtime.fork(entryId, o)).cancelled }),
    navigateTree: async (targetId, o) => ({
      cancelled: (await runtime.session.navigateTree(targetId, o)).cancelled,
    }),
    switchSession: (sessionPath, o) => runtime.switchSession(sessionPath, o),
    reload: () => runtime.session.reload(),
  };
  const bind = (session: AgentSession) =>
    session.bindExtensions({
      // print-mode.js binds `mode` ("print" or "json") and no UI context.
      ...(uiContext ? { uiContext } : {}),
      mode,
      commandContextActions,
      onError: (error) => {
        extensionErrors.push(error);
      },
    });
  // A replacement session (fork, resume, new) starts unbound; Pi's modes bind it again with the
  // same UI, which is what emits session_start with the replacement's reason.
  runtime.setRebindSession(bind);
  await bind(runtime.session);

  return {
    get session() {
      return runtime.session;
    },
    runtime,
    cwd,
    agentDir,
    uiLog,
    requests,
    extensionErrors,
    async prompt(text = "go") {
      const session = runtime.session;
      const before = session.messages.length;
      await session.prompt(text);
      await linesWritten();
      const added = session.messages.slice(before) as Array<Record<string, unknown>>;
      if (
        added.some(
          (m) => m.role === "assistant" && /No more faux responses/.test(String(m.errorMessage)),
        )
      ) {
        throw new Error(
          "the scripted model ran out of turns: queue more with run.script([...]) first",
        );
      }
      return toolResults(added);
    },
    script(turns) {
      faux.appendResponses(scriptSteps(turns));
    },
    async command(text) {
      if (!text.startsWith("/")) throw new Error(`a command starts with "/": ${text}`);
      const session = runtime.session;
      // Pi splits the name off at the first space (agent-session.js _tryExecuteExtensionCommand).
      const space = text.indexOf(" ");
      const name = space === -1 ? text.slice(1) : text.slice(1, space);
      if (!session.extensionRunner.getCommand(name)) {
        const known = session.extensionRunner
          .getRegisteredCommands()
          .map((c) => `/${c.invocationName}`);
        throw new Error(
          `no extension command /${name} (registered: ${known.join(", ") || "none"})`,
        );
      }
      const errorsBefore = extensionErrors.length;
      await session.prompt(text);
      await linesWritten();
      // Pi catches a throwing handler and only reports it to the onError listener.
      const failure = extensionErrors
        .slice(errorsBefore)
        .find((e) => e.event === "command" && e.extensionPath === `command:${name}`);
      if (failure) throw new Error(`/${name} failed: ${failure.error}`);
    },
    async shortcut(keyId) {
      const runner = runtime.session.extensionRunner;
      // The map interactive mode binds to the editor (setupExtensionShortcuts), keyed by the
      // lower-cased key id; a shortcut that a reserved Pi key wins over is left out of it.
      const shortcuts = runner.getShortcuts(keybindings.getEffectiveConfig());
      const shortcut = shortcuts.get(keyId.toLowerCase() as KeyId);
      if (!shortcut) {
        const notes = runner.getShortcutDiagnostics().map((d) => d.message);
        throw new Error(
          `no extension shortcut ${keyId} (registered: ${[...shortcuts.keys()].join(", ") || "none"})${notes.length ? `; ${notes.join("; ")}` : ""}`,
        );
      }
      await shortcut.handler(runner.createContext());
    },
    renderEntry(entry, { expanded }, width) {
      const renderer = runtime.session.extensionRunner.getEntryRenderer(entry.customType);
      // The options and theme Pi's CustomEntryComponent passes.
      const component = renderer?.(entry, { expanded, keyText, keyHint }, theme);
      return component ? [...component.render(width)] : undefined;
    },
    fork: (entryId, position) => runtime.fork(entryId, position ? { position } : undefined),
    resume: (sessionFile) => runtime.switchSession(sessionFile),
    newSession: () => runtime.newSession(),
    reload: () => runtime.session.reload(),
    navigateTree: (entryId, navigateOptions) =>
      runtime.session.navigateTree(entryId, navigateOptions),
    sessionEntries() {
      const file = runtime.session.sessionManager.getSessionFile();
      if (!file) return [];
      return readFileSync(file, "utf8")
        .split("\n")
        .filter((l) => l.trim() !== "")
        .map((l) => JSON.parse(l));
    },
    dispose() {
      runtime.session.dispose();
      if (previousAgentDir === undefined) delete process.env.PI_CODING_AGENT_DIR;
      else process.env.PI_CODING_AGENT_DIR = previousAgentDir;
      rmSync(root, { recursive: true, force: true });
    },
  };
}

interface AppKeybindings {
  create(agentDir?: string): KeybindingsManager;
}

// Pi's KeybindingsManager (pi-tui's plus the app.* bindings, read from keybindings.json) is
// exported as a type only; its module is loaded from the installed package so the resolved
// bindings are the ones interactive mode checks extension shortcuts against.
let appKeybindingsModule: Promise<{ KeybindingsManager: AppKeybindings }> | undefined;
async function appKeybindings(): Promise<AppKeybindings> {
  appKeybindingsModule ??= import(
    new URL("./core/keybindings.js", import.meta.resolve("@earendil-works/pi-coding-agent")).href
  );
  return (await appKeybindingsModule).KeybindingsManager;
}

function writeAll(dir: string, files: Record<string, string>) {
  for (const [path, content] of Object.entries(files)) {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
}

function toolResults(messages: Array<Record<string, unknown>>): ModelSawResult[] {
  const out: ModelSawResult[] = [];
  for (const message of messages) {
    if (message.role !== "toolResult") continue;
    const content = (message.content as Array<{ type: string; text?: string }>) ?? [];
    out.push({
      toolCallId: String(message.toolCallId),
      toolName: String(message.toolName),
      isError: message.isError === true,
      text: content
        .filter((c) => c.type === "text")
        .map((c) => c.text)
        .join(""),
    });
  }
  return out;
}

/**
 * Just enough of pi-tui's TUI for a component built by `ctx.ui.custom`: nothing is drawn, a
 * test reads `component.render(width)` instead. Overlays are not supported.
 */
function stubTui(): TUI {
  const noop = () => {};
  return {
    children: [],
    terminal: { columns: 80, rows: 24, write: noop, setTitle: noop },
    requestRender: noop,
    renderNow: noop,
    invalidate: noop,
    setFocus: noop,
    addChild: noop,
    removeChild: noop,
    clear: noop,
    addInputListener: () => noop,
    removeInputListener: noop,
    hasOverlay: () => false,
    hideOverlay: noop,
    showOverlay: () => {
      throw new Error("the e2e harness's TUI stub does not show overlays");
    },
    render: () => [],
  } as unknown as TUI;
}

interface UiHost {
  theme: Theme;
  keybindings: KeybindingsManager;
  tui: TUI;
}

/** A complete UI object (Pi copies it with a spread, so a Proxy would lose methods). */
function scriptedUi(script: ScriptedUi, log: string[], host: UiHost): ExtensionUIContext {
  const noop = () => {};
  const custom = (factory: Parameters<ExtensionUIContext["custom"]>[0]) => {
    log.push("custom");
    const play = script.custom;
    if (!play) return Promise.resolve(undefined);
    return new Promise<unknown>((resolve, reject) => {
      let closed = false;
      let component: (Component & { dispose?(): void }) | undefined;
      // As interactive mode's showExtensionCustom: the first done() wins, then the
      // component is disposed.
      const done = (result: unknown) => {
        if (closed) return;
        closed = true;
        resolve(result);
        component?.dispose?.();
      };
      Promise.resolve(factory(host.tui, host.theme, host.keybindings, done))
        .then(async (built) => {
          component = built;
          if (closed) {
            built.dispose?.();
            return;
          }
          await play(built, done);
          if (!closed) {
            throw new Error("ScriptedUi.custom returned without done() being called");
          }
        })
        .catch(reject);
    });
  };
  return {
    select: async (title: string, options: string[]) => {
      log.push(`select:${title}`);
      return script.select?.(title, options);
    },
    confirm: async (title: string, message: string) => {
      log.push(`confirm:${title}`);
      return script.confirm?.(title, message) ?? false;
    },
    input: async (title: string, placeholder?: string) => {
      log.push(`input:${title}`);
      return script.input?.(title, placeholder);
    },
    notify: (message: string, level?: string) => {
      log.push(`notify:${level ?? "info"}:${message}`);
    },
    onTerminalInput: () => noop,
    setStatus: (key: string, text: string | undefined) => {
      log.push(`status:${key}:${text ?? ""}`);
    },
    setWorkingMessage: noop,
    setWorkingVisible: noop,
    setWorkingIndicator: noop,
    setHiddenThinkingLabel: noop,
    setWidget: noop,
    setFooter: noop,
    setHeader: noop,
    setTitle: noop,
    custom,
    pasteToEditor: noop,
    setEditorText: noop,
    getEditorText: () => "",
    editor: async () => undefined,
    addAutocompleteProvider: noop,
    setEditorComponent: noop,
    getEditorComponent: () => undefined,
    theme: host.theme,
    getAllThemes: () => [],
    getTheme: () => undefined,
    setTheme: () => ({ success: false, error: "UI not available" }),
    getToolsExpanded: () => false,
    setToolsExpanded: noop,
  } as unknown as ExtensionUIContext;
}

/** What the subscriber fixture (fixtures/subscriber-ext.ts) saw on one channel. */
export function seenEvents(run: PiRun, channel: string): Array<Record<string, unknown>> {
  return run
    .sessionEntries()
    .filter((e) => e.type === "custom" && e.customType === "seen-event")
    .map((e) => e.data as { channel: string; event: Record<string, unknown> })
    .filter((d) => d.channel === channel)
    .map((d) => d.event);
}
