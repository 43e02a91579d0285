import type { Word } from "./words.ts";
import { toolName } from "./wrappers.ts";

/**
 * Commands hidden in values: an environment variable or a git setting whose value another
 * program runs (`GIT_SSH_COMMAND="rm -rf ~" git fetch`), or code it loads
 * (`LD_PRELOAD=/tmp/x.so ls`). The analyzer lists each as a unit of its own, carrying the
 * opaque sentinel; a literal command value is analysed like a `bash -c` payload.
 */

/** Variables whose value some program runs as a command line. */
const COMMAND_VARIABLES = new Set([
  "GIT_SSH_COMMAND",
  "GIT_SSH",
  "GIT_EDITOR",
  "GIT_SEQUENCE_EDITOR",
  "GIT_PAGER",
  "GIT_EXTERNAL_DIFF",
  "GIT_ASKPASS",
  "SSH_ASKPASS",
  "SUDO_ASKPASS",
  "PAGER",
  "MANPAGER",
  "EDITOR",
  "VISUAL",
  "PROMPT_COMMAND",
  "LESSOPEN",
  "LESSCLOSE",
]);

/** Variables whose value names code a program loads before it runs. */
const CODE_VARIABLES = new Set([
  "LD_PRELOAD",
  "LD_AUDIT",
  "DYLD_INSERT_LIBRARIES",
  "BASH_ENV",
  "ENV",
]);

/** git settings whose value git runs as a command (`alias.*` only when it starts with `!`). */
const GIT_COMMAND_KEYS = [
  /^core\.(sshcommand|pager|editor|askpass|fsmonitor|hookspath)$/,
  /^(sequence\.editor|diff\.external|gpg\.program|gpg\.\w+\.program|credential\.helper)$/,
  /^(pager|difftool|mergetool|filter|diff|merge)\..+\.(cmd|clean|smudge|process|textconv|driver|command)$/,
  /^pager\.[^.]+$/,
  /^alias\./,
  /^uploadpack\.packobjectshook$/,
];

/** One command hidden in a value. */
export interface Injection {
  /** The variable or setting that carries it. */
  name: string;
  /** The text as written after `=`. */
  value: Word;
  /** The value is a shell command line (analysed when literal), not a file of code. */
  command: boolean;
}

/** An assignment `NAME=value` that hides a command, or null. */
export function injectedByAssignment(name: string, value: Word): Injection | null {
  if (COMMAND_VARIABLES.has(name)) return { name, value, command: true };
  if (CODE_VARIABLES.has(name)) return { name, value, command: false };
  return null;
}

/** The `NAME=value` words a wrapper carries (`env GIT_SSH_COMMAND=… git fetch`, `sudo VAR=…`). */
export function injectedByWords(words: readonly Word[]): Injection[] {
  const found: Injection[] = [];
  for (const word of words) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(word.text);
    if (!match) continue;
    const name = match[1] as string;
    const hit = injectedByAssignment(name, { ...word, text: word.text.slice(name.length + 1) });
    if (hit) found.push(hit);
  }
  return found;
}

/** `git -c key=value` settings that run commands. */
export function injectedByGit(words: readonly Word[]): Injection[] {
  if (toolName(words[0]?.text ?? "") !== "git") return [];
  const found: Injection[] = [];
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (!word.text.startsWith("-")) break;
    let setting: Word | undefined;
    if (word.text === "-c") setting = words[++i];
    else if (word.text.startsWith("-c")) setting = { ...word, text: word.text.slice(2) };
    else if (word.text === "-C" || word.text === "--git-dir" || word.text === "--work-tree") i++;
    if (setting === undefined) continue;
    const eq = setting.text.indexOf("=");
    const key = (eq === -1 ? setting.text : setting.text.slice(0, eq)).toLowerCase();
    if (!GIT_COMMAND_KEYS.some((pattern) => pattern.test(key))) continue;
    let value = eq === -1 ? "" : setting.text.slice(eq + 1);
    // An alias runs a shell command only when it starts with `!`.
    if (key.startsWith("alias.")) {
      if (!value.startsWith("!")) continue;
      value = value.slice(1);
    }
    found.push({
      name: key,
      value: { ...setting, text: value },
      command: key !== "core.hookspath",
    });
  }
  return found;
}
