/**
 * Options that one program spells in several ways (`rm -R`, `rm -r`, `rm --recursive`,
 * `rm --rec`). A deny or ask rule names one spelling; the gates read a command with the
 * other spellings written as the rule writes them, so `rm -Rf /x` meets `rm -rf /*`. An allow
 * rule is never read this way.
 */
export interface OptionSynonyms {
  /** The program's name, and for a git subcommand the subcommand (`git push`). */
  readonly command: readonly string[];
  /** Every long option the program takes (without `--`): a unique prefix stands for one. */
  readonly longOptions: readonly string[];
  /** Short options whose value is the rest of their cluster or the next word. */
  readonly valueLetters: string;
  /** Spellings of one option each: letters as `-r`, long options as `--recursive`. */
  readonly synonyms: readonly (readonly string[])[];
}

/** From the programs' manuals (GNU coreutils 9, git 2.4x `git push -h`). */
export const OPTION_SYNONYMS: readonly OptionSynonyms[] = [
  {
    command: ["rm"],
    longOptions: [
      ...["force", "interactive", "one-file-system", "no-preserve-root", "preserve-root"],
      ...["recursive", "dir", "verbose", "help", "version"],
    ],
    valueLetters: "",
    synonyms: [
      ["-r", "-R", "--recursive"],
      ["-f", "--force"],
      ["-d", "--dir"],
      ["-v", "--verbose"],
    ],
  },
  {
    command: ["cp"],
    longOptions: [
      ...["archive", "attributes-only", "backup", "copy-contents", "debug", "dereference"],
      ...["force", "interactive", "link", "no-clobber", "no-dereference", "no-preserve"],
      ...["parents", "preserve", "recursive", "reflink", "remove-destination", "sparse"],
      ...["strip-trailing-slashes", "symbolic-link", "suffix", "target-directory"],
      ...["no-target-directory", "update", "verbose", "one-file-system", "context"],
      ...["keep-directory-symlink", "help", "version"],
    ],
    valueLetters: "St",
    synonyms: [
      ["-r", "-R", "--recursive"],
      ["-f", "--force"],
      ["-i", "--interactive"],
      ["-n", "--no-clobber"],
      ["-a", "--archive"],
      ["-l", "--link"],
      ["-s", "--symbolic-link"],
      ["-v", "--verbose"],
    ],
  },
  {
    command: ["mv"],
    longOptions: [
      ...["backup", "debug", "exchange", "force", "interactive", "no-clobber", "no-copy"],
      ...["strip-trailing-slashes", "suffix", "target-directory", "no-target-directory"],
      ...["update", "verbose", "context", "help", "version"],
    ],
    valueLetters: "St",
    synonyms: [
      ["-f", "--force"],
      ["-i", "--interactive"],
      ["-n", "--no-clobber"],
      ["-v", "--verbose"],
    ],
  },
  ...["chmod", "chown", "chgrp"].map((name) => ({
    command: [name],
    longOptions: [
      ...["changes", "dereference", "no-dereference", "from", "no-preserve-root"],
      ...["preserve-root", "quiet", "silent", "reference", "recursive", "verbose", "help"],
      "version",
    ],
    valueLetters: "",
    synonyms: [
      ["-R", "--recursive"],
      ["-f", "--silent", "--quiet"],
      ["-c", "--changes"],
      ["-v", "--verbose"],
    ],
  })),
  {
    command: ["git", "push"],
    longOptions: [
      ...["all", "branches", "mirror", "delete", "tags", "follow-tags", "dry-run", "porcelain"],
      ...["force", "force-with-lease", "force-if-includes", "repo", "set-upstream", "prune"],
      ...["thin", "receive-pack", "exec", "push-option", "signed", "atomic", "quiet"],
      ...["verbose", "progress", "recurse-submodules", "verify", "ipv4", "ipv6"],
      ...["no-force-with-lease", "no-force-if-includes", "no-thin", "no-verify"],
      ...["no-signed", "no-atomic", "no-progress", "no-recurse-submodules"],
    ],
    valueLetters: "o",
    synonyms: [
      ["-f", "--force"],
      ["-d", "--delete"],
      ["-u", "--set-upstream"],
      ["-n", "--dry-run"],
      ["-q", "--quiet"],
      ["-v", "--verbose"],
    ],
  },
];

/** The long option a word names as the program reads it: exact, or a unique prefix. */
function longOption(table: OptionSynonyms, name: string): string | null {
  if (table.longOptions.includes(name)) return name;
  const matches = table.longOptions.filter((option) => option.startsWith(name));
  return matches.length === 1 ? (matches[0] as string) : null;
}

/** The table for these words' program (by its last path segment), and where its options start. */
function tableOf(argv: readonly string[]): { table: OptionSynonyms; start: number } | null {
  const name = argv[0]?.split("/").pop() ?? "";
  for (const table of OPTION_SYNONYMS) {
    if (table.command[0] !== name) continue;
    if (table.command.slice(1).every((word, i) => argv[i + 1] === word)) {
      return { table, start: table.command.length };
    }
  }
  return null;
}

/**
 * The words with each option written as `ruleWords` (a deny or ask rule's words) spell it
 * (`rm -Rf /x` as `rm -rf /x` for `rm -rf /*`, `rm --rec -f x` as `rm -r -f x`, and for
 * `rm --recursive *` as `rm --recursive -f x`); an option the rule does not spell takes its
 * group's first spelling. `null` when the program has no table or nothing changes.
 *
 * @example
 * optionSynonymReading(["rm", "-Rf", "/tmp"], ["rm", "-rf", "/*"]); // ["rm", "-rf", "/tmp"]
 */
export function optionSynonymReading(
  argv: readonly string[],
  ruleWords: readonly string[],
): string[] | null {
  const found = tableOf(argv);
  if (found === null) return null;
  const { table, start } = found;
  const ruleLetters = ruleWords
    .filter((word) => /^-[^-]/.test(word))
    .map((word) => word.slice(1))
    .join("");
  // The spelling the rule gives each group: a long option it writes, else a letter of one of
  // its clusters, else the group's first.
  const chosen = new Map<string, string>();
  for (const group of table.synonyms) {
    const spelling =
      group.find((s) => s.startsWith("--") && ruleWords.includes(s)) ??
      group.find((s) => !s.startsWith("--") && ruleLetters.includes(s.slice(1))) ??
      (group[0] as string);
    for (const s of group) chosen.set(s, spelling);
  }
  const out: string[] = argv.slice(0, start);
  let changed = false;
  let ended = false;
  for (let i = start; i < argv.length; i++) {
    const word = argv[i] as string;
    if (ended || word === "-" || !word.startsWith("-")) {
      out.push(word);
      continue;
    }
    if (word === "--") {
      ended = true;
      out.push(word);
      continue;
    }
    if (word.startsWith("--")) {
      const name = word.includes("=") ? null : longOption(table, word.slice(2));
      const target = name === null ? undefined : chosen.get(`--${name}`);
      if (target !== undefined && target !== word) changed = true;
      out.push(target ?? word);
      continue;
    }
    // A cluster of letters; a value letter takes the rest of the word (or the next one).
    let cluster = "-";
    const longs: string[] = [];
    let j = 1;
    for (; j < word.length; j++) {
      const letter = word[j] as string;
      if (table.valueLetters.includes(letter)) break;
      const target = chosen.get(`-${letter}`);
      if (target === undefined || target === `-${letter}`) {
        cluster += letter;
        continue;
      }
      changed = true;
      if (target.startsWith("--")) longs.push(target);
      else cluster += target.slice(1);
    }
    const rest = word.slice(j);
    if (cluster.length > 1 || rest.length > 0) out.push(cluster + rest);
    out.push(...longs);
    if (rest.length === 1 && i + 1 < argv.length) out.push(argv[++i] as string);
  }
  return changed ? out : null;
}
