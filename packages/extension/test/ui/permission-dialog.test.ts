import { visibleWidth } from "@earendil-works/pi-tui";
import { loadBashAnalyzer } from "@pi-permission/bash";
import { evaluateToolCall, type ToolCallFacts } from "@pi-permission/gates";
import type { PromptPayload } from "@pi-permission/payload";
import { loadPolicy } from "@pi-permission/policy";
import { describe, expect, it, vi } from "vitest";
import {
  DEFAULT_PROMPT_KEYS,
  type DialogChoice,
  type DialogResult,
  PermissionDialog,
  type PermissionDialogInput,
} from "../../src/ui/permission-dialog.ts";
import { darkTheme, plainLines } from "./theme.ts";

const theme = darkTheme();
const analyzer = await loadBashAnalyzer();
const policy = loadPolicy({
  cwd: "/repo",
  home: "/home/u",
  env: {},
  agentDir: "/nonexistent-agent",
  managedFile: null,
  readFile: (file) =>
    file === "/nonexistent-agent/permissions.json" ? '{ "permission": { "*": "ask" } }' : undefined,
}).policy;

function payloadOf(toolName: string, input: Record<string, unknown>): PromptPayload {
  const facts: ToolCallFacts = {
    toolName,
    toolCallId: "call_1",
    input,
    cwd: "/repo",
    home: "/home/u",
    agentName: null,
    sessionId: "s",
  };
  const verdict = evaluateToolCall(
    { rules: policy.rules, settings: policy.settings },
    facts,
    analyzer,
  );
  const payload = verdict.deciding?.payload;
  if (!payload) throw new Error("no ask");
  return payload;
}

const HEREDOC = `cat <<'EOF' > gen.py\n${"print('generated line')\n".repeat(3000)}EOF`;

// Seed 000's worked examples, and the 72 KB heredoc.
const EXAMPLES: [string, PromptPayload][] = [
  ["rm -rf build", payloadOf("bash", { command: "rm -rf build" })],
  ["read /etc/passwd", payloadOf("read", { path: "/etc/passwd" })],
  ["cp to /etc", payloadOf("bash", { command: "cp config.yaml /etc/app/config.yaml" })],
  ["diff outside", payloadOf("bash", { command: "diff /etc/hosts ~/.ssh/known_hosts > /tmp/out" })],
  ["sudo aws", payloadOf("bash", { command: "sudo aws s3 rm s3://bucket --recursive" })],
  ["72 KB heredoc", payloadOf("bash", { command: HEREDOC })],
];

const CHOICES: DialogChoice[] = [
  { id: "once", label: "once" },
  { id: "session", label: "session" },
  { id: "always", label: "always" },
  { id: "deny", label: "deny" },
  { id: "denyWithReason", label: "deny with reason" },
];

const GLOBAL = { scope: "global" as const, file: "~/.pi/agent/permissions.json" };
const PROJECT = { scope: "project" as const, file: "/repo/.pi/permissions.json" };

function open(payload: PromptPayload, changes: Partial<PermissionDialogInput> = {}) {
  const done = vi.fn<(result: DialogResult) => void>();
  const dialog = new PermissionDialog(
    {
      payload,
      choices: CHOICES,
      grants: {
        exact: [{ surface: "bash", pattern: "git status --short", match: "exact" }],
        wider: [{ surface: "bash", pattern: "git status *", match: "pattern" }],
      },
      alwaysTargets: [GLOBAL, PROJECT],
      promptMaxRows: 24,
      promptFieldMaxWidth: 400,
      keys: { ...DEFAULT_PROMPT_KEYS },
      ...changes,
    },
    theme,
    done,
  );
  const press = (...keys: string[]) => {
    for (const key of keys) dialog.handleInput(key);
  };
  return { dialog, done, press };
}

describe("the inline dialog fits the terminal", () => {
  const terminals = [
    [80, 24],
    [200, 50],
  ] as const;
  for (const [cols, rows] of terminals) {
    it.each(EXAMPLES)(
      `${cols}x${rows}: %s draws no more rows than the budget, none wider`,
      (_n, payload) => {
        for (const mode of ["choose", "always", "reason"] as const) {
          const { dialog, press } = open(payload, { terminalRows: () => rows });
          if (mode === "always") press("a");
          if (mode === "reason") press("r", "x".repeat(500));
          const lines = dialog.render(cols);
          expect(lines.length).toBeLessThanOrEqual(Math.min(24, rows));
          for (const line of lines) expect(visibleWidth(line)).toBeLessThanOrEqual(cols);
          // The answers and the grant an approval adds are always on screen.
          const text = plainLines(lines).join("\n");
          if (mode === "choose") {
            expect(text).toContain("y once");
            expect(text).toContain("bash  git status --short  (exactly)");
          }
        }
      },
    );
  }

  it("never takes more rows than a small terminal has", () => {
    const { dialog } = open(EXAMPLES[5]?.[1] as PromptPayload, { terminalRows: () => 10 });
    expect(dialog.render(80).length).toBeLessThanOrEqual(10);
  });

  it("draws the seed's rm example with the grant preview and the keys", () => {
    const { dialog } = open(EXAMPLES[0]?.[1] as PromptPayload, {
      grants: {
        exact: [{ surface: "bash", pattern: "rm -rf build", match: "exact" }],
        wider: null,
      },
    });
    const lines = plainLines(dialog.render(80));
    expect(lines.slice(-4)).toEqual([
      "session or always adds:",
      "  bash  rm -rf build  (exactly)",
      "› y once    s session    a always    n deny    r deny with reason",
      "↑↓/jk move · enter choose · v full request · esc deny",
    ]);
  });
});

describe("the dialog's keys", () => {
  const payload = EXAMPLES[0]?.[1] as PromptPayload;

  it.each<[string[], DialogResult]>([
    [["y"], { kind: "once" }],
    [["s"], { kind: "session", wider: false }],
    [["w", "s"], { kind: "session", wider: true }],
    [["n"], { kind: "deny", reason: null }],
    [["\x1b"], { kind: "deny", reason: null }],
    [["j", "\r"], { kind: "session", wider: false }],
    [
      ["\x1b[B", "\x1b[B", "\x1b[B", "k", "\r"],
      { kind: "always", wider: false, target: GLOBAL } as never,
    ],
    [["a", "\r"], { kind: "always", wider: false, target: GLOBAL }],
    [["a", "p", "\r"], { kind: "always", wider: false, target: PROJECT }],
    [["r", "n", "o", "\x7f", "o", "t", " ", "x", "\r"], { kind: "deny", reason: "not x" }],
    [
      ["r", "\x1b[200~line one\nline two\r\n\x1b[201~", "\r"],
      { kind: "deny", reason: "line one line two" },
    ],
    [["r", "\x1b", "y"], { kind: "once" }],
    [["v"], { kind: "expand", wider: false, choice: 0 }],
  ])("%j → %j", (keys, result) => {
    const { done, press } = open(payload);
    press(...keys);
    if (keys[0] === "\x1b[B") {
      // Down three times lands on deny; up once is always, which asks where to save first.
      expect(done).not.toHaveBeenCalled();
      press("\r");
      expect(done).toHaveBeenCalledWith({ kind: "always", wider: false, target: GLOBAL });
      return;
    }
    expect(done.mock.calls).toEqual([[result]]);
  });

  it("answers once: keys after the answer change nothing", () => {
    const { done, press } = open(payload);
    press("y", "n", "s");
    expect(done.mock.calls).toEqual([[{ kind: "once" }]]);
  });

  it("takes remapped keys", () => {
    const { done, press } = open(payload, {
      keys: { ...DEFAULT_PROMPT_KEYS, once: "o", deny: "x" },
    });
    press("y");
    expect(done).not.toHaveBeenCalled();
    press("o");
    expect(done.mock.calls).toEqual([[{ kind: "once" }]]);
  });

  it("offers no always without a place to save it", () => {
    const { done, press } = open(payload, { alwaysTargets: [] });
    press("a", "\r");
    expect(done.mock.calls).toEqual([[{ kind: "once" }]]);
  });
});

describe("the double press (promptDoublePress)", () => {
  const payload = EXAMPLES[0]?.[1] as PromptPayload;

  it.each<[string, string[], DialogResult | null]>([
    ["one press of an approval only arms it", ["y"], null],
    ["the same key again approves", ["y", "y"], { kind: "once" }],
    ["enter on the armed answer approves", ["s", "\r"], { kind: "session", wider: false }],
    ["enter twice approves the highlighted answer", ["\r", "\r"], { kind: "once" }],
    ["another key in between cancels", ["y", "x", "y"], null],
    ["a different approval re-arms instead", ["y", "s"], null],
    ["deny takes one press", ["n"], { kind: "deny", reason: null }],
    ["escape takes one press", ["\x1b"], { kind: "deny", reason: null }],
    [
      "always asks where to save after its second press",
      ["a", "a", "\r"],
      { kind: "always", wider: false, target: GLOBAL },
    ],
    [
      "deny with a reason opens the editor on one press",
      ["r", "x", "\r"],
      { kind: "deny", reason: "x" },
    ],
  ])("%s", (_note, keys, result) => {
    const { done, press } = open(payload, { doublePress: true });
    press(...keys);
    expect(done.mock.calls).toEqual(result === null ? [] : [[result]]);
  });

  it("says which key confirms while an approval is armed", () => {
    const { dialog, press } = open(payload, { doublePress: true });
    press("s");
    expect(plainLines(dialog.render(80)).slice(-2)).toEqual([
      "  y once  › s session    a always    n deny    r deny with reason",
      "press s (or enter) again to approve: session · any other key cancels",
    ]);
  });

  it("is off by default: one press approves", () => {
    const { done, press } = open(payload);
    press("y");
    expect(done.mock.calls).toEqual([[{ kind: "once" }]]);
  });
});
