import { posix } from "node:path";
import { quote } from "shell-quote";
import type { Parser } from "web-tree-sitter";
import { type TokenCommand, tokenCommands, tokenWords } from "./check/crosscheck.ts";
import {
  currentBudgetMs,
  DEFAULT_DEADLINE_MS,
  DeadlineExceeded,
  STEP,
  spendParseReport,
  startDeadline,
  startParseReports,
  stopDeadline,
  tick,
} from "./check/deadline.ts";
import { AnalysisMemo } from "./check/memo.ts";
import { plainAnalysis } from "./fast-path.ts";
import { classify, strongerSentinel } from "./programs/classify.ts";
import type { PathState } from "./programs/paths.ts";
import { usePrograms } from "./programs/program-table.ts";
import { loadParser } from "./read/grammar.ts";
import { blankHeredocs, restoreHeredocs } from "./read/heredoc-text.ts";
import { plainParse } from "./read/plain-tree.ts";
import {
  type HeredocSpan,
  type LogicalLine,
  originalSlice,
  originalStart,
  type SourceText,
  scanSource,
} from "./read/source.ts";
import { copyTree, type SyntaxNode as Node } from "./read/syntax-tree.ts";
import { SENTINELS } from "./sentinels.ts";
import type { AnalysisDiagnostic, AnalyzeOptions, BashAnalysis, ParseStatus } from "./types.ts";
import {
  CAT_REDEFINED,
  PATH_PARTS_REDEFINED,
  PATTERN_CASE_UNKNOWN,
  PWD_REDEFINED,
} from "./walk/expand.ts";
import { withFailingSubstitutions } from "./walk/failing-substitutions.ts";
import { publishedUnits } from "./walk/published.ts";
import {
  attachNested,
  type Diagnostic,
  LOOKUP_BY_NAME,
  type NestedAnalysis,
  operandUses,
  type PendingUnit,
  resolveUses,
  Walker,
} from "./walk/walk.ts";
import { withAnalysedText } from "./walk/written-code.ts";

/** A loaded analyzer: the grammar is in memory and `analyze` is synchronous. */
export interface BashAnalyzer {
  /**
   * Analyses one bash command string: every unit it runs, every path it touches, and how far
   * the result can be trusted. Never throws for any input string; an internal failure comes
   * back as `status: "unparseable"`.
   *
   * @param command - the command exactly as the agent sent it
   * @param options - where relative paths and `~` resolve
   * @throws TypeError when `options.cwd` or `options.home` is not an absolute path
   */
  analyze(command: string, options: AnalyzeOptions): BashAnalysis;
}

/** How a loaded analyzer behaves across calls. */
export interface AnalyzerSettings {
  /**
   * How many recent analyses are kept and answered again for the same command, working
   * directory, home, deadline and declared programs (default 256; 0 keeps none). Kept
   * analyses are frozen; one past the deadline is never kept.
   */
  memoSize?: number;
}

/** The analyses a loaded analyzer keeps by default. */
const DEFAULT_MEMO_SIZE = 256;

/** How many `bash -c` levels are analysed; deeper payloads stay opaque. */
const MAX_NESTING = 4;

/**
 * Loads the bash grammar (once per process, on first call) and returns the analyzer.
 * Concurrent callers share one load; a failed load is retried by the next call.
 *
 * @example
 * ```ts
 * const analyzer = await loadBashAnalyzer();
 * const analysis = analyzer.analyze("git status && rm -rf ~/tmp", { cwd: "/repo", home: "/home/user" });
 * analysis.units.map((unit) => unit.executed?.join(" "));
 * // ["git status", "rm -rf ~/tmp"]
 * analysis.paths[0];
 * // { raw: "~/tmp", path: "/home/user/tmp", access: "write", unit: 1, via: "operand" }
 * ```
 */
export async function loadBashAnalyzer(settings: AnalyzerSettings = {}): Promise<BashAnalyzer> {
  const parser = await loadParser();
  const memo = new AnalysisMemo(settings.memoSize ?? DEFAULT_MEMO_SIZE);
  return {
    analyze(command: string, options: AnalyzeOptions): BashAnalysis {
      checkOptions(options);
      const known = memo.get(command, options);
      if (known !== undefined) return known;
      usePrograms(options.programs);
      startDeadline(options.deadlineMs ?? DEFAULT_DEADLINE_MS);
      try {
        // A plain command of one program and literal words (see fast-path.ts) is answered
        // without the grammar and the walk, with the same analysis.
        const analysis =
          plainAnalysis(command, options) ?? analyzeCommand(parser, command, options);
        return memo.set(command, options, analysis);
      } catch (error) {
        // INVARIANT: past the deadline the answer is a sentinel, never a hang and never an allow.
        if (error instanceof DeadlineExceeded) return timedOut(command, error);
        // INVARIANT: a failure inside the analyzer can only make the result less trusted.
        return failed(command, error);
      } finally {
        stopDeadline();
        usePrograms(undefined);
      }
    },
  };
}

/**
 * Analyses one command string, loading the grammar first if needed. Prefer
 * {@link loadBashAnalyzer} on a hot path: its `analyze` is synchronous.
 *
 * @example
 * ```ts
 * const analysis = await analyzeBash("echo \"$(curl -s https://x.example)\" > out.txt", {
 *   cwd: "/repo",
 *   home: "/home/user",
 * });
 * analysis.units.map((unit) => [unit.argv[0], unit.context]);
 * // [["echo", null], ["curl", "command_substitution"]]
 * analysis.paths.map((path) => [path.path, path.access]);
 * // [["/repo/out.txt", "write"]]
 * ```
 */
export async function analyzeBash(command: string, options: AnalyzeOptions): Promise<BashAnalysis> {
  const analyzer = await loadBashAnalyzer();
  return analyzer.analyze(command, options);
}

function checkOptions(options: AnalyzeOptions): void {
  for (const key of ["cwd", "home"] as const) {
    const value = options?.[key];
    if (typeof value !== "string" || !value.startsWith("/")) {
      throw new TypeError(
        `AnalyzeOptions.${key} must be an absolute path, got ${JSON.stringify(value)}`,
      );
    }
  }
}

function analyzeCommand(parser: Parser, command: string, options: AnalyzeOptions): BashAnalysis {
  const state: PathState = {
    cwds: [normalized(options.cwd)],
    vars: new Map(),
    home: normalized(options.home),
  };
  const origin = state.cwds?.[0] ?? "/";
  const result = analyzeText(parser, command, state, 0, origin);
  // analyzeText hands its units back in source order already.
  const { units, paths } = publishedUnits(
    result.units,
    origin,
    (pending) => pending.text ?? originalSlice(result.source, pending.start, pending.end),
  );
  const analysis: BashAnalysis = { status: result.status, units, paths };
  if (result.diagnostics.length > 0) {
    analysis.diagnostics = result.diagnostics.map((diagnostic) => ({
      kind: diagnostic.kind,
      message: diagnostic.message,
      offset: diagnostic.at < 0 ? -1 : originalStart(result.source, diagnostic.at),
    }));
  }
  return analysis;
}

/**
 * `posix.normalize`, kept for the few directories a session passes on every call (its
 * project and home), in a map bounded against a caller passing a new one each time.
 */
function normalized(path: string): string {
  let known = NORMALIZED.get(path);
  if (known === undefined) {
    known = posix.normalize(path);
    if (NORMALIZED.size >= 64) NORMALIZED.clear();
    NORMALIZED.set(path, known);
  }
  return known;
}

const NORMALIZED = new Map<string, string>();

interface TextAnalysis {
  status: ParseStatus;
  units: PendingUnit[];
  diagnostics: Diagnostic[];
  source: SourceText;
}

const TRUST_BREAKING: ReadonlySet<Diagnostic["kind"]> = new Set([
  "grammar-error",
  "missing-token",
  "dropped-text",
  "cross-check",
  "internal-error",
]);

/** `origin`: the working directory the whole command starts in (nested scripts keep it). */
/**
 * Whether `pwd` in the string (or the script hosting it) may be something else than bash's
 * builtin: a function of that name (quotes and backslashes aside: `eval "p""wd() …"`),
 * `enable` (which may turn the builtin off), or a sourced file.
 */
function pwdMayBeRedefined(text: string, host: string): boolean {
  return mayBeRedefined(text, host, "pwd");
}

/** The same for dirname and basename, whose output `$(dirname "$f")` is read from. */
function mayBeRedefined(text: string, host: string, ...names: string[]): boolean {
  if (!names.some((name) => text.includes(name) || host.includes(name))) return false;
  const bare = (host === text ? text : `${host}\n${text}`).replace(/['"\\]/g, "");
  const defined = names.some((name) =>
    new RegExp(`(^|[^\\w-])${name}\\s*\\(|\\bfunction\\s+${name}\\b`).test(bare),
  );
  return (
    defined ||
    /\b(enable|source|alias)\b/.test(bare) ||
    /(^|[;&|(){}\n]|\b(then|do|else)\s)\s*\.\s/.test(bare)
  );
}

function withPwdRedefined(state: PathState, text: string, host: string): PathState {
  const pwd = pwdMayBeRedefined(text, host);
  const parts = mayBeRedefined(text, host, "dirname", "basename");
  const cat = mayBeRedefined(text, host, "cat");
  const both = host === text ? text : `${host}\n${text}`;
  const caseless = /shopt|nocasematch|extglob|BASHOPTS/.test(both.replace(/['"\\]/g, ""));
  if (!pwd && !parts && !cat && !caseless) return state;
  const vars = new Map(state.vars);
  if (pwd) vars.set(PWD_REDEFINED, null);
  if (parts) vars.set(PATH_PARTS_REDEFINED, null);
  if (cat) vars.set(CAT_REDEFINED, null);
  if (caseless) vars.set(PATTERN_CASE_UNKNOWN, null);
  return { ...state, vars };
}

function analyzeText(
  parser: Parser,
  text: string,
  state: PathState,
  depth: number,
  origin: string,
  host: string = text,
): TextAnalysis {
  // The written-code floor asks whether a pipeline's filter can only be fed by the program
  // before it, which the text decides (written-code.ts `fedBy`); a nested script's offsets are
  // not the host's, so there no filter is taken as fed.
  // Whether a substitution may print nothing for want of a descriptor is a fact of the whole
  // text and of its host's, whose limits a nested script inherits (S33
  // empty-trusted-output, see failing-substitutions.ts).
  return withFailingSubstitutions([text, host], () =>
    withAnalysedText(host === text ? text : null, () =>
      analyzeTextIn(parser, text, state, depth, origin, host),
    ),
  );
}

function analyzeTextIn(
  parser: Parser,
  text: string,
  state: PathState,
  depth: number,
  origin: string,
  host: string,
): TextAnalysis {
  // A plain line (see read/plain-tree.ts) gets its scan, tree and token reading from the fast
  // path, each proven equal to what the full path computes.
  const plain = plainFastPath.enabled ? plainParse(text) : null;
  const scanned = plain?.scanned ?? scanSource(text);
  const parsed: Parsed = plain
    ? {
        root: plain.root,
        text,
        walkText: text,
        coprocStarts: NO_COPROCS,
        negatedStarts: NO_COPROCS,
        spelledText: text,
        heredocs: NO_HEREDOCS,
      }
    : repairAssignmentRedirects(
        parser,
        repairGluedBraces(
          parser,
          repairCaseToggle(
            parser,
            repairReadWrite(
              parser,
              repairEscapedParens(
                parser,
                repairVarnameRedirects(
                  parser,
                  parseWithHeredocRepair(parser, scanned.source.text, scanned.heredocs),
                ),
              ),
            ),
          ),
        ),
      );
  const nested = (script: string, inherited: PathState) => {
    if (depth + 1 >= MAX_NESTING) return null;
    const inner = analyzeText(parser, script, inherited, depth + 1, origin, host);
    return { units: inner.units, diagnostics: inner.diagnostics };
  };
  const walker = new Walker(
    nested,
    parsed.coprocStarts,
    parsed.walkText,
    parsed.heredocs,
    origin,
    host,
    parsed.negatedStarts,
    parsed.spelledText,
  );
  const root = parsed.root;
  const source = scanned.source.text;
  walker.program(
    root,
    withPwdRedefined(state, text, host),
    (source.includes("PATH") || source.includes("BASH_CMDS")) && LOOKUP_BY_NAME.test(source),
  );
  const diagnostics = [...walker.diagnostics];
  // A plain tree covers every character but blanks with its leaves and holds no ERROR or
  // MISSING node (read/plain-tree.ts builds it so; test/plain-tree.test.ts proves it): the
  // inspection has nothing to find there.
  const flagged = plain
    ? NO_UNITS
    : inspectTree(root, parsed.text, walker, diagnostics, scanned.arithmeticHashes);
  const recovered =
    plain && confirmedByKeys(plain.keys, walker.units, walker.uncalled, diagnostics, text.length)
      ? NO_UNITS
      : crossCheck(
          scanned.lines,
          [...walker.units, ...walker.uncalled],
          diagnostics,
          state,
          text,
          nested,
          plain?.commands() ?? undefined,
        );
  // Source order, so that a nested script's units keep it when the host lists them.
  const units = [...walker.units, ...flagged, ...recovered].sort(
    (a, b) => a.pos - b.pos || a.seq - b.seq,
  );
  for (const unit of units) unit.text ??= originalSlice(scanned.source, unit.start, unit.end);
  let status: ParseStatus = "ok";
  if (diagnostics.some((diagnostic) => TRUST_BREAKING.has(diagnostic.kind))) status = "partial";
  if (root.hasError && root.namedChildren.every((child) => child?.type === "ERROR"))
    status = "unparseable";
  return { status, units, diagnostics, source: scanned.source };
}

// ---- keyword repairs ------------------------------------------------------------------------

interface Parsed {
  root: Node;
  /** The text the tree was parsed from (keywords and heredocs blanked out, same length). */
  text: string;
  /**
   * When a repair below parsed `text` with some characters replaced (the nodes keep `text` as
   * written), the text the grammar read for `root`: the next repair starts from it, so that
   * the repairs add up.
   */
  grammarText?: string;
  /** The text the walk reads: as parsed, with the heredocs' text put back. */
  walkText: string;
  coprocStarts: ReadonlySet<number>;
  /** Where a statement starts whose `!` was blanked out (see `parseWithKeywordFixes`). */
  negatedStarts: ReadonlySet<number>;
  /** The walked text with the keywords blanked out for the grammar put back (same length). */
  spelledText: string;
  /** The heredocs parsed as a `<&0` stand-in, by the index of their operator. */
  heredocs: ReadonlyMap<number, HeredocSpan>;
}

const NO_HEREDOCS: ReadonlyMap<number, HeredocSpan> = new Map();
const NO_COPROCS: ReadonlySet<number> = new Set();

/**
 * tree-sitter-bash 0.25.1 misreads what follows a heredoc's operator on its line
 * (`cat <<'EOF' 2>&1 | tail`, `cat <<EOF; echo ok`), quoted delimiters (`<<E"O"F`,
 * `<<$'EOF'`), a body line that is the delimiter with blanks around it (`EOF `), and a body
 * line starting with `\$(`. The pre-pass knows where bash ends each top-level heredoc (see
 * `read/source.ts`), so each heredoc the grammar also saw is parsed again as a same-length
 * `<&0` stand-in with its body and delimiter line blanked out; the walk takes the body from
 * the span. A `<<` only the pre-pass saw (`(( x << 2 ))`) is left as it was.
 */
function parseWithHeredocRepair(
  parser: Parser,
  written: string,
  spans: readonly HeredocSpan[],
): Parsed {
  const text = withoutStdinDescriptor(written, spans);
  const first = parseWithKeywordFixes(parser, text);
  const strings = first.root.hasError ? hereStringSpans(first.root, text) : [];
  if (spans.length === 0 && strings.length === 0) {
    return { ...first, walkText: first.text, spelledText: text, heredocs: NO_HEREDOCS };
  }
  const operators = heredocOperators(first.root, text);
  const repaired = [...spans.filter((span) => operators.has(span.opStart)), ...strings];
  if (repaired.length === 0) {
    return { ...first, walkText: first.text, spelledText: text, heredocs: NO_HEREDOCS };
  }
  const second = parseWithKeywordFixes(parser, blankHeredocs(text, repaired));
  return {
    ...second,
    walkText: restoreHeredocs(second.text, text, repaired),
    spelledText: text,
    heredocs: new Map(repaired.map((span) => [span.opStart, span])),
  };
}

/**
 * tree-sitter-bash 0.25.1 reads a here-string only among a command's words: one after another
 * redirect (`cat 2>/dev/null <<< x`, `cat >f <<<x`) or with a descriptor (`cat 3<<< x`) is an
 * ERROR holding `<<`. A here-string whose word is text as written (plain characters, or one
 * `'…'` or `"…"` string with no expansion, escape or line break inside) is parsed as the same
 * `<&0` stand-in a heredoc gets, its word the body: bash feeds it as it feeds a quoted
 * heredoc's body, and nothing in it expands. Any other word stays an ERROR (floored).
 */
function hereStringSpans(root: Node, text: string): HeredocSpan[] {
  const found: HeredocSpan[] = [];
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    tick(STEP.expression);
    if (
      node.type === "ERROR" &&
      node.children.length === 1 &&
      node.child(0)?.type === "<<" &&
      text.startsWith("<<<", node.startIndex) &&
      text[node.startIndex - 1] !== "<"
    ) {
      const span = literalHereString(text, node.startIndex);
      if (span !== null) found.push(span);
    }
    for (const child of node.children) if (child) stack.push(child);
  }
  return found;
}

/** The span of the here-string at `opStart` when its word is text as written (see above). */
function literalHereString(text: string, opStart: number): HeredocSpan | null {
  let at = opStart + 3;
  while (text[at] === " " || text[at] === "\t") at++;
  const word = /^(?:[A-Za-z0-9_.,:=+@%/-]+|'[^'\n]*'|"[^"$`\\!\n]*")(?=[\s;&|<>)]|$)/.exec(
    text.slice(at, at + 4097),
  )?.[0];
  if (word === undefined) return null;
  const quoted = word.startsWith("'") || word.startsWith('"');
  const end = at + word.length;
  return {
    opStart,
    opEnd: end,
    bodyStart: quoted ? at + 1 : at,
    bodyEnd: quoted ? end - 1 : end,
    end,
    quoted: true,
    stripTabs: false,
  };
}

/**
 * tree-sitter-bash 0.25.1 cannot read a descriptor before a heredoc's operator (`cat 0<<EOF`).
 * Descriptor 0 is where a heredoc goes anyway, so a lone `0` right before an operator bash
 * reads as a heredoc's (the pre-pass's spans) is parsed as a blank: the same statement.
 */
function withoutStdinDescriptor(text: string, spans: readonly HeredocSpan[]): string {
  let out = text;
  for (const span of spans) {
    const at = span.opStart - 1;
    if (out[at] !== "0" || out.startsWith("<<<", span.opStart)) continue;
    if (at > 0 && !/[\s;&|(]/.test(out[at - 1] as string)) continue;
    out = `${out.slice(0, at)} ${out.slice(at + 1)}`;
  }
  return out;
}

/** Whether the line before `at` opens no arithmetic, test or unclosed parenthesis. */
function plainLineBefore(text: string, at: number): boolean {
  // A line past this length is left as the grammar read it (floored): the scan stays linear.
  const before = text.slice(Math.max(0, at - 4097), at);
  const newline = before.lastIndexOf("\n");
  if (newline === -1 && at > 4096) return false;
  const line = before.slice(newline + 1);
  if (/\(\(|\[\[|\$\[|\blet\b/.test(line)) return false;
  let depth = 0;
  for (const c of line) depth += c === "(" ? 1 : c === ")" ? -1 : 0;
  return depth === 0;
}

/**
 * Where the grammar saw a heredoc operator (`<<`, `<<-`): in a heredoc redirect, or in a
 * region it could not parse (`cat <<EOF; echo ok` stops it at the `;`), when nothing earlier
 * on the line opens arithmetic or a test, where `<<` is a shift or no operator at all.
 */
function heredocOperators(root: Node, text: string): Set<number> {
  const found = new Set<number>();
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    tick(STEP.expression);
    if (node.type === "heredoc_redirect") {
      for (const child of node.children) {
        if (child?.type === "<<" || child?.type === "<<-") found.add(child.startIndex);
      }
    } else if (node.type === "ERROR") {
      for (const child of node.children) {
        if (
          (child?.type === "<<" || child?.type === "<<-") &&
          plainLineBefore(text, child.startIndex)
        ) {
          found.add(child.startIndex);
        }
      }
    }
    for (const child of node.children) if (child) stack.push(child);
  }
  return found;
}

/**
 * Whether plain command lines skip the grammar (see `read/plain-tree.ts`).
 *
 * @internal off only in the tests that prove the fast path equals the full analysis.
 */
export const plainFastPath = { enabled: true };

/**
 * What tree-sitter-bash misreads after a `!`: a reserved word opening a compound command (or
 * another `!`), or `((`. (`[[` and a subshell it reads.)
 */
const MISREAD_AFTER_BANG =
  /^(?:[{!](?=[\s;&|()<>])|\(\(|(?:if|while|until|for|case|select|function)(?=[\s;&|()<>]|$))/;

/**
 * What may follow the `time` keyword that tree-sitter-bash cannot read as `time`'s operands:
 * a compound command, `!`, an assignment, and the reserved words `coproc` and `time` (after
 * `time`, bash still reads them as keywords: `time coproc {git,push}` runs `git push` as a
 * coprocess; read as operands, the walk would take `coproc` for the program).
 */
const COMPOUND_START =
  /^(\{|\(|!|\[\[|if\b|while\b|until\b|for\b|case\b|select\b|function\b|coproc\b|time\b|[A-Za-z_][A-Za-z0-9_]*\+?=)/;

/**
 * tree-sitter-bash 0.25.1 has no `coproc`, and reads `time { …; }` as a command named `time`
 * whose arguments end at the first `;`. Both keywords are blanked out (same length, so every
 * offset still holds) and the text is parsed again: what follows them is then parsed as the
 * statement bash sees. The coprocess statements are remembered: they run in a subshell.
 * After `!` the grammar reads only a simple command, a test or a subshell: `! { a; }`,
 * `! for …`, `! if …` become commands named `{`, `for`, `if` (and the rest of the compound
 * commands named `do`, `}`…), `! ((x))` two subshells. Such a `!` is blanked out the same
 * way and the statement after it remembered: the walk negates it again.
 */
function parseWithKeywordFixes(
  parser: Parser,
  text: string,
): Omit<Parsed, "walkText" | "spelledText" | "heredocs"> {
  let current = text;
  let root = parseOrThrow(parser, current);
  const coprocStarts = new Set<number>();
  const negatedStarts = new Set<number>();
  // Each round blanks at least one keyword (a `time`, `coproc` or `!` that is not blank yet),
  // so the rounds end; a chain (`time ! time coproc …`) needs one round per keyword, and a
  // round limit would leave the keywords past it for the walk to take as a program.
  while (/\b(time|coproc)\b|!/.test(current)) {
    const blanks: [number, number][] = [];
    findKeywords(root, current, blanks, coprocStarts, negatedStarts);
    if (blanks.length === 0) break;
    const chars = current.split("");
    for (const [start, end] of blanks) for (let i = start; i < end; i++) chars[i] = " ";
    current = chars.join("");
    root = parseOrThrow(parser, current);
  }
  return { root, text: current, coprocStarts, negatedStarts };
}

/**
 * tree-sitter-bash 0.25.1 reads an escaped `\$(` in a `${…}` operand (`"${x:-\$(rm a)}"`,
 * `${x/a/\$(b)}`) as an ERROR and an array, where bash reads plain characters. The two
 * parentheses are parsed again as `_`: same length, no blank or quote changed, so the words
 * bash makes are the same ones; the nodes keep the text as written, so every value is too.
 * The repair is kept only when it leaves fewer grammar errors.
 */
function repairEscapedParens(parser: Parser, parsed: Parsed): Parsed {
  if (!parsed.root.hasError || !parsed.text.includes("\\$(")) return parsed;
  return reparsedWith(parser, parsed, "_", (node, fixes) => {
    if (node.type !== "expansion") return;
    const children = node.children;
    for (let i = 0; i + 1 < children.length; i++) {
      const error = children[i] as Node;
      const group = children[i + 1] as Node;
      if (
        error.type === "ERROR" &&
        error.text === "\\$" &&
        group.type === "array" &&
        group.startIndex === error.endIndex &&
        parsed.text[group.startIndex] === "(" &&
        parsed.text[group.endIndex - 1] === ")"
      ) {
        fixes.push(group.startIndex, group.endIndex - 1);
      }
    }
  });
}

/**
 * tree-sitter-bash 0.25.1 has no `{NAME}>file` (bash puts the descriptor it opens in NAME): it
 * reads `{fd}` as a word, the command's name when it comes first (`x=1 {fd}>/dev/null`,
 * `{fd}>/dev/null git push`). Each `{NAME}` that starts a word right before `<` or `>` (no
 * heredoc) is parsed again as digits, a descriptor of the same length; the nodes keep the text
 * as written, and the walk takes NAME as assigned a value it does not know (bash puts a number
 * in it), whatever the string otherwise does with NAME (`x=$( sh {x}>&2 -c CMD )`, `case x in
 * x) bash {x}<&0 -c CMD;; esac`, `sh {X}>&2 -c CMD`: B18 named-fd-redirect-read-as-word).
 */
function repairVarnameRedirects(parser: Parser, parsed: Parsed): Parsed {
  if (!parsed.text.includes("}<") && !parsed.text.includes("}>")) return parsed;
  const text = parsed.text;
  const starts = new Map<number, string>();
  const stack: Node[] = [parsed.root];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    tick(STEP.expression);
    if (node.children.length === 0) {
      if ((node.type === "word" || node.type === "{") && text[node.startIndex] === "{")
        starts.set(node.startIndex, node.type);
      continue;
    }
    for (const child of node.children) if (child) stack.push(child);
  }
  const fixes: [number, number][] = [];
  for (const match of text.matchAll(/(^|[\s;&|(])\{([A-Za-z_][A-Za-z0-9_]*)\}(?=[<>])(?!<<)/g)) {
    const at = (match.index ?? 0) + (match[1] as string).length;
    const name = match[2] as string;
    if (starts.has(at)) fixes.push([at, at + name.length + 2]);
  }
  if (fixes.length === 0) return parsed;
  const chars = (parsed.grammarText ?? parsed.text).split("");
  for (const [from, to] of fixes) for (let i = from; i < to; i++) chars[i] = "9";
  const grammarText = chars.join("");
  return { ...parsed, root: parseOrThrow(parser, grammarText, parsed.text), grammarText };
}

/**
 * tree-sitter-bash 0.25.1 has no `<>` (open read-write): it reads `<` and stops at `>`
 * (`cat <> rw.txt`, `exec 3<> f`). Each `>` the grammar failed on right after a `<` is parsed
 * again as a blank, so the redirect is a `<` one; the nodes keep the text as written, and the
 * walk reads a `<` followed by `>` as `<>` (read and write). The repair is kept only when it
 * leaves fewer grammar errors.
 */
function repairReadWrite(parser: Parser, parsed: Parsed): Parsed {
  if (!parsed.root.hasError || !parsed.text.includes("<>")) return parsed;
  return reparsedWith(parser, parsed, " ", (node, fixes) => {
    const at = node.startIndex;
    if (node.type === "ERROR" && parsed.text[at] === ">" && parsed.text[at - 1] === "<") {
      fixes.push(at);
    }
  });
}

/**
 * tree-sitter-bash 0.25.1 has no `${x~}` and `${x~~}` (bash 5.2 toggles the case of the first
 * or of every character, as `^`/`^^` raise and `,`/`,,` lower it, with the same optional
 * pattern after them). Each such `~` is parsed again as `^`: same length, same shape, so a
 * substitution in the pattern (`${x~~$(id)}`) is still a node the walk reads; the nodes keep
 * the text as written, so the expansion's value stays unknown (only a plain `${x}` has one).
 * The repair is kept only when it leaves fewer grammar errors.
 */
function repairCaseToggle(parser: Parser, parsed: Parsed): Parsed {
  if (!parsed.root.hasError || !parsed.text.includes("~")) return parsed;
  const fixes: number[] = [];
  // A parameter name, number or special parameter, an optional subscript, then `~` or `~~`.
  const toggle = /\$\{(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])(?:\[[^\]\n]*\])?(~~?)/g;
  for (const match of parsed.text.matchAll(toggle)) {
    const at = (match.index ?? 0) + match[0].length - (match[1] as string).length;
    for (let i = 0; i < (match[1] as string).length; i++) fixes.push(at + i);
  }
  if (fixes.length === 0) return parsed;
  const chars = (parsed.grammarText ?? parsed.text).split("");
  for (const at of fixes) chars[at] = "^";
  const grammarText = chars.join("");
  const root = parseOrThrow(parser, grammarText, parsed.text);
  return errorCount(root) < errorCount(parsed.root) ? { ...parsed, root, grammarText } : parsed;
}

/**
 * The parse of the text with each character at the offsets `find` collects (visiting every
 * node with an error below it) replaced by `by`, when that leaves fewer grammar errors; the
 * nodes keep the text as written. Otherwise the parse as it was.
 */
function reparsedWith(
  parser: Parser,
  parsed: Parsed,
  by: string,
  find: (node: Node, fixes: number[]) => void,
): Parsed {
  const fixes: number[] = [];
  const stack: Node[] = [parsed.root];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    tick(STEP.expression);
    if (!node.hasError) continue;
    find(node, fixes);
    for (const child of node.children) if (child) stack.push(child);
  }
  if (fixes.length === 0) return parsed;
  const chars = (parsed.grammarText ?? parsed.text).split("");
  for (const at of fixes) chars[at] = by;
  const grammarText = chars.join("");
  const root = parseOrThrow(parser, grammarText, parsed.text);
  return errorCount(root) < errorCount(parsed.root) ? { ...parsed, root, grammarText } : parsed;
}

/**
 * tree-sitter-bash 0.25.1 reads one assignment with redirects and no command (`x=a 2>/dev/null`)
 * as a command still waiting for its name: the statement after a `;` or on the next line
 * becomes that name (`x=a 2>/dev/null; cat "$x"` is read as `x=a 2>/dev/null cat "$x"` with an
 * ERROR at the `;`, and a pipeline after it swallows the assignment). bash ends the statement
 * there: it assigns x in this shell, then opens the redirects, whose targets already see the
 * new value (traced: `x=.env; x=README.md >"$x"` writes README.md), as the walk reads a
 * statement of assignments and redirects alone. The blank between such an assignment and its
 * first redirect is parsed again as `;` (same length; the nodes keep the text as written), so
 * the grammar reads the assignment, then the redirects as a statement of their own, then what
 * follows. Not where an operator other than `;` or a newline follows (`&` and `|` put the
 * statement in a subshell, `&&` and `||` hang on its status), nor where no blank stands
 * between the assignment and the redirect (`x=a>f; cat` stays floored).
 */
function repairAssignmentRedirects(parser: Parser, parsed: Parsed): Parsed {
  const text = parsed.text;
  if (!text.includes("=") || !(text.includes(">") || text.includes("<"))) return parsed;
  const fixes: number[] = [];
  const stack: Node[] = [parsed.root];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    tick(STEP.expression);
    if (node.type === "command") {
      const at = assignmentRedirectEnd(node, text);
      if (at !== null) fixes.push(at);
    }
    for (const child of node.children) if (child) stack.push(child);
  }
  if (fixes.length === 0) return parsed;
  const chars = (parsed.grammarText ?? parsed.text).split("");
  for (const at of fixes) chars[at] = ";";
  const grammarText = chars.join("");
  const root = parseOrThrow(parser, grammarText, parsed.text);
  return errorCount(root) <= errorCount(parsed.root) ? { ...parsed, root, grammarText } : parsed;
}

/**
 * Where the blank after the assignment of a misread assignment-and-redirects statement stands
 * (see {@link repairAssignmentRedirects}), or null: the command's children are one assignment,
 * redirects to files or here-strings, then a lone `;` the grammar could not place (or a line
 * break), then the command name the grammar took from the next statement.
 */
function assignmentRedirectEnd(node: Node, text: string): number | null {
  const children = node.children.filter((child): child is Node => child !== null);
  const assignment = children[0];
  if (assignment?.type !== "variable_assignment") return null;
  let i = 1;
  while (children[i]?.type === "file_redirect" || children[i]?.type === "herestring_redirect") {
    i++;
  }
  if (i === 1) return null;
  const lastRedirect = children[i - 1] as Node;
  let next = children[i];
  if (next?.type === "ERROR") {
    if (next.text !== ";" || text.slice(lastRedirect.endIndex, next.startIndex).trim() !== "")
      return null;
    next = children[i + 1];
  } else if (!/^[ \t]*\n\s*$/.test(text.slice(lastRedirect.endIndex, next?.startIndex))) {
    return null;
  }
  if (next?.type !== "command_name" || next.isMissing || next.namedChildren[0]?.isMissing) {
    return null;
  }
  const first = children[1] as Node;
  const gap = text.slice(assignment.endIndex, first.startIndex);
  if (gap === "" || !/^[ \t]+$/.test(gap)) return null;
  return assignment.endIndex;
}

/** The characters that end a word in bash: blanks, newline and the operator characters. */
const WORD_ENDS: ReadonlySet<string> = new Set([
  " ",
  "\t",
  "\n",
  ";",
  "&",
  "|",
  "(",
  ")",
  "<",
  ">",
]);

/**
 * bash reads `{` as the group keyword only when it is a word of its own: glued to what follows
 * (`{git,push}`, `{rm,-rf,build}`, `{"a",b}`) it starts an ordinary word, which brace expansion
 * may turn into a command and its arguments. tree-sitter-bash 0.25.1 opens a group there
 * whenever a `}` follows somewhere later (`{git,push}⏎}` is a group around a command named
 * `git,push}`), while bash runs the first line (`git push`) before it fails on the lone `}`.
 * Each `{` that opens a group (or that the grammar left in an ERROR: `{cat,.env}; { echo; }`)
 * but is glued to a character other than a blank or an operator is parsed again as `,` (a
 * word character that makes no name, so `{a=1}` stays no assignment), with the nodes keeping
 * the text as written: the grammar then reads the word bash reads, and the walk expands it
 * from its text. Repeated until the grammar places no such `{`; each round replaces at least
 * one (the deadline bounds the rounds).
 */
function repairGluedBraces(parser: Parser, parsed: Parsed): Parsed {
  if (!parsed.text.includes("{")) return parsed;
  let current = parsed;
  for (;;) {
    const fixes: number[] = [];
    const grammarText = current.grammarText ?? current.text;
    const stack: Node[] = [current.root];
    while (stack.length > 0) {
      const node = stack.pop() as Node;
      tick(STEP.expression);
      // The group's opener, or a `{` the grammar could not place (`{cat,.env}; { echo; }`).
      const opens =
        node.type === "compound_statement"
          ? [node.child(0)]
          : node.type === "ERROR"
            ? node.children
            : [];
      for (const open of opens) {
        const after = open ? grammarText[open.endIndex] : undefined;
        if (
          open?.type === "{" &&
          grammarText[open.startIndex] === "{" &&
          after !== undefined &&
          !WORD_ENDS.has(after)
        ) {
          fixes.push(open.startIndex);
        }
      }
      for (const child of node.children) if (child) stack.push(child);
    }
    if (fixes.length === 0) return current;
    const chars = grammarText.split("");
    for (const at of fixes) chars[at] = ",";
    const next = chars.join("");
    current = { ...current, root: parseOrThrow(parser, next, current.text), grammarText: next };
  }
}

function errorCount(root: Node): number {
  let count = 0;
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (!node.hasError) continue;
    if (node.type === "ERROR" || node.isMissing) count++;
    for (const child of node.children) if (child) stack.push(child);
  }
  return count;
}

/**
 * Parses and copies the tree out of wasm memory, which is freed at once. The nodes read their
 * text from `nodeText` (the same length as `text`).
 */
function parseOrThrow(parser: Parser, text: string, nodeText = text): Node {
  tick(STEP.input * text.length);
  // The grammar's own work counts against the deadline: the callback cancels the parse.
  let cancelled = false;
  startParseReports();
  const tree = parser.parse(text, null, {
    progressCallback: () => {
      cancelled ||= spendParseReport();
      return cancelled;
    },
  });
  if (tree === null) {
    // A halted parse is resumed by the parser's next call unless it is reset: the next
    // command would be read as the rest of this one (M25: after an <analysis-timeout> line,
    // `gcc -wrapper sh,-c,'g=git; $g push origin main'` lost its git push unit).
    parser.reset();
    if (cancelled) throw new DeadlineExceeded(currentBudgetMs());
    throw new Error("the bash grammar returned no tree");
  }
  try {
    return copyTree(tree, nodeText);
  } finally {
    // INVARIANT: trees live in wasm memory; every parse is freed (toolchain G7).
    tree.delete();
  }
}

function findKeywords(
  node: Node,
  text: string,
  blanks: [number, number][],
  coprocStarts: Set<number>,
  negatedStarts: Set<number>,
): void {
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const current = stack.pop() as Node;
    const bang = current.type === "negated_command" ? current.child(0) : null;
    if (bang?.type === "!") {
      const after = text.slice(bang.endIndex);
      const rest = after.trimStart();
      if (MISREAD_AFTER_BANG.test(rest)) {
        blanks.push([bang.startIndex, bang.endIndex]);
        negatedStarts.add(bang.endIndex + (after.length - rest.length));
      }
    }
    if (current.type === "command") {
      const name = current.childForFieldName("name");
      const word = name?.text;
      if (name && (word === "time" || word === "coproc")) {
        const start = name.startIndex;
        let end = name.endIndex;
        const rest = () => text.slice(end);
        if (word === "time") {
          for (
            let match = /^\s+(-p|--)(?=\s)/.exec(rest());
            match;
            match = /^\s+(-p|--)(?=\s)/.exec(rest())
          ) {
            end += match[0].length;
          }
          if (COMPOUND_START.test(rest().trimStart())) blanks.push([start, end]);
        } else {
          const named =
            /^\s+[A-Za-z_][A-Za-z0-9_]*(?=\s*(\{|\(|(if|while|until|for|case|select)\b))/.exec(
              rest(),
            );
          if (named) end += named[0].length;
          blanks.push([start, end]);
          const after = rest();
          coprocStarts.add(end + (after.length - after.trimStart().length));
        }
      }
    }
    for (const child of current.namedChildren) if (child) stack.push(child);
  }
}

// ---- tree inspection ------------------------------------------------------------------------

/**
 * Nodes whose whole range counts as covered without looking at their children. A double-quoted
 * `string` is not one of them: a `$(…)` inside it is parsed as commands, and a MISSING or
 * ERROR node there breaks the command bash runs just as it would outside the quotes.
 */
const ATOMIC = new Set([
  "word",
  "raw_string",
  "ansi_c_string",
  "translated_string",
  "heredoc_body",
  "heredoc_start",
  "heredoc_end",
  "comment",
  "number",
  "regex",
  "extglob_pattern",
  "test_operator",
]);

/**
 * One pass over every node: MISSING nodes the grammar invented, and text the tree does not
 * cover at all (tree-sitter-bash silently drops `-` in `git commit -F - <<'MSG' 2>&1 | …`).
 */
/**
 * Whether the grammar read a `$'…'` where bash does not: inside a double-quoted string, where
 * bash takes `$'` as text, or ending anywhere but where bash ends it (a backslash quotes the
 * next character, `\\` and `\'` included; the first other `'` closes it).
 */
function ansiQuoteMisread(node: Node, text: string): boolean {
  if (node.parent?.type === "string") return true;
  let at = node.startIndex + 2;
  while (at < node.endIndex) {
    const c = text[at];
    if (c === "\\") at += 2;
    else if (c === "'") return at + 1 !== node.endIndex;
    else at++;
  }
  return true;
}

/** Whether a node lies in a `${…}` operand, where blanks are text of the operand. */
function insideExpansion(node: Node): boolean {
  for (let up = node.parent; up !== null; up = up.parent) {
    if (up.type === "expansion") return true;
  }
  return false;
}

/** Whether a word's text holds a space, tab or newline no backslash quotes. */
function hasUnquotedBlank(word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const c = word[i];
    if (c === "\\") i++;
    else if (c === " " || c === "\t" || c === "\n") return true;
  }
  return false;
}

function inspectTree(
  root: Node,
  text: string,
  walker: Walker,
  diagnostics: Diagnostic[],
  arithmeticHashes: readonly number[] = [],
): PendingUnit[] {
  const arithmetic = arithmeticHashes.length === 0 ? null : new Set(arithmeticHashes);
  const flagged: PendingUnit[] = [];
  let covered = 0;
  // INVARIANT: every region the grammar invented or dropped gets a unit carrying the sentinel,
  // so that a consumer reading only the units still cannot allow it.
  const flag = (start: number, end: number, words = text.slice(start, end)) => {
    flagged.push({
      pos: start,
      seq: Number.MAX_SAFE_INTEGER / 2 + flagged.length,
      start,
      end,
      argv: tokenWords(words).map((word) => word.text),
      context: null,
      wrappers: [],
      executed: null,
      sentinel: SENTINELS.unparseable,
      paths: [],
      key: null,
      synthetic: true,
    });
  };
  const gap = (until: number) => {
    // Only space, tab and newline separate words in bash: a carriage return, form feed or
    // no-break space the grammar skipped as a blank is text bash reads (`\r#` is a word there,
    // so the `#` after it starts no comment; fuzz seed 2001).
    const dropped = until > covered ? bashTrim(text.slice(covered, until)) : null;
    if (dropped !== null && dropped.text !== "") {
      const start = covered + dropped.lead;
      if (walker.repaired.has(start) && /^[->]$/.test(dropped.text)) return;
      diagnostics.push({
        kind: "dropped-text",
        message: `the grammar left \`${dropped.text.slice(0, 40)}\` out of its tree`,
        at: start,
      });
      flag(start, start + dropped.text.length);
    }
  };
  // Pre-order, children left to right: the order in which text is covered.
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    const type = node.type;
    if (node.isMissing && !walker.forgivenMissing.has(node.startIndex)) {
      diagnostics.push({
        kind: "missing-token",
        message: `the grammar expected \`${type}\` here`,
        at: node.startIndex,
      });
      let around: Node | null = node;
      while (around !== null && around.endIndex - around.startIndex === 0) around = around.parent;
      flag(around?.startIndex ?? node.startIndex, around?.endIndex ?? node.endIndex);
    }
    if (type === "ERROR" && !walker.reportedErrors.has(node.startIndex)) {
      // An ERROR inside a node the walk does not descend into (a heredoc redirect, say).
      const region = text.slice(node.startIndex, node.endIndex);
      diagnostics.push({
        kind: "grammar-error",
        message: `the grammar could not parse \`${region.split("\n")[0]?.slice(0, 60) ?? ""}\``,
        at: node.startIndex,
      });
      flag(node.startIndex, node.endIndex);
    }
    // (Inside a string the token also holds the blanks before it, `" $a"`: those are text.)
    if (type === "$" && node.text.trim() !== "$") {
      // tree-sitter-bash 0.25.1 reads `-$` (and `-x$`) before a `"…"` as one `$` token the walk
      // passes over, where bash reads `-$"c"` as the word `-c` ($"…" is a locale string): the
      // words there are not the tree's (B18 locale-string-after-dash).
      diagnostics.push({
        kind: "dropped-text",
        message: `the grammar read \`${node.text.slice(0, 40)}\` as a \`$\``,
        at: node.startIndex,
      });
      flag(node.startIndex, node.endIndex);
    }
    if (type === "word" && hasUnquotedBlank(node.text) && !insideExpansion(node)) {
      // INVARIANT: bash ends a word at an unquoted blank; a word of the grammar's that holds
      // one is two words of bash's (R34 lone-brace-arg-glued, traced: the grammar read
      // `cat { {.env,x}` as `cat` and one word `{ {.env,x}`, where bash brace-expands the second
      // word and reads .env).
      diagnostics.push({
        kind: "grammar-error",
        message: `the grammar read \`${node.text.slice(0, 40)}\` as one word`,
        at: node.startIndex,
      });
      flag(node.startIndex, node.endIndex);
    }
    if (type === "ansi_c_string" && ansiQuoteMisread(node, text)) {
      // INVARIANT: the grammar's `$'…'` ends where bash's does, or the words around it are not
      // the tree's (R34 ansi-c-escaped-backslash, traced: tree-sitter-bash ends `$'\\'` at a
      // later quote, so `cat $'\\' .env '\'` read as one word was allowed; bash read .env).
      diagnostics.push({
        kind: "grammar-error",
        message: `the grammar misread the quoting of \`${node.text.slice(0, 40)}\``,
        at: node.startIndex,
      });
      flag(node.startIndex, node.endIndex);
    }
    if (type === "comment" && arithmetic?.has(node.startIndex)) {
      // INVARIANT: a comment the pre-pass proves is arithmetic text (`(( 1 #)); rm x`) hid
      // what bash reads after it: the tree is not trusted there. The token pass, which reads
      // the `#` as text, recovers the commands after the arithmetic.
      diagnostics.push({
        kind: "grammar-error",
        message: `the grammar read \`${node.text.slice(0, 40)}\` inside arithmetic as a comment`,
        at: node.startIndex,
      });
      flag(node.startIndex, node.endIndex, `\\${node.text}`);
    }
    const children = node.children;
    if (ATOMIC.has(type) || children.length === 0) {
      gap(node.startIndex);
      covered = Math.max(covered, node.endIndex);
      continue;
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Node);
  }
  gap(text.length);
  return flagged;
}

/** `value` without the bash blanks (space, tab, newline) at its ends, and how many it led with. */
function bashTrim(value: string): { text: string; lead: number } {
  let start = 0;
  let end = value.length;
  while (start < end && BASH_BLANK.has(value[start] as string)) start++;
  while (end > start && BASH_BLANK.has(value[end - 1] as string)) end--;
  return { text: value.slice(start, end), lead: start };
}

const BASH_BLANK = new Set([" ", "\t", "\n"]);

// ---- token cross-check ----------------------------------------------------------------------

const NO_UNITS: readonly PendingUnit[] = Object.freeze([]);

/**
 * Whether `crossCheck` would find nothing on a plain line (one logical line, `[0, end)`): no
 * diagnostic marks the line damaged, no command is computed (`?`), and each command key the
 * token pass reads is matched by its own unit, as `crossCheck` counts them. Then it returns no
 * unit and adds no diagnostic. Any other case returns false and `crossCheck` runs in full.
 */
function confirmedByKeys(
  keys: readonly string[] | null,
  units: readonly PendingUnit[],
  uncalled: readonly PendingUnit[],
  diagnostics: readonly Diagnostic[],
  end: number,
): boolean {
  if (keys === null) return false;
  if (keys.length === 0) return true;
  for (const diagnostic of diagnostics) {
    if (
      (diagnostic.kind === "grammar-error" ||
        diagnostic.kind === "missing-token" ||
        diagnostic.kind === "dropped-text") &&
      diagnostic.at >= 0 &&
      diagnostic.at < end
    )
      return false;
  }
  // Each unit confirms one command: the units' keys, used up as the keys are met.
  const spare: (string | null)[] = [];
  for (const list of [units, uncalled]) {
    for (const unit of list) {
      if (!unit.synthetic && unit.key !== null && unit.pos >= 0 && unit.pos < end)
        spare.push(unit.key);
    }
  }
  for (const key of keys) {
    if (key === "?") return false;
    const at = spare.indexOf(key);
    if (at === -1) return false;
    spare[at] = null;
  }
  return true;
}

/**
 * Compares the grammar's units with the token pass, line by line. A command word the token
 * pass found and no grammar unit on that line accounts for is a dropped unit: the analysis
 * becomes partial and the command is recovered from the tokens, floored to unparseable.
 */
export function crossCheck(
  lines: readonly LogicalLine[],
  units: readonly PendingUnit[],
  diagnostics: Diagnostic[],
  state: PathState,
  original: string,
  nested: NestedAnalysis = () => null,
  found: TokenCommand[] = tokenCommands(lines),
): PendingUnit[] {
  if (found.length === 0) return [];
  // On a line the grammar already failed on, its units are not trusted to have the right
  // words either: there a command must match a unit word for word.
  const damaged = new Set<number>();
  for (const diagnostic of diagnostics) {
    if (
      diagnostic.kind === "grammar-error" ||
      diagnostic.kind === "missing-token" ||
      diagnostic.kind === "dropped-text"
    ) {
      const line = lineOf(lines, diagnostic.at);
      if (line !== -1) damaged.add(line);
    }
  }
  const perLine = lines.map(() => new Map<string, number>());
  const namesPerLine = lines.map(() => new Set<string>());
  for (const unit of units) {
    if (unit.synthetic || unit.key === null) continue;
    const line = lineOf(lines, unit.pos);
    if (line === -1) continue;
    const counts = perLine[line] as Map<string, number>;
    const key = damaged.has(line) ? JSON.stringify([unit.context, unit.argv]) : unit.key;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    namesPerLine[line]?.add(unit.key);
  }
  const missing: typeof found = [];
  const wildcards: typeof found = [];
  for (const command of found) {
    const counts = perLine[command.line] as Map<string, number>;
    const key = damaged.has(command.line)
      ? JSON.stringify([command.context, command.words.map((word) => word.text)])
      : command.key;
    if (command.key === "?" && !damaged.has(command.line)) {
      wildcards.push(command);
      continue;
    }
    const count = counts.get(key) ?? 0;
    if (count > 0) counts.set(key, count - 1);
    else missing.push(command);
  }
  for (const command of wildcards) {
    const counts = perLine[command.line] as Map<string, number>;
    const spare = [...counts.entries()].find(([, count]) => count > 0);
    if (spare) counts.set(spare[0], spare[1] - 1);
    else missing.push(command);
  }
  // After a cd the recovered words cannot be placed: resolve only what is absolute.
  const recoveredState: PathState = /\b(cd|pushd|popd)\b/.test(original)
    ? { ...state, cwds: null }
    : state;
  const recovered: PendingUnit[] = [];
  missing.forEach((command, index) => {
    const line = lines[command.line] as LogicalLine;
    const first = command.words[0]?.text ?? "";
    const offset = Math.max(0, line.tokens.indexOf(first));
    const pos = line.start + Math.min(offset, line.end - line.start);
    const seen = namesPerLine[command.line]?.has(command.key) === true;
    diagnostics.push({
      kind: "cross-check",
      message: seen
        ? `the grammar read the command \`${first}\` differently from the token pass`
        : `the grammar did not enumerate the command \`${first}\` that the token pass found`,
      at: pos,
    });
    const classification = classify(command.words, false);
    const argv = command.words.map((word) => word.text);
    const unit: PendingUnit = {
      pos,
      seq: Number.MAX_SAFE_INTEGER / 4 + index * 1024,
      start: pos,
      end: pos,
      text: quote(argv),
      argv,
      context: command.context,
      wrappers: classification.wrappers,
      executed: classification.executed?.map((word) => word.text) ?? null,
      // INVARIANT: a unit only the token pass saw is never fully trusted.
      sentinel: strongerSentinel(classification.sentinel, SENTINELS.unparseable),
      paths: resolveUses(operandUses(classification), recoveredState),
      key: null,
      synthetic: true,
    };
    recovered.push(unit);
    const script =
      classification.script === null ? null : nested(classification.script, recoveredState);
    if (script) {
      let seq = unit.seq;
      const attached = attachNested(script, {
        at: { pos, start: pos, end: pos },
        context: unit.context,
        wrappers: unit.wrappers,
        sentinel: unit.sentinel,
        synthetic: true,
        where: "inside a command only the token pass read",
        seq: () => ++seq,
      });
      recovered.push(...attached.units);
      diagnostics.push(...attached.diagnostics);
    }
  });
  return recovered;
}

function lineOf(lines: readonly LogicalLine[], pos: number): number {
  let lo = 0;
  let hi = lines.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const line = lines[mid] as LogicalLine;
    if (pos < line.start) hi = mid - 1;
    else if (pos >= line.end) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/** The answer past the deadline: one unit carrying the timeout sentinel, nothing proven. */
function timedOut(command: string, error: DeadlineExceeded): BashAnalysis {
  return {
    status: "partial",
    units: [
      {
        text: command,
        argv: [],
        context: null,
        wrappers: [],
        executed: null,
        sentinel: SENTINELS.analysisTimeout,
      },
    ],
    paths: [],
    diagnostics: [{ kind: "deadline", message: error.message, offset: -1 }],
  };
}

function failed(command: string, error: unknown): BashAnalysis {
  let argv: string[] = [];
  try {
    argv = tokenWords(command).map((word) => word.text);
  } catch {
    argv = [];
  }
  const diagnostic: AnalysisDiagnostic = {
    kind: "internal-error",
    message: `the analyzer failed: ${error instanceof Error ? error.message : String(error)}`,
    offset: -1,
  };
  return {
    status: "unparseable",
    units: [
      {
        text: command,
        argv,
        context: null,
        wrappers: [],
        executed: null,
        sentinel: SENTINELS.unparseable,
      },
    ],
    paths: [],
    diagnostics: [diagnostic],
  };
}
