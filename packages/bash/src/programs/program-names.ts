/**
 * Other names of one program: a versioned name (`python3`, `python3.11`, `pip3`, `gpg2`), a
 * file-system helper (`mkfs.ext4` is what `mkfs -t ext4` runs), and names distributions
 * install the same program under (`nodejs`, `flyctl`). A deny or ask rule about the program
 * meets a command that names it so, read as the rule writes it (G16 versioned-program-name,
 * program-alternate-name). An allow rule is never read this way.
 */

import { programStem } from "./wrappers.ts";

/** Helpers `NAME.TYPE` that `NAME -t TYPE` runs (util-linux). */
const TYPED_HELPERS: ReadonlySet<string> = new Set(["mkfs", "fsck", "mount", "umount"]);

/** The same program under another name, by the name a rule would use. */
const SAME_PROGRAM: Readonly<Record<string, string>> = {
  nodejs: "node",
  flyctl: "fly",
  // OpenTofu, the fork that keeps terraform's commands and options.
  tofu: "terraform",
  // Terragrunt hands every command it does not know to terraform (`terragrunt destroy`).
  terragrunt: "terraform",
  // sudo(8): sudoedit is `sudo -e`.
  sudoedit: "sudo -e",
  "docker-compose": "docker compose",
  "podman-compose": "podman compose",
};

/** The longest command name read this way (a longer first word is left alone). */
const MAX_NAME = 64;

/** Whether `name` may be another name of `ruleName`. */
function namesProgram(name: string, ruleName: string): boolean {
  if (name === ruleName) return false;
  if (SAME_PROGRAM[name] === ruleName) return true;
  if (!name.startsWith(ruleName)) return false;
  const rest = name.slice(ruleName.length);
  // A version after the name (`python3`, `pip3.11`, `python3.12`); a letter before the
  // digits is another program (`md5` is not `md`, but `sha256` would be `sha`: no such
  // rule names a program by a prefix of a versioned one).
  if (/^[0-9]+(?:\.[0-9]+)*$/.test(rest) && /[A-Za-z]{2}$/.test(ruleName)) return true;
  return TYPED_HELPERS.has(ruleName) && /^\.[A-Za-z0-9]+$/.test(rest);
}

/**
 * Whether `name` is a spelling the analysis reads as the program `ruleName` (its stem): a
 * dashed version (`cargo-1.80`, `pytest-3`), a target triplet before or after it
 * (`x86_64-linux-gnu-gcc`, `cpan5.36-x86_64-linux-gnu`), a package suffix (`vim.basic`).
 */
function stemNamesProgram(name: string, ruleName: string): boolean {
  return name !== ruleName && /[A-Za-z]{2}$/.test(ruleName) && programStem(name) === ruleName;
}

/** The first word of `text` as a program name: its last path segment. */
export function firstName(text: string): string {
  const space = text.indexOf(" ");
  const word = space === -1 ? text : text.slice(0, space);
  return word.slice(word.lastIndexOf("/") + 1);
}

/** Whether the command's first word may be read as another program's name. */
export function mayNameAnother(text: string): boolean {
  const name = firstName(text);
  if (name.length > MAX_NAME) return false;
  return (
    name in SAME_PROGRAM ||
    /[0-9]$/.test(name) ||
    /^(?:mkfs|fsck|mount|umount)\./.test(name) ||
    programStem(name) !== name
  );
}

/** The command read with its program named as the rule names it; null when it is not. */
export function programNameReading(
  argv: readonly string[],
  ruleWords: readonly string[],
): string[] | null {
  const name = (argv[0] ?? "").split("/").pop() ?? "";
  const ruleName = ruleWords[0] ?? "";
  if (name.length > MAX_NAME || ruleName === "" || /[*?[]/.test(ruleName)) return null;
  const same = SAME_PROGRAM[name];
  // `docker-compose down` is `docker compose down`, `sudoedit f` is `sudo -e f`: the rule
  // names the program of the first word.
  if (same?.includes(" ") && ruleWords[0] === same.split(" ")[0]) {
    return [...same.split(" "), ...argv.slice(1)];
  }
  if (same?.includes(" ")) return null;
  if (!namesProgram(name, ruleName) && !stemNamesProgram(name, ruleName)) return null;
  return [ruleName, ...argv.slice(1)];
}
