/**
 * Settings folders the string moves (S32 settings-home). A program reads its startup and
 * settings files from the home folder (`~/.gitconfig`, `~/.npmrc`, `~/.cargo/config.toml`,
 * `~/.ssh/config`, `~/.curlrc`, `~/.sqliterc`, `~/.psqlrc`, `~/.gnupg/gpg.conf`) or from a
 * folder or file a variable of its own names (CARGO_HOME, GNUPGHOME, PIP_CONFIG_FILE, …). Many
 * of those files can run a command (git's core.fsmonitor, ssh's ProxyCommand, psql's `\!`,
 * sqlite's `.shell`, gpg's agent-program), load code (npm's node-options, cargo's
 * rustc-wrapper, python's user-site `.pth` files) or redirect writes (curl's output, pip's
 * log). Under the caller's home they are the user's own; once the string points HOME or such
 * a variable somewhere else (the project, which a cloned repository fills, or any folder) the
 * files there are code the analysis never read, as a config file `XDG_CONFIG_HOME` or
 * `GIT_CONFIG_GLOBAL` names already is for git.
 *
 * Which program reads which file from its home is not a list anyone can keep complete, so the
 * rule is the other way round: every program outside the short list of those traced to open
 * nothing below HOME and start no program (`usesHome`, injection.ts HOME_BLIND) is taken to
 * read settings that can run code, and so is every program it starts, which inherits the
 * environment. A list of the programs that do read settings would be one short at every
 * release of any tool; this one can only be too short, which costs a prompt, never a run.
 */

import type { PathState } from "../programs/paths.ts";
import { resolveWord } from "../programs/paths.ts";
import type { Assignment } from "./injection.ts";

/**
 * Variables naming a program's settings folder or file whose content can run a command, load
 * code or move its writes, read by that program (and by whatever starts it) in place of one
 * under the home folder. Variables already judged as code wherever they are set (CURL_HOME,
 * WGETRC, XDG_CONFIG_HOME, GIT_CONFIG_GLOBAL, npm's userconfig: injection.ts, git.ts) are not
 * repeated here.
 */
export const SETTINGS_HOME_VARIABLES: ReadonlySet<string> = new Set([
  // cargo's config.toml (build.rustc-wrapper, target runners, aliases) and installed binaries;
  // rustup's toolchains are the compilers cargo runs.
  ...["CARGO_HOME", "RUSTUP_HOME"],
  // gpg.conf and gpg-agent.conf name agent-program, pinentry-program, scdaemon-program.
  "GNUPGHOME",
  // pip.conf sets log, target, cache-dir and index options; the user site's `.pth` files run
  // code at every python start.
  ...["PIP_CONFIG_FILE", "PYTHONUSERBASE"],
  // psqlrc's `\!` and mysql's my.cnf pager run a shell command. PGSYSCONFDIR is
  // postgresql-common's and libpq's settings folder: pg_wrapper (pg_dump, psql, createdb, …)
  // runs /usr/lib/postgresql/<version>/bin/<program> with the version its user_clusters file
  // gives, so `../../../repo/v` ran a script the string wrote (S32 settings-file-env, traced),
  // and libpq reads its pg_service.conf. A krb5.conf (KRB5_CONFIG) loads plugin modules, a
  // mailrc (MAILRC) names the sendmail program mail runs.
  ...["PSQLRC", "MYSQL_HOME", "PGSYSCONFDIR", "KRB5_CONFIG", "MAILRC"],
  // zsh reads $ZDOTDIR/.zshenv even for a script; irb and pry run their rc files as ruby.
  ...["ZDOTDIR", "IRBRC", "PRYRC"],
  // A credential_process (aws), an exec credential plugin (kubectl), a credential helper (docker).
  ...["AWS_CONFIG_FILE", "KUBECONFIG", "DOCKER_CONFIG"],
  // gh's `!` aliases, hg's hooks and extensions, gradle's init scripts, go's env file
  // (GOFLAGS=-toolexec=…), php's auto_prepend_file, composer's and helm's plugins, terraform's
  // provider overrides, yarn's yarnPath.
  ...["GH_CONFIG_DIR", "HGRCPATH", "HGRC", "GRADLE_USER_HOME", "GOENV", "PHPRC"],
  ...["COMPOSER_HOME", "HELM_PLUGINS", "HELM_CONFIG_HOME", "HELM_DATA_HOME"],
  ...["TF_CLI_CONFIG_FILE", "TERRAFORMRC", "YARN_RC_FILENAME"],
  // The data folder holds plugins and startup code of editors and shells (nvim's site, fish's
  // functions), as XDG_CONFIG_HOME holds their settings.
  "XDG_DATA_HOME",
  // Caches that are code: black and pylint unpickle theirs (S31 tool-cache-pickle), below
  // XDG_CACHE_HOME or their own variables; a cloned project can ship the pickle as well as the
  // string can write it.
  ...["XDG_CACHE_HOME", "BLACK_CACHE_DIR", "PYLINTHOME"],
  // The runtime or toolchain a launcher runs from the folder named (mvn and gradle run
  // $JAVA_HOME/bin/java, go its GOROOT's compiler, rustup a toolchain given as a path), and
  // gem's and bundler's settings (sources, install options, the Gemfile).
  ...["JAVA_HOME", "GOROOT", "RUSTUP_TOOLCHAIN", "GEMRC", "BUNDLE_APP_CONFIG"],
]);

/**
 * Options that move a program's settings folder or file as those variables do (`gpg --homedir
 * .` is `GNUPGHOME=. gpg`): long names match by any prefix of three letters or more, as the
 * programs that accept abbreviations read them (gpg's `--home`, mysql's `--defaults-f`), and a
 * short option anywhere in a cluster. Over-reading one costs a prompt, never a run.
 */
const SETTINGS_OPTIONS: readonly {
  readonly names: RegExp;
  readonly long: readonly string[];
  readonly short?: string;
  readonly unless?: (executed: readonly string[]) => boolean;
}[] = [
  { names: /^(kubectl|oc|helm)$/, long: ["--kubeconfig"], unless: kubectlConfig },
  // docker's client folder: cli-plugins it runs, credsStore and credHelpers it starts.
  { names: /^docker$/, long: ["--config"] },
  {
    names: /^(gpg[0-9]*|gpgv[0-9]*|gpgsm|gpgconf|gpg-agent|gpg-connect-agent)$/,
    long: ["--homedir"],
  },
  {
    names: /^(mysql|mariadb|mysqldump|mysqladmin|mysqlcheck|mysqlshow|mysqlimport)$/,
    long: ["--defaults-file", "--defaults-extra-file"],
  },
  // svn's config folder names diff-cmd, editor-cmd and tunnel programs.
  { names: /^(svn|svnadmin|svnlook|svnsync)$/, long: ["--config-dir"] },
  // An apt configuration file holds hook commands (APT::Update::Pre-Invoke, DPkg::Pre-Invoke).
  { names: /^(apt|apt-get|apt-cache|apt-config|apt-mark)$/, long: ["--config-file"], short: "c" },
];

/** The values the settings options of {@link SETTINGS_OPTIONS} get on this command line. */
function settingsOptionValues(executed: readonly string[]): (string | null)[] {
  const program = executed[0] ?? "";
  const base = program.slice(program.lastIndexOf("/") + 1);
  const entry = SETTINGS_OPTIONS.find((candidate) => candidate.names.test(base));
  if (entry === undefined || entry.unless?.(executed) === true) return [];
  const values: (string | null)[] = [];
  for (let i = 1; i < executed.length; i++) {
    const word = executed[i] as string;
    if (word === "--") break;
    if (word.startsWith("--")) {
      const equals = word.indexOf("=");
      const name = equals < 0 ? word : word.slice(0, equals);
      if (name.length < 5 || !entry.long.some((option) => option.startsWith(name))) continue;
      values.push(equals < 0 ? (executed[i + 1] ?? null) : word.slice(equals + 1));
    } else if (entry.short !== undefined && /^-[A-Za-z]/.test(word)) {
      const at = word.indexOf(entry.short);
      if (at < 0) continue;
      values.push(at + 1 < word.length ? word.slice(at + 1) : (executed[i + 1] ?? null));
    }
  }
  return values;
}

/**
 * Whether the words give a settings option of {@link SETTINGS_OPTIONS} a value that names
 * settings (the fast path leaves such a command to the walk).
 */
export function settingsOptionGiven(executed: readonly string[]): boolean {
  return settingsOptionValues(executed).some(
    (value) => value === null || (value !== "" && value !== "/dev/null"),
  );
}

/**
 * A value that names no settings at all: empty (the program's default) or /dev/null, and a
 * RUSTUP_TOOLCHAIN that is a toolchain's name (`nightly`, `1.80`), installed by rustup, not a
 * folder.
 */
function namesNothing(name: string, text: string, literal: boolean): boolean {
  if (!literal) return false;
  if (text === "" || text === "/dev/null") return true;
  return name === "RUSTUP_TOOLCHAIN" && !text.includes("/") && !text.startsWith("~");
}

/**
 * Whether a program runs with a settings folder the string chose: HOME (or one of
 * {@link SETTINGS_HOME_VARIABLES}) given on the command or by a wrapper (`environment`, what
 * reaches the program), or in an earlier statement (`export HOME=$PWD`), or an option of
 * {@link SETTINGS_OPTIONS} among the program's words (`executed`). An empty HOME sends
 * programs to the password file's home, and a HOME that is the caller's own changes nothing.
 * `callerHome`: the home the command started with, null when not known. `lostHome`: the walk
 * lost track of HOME where the string names it (a function body, after `eval`).
 */
export function settingsMoved(
  executed: readonly string[],
  environment: readonly Assignment[],
  state: PathState,
  callerHome: string | null,
  lostHome: boolean,
): boolean {
  const home = environment.filter((assignment) => assignment.name === "HOME").pop();
  const moved =
    home !== undefined
      ? homeMoved(home, state, callerHome)
      : (state.vars.has("HOME") && state.home !== "" && state.home !== callerHome) || lostHome;
  if (moved) return true;
  if (settingsOptionGiven(executed)) return true;
  for (const name of SETTINGS_HOME_VARIABLES) {
    if (name === "KUBECONFIG" && kubectlConfig(executed)) continue;
    const given = environment.filter((assignment) => assignment.name === name).pop();
    if (given !== undefined) {
      if (given.append === true || !namesNothing(name, given.value.text, given.value.literal)) {
        return true;
      }
      continue;
    }
    if (!state.vars.has(name)) continue;
    const values = state.vars.get(name);
    if (values === null || values === undefined) return true;
    if (values.some((value) => !namesNothing(name, value.text, value.glob !== true))) return true;
  }
  return false;
}

/** Whether a `HOME=…` given to the command moves the home away from the caller's. */
function homeMoved(home: Assignment, state: PathState, callerHome: string | null): boolean {
  if (home.append === true) return true;
  if (home.value.literal && home.value.text === "") return false;
  if (callerHome === null) return true;
  // `HOME=~`, `HOME=$HOME`, `HOME=/home/user/`: the caller's own home again.
  const resolved = resolveWord(home.value, state);
  return !resolved.every(
    (path) => path.glob === null && path.path !== null && trimmed(path.path) === callerHome,
  );
}

/**
 * `kubectl config set-credentials` only edits the kubeconfig: traced three times with an exec
 * credential plugin (`git push`) in the file, it never started it (adv-needless-ask-B19-28).
 * Every other `config` subcommand traced (view, get-contexts, get-clusters, current-context,
 * set, set-context, set-cluster, use-context, unset, delete-context) started the plugin, as
 * `get pods` does.
 */
function kubectlConfig(executed: readonly string[]): boolean {
  const program = executed[0] ?? "";
  if (!/^(kubectl|oc)$/.test(program.slice(program.lastIndexOf("/") + 1))) return false;
  const operands = executed.slice(1).filter((word) => !word.startsWith("-"));
  return operands[0] === "config" && operands[1] === "set-credentials";
}

function trimmed(path: string): string {
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}
