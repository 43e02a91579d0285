import { type Word, wordFromText } from "../read/words.ts";
import { cmakeDefines, compilerFlagEffects, flagWords, shellSyntax } from "./compiler-flags.ts";
import { packageBinary, toolName } from "./wrappers.ts";

/**
 * Programs that run another command line of the words they are given, beside what they do
 * themselves, where no wrapper grammar peels them: a package manager given a name it has no
 * command for runs the package binary of that name (`pnpm lerna publish` is `pnpm exec lerna
 * publish` when no script is called lerna; `yarn changeset publish`, `bun run
 * semantic-release` alike), `deno run npm:X` and `volta run X` run X's binary, `corepack
 * pnpm …` runs that package manager, older pnpm hands npm's registry commands to npm
 * (`pnpm unpublish x` runs `npm unpublish x`), and hub is git (`hub push` is `git push`).
 * Each such command line is a unit of its own, judged like the same words written out, so a
 * rule about it meets the program; the program's own unit stays as written. A word that may
 * be a script of the project's manifest instead only adds a unit that a rule for its name
 * meets.
 */
export interface Delegation {
  /** The program's name. */
  readonly name: string;
  readonly note: string;
  /** Command lines, each with the line it runs; and lines that run none. */
  readonly match: readonly (readonly [string, string])[];
  readonly notMatch: readonly string[];
  /** The command lines these words run, as words (`words[0]` is the program). */
  readonly runs: (words: readonly Word[]) => Word[][];
}

/** Options of a program that take the next word as their value, and those that take none. */
interface OptionWords {
  readonly values: ReadonlySet<string>;
  readonly flags: ReadonlySet<string>;
}

/**
 * Where the command word may stand among `words` from `from` on: the first operand; when an
 * option no table names stands right before it without `=`, that operand may be its value and
 * the next operand may be the command too. Known options are read as they are.
 */
function commandCandidates(words: readonly Word[], from: number, options: OptionWords): number[] {
  const found: number[] = [];
  for (let i = from; i < words.length && found.length < 2; i++) {
    const word = words[i] as Word;
    const text = word.text;
    if (text === "--") {
      if (i + 1 < words.length) found.push(i + 1);
      return found;
    }
    if (text.startsWith("-") && text !== "-") {
      if (options.values.has(text)) i++;
      continue;
    }
    found.push(i);
    const before = words[i - 1] as Word;
    const unknown =
      i > from &&
      before.text.startsWith("-") &&
      !before.text.includes("=") &&
      !options.flags.has(before.text) &&
      !options.values.has(words[i - 2]?.text ?? "");
    if (!unknown) return found;
  }
  return found;
}

const options = (values: readonly string[], flags: readonly string[]): OptionWords => ({
  values: new Set(values),
  flags: new Set(flags),
});

/** yadm's options that take a value (yadm 3), and its commands that run no git command line. */
const YADM_OPTIONS = options(
  [
    ...["-Y", "--yadm-dir", "--yadm-data", "--yadm-repo", "--yadm-config", "--yadm-encrypt"],
    ...["--yadm-archive", "--yadm-bootstrap"],
  ],
  [],
);
const YADM_OWN: ReadonlySet<string> = new Set([
  ...["alt", "config", "decrypt", "encrypt", "gitconfig", "help", "init", "introspect", "list"],
  ...["perms", "upgrade", "version", "--version", "--help"],
]);

/** vcsh's options (`-c FILE`), its commands that run no git command line, and its git ones. */
const VCSH_OPTIONS = options(["-c"], ["-d", "-v"]);
const VCSH_OWN: ReadonlySet<string> = new Set([
  ...["delete", "enter", "help", "init", "list", "list-tracked", "list-untracked", "rename"],
  ...["upgrade", "version", "which", "write-gitignore"],
]);
const VCSH_GIT: ReadonlySet<string> = new Set(["clone", "commit", "pull", "push", "status"]);

/** pnpm's own commands and their aliases (pnpm 9 and 10): anything else is a script or a binary. */
const PNPM_COMMANDS: ReadonlySet<string> = new Set([
  ...["add", "audit", "bin", "c", "cat-file", "cat-index", "completion", "config", "create"],
  ...["dedupe", "deploy", "dislink", "dlx", "doctor", "env", "exec", "fetch", "find-hash", "get"],
  ...["help", "i", "import", "init", "install", "install-test", "it", "la", "licenses", "link"],
  ...["list", "ll", "ln", "ls", "m", "multi", "outdated", "pack", "patch", "patch-commit"],
  ...["patch-remove", "prune", "publish", "rb", "rebuild", "recursive", "remove", "restart"],
  ...["rm", "root", "run", "run-script", "server", "set", "setup", "start", "stop", "store", "t"],
  ...["test", "tst", "un", "uni", "uninstall", "unlink", "up", "update", "upgrade", "why"],
  ...["approve-builds", "ignored-builds", "self-update", "sbom", "runtime"],
  ...["install-completion", "uninstall-completion"],
]);

/** The commands pnpm before 11 hands to the npm CLI with the same words (pnpm's passthrough list). */
const PNPM_TO_NPM: ReadonlySet<string> = new Set([
  ...["access", "adduser", "bugs", "deprecate", "dist-tag", "docs", "edit", "find", "home"],
  ...["info", "issues", "login", "logout", "owner", "ping", "prefix", "profile", "pkg", "repo"],
  ...["s", "se", "search", "set-script", "show", "star", "stars", "team", "token", "unpublish"],
  ...["unstar", "v", "version", "view", "whoami", "xmas"],
]);

const PNPM_OPTIONS = options(
  [
    ...["-C", "--dir", "-F", "--filter", "--filter-prod", "--test-pattern", "--workspace-dir"],
    ...["--reporter", "--loglevel", "--store-dir", "--modules-dir", "--virtual-store-dir"],
    ...["--lockfile-dir", "--resume-from", "--changed-files-ignore-pattern"],
  ],
  [
    ...["-r", "--recursive", "-w", "--workspace-root", "-s", "--silent", "--parallel", "--stream"],
    ...["--aggregate-output", "--if-present", "--no-bail", "--bail", "--sort", "--no-sort"],
    ...["--reverse", "-g", "--global", "-D", "-P", "-O", "--prod", "--dev", "--offline"],
    ...["--prefer-offline", "--frozen-lockfile", "--color", "--no-color", "--shell-mode"],
    ...["--include-workspace-root", "--fail-if-no-match", "--report-summary", "--use-stderr"],
  ],
);

/** yarn's own commands (classic and berry): anything else is a script or a binary. */
const YARN_COMMANDS: ReadonlySet<string> = new Set([
  ...["access", "add", "audit", "autoclean", "bin", "cache", "check", "config", "constraints"],
  ...["create", "dedupe", "dlx", "exec", "explain", "generate-lock-entry", "global", "help"],
  ...["import", "info", "init", "install", "licenses", "link", "list", "login", "logout"],
  ...["node", "npm", "outdated", "owner", "pack", "patch", "patch-commit", "plugin"],
  ...["policies", "publish", "rebuild", "remove", "run", "sdks", "search", "set", "stage"],
  ...["tag", "team", "test", "unlink", "unplug", "up", "upgrade", "upgrade-interactive"],
  ...["version", "versions", "why", "workspace", "workspaces"],
]);

const YARN_OPTIONS = options(
  [
    ...["--cwd", "--modules-folder", "--cache-folder", "--mutex", "--network-timeout"],
    ...["--registry", "--proxy", "--https-proxy", "--otp", "--link-folder", "--global-folder"],
    ...["--preferred-cache-folder", "--use-yarnrc", "--network-concurrency"],
  ],
  [
    ...["-s", "--silent", "--verbose", "--offline", "--prefer-offline", "--frozen-lockfile"],
    ...["--ignore-scripts", "--non-interactive", "--no-progress", "--json", "--no-default-rc"],
    ...["--ignore-engines", "--pure-lockfile", "--production", "--prod", "-T", "--top-level"],
    ...["-B", "--binaries-only"],
  ],
);

/** bun's own commands and their aliases: anything else is a file, a script or a binary. */
const BUN_COMMANDS: ReadonlySet<string> = new Set([
  ...["run", "test", "x", "repl", "exec", "install", "i", "add", "a", "remove", "rm", "update"],
  ...["outdated", "link", "unlink", "publish", "patch", "patch-commit", "pm", "build", "init"],
  ...["create", "c", "upgrade", "completions", "discord", "help", "audit", "info", "why"],
  "feedback",
]);

const BUN_OPTIONS = options(
  [
    ...["--cwd", "-c", "--config", "--env-file", "-r", "--preload", "--tsconfig-override"],
    ...["-d", "--define", "-l", "--loader", "--filter", "-F", "--shell", "--main-fields"],
    ...["--conditions", "--port", "--elide-lines"],
  ],
  [
    ...["-b", "--bun", "--hot", "--watch", "--smol", "--silent", "--if-present", "--no-install"],
    ...["-i", "--install", "--prefer-offline", "--prefer-latest", "--no-clear-screen"],
    ...["--no-macros", "--no-deprecation", "--throw-deprecation", "--inspect", "--inspect-wait"],
    ...["--inspect-brk", "--expose-gc", "--no-addons", "--revision", "--workspaces"],
  ],
);

const DENO_OPTIONS = options(
  [
    ...["-c", "--config", "--import-map", "--lock", "--cert", "-L", "--log-level", "--location"],
    ...["--seed", "--ext", "--v8-flags", "--preload", "--require", "--env-file"],
  ],
  [
    ...["-A", "--allow-all", "-q", "--quiet", "--no-check", "--check", "--no-lock", "--no-npm"],
    ...["--no-remote", "--no-config", "--no-prompt", "--cached-only", "--watch", "--reload"],
    ...["-r", "--unstable", "--node-modules-dir", "--frozen"],
  ],
);

const VOLTA_OPTIONS = options(
  ["--node", "--npm", "--pnpm", "--yarn", "--env"],
  ["--bundled-npm", "--no-yarn", "--verbose", "--quiet"],
);

/** The words from `at` on, the word at `at` replaced by `head` when given. */
function from(words: readonly Word[], at: number, head?: Word): Word[] {
  const rest = words.slice(at);
  if (head !== undefined) rest[0] = head;
  return rest;
}

/** A word that names a package binary rather than a file (`lerna`, `@scope/x` is no binary). */
function binaryName(word: Word): boolean {
  return (
    !word.literal ||
    (/^[A-Za-z0-9_][A-Za-z0-9_.+-]*$/.test(word.text) &&
      !/\.(m?[jt]sx?|c[jt]s|sh|json|toml|wasm)$/.test(word.text))
  );
}

/** What a package manager runs for a command word that is none of its own commands. */
function packageBinaryRuns(
  words: readonly Word[],
  start: number,
  opts: OptionWords,
  commands: ReadonlySet<string>,
  accept: (word: Word) => boolean,
): Word[][] {
  const runs: Word[][] = [];
  for (const at of commandCandidates(words, start, opts)) {
    const word = words[at] as Word;
    if (word.literal && commands.has(word.text)) continue;
    if (accept(word)) runs.push(from(words, at));
  }
  return runs;
}

export const DELEGATIONS: readonly Delegation[] = [
  {
    name: "pnpm",
    note: "pnpm runs a name that is none of its commands as a script, else as `pnpm exec` (pnpm-cli docs: 'you can do things like `pnpm eslint`'); pnpm before 11 hands npm's registry commands to npm",
    match: [
      ["pnpm changeset publish", "changeset publish"],
      ["pnpm -r lerna publish", "lerna publish"],
      ["pnpm --filter web prisma migrate reset", "prisma migrate reset"],
      ["pnpm ./deploy.sh prod", "./deploy.sh prod"],
      ["pnpm unpublish x@1", "npm unpublish x@1"],
    ],
    notMatch: ["pnpm install", "pnpm add lerna", "pnpm run build", "pnpm exec tsc", "pnpm test"],
    runs: (words) => {
      const runs: Word[][] = [];
      for (const at of commandCandidates(words, 1, PNPM_OPTIONS)) {
        const word = words[at] as Word;
        if (word.literal && PNPM_TO_NPM.has(word.text)) {
          runs.push([wordFromText("npm", { start: word.start }), ...from(words, at)]);
        } else if (!word.literal || !PNPM_COMMANDS.has(word.text)) {
          runs.push(from(words, at));
        }
      }
      return runs;
    },
  },
  {
    name: "yarn",
    note: "yarn runs a name that is none of its commands, and `yarn run NAME`, as a script or else the package binary of that name (`yarn run <bin>`); `yarn workspace W …` runs yarn's words in the workspace W",
    match: [
      ["yarn changeset publish", "changeset publish"],
      ["yarn run lerna publish", "lerna publish"],
      ["yarn workspace web lerna publish", "lerna publish"],
      ["yarn --cwd pkg gh-pages -d dist", "gh-pages -d dist"],
    ],
    notMatch: ["yarn install", "yarn add lerna", "yarn", "yarn test", "yarn exec tsc"],
    runs: (words) => {
      const at = commandCandidates(words, 1, YARN_OPTIONS);
      const first = words[at[0] ?? -1];
      if (first?.literal && first.text === "run") {
        return packageBinaryRuns(words, (at[0] as number) + 1, YARN_OPTIONS, new Set(), () => true);
      }
      if (first?.literal && first.text === "workspace") {
        // `yarn workspace NAME COMMAND…`: yarn's words again, in the workspace.
        const name = commandCandidates(words, (at[0] as number) + 1, YARN_OPTIONS)[0];
        if (name === undefined) return [];
        const inner = from(words, name, words[0]);
        return inner.length > 1 ? yarnRuns(inner) : [];
      }
      return packageBinaryRuns(words, 1, YARN_OPTIONS, YARN_COMMANDS, () => true);
    },
  },
  {
    name: "bun",
    note: "bun runs `bun NAME` and `bun run NAME` as a script, a file, or the package binary of that name in node_modules/.bin",
    match: [
      ["bun run semantic-release", "semantic-release"],
      ["bun semantic-release --ci", "semantic-release --ci"],
      ["bun --bun run lerna publish", "lerna publish"],
    ],
    notMatch: ["bun install", "bun run ./build.ts", "bun test", "bun x tsc", "bun build.ts"],
    runs: (words) => {
      const at = commandCandidates(words, 1, BUN_OPTIONS);
      const first = words[at[0] ?? -1];
      if (first?.literal && first.text === "run") {
        return packageBinaryRuns(words, (at[0] as number) + 1, BUN_OPTIONS, new Set(), binaryName);
      }
      return packageBinaryRuns(words, 1, BUN_OPTIONS, BUN_COMMANDS, binaryName);
    },
  },
  {
    name: "deno",
    note: "deno run npm:PKG runs the package's binary (npm:PKG/BIN names another of its binaries)",
    match: [
      ["deno run -A npm:semantic-release", "semantic-release"],
      ["deno run --allow-all npm:lerna@8 publish", "lerna publish"],
      ["deno run -A npm:@changesets/cli/changeset publish", "changeset publish"],
    ],
    notMatch: ["deno run main.ts", "deno run -A jsr:@std/http/file-server", "deno task build"],
    runs: (words) => {
      const at = commandCandidates(words, 1, DENO_OPTIONS);
      const first = words[at[0] ?? -1];
      if (!first?.literal || first.text !== "run") return [];
      const runs: Word[][] = [];
      for (const script of commandCandidates(words, (at[0] as number) + 1, DENO_OPTIONS)) {
        const word = words[script] as Word;
        if (!word.literal) {
          runs.push(from(words, script));
          continue;
        }
        const spec = /^npm:(?:(@[^/]+\/)?([^/@]+)(?:@[^/]*)?)(?:\/(.+))?$/.exec(word.text);
        if (spec === null) continue;
        const bin = spec[3] ?? (spec[2] as string);
        runs.push(from(words, script, wordFromText(bin, { start: word.start })));
      }
      return runs;
    },
  },
  {
    name: "volta",
    note: "volta run COMMAND runs the command with the tool versions its options pin",
    match: [
      ["volta run semantic-release", "semantic-release"],
      ["volta run --node 20 lerna publish", "lerna publish"],
    ],
    notMatch: ["volta install node", "volta list"],
    runs: (words) => {
      const at = commandCandidates(words, 1, VOLTA_OPTIONS);
      const first = words[at[0] ?? -1];
      if (!first?.literal || first.text !== "run") return [];
      return commandCandidates(words, (at[0] as number) + 1, VOLTA_OPTIONS).map((command) =>
        from(words, command),
      );
    },
  },
  {
    name: "corepack",
    note: "corepack NAME[@VERSION] … runs that package manager with the words after it",
    match: [
      ["corepack pnpm publish", "pnpm publish"],
      ["corepack yarn@4.1.0 lerna publish", "yarn lerna publish"],
      ["corepack npm publish", "npm publish"],
    ],
    notMatch: ["corepack enable", "corepack use pnpm@9", "corepack prepare pnpm@9 --activate"],
    runs: (words) => {
      const at = commandCandidates(words, 1, options([], []))[0];
      const word = words[at ?? -1];
      if (at === undefined || word === undefined || !word.literal) return [];
      const manager = packageBinary(word);
      if (!/^(npm|npx|pnpm|pnpx|yarn|yarnpkg)$/.test(manager.text)) return [];
      return [from(words, at, manager)];
    },
  },
  {
    name: "hub",
    note: "hub wraps git: every command it does not extend is git's (`alias git=hub`), and its own (`hub sync`) push or pull through git",
    match: [
      ["hub push origin main", "git push origin main"],
      ["hub -C x push", "git push"],
    ],
    notMatch: [],
    runs: (words) => [[wordFromText("git", { start: words[0]?.start }), ...words.slice(1)]],
  },
  {
    name: "lab",
    note: "lab (GitLab's hub) wraps git the same way: a command it does not know is git's (`lab push` is `git push`)",
    match: [
      ["lab push origin main", "git push origin main"],
      ["lab push", "git push"],
    ],
    notMatch: [],
    runs: (words) => [[wordFromText("git", { start: words[0]?.start }), ...words.slice(1)]],
  },
  {
    name: "yadm",
    note: "yadm hands every command it does not handle itself to git on its own repository (`yadm push` is `git push`); `yadm enter CMD` runs CMD and `yadm bootstrap` runs a program of the user's configuration (R22 git-wrapper-tools)",
    match: [
      ["yadm push", "git push"],
      ["yadm -Y /home/user/.y push origin main", "git push origin main"],
      ["yadm clone https://x.example/d.git", "git clone https://x.example/d.git"],
      ["yadm enter git push", "git push"],
    ],
    notMatch: ["yadm list -a", "yadm config local.class x", "yadm version", "yadm enter"],
    runs: (words) => {
      const at = commandCandidates(words, 1, YADM_OPTIONS);
      const runs: Word[][] = [];
      for (const index of at) {
        const word = words[index] as Word;
        if (word.literal && YADM_OWN.has(word.text)) continue;
        if (word.literal && word.text === "enter") {
          if (index + 1 < words.length) runs.push(from(words, index + 1));
          continue;
        }
        if (word.literal && word.text === "bootstrap") {
          // The program it runs is a file of the user's configuration: nobody can name it here.
          runs.push([wordFromText("$YADM_BOOTSTRAP", { start: word.start, computed: true })]);
          continue;
        }
        if (word.literal && /^(git-crypt|transcrypt)$/.test(word.text)) {
          runs.push(from(words, index));
          continue;
        }
        runs.push([wordFromText("git", { start: words[0]?.start }), ...words.slice(index)]);
      }
      return runs;
    },
  },
  {
    name: "vcsh",
    note: "vcsh REPO GITCMD runs git GITCMD in that repository (`vcsh x push` is `git push`); its own push, pull, commit, clone and foreach run git's of that name, and `vcsh run REPO CMD` runs CMD (R22 git-wrapper-tools)",
    match: [
      ["vcsh x push", "git push"],
      ["vcsh dots push origin main", "git push origin main"],
      ["vcsh push", "git push"],
      ["vcsh foreach -g push", "git push"],
      ["vcsh run dots git push", "git push"],
      ["vcsh -c /home/user/.vcsh x push", "git push"],
    ],
    notMatch: ["vcsh list", "vcsh which README.md", "vcsh enter dots", "vcsh x"],
    runs: (words) => {
      const runs: Word[][] = [];
      const git = () => wordFromText("git", { start: words[0]?.start });
      for (const index of commandCandidates(words, 1, VCSH_OPTIONS)) {
        const word = words[index] as Word;
        const text = word.literal ? word.text : null;
        if (text !== null && VCSH_OWN.has(text)) continue;
        if (text === "run") {
          if (index + 2 < words.length) runs.push(from(words, index + 2));
          continue;
        }
        if (text === "foreach") {
          const rest = words.slice(index + 1).filter((w, k) => !(k === 0 && w.text === "-g"));
          if (rest.length > 0) runs.push([git(), ...rest]);
          continue;
        }
        // vcsh's own git commands, or one whose name is only known at run time.
        if (text === null || VCSH_GIT.has(text)) runs.push([git(), ...words.slice(index)]);
        // A repository's name, then the git command run in it.
        if (text === null || !VCSH_GIT.has(text)) {
          if (index + 1 < words.length) runs.push([git(), ...words.slice(index + 1)]);
        }
      }
      return runs;
    },
  },
  {
    name: "cmake",
    note: "cmake starts, with no shell, the compiler, launcher and checker programs a -D variable names (a `;` list: the program, then its first words) for its compiler checks and before each compile or link, and the programs of a `-wrapper PROG,ARG,…` in a flags variable or CMAKE_<LANG>_COMPILER_ARG1, read as the compiler reads them (M21 cmake-launcher, cflags-wrapper; R21 cmake-arg1)",
    match: [
      ["cmake -DCMAKE_C_COMPILER_LAUNCHER='git;push;origin' .", "git push origin"],
      ["cmake -D CMAKE_CXX_CLANG_TIDY='git;push' .", "git push"],
      ["cmake -DCMAKE_C_FLAGS='-O2 -wrapper git,push,origin' .", "git push origin"],
      ["cmake -DCMAKE_EXE_LINKER_FLAGS:STRING=-wrapper=git,push .", "git push"],
      ["cmake -DCMAKE_C_COMPILER_ARG1='-wrapper git,push,origin' .", "git push origin"],
      ["cmake -D CMAKE_CXX_COMPILER_ARG1:STRING='-wrapper git,push' .", "git push"],
      ["cmake -DCMAKE_C_COMPILER='git;push;origin' .", "git push origin"],
      ["cmake -DCMAKE_C_COMPILER:='git;push' .", "git push"],
      ["cmake '-D\"CMAKE_C_COMPILER\"=git;push' .", "git push"],
      ["cmake -DCMAKE_CROSSCOMPILING_EMULATOR='git;push;origin' .", "git push origin"],
      ["cmake -DCMAKE_C_STANDARD_LIBRARIES='-wrapper git,push' .", "git push"],
      ["cmake -DCMAKE_C_LINK_EXECUTABLE='git push <TARGET>' .", "git push"],
      ["cmake -DPROJECT_OPTIONS='-O2 -wrapper git,push' .", "git push"],
      ["cmake -E __run_co_compile --iwyu='git;push' -- true", "git push"],
      ["cmake -E __run_co_compile --tidy=clang-tidy -- git push", "git push"],
      ["cmake --build b -- C_FLAGS='-wrapper git,push'", "git push"],
      ["cmake --build b -- 'C_DEFINES=-wrapper git,push' all", "git push"],
      ["cmake --build . --target 'C_FLAGS=-wrapper git,push'", "git push"],
      ["cmake --build . -t 'C_DEFINES=-wrapper git,push' all", "git push"],
    ],
    notMatch: [
      "cmake -DCMAKE_BUILD_TYPE=Release .",
      "cmake -DCMAKE_C_FLAGS=-O2 .",
      "cmake -DCMAKE_C_COMPILER_ARG1=-m32 .",
      "cmake -DCMAKE_C_FLAGS='-include src/config.h' .",
      "cmake -DCMAKE_PREFIX_PATH='/opt/a;/opt/b' .",
      "cmake --build build",
      "cmake --build build -- -j4",
      "cmake --build build --target all -j 4",
      "cmake -E make_directory build",
      "cmake -E copy_if_different a b",
    ],
    runs: (words) => [...cmakeRuns(words), ...cmakeModeRuns(words)],
  },
  {
    name: "ctest",
    note: "ctest --build-and-test hands the -D definitions of its --build-options to the cmake it runs: read as cmake's (F23c)",
    match: [
      [
        "ctest --build-and-test . b --build-generator Ninja --build-options -DCMAKE_C_COMPILER='git;push'",
        "git push",
      ],
      [
        "ctest --build-and-test . b --build-generator Ninja --build-options -DCMAKE_C_FLAGS='-wrapper git,push'",
        "git push",
      ],
    ],
    notMatch: ["ctest --output-on-failure", "ctest -D Experimental", "ctest -j4 -R unit"],
    runs: (words) => [...cmakeRuns(words), ...ctestTargetRuns(words)],
  },
];

function cmakeRuns(words: readonly Word[]): Word[][] {
  const runs: Word[][] = [];
  for (const define of cmakeDefines(words)) {
    const at = { start: define.word.start };
    const computed = !define.word.literal;
    if (define.kind === null) {
      // A value (or a name) only known at run time may hold any program or `-wrapper`.
      if (computed && define.name === null) {
        runs.push([wordFromText(define.word.text, { ...at, computed: true })]);
      }
      continue;
    }
    if (define.kind === "program") {
      const parts = define.value.split(";").filter((part) => part !== "");
      if (parts.length > 0) runs.push(parts.map((part) => wordFromText(part, { ...at, computed })));
      continue;
    }
    if (define.kind === "rule") {
      // Command lines the generated makefiles run through `sh -c`, placeholders filled in.
      for (const part of define.value.split(";")) {
        const line = part.replace(/<[A-Za-z0-9_]+>/g, " ");
        if (computed || shellSyntax(line)) {
          runs.push([wordFromText(define.word.text, { ...at, computed: true })]);
          break;
        }
        const lineWords = flagWords(line);
        if (lineWords.length > 0) runs.push(lineWords.map((part) => wordFromText(part, at)));
      }
      continue;
    }
    if (define.kind === "words") {
      // Another variable's words reach a command line only where the project pastes them:
      // the programs a `-wrapper` there starts.
      for (const program of compilerFlagEffects(flagWords(define.value.replace(/;/g, " "))).runs) {
        runs.push(program.map((part) => wordFromText(part, { ...at, computed })));
      }
      continue;
    }
    // Flags: a computed value, shell syntax the generated makefiles' `sh -c` would read, a
    // flag that loads code, or one that puts code from the command text into what is built
    // (`-D` with a body that is code: S34 compiler-macro-code) is a program nobody can name;
    // `-wrapper`'s program is one.
    const effects = computed ? null : compilerFlagEffects(flagWords(define.value));
    if (
      effects === null ||
      shellSyntax(define.value) ||
      effects.code.length > 0 ||
      effects.injects.length > 0
    ) {
      if (define.value !== "")
        runs.push([wordFromText(define.word.text, { ...at, computed: true })]);
    }
    for (const program of effects?.runs ?? []) {
      runs.push(program.map((part) => wordFromText(part, { ...at, computed })));
    }
  }
  return runs;
}

/** A unit for what a cmake invocation runs that nobody can name: judged, at least, ask. */
function unnamed(words: readonly Word[]): Word[] {
  return [
    wordFromText(words.map((word) => word.text).join(" "), {
      start: words[0]?.start,
      computed: true,
    }),
  ];
}

/**
 * What `cmake -E` runs of a command's words (cmake 3.25's cmcmd.cxx; `cmake -E help` lists the
 * public ones): these only read, write and print files, or are wrapper layers classify peels
 * (`env`, `time`, `chdir`). Every other command, the hidden ones cmake's generated build files
 * call included, may run programs: `__run_co_compile` is read below; `cmake_link_script FILE`
 * runs each line of FILE (R24 cmake-link-script, traced), `cmake_depends` loads the cmake code
 * of a DependInfo file, `cmake_autogen`/`cmake_autorcc` run the moc/uic/rcc of an info file,
 * `cmake_llvm_rc` the commands after `++`, `__create_def` its `--nm=` program,
 * `cmake_check_build_system` a configure run: code nobody reads, one unnamed unit.
 */
const CMAKE_E_PLAIN: ReadonlySet<string> = new Set([
  ...["capabilities", "cat", "compare_files", "copy", "copy_directory", "copy_if_different"],
  ...["echo", "echo_append", "environment", "make_directory", "md5sum", "sha1sum", "sha224sum"],
  ...["sha256sum", "sha384sum", "sha512sum", "remove", "remove_directory", "rename", "rm"],
  ...["sleep", "tar", "touch", "touch_nocreate", "create_symlink", "create_hardlink", "true"],
  ...["false", "env", "time", "chdir", "cmake_echo_color", "cmake_symlink_library"],
  ...["cmake_symlink_executable", "cmake_transform_depfile"],
]);

/**
 * `cmake -E __run_co_compile` (R24 cmake-e-co-compile, traced): each `--iwyu=`, `--tidy=`,
 * `--cppcheck=`, `--cpplint=`, `--lwyu=` and `--launcher=` value is a `;` list cmake starts
 * (the program, then its first words), and the words after `--` are the compile command it
 * runs, behind the launcher.
 */
function coCompileRuns(args: readonly Word[]): Word[][] {
  const runs: Word[][] = [];
  const end = args.findIndex((word) => word.text === "--");
  const options = end === -1 ? args : args.slice(0, end);
  let launcher: Word[] = [];
  for (const word of options) {
    if (!word.literal) {
      runs.push(unnamed([word]));
      continue;
    }
    const found = /^--(iwyu|tidy|cppcheck|cpplint|lwyu|launcher)=(.*)$/s.exec(word.text);
    if (found === null) continue;
    const parts = (found[2] as string)
      .split(";")
      .filter((part) => part !== "")
      .map((part) => wordFromText(part, { start: word.start }));
    if (found[1] === "launcher") launcher = parts;
    else if (parts.length > 0) runs.push(parts);
  }
  const command = end === -1 ? [] : args.slice(end + 1);
  if (command.length > 0) runs.push([...launcher, ...command]);
  else if (launcher.length > 0) runs.push(launcher);
  return runs;
}

/**
 * Build-tool words cmake --build hands on that run nothing of their own: jobs, load, keep
 * going, silence, verbosity (make's and ninja's).
 */
const PLAIN_NATIVE =
  /^(?:-j[0-9]*|-l[0-9.]*|-k[0-9]*|-s|-w|-v|--no-print-directory|--keep-going|--silent|--quiet|--verbose|[0-9.]+|VERBOSE=[A-Za-z0-9]*)$/;

/**
 * What cmake's own modes run: `cmake -E COMMAND` (see {@link CMAKE_E_PLAIN}) and the words
 * `cmake --build DIR … -- WORDS` hands to the build tool (R24 cmake-build-native-args, traced:
 * `-- C_FLAGS='-wrapper git,push,origin'` overrode the flags of the generated makefile and
 * `-- -f /dev/stdin y` ran a piped makefile's recipe): judged as that `make` command, and the
 * programs a `NAME=VALUE` there starts once pasted into a compile line as flags.
 */
function cmakeModeRuns(words: readonly Word[]): Word[][] {
  const mode = words[1];
  if (mode === undefined) return [];
  if (mode.literal && mode.text === "-E") {
    const command = words[2];
    if (command === undefined) return [];
    if (!command.literal) return [unnamed(words)];
    if (CMAKE_E_PLAIN.has(command.text)) return [];
    if (command.text === "__run_co_compile") return coCompileRuns(words.slice(3));
    return [unnamed(words)];
  }
  if (!mode.literal || mode.text !== "--build") return [];
  const end = words.findIndex((word, i) => i > 1 && word.text === "--");
  const own = end === -1 ? words.slice(2) : words.slice(2, end);
  // Each target is a word of the build tool's command line too (R24 cmake-build-native-args
  // 05..08: `--target 'C_FLAGS=…'` and `--target=-f/dev/stdin` reached make as a variable and
  // an option).
  const targets: Word[] = [];
  for (let i = 0; i < own.length; i++) {
    const word = own[i] as Word;
    const glued = /^(?:--target=|-t(?!-))(.+)$/s.exec(word.text);
    if (glued !== null && word.text !== "-t") {
      targets.push({ ...word, text: glued[1] as string });
      continue;
    }
    if (word.text !== "--target" && word.text !== "-t") continue;
    // One value at least, then every word up to the next option.
    const first = i + 1;
    for (let k = first; k < own.length; k++) {
      const value = own[k] as Word;
      if (k > first && value.literal && value.text.startsWith("-")) break;
      targets.push(value);
      i = k;
    }
  }
  return nativeRuns(
    [
      ...targets.filter((word) => !word.literal || /^-|=/.test(word.text)),
      ...(end === -1 ? [] : words.slice(end + 1)),
    ],
    mode,
  );
}

/**
 * ctest --build-and-test's `--build-target T` reaches the build tool as cmake --build's
 * `--target` does (R24 cmake-build-native-args-07).
 */
function ctestTargetRuns(words: readonly Word[]): Word[][] {
  const targets: Word[] = [];
  words.forEach((word, i) => {
    const value = word.text === "--build-target" ? words[i + 1] : undefined;
    if (value !== undefined && (!value.literal || /^-|=/.test(value.text))) targets.push(value);
  });
  return nativeRuns(targets, words[0] as Word);
}

/**
 * The command line a build tool gets from cmake (`make WORDS`, judged as written, unless each
 * word is a plain job or verbosity word) and the programs a `NAME=VALUE` there starts once
 * make pastes it into a compile line as flags.
 */
function nativeRuns(native: readonly Word[], at: Word): Word[][] {
  if (native.every((word) => word.literal && PLAIN_NATIVE.test(word.text))) return [];
  const runs: Word[][] = [[wordFromText("make", { start: at.start }), ...native]];
  for (const word of native) {
    const value = /^[^=\s-][^=\s]*=(.*)$/s.exec(word.text)?.[1];
    if (value === undefined) continue;
    if (!word.literal || shellSyntax(value)) {
      runs.push(unnamed([word]));
      continue;
    }
    const effects = compilerFlagEffects(flagWords(value));
    if (effects.code.length > 0 || effects.injects.length > 0) runs.push(unnamed([word]));
    for (const program of effects.runs) {
      runs.push(program.map((part) => wordFromText(part, { start: word.start })));
    }
  }
  return runs;
}

function yarnRuns(words: readonly Word[]): Word[][] {
  return BY_NAME.get("yarn")?.runs(words) ?? [];
}

const BY_NAME: ReadonlyMap<string, Delegation> = new Map(
  DELEGATIONS.map((delegation) => [delegation.name, delegation] as const),
);

/**
 * The command lines a program runs of its words beside its own work (see {@link Delegation}),
 * each as words; none for any other program.
 */
export function delegatedRuns(words: readonly Word[]): Word[][] {
  const name = toolName(words[0]?.text ?? "");
  if (name === null || words.length < 2) return [];
  return [...(BY_NAME.get(name)?.runs(words) ?? []), ...vcsSpecRuns(name, words)];
}

/**
 * Installers that take a version-control package spec and fetch it with that tool (pip's
 * `git+file:///r`, `x @ git+ssh://h/r`, `-e hg+…`; uv, poetry, pipenv, pdm, pipx alike;
 * yarn, pnpm and bun take `git+URL` too). npm's specs are read in npm.ts.
 */
const VCS_INSTALLERS: ReadonlySet<string> = new Set([
  ...["pip", "pip3", "pipx", "uv", "poetry", "pipenv", "pdm", "yarn", "yarnpkg", "pnpm", "bun"],
]);

/** The program each spec prefix runs, with the command that fetches a URL. */
const VCS_FETCH: Readonly<Record<string, readonly string[]>> = {
  git: ["git", "clone"],
  hg: ["hg", "clone"],
  svn: ["svn", "checkout"],
  bzr: ["bzr", "branch"],
};

/**
 * The fetch each version-control spec among an installer's words runs (`pip install
 * git+file:///srv/r.git` clones /srv/r.git: M21 vcs-spec, host strace), judged like the same
 * fetch written out, so the git reader meets a `file:` repository or an ssh host. The spec may
 * stand alone, after a name (`x@git+…`, `x @ git+…`) or as an option's value (`-e`,
 * `--editable=`); a `#fragment` and pip's `@REV` after the path are dropped.
 */
function vcsSpecRuns(name: string, words: readonly Word[]): Word[][] {
  if (!VCS_INSTALLERS.has(name)) return [];
  const runs: Word[][] = [];
  for (const word of words.slice(1)) {
    if (!word.literal) continue;
    const found = /(?:^|@|=)\s*(git|hg|svn|bzr)\+([A-Za-z][A-Za-z0-9+.-]*:.*)$/s.exec(word.text);
    if (found === null) continue;
    const fetch = VCS_FETCH[found[1] as string] as readonly string[];
    let url = (found[2] as string).replace(/#.*$/s, "");
    url = url.replace(/(\/[^/@]*)@[^/]*$/, "$1");
    const at = { start: word.start };
    runs.push([...fetch.map((text) => wordFromText(text, at)), wordFromText(url, at)]);
  }
  return runs;
}
