// The review log's folder is made, and each file's mode checked, once per writer: not with
// every line (that was three system calls per line on the verdict's path).
import * as fs from "node:fs";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it, vi } from "vitest";

vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs")>();
  return {
    ...real,
    mkdirSync: vi.fn(real.mkdirSync),
    fstatSync: vi.fn(real.fstatSync),
    fchmodSync: vi.fn(real.fchmodSync),
  };
});

const { createLogWriter } = await import("../src/log-files.ts");

it("makes the folder and checks the file's mode once for many lines", () => {
  const agentDir = mkdtempSync(join(tmpdir(), "pi-perm-logs-"));
  const writer = createLogWriter({
    agentDir,
    settings: () => ({ permissionReviewLog: true, debugLog: true }),
  });
  vi.mocked(fs.mkdirSync).mockClear();
  vi.mocked(fs.fstatSync).mockClear();
  for (let n = 0; n < 20; n++) {
    writer.review("e", { n });
    writer.debug("d", { n });
    writer.flush();
  }
  expect(vi.mocked(fs.mkdirSync)).toHaveBeenCalledTimes(1);
  // One check for review.jsonl and one for debug.jsonl.
  expect(vi.mocked(fs.fstatSync)).toHaveBeenCalledTimes(2);
  expect(fs.readFileSync(writer.paths.review, "utf8").trim().split("\n")).toHaveLength(20);
  expect(fs.statSync(writer.paths.review).mode & 0o777).toBe(0o600);
});
