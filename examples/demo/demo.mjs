#!/usr/bin/env node
// `npm run demo`: pi-permission doing its job in a real Pi session, offline, in a few seconds.
//
// A real Pi AgentSession (the agent loop, the real bash/read/write tools, Pi's extension
// loader) with the built @pi-permission/extension installed as Pi loads a package, the
// cautious example policy, and pi-ai's faux model scripted to make representative calls. The
// session runs in RPC mode with a scripted human who approves the one prompt. For each call the
// transcript shows the call, the verdict, the text the agent got back, the review-log lines
// and the decision events. Everything happens in a temporary directory that is removed at the
// end; PI_CODING_AGENT_DIR is restored.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** The policy the demo runs with. */
export const POLICY_FILE = fileURLToPath(new URL("../policies/cautious.json", import.meta.url));

/** What the human answers to every prompt. */
export const HUMAN_ANSWER = "Approve once";

/**
 * @typedef {{ title: string, tool: string, input: Record<string, unknown> }} DemoCall
 * @typedef {{ channel: string, event: Record<string, any> }} SeenEvent
 * @typedef {{ verdict: string, isError: boolean, text: string, reviewLines: Record<string, any>[], events: SeenEvent[], asked: string[] }} CallRecord
 */

/** The scripted model's calls, one per turn. @type {readonly DemoCall[]} */
export const DEMO_CALLS = [
  { title: "an allowed git status", tool: "bash", input: { command: "git status" } },
  {
    title: "a denied rm: the operator's reason reaches the agent",
    tool: "bash",
    input: { command: "rm -rf build" },
  },
  {
    title: "a compound bypass attempt: each command is judged",
    tool: "bash",
    input: { command: "git status && rm -rf build" },
  },
  { title: "reading a secret", tool: "read", input: { path: ".env" } },
  {
    title: "a write outside the project: asked, and the human approves",
    tool: "write",
    input: { path: "../shared/notes.md", content: "release notes draft\n" },
  },
  {
    title: "a sudo wrapper: the command inside is judged",
    tool: "bash",
    input: { command: "sudo rm -rf /var/cache/app" },
  },
];

const RESOLUTION_TEXT = {
  policy_allow: "ALLOWED by policy",
  policy_deny: "DENIED by policy",
  user_approved: "ASKED; the human approved it once",
  user_approved_for_session: "ASKED; the human approved it for the session",
  user_denied: "ASKED; the human denied it",
  confirmation_unavailable: "ASKED; nobody could answer, so it was refused",
  session_approved: "ALLOWED by an earlier approval for this session",
  auto_approved: "ALLOWED by yolo mode",
  gate_error: "BLOCKED: the permission check failed (fail-closed)",
};

/**
 * Run the demo and write its transcript, line by line, to `out`.
 *
 * @param {{ out?: (line: string) => void, policyFile?: string, calls?: readonly DemoCall[] }} [options]
 * @returns {Promise<{ root: string, calls: CallRecord[] }>}
 */
export async function runDemo(options = {}) {
  const out = options.out ?? ((line) => process.stdout.write(`${line}\n`));
  const calls = options.calls ?? DEMO_CALLS;
  const policyFile = options.policyFile ?? POLICY_FILE;
  const { fauxAssistantMessage, fauxProvider, fauxToolCall } = await import(
    "@earendil-works/pi-ai"
  );
  const {
    createAgentSession,
    DefaultResourceLoader,
    ModelRuntime,
    SessionManager,
    SettingsManager,
  } = await import("@earendil-works/pi-coding-agent");
  const extensionDir = dirname(
    fileURLToPath(import.meta.resolve("@pi-permission/extension/package.json")),
  );

  const root = mkdtempSync(join(tmpdir(), "pi-permission-demo-"));
  const cwd = join(root, "project");
  const agentDir = join(root, "agent");
  const shown = (/** @type {string} */ text) => text.split(root).join("$DEMO");
  const previousAgentDir = process.env.PI_CODING_AGENT_DIR;
  /** @type {{ dispose(): void, extensionRunner: { emit(event: object): Promise<unknown> } } | undefined} */
  let session;
  try {
    setUpProject(cwd);
    mkdirSync(agentDir, { recursive: true });
    writeFileSync(join(agentDir, "permissions.json"), readFileSync(policyFile, "utf8"));
    // Pi's getAgentDir() reads this, as the CLI does: the policy and the logs live there.
    process.env.PI_CODING_AGENT_DIR = agentDir;

    out("pi-permission demo: a real Pi session, a scripted model, offline");
    out(`  workspace  ${root}  (shown below as $DEMO; removed at the end)`);
    out(`  project    $DEMO/project  (a git repo with build/ and a .env)`);
    out(`  policy     ${policyFile}`);
    out(`  human      answers every prompt with "${HUMAN_ANSWER}" (Pi in RPC mode)`);
    out("");

    let current = -1;
    /** @type {SeenEvent[][]} */
    const events = calls.map(() => []);
    /** @type {string[][]} */
    const asked = calls.map(() => []);
    /** @type {string[]} */
    const notices = [];

    const faux = fauxProvider({ provider: "faux", models: [{ id: "faux-1" }] });
    faux.setResponses([
      ...calls.map((call, i) => () => {
        current = i;
        return fauxAssistantMessage(
          [fauxToolCall(call.tool, /** @type {any} */ (call.input), { id: `call_${i + 1}` })],
          { stopReason: "toolUse" },
        );
      }),
      () => {
        current = -1;
        return fauxAssistantMessage("Done.");
      },
    ]);

    /** Another extension on the bus: it sees what any subscriber of pi-permission sees. */
    const observer = (/** @type {any} */ pi) => {
      for (const channel of ["permissions:decision", "permissions:ui_prompt"]) {
        pi.events.on(channel, (/** @type {any} */ event) => {
          if (current >= 0) events[current]?.push({ channel, event });
        });
      }
    };

    const modelRuntime = await ModelRuntime.create({
      authPath: join(agentDir, "auth.json"),
      modelsPath: null,
      refreshOnCreate: false,
    });
    modelRuntime.registerNativeProvider(faux.provider);
    const settingsManager = SettingsManager.inMemory({
      compaction: { enabled: false },
      retry: { enabled: false },
    });
    const resourceLoader = new DefaultResourceLoader({
      cwd,
      agentDir,
      settingsManager,
      additionalExtensionPaths: [extensionDir],
      extensionFactories: [{ name: "demo-observer", factory: observer, hidden: true }],
      noSkills: true,
      noPromptTemplates: true,
      noThemes: true,
      noContextFiles: true,
    });
    await resourceLoader.reload();
    const created = await createAgentSession({
      cwd,
      agentDir,
      modelRuntime,
      model: faux.getModel(),
      thinkingLevel: "off",
      settingsManager,
      resourceLoader,
      tools: ["bash", "read", "write", "edit"],
      sessionManager: SessionManager.create(cwd, join(root, "sessions")),
    });
    session = created.session;
    const ui = scriptedUi({
      select: (title) => {
        asked[current]?.push(title);
        return HUMAN_ANSWER;
      },
      notify: (message) => notices.push(message),
    });
    await created.session.bindExtensions({ uiContext: ui, mode: "rpc" });
    await created.session.prompt("Tidy up the project.");

    const results = toolResults(created.session.messages);
    // The extension writes review lines after each verdict has gone back to Pi, on the next
    // turn of the event loop; one more turn here lets the last call's lines land first.
    await new Promise((resolve) => setImmediate(resolve));
    const review = readJsonLines(join(agentDir, "pi-permission", "logs", "review.jsonl"));
    const labels = new Map();
    const label = (/** @type {string} */ id) => {
      if (!labels.has(id)) labels.set(id, `#${labels.size + 1}`);
      return labels.get(id);
    };

    /** @type {CallRecord[]} */
    const records = [];
    calls.forEach((call, i) => {
      const id = `call_${i + 1}`;
      const result = results.get(id) ?? { isError: true, text: "(no tool result)" };
      const reviewLines = review.filter((line) => line.toolCallId === id);
      const verdict = verdictOf(events[i] ?? []);
      // Number the requests in the order they were created, as their events arrive.
      for (const { event } of events[i] ?? []) label(event.requestId);
      records.push({
        verdict,
        isError: result.isError,
        text: result.text,
        reviewLines,
        events: events[i] ?? [],
        asked: asked[i] ?? [],
      });

      out(`── ${i + 1}. ${call.title} ${"─".repeat(Math.max(3, 70 - call.title.length))}`);
      out(`call     ${call.tool} ${shown(JSON.stringify(call.input))}`);
      out(`verdict  ${verdict}`);
      for (const title of asked[i] ?? []) {
        out("asked    the human saw this prompt:");
        for (const line of title.split("\n")) out(`           │ ${shown(line)}`);
        out(`         and answered "${HUMAN_ANSWER}"`);
      }
      const text = shown(result.text).trimEnd().split("\n");
      const more = text.length > 3 ? [`(… ${text.length - 3} more lines)`] : [];
      out(`agent    ${result.isError ? "got an error:" : "got:"}`);
      for (const line of [...text.slice(0, 3), ...more]) out(`           ${line}`);
      if (reviewLines.length === 0) {
        out("review   (no line: the review log records asks and refusals, not policy allows)");
      }
      for (const line of reviewLines) out(`review   ${shown(compactReviewLine(line, label))}`);
      for (const { channel, event } of events[i] ?? []) {
        out(`event    ${shown(compactEvent(channel, event, label))}`);
      }
      out("");
    });

    out("── afterwards ".padEnd(75, "─"));
    out(`build/ still there:        ${existsSync(join(cwd, "build", "app.js")) ? "yes" : "no"}`);
    out(
      `$DEMO/shared/notes.md:     ${existsSync(join(root, "shared", "notes.md")) ? "written (approved)" : "not written"}`,
    );
    out(`review log:                ${review.length} lines, every one with its request id`);
    out(
      `decision events:           ${events.flat().filter((e) => e.channel === "permissions:decision").length}`,
    );
    for (const notice of notices) out(`notice:                    ${shown(notice)}`);
    return { root, calls: records };
  } finally {
    // Pi's own teardown (quit, /new, /resume) runs session_shutdown before dispose, and
    // dispose alone does not: without it the extension would keep serving its forwarding
    // inbox inside the folder removed below.
    await session?.extensionRunner.emit({ type: "session_shutdown", reason: "quit" });
    session?.dispose();
    if (previousAgentDir === undefined) delete process.env.PI_CODING_AGENT_DIR;
    else process.env.PI_CODING_AGENT_DIR = previousAgentDir;
    rmSync(root, { recursive: true, force: true });
    out(`cleanup:                   removed ${root}; PI_CODING_AGENT_DIR restored`);
  }
}

/** A small project: a git repo with a build folder and a secret. */
function setUpProject(/** @type {string} */ cwd) {
  mkdirSync(join(cwd, "build"), { recursive: true });
  writeFileSync(join(cwd, "build", "app.js"), "console.log('built');\n");
  writeFileSync(join(cwd, "README.md"), "# demo project\n");
  writeFileSync(join(cwd, ".env"), "API_KEY=not-a-real-key\n");
  writeFileSync(join(cwd, ".gitignore"), "build/\n.env\n");
  // Without git the demo still runs; `git status` then reports that git is missing.
  spawnSync("git", ["init", "-q"], { cwd, stdio: "ignore" });
}

/**
 * The call's verdict in one line, from its decision events: the event of the request that
 * decided the call (each event names it in `call.decidingRequestId`).
 *
 * @param {SeenEvent[]} events
 */
export function verdictOf(events) {
  const decisions = events.filter((e) => e.channel === "permissions:decision").map((e) => e.event);
  const deciding = decisions.find((d) => d.requestId === d.call?.decidingRequestId);
  if (deciding === undefined) return "no decision (pi-permission did not judge this call)";
  const text = RESOLUTION_TEXT[/** @type {keyof typeof RESOLUTION_TEXT} */ (deciding.resolution)];
  const rule =
    deciding.matchedPattern === null
      ? ""
      : ` (${deciding.surface} rule "${deciding.matchedPattern}")`;
  return `${text ?? deciding.resolution}${rule}`;
}

/**
 * A review-log line without its timestamp, stream, join keys and empty fields.
 *
 * @param {Record<string, any>} line
 * @param {(id: string) => string} label
 */
function compactReviewLine(line, label) {
  const { timestamp, stream, event, requestId, toolCallId, source, agentName, ...rest } = line;
  const fields = Object.entries(rest)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => {
      if (key === "origin" && typeof value === "object")
        return `origin=${value.scope}:${value.jsonPath}`;
      if (key === "preemptedBy") return `preemptedBy=${label(value)}`;
      return `${key}=${typeof value === "string" ? quote(value) : JSON.stringify(value)}`;
    });
  return `${event.replace("permission_request.", "")} ${label(requestId)}  ${fields.join(" ")}`;
}

/**
 * @param {string} channel
 * @param {Record<string, any>} event
 * @param {(id: string) => string} label
 */
function compactEvent(channel, event, label) {
  if (channel === "permissions:ui_prompt") {
    const r = event.request;
    return `ui_prompt ${label(event.requestId)}  ${r.surface} ${quote(r.value)} pattern=${quote(r.matchedPattern ?? "-")}`;
  }
  const preempted = event.preemptedBy ? ` preempted-by=${label(event.preemptedBy)}` : "";
  return `decision  ${label(event.requestId)}  ${event.result} ${event.resolution}  ${event.surface} ${quote(event.value)} pattern=${quote(event.matchedPattern ?? "-")} origin=${event.origin ?? "-"}${preempted}`;
}

function quote(/** @type {string} */ value) {
  const short = value.length > 120 ? `${value.slice(0, 119)}…` : value;
  return /^[^\s"=]+$/.test(short) ? short : JSON.stringify(short);
}

/** @returns {Record<string, any>[]} */
function readJsonLines(/** @type {string} */ file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line));
}

/** @returns {Map<string, { isError: boolean, text: string }>} */
function toolResults(/** @type {any[]} */ messages) {
  const results = new Map();
  for (const message of messages) {
    if (message.role !== "toolResult") continue;
    const text = (message.content ?? [])
      .filter((/** @type {any} */ c) => c.type === "text")
      .map((/** @type {any} */ c) => c.text)
      .join("");
    results.set(String(message.toolCallId), { isError: message.isError === true, text });
  }
  return results;
}

/**
 * A complete UI object for RPC mode (Pi copies it with a spread, so every method must exist).
 *
 * @param {{ select: (title: string, options: string[]) => string | undefined, notify: (message: string) => void }} script
 * @returns {any}
 */
function scriptedUi(script) {
  const noop = () => {};
  return {
    select: async (/** @type {string} */ title, /** @type {string[]} */ options) =>
      script.select(title, options),
    confirm: async () => false,
    input: async () => undefined,
    notify: (/** @type {string} */ message) => script.notify(message),
    onTerminalInput: () => noop,
    setStatus: noop,
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
  };
}

const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  if (major < 22 || (major === 22 && minor < 19)) {
    process.stderr.write(
      `The demo runs Pi, which needs Node >= 22.19 (this is ${process.version}). Run it with \`npm run demo\`, which uses the repository's pinned Node.\n`,
    );
    process.exitCode = 1;
  } else {
    // `npm run demo | head` closes the pipe early: stop writing, but still clean up.
    let closed = false;
    process.stdout.on("error", (error) => {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EPIPE") throw error;
      closed = true;
    });
    await runDemo({ out: (line) => closed || process.stdout.write(`${line}\n`) });
  }
}
