import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
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
  const lines = (file: string) =>
    readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
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
        stream: "review",
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
      stream: "review",
      event: "real",
    });
  });

  it("creates the folder 0700 and the file 0600", () => {
    const { writer } = setup();
    writer.review("a", {});
    expect(statSync(writer.paths.dir).mode & 0o777).toBe(0o700);
    expect(statSync(writer.paths.review).mode & 0o777).toBe(0o600);
  });

  it("never throws on a failing disk and reports the failure once", () => {
    const { agentDir, writer, errors } = setup();
    writeFileSync(join(agentDir, "pi-permission"), "a file where the folder should be");
    expect(() => {
      writer.review("a", {});
      writer.review("b", {});
    }).not.toThrow();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^pi-permission could not write .*review\.jsonl: /);
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
        stream: "debug",
        event: "config.resolved",
        value: "x".repeat(20),
        apiKey: "[masked]",
      },
    ]);
  });
});
