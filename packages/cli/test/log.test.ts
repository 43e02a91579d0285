// `pi-permission log`: one request's lines, one line per request, and the log's statistics,
// read across rotated files, over lines shaped as the extension writes them.
import { appendFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type CliIo, runCli } from "../src/index.ts";

const ORIGIN_ASK = {
  scope: "global",
  file: "/a/permissions.json",
  jsonPath: 'permission.bash["*"]',
};
const ORIGIN_RM = {
  scope: "global",
  file: "/a/permissions.json",
  jsonPath: 'permission.bash["rm *"]',
};

function bashLine(t: string, requestId: string, event: string, command: string, extra = {}) {
  return {
    timestamp: `2026-11-30T12:${t}.000Z`,
    event,
    requestId,
    source: "tool_call",
    toolCallId: `call_${requestId}`,
    toolName: "bash",
    surface: "bash",
    command,
    parseStatus: "ok",
    ...extra,
  };
}

const OLD = [
  bashLine("00:00", "perm-a", "permission_request.waiting", "git status --short", {
    matchedPattern: "*",
    origin: ORIGIN_ASK,
    resolution: null,
    authority: "user",
  }),
  bashLine("00:05", "perm-a", "permission_request.approved", "git status --short", {
    matchedPattern: "*",
    origin: ORIGIN_ASK,
    resolution: "user_approved",
  }),
];
const CURRENT = [
  bashLine("01:00", "perm-b", "permission_request.blocked", "rm -rf build", {
    matchedPattern: "rm *",
    origin: ORIGIN_RM,
    resolution: "policy_deny",
  }),
  bashLine("02:00", "perm-c", "permission_request.waiting", "git status --short", {
    matchedPattern: "*",
    origin: ORIGIN_ASK,
    authority: "user",
  }),
  bashLine("02:01", "perm-c", "permission_request.approved", "git status --short", {
    matchedPattern: "*",
    origin: ORIGIN_ASK,
    resolution: "user_approved",
  }),
  bashLine("03:00", "perm-d", "permission_request.denied", "GITHUB_TOKEN=[masked] gh pr list", {
    matchedPattern: "*",
    origin: ORIGIN_ASK,
    resolution: "user_denied",
    denialReason: "not now",
    maskedSecrets: [{ at: "/command", what: ["GITHUB_TOKEN"] }],
  }),
  {
    timestamp: "2026-11-30T12:04:00.000Z",
    event: "permission_request.denied",
    requestId: "perm-e",
    toolName: "read",
    surface: "external_directory",
    path: "/etc/hosts",
    access: "read",
    matchedPattern: "*",
    resolution: "confirmation_unavailable",
  },
];

/** A log dir with `review.1.jsonl` (older) and `review.jsonl`, and a broken line. */
function logDir(): { agentDir: string; file: string } {
  const agentDir = mkdtempSync(join(tmpdir(), "pi-permission-log-"));
  const dir = join(agentDir, "pi-permission", "logs");
  mkdirSync(dir, { recursive: true });
  const jsonl = (lines: object[]) => lines.map((l) => `${JSON.stringify(l)}\n`).join("");
  writeFileSync(join(dir, "review.1.jsonl"), jsonl(OLD));
  writeFileSync(join(dir, "review.jsonl"), `${jsonl(CURRENT)}{"torn line\n`);
  return { agentDir, file: join(dir, "review.jsonl") };
}

async function log(args: string[], extra: Partial<CliIo> = {}) {
  let out = "";
  let err = "";
  const code = await runCli(["log", ...args], {
    stdout: (t) => (out += t),
    stderr: (t) => (err += t),
    env: {},
    now: () => Date.parse("2026-11-30T12:10:00.000Z"),
    ...extra,
  });
  return { code, out, err };
}

describe("log show", () => {
  it("prints every line of one request in order, its decision and what decided it", async () => {
    const { agentDir } = logDir();
    const { code, out } = await log(["show", "perm-c", "--agent-dir", agentDir]);
    expect(code).toBe(0);
    expect(out).toBe(
      [
        "request perm-c",
        "  tool      bash (call call_perm-c)",
        "  surface   bash",
        "  value     git status --short",
        "  decision  allow (user_approved)",
        '  decided   rule `*` (global permission.bash["*"] in /a/permissions.json) resolution user_approved',
        "  lines",
        "    2026-11-30 12:02:00.000  permission_request.waiting  ask (asking user)",
        "    2026-11-30 12:02:01.000  permission_request.approved  allow",
        "",
      ].join("\n"),
    );
  });

  it("names what was masked, and prints the raw lines with --json", async () => {
    const { file } = logDir();
    const shown = await log(["show", "perm-d", "--file", file]);
    expect(shown.out).toContain("  masked    /command (GITHUB_TOKEN)\n");
    expect(shown.out).toContain("user's reason: not now");
    const raw = await log(["show", "perm-d", "--file", file, "--json"]);
    expect(
      raw.out
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l)),
    ).toEqual([CURRENT[3]]);
  });

  it("reads the rotated files: a request written before the rotation is found", async () => {
    const { file } = logDir();
    const { code, out } = await log(["show", "perm-a", "--file", file, "--json"]);
    expect(code).toBe(0);
    expect(
      out
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l)),
    ).toEqual(OLD);
  });

  it("finds a request by a prefix of its id, and refuses an ambiguous one", async () => {
    const { file } = logDir();
    const found = await log(["show", "perm-d", "--file", file]);
    expect(found.out.startsWith("request perm-d\n")).toBe(true);
    const ambiguous = await log(["show", "perm-", "--file", file]);
    expect([ambiguous.code, ambiguous.err]).toEqual([
      1,
      "pi-permission: `perm-` starts 5 request ids; give more of it\n",
    ]);
  });

  it("exits 1 for a request that is not in the log, and 64 on a usage error", async () => {
    const { file } = logDir();
    expect((await log(["show", "perm-zzz", "--file", file])).code).toBe(1);
    expect((await log(["show", "--file", file])).code).toBe(64);
    expect((await log(["show", "perm-a", "--decision", "allow", "--file", file])).code).toBe(64);
    expect((await log(["frob"])).code).toBe(64);
    expect((await log(["stats", "--file", "/nonexistent/review.jsonl"])).code).toBe(1);
  });
});

describe("log tail", () => {
  it("prints one line per request, oldest first, across rotated files", async () => {
    const { file } = logDir();
    const { code, out } = await log(["tail", "--file", file]);
    expect(code).toBe(0);
    expect(out.split("\n").filter(Boolean)).toEqual([
      "2026-11-30 12:00:05 allow bash   bash [*] git status --short  perm-a",
      "2026-11-30 12:01:00 deny  bash   bash [rm *] rm -rf build  perm-b",
      "2026-11-30 12:02:01 allow bash   bash [*] git status --short  perm-c",
      "2026-11-30 12:03:00 deny  bash   bash [*] GITHUB_TOKEN=[masked] gh pr list  perm-d",
      "2026-11-30 12:04:00 deny  read   external_directory [*] /etc/hosts  perm-e",
    ]);
  });

  it.each<[string, string[], string[]]>([
    ["--decision", ["--decision", "deny"], ["perm-b", "perm-d", "perm-e"]],
    ["--tool", ["--tool", "read"], ["perm-e"]],
    ["--event (its last word)", ["--event", "approved"], ["perm-a", "perm-c"]],
    ["--since", ["--since", "8m"], ["perm-c", "perm-d", "perm-e"]],
    ["-n", ["-n", "2"], ["perm-d", "perm-e"]],
  ])("filters with %s", async (_note, args, ids) => {
    const { file } = logDir();
    const { out } = await log(["tail", "--file", file, "--json", ...args]);
    expect(
      out
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l).requestId),
    ).toEqual(ids);
  });

  it("fits the terminal and colours only on a TTY", async () => {
    const { file } = logDir();
    const plain = await log(["tail", "--file", file, "-n", "1"], { columns: 68 });
    expect(plain.out).toBe(
      "2026-11-30 12:04:00 deny  read   external_directory [*] /et…  perm-e\n",
    );
    expect(plain.out.length - 1).toBeLessThanOrEqual(68);
    const coloured = await log(["tail", "--file", file, "-n", "1"], { stdoutIsTTY: true });
    expect(coloured.out).toContain("\u001b[31mdeny \u001b[0m");
    const noColor = await log(["tail", "--file", file, "-n", "1"], {
      stdoutIsTTY: true,
      env: { NO_COLOR: "1" },
    });
    expect(noColor.out).not.toContain("\u001b[");
  });

  it("follows the log with -f, through a rotation, until stopped", async () => {
    const { file } = logDir();
    const controller = new AbortController();
    let out = "";
    const running = runCli(["log", "tail", "-f", "-n", "0", "--file", file, "--json"], {
      stdout: (t) => {
        out += t;
        if (out.split("\n").length > 2) controller.abort();
      },
      stderr: () => {},
      env: {},
      signal: controller.signal,
      followIntervalMs: 20,
    });
    await new Promise((r) => setTimeout(r, 60));
    appendFileSync(
      file,
      `${JSON.stringify(bashLine("05:00", "perm-f", "permission_request.blocked", "rm x", { resolution: "policy_deny" }))}\n`,
    );
    await new Promise((r) => setTimeout(r, 80));
    // A rotation: the file starts again, smaller.
    writeFileSync(
      file,
      `${JSON.stringify(bashLine("06:00", "perm-g", "permission_request.blocked", "rm y", { resolution: "policy_deny" }))}\n`,
    );
    expect(await running).toBe(0);
    expect(
      out
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l).requestId),
    ).toEqual(["perm-f", "perm-g"]);
  });
});

describe("log stats", () => {
  it("counts, measures the bytes by field and suggests rules for approved asks", async () => {
    const { file } = logDir();
    const { code, out } = await log(["stats", "--file", file, "--json"]);
    expect(code).toBe(0);
    const stats = JSON.parse(out);
    const all = [...OLD, ...CURRENT];
    const bytes = all.reduce((sum, l) => sum + JSON.stringify(l).length + 1, 0);
    expect(stats).toMatchObject({
      entries: 7,
      bytes,
      bytesPerEntry: Math.round((10 * bytes) / 7) / 10,
      requests: 5,
      byDecision: { deny: 3, allow: 2 },
      byTool: { bash: 4, read: 1 },
      byEvent: {
        "permission_request.waiting": 2,
        "permission_request.approved": 2,
        "permission_request.denied": 2,
        "permission_request.blocked": 1,
      },
      capped: 0,
      masked: 1,
      topRules: [
        { rule: "*", origin: 'permission.bash["*"]', requests: 3 },
        { rule: "rm *", origin: 'permission.bash["rm *"]', requests: 1 },
        { rule: "*", origin: null, requests: 1 },
      ],
      topApproved: [
        {
          surface: "bash",
          value: "git status --short",
          approvals: 2,
          suggestion: '{"permission":{"bash":{"git status *":"allow"}}}',
          why: "a read-only command: any arguments",
        },
      ],
    });
    const shares = stats.fields.map((f: { share: number }) => f.share);
    expect(shares).toEqual([...shares].sort((a: number, b: number) => b - a));
    expect(stats.fields.map((f: { field: string }) => f.field)).toContain("command");
  });

  it("counts only the window --since names", async () => {
    const { file } = logDir();
    const { out } = await log([
      "stats",
      "--file",
      file,
      "--json",
      "--since",
      "2026-11-30T12:03:00Z",
    ]);
    expect(JSON.parse(out)).toMatchObject({ entries: 2, requests: 2 });
  });

  it("prints a readable report", async () => {
    const { file } = logDir();
    const { out } = await log(["stats", "--file", file]);
    expect(out).toContain("entries 7,");
    expect(out).toContain(
      'add {"permission":{"bash":{"git status *":"allow"}}} (a read-only command: any arguments)',
    );
  });

  it("shows progress on a terminal's standard error when reading takes a while", async () => {
    const { file } = logDir();
    const big = bashLine("00:00", "perm-big", "permission_request.blocked", "x".repeat(1000));
    appendFileSync(file, `${JSON.stringify(big)}\n`.repeat(2000));
    const quiet = await log(["stats", "--file", file], { progressAfterMs: 0 });
    expect(quiet.err).toBe("");
    const shown = await log(["stats", "--file", file], { progressAfterMs: 0, stderrIsTTY: true });
    expect(shown.err).toMatch(/^\rreading the review log: \d+% of 2\.\d MiB/);
    expect(shown.err.endsWith("\r\u001b[K")).toBe(true);
  });
});
