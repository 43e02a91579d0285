// The proof of issue 16 on what Pi really draws: Pi's own CLI in its interactive TUI, in a real
// terminal (tmux, 80x24), against a scripted OpenAI-compatible model, with this package loaded
// by `-e`. The test types prompts, presses the dialog's keys and reads the screen: approve once,
// for the session (the same call again is not asked, a sibling is), always (the global policy
// file gains the rule and keeps its comment), deny with a reason (the model receives it), and
// the dialog of a 72 KB heredoc takes exactly its row budget with no line wider than the
// terminal. Nothing is timed: every wait polls the screen with a generous deadline.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { visibleWidth } from "@earendil-works/pi-tui";
import { applyEdits, modify, parse } from "jsonc-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PI_CHROME_ROWS } from "../../src/authority.ts";
import { PI_CLI } from "./pi-process.ts";
import { type ChatRequest, type ScriptedModel, startScriptedModel } from "./scripted-model.ts";
import { hasTmux, startTmux, type TmuxTerminal } from "./tmux-terminal.ts";

const PACKAGE = join(import.meta.dirname, "..", "..");
const COLS = 80;
const ROWS = 24;
const HEREDOC = `cat <<'EOF' > gen.py\n${"print('generated line')\n".repeat(3000)}EOF`;
const REASON = "use the make target instead";

// What the model runs for each prompt the test types (the prompt is the step's name).
const STEPS: Record<string, string> = {
  "step-once": "touch once.txt",
  "step-session": "touch session.txt",
  "step-again": "touch session.txt",
  "step-sibling": "touch sibling.txt",
  "step-always": "touch always.txt",
  "step-reason": "touch reason.txt",
  "step-keys": "touch keys.txt",
  "step-heredoc-20": HEREDOC,
  "step-heredoc-12": HEREDOC,
};

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content.map((part) => (part as { text?: string }).text ?? "").join("");
  }
  return "";
}

function stepOf(request: ChatRequest): string {
  const user = request.messages.filter((m) => m.role === "user").at(-1);
  return textOf(user?.content).trim();
}

/** The tool results the model received, all requests together. */
function toolTexts(model: ScriptedModel): string[] {
  return model.requests.flatMap((r) =>
    r.messages.filter((m) => m.role === "tool").map((m) => textOf(m.content)),
  );
}

const isDialogFor = (command: string) => (screen: string[]) =>
  screen.some((line) => line.startsWith("Permission required")) &&
  screen.some((line) => new RegExp(`^command\\s+${command.replace(/\./g, "\\.")}$`).test(line));

const HINT = /^↑↓\/jk move/;

describe.skipIf(!hasTmux())("the permission dialog in Pi's real TUI (tmux, 80x24)", () => {
  let dir: string;
  let agentDir: string;
  let cwd: string;
  let model: ScriptedModel;
  let term: TmuxTerminal;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "pi-tui-e2e-"));
    agentDir = join(dir, "agent");
    cwd = join(dir, "project");
    mkdirSync(agentDir);
    mkdirSync(cwd);
    writeFileSync(
      join(agentDir, "permissions.json"),
      '{\n  // keep this comment\n  "permission": { "*": "ask", "read": "allow" }\n}\n',
    );
    model = await startScriptedModel((request) => {
      const step = stepOf(request);
      if (request.messages.at(-1)?.role === "tool") return { text: `finished ${step}` };
      const command = STEPS[step];
      return command === undefined
        ? { text: `unknown step ${step}` }
        : { toolCalls: [{ name: "bash", arguments: { command } }] };
    });
    model.writeModelsJson(agentDir);
    term = startTmux({
      dir,
      cwd,
      cols: COLS,
      rows: ROWS,
      env: { PI_CODING_AGENT_DIR: agentDir, PI_OFFLINE: "1", PI_SKIP_VERSION_CHECK: "1" },
      command: [
        process.execPath,
        PI_CLI,
        "--offline",
        "--model",
        model.modelArg,
        "--tools",
        "bash",
        "-e",
        PACKAGE,
        "--no-skills",
        "--no-prompt-templates",
        "--no-context-files",
        "--no-themes",
        "--session-dir",
        join(dir, "sessions"),
      ],
    });
    // The footer names the policy once the extension has loaded it.
    await term.waitFor("Pi to start with the extension", (s) =>
      s.some((l) => l.includes("policy:global")),
    );
  }, 240_000);

  afterAll(async () => {
    term?.close();
    await model?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function prompt(step: string): Promise<void> {
    term.type(step);
    term.press("Enter");
  }

  const finished = (step: string) =>
    term.waitFor(`the model's answer to ${step}`, (s) =>
      s.some((l) => l.trim() === `finished ${step}`),
    );

  it("runs in a terminal of exactly 80x24", () => {
    expect(term.size()).toEqual({ cols: COLS, rows: ROWS });
  });

  it("approves once with y: the call runs", async () => {
    await prompt("step-once");
    const screen = await term.waitFor("the dialog", isDialogFor("touch once.txt"));
    // The keys and the exact grant are on screen, and no line is wider than the terminal.
    expect(screen).toContain("› y once    s session    a always    n deny    r deny with reason");
    expect(screen).toContain("  bash  touch once.txt  (exactly)");
    term.press("y");
    await finished("step-once");
    expect(existsSync(join(cwd, "once.txt"))).toBe(true);
  }, 240_000);

  it("approves for the session with s: the same call again is not asked, a sibling is", async () => {
    await prompt("step-session");
    await term.waitFor("the dialog", isDialogFor("touch session.txt"));
    term.press("s");
    await finished("step-session");
    rmSync(join(cwd, "session.txt"));

    // A dialog would block the run: reaching the model's answer means nobody was asked.
    await prompt("step-again");
    await finished("step-again");
    expect(existsSync(join(cwd, "session.txt"))).toBe(true);

    await prompt("step-sibling");
    await term.waitFor("the sibling's dialog", isDialogFor("touch sibling.txt"));
    term.press("n");
    await finished("step-sibling");
    expect(existsSync(join(cwd, "sibling.txt"))).toBe(false);
  }, 240_000);

  it("saves always with a, enter: the global file gains the rule and keeps its comment", async () => {
    await prompt("step-always");
    await term.waitFor("the dialog", isDialogFor("touch always.txt"));
    term.press("a");
    await term.waitFor("the choice of file", (s) => s.some((l) => l.startsWith("save to:")));
    term.press("Enter");
    await finished("step-always");
    const text = readFileSync(join(agentDir, "permissions.json"), "utf8");
    expect([
      text.includes("// keep this comment"),
      parse(text).permission,
      existsSync(join(cwd, "always.txt")),
    ]).toEqual([true, { "*": "ask", read: "allow", bash: { "touch always.txt": "allow" } }, true]);
  }, 240_000);

  it("denies with a reason with r: the model receives the reason", async () => {
    await prompt("step-reason");
    await term.waitFor("the dialog", isDialogFor("touch reason.txt"));
    term.press("r");
    await term.waitFor("the reason editor", (s) =>
      s.some((l) => l.startsWith("Reason (the agent sees it)")),
    );
    term.type(REASON);
    term.press("Enter");
    await finished("step-reason");
    expect(toolTexts(model).filter((t) => t.includes(REASON))).toHaveLength(1);
    expect(existsSync(join(cwd, "reason.txt"))).toBe(false);
  }, 240_000);

  it("takes remapped keys and the double press from the global file", async () => {
    setSettings({ promptKeys: { once: "o", deny: "x" }, promptDoublePress: true });
    await prompt("step-keys");
    const screen = await term.waitFor("the dialog", isDialogFor("touch keys.txt"));
    expect(screen).toContain("› o once    s session    a always    x deny    r deny with reason");
    term.press("o");
    await term.waitFor("the request to press again", (s) =>
      s.some((l) => l.startsWith("press o (or enter) again to approve: once")),
    );
    expect(existsSync(join(cwd, "keys.txt"))).toBe(false);
    term.press("o");
    await finished("step-keys");
    expect(existsSync(join(cwd, "keys.txt"))).toBe(true);
    setSettings({ promptKeys: undefined, promptDoublePress: undefined });
  }, 240_000);

  /** The dialog as the terminal shows it, wrapped lines joined: its title to its key hints. */
  function drawnDialog(): string[] {
    const rows = term.history().slice(-ROWS);
    const last = rows.findLastIndex((l) => HINT.test(l));
    const first = rows.slice(0, last).findLastIndex((l) => l.startsWith("Permission required"));
    return first < 0 || last < 0 ? [] : rows.slice(first, last + 1);
  }

  function setSettings(settings: Record<string, unknown>): void {
    const file = join(agentDir, "permissions.json");
    let text = readFileSync(file, "utf8");
    for (const [key, value] of Object.entries(settings)) {
      text = applyEdits(text, modify(text, [key], value, {}));
    }
    writeFileSync(file, text);
  }

  it.each([
    // note, settings, the budget: promptMaxRows, and never more than the terminal's 24 rows
    // less the 4 Pi keeps (a spacer and its footer), so the whole dialog stays on screen
    [
      "the terminal's rows bind (fields up to 5000 characters)",
      { promptFieldMaxWidth: 5000 },
      ROWS - PI_CHROME_ROWS,
    ],
    ["promptMaxRows 12 binds", { promptFieldMaxWidth: 5000, promptMaxRows: 12 }, 12],
  ])(
    "draws a 72 KB heredoc's dialog in exactly its budget of rows, none wider than the terminal: %s",
    async (note, settings, budget) => {
      // The policy file is read on every call: the next ask uses these settings.
      setSettings(settings);
      const step = `step-heredoc-${budget}`;
      await prompt(step);
      // The whole dialog on screen: its title and, below, its key hints.
      await term.waitFor(
        "the heredoc's dialog",
        (s) => s.some((l) => l.startsWith("Permission required")) && s.some((l) => HINT.test(l)),
      );
      const dialog = drawnDialog();
      expect([note, dialog.length]).toEqual([note, budget]);
      expect(dialog.filter((l) => visibleWidth(l) > COLS)).toEqual([]);
      term.press("Escape");
      await finished(step);
    },
    240_000,
  );
});
