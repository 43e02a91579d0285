import { execFile, execFileSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createLogWriter, type LogSettings } from "../src/log-files.ts";

const NOW = new Date("2026-11-30T12:00:00.000Z");

function setup(initial: Partial<LogSettings> = {}) {
  const agentDir = mkdtempSync(join(tmpdir(), "pi-perm-logs-"));
  const settings: LogSettings = { permissionReviewLog: true, debugLog: false, ...initial };
  const errors: string[] = [];
  const writer = createLogWriter({
    agentDir,
    settings: () => settings,
    onError: (m) => errors.push(m),
    now: () => NOW,
  });
  const lines = (file: string) => {
    writer.flush();
    return readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
  };
  return { agentDir, settings, writer, errors, lines };
}

describe("the review log write path", () => {
  it("caps every string, then masks sensitive keys, and says what it left out", () => {
    const { writer, lines, settings } = setup();
    settings.reviewLogFieldMaxWidth = 10;
    writer.review("permission_request.blocked", {
      requestId: "perm-1",
      command: "cat <<'EOF' > gen.py\nprint(1)\nEOF",
      headers: { authorization: "Bearer 0123456789abcdef" },
    });
    expect(lines(writer.paths.review)).toEqual([
      {
        timestamp: "2026-11-30T12:00:00.000Z",
        event: "permission_request.blocked",
        requestId: "perm-1",
        command: "cat <<'EO…",
        headers: { authorization: "[masked]" },
        capped: ["/command"],
        masked: ["/headers/authorization"],
      },
    ]);
  });

  it("reads the settings on every line, so a config change applies to the next one", () => {
    const { writer, lines, settings } = setup();
    writer.review("a", { value: "x".repeat(20) });
    settings.reviewLogFieldMaxWidth = 5;
    writer.review("b", { value: "x".repeat(20) });
    settings.permissionReviewLog = false;
    writer.review("c", { value: "x" });
    expect(lines(writer.paths.review).map((l) => [l.event, l.value])).toEqual([
      ["a", "x".repeat(20)],
      ["b", "xxxx…"],
    ]);
  });

  it("keeps the line's envelope: a record cannot overwrite event or timestamp", () => {
    const { writer, lines } = setup();
    writer.review("real", { event: "spoofed", timestamp: "then" });
    expect(lines(writer.paths.review)[0]).toEqual({
      timestamp: "2026-11-30T12:00:00.000Z",
      event: "real",
    });
  });

  it("creates the folder 0700 and the file 0600", () => {
    const { writer } = setup();
    writer.review("a", {});
    writer.flush();
    expect(statSync(writer.paths.dir).mode & 0o777).toBe(0o700);
    expect(statSync(writer.paths.review).mode & 0o777).toBe(0o600);
  });

  it("never throws on a failing disk and reports the failure once", () => {
    const { agentDir, writer, errors } = setup();
    writeFileSync(join(agentDir, "pi-permission"), "a file where the folder should be");
    expect(() => {
      writer.review("a", {});
      writer.review("b", {});
      writer.flush();
    }).not.toThrow();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^pi-permission could not write .*review\.jsonl: /);
  });
});

describe("off the verdict's path", () => {
  it("writes a line after the caller's turn, or at once on flush()", async () => {
    const { writer, lines } = setup();
    writer.review("deferred", { requestId: "perm-1" });
    // The caller (the gate runner returning a verdict to Pi) does not wait on the disk.
    expect(existsSync(writer.paths.review)).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines(writer.paths.review).map((l) => l.event)).toEqual(["deferred"]);
    writer.review("flushed", { requestId: "perm-2" });
    writer.flush();
    expect(readFileSync(writer.paths.review, "utf8")).toContain('"event":"flushed"');
  });

  it("writes what the details were when logged, not what the caller made of them after", () => {
    const { writer, lines, settings } = setup({ reviewLogFieldMaxWidth: 8 });
    const details = { requestId: "perm-1", command: "rm -rf build", facts: { rule: "rm *" } };
    writer.review("permission_request.blocked", details);
    details.command = "ls";
    details.facts.rule = "ls *";
    // The settings in force when the line was logged apply, too.
    settings.reviewLogFieldMaxWidth = 1000;
    expect(lines(writer.paths.review)).toEqual([
      {
        timestamp: "2026-11-30T12:00:00.000Z",
        event: "permission_request.blocked",
        requestId: "perm-1",
        command: "rm -rf …",
        facts: { rule: "rm *" },
        capped: ["/command"],
      },
    ]);
    // The caller's own record is neither frozen nor changed by the write.
    expect(Object.isFrozen(details)).toBe(false);
  });

  it("writes a flat record as it was when logged, as JSON would have written it", () => {
    const { writer, lines } = setup();
    const details: Record<string, unknown> = {
      requestId: "perm-1",
      command: "rm -rf build",
      count: 3,
      ok: true,
      missing: undefined,
      none: null,
    };
    writer.review("permission_request.blocked", details);
    details.command = "ls";
    details.count = 4;
    const flat = { requestId: "perm-2", command: "git status", resolution: "policy_deny" };
    writer.review("permission_request.blocked", flat);
    flat.command = "git push";
    const spoofed = JSON.parse('{"requestId":"perm-3","__proto__":"x"}') as Record<string, unknown>;
    writer.review("permission_request.blocked", spoofed);
    writer.review("permission_request.blocked", { requestId: "perm-4", odd: Number.NaN });
    expect(lines(writer.paths.review)).toEqual([
      // An undefined or null fact is left out.
      {
        timestamp: "2026-11-30T12:00:00.000Z",
        event: "permission_request.blocked",
        requestId: "perm-1",
        command: "rm -rf build",
        count: 3,
        ok: true,
      },
      {
        timestamp: "2026-11-30T12:00:00.000Z",
        event: "permission_request.blocked",
        requestId: "perm-2",
        command: "git status",
        resolution: "policy_deny",
      },
      {
        timestamp: "2026-11-30T12:00:00.000Z",
        event: "permission_request.blocked",
        requestId: "perm-3",
        ["__proto__"]: "x",
      },
      // NaN is written as JSON writes it (null), then left out as a null fact.
      {
        timestamp: "2026-11-30T12:00:00.000Z",
        event: "permission_request.blocked",
        requestId: "perm-4",
      },
    ]);
  });

  it("writes nested records and arrays as they were when logged, as JSON would have written them", () => {
    const { writer, lines } = setup();
    const origin = {
      scope: "global",
      file: "/a/permissions.json",
      jsonPath: 'permission.bash["rm *"]',
    };
    const externalPaths = ["/etc/hosts", "/tmp/x"];
    const list: unknown[] = [1, undefined, "x", null, true];
    const records: Array<Record<string, unknown>> = [
      // A rule's origin and a list of paths: the usual nested facts.
      { requestId: "perm-1", origin, externalPaths },
      // What JSON leaves out or writes as null, nested.
      {
        requestId: "perm-2",
        facts: { kept: 1, gone: undefined, none: null, list },
        nan: [Number.NaN],
      },
      // Deeper than the copy goes, and a value JSON writes through toJSON.
      {
        requestId: "perm-3",
        deep: { a: { b: { c: { d: ["e"] } } } },
        when: { at: new Date(NOW) },
      },
    ];
    const expected = records.map((record) => ({
      timestamp: "2026-11-30T12:00:00.000Z",
      event: "permission_request.blocked",
      ...JSON.parse(JSON.stringify(record)),
    }));
    for (const record of records) writer.review("permission_request.blocked", record);
    // Changed after logging: the lines keep what was logged.
    origin.scope = "project";
    externalPaths.push("/root");
    list[0] = 2;
    expect(lines(writer.paths.review)).toEqual(expected);
  });

  it("writes a line that cannot be copied as a logError line, and keeps going", () => {
    const { writer, lines } = setup();
    const looped: Record<string, unknown> = { requestId: "perm-1" };
    looped.self = looped;
    writer.review("looped", looped);
    writer.review("next", { requestId: "perm-2" });
    expect(lines(writer.paths.review)).toEqual([
      {
        timestamp: "2026-11-30T12:00:00.000Z",
        event: "looped",
        logError: "TypeError: the data refers to itself",
      },
      { timestamp: "2026-11-30T12:00:00.000Z", event: "next", requestId: "perm-2" },
    ]);
  });

  it("writes the lines still waiting when the process exits", () => {
    const agentDir = mkdtempSync(join(tmpdir(), "pi-perm-logs-"));
    const writerModule = join(import.meta.dirname, "..", "src", "log-files.ts");
    execFileSync(process.execPath, [
      "--input-type=module",
      "-e",
      `import { createLogWriter } from ${JSON.stringify(writerModule)};
       const writer = createLogWriter({ agentDir: ${JSON.stringify(agentDir)},
         settings: () => ({ permissionReviewLog: true, debugLog: false }) });
       writer.review("last-words", { requestId: "perm-9" });
       process.exit(0);`,
    ]);
    const file = join(agentDir, "pi-permission", "logs", "review.jsonl");
    expect(JSON.parse(readFileSync(file, "utf8")).event).toBe("last-words");
  });

  it("makes the folder again when it was removed while the session ran", () => {
    const { writer, lines } = setup();
    writer.review("a", {});
    writer.flush();
    rmSync(writer.paths.dir, { recursive: true });
    writer.review("b", {});
    expect(lines(writer.paths.review).map((l) => l.event)).toEqual(["b"]);
    expect(statSync(writer.paths.dir).mode & 0o777).toBe(0o700);
  });
});

describe("the debug log", () => {
  it("is off by default, and when on it masks but does not cap", () => {
    const { writer, lines, settings } = setup({ reviewLogFieldMaxWidth: 5 });
    writer.debug("quiet", { value: "x" });
    settings.debugLog = true;
    writer.debug("config.resolved", { value: "x".repeat(20), apiKey: "sk-1" });
    expect(lines(writer.paths.debug)).toEqual([
      {
        timestamp: "2026-11-30T12:00:00.000Z",
        event: "config.resolved",
        value: "x".repeat(20),
        apiKey: "[masked]",
      },
    ]);
  });
});

describe("what a review-log line leaves out", () => {
  it("writes no null fact and no stream name", () => {
    const { writer, lines } = setup();
    writer.review("permission_request.blocked", { requestId: "perm-1", agentName: null });
    expect(lines(writer.paths.review)).toEqual([
      {
        timestamp: "2026-11-30T12:00:00.000Z",
        event: "permission_request.blocked",
        requestId: "perm-1",
      },
    ]);
  });
});

describe("secrets inside a command", () => {
  const cases: Array<[string, string, string[]]> = [
    ["GITHUB_TOKEN=ghp_abc123 gh pr list", "GITHUB_TOKEN=[masked] gh pr list", ["GITHUB_TOKEN"]],
    [
      'export AWS_SECRET_ACCESS_KEY="wJalr XUtn"; aws s3 ls',
      "export AWS_SECRET_ACCESS_KEY=[masked]; aws s3 ls",
      ["AWS_SECRET_ACCESS_KEY"],
    ],
    ["env API_KEY=zz node x.js", "env API_KEY=[masked] node x.js", ["API_KEY"]],
    ["sudo env DB_PASSWORD=pw1 run", "sudo env DB_PASSWORD=[masked] run", ["DB_PASSWORD"]],
    [
      'curl -H "Authorization: Bearer sk-live-1" https://api.example.com',
      'curl -H "Authorization: [masked]" https://api.example.com',
      ["Authorization header"],
    ],
    ["mysql --password=hunter2 -u root db", "mysql --password=[masked] -u root db", ["--password"]],
    ["gh --token 'tt-9' api user", "gh --token [masked] api user", ["--token"]],
    [
      "git clone https://bob:s3cret@github.com/a/b",
      "git clone https://bob:[masked]@github.com/a/b",
      ["URL password"],
    ],
    [
      "curl -u bob:s3cr3t https://x.example",
      "curl -u bob:[masked] https://x.example",
      ["-u password"],
    ],
    ["echo $(TOKEN=q1 ./fetch)", "echo $(TOKEN=[masked] ./fetch)", ["TOKEN"]],
  ];

  it.each(cases)("%s is logged as %s", async (command, logged, what) => {
    const { loadBashAnalyzer } = await import("@pi-permission/bash");
    const { findCommandSecrets } = await import("../src/command-secrets.ts");
    const analyzer = await loadBashAnalyzer();
    const agentDir = mkdtempSync(join(tmpdir(), "pi-perm-logs-"));
    const writer = createLogWriter({
      agentDir,
      settings: () => ({ permissionReviewLog: true, debugLog: false }),
      now: () => NOW,
      commandSecrets: (c) => findCommandSecrets(c, analyzer.analyze(c, { cwd: "/r", home: "/h" })),
    });
    const details = { requestId: "perm-1", command, executedUnit: command };
    writer.review("permission_request.waiting", details);
    writer.flush();
    const [line] = readFileSync(writer.paths.review, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(line).toEqual({
      timestamp: "2026-11-30T12:00:00.000Z",
      event: "permission_request.waiting",
      requestId: "perm-1",
      command: logged,
      executedUnit: logged,
      maskedSecrets: [
        { at: "/command", what },
        { at: "/executedUnit", what },
      ],
    });
    // The caller's record (the decision event's source) is never changed.
    expect(details.command).toBe(command);
  });

  it("hides them in the debug log too", async () => {
    const { findCommandSecrets } = await import("../src/command-secrets.ts");
    const agentDir = mkdtempSync(join(tmpdir(), "pi-perm-logs-"));
    const writer = createLogWriter({
      agentDir,
      settings: () => ({ permissionReviewLog: true, debugLog: true }),
      now: () => NOW,
      commandSecrets: (c) => findCommandSecrets(c, null),
    });
    writer.debug("gate.evaluated", { command: "DB_PASSWORD=pw1 ./migrate" });
    writer.flush();
    expect(readFileSync(writer.paths.debug, "utf8")).toBe(
      `${JSON.stringify({ timestamp: "2026-11-30T12:00:00.000Z", event: "gate.evaluated", command: "DB_PASSWORD=[masked] ./migrate" })}\n`,
    );
  });

  it("leaves a command without secrets as it is", () => {
    const { writer, lines } = setup();
    writer.review("a", { command: "sort -k 2 --key 3 notes.txt" });
    expect(lines(writer.paths.review)[0]).toEqual({
      timestamp: "2026-11-30T12:00:00.000Z",
      event: "a",
      command: "sort -k 2 --key 3 notes.txt",
    });
  });
});

describe("rotation by size", () => {
  it("rotates past reviewLogMaxBytes, keeps reviewLogFiles files, 0600 in a 0700 folder", () => {
    const { writer, settings } = setup({ reviewLogMaxBytes: 300, reviewLogFiles: 3 });
    for (let n = 0; n < 12; n++) writer.review("e", { n, pad: "x".repeat(80) });
    writer.flush();
    const dir = writer.paths.dir;
    const files = readdirSync(dir).sort();
    expect(files).toEqual(["review.1.jsonl", "review.2.jsonl", "review.jsonl"]);
    for (const file of files) {
      expect(statSync(join(dir, file)).mode & 0o777).toBe(0o600);
      expect(statSync(join(dir, file)).size).toBeLessThanOrEqual(300);
    }
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    // The newest lines are kept, in order, oldest file first.
    const kept = ["review.2.jsonl", "review.1.jsonl", "review.jsonl"].flatMap((f) =>
      readFileSync(join(dir, f), "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l).n),
    );
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => 12 - kept.length + i));
    expect(settings.reviewLogFiles).toBe(3);
  });

  it("with reviewLogFiles 1, starts the file again", () => {
    const { writer } = setup({ reviewLogMaxBytes: 200, reviewLogFiles: 1 });
    for (let n = 0; n < 6; n++) writer.review("e", { n, pad: "x".repeat(80) });
    writer.flush();
    expect(readdirSync(writer.paths.dir)).toEqual(["review.jsonl"]);
  });
});

describe("several processes writing one log", () => {
  const NODE = process.execPath;
  const WORKER = join(import.meta.dirname, "fixtures", "log-writer-worker.ts");

  async function runWorkers(agentDir: string, args: (w: number) => string[], workers: number) {
    await Promise.all(
      Array.from(
        { length: workers },
        (_, w) =>
          new Promise<void>((resolve, reject) => {
            execFile(NODE, [WORKER, agentDir, `w${w}`, ...args(w)], (error, _out, stderr) =>
              error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(),
            );
          }),
      ),
    );
  }

  function allLines(dir: string): string[] {
    return readdirSync(dir)
      .filter((f) => /^review(\.\d+)?\.jsonl$/.test(f))
      .flatMap((f) => readFileSync(join(dir, f), "utf8").split("\n"))
      .filter((l) => l !== "");
  }

  // Every line parses (none interleaved) and each written line is there exactly once.
  function expectEveryLineOnce(lines: string[], workers: number, perWorker: number) {
    const seen = new Map<string, number>();
    for (const line of lines) {
      const { requestId, pad, n } = JSON.parse(line) as {
        requestId: string;
        pad: string;
        n: number;
      };
      expect(pad).toBe(String.fromCharCode(97 + (n % 26)).repeat(pad.length));
      seen.set(requestId, (seen.get(requestId) ?? 0) + 1);
    }
    expect(seen.size).toBe(workers * perWorker);
    expect([...seen.values()].every((c) => c === 1)).toBe(true);
  }

  it("loses no line and interleaves none, 256 KiB lines included", {
    timeout: 120_000,
  }, async () => {
    const agentDir = mkdtempSync(join(tmpdir(), "pi-perm-logs-"));
    // 4 processes × 3000 lines; every 50th line is 256 KiB, far beyond the largest a line
    // with the default field width gets.
    await runWorkers(agentDir, () => ["3000", "50", String(256 * 1024), String(2 ** 40), "5"], 4);
    const lines = allLines(join(agentDir, "pi-permission", "logs"));
    expect(lines).toHaveLength(12_000);
    expectEveryLineOnce(lines, 4, 3000);
  });

  it("loses no line while the processes rotate the log", { timeout: 120_000 }, async () => {
    const agentDir = mkdtempSync(join(tmpdir(), "pi-perm-logs-"));
    // Small files, and enough of them to keep every line: the log rotates about 50 times.
    await runWorkers(
      agentDir,
      () => ["2000", "40", String(64 * 1024), String(256 * 1024), "200"],
      4,
    );
    const dir = join(agentDir, "pi-permission", "logs");
    expect(readdirSync(dir).length).toBeGreaterThan(20);
    expectEveryLineOnce(allLines(dir), 4, 2000);
  });
});
