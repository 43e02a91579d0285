import { posix } from "node:path";
import type { Word } from "../read/words.ts";
import { npmCommand } from "./npm.ts";
import { toolName } from "./wrappers.ts";

/**
 * Programs whose job is to run `npm publish`, `cargo publish` or `git push` on the user's
 * behalf (each after its own checks), or to do what those commands do by another route
 * (`npm stage approve` makes a staged version public, `yarn npm publish` uploads the tarball
 * itself): each such command is judged as a unit of its own, so a rule about it meets the
 * program (`npx changeset publish` and `pnpm publish` meet `npm publish*`, `mkdocs gh-deploy`
 * meets `git push *`). Only the programs' own documented steps are listed;
 * `standard-version` and `commit-and-tag-version` only commit and tag, and print the push
 * for the user to run.
 */
export interface ReleaseTool {
  /** The program's name. */
  readonly name: string;
  /**
   * The subcommand words that release, any one of these lists (none: the bare program does).
   * An option's value may stand between them (`pnpm --filter x publish`).
   */
  readonly subcommands?: readonly (readonly string[])[];
  /** What it runs, one command line each. */
  readonly runs: readonly string[];
  /** Options after which it runs none of them (a dry run, a preview, help). */
  readonly dry: RegExp;
  /** An option without which it runs none of them (`ghp-import -p`, `cargo release -x`). */
  readonly requires?: RegExp;
  /** A word right after the subcommand that makes it another command (`cargo release version`). */
  readonly other?: RegExp;
  readonly note: string;
  /** Command lines that run `runs`, and lines of the same program that run none of them. */
  readonly match: readonly string[];
  readonly notMatch: readonly string[];
}

const HELP = /^(-h|--help|-v|-V|--version)$/;
/**
 * A short option cluster holding the letter (`-p`, `-fp`): where no letter before it takes a
 * value. The letters before the first `letter` exclude it, so that a long cluster is read once
 * (`-[A-Za-z]*p[A-Za-z]*` backtracked over every `p` of `-ppp…p1`: quadratic).
 */
const cluster = (letter: string): string => `-(?:(?!${letter})[A-Za-z])*${letter}[A-Za-z]*`;

const shortFlag = (letter: string, long: string): RegExp =>
  new RegExp(`^(--${long}|${cluster(letter)})$`);

/**
 * {@link shortFlag} for a Python parser (argparse, optparse), which also takes any unique
 * prefix of a long option: `--pu` is `--push` where `--prefix` shares `--p` (M21
 * abbrev-release: `mike deploy --pu 1.0`, `ghp-import --pus site`). `unique` is the shortest
 * prefix no other option of the program shares.
 */
const prefixFlag = (letter: string, long: string, unique: number): RegExp => {
  const prefixes: string[] = [];
  for (let k = unique; k <= long.length; k++) prefixes.push(long.slice(0, k));
  return new RegExp(`^(--(?:${prefixes.join("|")})|${cluster(letter)})$`);
};

/** git-spice's submit commands, under either of its names. */
const gitSpice = (name: string): ReleaseTool => ({
  name,
  subcommands: [
    ["branch", "submit"],
    ["bs"],
    ["stack", "submit"],
    ["ss"],
    ["upstack", "submit"],
    ["uss"],
    ["downstack", "submit"],
    ["dss"],
    ["b", "s"],
    ["s", "s"],
    ["us", "s"],
    ["ds", "s"],
  ],
  runs: ["git push"],
  dry: /^(-h|--help|--dry-run)$/,
  note: "git-spice's submit commands (and their shorthands) push the branches and open change requests",
  match: [`${name} branch submit`, `${name} ss --fill`, `${name} bs`],
  notMatch: [`${name} branch submit --dry-run`, `${name} log short`, `${name} branch create x`],
});

export const RELEASE_TOOLS: readonly ReleaseTool[] = [
  {
    name: "changeset",
    subcommands: [["publish"]],
    runs: ["npm publish"],
    dry: HELP,
    note: "@changesets/cli runs `npm publish` (or pnpm/yarn's) in each package ahead of the registry, then tags; the push is left to the user",
    match: ["changeset publish --tag next"],
    notMatch: ["changeset version", "changeset", "changeset publish --help"],
  },
  {
    name: "np",
    runs: ["npm publish", "git push"],
    dry: /^(-h|--help|-v|--version|--preview)$/,
    note: "np publishes, then runs `git push --follow-tags`",
    match: ["np --yolo", "np patch"],
    notMatch: ["np --preview", "np --help"],
  },
  {
    name: "semantic-release",
    runs: ["npm publish", "git push"],
    dry: /^(-h|--help|-v|--version|-d|--dry-run)$/,
    note: "semantic-release (its default plugins) pushes the tag and runs `npm publish`",
    match: ["semantic-release", "semantic-release --ci"],
    notMatch: ["semantic-release --dry-run", "semantic-release -d"],
  },
  {
    name: "release-it",
    runs: ["npm publish", "git push"],
    dry: /^(-h|--help|-v|--version|-d|--dry-run|--release-version|--changelog)$/,
    note: "release-it commits, tags, runs `git push` and `npm publish`",
    match: ["release-it --ci"],
    notMatch: ["release-it -d", "release-it --changelog"],
  },
  {
    name: "gh-pages",
    runs: ["git push"],
    dry: /^(-h|--help|-V|--version|-n|--no-push)$/,
    note: "gh-pages commits the folder to the gh-pages branch and pushes it",
    match: ["gh-pages -d dist"],
    notMatch: ["gh-pages -d dist --no-push", "gh-pages -n -d dist"],
  },
  {
    name: "lerna",
    subcommands: [["publish"]],
    runs: ["npm publish", "git push"],
    dry: HELP,
    note: "lerna publish runs `npm publish` of each changed package after lerna version's push",
    match: ["lerna publish from-package"],
    notMatch: ["lerna run build", "lerna publish --help"],
  },
  {
    name: "lerna",
    subcommands: [["version"]],
    runs: ["git push"],
    dry: /^(-h|--help|--no-push)$/,
    note: "lerna version commits, tags and pushes",
    match: ["lerna version patch --yes"],
    notMatch: ["lerna version --no-push"],
  },
  {
    name: "pnpm",
    subcommands: [["publish"], ["recursive", "publish"], ["m", "publish"], ["multi", "publish"]],
    runs: ["npm publish"],
    dry: HELP,
    note: "pnpm publish packs the package and hands the tarball to `npm publish` (pnpm's publish.ts runNpm(['publish', …])), also for each package with -r",
    match: [
      "pnpm publish",
      "pnpm -r publish --no-git-checks",
      "pnpm --filter web publish",
      "pnpm m publish",
    ],
    notMatch: ["pnpm pack", "pnpm add publish", "pnpm publish --help"],
  },
  {
    name: "yarn",
    subcommands: [["publish"], ["npm", "publish"]],
    runs: ["npm publish"],
    dry: HELP,
    note: "yarn publish (v1) and yarn npm publish (berry) upload the package to the npm registry themselves: the act `npm publish` is",
    match: ["yarn publish --new-version 1.0.1", "yarn npm publish --access public"],
    notMatch: ["yarn npm info x", "yarn pack"],
  },
  {
    name: "bun",
    subcommands: [["publish"]],
    runs: ["npm publish"],
    dry: /^(-h|--help|--dry-run)$/,
    note: "bun publish packs the package and uploads it to the npm registry: the act `npm publish` is",
    match: ["bun publish --access public"],
    notMatch: ["bun publish --dry-run", "bun pm pack"],
  },
  {
    name: "npm",
    subcommands: [
      ["stage", "publish"],
      ["stage", "approve"],
    ],
    runs: ["npm publish"],
    dry: HELP,
    note: "npm 11 stage: `stage publish` uploads a version to the registry as staged, `stage approve ID` publishes it (npm's own abbreviations of `stage` included)",
    match: ["npm stage approve 1234", "npm stage publish", "npm stag approve 1234"],
    notMatch: ["npm stage list", "npm stage view 1234"],
  },
  {
    name: "nx",
    subcommands: [["release", "publish"]],
    runs: ["npm publish"],
    dry: /^(-h|--help|-d|--dry-run)$/,
    note: "nx release publish runs `npm publish` for each project released",
    match: ["nx release publish", "nx release publish --projects=a"],
    notMatch: ["nx release publish --dry-run", "nx release version"],
  },
  {
    name: "nx",
    subcommands: [["release"]],
    runs: ["npm publish"],
    dry: /^(-h|--help|-d|--dry-run|--skip-publish)$/,
    other: /^(publish|version|changelog|plan|plan:check)$/,
    note: "nx release versions, writes the changelog, then publishes (unless --skip-publish)",
    match: ["nx release --yes", "nx release patch"],
    notMatch: ["nx release --skip-publish", "nx release -d", "nx release version 1.0.0"],
  },
  {
    name: "rush",
    subcommands: [["publish"]],
    runs: ["npm publish"],
    requires: shortFlag("p", "publish"),
    dry: HELP,
    note: "rush publish -p/--publish publishes the changed packages to the npm registry",
    match: ["rush publish --publish", "rush publish -a -p"],
    notMatch: ["rush publish", "rush publish --apply"],
  },
  {
    name: "rush",
    subcommands: [["publish"]],
    runs: ["git push"],
    requires: /^(--target-branch|-b)(=.*)?$/,
    dry: HELP,
    note: "rush publish -b/--target-branch commits the applied changes and pushes them to the branch",
    match: ["rush publish -a -b main"],
    notMatch: ["rush publish -a"],
  },
  {
    name: "cargo",
    subcommands: [["release"]],
    runs: ["cargo publish", "git push"],
    requires: shortFlag("x", "execute"),
    dry: HELP,
    other: /^(version|replace|hook|commit|owner|tag|push|publish|changes|config)$/,
    note: "cargo-release with -x/--execute publishes each crate and pushes the commit and tags (without it, a dry run)",
    match: ["cargo release --execute", "cargo release patch -x", "cargo +stable release -x"],
    notMatch: ["cargo release", "cargo release version minor -x"],
  },
  {
    name: "cargo",
    subcommands: [["release", "publish"]],
    runs: ["cargo publish"],
    requires: shortFlag("x", "execute"),
    dry: HELP,
    note: "cargo release publish -x runs only the publishing step",
    match: ["cargo release publish --execute"],
    notMatch: ["cargo release publish"],
  },
  {
    name: "cargo",
    subcommands: [["release", "push"]],
    runs: ["git push"],
    requires: shortFlag("x", "execute"),
    dry: HELP,
    note: "cargo release push -x runs only the pushing step",
    match: ["cargo release push -x"],
    notMatch: ["cargo release push"],
  },
  {
    name: "gh",
    subcommands: [["repo", "create"]],
    runs: ["git push"],
    requires: /^--push$/,
    dry: HELP,
    note: "gh repo create --source=. --push runs `git push --set-upstream` of the local repository",
    match: ["gh repo create o/x --source=. --push --private"],
    notMatch: ["gh repo create o/x --private", "gh repo view"],
  },
  {
    name: "mkdocs",
    subcommands: [["gh-deploy"]],
    runs: ["git push"],
    dry: HELP,
    note: "mkdocs gh-deploy builds the site, commits it to gh-pages (ghp-import) and pushes it",
    match: ["mkdocs gh-deploy", "mkdocs gh-deploy --force"],
    notMatch: ["mkdocs build", "mkdocs serve"],
  },
  {
    name: "ghp-import",
    runs: ["git push"],
    requires: prefixFlag("p", "push", 2),
    dry: HELP,
    note: "ghp-import -p/--push pushes the gh-pages branch it wrote",
    match: [
      "ghp-import -p site",
      "ghp-import -n -p -f site",
      "ghp-import -npf site",
      "ghp-import --pus site",
    ],
    notMatch: ["ghp-import site", "ghp-import -n site", "ghp-import --prefix docs site"],
  },
  {
    name: "mike",
    subcommands: [["deploy"], ["delete"], ["alias"], ["retitle"], ["set-default"], ["props"]],
    runs: ["git push"],
    requires: prefixFlag("p", "push", 2),
    dry: HELP,
    note: "mike's commands with -p/--push push the gh-pages branch they committed to",
    match: [
      "mike deploy --push 1.0",
      "mike set-default -p latest",
      "mike deploy -up 1.0 latest",
      "mike deploy --pu 1.0",
    ],
    notMatch: ["mike deploy 1.0", "mike list", "mike serve", "mike deploy --prefix docs 1.0"],
  },
  {
    name: "gt",
    subcommands: [["submit"], ["ss"], ["stack", "submit"], ["branch", "submit"]],
    runs: ["git push"],
    dry: /^(-h|--help|--dry-run)$/,
    note: "Graphite's gt submit (ss: the whole stack) force-pushes each branch and opens its pull request",
    match: ["gt submit --no-interactive", "gt ss", "gt stack submit"],
    notMatch: ["gt submit --dry-run", "gt log", "gt create -m x"],
  },
  {
    name: "ghstack",
    subcommands: [[], ["submit"], ["land"]],
    runs: ["git push"],
    dry: HELP,
    other: /^(unlink|checkout|status|rage|cherry-pick|action)$/,
    note: "ghstack (submit, the default) pushes each commit of the stack to its own branch; land pushes to the base branch",
    match: ["ghstack", "ghstack submit", "ghstack land https://github.com/o/r/pull/1"],
    notMatch: ["ghstack unlink", "ghstack checkout https://github.com/o/r/pull/1"],
  },
  gitSpice("gs"),
  gitSpice("git-spice"),
  {
    name: "repo",
    subcommands: [["upload"]],
    runs: ["git push"],
    dry: /^(-h|--help|-n|--dry-run)$/,
    note: "Android's repo upload pushes each project's branch to its Gerrit review server (git push)",
    match: ["repo upload", "repo upload --cbr ."],
    notMatch: ["repo sync", "repo upload --dry-run"],
  },
];

/** Whether a word is one of the program's options (`--`, `-x`, cargo's `+toolchain`). */
function optionLike(text: string): boolean {
  return (text.startsWith("-") && text !== "-") || text.startsWith("+");
}

/**
 * Whether the words after the program's name start with the subcommand `path`, as its parser
 * reads them: each operand in turn, an operand right after an option without `=` skipped (it
 * may be the option's value). npm's command word is read as npm derefs it (`npm stag`).
 */
function startsWith(words: readonly Word[], path: readonly string[], name: string): number {
  let k = 0;
  let dashes = false;
  for (let i = 1; i < words.length && k < path.length; i++) {
    const word = words[i] as Word;
    if (!dashes && word.text === "--") {
      dashes = true;
      continue;
    }
    if (!dashes && optionLike(word.text)) continue;
    const text = name === "npm" && k === 0 ? (npmCommand(word.text) ?? word.text) : word.text;
    if (word.literal && text === path[k]) {
      k++;
      if (k === path.length) return i;
      continue;
    }
    const before = words[i - 1] as Word;
    if (!dashes && optionLike(before.text) && !before.text.includes("=")) continue;
    return -1;
  }
  return k === path.length ? 0 : -1;
}

/**
 * The command lines a release tool runs (`words[0]` names the program), or none: another
 * program, another subcommand, or an option that makes it a dry run.
 */
export function releaseRuns(words: readonly Word[]): readonly string[] {
  const head = words[0]?.text ?? "";
  // A package's binary is often run by its path in the project (`node_modules/.bin/np`).
  const name =
    toolName(head) ??
    (/(^|\/)node_modules\/\.bin\/[^/]+$/.test(head) ? posix.basename(head) : null);
  if (name === null) return [];
  const runs: string[] = [];
  for (const tool of RELEASE_TOOLS) {
    if (tool.name !== name) continue;
    const at = (tool.subcommands ?? [[]])
      .map((path) => startsWith(words, path, name))
      .find((end) => end >= 0);
    if (at === undefined) continue;
    const after = words.slice(at + 1).find((word) => !optionLike(word.text));
    if (tool.other !== undefined && after !== undefined && tool.other.test(after.text)) continue;
    const options = words.slice(1);
    if (options.some((word) => tool.dry.test(word.text))) continue;
    if (tool.requires !== undefined && !options.some((word) => tool.requires?.test(word.text))) {
      continue;
    }
    for (const line of tool.runs) if (!runs.includes(line)) runs.push(line);
  }
  return runs;
}
