// Secrets inside a bash command, for the review log. Key-name masking (log-cap) cannot see
// them: the command is one string under a harmless key. The bash analysis says which words
// the command executes, so a value bound to a sensitive name (`TOKEN=… cmd`, `export X=…`,
// `env X=…`), a sensitive header (`-H "Authorization: …"`), a sensitive option
// (`--password=…`, `--token …`) and a URL's password are found in the words bash really
// runs; a scan of the text adds what the analysis leaves out of a unit's words (leading
// assignments, a line that is only an assignment, an unparseable command). Over-masking a
// word costs a log reader little; a missed secret stays on disk, so both run.
import type { BashAnalysis } from "@pi-permission/bash";
import { isSensitiveLogKey, MASKED_LOG_VALUE, type Scrubbed } from "@pi-permission/log-cap";

/** One secret found in a command: what it is called, and how to hide it in a string. */
export interface CommandSecret {
  /** What the log line names (`GITHUB_TOKEN`, `Authorization header`, `--password`, `URL password`). */
  readonly name: string;
  /** Matches the secret with its context; group `secret` is the part replaced. */
  readonly pattern: RegExp;
}

const NAME = "[A-Za-z_][A-Za-z0-9_]*";
// One shell word as written: quoted runs, escapes and plain characters up to a separator.
const RAW_WORD = String.raw`(?:'[^']*'|"(?:\\.|[^"\\])*"|\\.|[^\s'";&|()<>\x60])+`;
const BOUNDARY = String.raw`(?<=^|[\s;&|(\x60!{])`;
const ASSIGNMENT = new RegExp(`${BOUNDARY}(${NAME})\\+?=(${RAW_WORD})`, "g");
// Anchored at `://`, whatever the scheme: a scheme run before it, tried from every word
// boundary, made the scan quadratic on text such as `a.a.a.…` (20 KB took 0.7 s).
const URL_PASSWORD = /:\/\/[^\s/:@'"]*:(?<secret>[^\s/@'"]+)@/g;

/**
 * Whether a shell variable name holds a secret: the log's key rule ({@link isSensitiveLogKey}),
 * plus names that end in `KEY` or `PASS` (`STRIPE_KEY`, `DB_PASS`), which the environment
 * uses for secrets more often than a record key does.
 */
export function isSensitiveVariable(name: string): boolean {
  return isSensitiveLogKey(name) || /(?:^|_)(?:KEY|PASS)$/i.test(name);
}

/** The secrets of `command`, from its analysis (when there is one) and its text. */
export function findCommandSecrets(
  command: string,
  analysis: BashAnalysis | null,
): CommandSecret[] {
  const found = new Map<string, CommandSecret>();
  const add = (name: string, pattern: RegExp) => {
    found.set(`${name}\u0000${pattern.source}`, { name, pattern });
  };

  for (const match of command.matchAll(ASSIGNMENT)) {
    const [, name = "", raw = ""] = match;
    if (isSensitiveVariable(name)) add(name, assignmentPattern(name, raw));
  }
  // `search` ignores the pattern's lastIndex: `test` on a global pattern starts where the last
  // call matched, and missed a password in the next command.
  if (command.includes("://") && command.search(URL_PASSWORD) >= 0) {
    add("URL password", URL_PASSWORD);
  }

  // Without a whole analysis (past its deadline, or a string it could not parse), the words
  // bash runs are unknown: the options, headers and curl passwords read from them below are
  // read from the text too (D19: a timed-out command's `-u alice:pw` was logged as written).
  if (analysis === null || analysis.status !== "ok") scanText(command, add);

  for (const unit of analysis?.units ?? []) {
    const words = [...unit.argv, ...unit.wrappers.flatMap((w) => w.argv)];
    const program = (unit.executed?.[0] ?? unit.argv[0] ?? "").split("/").pop() ?? "";
    words.forEach((word, i) => {
      const next = words[i + 1];
      const assignment = new RegExp(`^(${NAME})=(.+)$`, "s").exec(word);
      if (assignment?.[1] && assignment[2] && isSensitiveVariable(assignment[1])) {
        add(assignment[1], assignmentPattern(assignment[1], assignment[2]));
      }
      const header = /^(?:-H|--header=?)(.*)$/s.exec(word);
      if (header) {
        const value = header[1] !== "" ? header[1] : next;
        const named = value ? /^\s*([A-Za-z0-9_-]+)\s*:\s*(.+)$/s.exec(value) : null;
        if (named?.[1] && named[2] && isSensitiveLogKey(named[1])) {
          add(`${named[1]} header`, followedBy(`${named[1]}\\s*:\\s*`, named[2], "i"));
        }
      }
      const option = /^--?([A-Za-z][A-Za-z0-9_-]*)(?:=(.*))?$/s.exec(word);
      if (option?.[1] && isSensitiveLogKey(option[1])) {
        const value = option[2] ?? next;
        if (value !== undefined && value !== "" && !value.startsWith("-")) {
          add(
            `--${option[1]}`,
            followedBy(`${escapeRegExp(word.split("=")[0] ?? word)}(?:=|\\s+)`, value),
          );
        }
      }
      // curl's -u/--user and -U/--proxy-user carry `user:password`.
      if (
        program === "curl" &&
        /^(?:-u|--user|-U|--proxy-user)$/.test(word) &&
        next?.includes(":")
      ) {
        const password = next.slice(next.indexOf(":") + 1);
        if (password !== "")
          add(
            `${word} password`,
            followedBy(`${escapeRegExp(next.slice(0, next.indexOf(":") + 1))}`, password),
          );
      }
    });
  }
  return [...found.values()];
}

const OPTION_VALUE = new RegExp(
  `${BOUNDARY}(--?[A-Za-z][A-Za-z0-9_-]*)(?:=|[ \\t]+)(${RAW_WORD})`,
  "g",
);
const CURL_USER = new RegExp(
  `${BOUNDARY}(?:-u|--user|-U|--proxy-user)(?:=|[ \\t]+)['"]?([^\\s'":]*:)([^\\s'"]+)`,
  "g",
);

/** The secrets the analysis finds in a unit's words, read from the text as written. */
function scanText(command: string, add: (name: string, pattern: RegExp) => void): void {
  for (const [, option = "", raw = ""] of command.matchAll(OPTION_VALUE)) {
    const name = option.replace(/^-+/, "");
    const value = unquoted(raw);
    if (isSensitiveLogKey(name) && value !== "" && !value.startsWith("-")) {
      add(`--${name}`, followedBy(`${escapeRegExp(option)}(?:=|\\s+)`, value));
    }
  }
  if (!command.includes(":")) return;
  // Anchored at each `:`, the name read back a bounded way: a header pattern tried from every
  // letter would rescan a long run of them for each start.
  for (let at = command.indexOf(":"); at !== -1; at = command.indexOf(":", at + 1)) {
    const name = /([A-Za-z][A-Za-z0-9_-]{0,63})[ \t]*$/.exec(
      command.slice(Math.max(0, at - 80), at),
    )?.[1];
    if (name === undefined || !isSensitiveLogKey(name)) continue;
    const value = /^[ \t]*([^'"\n]+)/
      .exec(command.slice(at + 1, at + 1 + HEADER_TEXT))?.[1]
      ?.trim();
    if (value) add(`${name} header`, toLineEnd(`${escapeRegExp(name)}\\s*:\\s*`));
  }
  for (const [, user = "", password = ""] of command.matchAll(CURL_USER)) {
    add("-u password", followedBy(escapeRegExp(user), password));
  }
}

/**
 * How far a header read from the text reaches: to a quote or the end of the line, at most this
 * many characters.
 */
const HEADER_TEXT = 4096;

/**
 * A header read from the text of a command the analysis could not finish: wherever the context
 * stands, what follows it up to a quote or the end of the line is masked, as the scan read it
 * (which looks no further than {@link HEADER_TEXT} characters for a value). Matching each such value as a string made one
 * value per `:` (each up to 4 KB), tried at every word end of every match (D20-02: 2.2 s per log
 * line at 5.9 KB), and a value the scan cut at its limit, which ends inside a word, never
 * matched, so it was written out.
 */
function toLineEnd(context: string): RegExp {
  const pattern = new RegExp(`${context}(?<secret>[^'"\\n]+)`, "gi");
  SHAPES.set(pattern, { context, value: "", flags: "i", toLineEnd: true });
  return pattern;
}

/** A word without the quotes around it (`'x'`, `"x"`); as written otherwise. */
function unquoted(raw: string): string {
  const quoted = /^'([^']*)'$|^"((?:\\.|[^"\\])*)"$/.exec(raw);
  if (quoted === null) return raw;
  return quoted[1] ?? (quoted[2] ?? "").replace(/\\(.)/g, "$1");
}

/**
 * Hide every secret of `secrets` in `text`; names what it hid. Longer values go first: a
 * value that starts another (`TOKEN=ab`, `TOKEN=absecret`) masked only the other's start, and
 * its rest then matched nothing and was written out. Secrets that share their name and context
 * (`TOKEN=`, `--password `) are hidden in one pass over the text (D19: one pattern per value,
 * 5,000 values of `KEY=N` in 44 KB, took 2 s): where the context matches, the longest of their
 * values written there is masked.
 */
export function scrubSecrets(text: string, secrets: readonly CommandSecret[]): Scrubbed {
  const groups = new Map<string, SecretGroup>();
  const others: CommandSecret[] = [];
  for (const secret of secrets) {
    const shape = SHAPES.get(secret.pattern);
    if (shape === undefined) {
      others.push(secret);
      continue;
    }
    const key = `${secret.name}\u0000${shape.context}\u0000${shape.flags}\u0000${shape.toLineEnd === true}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = { name: secret.name, ...shape, values: new Set(), longest: 0 };
      groups.set(key, group);
    }
    group.values.add(shape.flags.includes("i") ? shape.value.toLowerCase() : shape.value);
    group.longest = Math.max(group.longest, shape.value.length);
  }
  const ordered = [
    ...[...groups.values()].map((group) => ({ length: group.longest + 2, group, secret: null })),
    ...others.map((secret) => ({ length: secret.pattern.source.length, group: null, secret })),
  ].sort((a, b) => b.length - a.length);
  let out = text;
  const masked: string[] = [];
  // The assignments of every name in one pass: a name per context made one pass per name.
  const variables = new Map<string, SecretGroup>();
  for (const [key, group] of groups) {
    if (group.variable === undefined) continue;
    variables.set(group.variable, group);
    groups.delete(key);
  }
  if (variables.size > 0) {
    const done = maskAssignments(out, variables);
    out = done.text;
    masked.push(...done.names);
  }
  for (const { group, secret } of ordered) {
    if (group?.variable !== undefined) continue;
    const done = group !== null ? maskGroup(out, group) : maskPattern(out, secret as CommandSecret);
    out = done.text;
    if (done.hit) masked.push(group?.name ?? (secret as CommandSecret).name);
  }
  return { text: out, masked };
}

/** Secrets of one name and context: their values (lower-cased for a context without case). */
interface SecretGroup extends Shape {
  readonly name: string;
  readonly values: Set<string>;
  longest: number;
}

/**
 * How a secret's pattern was built: its context, its value, the pattern's own flags, and for
 * `NAME=value` the variable's name.
 */
interface Shape {
  readonly context: string;
  readonly value: string;
  readonly flags: string;
  readonly variable?: string;
  /** Masked to a quote or the end of the line, whatever the value (see {@link toLineEnd}). */
  readonly toLineEnd?: boolean;
}

/** Any `NAME=` or `NAME+=` as {@link assignmentPattern} finds one. */
const ANY_ASSIGNED = new RegExp(`${BOUNDARY}(${NAME})\\+?=`, "g");

/** One pass over `text` for the `NAME=value` secrets of every name (see {@link maskAfter}). */
function maskAssignments(
  text: string,
  variables: ReadonlyMap<string, SecretGroup>,
): { text: string; names: string[] } {
  return maskAfter(text, new RegExp(ANY_ASSIGNED.source, "g"), (match) =>
    variables.get(match[1] as string),
  );
}

/** The shapes of the patterns this module builds (others are run as they are). */
const SHAPES = new WeakMap<RegExp, Shape>();

/** Characters that end a header value read from the text (see {@link toLineEnd}). */
const LINE_VALUE_END = /['"\n]/;

/** Characters that may follow a plain value: the end of its shell word. */
const WORD_END = /[\s;&|()<>\x60'"]/;

function maskPattern(text: string, secret: CommandSecret): { text: string; hit: boolean } {
  let hit = false;
  const out = text.replace(new RegExp(secret.pattern.source, secret.pattern.flags), (...args) => {
    const whole = args[0] as string;
    const groups = args.at(-1) as Record<string, string | undefined> | undefined;
    const part = groups?.secret;
    if (part === undefined || part === MASKED_LOG_VALUE) return whole;
    hit = true;
    const at = whole.lastIndexOf(part);
    return `${whole.slice(0, at)}${MASKED_LOG_VALUE}${whole.slice(at + part.length)}`;
  });
  return { text: out, hit };
}

/**
 * One pass of a group's context over `text`; where it matches, the longest value of the group
 * written there (in single or double quotes, or plain up to the end of its word) is masked.
 */
function maskGroup(text: string, group: SecretGroup): { text: string; hit: boolean } {
  const done = maskAfter(text, new RegExp(group.context, `g${group.flags}`), () => group);
  return { text: done.text, hit: done.names.length > 0 };
}

/**
 * One pass of `finder` over `text`: after each match, the value of the group `groupAt` names
 * for it (see {@link valueEnd}) is masked; the names of the groups masked.
 */
function maskAfter(
  text: string,
  finder: RegExp,
  groupAt: (match: RegExpExecArray) => SecretGroup | undefined,
): { text: string; names: string[] } {
  const pieces: string[] = [];
  const names = new Set<string>();
  let copied = 0;
  for (let match = finder.exec(text); match !== null; match = finder.exec(text)) {
    const at = match.index + match[0].length;
    if (match[0].length === 0) finder.lastIndex++;
    const group = groupAt(match);
    if (group === undefined) continue;
    const end = valueEnd(text, at, group, group.flags.includes("i") ? lowerCase : sameCase);
    if (end === -1) continue;
    pieces.push(text.slice(copied, at), MASKED_LOG_VALUE);
    copied = end;
    finder.lastIndex = Math.max(finder.lastIndex, end);
    names.add(group.name);
  }
  if (names.size === 0) return { text, names: [] };
  pieces.push(text.slice(copied));
  return { text: pieces.join(""), names: [...names] };
}

const lowerCase = (value: string) => value.toLowerCase();
const sameCase = (value: string) => value;

/** Where the longest value of `group` written at `at` ends, or -1 when none is. */
function valueEnd(
  text: string,
  at: number,
  group: SecretGroup,
  fold: (value: string) => string,
): number {
  if (text.startsWith(MASKED_LOG_VALUE, at)) return -1;
  if (group.toLineEnd === true) {
    // Past the scan's limit too: a value cut there would leave its rest (and the start of a
    // header inside it) written out.
    let end = at;
    while (end < text.length && !LINE_VALUE_END.test(text[end] as string)) end++;
    return end > at ? end : -1;
  }
  let best = -1;
  const quote = text[at];
  if (quote === "'" || quote === '"') {
    const close = text.indexOf(quote, at + 1);
    if (close !== -1 && group.values.has(fold(text.slice(at + 1, close)))) best = close + 1;
  }
  const last = Math.min(text.length, at + group.longest);
  for (let end = last; end > at && end > best; end--) {
    if (end < text.length && !WORD_END.test(text[end] as string)) continue;
    if (group.values.has(fold(text.slice(at, end)))) return end;
  }
  return best;
}

// `NAME=value` with the value as written (quotes included) or as bash expanded it.
function assignmentPattern(name: string, value: string): RegExp {
  return shaped(`${BOUNDARY}${escapeRegExp(name)}\\+?=`, value, "", name);
}

// A context, then the value as written: plain, or inside single or double quotes.
function followedBy(context: string, value: string, flags = ""): RegExp {
  return shaped(context, value, flags);
}

function shaped(context: string, value: string, flags: string, variable?: string): RegExp {
  const pattern = new RegExp(`${context}(?<secret>${quotedOrPlain(value)})`, `g${flags}`);
  SHAPES.set(pattern, { context, value, flags, ...(variable === undefined ? {} : { variable }) });
  return pattern;
}

// A plain value ends where the shell word does, so that it never masks only the start of a
// longer value written elsewhere in the text.
function quotedOrPlain(value: string): string {
  const v = escapeRegExp(value);
  return `'${v}'|"${v}"|${v}(?![^\\s;&|()<>\\x60'"])`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
