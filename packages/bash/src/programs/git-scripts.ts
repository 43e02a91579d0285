import type { Word } from "../read/words.ts";

/**
 * git subcommands that are shell scripts (git 2.39: /usr/lib/git-core/git-filter-branch,
 * git-subtree, git-quiltimport, git-instaweb, git-merge-one-file …) and the programs those
 * scripts run on files: `rm -rf` on a folder of the repository, `mkdir`, `kill`. git's own
 * little helpers (git-sh-setup's sed, basename, uname; the scripts' cat, tr, wc) read only and
 * are taken as part of git; what removes, creates or signals is a unit of its own, judged by
 * its words (a policy that denies `rm *` or `rm -rf /*` meets it).
 *
 * Each word of a run is written as the script builds it: `$TOP/…` is the folder git runs the
 * script in (the top of the work tree, the `-C` folders under the working directory when the
 * walk knows it: see {@link scriptRuns}), and any word holding a `$` is only known at run
 * time (the process id, the top folder itself, a value the text does not show).
 */
export interface GitScriptHelper {
  readonly subcommands: readonly string[];
  /** The programs the script runs, given its words (as written) and the top folder. */
  readonly runs: (args: readonly Word[], top: string) => string[][];
  readonly note: string;
  /** Commands whose script runs a helper (each gives at least one run). */
  readonly match: readonly string[];
  /** Commands whose script runs none of them. */
  readonly notMatch: readonly string[];
}

/** The first word asks for the script's usage (git-sh-setup prints it and stops). */
function usageOnly(args: readonly Word[]): boolean {
  return args[0]?.literal === true && args[0].text === "-h";
}

/**
 * The options a parse-options script (OPTIONS_SPEC through `git rev-parse --parseopt`) is
 * given: every long option may be abbreviated to a unique prefix, `--no-` negates, a value
 * is joined by `=` or is the next word. `valued` lists the long options that take one, with
 * their short letters.
 */
function parseoptWords(
  args: readonly Word[],
  valued: readonly (readonly [string, string])[],
): { readonly operands: readonly Word[]; readonly options: readonly string[]; computed: boolean } {
  const operands: Word[] = [];
  const options: string[] = [];
  let computed = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as Word;
    if (!word.literal) {
      computed = true;
      continue;
    }
    const text = word.text;
    if (text === "--") {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (text.startsWith("--") && text.length > 2) {
      options.push(text);
      const name = text.slice(2);
      const takes = valued.some(([long]) => long.startsWith(name) && name.length > 0);
      if (takes && !text.includes("=")) i++;
      continue;
    }
    if (text.startsWith("-") && text.length > 1) {
      options.push(text);
      // A short value letter takes the rest of the word, or the next word.
      for (let k = 1; k < text.length; k++) {
        if (valued.some(([, short]) => short === text[k])) {
          if (k === text.length - 1) i++;
          break;
        }
      }
      continue;
    }
    operands.push(word);
  }
  return { operands, options, computed };
}

export const GIT_SCRIPT_HELPERS: readonly GitScriptHelper[] = [
  {
    // git-filter-branch: `-f`/`--force` removes an old temporary folder (as given, from the
    // top of the work tree), the script makes it (`mkdir -p DIR/t`), and its exit trap
    // removes it by its absolute name (host strace: rm -rf .git-rewrite, then rm -rf
    // /repo/.git-rewrite). `-d DIR` names the folder; every other option takes one value.
    subcommands: ["filter-branch"],
    runs: (args, top) => {
      if (usageOnly(args)) return [];
      let folder = ".git-rewrite";
      let force = false;
      for (let i = 0; i < args.length; i++) {
        const word = args[i] as Word;
        if (!word.literal) {
          // A word only known at run time may be `-f`, or `-d` with any folder.
          force = true;
          folder = "$TEMPDIR";
          continue;
        }
        const text = word.text;
        if (text === "--" || !text.startsWith("-")) break;
        if (text === "-f" || text === "--force") force = true;
        else if (text === "--remap-to-ancestor" || text === "--prune-empty") continue;
        else {
          const value = args[++i];
          if (text === "-d" && value !== undefined) {
            folder = value.literal && value.text !== "" ? value.text : "$TEMPDIR";
          }
        }
      }
      const absolute = folder.startsWith("/") ? folder : `${top}/${folder}`;
      return [
        ...(force ? [["rm", "-rf", folder]] : []),
        ["mkdir", "-p", `${folder}/t`],
        ["mkdir", `${absolute}/map`],
        ["rm", "-rf", absolute],
      ];
    },
    note: "filter-branch removes its temporary folder (.git-rewrite, or -d DIR) with rm -rf",
    match: [
      "git filter-branch -f HEAD",
      "git filter-branch HEAD",
      "git filter-branch -d /tmp/fb -- --all",
      "git -C sub filter-branch --msg-filter cat HEAD",
    ],
    notMatch: ["git filter-branch -h"],
  },
  {
    // git-subtree: split (and push, which splits first) sets up a cache under the git folder
    // and removes an old one first (cache_setup; host strace: rm -rf
    // /repo/.git/subtree-cache/PID).
    subcommands: ["subtree"],
    runs: (args, top) => {
      if (usageOnly(args)) return [];
      const read = parseoptWords(args, [
        ["prefix", "P"],
        ["message", "m"],
        ["onto", ""],
        ["annotate", ""],
        ["branch", "b"],
      ]);
      const command = read.operands[0];
      const splits =
        read.computed ||
        (command !== undefined && (!command.literal || /^(split|push)$/.test(command.text)));
      if (!splits) return [];
      const cache = `${top}/.git/subtree-cache/$$`;
      return [
        ["rm", "-rf", cache],
        ["mkdir", "-p", cache],
        ["mkdir", "-p", `${cache}/notree`],
      ];
    },
    note: "subtree split and push remove and remake a cache under the git folder (rm -rf)",
    match: [
      "git subtree split -P src HEAD",
      "git subtree -P src split",
      "git subtree push --prefix=lib origin main",
      "git -C . subtree split --prefix src",
    ],
    notMatch: ["git subtree add -P lib x main", "git subtree -h", "git subtree merge -P lib x"],
  },
  {
    // git-quiltimport makes $GIT_DIR/rebase-apply and removes it when done, --dry-run too
    // (host strace: mkdir, then rm -rf /repo/.git/rebase-apply).
    subcommands: ["quiltimport"],
    runs: (args, top) => {
      if (usageOnly(args)) return [];
      const folder = `${top}/.git/rebase-apply`;
      return [
        ["mkdir", folder],
        ["rm", "-rf", folder],
      ];
    },
    note: "quiltimport makes and removes .git/rebase-apply (rm -rf)",
    match: ["git quiltimport --patches .", "git quiltimport --dry-run"],
    notMatch: ["git quiltimport -h"],
  },
  {
    // git-instaweb makes $GIT_DIR/gitweb/tmp and does the last action it is given; stopping (`--stop`, `stop`, and
    // `--restart`, which stops first) kills the server and removes $GIT_DIR/pid (host strace:
    // rm -f /repo/.git/pid). Long options may be abbreviated (parse-options): `--sto`,
    // `--re`. Starting stops a running instance too, which the text does not show.
    subcommands: ["instaweb"],
    runs: (args, top) => {
      if (usageOnly(args)) return [];
      const read = parseoptWords(args, [
        ["httpd", "d"],
        ["browser", "b"],
        ["port", "p"],
        ["module-path", "m"],
      ]);
      let action = "start";
      const actions = [
        ...read.options.map((text) => text.slice(2)).filter((name) => !name.includes("=")),
        ...read.operands.filter((word) => word.literal).map((word) => word.text),
      ];
      for (const name of actions) {
        const found = ["start", "stop", "restart"].filter((full) => full.startsWith(name));
        if (name !== "" && found.length === 1) action = found[0] as string;
      }
      const unknown = read.computed || read.operands.some((word) => !word.literal);
      if (action === "start" && !unknown) return [];
      return [
        ["mkdir", "-p", `${top}/.git/gitweb/tmp`],
        ["kill", "$PID"],
        ["rm", "-f", `${top}/.git/pid`],
      ];
    },
    note: "instaweb --stop and --restart kill the server and remove .git/pid (rm -f)",
    match: [
      "git instaweb --stop",
      "git instaweb --sto",
      "git instaweb restart",
      "git instaweb -l --re",
    ],
    notMatch: ["git instaweb --stop --start", "git instaweb -h"],
  },
  {
    // The merge strategies resolve and octopus are scripts that run git-merge-one-file on
    // each path (git merge-index -o git-merge-one-file -a), and that removes a file deleted
    // on one side (rm -f -- PATH), a name only the index knows.
    subcommands: ["merge-one-file", "merge-resolve", "merge-octopus"],
    runs: (args) => (usageOnly(args) ? [] : [["rm", "-f", "--", "$PATH"]]),
    note: "git-merge-one-file removes a path deleted on one side (rm -f)",
    match: [
      "git merge-resolve HEAD -- HEAD x",
      "git merge-octopus HEAD -- HEAD x y",
      "git merge-one-file a b c x 100644 100644 100644",
    ],
    notMatch: [],
  },
  {
    // merge and pull run those strategies when the words choose them (`-s resolve`,
    // `-soctopus`, `--strategy=resolve`, `--strat resolve`).
    subcommands: ["merge", "pull"],
    runs: (args) => (mergeOneFileStrategy(args) ? [["rm", "-f", "--", "$PATH"]] : []),
    note: "merge and pull with the resolve or octopus strategy run git-merge-one-file (rm -f)",
    match: [
      "git merge -s resolve x",
      "git merge --strategy=octopus a b",
      "git pull -sresolve origin main",
      "git merge --strat resolve x",
    ],
    notMatch: ["git merge x", "git merge -s ours x", "git pull --rebase", "git merge --stat x"],
  },
];

/** Whether `merge`/`pull` words choose a script strategy (or the subcommand is one). */
function mergeOneFileStrategy(args: readonly Word[]): boolean {
  // `--str`, `--strat=`: parse-options takes a unique prefix of --strategy.
  const long = (name: string) => name.length >= 3 && "strategy".startsWith(name);
  return args.some((word, i) => {
    const text = word.text;
    const eq = text.indexOf("=");
    const value =
      text === "-s" || (text.startsWith("--") && eq < 0 && long(text.slice(2)))
        ? args[i + 1]?.text
        : text.startsWith("--") && eq > 0 && long(text.slice(2, eq))
          ? text.slice(eq + 1)
          : /^-s(.+)$/.exec(text)?.[1];
    return value !== undefined && /^(resolve|octopus)$/.test(value);
  });
}

const BY_SUBCOMMAND: ReadonlyMap<string, GitScriptHelper> = new Map(
  GIT_SCRIPT_HELPERS.flatMap((entry) => entry.subcommands.map((name) => [name, entry] as const)),
);

/**
 * The helpers the script behind `name` runs with these words, each a program git starts with
 * argv of its own (indices of the words only known at run time beside). `dirs` are the `-C`
 * folders: the top folder is under them, below the working directory (`$TOP`, which the walk
 * places when it knows it).
 */
export function scriptRuns(
  name: string,
  args: readonly Word[],
  dirs: readonly Word[],
): { readonly argv: readonly string[]; readonly computed: readonly number[] }[] {
  const entry = BY_SUBCOMMAND.get(name);
  if (entry === undefined) return [];
  let top = "$TOP";
  for (const dir of dirs) {
    if (!dir.literal || dir.text === "") top = "$GIT_TOP";
    else if (dir.text.startsWith("/")) top = dir.text.replace(/\/+$/, "");
    else if (dir.text !== ".") top = `${top}/${dir.text.replace(/\/+$/, "")}`;
  }
  // The top folder is where git finds the work tree: not proven to be the folder named.
  return entry.runs(args, top).map((argv) => ({
    argv,
    computed: argv.flatMap((word, i) => (word.includes("$") || word.startsWith(top) ? [i] : [])),
  }));
}
