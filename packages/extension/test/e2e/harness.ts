// A real Pi AgentSession driven by pi-ai's faux model: the agent loop, the real tools and the
// extension loader are Pi's own; only the model is scripted.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import {
  type FauxResponseStep,
  fauxAssistantMessage,
  fauxProvider,
  fauxToolCall,
} from "@earendil-works/pi-ai";
import {
  type AgentSession,
  createAgentSession,
  DefaultResourceLoader,
  type ExtensionUIContext,
  ModelRuntime,
  SessionManager,
  SettingsManager,
} from "@earendil-works/pi-coding-agent";

/** One tool call the scripted model makes. */
export interface ScriptedCall {
  tool: string;
  input: Record<string, unknown>;
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
}

export interface PiRunOptions {
  /** Extension sources as `pi -e` takes them: a file, or a package folder with a `pi` manifest. */
  extensions: string[];
  /** The scripted model's turns: each inner array is one assistant message of parallel tool calls. */
  turns: ScriptedCall[][];
  /** `print` (no UI), or a UI mode with scripted answers. */
  mode?: "print" | "rpc" | "tui";
  ui?: ScriptedUi;
  tools?: string[];
  /** Files to create before the session starts, relative to the working directory. */
  files?: Record<string, string>;
  /** Extra files under the agent dir (e.g. `permissions.json`). */
  agentFiles?: Record<string, string>;
  /**
   * Read Pi's settings from `<agentDir>/settings.json` (its `packages` included), as the CLI
   * does, instead of an in-memory default.
   */
  settingsFromAgentDir?: boolean;
  /** Called just before the scripted model makes turn `index` (0-based): a user acting mid-run. */
  beforeTurn?: (index: number, dirs: { cwd: string; agentDir: string }) => void;
  /** Use this agent dir instead of a fresh one (it is not removed on dispose). */
  agentDirOverride?: string;
}

export interface PiRun {
  session: AgentSession;
  cwd: string;
  agentDir: string;
  uiLog: string[];
  /** Every context the model received, in order. */
  requests: unknown[];
  prompt(text?: string): Promise<ModelSawResult[]>;
  sessionEntries(): Array<Record<string, unknown>>;
  dispose(): void;
}

/** Start a real Pi session in fresh temporary directories. */
export async function startPi(options: PiRunOptions): Promise<PiRun> {
  const root = mkdtempSync(join(tmpdir(), "pi-e2e-"));
  const cwd = join(root, "project");
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
  const steps: FauxResponseStep[] = options.turns.map((calls, turn) => (context) => {
    requests.push(structuredClone(context));
    options.beforeTurn?.(turn, { cwd, agentDir });
    return fauxAssistantMessage(
      calls.map((c, i) =>
        fauxToolCall(c.tool, c.input as Parameters<typeof fauxToolCall>[1], {
          id: `call_${turn + 1}_${i + 1}`,
        }),
      ),
      { stopReason: "toolUse" },
    );
  });
  steps.push((context) => {
    requests.push(structuredClone(context));
    return fauxAssistantMessage("done");
  });
  faux.setResponses(steps);

  const modelRuntime = await ModelRuntime.create({
    authPath: join(agentDir, "auth.json"),
    modelsPath: null,
    refreshOnCreate: false,
  });
  modelRuntime.registerNativeProvider(faux.provider);
  const settingsManager = options.settingsFromAgentDir
    ? SettingsManager.create(cwd, agentDir)
    : SettingsManager.inMemory({ compaction: { enabled: false }, retry: { enabled: false } });
  const resourceLoader = new DefaultResourceLoader({
    cwd,
    agentDir,
    settingsManager,
    additionalExtensionPaths: options.extensions,
    noSkills: true,
    noPromptTemplates: true,
    noThemes: true,
    noContextFiles: true,
  });
  await resourceLoader.reload();
  const { session } = await createAgentSession({
    cwd,
    agentDir,
    modelRuntime,
    model: faux.getModel(),
    thinkingLevel: "off",
    settingsManager,
    resourceLoader,
    tools: options.tools ?? ["bash", "read", "write", "edit"],
    sessionManager: SessionManager.create(cwd, join(root, "sessions")),
  });
  const uiLog: string[] = [];
  const mode = options.mode ?? "print";
  await session.bindExtensions(
    mode === "print" ? {} : { uiContext: scriptedUi(options.ui ?? {}, uiLog), mode },
  );

  return {
    session,
    cwd,
    agentDir,
    uiLog,
    requests,
    async prompt(text = "go") {
      await session.prompt(text);
      return toolResults(session);
    },
    sessionEntries() {
      const file = session.sessionManager.getSessionFile();
      if (!file) return [];
      return readFileSync(file, "utf8")
        .split("\n")
        .filter((l) => l.trim() !== "")
        .map((l) => JSON.parse(l));
    },
    dispose() {
      session.dispose();
      if (previousAgentDir === undefined) delete process.env.PI_CODING_AGENT_DIR;
      else process.env.PI_CODING_AGENT_DIR = previousAgentDir;
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function writeAll(dir: string, files: Record<string, string>) {
  for (const [path, content] of Object.entries(files)) {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
}

function toolResults(session: AgentSession): ModelSawResult[] {
  const out: ModelSawResult[] = [];
  for (const message of session.messages as Array<Record<string, unknown>>) {
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

/** A complete UI object (Pi copies it with a spread, so a Proxy would lose methods). */
function scriptedUi(script: ScriptedUi, log: string[]): ExtensionUIContext {
  const noop = () => {};
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
    custom: async () => undefined,
    pasteToEditor: noop,
    setEditorText: noop,
    getEditorText: () => "",
    editor: async () => undefined,
    addAutocompleteProvider: noop,
    setEditorComponent: noop,
    getEditorComponent: () => undefined,
    theme: undefined,
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
