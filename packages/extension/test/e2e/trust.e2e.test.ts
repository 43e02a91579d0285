// Project trust, the built-in default and the policy summary in a real Pi session
// (docs/configuration.md: "Project trust", "The built-in default policy").
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type PiRun, startPi } from "./harness.ts";

const PACKAGE = join(import.meta.dirname, "..", "..");

let run: PiRun | undefined;
afterEach(() => run?.dispose());

const GLOBAL = JSON.stringify({ permission: { "*": "ask", bash: { "rm *": "deny" } } });
const LOOSENING = JSON.stringify({
  permission: { bash: { "touch *": "allow", "rm *": "allow" } },
  yolo: true,
});
const touch = (name: string) => ({ tool: "bash", input: { command: `touch ${name}` } });

describe("a project policy file that loosens", () => {
  it("is inert until trusted, applies once trusted, and is inert again when it changes", async () => {
    run = await startPi({
      extensions: [PACKAGE],
      mode: "rpc",
      ui: { select: () => "Deny" },
      agentFiles: { "permissions.json": GLOBAL },
      files: { ".pi/permissions.json": LOOSENING },
      turns: [[touch("first")], [{ tool: "bash", input: { command: "rm -rf .pi" } }]],
    });
    const untrusted = await run.prompt();
    expect(untrusted.map((r) => r.text)).toEqual([
      "[pi-permission-system] The user denied this 'bash' call (rule '*').",
      "[pi-permission-system] Denied by policy: 'bash' (rule 'rm *').",
    ]);
    expect(existsSync(join(run.cwd, "first"))).toBe(false);
    expect(run.uiLog.filter((l) => l.startsWith("notify:warning:"))).toEqual([
      `notify:warning:pi-permission: ${join(run.cwd, ".pi", "permissions.json")} is not trusted, so it only tightens (3 loosening rules ignored); run /permissions trust to apply it in full.`,
    ]);
    expect(run.uiLog.filter((l) => l.startsWith("status:")).at(-1)).toBe(
      "status:pi-permission:policy:global+project project untrusted",
    );

    await run.command("/permissions trust");
    run.script([[touch("second")]]);
    const [trusted] = await run.prompt();
    expect([trusted?.isError, existsSync(join(run.cwd, "second"))]).toEqual([false, true]);

    writeFileSync(
      join(run.cwd, ".pi", "permissions.json"),
      LOOSENING.replace("touch *", "touch t*"),
    );
    run.script([[touch("third")]]);
    const [changed] = await run.prompt();
    expect([changed?.isError, existsSync(join(run.cwd, "third"))]).toEqual([true, false]);
  });

  it("in the TUI, asks before the agent acts, listing what it loosens with JSON paths", async () => {
    const titles: string[] = [];
    run = await startPi({
      extensions: [PACKAGE],
      mode: "tui",
      ui: {
        select: (title) => {
          titles.push(title);
          return title.startsWith("pi-permission: trust") ? "Trust this file" : "Deny";
        },
      },
      agentFiles: { "permissions.json": GLOBAL },
      files: { ".pi/permissions.json": LOOSENING },
      turns: [[touch("made")]],
    });
    const [result] = await run.prompt();
    expect([titles.length, result?.isError, existsSync(join(run.cwd, "made"))]).toEqual([
      1,
      false,
      true,
    ]);
    expect(titles[0]?.split("\n")).toEqual([
      `pi-permission: trust the project policy ${join(run.cwd, ".pi", "permissions.json")}?`,
      "It would loosen your policy:",
      // The broadest first (S32 F10).
      "  yolo: yolo on",
      '  permission.bash["touch *"]: allow',
      '  permission.bash["rm *"]: allow',
      "Until you trust it, only its deny and ask rules apply. A changed file is asked about again.",
    ]);
  });
});

describe("a project policy file that only tightens", () => {
  it("applies at once, without trust", async () => {
    run = await startPi({
      extensions: [PACKAGE],
      mode: "rpc",
      agentFiles: { "permissions.json": JSON.stringify({ permission: { "*": "allow" } }) },
      files: {
        ".pi/permissions.json": JSON.stringify({ permission: { bash: { "touch *": "deny" } } }),
      },
      turns: [[touch("made")]],
    });
    const [result] = await run.prompt();
    expect(result?.text).toBe("[pi-permission-system] Denied by policy: 'bash' (rule 'touch *').");
    expect(run.uiLog.filter((l) => l.startsWith("select:"))).toEqual([]);
  });
});

describe("with no policy file", () => {
  it("the built-in default applies and says so once: reads allowed, secrets denied, bash asks", async () => {
    run = await startPi({
      extensions: [PACKAGE],
      mode: "rpc",
      ui: { select: () => "Deny" },
      files: { "notes.md": "hello", ".env": "SECRET=1" },
      turns: [
        [
          { tool: "read", input: { path: "notes.md" } },
          { tool: "read", input: { path: ".env" } },
          touch("made"),
        ],
      ],
    });
    const results = await run.prompt();
    expect(results.map((r) => [r.isError, r.isError ? r.text : "ran"])).toEqual([
      [false, "ran"],
      [
        true,
        `[pi-permission-system] Denied by policy: 'path' for tool 'read' for path '${join(run.cwd, ".env")}' (rule '**/.env').`,
      ],
      [true, "[pi-permission-system] The user denied this 'bash' call (rule '*')."],
    ]);
    expect(run.uiLog.filter((l) => l.includes("the built-in default applies"))).toHaveLength(1);
  });

  it("/permissions with no argument shows the summary (RPC notify) and the footer shows the source", async () => {
    run = await startPi({ extensions: [PACKAGE], mode: "rpc", turns: [] });
    await run.command("/permissions");
    const summary = run.uiLog.find((l) => l.startsWith("notify:info:Permission policy files:"));
    expect(summary?.split("\n").slice(0, 4)).toEqual([
      "notify:info:Permission policy files:",
      "  default: (built-in default policy) (loaded)",
      `  project: ${join(run.cwd, ".pi", "permissions.json")} (missing)`,
      "  (no global file: the built-in default applies; `pi-permission init` writes it)",
    ]);
    expect(run.uiLog.filter((l) => l.startsWith("status:")).at(-1)).toBe(
      "status:pi-permission:policy:default",
    );
  });
});

describe("the policy state is visible in every mode", () => {
  it("print mode: /permissions writes the summary to stderr (stdout stays the output stream)", async () => {
    run = await startPi({
      extensions: [PACKAGE],
      mode: "print",
      agentFiles: { "permissions.json": GLOBAL },
      files: { ".pi/permissions.json": LOOSENING },
      turns: [],
    });
    const written: string[] = [];
    const original = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    try {
      await run.command("/permissions");
    } finally {
      process.stderr.write = original;
    }
    const text = written.join("");
    expect(text).toContain("Permission policy files:");
    expect(text).toContain(`project: ${join(run.cwd, ".pi", "permissions.json")}`);
    expect(text).toContain("untrusted");
  });

  it("TUI: /permissions shows the summary and the footer names the files and the untrusted project", async () => {
    run = await startPi({
      extensions: [PACKAGE],
      mode: "tui",
      ui: { select: () => "Not now" },
      agentFiles: { "permissions.json": GLOBAL },
      files: { ".pi/permissions.json": LOOSENING },
      turns: [],
    });
    await run.command("/permissions");
    expect(run.uiLog.some((l) => l.includes("Permission policy files:"))).toBe(true);
    const footer = run.uiLog.filter((l) => l.startsWith("status:pi-permission:")).at(-1);
    expect(footer).toMatch(/^status:pi-permission:policy:global\+project .*untrusted/);
  });
});

describe("the user's own `!` commands", () => {
  // Pi emits `user_bash` for `!cmd` (the TUI) and the RPC `bash` command, as rpc-mode does.
  const userBash = (r: PiRun, command: string) =>
    r.session.extensionRunner.emitUserBash({
      type: "user_bash",
      command,
      excludeFromContext: false,
      cwd: r.cwd,
    });

  it("are the user's own by default: nothing judges them", async () => {
    run = await startPi({
      extensions: [PACKAGE],
      mode: "rpc",
      agentFiles: { "permissions.json": GLOBAL },
      turns: [],
    });
    expect(await userBash(run, "rm -rf build")).toBeUndefined();
  });

  it("with judgeUserBash they are judged like agent calls, and a refusal is their output", async () => {
    run = await startPi({
      extensions: [PACKAGE],
      mode: "rpc",
      agentFiles: {
        "permissions.json": JSON.stringify({
          permission: { "*": "ask", bash: { "*": "allow", "rm *": "deny" } },
          judgeUserBash: true,
        }),
      },
      turns: [],
    });
    const refused = await userBash(run, "rm -rf build");
    expect(refused?.result).toEqual({
      output: "[pi-permission-system] Denied by policy: 'bash' (rule 'rm *').",
      exitCode: 1,
      cancelled: false,
      truncated: false,
    });
    expect(await userBash(run, "ls")).toBeUndefined();
  });
});
