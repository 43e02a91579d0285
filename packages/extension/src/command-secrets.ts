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
    const value = /^[ \t]*([^'"\n]+)/.exec(command.slice(at + 1, at + 4097))?.[1]?.trim() ?? "";
    if (value !== "") {
      add(`${name} header`, followedBy(`${escapeRegExp(name)}\\s*:\\s*`, value, "i"));
    }
  }
  for (const [, user = "", password = ""] of command.matchAll(CURL_USER)) {
    add("-u password", followedBy(escapeRegExp(user), password));
  }
}

/** A word without the quotes around it (`'x'`, `"x"`); as written otherwise. */
function unquoted(raw: string): string {
  const quoted = /^'([^']*)'$|^"((?:\\.|[^"\\])*)"$/.exec(raw);
  if (quoted === null) return raw;
  return quoted[1] ?? (quoted[2] ?? "").replace(/\\(.)/g, "$1");
}

/**
 * Hide every secret of `secrets` in `text`; names what it hid. Longer patterns go first: a
 * value that starts another (`TOKEN=ab`, `TOKEN=absecret`) masked only the other's start, and
 * its rest then matched nothing and was written out.
 */
export function scrubSecrets(text: string, secrets: readonly CommandSecret[]): Scrubbed {
  let out = text;
  const masked: string[] = [];
  const ordered = [...secrets].sort((a, b) => b.pattern.source.length - a.pattern.source.length);
  for (const secret of ordered) {
    let hit = false;
    out = out.replace(new RegExp(secret.pattern.source, secret.pattern.flags), (...args) => {
      const whole = args[0] as string;
      const groups = args.at(-1) as Record<string, string | undefined> | undefined;
      const part = groups?.secret;
      if (part === undefined || part === MASKED_LOG_VALUE) return whole;
      hit = true;
      const at = whole.lastIndexOf(part);
      return `${whole.slice(0, at)}${MASKED_LOG_VALUE}${whole.slice(at + part.length)}`;
    });
    if (hit) masked.push(secret.name);
  }
  return { text: out, masked };
}

// `NAME=value` with the value as written (quotes included) or as bash expanded it.
function assignmentPattern(name: string, value: string): RegExp {
  return new RegExp(`${BOUNDARY}${escapeRegExp(name)}\\+?=(?<secret>${quotedOrPlain(value)})`, "g");
}

// A context, then the value as written: plain, or inside single or double quotes.
function followedBy(context: string, value: string, flags = ""): RegExp {
  return new RegExp(`${context}(?<secret>${quotedOrPlain(value)})`, `g${flags}`);
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
