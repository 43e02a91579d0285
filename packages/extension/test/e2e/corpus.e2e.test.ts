// Issue 14's proof: every case of the repository corpus, made as a tool call in a real Pi
// session with the built extension loaded, is explained the same way everywhere. The CLI's
// deciding rule or sentinel and its origin, the decision event of the request that decided
// the call, that request's review lines and the rule the model's text names all agree, and
// the service answers with the record the CLI prints. (The CLI's names are pinned by the
// corpus itself: packages/cli/test/corpus.test.ts checks `rule` and `origin`.)
//
// The corpus is judged in `/repo` with `~` at `/home/user`, which need not exist; Pi needs its
// session's working directory to, so both the CLI and the session judge every case in an
// empty temporary `…/repo` with `~` at `…/home/user`, the cases' own `/repo` and `/home/user`
// paths moved along. Pi's tools are stubs, so an allowed case "runs" without touching anything.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { VerdictRecord } from "@pi-permission/gates";
import type { PermissionDecisionEvent } from "@pi-permission/payload";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPermissionsService } from "../../src/index.ts";
import { STUB_OUTPUT } from "./fixtures/stub-tools-ext.ts";
import { type PiRun, seenEvents, startPi } from "./harness.ts";

const PACKAGE = join(import.meta.dirname, "..", "..");
const STUBS = join(import.meta.dirname, "fixtures", "stub-tools-ext.ts");
const SUBSCRIBER = join(import.meta.dirname, "fixtures", "subscriber-ext.ts");
const CORPUS = resolve(import.meta.dirname, "../../../../corpus");
// The command as npm links it (this package's dev dependency), so turbo builds it first.
const CLI = join(
  dirname(createRequire(import.meta.url).resolve("@pi-permission/cli/package.json")),
  "bin",
  "pi-permission.js",
);
const ROOT = mkdtempSync(join(tmpdir(), "pi-corpus-"));
const CWD = join(ROOT, "repo");
const HOME = join(ROOT, "home", "user");
mkdirSync(CWD, { recursive: true });

/** A case's input with its `/repo` and `/home/user` paths moved under the temporary root. */
function relocated(input: unknown): Record<string, unknown> {
  return JSON.parse(JSON.stringify(input).replaceAll("/repo", CWD).replaceAll("/home/user", HOME));
}

interface CorpusCase {
  id: string;
  policy: string;
  tool: string;
  input: Record<string, unknown>;
  expect: string;
  rule: string;
  origin: string | null;
}

interface Origin {
  scope: string;
  file: string | null;
  jsonPath: string;
}

/** One `check --batch` line. */
interface CliLine {
  id: string;
  decision: "allow" | "ask" | "deny";
  surface: string | null;
  source: string | null;
  matchedPattern: string | null;
  origin: Origin | null;
  reason: string | null;
  failClosed: boolean;
  error?: string;
}

/** What the extension did with one case in the session. */
interface Observed {
  /** What the model read back as the call's result. */
  text: string;
  isError: boolean;
  events: PermissionDecisionEvent[];
  reviewLines: Array<Record<string, unknown>>;
  /** The service's verdict record for the same call. */
  record: VerdictRecord;
  /** Whether the policy denies the tool whatever its input (it is withheld from the model). */
  withheld: boolean;
}

const cases: CorpusCase[] = readFileSync(join(CORPUS, "cases.jsonl"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line))
  .map((c: CorpusCase) => ({ ...c, input: relocated(c.input) }));
const cli = new Map<string, CliLine>();
const observed = new Map<string, Observed>();

/** Drive every case of one policy through one session, one tool call per turn. */
async function observe(policy: string, ofPolicy: CorpusCase[]) {
  const run: PiRun = await startPi({
    extensions: [STUBS, PACKAGE, SUBSCRIBER],
    cwdOverride: CWD,
    agentFiles: {
      "permissions.json": readFileSync(join(CORPUS, "policies", `${policy}.json`), "utf8"),
    },
    turns: ofPolicy.map((c) => [{ tool: c.tool, input: c.input }]),
  });
  try {
    const results = await run.prompt();
    const service = getPermissionsService(run.session.sessionManager.getSessionId());
    if (!service) throw new Error("pi-permission published no service for the session");
    // The events each call raised come between its assistant message and its tool result.
    const eventsByCall = new Map<string, PermissionDecisionEvent[]>();
    let current: string | null = null;
    for (const entry of run.sessionEntries()) {
      const message = entry.message as
        | { role?: string; content?: Array<{ type: string; id?: string }> }
        | undefined;
      if (entry.type === "message" && message?.role === "assistant") {
        current = message.content?.find((c) => c.type === "toolCall")?.id ?? null;
      } else if (entry.type === "custom" && entry.customType === "seen-event" && current !== null) {
        const data = entry.data as { channel: string; event: PermissionDecisionEvent };
        if (data.channel !== "permissions:decision") continue;
        eventsByCall.set(current, [...(eventsByCall.get(current) ?? []), data.event]);
      }
    }
    // Every decision event was attributed to a call.
    expect([...eventsByCall.values()].flat()).toHaveLength(
      seenEvents(run, "permissions:decision").length,
    );
    const logFile = join(run.agentDir, "pi-permission", "logs", "review.jsonl");
    const lines: Array<Record<string, unknown>> = existsSync(logFile)
      ? readFileSync(logFile, "utf8")
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l))
      : [];
    ofPolicy.forEach((c, i) => {
      const toolCallId = `call_${i + 1}_1`;
      const result = results.find((r) => r.toolCallId === toolCallId);
      if (!result) throw new Error(`${c.id}: no tool result for ${toolCallId}`);
      observed.set(c.id, {
        text: result.text,
        isError: result.isError,
        events: eventsByCall.get(toolCallId) ?? [],
        reviewLines: lines.filter((l) => l.toolCallId === toolCallId),
        record: service.checkToolCall(c.tool, c.input),
        withheld: service.isToolFullyDenied(c.tool),
      });
    });
  } finally {
    run.dispose();
  }
}

const previousHome = process.env.HOME;

beforeAll(async () => {
  expect(existsSync(CLI), `${CLI} is missing: build the cli (npx tsup in packages/cli)`).toBe(true);
  const batch = spawnSync(
    process.execPath,
    [CLI, "check", "--batch", "--policies", join(CORPUS, "policies"), "--cwd", CWD, "--home", HOME],
    { input: cases.map((c) => JSON.stringify(c)).join("\n"), encoding: "utf8" },
  );
  expect(batch.status, batch.stderr).toBe(0);
  for (const line of batch.stdout.split("\n").filter((l) => l !== "")) {
    const parsed = JSON.parse(line) as CliLine;
    cli.set(parsed.id, parsed);
  }
  // The extension takes `~` from the home directory, as Pi runs it.
  process.env.HOME = HOME;
  for (const policy of [...new Set(cases.map((c) => c.policy))]) {
    await observe(
      policy,
      cases.filter((c) => c.policy === policy),
    );
  }
});

afterAll(() => {
  if (previousHome === undefined) delete process.env.HOME;
  else process.env.HOME = previousHome;
  rmSync(ROOT, { recursive: true, force: true });
});

/** An origin without its file: the CLI names the corpus file, the session its agent dir's. */
const where = (origin: Origin | null | undefined) =>
  origin ? { scope: origin.scope, jsonPath: origin.jsonPath } : null;

describe("the corpus through the extension in a real Pi session", () => {
  it("judged every case, in the CLI and in the session", () => {
    expect(cases.length).toBeGreaterThan(90);
    expect(cases.filter((c) => !cli.has(c.id) || cli.get(c.id)?.error).map((c) => c.id)).toEqual(
      [],
    );
    expect(cases.filter((c) => !observed.has(c.id)).map((c) => c.id)).toEqual([]);
  });

  it.each(cases.map((c) => [c.id, c] as const))(
    "%s: every record names the CLI's rule",
    (_id, c) => {
      const line = cli.get(c.id) as CliLine;
      const seen = observed.get(c.id) as Observed;

      // The service answers with the record the CLI prints.
      expect({ ...seen.record, origin: where(seen.record.origin) }).toMatchObject({
        decision: line.decision,
        surface: line.surface,
        source: line.source,
        matchedPattern: line.matchedPattern,
        origin: where(line.origin),
        reason: line.reason,
        failClosed: line.failClosed,
      });

      // A tool the policy denies whatever its input is withheld from the model, so its call
      // never reaches the gates: Pi answers that there is no such tool.
      if (seen.withheld) {
        expect([line.decision, seen.text, seen.events]).toEqual([
          "deny",
          `Tool ${c.tool} not found`,
          [],
        ]);
        return;
      }

      // The call ran exactly when the CLI allows it.
      expect([seen.isError, seen.isError ? "refused" : seen.text]).toEqual(
        line.decision === "allow" ? [false, STUB_OUTPUT] : [true, "refused"],
      );

      // The request that decided the call: its decision event names the CLI's rule and scope.
      const deciding = seen.events.find((e) => e.requestId === e.call?.decidingRequestId);
      expect(deciding, "no decision event is marked as deciding the call").toBeDefined();
      expect({
        call: deciding?.call?.result,
        matchedPattern: deciding?.matchedPattern,
        origin: deciding?.origin,
      }).toEqual({
        call: line.decision === "allow" ? "allow" : "deny",
        matchedPattern: line.matchedPattern,
        origin: line.origin?.scope ?? null,
      });
      // Every event of the call agrees on the call's outcome; none says allow for a refusal.
      for (const event of seen.events) {
        expect([event.call, event.result === "allow"]).toEqual([
          deciding?.call,
          line.decision === "allow",
        ]);
      }

      // Its review lines (a refusal's; an allow is not logged) name the same rule and origin.
      const lines = seen.reviewLines.filter((l) => l.requestId === deciding?.requestId);
      expect(lines.length > 0).toBe(line.decision !== "allow");
      for (const review of lines) {
        expect([review.matchedPattern ?? null, where(review.origin as Origin | null)]).toEqual([
          line.matchedPattern,
          where(line.origin),
        ]);
      }

      // The text the model read names the same rule (or sentinel), and is the CLI's text.
      if (line.decision !== "allow") {
        const named = /\(rule '([^']*)'/.exec(seen.text)?.[1] ?? null;
        expect(named).toBe(line.matchedPattern);
        expect(seen.text).toBe(seen.record.agentText);
      }
    },
  );
});
