// `pi-permission log show/tail/stats`: the review log as a tool. Every line of a permission
// request carries its request id (seed 003), so the lines of one request are found again;
// `stats` measures the log field by field as seed 000 did, and turns the asks users keep
// approving into rules they can paste, by the same safe-suggestion rules the dialog uses.
import { createReadStream, existsSync, readdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { stripVTControlCharacters } from "node:util";
import { widerBashPattern, widerPathPattern } from "@pi-permission/gates";
import { DECISION_RESOLUTIONS } from "@pi-permission/payload";
import { type CliIo, EXIT } from "./io.ts";

/** One review-log line as written: `timestamp`, `event` and the request's facts. */
export type LogLine = Record<string, unknown> & { timestamp?: string; event?: string };

/** What a request came to: allowed, refused, or still waiting for an answer. */
export type LogDecision = "allow" | "deny" | "ask";

/** One permission request as the log tells it: its lines in order, and its outcome. */
export interface LogRequest {
  readonly requestId: string;
  readonly lines: LogLine[];
}

const USAGE = `Usage: pi-permission log <show|tail|stats> [options]

  log show REQUEST_ID [--json]
        every line of one permission request (its id, or a prefix of one), in order, with its
        decision and what decided it
  log tail [-f] [-n N] [--event E] [--decision allow|ask|deny] [--tool T] [--since 1h] [--json]
        one line per request, the last N (default 20); -f keeps following the log
  log stats [--since 1h] [--json]
        counts by event, decision and tool; bytes per entry and each field's share; capped and
        masked lines; the rules that decide most; the asks approved most, with a rule to stop them

Options of every log command:
  --file FILE       read this review log (and its rotated FILE.1 … siblings) instead of
                    <agentDir>/pi-permission/logs/review.jsonl
  --agent-dir DIR   the agent dir (default: PI_CODING_AGENT_DIR, else ~/.pi/agent)
  --json            machine-readable output (JSON; one object per line for tail)

Exit status: 0 success, 1 no such request or an unreadable log, 64 usage error.
`;

interface LogOptions {
  sub: "show" | "tail" | "stats";
  requestId?: string;
  file?: string;
  agentDir?: string;
  json: boolean;
  follow: boolean;
  count: number;
  event?: string;
  decision?: LogDecision;
  tool?: string;
  since?: number;
}

/** Run `pi-permission log …`; returns the exit code. */
export async function logCommand(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseLogArgs(args, io.now?.() ?? Date.now());
  if ("usage" in parsed) {
    if (parsed.usage === "") {
      io.stdout(USAGE);
      return EXIT.ok;
    }
    io.stderr(`pi-permission: ${parsed.usage}\nhelp: run \`pi-permission log --help\`\n`);
    return EXIT.usage;
  }
  const files = logFiles(parsed, io);
  if (files.length === 0) {
    io.stderr(`pi-permission: no review log at ${currentLogFile(parsed, io)}\n`);
    return EXIT.error;
  }
  const style = styleFor(io);
  const lines = await readLogLines(files, io);
  const since = parsed.since;
  const inWindow = since === undefined ? lines : lines.filter((l) => timeOf(l) >= since);
  if (parsed.sub === "show") return show(parsed, lines, io, style);
  if (parsed.sub === "stats") {
    const stats = logStats(inWindow.map((l) => l.line));
    io.stdout(parsed.json ? `${JSON.stringify(stats, null, 2)}\n` : formatStats(stats, style));
    return EXIT.ok;
  }
  return tail(parsed, inWindow, files, io, style);
}

// ---------------------------------------------------------------------------------------------
// Arguments

const DECISIONS: readonly LogDecision[] = ["allow", "ask", "deny"];

function parseLogArgs(args: readonly string[], now: number): LogOptions | { usage: string } {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === "help" || sub === "--help" || sub === "-h") {
    return { usage: sub === undefined ? "`log` needs a command: show, tail or stats" : "" };
  }
  if (sub !== "show" && sub !== "tail" && sub !== "stats") {
    return { usage: `unknown log command \`${sub}\` (show, tail or stats)` };
  }
  const options: LogOptions = { sub, json: false, follow: false, count: 20 };
  const valueOptions = new Map<string, keyof LogOptions>([
    ["--file", "file"],
    ["--agent-dir", "agentDir"],
    ["--event", "event"],
    ["--decision", "decision"],
    ["--tool", "tool"],
    ["--since", "since"],
    ["-n", "count"],
    ["--lines", "count"],
  ]);
  const tailOnly = new Set(["--event", "--decision", "--tool", "-n", "--lines", "-f", "--follow"]);
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] as string;
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const name = eq < 0 ? arg : arg.slice(0, eq);
    if (!name.startsWith("-")) {
      positional.push(arg);
      continue;
    }
    if (tailOnly.has(name) && sub !== "tail") {
      return { usage: `\`${name}\` is an option of \`log tail\`` };
    }
    if (name === "--since" && sub === "show")
      return { usage: "`--since` is not an option of `log show`" };
    if (name === "--json") options.json = true;
    else if (name === "-f" || name === "--follow") options.follow = true;
    else if (valueOptions.has(name)) {
      const value = eq < 0 ? rest[++i] : arg.slice(eq + 1);
      if (value === undefined || value === "") return { usage: `\`${name}\` needs a value` };
      const key = valueOptions.get(name) as keyof LogOptions;
      if (key === "since") {
        const since = parseSince(value, now);
        if (since === null) {
          return { usage: `\`--since ${value}\` is not a duration (30m, 1h, 2d) or a date` };
        }
        options.since = since;
      } else if (key === "count") {
        if (!/^\d+$/.test(value)) return { usage: `\`${name}\` takes a number, not \`${value}\`` };
        options.count = Number(value);
      } else if (key === "decision") {
        if (!DECISIONS.includes(value as LogDecision)) {
          return { usage: `\`--decision\` is allow, ask or deny, not \`${value}\`` };
        }
        options.decision = value as LogDecision;
      } else {
        (options as unknown as Record<string, string>)[key] = value;
      }
    } else return { usage: `unknown option \`${name}\` for \`log ${sub}\`` };
  }
  if (sub === "show") {
    if (positional.length !== 1) return { usage: "`log show` takes one request id" };
    options.requestId = positional[0] as string;
  } else if (positional.length > 0) {
    return { usage: `\`log ${sub}\` takes only options; unexpected \`${positional[0]}\`` };
  }
  return options;
}

/** `30s`, `15m`, `1h`, `2d`, `1w` before `now`, or an ISO date; `null` otherwise. */
export function parseSince(text: string, now: number): number | null {
  const match = /^(\d+(?:\.\d+)?)\s*(s|m|h|d|w)$/.exec(text.trim());
  if (match) {
    const unit = { s: 1e3, m: 6e4, h: 36e5, d: 864e5, w: 6048e5 }[match[2] as "s"];
    return now - Number(match[1]) * unit;
  }
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : date;
}

// ---------------------------------------------------------------------------------------------
// Reading the log

function agentDirOf(options: LogOptions, io: CliIo): string {
  const env = io.env ?? process.env;
  const base = io.cwd ?? process.cwd();
  if (options.agentDir) return resolve(base, options.agentDir);
  const fromEnv = env.PI_CODING_AGENT_DIR;
  return fromEnv ? resolve(base, fromEnv) : join(io.home ?? homedir(), ".pi", "agent");
}

function currentLogFile(options: LogOptions, io: CliIo): string {
  if (options.file) return resolve(io.cwd ?? process.cwd(), options.file);
  return join(agentDirOf(options, io), "pi-permission", "logs", "review.jsonl");
}

/**
 * The files of one review log, oldest first: `review.<n>.jsonl` … `review.1.jsonl`, then
 * `review.jsonl` (the writer's rotation names). Only those that exist.
 */
export function rotatedFiles(file: string): string[] {
  const dir = dirname(file);
  const name = basename(file);
  const stem = name.endsWith(".jsonl") ? name.slice(0, -".jsonl".length) : name;
  const ext = name.endsWith(".jsonl") ? ".jsonl" : "";
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  const rotated = entries
    .map((entry) => {
      if (!entry.startsWith(`${stem}.`) || !entry.endsWith(ext)) return null;
      const middle = entry.slice(stem.length + 1, entry.length - ext.length);
      return /^\d+$/.test(middle) ? { entry, index: Number(middle) } : null;
    })
    .filter((e): e is { entry: string; index: number } => e !== null)
    .sort((a, b) => b.index - a.index)
    .map((e) => join(dir, e.entry));
  return [...rotated, ...(existsSync(file) ? [file] : [])];
}

function logFiles(options: LogOptions, io: CliIo): string[] {
  return rotatedFiles(currentLogFile(options, io));
}

interface ReadLine {
  line: LogLine;
  bytes: number;
}

// How long reading may take before a progress line appears on standard error.
const PROGRESS_AFTER_MS = 400;

/**
 * Every line of `files`, in order. A line that is not a JSON object is skipped (a reader of an
 * audit log must not stop at one bad line). When reading takes longer than a moment and
 * standard error is a terminal, a progress line is drawn there, and cleared at the end.
 */
export async function readLogLines(files: readonly string[], io: CliIo): Promise<ReadLine[]> {
  const total = files.reduce((sum, f) => sum + safeSize(f), 0);
  let done = 0;
  const started = Date.now();
  let drawn = false;
  const progressAfter = io.progressAfterMs ?? PROGRESS_AFTER_MS;
  const draw = () => {
    if (!(io.stderrIsTTY ?? false) || Date.now() - started < progressAfter) return;
    const percent = total === 0 ? 100 : Math.floor((100 * done) / total);
    io.stderr(`\rreading the review log: ${percent}% of ${formatBytes(total)}`);
    drawn = true;
  };
  const out: ReadLine[] = [];
  let sinceDraw = 0;
  for (const file of files) {
    const stream = createReadStream(file, { encoding: "utf8" });
    const reader = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
    for await (const text of reader) {
      const bytes = Buffer.byteLength(text) + 1;
      done += bytes;
      sinceDraw += bytes;
      if (sinceDraw > 1 << 20) {
        sinceDraw = 0;
        draw();
      }
      const line = parseLine(text);
      if (line) out.push({ line, bytes });
    }
  }
  if (drawn) io.stderr("\r\u001b[K");
  return out;
}

function parseLine(text: string): LogLine | null {
  if (text.trim() === "") return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as LogLine)
      : null;
  } catch {
    return null;
  }
}

function safeSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

function timeOf(read: ReadLine): number {
  const t = Date.parse(String(read.line.timestamp ?? ""));
  return Number.isNaN(t) ? 0 : t;
}

// ---------------------------------------------------------------------------------------------
// Requests and their decisions

/** The lines grouped by request id, in the order each request first appears. */
export function groupRequests(lines: readonly LogLine[]): LogRequest[] {
  const byId = new Map<string, LogRequest>();
  for (const line of lines) {
    const id = typeof line.requestId === "string" ? line.requestId : null;
    if (id === null) continue;
    let request = byId.get(id);
    if (!request) {
      request = { requestId: id, lines: [] };
      byId.set(id, request);
    }
    request.lines.push(line);
  }
  return [...byId.values()];
}

/** What one line says the request came to: from its resolution; `ask` while it waits. */
export function lineDecision(line: LogLine): LogDecision | null {
  const resolution = line.resolution;
  if (typeof resolution === "string" && resolution in DECISION_RESOLUTIONS) {
    return DECISION_RESOLUTIONS[resolution as keyof typeof DECISION_RESOLUTIONS].result;
  }
  return line.event === "permission_request.waiting" ? "ask" : null;
}

/** The request's decision: its last line that says one. */
export function requestDecision(request: LogRequest): {
  decision: LogDecision | null;
  line: LogLine;
} {
  for (let i = request.lines.length - 1; i >= 0; i--) {
    const line = request.lines[i] as LogLine;
    const decision = lineDecision(line);
    if (decision !== null) return { decision, line };
  }
  return { decision: null, line: request.lines.at(-1) as LogLine };
}

/** The value a request was about: the command, path, target or value the line holds. */
export function requestValue(line: LogLine): string {
  for (const key of ["command", "path", "target", "skillName", "value"]) {
    if (typeof line[key] === "string") return line[key] as string;
  }
  if (Array.isArray(line.externalPaths)) return line.externalPaths.join(" ");
  return "";
}

/** What decided a line's request, in words: the rule and where it is written, or the hook. */
export function decidedBy(line: LogLine): string {
  const pattern = typeof line.matchedPattern === "string" ? line.matchedPattern : null;
  const origin = line.origin as
    | { scope?: string; file?: string | null; jsonPath?: string }
    | undefined;
  const hook = line.hook as { id?: string; name?: string } | undefined;
  const parts: string[] = [];
  if (hook?.id || hook?.name) parts.push(`hook ${hook.name ?? hook.id}`);
  if (pattern !== null) {
    parts.push(pattern.startsWith("<") ? `sentinel ${pattern}` : `rule \`${pattern}\``);
  }
  if (origin?.jsonPath) {
    parts.push(
      `(${origin.scope ?? "?"} ${origin.jsonPath}${origin.file ? ` in ${origin.file}` : ""})`,
    );
  }
  const resolution = typeof line.resolution === "string" ? line.resolution : null;
  if (resolution && !resolution.startsWith("policy_")) parts.push(`resolution ${resolution}`);
  if (typeof line.reason === "string") parts.push(`reason: ${line.reason}`);
  if (typeof line.denialReason === "string") parts.push(`user's reason: ${line.denialReason}`);
  return parts.join(" ") || "no rule recorded";
}

// ---------------------------------------------------------------------------------------------
// show

function show(options: LogOptions, lines: readonly ReadLine[], io: CliIo, style: Style): number {
  // A request id, or a prefix of exactly one (`perm-0c47`), as `tail` shows them.
  const wanted = options.requestId as string;
  const ids = new Set(
    lines
      .map((l) => l.line.requestId)
      .filter((r): r is string => typeof r === "string" && r.startsWith(wanted)),
  );
  if (ids.size > 1 && !ids.has(wanted)) {
    io.stderr(`pi-permission: \`${wanted}\` starts ${ids.size} request ids; give more of it\n`);
    return EXIT.error;
  }
  const id = ids.has(wanted) ? wanted : ([...ids][0] ?? wanted);
  const mine = lines.map((l) => l.line).filter((l) => l.requestId === id);
  if (mine.length === 0) {
    io.stderr(`pi-permission: no line of request \`${wanted}\` in the review log\n`);
    return EXIT.error;
  }
  if (options.json) {
    io.stdout(mine.map((l) => `${JSON.stringify(l)}\n`).join(""));
    return EXIT.ok;
  }
  const request = { requestId: id, lines: mine };
  const { decision, line: last } = requestDecision(request);
  const first = mine[0] as LogLine;
  const width = io.columns ?? Number.POSITIVE_INFINITY;
  const out: string[] = [
    style.bold(`request ${id}`),
    `  tool      ${String(first.toolName ?? "?")}${first.toolCallId ? ` (call ${first.toolCallId})` : ""}${first.agentName ? `, agent ${first.agentName}` : ""}`,
    `  surface   ${String(first.surface ?? "?")}`,
    fit(`  value     ${oneLine(requestValue(first))}`, width),
    `  decision  ${style.decision(decision ?? "unknown")}${typeof last.resolution === "string" ? ` (${last.resolution})` : ""}`,
    fit(`  decided   ${decidedBy(last)}`, width),
  ];
  const masked = mine.flatMap((l) => [
    ...((l.masked as string[] | undefined) ?? []),
    ...((l.maskedSecrets as Array<{ at: string; what: string[] }> | undefined) ?? []).map(
      (m) => `${m.at} (${m.what.join(", ")})`,
    ),
  ]);
  if (masked.length > 0) out.push(fit(`  masked    ${[...new Set(masked)].join(", ")}`, width));
  out.push("  lines");
  for (const line of mine) {
    const when = String(line.timestamp ?? "")
      .replace("T", " ")
      .replace("Z", "");
    const d = lineDecision(line);
    out.push(
      fit(
        `    ${style.dim(when)}  ${String(line.event ?? "?")}${d ? `  ${style.decision(d)}` : ""}${line.event === "permission_request.waiting" && line.authority ? ` (asking ${line.authority})` : ""}`,
        width,
      ),
    );
  }
  io.stdout(`${out.join("\n")}\n`);
  return EXIT.ok;
}

// ---------------------------------------------------------------------------------------------
// tail

/** The one-line summary of a request that `tail` prints (and, with `--json`, its object). */
export interface RequestSummary {
  readonly requestId: string;
  readonly timestamp: string;
  readonly decision: LogDecision | null;
  readonly resolution: string | null;
  readonly tool: string | null;
  readonly surface: string | null;
  readonly value: string;
  readonly matchedPattern: string | null;
  readonly events: readonly string[];
}

export function summarize(request: LogRequest): RequestSummary {
  const { decision, line } = requestDecision(request);
  const first = request.lines[0] as LogLine;
  return {
    requestId: request.requestId,
    timestamp: String(line.timestamp ?? first.timestamp ?? ""),
    decision,
    resolution: typeof line.resolution === "string" ? line.resolution : null,
    tool: typeof first.toolName === "string" ? first.toolName : null,
    surface: typeof first.surface === "string" ? first.surface : null,
    value: requestValue(first),
    matchedPattern: typeof line.matchedPattern === "string" ? line.matchedPattern : null,
    events: request.lines.map((l) => String(l.event ?? "")),
  };
}

function matches(summary: RequestSummary, options: LogOptions): boolean {
  if (options.decision && summary.decision !== options.decision) return false;
  if (options.tool && summary.tool !== options.tool) return false;
  if (options.event) {
    const wanted = options.event;
    if (!summary.events.some((e) => e === wanted || e.endsWith(`.${wanted}`))) return false;
  }
  return true;
}

function formatSummary(s: RequestSummary, style: Style, width: number): string {
  const time = s.timestamp.slice(0, 19).replace("T", " ");
  const decision = style.decision((s.decision ?? "?").padEnd(5));
  const rule = s.matchedPattern === null ? "" : ` [${s.matchedPattern}]`;
  const head = `${time} ${decision} ${(s.tool ?? "?").padEnd(6)} ${s.surface ?? "?"}${rule} `;
  // The visible width ignores the colour codes.
  const visible = head.length - (decision.length - (s.decision ?? "?").padEnd(5).length);
  const room = Math.max(1, width - visible - s.requestId.length - 2);
  return fit(`${head}${truncate(oneLine(s.value), room)}  ${style.dim(s.requestId)}`, width);
}

async function tail(
  options: LogOptions,
  lines: readonly ReadLine[],
  files: readonly string[],
  io: CliIo,
  style: Style,
): Promise<number> {
  const width = io.columns ?? Number.POSITIVE_INFINITY;
  const print = (s: RequestSummary) =>
    io.stdout(options.json ? `${JSON.stringify(s)}\n` : `${formatSummary(s, style, width)}\n`);
  const summaries = groupRequests(lines.map((l) => l.line))
    .map(summarize)
    .filter((s) => matches(s, options));
  const shown = options.count === 0 ? [] : summaries.slice(-options.count);
  for (const s of shown) print(s);
  if (!options.follow) return EXIT.ok;
  await follow(files.at(-1) as string, io, (line) => {
    const decision = lineDecision(line);
    if (decision === null || typeof line.requestId !== "string") return;
    const summary = summarize({ requestId: line.requestId, lines: [line] });
    if (matches(summary, options)) print(summary);
  });
  return EXIT.ok;
}

/**
 * Follow the current log file: every new line is handed to `onLine` until `io.signal`
 * aborts. A rotation (the file got smaller, or is another file) starts again at its top.
 */
async function follow(file: string, io: CliIo, onLine: (line: LogLine) => void): Promise<void> {
  const { openSync, readSync, closeSync, fstatSync } = await import("node:fs");
  let position = safeSize(file);
  let inode = existsSync(file) ? statSync(file).ino : 0;
  let pending = "";
  const signal = io.signal;
  while (!signal?.aborted) {
    await new Promise<void>((done) => {
      const timer = setTimeout(done, io.followIntervalMs ?? 250);
      signal?.addEventListener("abort", () => {
        clearTimeout(timer);
        done();
      });
    });
    if (signal?.aborted) break;
    if (!existsSync(file)) continue;
    const stat = statSync(file);
    if (stat.ino !== inode || stat.size < position) {
      inode = stat.ino;
      position = 0;
      pending = "";
    }
    if (stat.size === position) continue;
    const fd = openSync(file, "r");
    try {
      const size = fstatSync(fd).size;
      const buffer = Buffer.alloc(size - position);
      readSync(fd, buffer, 0, buffer.length, position);
      position = size;
      pending += buffer.toString("utf8");
    } finally {
      closeSync(fd);
    }
    const parts = pending.split("\n");
    pending = parts.pop() ?? "";
    for (const part of parts) {
      const line = parseLine(part);
      if (line) onLine(line);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// stats

/** What `log stats` reports. */
export interface LogStats {
  readonly entries: number;
  readonly bytes: number;
  readonly bytesPerEntry: number;
  readonly requests: number;
  readonly byEvent: Record<string, number>;
  /** Requests by what they came to. */
  readonly byDecision: Record<string, number>;
  /** Requests by tool. */
  readonly byTool: Record<string, number>;
  /** Each field's share of the bytes: `"key":value,` of every line, as seed 000 measured. */
  readonly fields: ReadonlyArray<{ field: string; bytes: number; share: number; entries: number }>;
  /** Lines with a shortened string, and with a masked value or a secret hidden in a string. */
  readonly capped: number;
  readonly masked: number;
  /** The rules (and sentinels) that decided most requests. */
  readonly topRules: ReadonlyArray<{ rule: string; origin: string | null; requests: number }>;
  /** The asks approved most, each with a rule that would stop the asking, when one is safe. */
  readonly topApproved: ReadonlyArray<{
    surface: string;
    value: string;
    approvals: number;
    suggestion: string | null;
    why: string;
  }>;
}

export function logStats(lines: readonly LogLine[]): LogStats {
  const count = (map: Record<string, number>, key: string) => {
    map[key] = (map[key] ?? 0) + 1;
  };
  let bytes = 0;
  const byEvent: Record<string, number> = {};
  const fields = new Map<string, { bytes: number; entries: number }>();
  let capped = 0;
  let masked = 0;
  for (const line of lines) {
    bytes += Buffer.byteLength(JSON.stringify(line)) + 1;
    count(byEvent, String(line.event ?? "?"));
    if (Array.isArray(line.capped) && line.capped.length > 0) capped++;
    if (Array.isArray(line.masked) || Array.isArray(line.maskedSecrets)) masked++;
    for (const [key, value] of Object.entries(line)) {
      const size = Buffer.byteLength(`${JSON.stringify(key)}:${JSON.stringify(value)},`);
      const field = fields.get(key) ?? { bytes: 0, entries: 0 };
      field.bytes += size;
      field.entries += 1;
      fields.set(key, field);
    }
  }
  const requests = groupRequests(lines);
  const byDecision: Record<string, number> = {};
  const byTool: Record<string, number> = {};
  const rules = new Map<string, { rule: string; origin: string | null; requests: number }>();
  const approved = new Map<string, { line: LogLine; approvals: number }>();
  for (const request of requests) {
    const { decision, line } = requestDecision(request);
    count(byDecision, decision ?? "unknown");
    count(byTool, String(request.lines[0]?.toolName ?? "?"));
    const pattern = typeof line.matchedPattern === "string" ? line.matchedPattern : null;
    if (pattern !== null) {
      const origin = (line.origin as { jsonPath?: string } | undefined)?.jsonPath ?? null;
      const key = `${pattern}\u0000${origin}`;
      const rule = rules.get(key) ?? { rule: pattern, origin, requests: 0 };
      rule.requests += 1;
      rules.set(key, rule);
    }
    const resolution = String(line.resolution ?? "");
    if (/^(user|parent)_approved/.test(resolution)) {
      const key = `${String(line.surface)}\u0000${requestValue(line)}`;
      const entry = approved.get(key) ?? { line, approvals: 0 };
      entry.approvals += 1;
      approved.set(key, entry);
    }
  }
  return {
    entries: lines.length,
    bytes,
    bytesPerEntry: lines.length === 0 ? 0 : Math.round((10 * bytes) / lines.length) / 10,
    requests: requests.length,
    byEvent: sorted(byEvent),
    byDecision: sorted(byDecision),
    byTool: sorted(byTool),
    fields: [...fields]
      .map(([field, f]) => ({
        field,
        bytes: f.bytes,
        share: bytes === 0 ? 0 : Math.round((1000 * f.bytes) / bytes) / 10,
        entries: f.entries,
      }))
      .sort((a, b) => b.bytes - a.bytes),
    capped,
    masked,
    topRules: [...rules.values()].sort((a, b) => b.requests - a.requests).slice(0, 10),
    topApproved: [...approved.values()]
      .sort((a, b) => b.approvals - a.approvals)
      .slice(0, 10)
      .map(({ line, approvals }) => ({
        surface: String(line.surface ?? "?"),
        value: requestValue(line),
        approvals,
        ...suggestRule(line),
      })),
  };
}

// A command a rule can name word for word: plain words, no quoting, expansion or operators.
const PLAIN_COMMAND = /^[A-Za-z0-9_./:=@%+,-]+(?: [A-Za-z0-9_./:=@%+,-]+)*$/;

/**
 * A rule for an approved ask that would stop the asking, by the safe-suggestion rules the
 * approval dialog follows (gates `suggest.ts`): a read-only command's wider pattern
 * (`git status *`), else the command exactly as approved; a read file's folder, else the
 * path exactly. Nothing is suggested for what the analyzer could not prove (a sentinel),
 * for a compound or quoted command (a rule meets one unit), or for a value the log shortened
 * or masked (the rule would not be the call).
 */
export function suggestRule(line: LogLine): { suggestion: string | null; why: string } {
  const surface = String(line.surface ?? "");
  const value = requestValue(line);
  const pattern = typeof line.matchedPattern === "string" ? line.matchedPattern : "";
  if (pattern.startsWith("<")) {
    return { suggestion: null, why: `the analysis could not prove what runs (${pattern})` };
  }
  if (Array.isArray(line.capped) && line.capped.length > 0) {
    return { suggestion: null, why: "the log holds a shortened value" };
  }
  if (line.maskedSecrets !== undefined || line.masked !== undefined) {
    return { suggestion: null, why: "the log holds a masked value" };
  }
  const paste = (rule: string) =>
    JSON.stringify({ permission: { [surface]: { [rule]: "allow" } } });
  if (surface === "bash") {
    if (!PLAIN_COMMAND.test(value)) {
      return {
        suggestion: null,
        why: "a compound or quoted command: approve its units one by one",
      };
    }
    const argv = value.split(" ");
    const wider = widerBashPattern(argv);
    return wider
      ? { suggestion: paste(wider), why: "a read-only command: any arguments" }
      : { suggestion: paste(argv.join(" ")), why: "exactly as approved: it may change things" };
  }
  if (
    typeof line.path === "string" ||
    surface.startsWith("path") ||
    surface.startsWith("external_directory")
  ) {
    const access =
      line.access === "read" ? "read" : line.access === undefined ? undefined : "write";
    const wider = access === "read" ? widerPathPattern(value, "read") : null;
    return wider
      ? { suggestion: paste(wider), why: "a read: the files of its folder" }
      : { suggestion: paste(value), why: "exactly as approved" };
  }
  return { suggestion: paste(value), why: "exactly as approved" };
}

function sorted(map: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(map).sort((a, b) => b[1] - a[1]));
}

function formatStats(stats: LogStats, style: Style): string {
  const out: string[] = [];
  const table = (title: string, map: Record<string, number>) => {
    out.push(style.bold(title));
    for (const [key, n] of Object.entries(map)) out.push(`  ${String(n).padStart(7)}  ${key}`);
  };
  out.push(
    `${style.bold("entries")} ${stats.entries}, ${formatBytes(stats.bytes)}, ${stats.bytesPerEntry} B per entry; ${stats.requests} requests`,
  );
  table("requests by decision", stats.byDecision);
  table("requests by tool", stats.byTool);
  table("lines by event", stats.byEvent);
  out.push(style.bold("bytes by field"));
  for (const f of stats.fields) {
    out.push(`  ${`${f.share.toFixed(1)}%`.padStart(7)}  ${f.field} (${f.entries} entries)`);
  }
  out.push(
    `${style.bold("capped")} ${stats.capped} lines, ${style.bold("masked")} ${stats.masked} lines`,
  );
  out.push(style.bold("rules that decide most"));
  for (const r of stats.topRules) {
    out.push(
      `  ${String(r.requests).padStart(7)}  ${r.rule}${r.origin ? `  ${style.dim(r.origin)}` : ""}`,
    );
  }
  out.push(style.bold("asks approved most"));
  if (stats.topApproved.length === 0) out.push("  none");
  for (const a of stats.topApproved) {
    out.push(`  ${String(a.approvals).padStart(7)}  ${a.surface} ${oneLine(a.value)}`);
    out.push(`           ${a.suggestion ? `add ${a.suggestion}` : "no rule suggested"} (${a.why})`);
  }
  return `${out.join("\n")}\n`;
}

// ---------------------------------------------------------------------------------------------
// Output

interface Style {
  bold(text: string): string;
  dim(text: string): string;
  decision(text: string): string;
}

/** Colours only on a terminal, and never with `NO_COLOR` set. */
function styleFor(io: CliIo): Style {
  const env = io.env ?? process.env;
  const on = (io.stdoutIsTTY ?? false) && !env.NO_COLOR;
  const wrap = (code: string) => (text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);
  const colour: Record<string, (t: string) => string> = {
    allow: wrap("32"),
    ask: wrap("33"),
    deny: wrap("31"),
  };
  return {
    bold: wrap("1"),
    dim: wrap("2"),
    decision: (text) => (colour[text.trim()] ?? ((t: string) => t))(text),
  };
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ⏎ ");
}

function truncate(text: string, width: number): string {
  if (!Number.isFinite(width) || [...text].length <= width) return text;
  return `${[...text].slice(0, Math.max(1, width - 1)).join("")}…`;
}

// A line wider than the terminal is shortened; it loses its colours then, never its end marker.
function fit(text: string, width: number): string {
  const plain = stripVTControlCharacters(text);
  return [...plain].length <= width ? text : truncate(plain, width);
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
