// Permission hooks in real Pi sessions: enablement, its branch-local state entries and their
// transcript cards (seed 004), and hook verdicts reaching the agent, the log and the events.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CustomEntry } from "@earendil-works/pi-coding-agent";
import { afterEach, describe, expect, it } from "vitest";
import { getPermissionsService } from "../../src/index.ts";
import { type PiRun, type PiRunOptions, seenEvents, startPi, stripAnsi } from "./harness.ts";

const PACKAGE = join(import.meta.dirname, "..", "..");
const SUBSCRIBER = join(import.meta.dirname, "fixtures", "subscriber-ext.ts");
const WRITER = join(import.meta.dirname, "fixtures", "state-entry-writer-ext.ts");
const REGISTRAR = join(import.meta.dirname, "fixtures", "hook-registrar-ext.ts");

let run: PiRun | undefined;
afterEach(() => run?.dispose());

type Hooks = Record<string, { name: string; permission: Record<string, unknown> }>;

const GLOBAL_HOOKS: Hooks = {
  git: { name: "Git mutations", permission: { bash: { "git push *": "ask" } } },
  rm: { name: "Destructive removal", permission: { bash: { "rm *": "deny" } } },
  scratch: { name: "Scratch files", permission: { bash: { "touch scratch*": "deny" } } },
};
const PROJECT_HOOKS: Hooks = {
  deploy: { name: "Production deployment", permission: { bash: { "kubectl *": "deny" } } },
};

function policy(hooks: Hooks): string {
  return JSON.stringify({ permission: { "*": "allow" }, hooks });
}

async function start(options: Partial<PiRunOptions> & { hooks?: Hooks; projectHooks?: Hooks }) {
  const { hooks = GLOBAL_HOOKS, projectHooks = PROJECT_HOOKS, ...rest } = options;
  run = await startPi({
    extensions: [PACKAGE, WRITER],
    mode: "rpc",
    agentFiles: { "permissions.json": policy(hooks) },
    // The project file only adds hooks, so it tightens and needs no trust.
    files: { ".pi/permissions.json": JSON.stringify({ hooks: projectHooks }) },
    ...rest,
  });
  return run;
}

const bash = (command: string) => ({ tool: "bash", input: { command } });

/** The permission state entries of the active branch, oldest first. */
function stateEntries(r: PiRun): CustomEntry[] {
  return r.session.sessionManager
    .getBranch()
    .filter((e): e is CustomEntry => e.type === "custom" && e.customType === "permissions");
}

function card(r: PiRun, entry: CustomEntry | undefined, expanded = false, width = 80) {
  if (!entry) throw new Error("no entry");
  return r.renderEntry(entry, { expanded }, width)?.map((l) => stripAnsi(l).trimEnd());
}

/** The card's text lines: the box's padding rows and margins removed. */
function cardText(r: PiRun, entry: CustomEntry | undefined, expanded = false) {
  const lines = card(r, entry, expanded);
  if (!lines) return lines;
  const text = lines.map((l) => l.replace(/^ /, ""));
  while (text[0] === "") text.shift();
  while (text.at(-1) === "") text.pop();
  return text;
}

function hookStates(r: PiRun) {
  const service = getPermissionsService(r.session.sessionManager.getSessionId());
  return service?.getHooks().map((h) => `${h.enabled ? "●" : "○"} ${h.id}`);
}

/** An expanded card's hook row: marker, dot, the name in its column (24 + 2), the source. */
const row = (mark: string, dot: string, name: string, source: string) =>
  `${mark === "*" ? "*" : " "} ${dot} ${name.padEnd(26)}${source}`;

/** The mode Pi bound the session in, as an extension saw it at session start. */
const modeSeen = (r: PiRun) =>
  (
    r.session.sessionManager
      .getBranch()
      .find((e) => e.type === "custom" && e.customType === "probe-mode") as
      | { data: { mode: string } }
      | undefined
  )?.data.mode;

// The policy summary `/permissions` shows first is checked in session.e2e.test.ts.
const notices = (r: PiRun) =>
  r.uiLog.filter(
    (l) => l.startsWith("notify:") && !l.startsWith("notify:info:Permission policy files:"),
  );
const lastStatus = (r: PiRun) =>
  r.uiLog.filter((l) => l.startsWith("status:pi-permission:")).at(-1);

function reviewLines(r: PiRun): Array<Record<string, unknown>> {
  const file = join(r.agentDir, "pi-permission", "logs", "review.jsonl");
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

describe("a hook's verdict in a real session", () => {
  it("denies while enabled, lets the call run once disabled, denies again after re-enabling; log and event name the hook", async () => {
    const r = await start({ extensions: [PACKAGE, SUBSCRIBER], turns: [[bash("touch scratch1")]] });
    const [denied] = await r.prompt();
    expect(denied?.text).toBe(
      "[pi-permission-system] Denied by hook 'Scratch files': 'bash' (rule 'touch scratch*').",
    );
    expect(existsSync(join(r.cwd, "scratch1"))).toBe(false);

    await r.command("/permissions disable Scratch files");
    r.script([[bash("touch scratch1")]]);
    const [ran] = await r.prompt();
    expect([ran?.isError, existsSync(join(r.cwd, "scratch1"))]).toEqual([false, true]);

    await r.command("/permissions enable Scratch files");
    r.script([[bash("touch scratch2")]]);
    const [again] = await r.prompt();
    expect([again?.text, existsSync(join(r.cwd, "scratch2"))]).toEqual([denied?.text, false]);

    const hook = { id: "user:scratch", name: "Scratch files", source: "user" };
    const decisions = seenEvents(r, "permissions:decision");
    expect(decisions.map((d) => [d.value, d.result, d.hook ?? null])).toEqual([
      ["touch scratch1", "deny", hook],
      ["touch scratch1", "allow", null],
      ["touch scratch2", "deny", hook],
    ]);
    const blocked = reviewLines(r).filter((l) => l.event === "permission_request.blocked");
    expect(blocked.map((l) => [l.command, l.hook])).toEqual([
      ["touch scratch1", hook],
      ["touch scratch2", hook],
    ]);
    expect(stateEntries(r).map((e) => cardText(r, e)?.[0])).toEqual([
      "Permissions · 1 check disabled · 3/4 active",
      "Permissions · 1 check enabled · 4/4 active",
    ]);
  });

  it("takes hooks from the project file too, after the user's; /permissions show lists them", async () => {
    const r = await start({});
    expect(hookStates(r)).toEqual([
      "● user:git",
      "● user:rm",
      "● user:scratch",
      "● project:deploy",
    ]);
    await r.command("/permissions disable Destructive removal");
    await r.command("/permissions show");
    const summaries = r.uiLog.filter((l) => l.startsWith("notify:info:Permission policy files:"));
    const shown = summaries.at(-1)?.split("\n") ?? [];
    const at = shown.findIndex((l) => l.startsWith("Permission hooks"));
    expect(shown.slice(at, at + 5)).toEqual([
      "Permission hooks (3/4 active):",
      "  ● Git mutations  user  [user:git]",
      "  ○ Destructive removal  user  [user:rm]",
      "  ● Scratch files  user  [user:scratch]",
      "  ● Production deployment  project  [project:deploy]",
    ]);
  });

  it("asks where a hook asks, and the human's denial names the hook", async () => {
    const r = await start({
      ui: { select: () => "Deny" },
      turns: [[bash("git push origin main")]],
    });
    const [result] = await r.prompt();
    expect(result?.text).toBe(
      "[pi-permission-system] The user denied this 'bash' call (rule 'git push *', hook 'Git mutations').",
    );
  });

  it("a registered hook denies with its reason; a throwing one asks, naming itself; a disabled one is not consulted", async () => {
    const r = await start({
      extensions: [PACKAGE, REGISTRAR],
      mode: "print",
      turns: [[bash("echo publish")], [bash("echo flaky")]],
    });
    const results = await r.prompt();
    expect(results.map((x) => x.text)).toEqual([
      "[pi-permission-system] Denied by hook 'Release publication': 'bash'. Reason: publishing needs a release ticket.",
      "[pi-permission-system] This 'bash' call (hook 'Flaky check') requires approval, but no interactive UI is available.",
    ]);
    expect(hookStates(r)?.slice(-2)).toEqual([
      "● package:release-guard:publish",
      "● package:release-guard:flaky",
    ]);
    const calls = () => readFileSync(join(r.cwd, "hook-calls.jsonl"), "utf8").split("\n");
    const before = calls().filter((c) => c === "publish").length;
    await r.command("/permissions disable Release publication");
    r.script([[bash("echo after")]]);
    const [after] = await r.prompt();
    expect([after?.isError, calls().filter((c) => c === "publish").length]).toEqual([
      false,
      before,
    ]);
  });
});

describe("registered hooks over a session's life", () => {
  it("a registered hook is registered again after a reload, and its disabled state is restored", async () => {
    const r = await start({ extensions: [PACKAGE, REGISTRAR], turns: [[bash("echo publish")]] });
    await r.command("/permissions disable package:release-guard:publish");
    await r.reload();
    expect(hookStates(r)?.slice(-2)).toEqual([
      "○ package:release-guard:publish",
      "● package:release-guard:flaky",
    ]);
    const [result] = await r.prompt();
    expect([result?.isError, result?.text.trim()]).toEqual([false, "publish"]);
  });
});

describe("enablement commands, shortcut and footer", () => {
  it("transitions append exactly one entry each; no-ops append none", async () => {
    const r = await start({});
    await r.command("/permissions disable Git mutations");
    await r.command("/permissions disable Git mutations");
    await r.command("/permissions disable all");
    await r.command("/permissions disable all");
    await r.command("/permissions enable user:git");
    expect(stateEntries(r).map((e) => cardText(r, e)?.[0])).toEqual([
      "Permissions · 1 check disabled · 3/4 active",
      "Permissions · 3 checks disabled · 0/4 active",
      "Permissions · 1 check enabled · 1/4 active",
    ]);
  });

  it("Alt+P turns all off when any is on, else all on; the footer follows", async () => {
    const r = await start({ mode: "tui" });
    expect(lastStatus(r)).toBe("status:pi-permission:policy:global+project permissions:4/4");
    await r.command("/permissions disable Destructive removal");
    expect(lastStatus(r)).toBe("status:pi-permission:policy:global+project permissions:3/4");
    await r.shortcut("alt+p");
    expect(lastStatus(r)).toBe("status:pi-permission:policy:global+project permissions:0/4");
    await r.shortcut("alt+p");
    expect(lastStatus(r)).toBe("status:pi-permission:policy:global+project permissions:4/4");
    expect(stateEntries(r).map((e) => cardText(r, e)?.[0])).toEqual([
      "Permissions · 1 check disabled · 3/4 active",
      "Permissions · 3 checks disabled · 0/4 active",
      "Permissions · 4 checks enabled · 4/4 active",
    ]);
  });

  it("names an unknown or ambiguous hook and changes nothing", async () => {
    const r = await start({
      projectHooks: { git: { name: "Git mutations", permission: { bash: { "git *": "ask" } } } },
    });
    await r.command("/permissions disable Nope");
    await r.command("/permissions disable git mutations");
    expect([notices(r), stateEntries(r).length]).toEqual([
      [
        'notify:warning:No permission hook is named "Nope". Loaded: Git mutations (user:git), Destructive removal (user:rm), Scratch files (user:scratch), Git mutations (project:git).',
        'notify:warning:Several permission hooks are named "git mutations": user:git (user), project:git (project). Name one by its id.',
      ],
      0,
    ]);
  });

  describe("feedback per mode (seed 004's table)", () => {
    it("TUI: the entry is appended and rendered, and no success toast", async () => {
      const r = await start({ mode: "tui" });
      await r.command("/permissions disable Git mutations");
      expect([stateEntries(r).length, notices(r)]).toEqual([1, []]);
    });

    it("RPC: the entry is appended, and the transition is notified", async () => {
      const r = await start({ mode: "rpc" });
      await r.command("/permissions disable Git mutations");
      expect([stateEntries(r).length, notices(r)]).toEqual([
        1,
        ["notify:info:Permissions · 1 check disabled · 3/4 active"],
      ]);
    });

    it.each(["print", "json"] as const)(
      "%s: the entry is appended, and nothing is said",
      async (mode) => {
        const r = await start({ mode });
        await r.command("/permissions disable all");
        expect([modeSeen(r), stateEntries(r).length, r.uiLog]).toEqual([mode, 1, []]);
      },
    );
  });
});

describe("seed 004 edge cases", () => {
  it("Modal saves without edits: closes silently; no state change, no entry", async () => {
    const r = await start({
      mode: "tui",
      ui: { custom: (component) => component.handleInput?.("\r") },
    });
    await r.command("/permissions");
    expect([r.uiLog.includes("custom"), stateEntries(r).length, notices(r)]).toEqual([true, 0, []]);
  });

  it("Named/global command is already satisfied: no entry; notifies Permissions unchanged", async () => {
    const r = await start({});
    await r.command("/permissions enable Git mutations");
    await r.command("/permissions enable all");
    expect([stateEntries(r).length, notices(r)]).toEqual([
      0,
      ["notify:info:Permissions unchanged", "notify:info:Permissions unchanged"],
    ]);
  });

  it("No hooks are loaded: notifies No permission hooks loaded; no entry", async () => {
    const r = await start({ mode: "tui", hooks: {}, projectHooks: {} });
    await r.command("/permissions hooks");
    await r.command("/permissions disable all");
    await r.shortcut("alt+p");
    expect([stateEntries(r).length, notices(r), lastStatus(r)]).toEqual([
      0,
      [
        "notify:info:No permission hooks loaded",
        "notify:info:No permission hooks loaded",
        "notify:info:No permission hooks loaded",
      ],
      "status:pi-permission:policy:global+project",
    ]);
  });

  it("Mixed modal transition: compact says N checks changed; expanded marks both changes in place", async () => {
    const r = await start({
      mode: "tui",
      ui: {
        // Cursor on Git mutations (disabled below): enable it; down; disable Destructive removal; save.
        custom: (component) => {
          for (const key of [" ", "\x1b[B", " ", "\r"]) component.handleInput?.(key);
        },
      },
    });
    await r.command("/permissions disable Git mutations");
    await r.command("/permissions");
    const entry = stateEntries(r).at(-1);
    expect(cardText(r, entry)).toEqual(["Permissions · 2 checks changed · 3/4 active"]);
    expect(cardText(r, entry, true)).toEqual([
      "Permissions · 2 checks changed · 3/4 active",
      "",
      row("*", "●", "Git mutations", "user"),
      row("*", "○", "Destructive removal", "user"),
      row(" ", "●", "Scratch files", "user"),
      row(" ", "●", "Production deployment", "project"),
    ]);
  });

  it("One hook changes: compact says 1 check disabled, without the hook's name", async () => {
    const r = await start({});
    await r.command("/permissions disable Production deployment");
    expect(cardText(r, stateEntries(r)[0])).toEqual([
      "Permissions · 1 check disabled · 3/4 active",
    ]);
  });

  it("Duplicate hook names: expanded source labels disambiguate", async () => {
    const r = await start({
      hooks: { git: GLOBAL_HOOKS.git as Hooks[string] },
      projectHooks: { git: { name: "Git mutations", permission: { bash: { "git *": "ask" } } } },
    });
    await r.command("/permissions disable project:git");
    expect(cardText(r, stateEntries(r)[0], true)).toEqual([
      "Permissions · 1 check disabled · 1/2 active",
      "",
      row(" ", "●", "Git mutations", "user"),
      row("*", "○", "Git mutations", "project"),
    ]);
  });

  it("Hook is renamed, moved, removed, or reordered later: existing cards keep their snapshot; a stale id is ignored", async () => {
    const r = await start({});
    await r.command("/permissions disable Scratch files");
    writeFileSync(
      join(r.agentDir, "permissions.json"),
      policy({
        rm: { name: "Removal (renamed)", permission: { bash: { "rm *": "deny" } } },
        git: GLOBAL_HOOKS.git as Hooks[string],
      }),
    );
    await r.command("/permissions reload");
    expect(hookStates(r)).toEqual(["● user:rm", "● user:git", "● project:deploy"]);
    expect(cardText(r, stateEntries(r)[0], true)).toEqual([
      "Permissions · 1 check disabled · 3/4 active",
      "",
      row(" ", "●", "Git mutations", "user"),
      row(" ", "●", "Destructive removal", "user"),
      row("*", "○", "Scratch files", "user"),
      row(" ", "●", "Production deployment", "project"),
    ]);
  });

  it("A disabled hook is removed and another hook remains or appears: still-loaded state is restored, the new hook defaults enabled", async () => {
    const r = await start({ turns: [[bash("touch scratch9"), bash("rm -f nothing-here")]] });
    await r.command("/permissions disable Scratch files");
    await r.command("/permissions disable Destructive removal");
    writeFileSync(
      join(r.agentDir, "permissions.json"),
      policy({
        rm: GLOBAL_HOOKS.rm as Hooks[string],
        fresh: { name: "Fresh check", permission: { bash: { "curl *": "ask" } } },
      }),
    );
    await r.reload();
    expect(hookStates(r)).toEqual(["○ user:rm", "● user:fresh", "● project:deploy"]);
    const results = await r.prompt();
    expect(results.map((x) => x.isError)).toEqual([false, false]);
  });

  it("A new hook appears later: it defaults enabled and appears only in snapshots made while it is loaded", async () => {
    const r = await start({ hooks: { git: GLOBAL_HOOKS.git as Hooks[string] }, projectHooks: {} });
    await r.command("/permissions disable Git mutations");
    writeFileSync(
      join(r.agentDir, "permissions.json"),
      policy({
        git: GLOBAL_HOOKS.git as Hooks[string],
        rm: GLOBAL_HOOKS.rm as Hooks[string],
      }),
    );
    await r.command("/permissions reload");
    expect(hookStates(r)).toEqual(["○ user:git", "● user:rm"]);
    await r.command("/permissions enable Git mutations");
    expect(stateEntries(r).map((e) => cardText(r, e, true))).toEqual([
      ["Permissions · 1 check disabled · 0/1 active", "", row("*", "○", "Git mutations", "user")],
      [
        "Permissions · 1 check enabled · 2/2 active",
        "",
        row("*", "●", "Git mutations", "user"),
        row(" ", "●", "Destructive removal", "user"),
      ],
    ]);
  });

  it.each([
    {
      edge: "Old { hooks: Record<string, boolean> } entry",
      data: { hooks: { "user:git": false } },
    },
    { edge: "Legacy { enabled: false } entry", data: { enabled: false } },
    {
      edge: "New hook-array entry is malformed",
      data: { hooks: [{ id: "user:git", name: "Git mutations", source: "user", enabled: false }] },
    },
  ])("$edge: treated as no state entry; defaults restored, nothing rendered", async ({ data }) => {
    const r = await start({});
    await r.command(`/put-permissions-entry ${JSON.stringify(data)}`);
    await r.reload();
    expect([
      hookStates(r)?.[0],
      card(r, stateEntries(r)[0]),
      card(r, stateEntries(r)[0], true),
    ]).toEqual(["● user:git", undefined, undefined]);
  });

  it("Entire latest state entry is invalid: defaults are restored, not an older entry", async () => {
    const r = await start({});
    await r.command("/permissions disable Git mutations");
    await r.command('/put-permissions-entry {"hooks":[]}');
    await r.reload();
    expect(hookStates(r)?.[0]).toBe("● user:git");
  });

  it.each([
    null,
    "disabled",
    42,
    [],
    { hooks: null },
    { hooks: [null] },
    {
      hooks: [
        { id: "user:git", name: "Git mutations", source: "team", enabled: false, changed: true },
      ],
    },
  ])("Renderer throws unexpectedly: pure validation returns no component for %j", async (data) => {
    const r = await start({});
    await r.command(`/put-permissions-entry ${JSON.stringify(data)}`);
    const entry = stateEntries(r)[0];
    expect([entry?.data, card(r, entry), card(r, entry, true)]).toEqual([
      data,
      undefined,
      undefined,
    ]);
  });

  it("Branch navigation, fork, or reload: the active branch's latest entry is restored; cards only on that branch", async () => {
    const r = await start({ mode: "tui", turns: [[bash("echo one")]] });
    await r.prompt();
    const beforeDisable = r.session.sessionManager.getLeafId();
    await r.command("/permissions disable Scratch files");
    r.script([[bash("touch scratch1")]]);
    await r.prompt("second");
    expect(existsSync(join(r.cwd, "scratch1"))).toBe(true);

    await r.reload();
    expect([hookStates(r)?.[2], lastStatus(r)]).toEqual([
      "○ user:scratch",
      "status:pi-permission:policy:global+project permissions:3/4",
    ]);

    if (!beforeDisable) throw new Error("no leaf");
    await r.navigateTree(beforeDisable);
    expect([hookStates(r)?.[2], stateEntries(r).length, lastStatus(r)]).toEqual([
      "● user:scratch",
      0,
      "status:pi-permission:policy:global+project permissions:4/4",
    ]);
    r.script([[bash("touch scratch2")]]);
    const [onOldBranch] = await r.prompt("third");
    expect(onOldBranch?.text).toBe(
      "[pi-permission-system] Denied by hook 'Scratch files': 'bash' (rule 'touch scratch*').",
    );

    // Fork from the second prompt of the first branch: its path holds the disabling entry.
    const secondPrompt = r.session.sessionManager
      .getEntries()
      .find(
        (e) =>
          e.type === "message" &&
          (e as { message: { role: string; content: unknown } }).message.role === "user" &&
          JSON.stringify((e as { message: { content: unknown } }).message.content).includes(
            "second",
          ),
      );
    if (!secondPrompt) throw new Error("no second prompt");
    await r.fork(secondPrompt.id, "before");
    expect([hookStates(r)?.[2], stateEntries(r).length]).toEqual(["○ user:scratch", 1]);
  });

  it("Branch navigation: resume restores the session file's active branch", async () => {
    const r = await start({ turns: [[bash("echo one")]] });
    await r.prompt();
    await r.command("/permissions disable Git mutations");
    r.script([[bash("echo two")]]);
    await r.prompt("again");
    const file = r.session.sessionManager.getSessionFile();
    if (!file) throw new Error("no session file");
    await r.newSession();
    expect(hookStates(r)?.[0]).toBe("● user:git");
    await r.resume(file);
    expect(hookStates(r)?.[0]).toBe("○ user:git");
  });

  it("Historical card shows disabled hooks that were later enabled: it stays a point-in-time record", async () => {
    const r = await start({});
    await r.command("/permissions disable Git mutations");
    await r.command("/permissions enable Git mutations");
    expect(cardText(r, stateEntries(r)[0], true)?.slice(0, 3)).toEqual([
      "Permissions · 1 check disabled · 3/4 active",
      "",
      row("*", "○", "Git mutations", "user"),
    ]);
  });
});
