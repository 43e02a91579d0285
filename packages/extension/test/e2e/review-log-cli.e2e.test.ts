// Issue 17's done-when: a real Pi session writes the review log through the extension (asks
// approved and denied in the dialog, a policy deny, a secret in a command, a log small enough
// to rotate), then `pi-permission log` reads it as a user would, as a separate process.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PiRun, startPi } from "./harness.ts";

const PACKAGE = join(import.meta.dirname, "..", "..");
const NOOP_TOOLS = join(import.meta.dirname, "fixtures", "noop-tools-ext.ts");
const CLI = join(import.meta.dirname, "..", "..", "..", "cli", "bin", "pi-permission.js");
const SECRET = "ghp_e2eSecret0123456789";

let run: PiRun;
let logDir: string;

/** `pi-permission log …` against the session's agent dir: its output and exit code. */
function cli(...args: string[]): { code: number; out: string } {
  try {
    const out = execFileSync(process.execPath, [CLI, "log", ...args, "--agent-dir", run.agentDir], {
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
    });
    return { code: 0, out };
  } catch (error) {
    const e = error as { status: number; stdout: string };
    return { code: e.status, out: e.stdout };
  }
}

function jsonLines(text: string): Array<Record<string, unknown>> {
  return text
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l));
}

beforeAll(async () => {
  const answers = ["Approve once", "Approve once", "Deny"];
  run = await startPi({
    extensions: [NOOP_TOOLS, PACKAGE],
    mode: "rpc",
    ui: { select: () => answers.shift() },
    agentFiles: {
      "permissions.json": JSON.stringify({
        permission: { "*": "ask", bash: { "*": "ask", "rm *": "deny" } },
        reviewLogMaxBytes: 1500,
        reviewLogFiles: 20,
      }),
    },
    turns: [
      [{ tool: "bash", input: { command: "git status --short" } }],
      [{ tool: "bash", input: { command: "git status --short" } }],
      [{ tool: "bash", input: { command: "rm -rf build" } }],
      [{ tool: "bash", input: { command: `GITHUB_TOKEN=${SECRET} gh pr list` } }],
    ],
  });
  await run.prompt("work");
  logDir = join(run.agentDir, "pi-permission", "logs");
}, 120_000);

afterAll(() => run?.dispose());

describe("the review log a real session wrote", () => {
  it("rotated, holds no secret and writes no field twice", () => {
    const files = readdirSync(logDir).filter((f) => f.endsWith(".jsonl"));
    expect(files.length).toBeGreaterThan(1);
    const text = files.map((f) => readFileSync(join(logDir, f), "utf8")).join("");
    expect(text).not.toContain(SECRET);
    for (const line of jsonLines(text)) {
      if (typeof line.command === "string") expect(line).not.toHaveProperty("value");
    }
  });
});

describe("pi-permission log on it", () => {
  it("tail: one line per request, across the rotated files", () => {
    const { code, out } = cli("tail", "--json", "--tool", "bash", "--decision", "allow");
    expect(code).toBe(0);
    expect(jsonLines(out).map((s) => [s.value, s.resolution])).toEqual([
      ["git status --short", "user_approved"],
      ["git status --short", "user_approved"],
    ]);
    const readable = cli("tail", "--decision", "deny").out.split("\n").filter(Boolean);
    expect(
      readable.some((l) => / deny {2}bash {3}bash \[rm \*\] rm -rf build {2}perm-/.test(l)),
    ).toBe(true);
    expect(readable.some((l) => l.includes("GITHUB_TOKEN=[masked] gh pr list"))).toBe(true);
  });

  it("show: every line of the denied request, its decision, and what it masked", () => {
    const [denied] = jsonLines(cli("tail", "--json", "--event", "denied").out);
    const id = String(denied?.requestId);
    const { code, out } = cli("show", id);
    expect(code).toBe(0);
    expect(out).toContain(`request ${id}\n`);
    expect(out).toContain("  value     GITHUB_TOKEN=[masked] gh pr list\n");
    expect(out).toContain("  decision  deny (user_denied)\n");
    expect(out).toMatch(
      / {2}decided {3}rule `\*` \(global permission\.bash\["\*"\] in .*permissions\.json\)/,
    );
    expect(out).toContain("  masked    /command (GITHUB_TOKEN)");
    expect(out).toMatch(
      /permission_request\.waiting {2}ask \(asking user\)\n.*permission_request\.denied {2}deny\n$/,
    );
    const raw = jsonLines(cli("show", id, "--json").out);
    expect(raw.map((l) => l.event)).toEqual([
      "permission_request.waiting",
      "permission_request.denied",
    ]);
    expect(cli("show", "perm-not-there").code).toBe(1);
  });

  it("stats: counts, bytes by field, and a safe rule for the ask approved twice", () => {
    const stats = JSON.parse(cli("stats", "--json").out);
    expect(stats.byDecision).toMatchObject({ allow: 2 });
    expect(stats.byDecision.deny).toBeGreaterThanOrEqual(2);
    expect(stats.masked).toBeGreaterThanOrEqual(1);
    expect(stats.bytesPerEntry).toBeGreaterThan(0);
    expect(stats.fields[0].share).toBeGreaterThan(0);
    expect(stats.topApproved).toEqual([
      {
        surface: "bash",
        value: "git status --short",
        approvals: 2,
        suggestion: '{"permission":{"bash":{"git status *":"allow"}}}',
        why: "a read-only command: any arguments",
      },
    ]);
    expect(cli("stats").out).toContain('add {"permission":{"bash":{"git status *":"allow"}}}');
  });
});
