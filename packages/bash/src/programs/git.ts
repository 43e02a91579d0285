import { quote } from "shell-quote";
import { STEP, tick } from "../check/deadline.ts";
import { shellLex as shellParse } from "../read/shell-lex.ts";
import { type Piece, type Word, wordFromText } from "../read/words.ts";
import { SENTINELS, type Sentinel } from "../sentinels.ts";
import type { PathAccess } from "../types.ts";
import type { Vars } from "../walk/expand.ts";
import type { Injection } from "../walk/injection.ts";
import { strongerSentinel } from "./classify.ts";
import { updatesWorkTree } from "./git-links.ts";
import {
  COMPUTED_SWITCH,
  gitAction,
  gitLongTakesValue,
  gitOptionWords,
  gitShortTakesValue,
  gitSwitches,
} from "./git-options.ts";
import { formatSuffixFiles, suffixedPatchFiles } from "./git-patch-names.ts";
import { scriptRuns } from "./git-scripts.ts";
import { hasPathShape, isNeverPath, isRevision, type PathUse, shapedPaths } from "./paths.ts";
import { plainOutput, unknownValue } from "./unknown-words.ts";
import { toolName } from "./wrappers.ts";

/**
 * git as an executor and as a file tool.
 *
 * A policy that allows `git *` must not allow what git can be made to run: an alias, a pager,
 * an editor, a diff driver, a transport command, a hook directory, a configured tool. This
 * module reads one git command (its words after the wrappers are peeled) and returns what the
 * gates need: the words with git's global options set aside (`git -C . push origin` is matched
 * as `git push origin`), every command git runs from a value (each becomes a unit of its own,
 * floored, and analysed like a `bash -c` payload when it is literal), the `<git-alias>`
 * sentinel for a subcommand git does not know, and every file the command touches with its
 * direction.
 *
 * Every way git runs a program is an entry of {@link GIT_EXECUTORS} with examples that prove
 * it; one test walks them all through the public analyzer. Facts were checked against git
 * 2.39 (`-c` and `-C` take only a separate value, `--config-env` takes both forms, long options
 * of subcommands accept unique prefixes such as `--upl=` and `--exe=`, aliases never shadow a
 * built-in command, `bisect run` quotes its words while `submodule foreach` runs its first
 * word as shell text).
 */

/** What one git command runs and touches. */
export interface GitReading {
  /**
   * The words the gates match: `git`, the subcommand and its arguments, with git's global
   * options set aside and an alias defined by `-c alias.NAME=…` expanded.
   */
  canonical: Word[];
  /** `<git-alias>` for a subcommand git does not know, `<opaque-bash-wrapper>` when the shape is computed. */
  sentinel: Sentinel | null;
  /** Commands git runs from values (settings, options, operands, URLs): units of their own. */
  injections: Injection[];
  /** Files and directories the command touches, relative ones already placed under `-C`. */
  paths: PathUse[];
  /** The folders named as its repository (`--git-dir`), placed under `-C`: git loads their config and hooks. */
  gitDirs: Word[];
  /**
   * The subcommand starts the editor git is configured with ({@link GIT_EDITOR_COMMANDS}):
   * `"message"` the commit-message editor (`GIT_EDITOR`, else core.editor, VISUAL, EDITOR,
   * vi), `"sequence"` also the todo-list editor (`GIT_SEQUENCE_EDITOR` first). Unproven
   * unless the command's own environment names it, which only the walk sees.
   */
  editorRun?: "message" | "sequence";
  /**
   * The settings the command gives itself (`-c KEY=VALUE`, `--config-env`, `clone -c`), in
   * order: which remotes and rewrites its fetch uses (git-links.ts). Absent when none.
   */
  settings?: GitSetting[];
}

/** One setting a git command runs with; `value` null when the text does not show it. */
export interface GitSetting {
  key: string;
  value: string | null;
}

// ---- the table of executor surfaces ----------------------------------------------------------

/** What a configuration value is to git. */
export type GitConfigValue =
  /** A shell command line git runs (`core.pager`, `filter.*.clean`). */
  | "command"
  /** A boolean (nothing runs) or a command (`pager.*`, `core.fsmonitor`). */
  | "command-or-boolean"
  /** `!…` runs a shell command; anything else is a git command line that may be expanded. */
  | "alias"
  /** `!…` runs a shell command, an absolute path runs that program, a name runs `git credential-NAME`. */
  | "helper"
  /** `!…` runs a shell command; other values are modes (`submodule.*.update`). */
  | "bang-command"
  /** A program when the value is a path (`sendemail.smtpServer=/usr/bin/msmtp`), else a host. */
  | "program-if-path"
  /** A URL: `ext::` runs a command, an unknown `helper::` or scheme runs `git-remote-<helper>`. */
  | "url"
  /** The subsection is a URL (`url.<base>.insteadOf`): judged like a `url` value. */
  | "url-key"
  /** A file or directory of configuration, hooks or programs git loads (`include.path`). */
  | "code"
  /** Any value but false starts a program the value names or switches on (`commit.gpgSign`, `man.viewer`). */
  | "program-switch";

/** What an option value of a subcommand is to git. */
export type GitOptionValue =
  /** A shell command line. */
  | "command"
  /** A command only when it is a path (`send-email --smtp-server=/usr/bin/msmtp`). */
  | "program-if-path"
  /** A directory of code git copies or loads (`--template`). */
  | "code"
  /** A `key=value` setting written to the new repository (`clone -c`). */
  | "config"
  /** A tool name: one git ships is fine, any other comes from configuration nobody sees. */
  | "tool"
  /** A merge strategy: one git ships is fine, any other runs `git-merge-<name>` from PATH. */
  | "strategy";

/** How a subcommand runs its operands. */
export type GitOperandShape =
  /** The words are one command, each word one argument (`bisect run`). */
  | "argv"
  /** The first word is shell text, the others its arguments (`submodule foreach`). */
  | "script-args"
  /** The words are a git command line (`for-each-repo`). */
  | "git"
  /** The first operand is a program git runs with arguments of its own (`merge-index`). */
  | "program"
  /** The second operand is an `ext::` command (`remote-ext`). */
  | "ext"
  /**
   * `bisect view`'s words with `--bisect --` appended: a first word `tig` or starting with
   * `git` is a program, one starting with `-` options of `git log`, any other a git subcommand.
   */
  | "visualize";

/** Where the command that git runs is written. */
export type GitSurface =
  /** A configuration key, set by `-c`, `--config-env`, `git config`, `GIT_CONFIG_*` or `clone -c`. */
  | {
      readonly type: "config";
      /**
       * `section.name`, `section.*.name` (a subsection is required), `section[.*].name` (one is
       * optional) or `section.*` (any name). Section and name are case-insensitive.
       */
      readonly keys: readonly string[];
      readonly value: GitConfigValue;
    }
  /** An environment variable (a prefix assignment, `export`, or an `env` word). */
  | {
      readonly type: "env";
      readonly names: readonly string[];
      readonly value: "command" | "code" | "config";
    }
  /** An option of git itself, before the subcommand. */
  | { readonly type: "global"; readonly options: readonly string[] }
  /** An option of some subcommands whose value git runs or loads. */
  | {
      readonly type: "option";
      readonly subcommands: readonly string[];
      /** Long names; a unique prefix is accepted unless `exact` (git's parse-options does). */
      readonly long: readonly string[];
      /** The short letter, if any. */
      readonly short?: string;
      /** `optional` values are attached only (`-Ovim`, `--open-files-in-pager=vim`). */
      readonly arity?: "optional";
      /** The command is a shell script that compares option names exactly. */
      readonly exact?: boolean;
      /** Other options whose exact name is a prefix of one of `long` (`--to` of `--to-cmd`). */
      readonly shadows?: readonly string[];
      readonly value: GitOptionValue;
    }
  /**
   * Operands a subcommand runs, after the word `after` when given (anywhere among them, or
   * only as the first operand when `leading`).
   */
  | {
      readonly type: "operands";
      readonly subcommands: readonly string[];
      readonly after?: string;
      readonly leading?: boolean;
      readonly shape: GitOperandShape;
    }
  /** A URL operand: `ext::cmd` runs a command, an unknown transport helper runs a program. */
  | { readonly type: "url"; readonly subcommands: readonly string[] }
  /** A subcommand git does not know: an alias or a `git-NAME` program on PATH. */
  | { readonly type: "subcommand" };

/** One way git runs a program, with its proof. */
export interface GitExecutor {
  readonly surface: GitSurface;
  /** Commands in which git runs something unseen: the analysis never allows them plainly. */
  readonly match: readonly string[];
  /** Commands that use the same tool or key without running anything unseen. */
  readonly notMatch: readonly string[];
  /** Why this surface runs a program. */
  readonly note: string;
}

const URL_SUBCOMMANDS = [
  "clone",
  "fetch",
  "pull",
  "push",
  "ls-remote",
  "remote",
  "submodule",
  "archive",
  "fetch-pack",
  "send-pack",
  "request-pull",
];

export const GIT_EXECUTORS: readonly GitExecutor[] = [
  {
    surface: {
      type: "config",
      keys: [
        "core.pager",
        "core.editor",
        "core.askPass",
        "core.sshCommand",
        "core.gitProxy",
        "core.alternateRefsCommand",
        "sequence.editor",
        "interactive.diffFilter",
        "imap.tunnel",
        "uploadpack.packObjectsHook",
        "remote.*.uploadpack",
        "remote.*.receivepack",
      ],
      value: "command",
    },
    note: "git runs the value as a shell command line: the pager, the editors, ssh, the git:// proxy, a tunnel, the server's pack hook, a remote's upload/receive program",
    match: [
      "git -c core.pager='rm -rf x' log",
      "git -c core.sshCommand='ssh -i k' fetch",
      "git -c sequence.editor=vi rebase -i HEAD~2",
      "git config core.editor 'nano -w'",
      "git config --global core.pager 'less -R'",
      "git -c core.pager=node log",
      "git config set core.askPass /tmp/x",
      "git -c remote.origin.uploadpack='touch y' fetch origin",
    ],
    notMatch: [
      "git -c core.autocrlf=false status",
      "git config core.pager",
      "git config --get core.editor",
      "git config --unset core.pager",
      "git -c core.pager log",
      // A program that only shows what it is given runs as a unit of its own, judged by its name.
      "git -c core.pager=cat log",
      "git -c core.editor=true commit --amend --no-edit",
    ],
  },
  {
    surface: {
      type: "config",
      keys: [
        "diff.external",
        "diff.*.command",
        "diff.*.textconv",
        "difftool.*.cmd",
        "difftool.*.path",
        "mergetool.*.cmd",
        "mergetool.*.path",
        "merge.*.driver",
        "filter.*.clean",
        "filter.*.smudge",
        "filter.*.process",
        "tar.*.command",
        "guitool.*.cmd",
      ],
      value: "command",
    },
    note: "diff and merge drivers, clean/smudge filters, archive filters and tools are programs git starts while it works on files",
    match: [
      "git -c diff.external='rm x' diff",
      "git -c diff.md.textconv=cat log -p",
      "git -c filter.lfs.smudge='curl x' checkout .",
      "git config filter.x.clean 'sed s/a/b/'",
      "git config --add merge.ours.driver true",
      "git -c tar.tgz.command='gzip -c' archive --format=tgz HEAD",
    ],
    notMatch: [
      "git -c diff.renames=true diff",
      "git config diff.tool vimdiff",
      "git -c merge.conflictStyle=diff3 merge main",
    ],
  },
  {
    surface: {
      type: "config",
      keys: [
        "gpg.program",
        "gpg.*.program",
        "gpg.ssh.defaultKeyCommand",
        "sendemail[.*].sendmailCmd",
        "sendemail[.*].toCmd",
        "sendemail[.*].ccCmd",
        "sendemail[.*].headerCmd",
        "instaweb.httpd",
        "browser.*.cmd",
        "browser.*.path",
        "man.*.cmd",
        "man.*.path",
        "hook.*.command",
        "trailer.*.cmd",
        "trailer.*.command",
      ],
      value: "command",
    },
    note: "signing, mail, web and manual-page programs, hooks declared in configuration, and the command a trailer token runs (interpret-trailers, commit/tag/merge --trailer)",
    match: [
      "git -c gpg.program=/tmp/evil commit -m x",
      "git -c gpg.ssh.program='rm x' tag v1 -m v1",
      "git -c sendemail.toCmd='rm x' send-email p.patch",
      "git config hook.lint.command 'npm run lint'",
      "git -c trailer.x.cmd='rm -rf build' interpret-trailers --trailer x=y",
      "git -c trailer.sign.command='rm x' commit --allow-empty -m m --trailer sign=y",
      "git config trailer.x.cmd 'rm -rf build'",
    ],
    notMatch: [
      "git -c gpg.format=ssh commit -m x",
      "git config sendemail.smtpPort 587",
      "git -c trailer.x.key=Signed-off-by interpret-trailers --trailer x=y",
      "git -c trailer.where=end commit -m m --trailer Fixes=1",
    ],
  },
  {
    surface: {
      type: "config",
      keys: [
        "commit.gpgSign",
        "tag.gpgSign",
        "push.gpgSign",
        "tag.forceSignAnnotated",
        "help.format",
        "help.browser",
        "man.viewer",
        "web.browser",
        "instaweb.browser",
      ],
      value: "program-switch",
    },
    note: "signing on (a true value) runs gpg.program (gpg by default) on every commit, tag or push; a help format, manual viewer or browser names the program git help, instaweb and web--browse start",
    match: [
      "git -c commit.gpgSign=true commit --allow-empty -m m",
      "git -c tag.gpgSign=yes tag v1 -m m",
      "git -c push.gpgSign=if-asked push origin",
      "git config commit.gpgsign true",
      "git -c help.format=web help log",
      "git -c man.viewer=woman help log",
      "git -c web.browser=lynx web--browse http://x.example",
    ],
    notMatch: [
      "git -c commit.gpgSign=false commit -m m",
      "git config --get commit.gpgSign",
      "git -c push.gpgSign=no push origin",
    ],
  },
  {
    surface: { type: "config", keys: ["sendemail[.*].smtpServer"], value: "program-if-path" },
    note: "send-email runs an SMTP server given as a path as a sendmail-like program",
    match: [
      "git -c sendemail.smtpServer=/tmp/evil send-email p.patch",
      "git config sendemail.smtpserver /usr/local/bin/msmtp",
    ],
    notMatch: ["git config sendemail.smtpServer smtp.example.com"],
  },
  {
    surface: { type: "config", keys: ["pager.*", "core.fsmonitor"], value: "command-or-boolean" },
    note: "a boolean turns the pager or the built-in fsmonitor on or off; any other value is a command",
    match: [
      "git -c pager.log='rm x' log",
      "git -c core.fsmonitor=/tmp/hook status",
      "git config pager.diff 'delta --dark'",
    ],
    notMatch: [
      "git -c pager.log=false log",
      "git -c core.fsmonitor=true status",
      "git config pager.branch false",
    ],
  },
  {
    surface: { type: "config", keys: ["alias.*"], value: "alias" },
    note: "an alias starting with ! runs a shell command; any other alias is a git command line, expanded when it is defined with -c in the same command",
    match: [
      "git -c alias.x='!rm -rf y' x",
      "git config alias.x '!sh'",
      "git config --global alias.up '!git fetch && git rebase'",
      "git -c alias.x=$V x",
    ],
    notMatch: [
      "git -c alias.st=status st",
      "git config alias.co checkout",
      "git config --get alias.x",
    ],
  },
  {
    surface: { type: "config", keys: ["credential[.*].helper"], value: "helper" },
    note: "a credential helper is a program: `!cmd` a shell command, a path, or `git credential-NAME`",
    match: [
      "git -c credential.helper='!rm x' fetch",
      "git config credential.helper store",
      "git -c credential.https://x.example.helper=/tmp/h push",
    ],
    notMatch: [
      "git -c credential.helper= fetch",
      "git config --get credential.helper",
      "git -c credential.useHttpPath=true fetch",
    ],
  },
  {
    surface: { type: "config", keys: ["submodule.*.update"], value: "bang-command" },
    note: "`!cmd` as a submodule's update mode runs cmd (git honours it from configuration, never from .gitmodules)",
    match: ["git -c submodule.lib.update='!rm x' submodule update"],
    notMatch: ["git config submodule.lib.update rebase"],
  },
  {
    surface: {
      type: "config",
      keys: ["remote.*.url", "remote.*.pushurl", "submodule.*.url"],
      value: "url",
    },
    note: "an `ext::` URL is a command git runs to talk to the remote; an unknown `helper::` runs `git-remote-helper`",
    match: [
      "git config remote.origin.url 'ext::sh -c id'",
      "git -c remote.o.url=ext::x fetch o",
      "git -c protocol.ext.allow=always -c submodule.x.url='ext::sh -c touch% y' submodule update",
      "git config remote.origin.url s3::bucket",
    ],
    notMatch: [
      "git config remote.origin.url https://x.example/r.git",
      "git config remote.origin.pushurl git@x.example:o/r.git",
    ],
  },
  {
    surface: {
      type: "config",
      keys: ["branch.*.remote", "branch.*.pushRemote", "remote.pushDefault", "remotes.*"],
      value: "url",
    },
    note: "the branch's remote, its push remote, the push default and a remote group's members name a remote or, when no remote has that name, are the URL git reaches: `ext::` runs a command (B21)",
    match: [
      "git -c branch.main.remote='ext::sh -c id' -c protocol.ext.allow=always fetch",
      "git -c remote.pushDefault='ext::sh -c id' push --all",
      "git config remotes.g 'origin ext::sh'",
    ],
    notMatch: [
      "git config branch.main.remote origin",
      "git -c remotes.g='origin up' remote update g",
    ],
  },
  {
    surface: { type: "config", keys: ["url.*.insteadOf", "url.*.pushInsteadOf"], value: "url-key" },
    note: "a URL rewrite can turn any remote into an `ext::` command",
    match: ["git -c 'url.ext::sh -c id.insteadOf=https://x.example/' fetch https://x.example/r"],
    notMatch: ["git config --global url.git@x.example:.insteadOf https://x.example/"],
  },
  {
    surface: {
      type: "config",
      keys: [
        "include.path",
        "includeIf.*.path",
        "core.hooksPath",
        "init.templateDir",
        "remote.*.vcs",
        "safe.directory",
      ],
      value: "code",
    },
    note: "a config file can set anything above, a hooks or template directory holds programs, a vcs names a helper program, safe.directory trusts another repository's config",
    match: [
      "git -c core.hooksPath=/tmp/h commit -m x",
      "git -c include.path=/tmp/evil.cfg status",
      "git config --global init.templateDir ~/tpl",
      "git config --global --add safe.directory /srv/r",
    ],
    notMatch: ["git -c include.path=/dev/null status", "git config --get core.hooksPath"],
  },
  {
    surface: {
      type: "env",
      names: [
        "GIT_SSH_COMMAND",
        "GIT_SSH",
        "GIT_EDITOR",
        "GIT_SEQUENCE_EDITOR",
        "GIT_PAGER",
        "GIT_EXTERNAL_DIFF",
        "GIT_ASKPASS",
        "GIT_PROXY_COMMAND",
        "GIT_DIFFTOOL_EXTCMD",
        // A test knob that release builds honour: index-refreshing commands (status, diff,
        // add, commit, stash, checkout, reset) run it as the fsmonitor hook (round 11b K-b15).
        "GIT_TEST_FSMONITOR",
      ],
      value: "command",
    },
    note: "git runs the variable's value as a command (an empty value runs nothing)",
    match: [
      "GIT_PAGER='rm x' git log",
      "GIT_TEST_FSMONITOR='rm -rf build' git status",
      "env GIT_TEST_FSMONITOR=./p git diff",
      "export GIT_EDITOR=vim; git commit",
      "env GIT_SSH_COMMAND='ssh -i k' git fetch",
      "GIT_DIFFTOOL_EXTCMD='rm x' git difftool",
    ],
    notMatch: ["GIT_PAGER= git log", "GIT_AUTHOR_NAME=x git commit -m y"],
  },
  {
    surface: {
      type: "env",
      names: [
        "GIT_EXEC_PATH",
        "GIT_TEMPLATE_DIR",
        "GIT_CONFIG_GLOBAL",
        "GIT_CONFIG_SYSTEM",
        "GIT_CONFIG",
        "XDG_CONFIG_HOME",
        // git's test knobs are not meant for users and some run or load what they name
        // (GIT_TEST_MAINT_SCHEDULER=crontab:CMD): every one is judged as unknown code.
        "GIT_TEST_<name>",
      ],
      value: "code",
    },
    note: "git runs its own programs from GIT_EXEC_PATH, copies hooks from the template directory, and reads a config file that can set any command (/dev/null reads nothing); XDG_CONFIG_HOME moves its global config to $XDG_CONFIG_HOME/git/config",
    match: [
      "GIT_EXEC_PATH=/tmp/bin git status",
      "GIT_CONFIG_GLOBAL=/tmp/cfg git log",
      "XDG_CONFIG_HOME=./cfg git log",
      "GIT_TEST_MAINT_SCHEDULER='crontab:rm x' git maintenance start",
      "GIT_TEST_SPLIT_INDEX=1 git status",
    ],
    notMatch: ["GIT_CONFIG_GLOBAL=/dev/null git log", "GIT_CONFIG_NOSYSTEM=1 git log"],
  },
  {
    surface: {
      type: "env",
      names: ["GIT_CONFIG_PARAMETERS", "GIT_CONFIG_KEY_<n>", "GIT_CONFIG_VALUE_<n>"],
      value: "config",
    },
    note: "settings passed through the environment work like -c: each is judged like the key it sets",
    match: [
      "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.x GIT_CONFIG_VALUE_0='!rm y' git x",
      "GIT_CONFIG_PARAMETERS=\"'core.pager'='rm x'\" git log",
      "export GIT_CONFIG_KEY_0=core.pager; git log",
    ],
    notMatch: [
      "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=color.ui GIT_CONFIG_VALUE_0=never git log",
      "GIT_CONFIG_PARAMETERS=\"'color.ui'='never'\" git log",
    ],
  },
  {
    surface: { type: "global", options: ["-c", "--config-env"] },
    note: "a setting on the command line: judged like the key it sets; a computed setting may be any key",
    match: [
      "git -c alias.x='!rm y' x",
      "git --config-env=core.pager=P log",
      "git --config-env core.editor=E commit",
      'git -c "$S" status',
    ],
    notMatch: ["git -c color.ui=never log", "git --config-env=user.name=NAME commit -m x"],
  },
  {
    surface: { type: "global", options: ["--exec-path"] },
    note: "git runs its non-built-in programs from this directory; without a value it only prints it",
    match: ["git --exec-path=/tmp/bin status"],
    notMatch: ["git --exec-path"],
  },
  {
    surface: { type: "subcommand" },
    note: "git runs an unknown subcommand as `git-NAME` from PATH or as an alias from configuration",
    match: [
      "git foo",
      "git lfs pull",
      "git $SUB",
      "git -c alias.x=st2 x",
      "git -c alias.x=$V x",
      "git --config-env=alias.x=V x",
    ],
    notMatch: [
      "git status",
      "git -c alias.st=status st",
      "git stash push -m wip",
      "git --no-pager log -1",
      "git -C . -p --bare --literal-pathspecs log",
      "git --version",
      "git",
    ],
  },
  {
    surface: {
      type: "option",
      subcommands: ["rebase"],
      long: ["exec"],
      short: "x",
      value: "command",
    },
    note: "rebase runs the command after each commit it replays",
    match: [
      "git rebase -x 'npm test' main",
      "git rebase --exec='rm -rf x' HEAD~3",
      "git rebase -ix make main",
      "git rebase --exe=make main",
      "git rebase main --exec make",
    ],
    notMatch: [
      "git rebase main",
      "git rebase --onto main feature",
      "git cherry-pick -x abc123",
      "git rebase -Xtheirs main",
    ],
  },
  {
    surface: {
      type: "option",
      subcommands: ["difftool"],
      long: ["extcmd"],
      short: "x",
      value: "command",
    },
    note: "difftool runs the command on every pair of files",
    match: ["git difftool -x 'diff -u' HEAD", "git difftool --extcmd=meld"],
    notMatch: ["git difftool --tool-help"],
  },
  {
    surface: {
      type: "option",
      subcommands: ["difftool", "mergetool"],
      long: ["tool"],
      short: "t",
      value: "tool",
    },
    note: "a tool git does not ship runs the command `difftool.NAME.cmd` or `mergetool.NAME.cmd` from configuration; one it ships is a program of its own (vimdiff runs vim), started on every file",
    match: [
      "git difftool --tool=mytool",
      "git mergetool -t custom",
      "git mergetool --tool=meld",
      "git difftool -t vimdiff -y",
    ],
    notMatch: ["git difftool --tool-help", "git mergetool --tool-help"],
  },
  {
    surface: {
      type: "option",
      subcommands: ["grep"],
      long: ["open-files-in-pager"],
      short: "O",
      arity: "optional",
      value: "command",
    },
    note: "grep -O<cmd> runs cmd on the matching files (without a value it is the configured pager)",
    match: ["git grep -Ovim TODO", "git grep --open-files-in-pager='rm -f' x"],
    notMatch: ["git grep -n TODO", "git grep -e Open"],
  },
  {
    surface: {
      type: "option",
      subcommands: ["clone"],
      long: ["upload-pack"],
      short: "u",
      value: "command",
    },
    note: "the upload-pack program runs through the shell, locally for a local repository",
    match: ["git clone -u 'rm x' . /tmp/y", "git clone --upload-pack=x https://x.example/r"],
    notMatch: ["git clone https://x.example/r.git", "git clone --depth 1 https://x.example/r"],
  },
  {
    surface: {
      type: "option",
      subcommands: ["fetch", "pull"],
      long: ["upload-pack"],
      value: "command",
    },
    note: "the upload-pack program runs through the shell, locally for a local repository",
    match: ["git fetch --upload-pack='touch x' .", "git pull --upl=y ."],
    notMatch: ["git fetch origin", "git pull --rebase"],
  },
  {
    surface: {
      type: "option",
      subcommands: ["ls-remote", "fetch-pack"],
      long: ["upload-pack", "exec"],
      value: "command",
    },
    note: "the upload-pack program (hidden alias --exec) runs through the shell",
    match: ["git ls-remote --exec=x .", "git ls-remote --upload-pack='rm x' ."],
    notMatch: ["git ls-remote --heads origin"],
  },
  {
    surface: {
      type: "option",
      subcommands: ["push", "send-pack"],
      long: ["receive-pack", "exec"],
      value: "command",
    },
    note: "the receive-pack program runs through the shell, locally for a local repository",
    match: [
      "git push --receive-pack='rm x' . HEAD",
      "git push --exe=y origin",
      "git send-pack --receive-pack=z . main",
    ],
    notMatch: ["git push -u origin HEAD", "git push --force-with-lease origin main"],
  },
  {
    surface: { type: "option", subcommands: ["archive"], long: ["exec"], value: "command" },
    note: "the upload-archive program of --remote runs through the shell",
    match: ["git archive --remote=origin --exec='rm x' HEAD"],
    notMatch: ["git archive -o out.tar HEAD"],
  },
  {
    surface: { type: "option", subcommands: ["clone", "init"], long: ["template"], value: "code" },
    note: "the template directory's hooks are copied into the repository and run later (clone runs post-checkout at once)",
    match: ["git init --template=/tmp/t", "git clone --template=t https://x.example/r.git"],
    notMatch: ["git init", "git clone --bare https://x.example/r.git"],
  },
  {
    surface: {
      type: "option",
      subcommands: ["clone"],
      long: ["config"],
      short: "c",
      value: "config",
    },
    note: "clone -c writes the setting into the new repository, where it takes effect at once",
    match: [
      "git clone -c core.hooksPath=/tmp/h https://x.example/r.git",
      "git clone --config=alias.x='!rm y' https://x.example/r.git",
    ],
    notMatch: ["git clone -c core.autocrlf=false https://x.example/r.git"],
  },
  {
    surface: {
      type: "option",
      subcommands: ["merge", "pull", "rebase"],
      long: ["strategy"],
      short: "s",
      value: "strategy",
    },
    note: "a strategy git does not ship runs the program git-merge-NAME from PATH",
    match: ["git merge -s custom main", "git rebase --strategy=mine main"],
    notMatch: ["git merge -s ours main", "git pull -s recursive", "git rebase -s ort main"],
  },
  {
    surface: {
      type: "option",
      subcommands: ["cherry-pick", "revert"],
      long: ["strategy"],
      value: "strategy",
    },
    note: "a strategy git does not ship runs the program git-merge-NAME from PATH (-s is --signoff here)",
    match: ["git cherry-pick --strategy=x abc"],
    notMatch: ["git cherry-pick -s abc", "git revert --no-edit --strategy=ort HEAD"],
  },
  {
    surface: {
      type: "option",
      subcommands: ["send-email"],
      long: ["sendmail-cmd", "to-cmd", "cc-cmd", "header-cmd"],
      shadows: ["to", "cc"],
      value: "command",
    },
    note: "send-email runs these commands through the shell",
    match: [
      "git send-email --to-cmd='rm x' p.patch",
      "git send-email --sendmail-cmd=msmtp p.patch",
    ],
    notMatch: ["git send-email --to=a@x.example p.patch"],
  },
  {
    surface: {
      type: "option",
      subcommands: ["send-email"],
      long: ["smtp-server"],
      value: "program-if-path",
    },
    note: "an SMTP server given as a path is a sendmail-like program",
    match: ["git send-email --smtp-server=/usr/bin/msmtp p.patch"],
    notMatch: ["git send-email --smtp-server=smtp.x.example p.patch"],
  },
  {
    surface: {
      type: "option",
      subcommands: ["filter-branch"],
      long: [
        "setup",
        "env-filter",
        "tree-filter",
        "index-filter",
        "parent-filter",
        "msg-filter",
        "commit-filter",
        "tag-name-filter",
      ],
      exact: true,
      value: "command",
    },
    note: "filter-branch evaluates each filter as shell code",
    match: [
      "git filter-branch --tree-filter 'rm -f secrets' HEAD",
      "git filter-branch --msg-filter=cat -- --all",
    ],
    notMatch: ["git filter-branch --prune-empty HEAD"],
  },
  {
    surface: {
      type: "option",
      subcommands: ["instaweb"],
      long: ["httpd"],
      short: "d",
      value: "command",
    },
    note: "instaweb starts the web server command",
    match: ["git instaweb --httpd='rm x'"],
    notMatch: ["git instaweb --stop"],
  },
  {
    surface: {
      type: "option",
      subcommands: ["instaweb"],
      long: ["browser"],
      short: "b",
      value: "tool",
    },
    note: "a browser git does not know runs `browser.NAME.cmd` from configuration; a known one is a program of its own",
    match: ["git instaweb --browser=mine", "git instaweb --browser=firefox"],
    notMatch: ["git instaweb --stop"],
  },
  {
    surface: { type: "option", subcommands: ["daemon"], long: ["access-hook"], value: "command" },
    note: "the daemon runs the access hook for every request",
    match: ["git daemon --access-hook=/tmp/h"],
    notMatch: ["git daemon --export-all"],
  },
  {
    surface: { type: "option", subcommands: ["shell"], long: [], short: "c", value: "command" },
    note: "git-shell -c runs a command line",
    match: ["git shell -c 'rm x'"],
    notMatch: ["git show -c HEAD"],
  },
  {
    surface: { type: "operands", subcommands: ["bisect"], after: "run", shape: "argv" },
    note: "bisect run runs its words as one command at every step",
    match: ["git bisect run rm -rf x", "git bisect run ./test.sh", "git bisect run $CMD"],
    notMatch: ["git bisect good HEAD~3", "git bisect start"],
  },
  {
    surface: {
      type: "operands",
      subcommands: ["bisect--helper"],
      after: "--bisect-run",
      shape: "argv",
    },
    note: "the helper behind bisect run up to git 2.38",
    match: ["git bisect--helper --bisect-run make"],
    notMatch: ["git bisect--helper --bisect-reset"],
  },
  {
    // git 2.39's bisect--helper takes subcommands: `git bisect--helper run touch x` ran touch
    // (traced; S31 git-bisect-view).
    surface: {
      type: "operands",
      subcommands: ["bisect--helper"],
      after: "run",
      leading: true,
      shape: "argv",
    },
    note: "the helper behind bisect run in git 2.39",
    match: ["git bisect--helper run make"],
    notMatch: ["git bisect--helper reset", "git bisect--helper start HEAD HEAD~1"],
  },
  ...["view", "visualize"].map(
    (after): GitExecutor => ({
      // S31 git-bisect-view: bisect_visualize runs its words (git 2.39 traced: `git bisect
      // view push origin main` ran git push origin main --bisect --, `view git -c
      // alias.x='!id #' x` ran id). The words are judged as the command they make.
      surface: {
        type: "operands",
        subcommands: ["bisect", "bisect--helper"],
        after,
        leading: true,
        shape: "visualize",
      },
      note: `bisect ${after} runs its words: tig or a git… program, else a git subcommand`,
      match: [
        `git bisect ${after} push origin main`,
        `git bisect ${after} git -c alias.x='!id #' x`,
        `git bisect--helper ${after} tig`,
        `git bisect ${after} $CMD`,
      ],
      notMatch: [`git bisect ${after}`, `git bisect ${after} --oneline`, "git bisect good view"],
    }),
  ),
  {
    surface: {
      type: "operands",
      subcommands: ["bisect--helper"],
      after: "--bisect-visualize",
      leading: true,
      shape: "visualize",
    },
    note: "the helper behind bisect view up to git 2.38",
    match: ["git bisect--helper --bisect-visualize push origin main"],
    notMatch: ["git bisect--helper --bisect-visualize --stat"],
  },
  {
    surface: {
      type: "operands",
      subcommands: ["submodule", "submodule--helper"],
      after: "foreach",
      shape: "script-args",
    },
    note: "foreach runs its first word as shell text in every submodule, the other words as its arguments",
    match: [
      "git submodule foreach 'rm x'",
      "git submodule foreach --recursive git pull",
      "git submodule--helper foreach make",
    ],
    notMatch: ["git submodule update --init", "git submodule status"],
  },
  {
    surface: { type: "operands", subcommands: ["for-each-repo"], shape: "git" },
    note: "for-each-repo runs the git command line in every repository a setting lists",
    match: ["git for-each-repo --config=maintenance.repo gc"],
    notMatch: ["git maintenance run"],
  },
  {
    surface: { type: "operands", subcommands: ["merge-index"], shape: "program" },
    note: "merge-index runs its merge program for every unmerged file",
    match: ["git merge-index ./merge.sh -a", "git merge-index -o git-merge-one-file -a"],
    notMatch: ["git merge-file a base b"],
  },
  {
    surface: { type: "operands", subcommands: ["remote-ext"], shape: "ext" },
    note: "the ext transport helper runs the command it is given",
    match: ["git remote-ext origin 'sh -c rm% x'"],
    notMatch: ["git remote -v"],
  },
  {
    surface: { type: "url", subcommands: URL_SUBCOMMANDS },
    note: "an `ext::` URL runs its command; an unknown `helper::` prefix or URL scheme runs the program git-remote-<helper>",
    match: [
      "git clone 'ext::sh -c rm% -rf% x' y",
      "git fetch 'ext::sh -c touch% /tmp/x'",
      "git ls-remote foo::bar",
      "git remote add origin 'ext::sh -c id'",
      "git archive --remote=ext::x HEAD",
      "git clone s3://bucket/repo",
    ],
    notMatch: [
      "git clone https://x.example/r.git",
      "git fetch origin main:main",
      "git push git@x.example:o/r.git HEAD",
      "git clone ssh://git@x.example/o/r.git",
      "git clone file:///srv/r.git",
      "git commit -m 'see ext::x'",
    ],
  },
];

// ---- what git knows ---------------------------------------------------------------------------

/** Built-in commands and the programs git ships (porcelain and plumbing of 2.39 and later). */
export const GIT_SUBCOMMANDS: ReadonlySet<string> = new Set([
  // git 2.39 `git --list-cmds=main`.
  ...`add add--interactive am annotate apply archive bisect bisect--helper blame branch bugreport
  bundle cat-file check-attr check-ignore check-mailmap check-ref-format checkout checkout--worker
  checkout-index cherry cherry-pick clean clone column commit commit-graph commit-tree config
  count-objects credential credential-cache credential-cache--daemon credential-store daemon
  describe diagnose diff diff-files diff-index diff-tree difftool difftool--helper env--helper
  fast-export fast-import fetch fetch-pack filter-branch fmt-merge-msg for-each-ref for-each-repo
  format-patch fsck fsck-objects fsmonitor--daemon gc get-tar-commit-id grep hash-object help hook
  http-backend http-fetch http-push imap-send index-pack init init-db instaweb interpret-trailers
  log ls-files ls-remote ls-tree mailinfo mailsplit maintenance merge merge-base merge-file
  merge-index merge-octopus merge-one-file merge-ours merge-recursive merge-recursive-ours
  merge-recursive-theirs merge-resolve merge-subtree merge-tree mergetool mktag mktree
  multi-pack-index mv name-rev notes pack-objects pack-redundant pack-refs patch-id pickaxe prune
  prune-packed pull push quiltimport range-diff read-tree rebase receive-pack reflog remote
  remote-ext remote-fd remote-ftp remote-ftps remote-http remote-https repack replace
  request-pull rerere reset restore rev-list rev-parse revert rm send-pack sh-i18n--envsubst shell
  shortlog show show-branch show-index show-ref sparse-checkout stage stash status stripspace
  submodule submodule--helper subtree switch symbolic-ref tag unpack-file unpack-objects
  update-index update-ref update-server-info upload-archive upload-archive--writer upload-pack
  var verify-commit verify-pack verify-tag version web--browse whatchanged worktree write-tree`.split(
    /\s+/,
  ),
  // Built in since 2.40.
  "replay",
  "backfill",
  "refs",
  "repo",
  "last-modified",
  "diff-pairs",
  // Shipped as separate programs by git itself.
  "send-email",
  "svn",
  "p4",
  "cvsimport",
  "cvsserver",
  "cvsexportcommit",
  "archimport",
  "gui",
  "citool",
]);

/** Tools `difftool`/`mergetool --tool` know without configuration (`--tool-help`). */
const GIT_TOOLS = new Set(
  `araxis bc bc3 bc4 codecompare deltawalker diffmerge diffuse ecmerge emerge examdiff guiffy
  gvimdiff gvimdiff1 gvimdiff2 gvimdiff3 kdiff3 kompare meld nvimdiff nvimdiff1 nvimdiff2 nvimdiff3
  opendiff p4merge smerge tkdiff tortoisemerge vimdiff vimdiff1 vimdiff2 vimdiff3 winmerge xxdiff
  firefox iceweasel seamonkey iceape chrome google-chrome chromium chromium-browser konqueror
  opera w3m elinks links lynx dillo open start cygstart xdg-open`.split(/\s+/),
);

/** Merge strategies built into git. */
const GIT_STRATEGIES = new Set(["octopus", "ours", "recursive", "resolve", "subtree", "ort"]);

/** Transport helpers git ships (`helper::address`); `ext` runs a command and is judged apart. */
const GIT_HELPERS = new Set(["fd", "http", "https", "ftp", "ftps"]);

/** URL schemes git handles itself or with a helper it ships. */
const GIT_SCHEMES = new Set([
  "http",
  "https",
  "ftp",
  "ftps",
  "git",
  "ssh",
  "git+ssh",
  "ssh+git",
  "file",
]);

type GlobalRole =
  | "dir"
  | "setting"
  | "config-env"
  | "git-dir"
  | "work-tree"
  | "exec-path"
  | "shallow-file"
  | "none";

/**
 * git's own options (git.c, `handle_options`): how each takes its value. `-c` and `-C` take
 * only a separate word (`-Cdir` is an unknown option); `--exec-path` only an attached one.
 */
interface GlobalOption {
  value: "none" | "separate" | "both" | "attached";
  role: GlobalRole;
}

const GLOBAL_OPTIONS: ReadonlyMap<string, GlobalOption> = new Map<string, GlobalOption>([
  ["-C", { value: "separate", role: "dir" }],
  ["-c", { value: "separate", role: "setting" }],
  ["--config-env", { value: "both", role: "config-env" }],
  ["--git-dir", { value: "both", role: "git-dir" }],
  ["--work-tree", { value: "both", role: "work-tree" }],
  ["--namespace", { value: "both", role: "none" }],
  ["--super-prefix", { value: "both", role: "none" }],
  ["--attr-source", { value: "both", role: "none" }],
  ["--exec-path", { value: "attached", role: "exec-path" }],
  ["--list-cmds", { value: "attached", role: "none" }],
  ["--shallow-file", { value: "separate", role: "shallow-file" }],
  ...[
    "-p",
    "--paginate",
    "-P",
    "--no-pager",
    "--bare",
    "--no-replace-objects",
    "--no-lazy-fetch",
    "--no-optional-locks",
    "--no-advice",
    "--literal-pathspecs",
    "--glob-pathspecs",
    "--noglob-pathspecs",
    "--icase-pathspecs",
    "--html-path",
    "--man-path",
    "--info-path",
  ].map((name): [string, GlobalOption] => [name, { value: "none", role: "none" }]),
]);

/** Words that end git's options and name `help` or `version`. */
const HELP_WORDS = new Set(["--help", "-h", "--version", "-v"]);

/** Configuration keys whose value is a file or directory (not a command), with the access. */
const CONFIG_PATHS: readonly (readonly [string, PathAccess])[] = [
  // `[.*]`: the key may also be scoped by a subsection (`http.<url>.cookieFile`,
  // `sendemail.<identity>.aliasesFile`), which git reads for a matching URL or identity.
  ["include.path", "read"],
  ["includeIf.*.path", "read"],
  ["core.hooksPath", "read"],
  ["init.templateDir", "read"],
  ["core.worktree", "read_write"],
  ["core.excludesFile", "read"],
  ["core.attributesFile", "read"],
  ["commit.template", "read"],
  ["mailmap.file", "read"],
  ["blame.ignoreRevsFile", "read"],
  ["diff.orderFile", "read"],
  ["user.signingKey", "read"],
  ["gpg.ssh.revocationFile", "read"],
  ["fsck.skipList", "read"],
  ["receive.fsck.skipList", "read"],
  ["fetch.fsck.skipList", "read"],
  ["http[.*].sslCAPath", "read"],
  ["http[.*].proxySSLCert", "read"],
  ["http[.*].proxySSLKey", "read"],
  ["http[.*].proxySSLCAInfo", "read"],
  // curl reads a pinned public key from this file (a `sha256//…` value is hashes, no file).
  ["http[.*].pinnedPubkey", "read"],
  ["sendemail[.*].smtpSSLCertPath", "read"],
  ["gpg.ssh.allowedSignersFile", "read"],
  ["sendemail[.*].aliasesFile", "read"],
  ["http[.*].cookieFile", "read"],
  ["http[.*].sslCert", "read"],
  ["http[.*].sslKey", "read"],
  ["http[.*].sslCAInfo", "read"],
  ["format.signatureFile", "read"],
  // format-patch writes its patches into this folder (`0001-….patch`).
  ["format.outputDirectory", "write"],
  // ... each named `NNNN-SUBJECT` + this suffix, which may hold a `/` (S31 git-config-format-suffix).
  ["format.suffix", "write"],
  // A blob (`HEAD:.mailmap`): the file as committed is read.
  ["mailmap.blob", "read"],
  // A remote or submodule URL written as a local path is another repository git reads.
  ["remote.*.url", "read"],
  ["remote.*.pushurl", "read_write"],
  ["submodule.*.url", "read"],
  // A value that names no remote is the URL itself (the branch's remote, a group's members
  // for fetch; the push remote and the push default for push).
  ["branch.*.remote", "read"],
  ["branch.*.pushRemote", "read_write"],
  ["remote.pushDefault", "read_write"],
  ["remotes.*", "read"],
  // A bundle fetched before the objects: a `file://` URL is a file on this machine.
  ["fetch.bundleURI", "read"],
  // `url.<base>.insteadOf=<alias>`: a URL spelled with the alias reaches the base, which may be
  // a repository on this machine (`/srv/r.git`, `file:///srv/r.git`): fetch reads it, push writes it.
  ["url.*.insteadOf", "read_write"],
  ["url.*.pushInsteadOf", "read_write"],
  ["trace2.normalTarget", "write"],
  ["trace2.perfTarget", "write"],
  ["trace2.eventTarget", "write"],
];

// ---- reading one command --------------------------------------------------------------------

const MAX_ALIAS_DEPTH = 8;
const cache = new WeakMap<readonly Word[], GitReading | null>();

/**
 * Reads a git command's words (name first, wrappers already peeled); null when the words are
 * not a git command. The result is cached per word list: the walk and the path pass share it.
 */
/**
 * A git command run by its dashed name (`/usr/lib/git-core/git-push origin`: git's exec
 * path links every built-in to git, which reads the subcommand off its own name), as the
 * words `git push origin`; null for any other command. A dashed name git does not ship is a
 * git extension, the very program `git NAME` runs (`git-town sync` is `git town sync`, which
 * pushes; `git-flow feature publish`, `git-machete traverse`, `git-review` alike: R22
 * git-ext-dashed), so it is read as that command and judged at least as it is.
 */
export function dashedGit(words: readonly Word[]): Word[] | null {
  const head = words[0];
  if (head === undefined || !head.literal) return null;
  const base = head.text.slice(head.text.lastIndexOf("/") + 1);
  if (!base.startsWith("git-")) return null;
  const sub = base.slice(4);
  // An extension is found on PATH: a name run by a relative path (`./scripts/git-sync.sh`)
  // is a project file, judged as any other project script is.
  const onPath = !head.text.includes("/") || head.text.startsWith("/");
  if (!GIT_SUBCOMMANDS.has(sub) && !(onPath && DASHED_EXTENSION.test(sub))) return null;
  return [{ ...head, text: "git" }, { ...head, text: sub }, ...words.slice(1)];
}

/** The name of a git extension after `git-`: what `git NAME` would look up as `git-NAME`. */
const DASHED_EXTENSION = /^[A-Za-z0-9][A-Za-z0-9_.+-]*$/;

function emptyReading(): GitReading {
  return { canonical: [], sentinel: null, injections: [], paths: [], gitDirs: [] };
}

export function readGit(words: readonly Word[]): GitReading | null {
  const head = words[0];
  if (head === undefined || !head.literal || toolName(head.text) !== "git") return null;
  if (cache.has(words)) return cache.get(words) ?? null;
  const reading = emptyReading();
  const scope: Scope = { dirs: [], aliases: new Map(), depth: 0 };
  readCommand(words, reading, scope);
  if (words.some((word) => word.text.includes(":(optional)"))) {
    reading.paths.push(...under(scope.dirs, optionalFiles(words)));
  }
  cache.set(words, reading);
  return reading;
}

/**
 * git 2.52 drops a leading `:(optional)` of a file name option's value before it reads the
 * file (parse-options, OPT_FILENAME: `git commit -F ':(optional)/home/user/x'` reads
 * /home/user/x, and nothing when it is missing), and pathname settings do the same (see
 * {@link pathnameReadings}). Whichever option a word gives (`-F`, `--file=`, `--template`,
 * `-o`), what follows the marker is a file git may read or write: an absolute one as it is,
 * a relative one below the `-C` folders. Read without the marker, `:(optional)../.env` even
 * looked like a revision range.
 */
function optionalFiles(words: readonly Word[]): PathUse[] {
  const found: PathUse[] = [];
  for (const word of words.slice(1)) {
    const at = word.literal ? word.text.indexOf(":(optional)") : -1;
    if (at === -1) continue;
    const rest = word.text.slice(at + ":(optional)".length);
    if (rest === "") continue;
    found.push({ word: wordFromText(rest, { start: word.start }), access: "read_write" });
  }
  return found;
}

interface Scope {
  /** `-C` directories so far, outermost first. */
  dirs: Word[];
  /** Aliases defined with `-c alias.NAME=…` (`null`: the value is not known). */
  aliases: Map<string, Word | null>;
  depth: number;
  /** A `-c` of the command made a pull rebase interactively (`-c pull.rebase=i`). */
  interactiveRebase?: boolean;
  /** URL rewrites the command's own settings make (`-c url.BASE.insteadOf=PREFIX`). */
  rewrites?: { readonly base: string; readonly prefix: string }[];
  /** git's own options as written before the subcommand: a git command git runs inherits them. */
  globals?: readonly Word[];
}

function readCommand(words: readonly Word[], out: GitReading, scope: Scope): void {
  const git = words[0] as Word;
  const next = readGlobals(words, out, scope);
  // An alias expanded in place adds its own options after the ones already read.
  scope.globals = [...(scope.globals ?? []), ...words.slice(1, next)];
  const head = words[next];
  if (head === undefined || HELP_WORDS.has(head.text)) {
    out.canonical = [git, ...words.slice(next)];
    // `git --help NAME` is `git help NAME`.
    if (head?.literal && head.text === "--help") helpPage(words.slice(next + 1), out);
    return;
  }
  const args = words.slice(next + 1);
  out.canonical = [git, head, ...args];
  if (!head.literal) {
    // INVARIANT: a computed subcommand may be anything, an alias included.
    raise(out, SENTINELS.opaqueWrapper);
    out.paths.push(...under(scope.dirs, shapedPaths(args, [])));
    return;
  }
  // S30 git-synonym / git-helper-name: an old name or a helper's own name is read as the
  // public command git runs under it, everywhere below and in what the walk sees.
  const publicForm = gitPublicForm(head, args);
  if (publicForm !== null) {
    // git's own options are already read (the public form starts at the subcommand).
    readCommand([git, ...publicForm], out, scope);
    return;
  }
  const name = head.text;
  // `git subtree push` runs `git push` with the split history: it is judged as that push.
  if (name === "subtree" && args[0]?.literal && args[0].text === "push") {
    out.canonical = [git, args[0], ...args.slice(1)];
  }
  // send-pack and http-push are the plumbing that pushes (over git's protocol, over WebDAV):
  // each updates the remote's refs as a push does, and is judged as one.
  if (name === "send-pack" || name === "http-push") {
    out.canonical = [git, wordFromText("push", { start: head.start }), ...args];
  }
  // git svn dcommit / set-tree and git p4 submit send the branch's commits to the other
  // system's remote (a Subversion repository, a Perforce depot): a push by another route.
  const foreignPush = args.find((word) => !word.text.startsWith("-"));
  if (
    (name === "svn" && foreignPush?.literal && /^(dcommit|set-tree)$/.test(foreignPush.text)) ||
    (name === "p4" && foreignPush?.literal && foreignPush.text === "submit")
  ) {
    const rest = args.filter((word) => word !== foreignPush);
    out.canonical = [git, wordFromText("push", { start: head.start }), ...rest];
  }
  if (!GIT_SUBCOMMANDS.has(name)) {
    const alias = scope.aliases.get(name);
    const expansion =
      alias?.literal && !alias.text.startsWith("!") ? splitCmdline(alias.text) : null;
    if (expansion !== null && expansion.length > 0 && scope.depth < MAX_ALIAS_DEPTH) {
      // git expands a non-shell alias in place and reads git's options in it again.
      const expanded = expansion.map((text) => wordFromText(text, { start: head.start }));
      readCommand([git, ...expanded, ...args], out, {
        ...scope,
        aliases: new Map([...scope.aliases].filter(([key]) => key !== name)),
        depth: scope.depth + 1,
      });
      return;
    }
    raise(out, SENTINELS.gitAlias);
    out.paths.push(...under(scope.dirs, shapedPaths(args, [])));
    return;
  }
  readSubcommand(name, args, out, scope);
}

/**
 * Names git 2.39 runs one public command under (git.c's command table maps them to the same
 * function; `git init-db -h` prints `usage: git init`): an old name kept for scripts. Each is
 * read as its public name, so every table keyed on that name (the paths `init DIR` writes,
 * `--template` as code, the editor of `add -e`) applies to it (S30 git-synonym, R37: `git
 * init-db --bare x` made x/config unseen, and a later `git -C x fetch` loaded a config the
 * string wrote).
 */
const GIT_SYNONYMS: Readonly<Record<string, string>> = {
  "init-db": "init",
  "fsck-objects": "fsck",
  stage: "add",
  pickaxe: "blame",
};

/**
 * `git add--interactive` is the perl program behind `add -p` and `add -i` (git 2.39 ships it as
 * git-add--interactive), run by its own name: `--patch[=MODE] --` is the hunk loop of `add -p`,
 * `stash -p`, `reset -p`, `checkout -p` or `restore -p` (its `process_args`), anything else the
 * menu of `add -i`, where `e` edits a hunk in the editor (S30 git-helper-name, R37 traced: the
 * answer `e` on stdin ran `sh -c 'editor "$@"' … addp-hunk-edit.diff`).
 */
const PATCH_MODE_COMMANDS: Readonly<Record<string, string>> = {
  stage: "add",
  stash: "stash",
  reset: "reset",
  checkout: "checkout",
  worktree: "restore",
};

/**
 * The public command a git name stands for, as the words after git (subcommand first); null
 * when the name is itself public. Besides {@link GIT_SYNONYMS}: the helpers git runs under a
 * dashed name of their own, which a command may name too (S30 git-helper-name):
 * `add--interactive` (above), and `checkout--worker`, the parallel checkout's worker, which
 * writes the files whose names and contents its stdin lists, as `checkout-index --stdin` does
 * (`--prefix` as there).
 */
function gitPublicForm(head: Word, args: readonly Word[]): Word[] | null {
  const at = (text: string): Word => wordFromText(text, { start: head.start });
  const synonym = GIT_SYNONYMS[head.text];
  if (synonym !== undefined) return [{ ...head, text: synonym }, ...args];
  if (head.text === "checkout--worker") return [at("checkout-index"), at("--stdin"), ...args];
  if (head.text !== "add--interactive") return null;
  // perl's `/--patch(?:=(.*))?/` on the first argument (not anchored); a computed one may be any.
  const first = args[0];
  const mode = first?.literal ? /--patch(?:=(.*))?/.exec(first.text) : null;
  if (mode === null || mode === undefined) return [at("add"), at("--interactive"), ...args];
  const command = PATCH_MODE_COMMANDS[mode[1] ?? "stage"] ?? "add";
  return [at(command), at("--patch"), ...args.slice(1)];
}

/** Reads git's own options; returns the index of the subcommand. */
function readGlobals(words: readonly Word[], out: GitReading, scope: Scope): number {
  let i = 1;
  for (; i < words.length; i++) {
    const word = words[i] as Word;
    if (word.splittable) {
      // INVARIANT: a word that may split into several decides where the subcommand stands.
      raise(out, SENTINELS.opaqueWrapper);
      if (word.text.startsWith("-")) continue;
      return i;
    }
    const text = word.text;
    if (!text.startsWith("-") || HELP_WORDS.has(text)) return i;
    const eq = text.indexOf("=");
    const option = GLOBAL_OPTIONS.get(eq === -1 ? text : text.slice(0, eq));
    if (option === undefined) {
      // git stops with a usage error here; a computed word may be any option.
      if (!word.literal) raise(out, SENTINELS.opaqueWrapper);
      continue;
    }
    let value: Word | undefined;
    if (eq !== -1) {
      if (option.value === "none" || option.value === "separate") continue;
      value = tail(word, eq + 1);
    } else if (option.value === "separate" || option.value === "both") {
      value = words[++i];
      if (value === undefined) return i;
      if (value.splittable) raise(out, SENTINELS.opaqueWrapper);
    } else if (option.value === "attached") {
      continue;
    }
    if (value === undefined) continue;
    globalValue(option.role, value, out, scope);
  }
  return i;
}

function globalValue(role: GlobalRole, value: Word, out: GitReading, scope: Scope): void {
  switch (role) {
    case "dir":
      out.paths.push(...under(scope.dirs, inFolder(value, "read")));
      scope.dirs = [...scope.dirs, value];
      return;
    case "setting":
      setting(value, "git -c", out, scope);
      return;
    case "config-env": {
      // `--config-env=KEY=ENVVAR`: the value comes from a variable, unseen here.
      const eq = value.text.lastIndexOf("=");
      const key = eq === -1 ? value.text : value.text.slice(0, eq);
      const unseen = unseenValue(value, `$${value.text.slice(eq + 1)}`);
      // With no `=` written out, a computed value may hold the whole KEY=ENVVAR (R22
      // config-env-whole, traced: f held core.fsmonitor=V, `git --config-env="$(cat f)"
      // status` ran V's command): the key is not known, as `-c "$(cat f)"`'s is not.
      if (eq === -1 ? !value.literal : !literalText(value, 0, eq)) {
        out.injections.push({ name: "git --config-env", value, command: false });
        return;
      }
      if (isAliasKey(key)) scope.aliases.set(aliasName(key), null);
      addSetting(out, key, null);
      applySetting(key, unseen, out, scope);
      return;
    }
    case "git-dir":
      if (!dotGitFolder(value)) raise(out, SENTINELS.opaqueWrapper);
      out.gitDirs.push(...under(scope.dirs, [{ word: value, access: "read" }]).map((u) => u.word));
      if (scope.dirs.length === 0 && ownGitDir(value)) return;
      out.paths.push(...under(scope.dirs, inFolder(value, "read_write")));
      return;
    case "work-tree":
      out.paths.push(...under(scope.dirs, workTree(value)));
      return;
    case "exec-path":
      out.paths.push(...under(scope.dirs, [{ word: value, access: "read" }]));
      out.injections.push({ name: "git --exec-path", value, command: false });
      return;
    case "shallow-file":
      out.paths.push(...under(scope.dirs, [{ word: value, access: "read" }]));
      return;
    case "none":
      return;
  }
}

/** Records a setting the command gives itself (see {@link GitReading.settings}). */
function addSetting(out: GitReading, key: string, value: string | null): void {
  if (out.settings === undefined) out.settings = [];
  out.settings.push({ key, value });
}

/** One `key=value` setting (`-c`, `clone -c`). */
function setting(word: Word, origin: string, out: GitReading, scope: Scope): void {
  const eq = word.text.indexOf("=");
  const end = eq === -1 ? word.text.length : eq;
  if (!literalText(word, 0, end)) {
    // A computed key may name any setting, a shell alias included.
    out.injections.push({ name: origin, value: word, command: false });
    return;
  }
  const key = word.text.slice(0, end);
  // `-c key` without `=` sets the boolean true: no command.
  const value = eq === -1 ? null : tail(word, eq + 1);
  addSetting(out, key, value === null ? "true" : value.literal ? value.text : null);
  if (isAliasKey(key)) scope.aliases.set(aliasName(key), value);
  if (value !== null) applySetting(key, value, out, scope);
  // `-c log.showSignature` without a value is the boolean true.
  else if (showsSignatures(key, null)) {
    out.injections.push(startsProgram(`${origin} ${key}`, SIGNATURE_VERIFIER));
  }
}

/**
 * Settings that make git check signatures: log.showSignature or merge.verifySignatures on
 * (log and show, merge and pull), or a pretty format (`pretty.NAME`, `format.pretty`) with a
 * signature placeholder.
 */
function showsSignatures(key: string, value: Word | null): boolean {
  const name = key.toLowerCase();
  if (name === "log.showsignature" || name === "merge.verifysignatures") {
    return value === null || !value.literal || /^(true|yes|on|[1-9][0-9]*)$/i.test(value.text);
  }
  if (!name.startsWith("pretty.") && name !== "format.pretty") return false;
  return value !== null && (!value.literal || SIGNATURE_PLACEHOLDER.test(value.text));
}

/** Reads what one setting makes git run or touch. Exported for the environment's settings. */
export function settingInjections(
  key: string,
  value: Word,
): { injections: Injection[]; paths: PathUse[] } {
  const reading = emptyReading();
  const scope: Scope = { dirs: [], aliases: new Map(), depth: 0 };
  applySetting(key, value, reading, scope);
  // A rewrite from the environment reaches the URLs of whatever git it runs (B21).
  if (scope.rewrites?.some((rewrite) => localCapable(rewrite.base)) === true) {
    reading.paths.push(...anyRewrittenFile());
  }
  // The environment's setting reaches whatever git it runs: a pull among them starts the
  // sequence editor, a program the command line does not show (GIT_CONFIG_KEY_0=pull.rebase).
  if (interactiveRebaseSetting(key, value)) {
    reading.injections.push({
      name: `git ${key}`,
      value: unseenValue(value, "$GIT_SEQUENCE_EDITOR"),
      command: true,
    });
  }
  return { injections: reading.injections, paths: reading.paths };
}

function applySetting(
  key: string,
  value: Word,
  out: GitReading,
  scope: Scope,
  applies = true,
): void {
  // `url.BASE.insteadOf=PREFIX` (BASE may be empty: `url..insteadOf`): a URL that starts
  // with PREFIX is BASE followed by the rest (B21 url-empty-base).
  const rewrite = /^url\.(.*)\.(push)?insteadof$/i.exec(key);
  if (rewrite !== null) {
    const base = rewrite[1] as string;
    if (applies && value.literal) {
      scope.rewrites = [...(scope.rewrites ?? []), { base, prefix: value.text }];
    } else if (localCapable(base)) {
      // Written for later commands, or with a prefix nobody sees: which URLs it rewrites is
      // not known here, and BASE and the rest of one may name any file on this machine.
      out.paths.push(...under(scope.dirs, anyRewrittenFile()));
    }
  }
  const parsed = parseKey(key);
  if (parsed === null) return;
  // `remotes.<group>` lists remotes and URLs separated by blanks: each is read on its own.
  if (parsed.section === "remotes" && value.literal && /\S\s+\S/.test(value.text)) {
    let at = 0;
    for (const item of value.text.split(/(\s+)/)) {
      if (item !== "" && !/^\s+$/.test(item)) {
        const rest = tail(value, at);
        const member = { ...rest, text: item, pattern: null, tilde: item.startsWith("~") };
        applySetting(key, member, out, scope, applies);
      }
      at += item.length;
    }
    return;
  }
  if (showsSignatures(key, value)) {
    out.injections.push(startsProgram(`git ${key}`, SIGNATURE_VERIFIER));
  }
  // A remote's ssh URL, or a rewrite to one (`url.git@host:.insteadOf=https://host/`), set for
  // this command: git reaches it with ssh. Written by `git config`, it runs nothing yet.
  const which = `${parsed.section}.${parsed.name}`.toLowerCase();
  if (applies && interactiveRebaseSetting(key, value)) scope.interactiveRebase = true;
  const url =
    which === "url.insteadof" || which === "url.pushinsteadof"
      ? parsed.subsection
      : (/^(remote|submodule)\.(push)?url$/.test(which) || namesRemoteUrl(parsed)) && value.literal
        ? value.text
        : null;
  const ssh = applies && url !== null ? sshRun(url) : null;
  // A rewritten URL's path is the rest of the URL it rewrites: the remote command is unknown.
  if (ssh !== null && url === parsed.subsection) ssh[ssh.length - 1] = "$REMOTE_COMMAND";
  if (ssh !== null) out.injections.push(startsProgram(`git ${key}`, ssh));
  const name = key.toLowerCase();
  const kind = CONFIG_KINDS.get(parsed.section)?.find((entry) =>
    keyMatches(entry.pattern, parsed),
  )?.value;
  const access = CONFIG_PATH_PATTERNS.get(parsed.section)?.find((entry) =>
    keyMatches(entry.pattern, parsed),
  )?.access;
  if (access !== undefined) {
    out.paths.push(...under(scope.dirs, configPaths(parsed, value, access)));
  }
  if (kind === undefined) return;
  const injection = configInjection(name, kind, value, parsed.subsection);
  if (injection !== null) out.injections.push(injection);
}

/**
 * The files one path-valued setting names. git expands a leading `~/` or `~user/` of such a
 * value itself when it reads it (git-config(1), "pathname"), so a `~` the shell left alone
 * (`git config core.excludesFile '~/.aws/credentials'`, later read by `git status`) names the
 * home folder's file too (C21 gitcfg-tilde, traced): both readings are judged.
 */
function configPaths(key: ParsedKey, value: Word, access: PathAccess): PathUse[] {
  const uses = configPathsAsWritten(key, value, access);
  // A suffix is part of a name, never a pathname git expands (`~` stays a letter).
  if (key.section === "format" && key.name === "suffix") return uses;
  for (const reading of pathnameReadings(value)) {
    uses.push(...configPathsAsWritten(key, reading, access));
  }
  return uses;
}

/** The runtime prefix git was built with on this kind of machine (`/usr` in the fixture). */
const GIT_PREFIX = "/usr";

/**
 * The other files a pathname-typed git value may name, beside the value as written
 * (git-config(1), "pathname"): git drops a leading `:(optional)` (git 2.52 and later), then
 * expands a leading `~/` or `~user/` to a home folder and a leading `%(prefix)/` to its runtime
 * prefix. The prefix is where git was installed, not a fact of the command string: the
 * common `/usr` reading is judged (a `..` climbs out of it: R21 git-prefix-path, traced:
 * `%(prefix)/../home/user/.aws/credentials` opened /home/user/.aws/credentials) and so is a
 * computed one (any folder), unless the rest is itself absolute (git then takes it as is).
 */
function pathnameReadings(value: Word): Word[] {
  if (/[$`]/.test(value.text)) return [];
  const optional = value.text.startsWith(":(optional)");
  const text = optional ? value.text.slice(":(optional)".length) : value.text;
  const from = value.text.length - text.length;
  const at = value.start < 0 ? -1 : value.start + from;
  if (text.startsWith("%(prefix)/")) {
    const rest = text.slice("%(prefix)/".length);
    if (rest.startsWith("/")) return [wordFromText(rest, { start: at })];
    return [
      wordFromText(`${GIT_PREFIX}/${rest}`, { start: at }),
      wordFromText(`$(git's runtime prefix)/${rest}`, { computed: true, start: at }),
    ];
  }
  if (text.startsWith("~")) {
    if (value.tilde && !optional) return [];
    return [wordFromText(text, { start: at, tilde: true })];
  }
  return optional ? [wordFromText(text, { start: at })] : [];
}

function configPathsAsWritten(key: ParsedKey, value: Word, access: PathAccess): PathUse[] {
  const name = `${key.section}.${key.name}`;
  // `1`, `true` or an fd number traces to stderr: only an absolute path is a trace file.
  if (key.section === "trace2" && value.literal && !/^[/~]/.test(value.text)) return [];
  // A trace2 target that is a folder gets one file per process inside it.
  if (key.section === "trace2" && key.name.endsWith("target")) return inFolder(value, access);
  if (name === "core.worktree") return workTree(value);
  if (name === "format.outputdirectory") return inFolder(value, access);
  if (name === "format.suffix") return formatSuffixFiles(value, access);
  if (name === "mailmap.blob") {
    const blob = blobPath(value);
    return blob === null ? [] : [{ word: blob, access }];
  }
  if (key.name === "bundleuri") {
    const local = value.literal ? /^file:\/\/[^/]*(\/.*)$/i.exec(value.text) : null;
    return local
      ? [{ word: wordFromText(local[1] as string, { start: value.start }), access }]
      : [];
  }
  if (key.section === "url" && (key.name === "insteadof" || key.name === "pushinsteadof")) {
    const base = localUrlPath(key.subsection);
    if (base === null) return [];
    return inFolder(
      wordFromText(base, { start: value.start, tilde: base.startsWith("~") }),
      access,
    );
  }
  if (key.name === "url" || key.name === "pushurl" || namesRemoteUrl(key)) {
    // Only a URL written as a local path (`/srv/r.git`, `../r`) is a folder on this machine.
    return isNeverPath(value, true, "git") || !hasPathShape(value) ? [] : [{ word: value, access }];
  }
  return [{ word: value, access }];
}

/**
 * Whether a setting names a remote that, when no remote has that name, is itself the URL git
 * reaches: `branch.<name>.remote`, `branch.<name>.pushRemote`, `remote.pushDefault`,
 * `remotes.<group>` (a member of the group).
 */
function namesRemoteUrl(key: ParsedKey): boolean {
  if (key.section === "branch") return key.subsection !== "" && /^(push)?remote$/.test(key.name);
  if (key.section === "remote") return key.subsection === "" && key.name === "pushdefault";
  return key.section === "remotes" && key.subsection === "";
}

/**
 * Whether a rewrite's BASE, followed by the rest of a URL nobody sees, may be a file on this
 * machine that the folder reading of BASE (configPaths: BASE and everything below it) does
 * not cover: an empty base, a beginning of `file://HOST`, a relative path (`./`, `..`).
 */
function localCapable(base: string): boolean {
  return (
    base === "" ||
    /^f(i(l(e(:(\/(\/[^/]*)?)?)?)?)?)?$/i.test(base) ||
    /^\.\.?(\/|$)/.test(localUrlPath(base) ?? "/")
  );
}

/** Whether BASE followed by REST stays in the folder BASE names (its folder reading covers it). */
function belowBase(base: string, rest: string): boolean {
  const folder = localUrlPath(base);
  if (folder === null || /^\.\.?(\/|$)/.test(folder)) return false;
  if (/(^|\/)\.\.(\/|$)/.test(rest)) return false;
  return rest === "" || base.endsWith("/") || rest.startsWith("/");
}

/**
 * format-patch's `--suffix` (the last one in force): each patch is its folder's `NNNN-SUBJECT`
 * plus the suffix, which a `/` turns into a path below or beside that folder (S31
 * git-config-format-suffix). The folders are those `-o` named (their `…/0001` child), else the
 * working directory; with no `-o`, format.outputDirectory (from the environment or a
 * configuration file) may name another, so a suffix with a `/` names an unknown file too.
 */
function patchSuffixUses(uses: readonly PathUse[], effective: readonly Word[]): PathUse[] {
  let suffix: Word | null = null;
  for (let i = 0; i < effective.length; i++) {
    const word = effective[i] as Word;
    if (word.literal && word.text === "--") break;
    if (word.literal && word.text === "--no-suffix") suffix = null;
    else if (word.text.startsWith("--suffix=")) suffix = tail(word, "--suffix=".length);
    else if (word.literal && word.text === "--suffix") suffix = effective[++i] ?? null;
  }
  if (suffix === null) return [];
  const folders = uses
    .filter((use) => use.word.text.endsWith("/0001"))
    .map((use) => ({ ...use.word, text: use.word.text.slice(0, -"/0001".length) || "/" }));
  const named = folders.some((folder) => folder.text !== ".");
  const found = folders.flatMap((folder) => suffixedPatchFiles(folder, suffix, "write"));
  return named ? found : [...found, ...formatSuffixFiles(suffix, "write")];
}

/** Any file a URL rewrite may reach: read by a fetch, written by a push. */
function anyRewrittenFile(): PathUse[] {
  return [
    {
      word: wordFromText("$(the repository a rewritten URL names)", { computed: true }),
      access: "read_write",
    },
  ];
}

/**
 * What a remote command's own URL operands reach once the command's rewrites apply (the
 * longest matching PREFIX, as git picks): a local path is a repository read (written by a
 * push), an `ext::` URL runs its command, an ssh URL runs ssh.
 */
function rewrittenOperands(
  name: string,
  args: readonly Word[],
  out: GitReading,
  scope: Scope,
): void {
  const rewrites = scope.rewrites;
  if (rewrites === undefined || !REMOTE_COMMANDS.test(name)) return;
  const access: PathAccess = name === "push" || name === "send-pack" ? "read_write" : "read";
  for (const word of args) {
    if (!word.literal || word.text.startsWith("-")) continue;
    let best: { readonly base: string; readonly prefix: string } | undefined;
    for (const rewrite of rewrites) {
      if (rewrite.prefix === "" || !word.text.startsWith(rewrite.prefix)) continue;
      if (best === undefined || rewrite.prefix.length > best.prefix.length) best = rewrite;
    }
    if (best === undefined) continue;
    const rest = word.text.slice(best.prefix.length);
    if (belowBase(best.base, rest)) continue;
    const url = best.base + rest;
    const at = { start: word.start };
    const local = localUrlPath(url);
    if (local !== null) {
      out.paths.push(
        ...under(scope.dirs, [
          { word: wordFromText(local, { ...at, tilde: local.startsWith("~") }), access },
        ]),
      );
      continue;
    }
    if (/^file:/i.test(url)) {
      // `file:` with a host or a path git reads otherwise: any file.
      out.paths.push(...under(scope.dirs, anyRewrittenFile()));
      continue;
    }
    const injection = urlInjection(`git ${name}`, word, url);
    if (injection !== null) out.injections.push(injection);
    const ssh = sshRun(url, SSH_SERVICES[name] ?? "git-upload-pack");
    if (ssh !== null) out.injections.push(startsProgram(`git ${name}`, ssh));
  }
}

/**
 * The folder a URL written as a local repository names (`/srv/r.git`, `../r`, `~/r`,
 * `file:///srv/r.git`), or null when it is a remote one.
 */
function localUrlPath(url: string): string | null {
  const file = /^file:\/\/[^/]*(\/.*)$/i.exec(url);
  if (file) return file[1] as string;
  return /^(\/|\.\.?(\/|$)|~)/.test(url) ? url : null;
}

function configInjection(
  name: string,
  kind: GitConfigValue,
  value: Word,
  subsection: string,
): Injection | null {
  const text = value.text;
  const literal = value.literal;
  switch (kind) {
    case "command":
      if (literal && text.trim() === "") return null;
      return { name, value, command: true };
    case "command-or-boolean":
      if (literal && (text.trim() === "" || isBoolean(text))) return null;
      return { name, value, command: true };
    case "alias":
      if (!literal) return { name, value, command: true };
      if (!text.startsWith("!")) return null;
      return { name, value: tail(value, 1), command: true };
    case "helper":
      if (literal && text.trim() === "") return null;
      return {
        name,
        value: literal && text.startsWith("!") ? tail(value, 1) : value,
        command: true,
      };
    case "bang-command":
      if (!literal) return { name, value, command: true };
      return text.startsWith("!") ? { name, value: tail(value, 1), command: true } : null;
    case "program-if-path":
      if (literal && !text.startsWith("/") && !text.startsWith("~")) return null;
      return { name, value, command: true };
    case "url":
      // A URL only known at run time (`--config-env=remote.origin.url=VAR`, `"$U"`) may be an
      // `ext::` command (B21 config-env-ext).
      return literal ? urlInjection(name, value, text) : { name, value, command: false };
    case "url-key":
      return urlInjection(name, value, subsection);
    case "code":
      if (literal && text === "/dev/null") return null;
      return { name, value, command: false };
    case "program-switch":
      if (literal && /^(false|no|off|0|)$/i.test(text.trim())) return null;
      return { name, value: { ...value, literal: false }, command: false };
  }
}

/** An `ext::` URL becomes its command; an unknown helper is a program nobody sees. */
function urlInjection(name: string, at: Word, url: string): Injection | null {
  const kind = urlKind(url);
  if (kind === null) return null;
  if (kind === "helper")
    return { name, value: { ...at, text: url, literal: false }, command: false };
  return { name, value: extCommand(at, url.slice(url.indexOf("::") + 2)), command: true };
}

// ---- repository metadata written by the same string -------------------------------------------

/** The hooks git runs from a hooks folder (githooks(5)). */
const HOOK_NAMES =
  "applypatch-msg|pre-applypatch|post-applypatch|pre-commit|pre-merge-commit|prepare-commit-msg|commit-msg|post-commit|pre-rebase|post-checkout|post-merge|pre-push|pre-receive|update|proc-receive|post-receive|post-update|reference-transaction|push-to-checkout|pre-auto-gc|post-rewrite|sendemail-validate|fsmonitor-watchman|post-index-change|p4-[a-z-]+";

/**
 * Files git reads as a repository's metadata wherever the repository is: a `.git` file (a
 * `gitdir:` pointer, or a file copied onto the folder's name), a project's or the user's
 * `.gitconfig`/`.gitattributes`/`.gitmodules`, and inside a `.git` folder (a submodule's or a
 * worktree's below it too) anything but a lock file: its configuration, pointers to other
 * repositories and hooks, and its state, which git acts on (a sequencer's todo list in
 * `rebase-merge/` runs its `exec` lines on `rebase --continue`: round 11b K-b4). Not its lock
 * files (`rm -f .git/index.lock; git pull` plants nothing).
 */
const GIT_DOT =
  /(^|\/)\.git$|(^|\/)\.git(attributes|modules|config)$|(^|\/)\.git\/(?!(.*\/)?[^/]*\.lock$)./;

/** A glob that may name something in a `.git` folder or a `.git` file. */
const GIT_DOT_GLOB = /(^|\/)\.git(\/|$)/;

/** Metadata files of a repository folder (a copy of `.git`, a bare repository). */
const GIT_DIR_FILE = new RegExp(
  `(^|/)(config|config\\.worktree|commondir|gitdir|alternates|http-alternates|hooks/(${HOOK_NAMES}))$`,
);

/** A file the string wrote: absolute, or known as a glob, or neither (computed). */
export interface WrittenFile {
  readonly path: string | null;
  readonly glob: string | null;
}

/**
 * Whether files the string wrote before a git command may be repository metadata that git
 * then reads, so that it may run what they say (core.fsmonitor, a hook, an alias) or use
 * another repository (a `gitdir:` file, `commondir`, `objects/info/alternates`):
 * - anything in a `.git` folder, a `.git` file itself, `.gitconfig`, `.gitattributes`,
 *   `.gitmodules`;
 * - anything in a folder the command names as its repository (`--git-dir`; `repositories`
 *   holds them resolved, null when unknown);
 * - `config`, `config.worktree`, `commondir`, `gitdir`, `alternates` or a hook in a folder the
 *   string also filled (`cp -r .git g; … >> g/config; GIT_DIR=g git status`), unless the name
 *   is itself a folder the string filled (`mkdir -p src/config; … > src/config/x.ts`).
 * A computed written path may be any of them.
 */
export function writesGitMetadata(
  written: readonly WrittenFile[],
  repositories: readonly (string | null)[],
): boolean {
  if (written.length === 0) return false;
  if (repositories.includes(null)) return true;
  const fixed = (file: WrittenFile): string | null => {
    if (file.path !== null) return file.path;
    if (file.glob === null) return null;
    const wild = file.glob.search(/[*?[]/);
    return wild === -1 ? file.glob : file.glob.slice(0, wild);
  };
  // Whether a written file may lie inside `dir` (a glob: its fixed part may lead there).
  const inside = (file: WrittenFile, dir: string): boolean => {
    const prefix = fixed(file);
    if (prefix === null) return true;
    if (file.path !== null) return prefix.startsWith(`${dir}/`);
    return prefix.startsWith(`${dir}/`) || `${dir}/`.startsWith(prefix);
  };
  return written.some((file) => {
    if (file.path === null && file.glob === null) return true;
    if (file.path !== null ? GIT_DOT.test(file.path) : GIT_DOT_GLOB.test(file.glob as string)) {
      return true;
    }
    for (const repository of repositories) {
      if (file.path === repository || inside(file, repository as string)) return true;
    }
    if (file.path === null || !GIT_DIR_FILE.test(file.path)) return false;
    const path = file.path;
    const folder = path.slice(0, path.lastIndexOf("/")) || "/";
    if (written.some((other) => other !== file && other.path !== null && inside(other, path))) {
      return false;
    }
    return written.some((other) => other !== file && other.path !== path && inside(other, folder));
  });
}

/**
 * The folders a git command (its words, wrappers peeled) names as its repository, with
 * `GIT_DIR`/`GIT_COMMON_DIR` as the string assigned them earlier (`vars`): a write at or below
 * one of them by the same string is a write of its metadata.
 */
export function gitDirWords(
  executed: readonly Word[],
  vars?: Vars,
  assignments: readonly { name: string; value: Word }[] = [],
): Word[] {
  const named = readGit(dashedGit(executed) ?? executed)?.gitDirs ?? [];
  // A prefix or `env` assignment (`GIT_DIR=g git status`) is the command's own environment.
  const own = assignments
    .filter((assignment) => REPOSITORY_VARIABLES.includes(assignment.name))
    .map((assignment) => assignment.value);
  if (vars === undefined || vars.size === 0) return own.length === 0 ? named : [...named, ...own];
  return [...named, ...own, ...assignedWords(vars, REPOSITORY_VARIABLES)];
}

const REPOSITORY_VARIABLES: readonly string[] = ["GIT_DIR", "GIT_COMMON_DIR"];

/**
 * The files git's variables name when the string assigned them before the git command in a
 * statement or an `export` (`export GIT_DIR=.ssh; git init`, `GIT_INDEX_FILE=/tmp/i; export
 * GIT_INDEX_FILE`), as a prefix assignment's are (see {@link gitEnvPaths}). A value the string
 * does not decide is a computed path.
 */
export function gitAssignedPaths(vars: Vars): PathUse[] {
  if (vars.size === 0) return [];
  const uses: PathUse[] = [];
  for (const name of vars.keys()) {
    if (!name.startsWith("GIT_") && name !== "XDG_CONFIG_HOME") continue;
    for (const word of assignedWords(vars, [name])) uses.push(...gitEnvPaths(name, word));
  }
  return uses;
}

/**
 * git's words with each global `--config-env=KEY=VAR` (or `--config-env KEY=VAR`) whose VAR
 * holds one value the string shows written as `-c KEY=VALUE`: git reads the value from its
 * environment, so it is judged as written (B21 config-env-ext, traced: `X='ext::rm y' git -c
 * protocol.ext.allow=always --config-env=remote.origin.url=X fetch` ran rm y). `lookup` gives
 * the variable's literal value, or null when it is not one known text.
 */
export function configEnvWritten(
  words: readonly Word[],
  lookup: (name: string) => string | null,
): readonly Word[] {
  if (!words.some((word) => word.text.startsWith("--config-env"))) return words;
  const out: Word[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as Word;
    const joined = word.literal && word.text.startsWith("--config-env=");
    const separate = word.literal && word.text === "--config-env";
    const spec = joined ? word : separate ? words[i + 1] : undefined;
    const text = joined ? word.text.slice("--config-env=".length) : spec?.text;
    const eq = text?.lastIndexOf("=") ?? -1;
    const value = spec?.literal && text !== undefined && eq > 0 ? lookup(text.slice(eq + 1)) : null;
    if (value === null || text === undefined) {
      out.push(word);
      continue;
    }
    out.push(wordFromText("-c", { start: word.start }));
    out.push(wordFromText(`${text.slice(0, eq)}=${value}`, { start: (spec as Word).start }));
    if (separate) i++;
  }
  return out;
}

/** The values the string assigned to these variables, as words (computed when not decided). */
function assignedWords(vars: Vars, names: readonly string[]): Word[] {
  const words: Word[] = [];
  for (const name of names) {
    if (!vars.has(name)) continue;
    const values = vars.get(name);
    if (values === null || values === undefined) {
      words.push(wordFromText(`$${name}`, { computed: true }));
      continue;
    }
    for (const value of values) {
      words.push(
        value.glob
          ? wordFromText(value.text, { glob: true })
          : wordFromText(value.text, { tilde: value.text.startsWith("~") }),
      );
    }
  }
  return words;
}

// ---- subcommands ------------------------------------------------------------------------------

function readSubcommand(name: string, written: Word[], out: GitReading, scope: Scope): void {
  // Every option in the one spelling the tables below know (`--forc` as `--force`, `-qa` as
  // `-q -a`, `-f.env` as `-f .env`): git's parse-options takes them all (git-options.ts). One
  // it would refuse, or one a newer git may know, is not proven to run nothing.
  const reading = gitOptionWords(name, written);
  const args = reading.args;
  out.paths.push(...under(scope.dirs, gluedPaths(name, args, reading.operands)));
  if (reading.unresolved) raise(out, SENTINELS.indirectionWrapper);
  unknownWords(name, reading.unknown, out);
  const options = OPTION_SURFACES.get(name) ?? [];
  if (options.length > 0) readOptions(name, args, options, out, scope);
  // Operands that are a command of their own are read as written (they are not git's options).
  for (const operands of OPERAND_SURFACES.get(name) ?? []) {
    readOperands(name, written, operands, out, scope);
  }
  if (URL_SUBCOMMAND_SET.has(name)) readUrls(name, args, out);
  if (name === "config") readConfig(args, out, scope);
  // With --allow-unsafe-features the stream's own `feature import-marks=FILE` and
  // `export-marks=FILE` lines name files to read and replace: text the command line does not show.
  if (
    name === "fast-import" &&
    args.some((word) => !word.literal || word.text === "--allow-unsafe-features")
  ) {
    out.paths.push({
      word: wordFromText("$FAST_IMPORT_MARKS", { computed: true }),
      access: "read_write",
    });
  }
  // `git -C DIR init` makes a repository rooted at DIR, as `git init DIR` does: its ignore rules
  // start there, so the project's .gitignore no longer hides DIR's .env files (round 11b K-b3).
  if (name === "init" && scope.dirs.length > 0) {
    out.paths.push(...under(scope.dirs, [{ word: wordFromText(".git/config"), access: "write" }]));
  }
  // Whether an editor or a program starts, or ignored files are reached, is decided by the
  // options still in force: `--no-dry-run` undoes an earlier `-n`, `--no-message` a `-m x`.
  const effective = reading.effective;
  if (
    GIT_EDITOR_RUNS.get(name)?.runs(effective) === true ||
    (name === "pull" && scope.interactiveRebase === true && !rebaseChosen(effective))
  ) {
    // A rebase other than `--continue`, and a pull (which may rebase interactively), may open
    // the todo list, which the sequence editor edits first.
    const sequence = (name === "rebase" && !long(args, "continue", 3)) || name === "pull";
    out.editorRun = sequence ? "sequence" : "message";
  }
  if (GIT_PROGRAM_RUNS.get(name)?.some((entry) => entry.runs(effective)) === true) {
    raise(out, SENTINELS.indirectionWrapper);
  }
  if (verifiesSignatures(name, args) || checksMergedTags(name, reading.operands, args)) {
    out.injections.push(startsProgram(`git ${name}`, SIGNATURE_VERIFIER));
  }
  // A subcommand that is a shell script runs rm, mkdir or kill on git's own folders (git-scripts.ts).
  for (const run of scriptRuns(name, written, scope.dirs)) {
    out.injections.push({ ...startsProgram(`git ${name}`, run.argv), computed: run.computed });
  }
  if (name === "help") helpPage(args, out);
  else if (args[0]?.literal && args[0].text === "--help") helpPage([wordFromText(name)], out);
  for (const remote of sshRemotes(name, effective)) {
    out.injections.push(startsProgram(`git ${name}`, remote));
  }
  // A repository only known at run time may be any URL (an ssh host, a transport helper, a
  // folder), wherever it stands: after `--` (`git clone -- "${u:-h:r}"`), or as the value of
  // `--repo`/`--remote` in either spelling (R21 eq-computed, submodule-computed; host strace:
  // ssh h git-upload-pack 'r'). Judged as a computed word before them is (unknownWords).
  const computed = repositoryWords(name, effective).filter(
    (word) => !word.literal && unknownValue(word),
  );
  if (computed.length > 0) unknownWords(name, computed, out);
  out.paths.push(...under(scope.dirs, subcommandPaths(name, args, effective, new Set(written))));
  out.paths.push(...localHomeRepositories(name, effective));
  // S31 git-daemon-inetd: the daemon serves whichever repository a request names, read from
  // stdin with --inetd (traced: `echo -ne '…git-upload-pack /home/user/r…' | git daemon
  // --inetd --export-all` advertised /home/user/r's refs; `--enable=upload-archive` streamed
  // its files), from the network otherwise, where a later command of the same string may be
  // the client. A receive-pack request writes, when enabled by an option or by the served
  // repository's own `daemon.receivepack`. The repositories are not known here.
  if (name === "daemon" && !(args[0]?.literal && args[0].text === "--help")) {
    out.paths.push({
      word: wordFromText("$(the repositories git daemon serves)", { computed: true }),
      access: "read_write",
      below: true,
    });
  }
  rewrittenOperands(name, effective, out, scope);
}

/**
 * What a repository named on the local transport is opened as, by subcommand: git hands the
 * path, quoted, to `git-upload-pack`, `git-receive-pack` or `git-upload-archive` (run through
 * `sh -c`), or the service is called directly; a remote added now is fetched later.
 */
const LOCAL_TRANSPORT_ACCESS: Readonly<Record<string, PathAccess>> = {
  fetch: "read",
  pull: "read",
  "ls-remote": "read",
  "fetch-pack": "read",
  archive: "read",
  "request-pull": "read",
  remote: "read",
  push: "read_write",
  "send-pack": "read_write",
  "upload-pack": "read",
  "upload-archive": "read",
  "upload-archive--writer": "read",
  "receive-pack": "read_write",
};

/**
 * S31 git-upload-pack-tilde: the service's enter_repo expands a leading `~` or `~user` of the
 * path itself, so a quoted `'~/r'`, which bash leaves alone and the word tables take for a
 * name in the working directory, is the repository `$HOME/r` (traced: `git fetch '~/r'` ran
 * git-upload-pack ["~/r"], which served /home/user/r; `git push '~/r' HEAD:y` wrote a branch
 * there; `git remote add h '~/r'` stores it for the next fetch). Each such operand is judged
 * as the home path git opens. A `~` word bash expanded is a path already; `clone` and
 * `submodule add` check the path themselves and refuse it, `file://~/r` is `/r` (traced).
 */
function localHomeRepositories(name: string, args: readonly Word[]): PathUse[] {
  const access = LOCAL_TRANSPORT_ACCESS[name];
  // `ls-remote --get-url` prints the URL and reaches no repository.
  if (access === undefined || (name === "ls-remote" && given(args, /^--get-url$/))) return [];
  let candidates: readonly Word[];
  if (name === "remote") {
    // `remote add NAME URL`, `remote set-url NAME URL [OLD]`: the URL is opened by a fetch.
    const words = args.filter((word) => !word.text.startsWith("-"));
    candidates = /^(add|set-url)$/.test(words[0]?.text ?? "") ? words.slice(2) : [];
  } else {
    // A refspec or a service's option never starts with `~` (no ref name holds one), so any
    // operand that does is the repository, as is the value of `--remote`/`--repo`. archive
    // reaches a repository only through `--remote`; its operands are a tree and its paths.
    const operands = name === "archive" ? [] : args.filter((word) => !word.text.startsWith("-"));
    candidates = [...repositoryWords(name, args), ...operands];
  }
  const found: PathUse[] = [];
  const seen = new Set<Word>();
  for (const word of candidates) {
    if (seen.has(word) || !word.literal || word.tilde || !word.text.startsWith("~")) continue;
    seen.add(word);
    found.push({ word: { ...word, tilde: true }, access });
  }
  return found;
}

/**
 * Words only known at run time that may be any of the subcommand's options, or several words
 * (gitOptionWords' `unknown`): `--output=FILE` (log, diff, show, …), `-o DIR` (format-patch),
 * `--export-marks=FILE`, `stash -a`, `config --file=FILE` write or read any file, which a path
 * nobody knows stands for (read and written, below it); where an option of the subcommand
 * runs a program (`--upload-pack`, `--exec`, `grep -O`, an editor, a URL, a `config` key that
 * names a command) nothing proves what runs. An environment variable (`git log "$BRANCH"`)
 * and the object names `$(git rev-parse HEAD)` prints keep their role.
 */
function unknownWords(name: string, words: readonly Word[], out: GitReading): void {
  const first = words[0];
  if (first === undefined) return;
  out.paths.push({
    word: wordFromText(`$(the options or files ${first.text} may be)`, { computed: true }),
    access: "read_write",
    below: true,
  });
  if (
    OPTION_SURFACES.has(name) ||
    OPERAND_SURFACES.has(name) ||
    GIT_PROGRAM_RUNS.has(name) ||
    GIT_EDITOR_RUNS.has(name) ||
    URL_SUBCOMMAND_SET.has(name) ||
    name === "config"
  ) {
    raise(out, SENTINELS.opaqueWrapper);
  }
}

/** A program git starts by itself with these words: a unit of its own (injection.ts). */
function startsProgram(name: string, argv: readonly string[]): Injection {
  const computed = argv.flatMap((word, index) => (word.startsWith("$") ? [index] : []));
  return {
    name,
    value: wordFromText(argv.join(" ")),
    command: false,
    program: argv,
    ...(computed.length > 0 ? { computed } : {}),
  };
}

// ---- programs git starts by name --------------------------------------------------------------

/**
 * What git runs to check a signature: gpg.program, `gpg` unless the repository's configuration
 * names another (gpg.format=ssh runs ssh-keygen, x509 gpgsm; `-c gpg.program=…` is an
 * injection of its own). It runs on every signed commit or tag shown, and a repository with
 * commits signed on GitHub has them (round 11 adv11b, git-signature-verification-runs-gpg).
 */
const SIGNATURE_VERIFIER: readonly string[] = [
  ...["gpg", "--keyid-format=long", "--status-fd=1", "--verify"],
  // The signature, in a temporary file git makes and removes (`/tmp/.git_vtag_tmpXXXXXX`).
  "$GIT_SIGNATURE_FILE",
  "-",
];

/**
 * Pretty-format placeholders that check the signature: `%G?`, `%GG`, `%GS`, `%GK`, `%GF`, `%GP`,
 * `%GT`, also with the `+`, `-` or blank git takes between `%` and a placeholder (`%+G?`: R43
 * git-format-modifier, traced running gpg --verify).
 */
const SIGNATURE_PLACEHOLDER = /%[-+ ]?G[?GSKFPT]|%\(signature/;

/**
 * Whether a subcommand checks signatures: verify-commit and verify-tag, `tag -v`, merge and pull
 * `--verify-signatures`, `--show-signature` (log, show, whatchanged, reflog, …), or a format
 * with a signature placeholder (`--format=%G?`, `--pretty=format:%GS`, for-each-ref
 * `--format %(signature)`). A format only known at run time may hold one.
 */
function verifiesSignatures(name: string, args: readonly Word[]): boolean {
  if (name === "verify-commit" || name === "verify-tag") {
    return !args.some((word) => word.literal && /^(-h|--help)$/.test(word.text));
  }
  if (name === "tag" && given(args, /^-[afn0-9]*v|^--v(e(r(i(fy?)?)?)?)?$/)) return true;
  if (/^(merge|pull)$/.test(name) && given(args, /^--verify-s/)) return true;
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as Word;
    const text = word.text;
    if (word.literal && text.length >= 8 && "--show-signature".startsWith(text)) return true;
    const format = /^--(pretty|format)(=|$)/.exec(text);
    if (format === null) continue;
    const value = format[2] === "=" ? tail(word, text.indexOf("=") + 1) : args[i + 1];
    // `--pretty` alone is the medium format; `--format` takes the next word (for-each-ref).
    if (value === undefined || (format[2] === "" && format[1] === "pretty")) continue;
    if (!value.literal || SIGNATURE_PLACEHOLDER.test(value.text)) return true;
  }
  return false;
}

/**
 * git checks signatures on its own, with nothing on the command line asking for it (S30
 * git-signed-tag-verify, R37 traced under git 2.39): fmt-merge-msg, which `git merge` and `git
 * pull` run for their message, runs `gpg --verify` on every merged annotated tag that carries a
 * signature block, and `git archive` fills a file's `$Format:%G?$` (attribute `export-subst`) by
 * checking the archived commit's signature. Whether a ref is a signed tag, or the archived tree
 * has such a file, the text does not show: only where it shows that gpg can run is that judged
 * as gpg (a plain `git merge feature` is not), here when a command names a tag.
 * fmt-merge-msg merges whatever its input lists (stdin, `--file`, FETCH_HEAD), a tag included.
 */
function checksMergedTags(name: string, operands: readonly Word[], args: readonly Word[]): boolean {
  if (name === "fmt-merge-msg") return !given(args, /^(-h|--help)$/);
  if (name !== "merge" && name !== "pull") return false;
  // `git pull REMOTE tag NAME` is `refs/tags/NAME:refs/tags/NAME`; a ref spelled in the tags.
  const refs = name === "pull" ? operands.slice(1) : operands;
  return refs.some(
    (word) =>
      word.literal &&
      (/^\+?(refs\/)?tags\/[^/]/.test(word.text) || (name === "pull" && word.text === "tag")),
  );
}

/** Plumbing that writes objects from the text it reads (a heredoc may build any tree or tag). */
const OBJECT_BUILDERS: ReadonlySet<string> = new Set([
  ...["hash-object", "mktree", "mktag", "commit-tree", "fast-import", "unpack-objects"],
  "index-pack",
]);

/** An earlier git run that wrote objects from text (hash-object only with `-w`). */
function builtObjects(run: readonly string[]): boolean {
  const sub = run[1] ?? "";
  if (sub !== "hash-object") return OBJECT_BUILDERS.has(sub);
  return run.slice(2).some((word) => /^-[a-z]*w/.test(word) || word === "--write");
}

/**
 * An earlier git run that made a tag object from text (mktag, `hash-object -t tag`), or
 * pointed a tag at a name a later merge merges (`git tag -a v1 -m …`, whose message may carry
 * a signature block, or `git tag v1 $obj` / `update-ref refs/tags/v1 $obj` for a tag object).
 */
function madeMergedTag(run: readonly string[], merged: readonly string[]): boolean {
  const sub = run[1] ?? "";
  const args = run.slice(2);
  if (sub === "mktag") return true;
  if (sub === "hash-object") {
    const typed = args.findIndex((word) => /^(-t|--type)$/.test(word));
    return (
      builtObjects(run) &&
      ((typed >= 0 &&
        args[typed + 1] !== "commit" &&
        args[typed + 1] !== "tree" &&
        args[typed + 1] !== "blob") ||
        args.some((word) => /^(-t|--type=)tag$/.test(word)))
    );
  }
  // `git fetch REMOTE tag v1` stores refs/tags/v1: a later `git merge v1` merges that tag.
  if (sub === "fetch") {
    return args.some((word, i) => word === "tag" && merged.includes(args[i + 1] ?? ""));
  }
  if (sub !== "tag" && sub !== "update-ref") return false;
  if (sub === "tag" && args.some((word) => /^-[a-zA-Z]*[ldv]|^--(list|delete|verify)/.test(word))) {
    return false;
  }
  // The names the run gives a tag: tag's words, update-ref's ref (its first operand).
  const names = sub === "tag" ? args : args.filter((word) => !word.startsWith("-")).slice(0, 1);
  return names.some(
    (word) =>
      /[$`]/.test(word) ||
      merged.some(
        (ref) => word === ref || `refs/tags/${ref}` === word || `refs/tags/${word}` === ref,
      ),
  );
}

/**
 * The signature checks an earlier command of the string makes possible (see
 * {@link checksMergedTags}): a merge or pull of a tag the string made, and an archive after it
 * wrote objects from text (a tree whose `.gitattributes` says `export-subst` and whose file
 * holds `$Format:%G?$`, a commit with a `gpgsig`: R37 traced gpg --verify).
 */
export function writtenSignatureChecks(
  canonical: readonly Word[],
  earlier: () => readonly { readonly executed: readonly string[] | null }[],
): Injection[] {
  const name = canonical[1]?.literal === true ? canonical[1].text : "";
  const args = canonical.slice(2);
  const archive = name === "archive" && !given(args, /^--(r|re|rem|remo|remot|remote)(=|$)/);
  if (!archive && name !== "merge" && name !== "pull") return [];
  const merged = archive ? [] : gitOptionWords(name, args).operands.map((word) => word.text);
  for (const unit of earlier()) {
    const run = gitRun(unit.executed);
    if (run !== null && (archive ? builtObjects(run) : madeMergedTag(run, merged))) {
      return [startsProgram(`git ${name}`, SIGNATURE_VERIFIER)];
    }
  }
  return [];
}

/**
 * Options that take the next word as their value, per subcommand whose operand may be a
 * repository (git 2.39 `-h`, and newer: clone --revision and --ref-format): the repository is
 * the first operand after them. A long option may be abbreviated to a unique prefix.
 */
const REMOTE_VALUE_OPTIONS: Readonly<Record<string, { long: readonly string[]; short: string }>> =
  (() => {
    const fetch = [
      ...["upload-pack", "jobs", "depth", "shallow-since", "shallow-exclude", "deepen"],
      ...["refmap", "server-option", "negotiation-tip", "filter", "recurse-submodules-default"],
      "submodule-prefix",
    ];
    return {
      fetch: { long: fetch, short: "jo" },
      pull: {
        long: [...fetch, "cleanup", "strategy", "strategy-option"],
        short: "osX",
      },
      push: { long: ["repo", "receive-pack", "exec", "push-option"], short: "o" },
      "ls-remote": { long: ["upload-pack", "exec", "sort", "server-option"], short: "o" },
      clone: {
        long: [
          ...["jobs", "template", "reference", "reference-if-able", "origin", "branch"],
          ...["upload-pack", "depth", "shallow-since", "shallow-exclude", "separate-git-dir"],
          ...["config", "server-option", "filter", "bundle-uri", "revision", "ref-format"],
        ],
        short: "jobuc",
      },
      "fetch-pack": { long: ["upload-pack", "exec", "depth", "shallow-since"], short: "" },
      "send-pack": { long: ["receive-pack", "exec", "remote", "push-option"], short: "" },
      "request-pull": { long: [], short: "" },
      archive: {
        long: ["format", "prefix", "add-file", "add-virtual-file", "output", "remote", "exec"],
        short: "o",
      },
      "submodule add": {
        long: ["branch", "name", "reference", "depth"],
        short: "b",
      },
      "remote add": { long: ["track", "master", "mirror"], short: "tm" },
    };
  })();

/** The service git asks the remote's shell for. */
const SSH_SERVICES: Readonly<Record<string, string>> = {
  push: "git-receive-pack",
  "send-pack": "git-receive-pack",
  archive: "git-upload-archive",
};

/**
 * The ssh runs of a command whose repository is an ssh URL written out: `ssh://[user@]host[:port]/path`
 * (also `git+ssh://`, `ssh+git://`) or git's scp-like `[user@]host:path` (a `:` before any `/`,
 * no `::`). git starts `ssh [-p PORT] [user@]host "git-upload-pack 'path'"`, which reads
 * `~/.ssh/config` and the user's keys: a unit for ssh, so the policy's rule for ssh decides
 * (round 11 adv11b, git-ssh-transport-runs-ssh). A remote NAME is looked up in the
 * repository's configuration, trusted as elsewhere; a URL the same string wrote for it is
 * {@link writtenRemoteRuns}.
 */
function sshRemotes(name: string, args: readonly Word[]): string[][] {
  const repositories = repositoryWords(name, args);
  const service = SSH_SERVICES[name] ?? "git-upload-pack";
  const out: string[][] = [];
  for (const word of repositories) {
    const run = sshRun(word.text, service);
    if (word.literal && run !== null) out.push(run);
  }
  return out;
}

/** The ssh command line git runs for a URL, or null when the URL is no ssh URL. */
export function sshRun(url: string, service = "git-upload-pack"): string[] | null {
  const scheme =
    /^(?:ssh|git\+ssh|ssh\+git):\/\/(?:([^@/]*)@)?(\[[^\]]*\]|[^:/]*)(?::(\d*))?(\/.*)?$/i.exec(
      url,
    );
  if (scheme) {
    const [, user, host = "", port, path = "/"] = scheme;
    if (host === "") return null;
    const target = `${user === undefined ? "" : `${user}@`}${host.replace(/^\[|\]$/g, "")}`;
    return [...sshOptions(service), ...(port ? ["-p", port] : []), target, `${service} '${path}'`];
  }
  if (url.includes("::") || /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(url)) return null;
  const colon = url.indexOf(":");
  const slash = url.indexOf("/");
  // git's test (url_is_local_not_ssh): a `:` with no `/` before it, the first character
  // too: `:/x` is host "" and path `/x`, and git runs `ssh '' "git-upload-pack '/x'"`.
  if (colon === -1 || (slash !== -1 && slash < colon)) return null;
  const target = url.slice(0, colon).replace(/^\[|\]$/g, "");
  // A bracketed `[host:port]` keeps its port; anything left of the colon is the host. git
  // refuses a host that starts with a dash.
  if (target.startsWith("-")) return null;
  return [...sshOptions(service), target, `${service} '${url.slice(colon + 1)}'`];
}

/** `ssh` and its options: fetches ask for protocol v2 through GIT_PROTOCOL, pushes do not. */
function sshOptions(service: string): string[] {
  return service === "git-receive-pack" ? ["ssh"] : ["ssh", "-o", "SendEnv=GIT_PROTOCOL"];
}

/**
 * The words of a command that name the repository it connects to: the first operand (clone,
 * fetch, pull, push, ls-remote, fetch-pack, send-pack; every operand after --multiple), the
 * second of request-pull, `push --repo`, `archive --remote`, the URL of `submodule add` and
 * of `remote add -f`. An ssh URL written with a user (`git@host:path`) or a scheme counts
 * wherever it stands, so an option this table does not know cannot hide it.
 */
function repositoryWords(name: string, args: readonly Word[]): Word[] {
  let key = name;
  let rest = args;
  let skip = 0;
  if (name === "submodule" || name === "remote") {
    const at = args.findIndex((word) => !word.text.startsWith("-"));
    if (args[at]?.text !== "add") return [];
    if (name === "remote" && !given(args, /^(-[a-z]*f|--f(e(t(ch?)?)?)?)$/)) return [];
    key = `${name} add`;
    rest = args.slice(at + 1);
    skip = name === "remote" ? 1 : 0;
  } else if (name === "request-pull") {
    skip = 1;
  } else if (REMOTE_VALUE_OPTIONS[name] === undefined) {
    return [];
  }
  // `ls-remote --get-url` prints the URL (unless a later --no-get-url switched it off: the
  // words come as git reads them); archive's operands are a tree and paths.
  if (name === "ls-remote" && given(args, /^--get-url$/)) return [];
  const options = REMOTE_VALUE_OPTIONS[key] ?? { long: [], short: "" };
  const out = new Set<Word>();
  const operands: Word[] = [];
  let dashes = false;
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i] as Word;
    const text = word.text;
    if (/^(ssh|git\+ssh|ssh\+git):\/\/|^[^/:@]+@[^/:{}]+:/i.test(text.replace(/^--[a-z-]+=/, ""))) {
      if (!text.startsWith("--")) out.add(word);
    }
    if (dashes || !text.startsWith("-") || text === "-") {
      operands.push(word);
      continue;
    }
    if (text === "--") {
      // pull hands the words after its `--` to fetch without one: fetch reads them as
      // options again (`git pull -- --recurse-submodules x main` fetches from x).
      if (name !== "pull") dashes = true;
      continue;
    }
    if (text.startsWith("--")) {
      const eq = text.indexOf("=");
      const written = text.slice(2, eq === -1 ? undefined : eq);
      // git's own table decides: an exact name wins over the longer ones it starts
      // (`--recurse-submodules` takes only an attached value, not `-default=`'s next word).
      const valued =
        written.length > 0 &&
        (gitLongTakesValue(key, written) ?? options.long.some((long) => long.startsWith(written)));
      const value = eq !== -1 ? tail(word, eq + 1) : valued ? rest[++i] : undefined;
      const names = written.length >= 3 && ["repo", "remote"].some((n) => n.startsWith(written));
      if (value !== undefined && names) out.add(value);
      continue;
    }
    for (let k = 1; k < text.length; k++) {
      if (!options.short.includes(text[k] as string)) continue;
      if (k + 1 === text.length) i++;
      break;
    }
  }
  const multiple = name === "fetch" && given(args, /^--mu/);
  if (name !== "archive") {
    for (const word of multiple ? operands : operands.slice(skip, skip + 1)) out.add(word);
  }
  return [...out];
}

/**
 * The ssh runs of a fetch, pull, push or ls-remote whose remote NAME an earlier command of the
 * same string pointed at an ssh URL (`git remote add origin git@host:r.git && git push origin
 * main`, `git remote set-url`, `git config remote.NAME.url`). Without a name, `origin`.
 */
export function writtenRemoteRuns(
  canonical: readonly Word[],
  earlier: () => readonly { readonly executed: readonly string[] | null }[],
): Injection[] {
  const name = canonical[1]?.text ?? "";
  if (canonical[1]?.literal !== true) return [];
  // A URL rewrite an earlier `git config` wrote (`url.BASE.insteadOf PREFIX`) applies to any
  // URL of a later command that reaches a remote, a remote's configured one included: the
  // transport of BASE runs (ssh for an ssh base; `ext::` runs its command).
  if (!REMOTE_COMMANDS.test(name)) return [];
  const units = earlier();
  const rewrites = writtenRewrites(units);
  const rewritten = rewrites.flatMap((base): Injection[] => {
    if (/^ext::/i.test(base)) {
      return [{ name: "url.insteadOf", value: wordFromText(base.slice(5)), command: true }];
    }
    const ssh = sshRun(base.endsWith("/") || base.endsWith(":") ? `${base}x` : base);
    return ssh === null ? [] : [startsProgram(`git ${name}`, ssh)];
  });
  const remotes = reachedRemotes(name, canonical);
  if (remotes === null) return rewritten;
  const service = SSH_SERVICES[name] ?? "git-upload-pack";
  const out: Injection[] = [];
  for (const [remote, urls] of writtenRemoteUrls(units)) {
    if (remotes !== "all" && (remote === ANY_REMOTE || !remotes.has(remote))) continue;
    for (const url of urls) {
      const ssh = sshRun(url, service);
      if (ssh !== null) out.push(startsProgram(`git ${name}`, ssh));
    }
  }
  return [...rewritten, ...out];
}

/** The key, in {@link writtenRemoteUrls}, of URLs a command reaching no named remote uses. */
const ANY_REMOTE = "\u0000any";

/**
 * The URLs earlier units of the string gave remotes, by remote name: `remote add|set-url NAME
 * URL`, `config remote.NAME.url URL`, a `remote rename OLD NEW` carrying OLD's to NEW (B21
 * remote-rename), `config remotes.GROUP 'A B'` (each member of the group, a name or a URL),
 * and under {@link ANY_REMOTE} the values of `branch.NAME.remote`, `branch.NAME.pushRemote`
 * and `remote.pushDefault`, the URL itself when no remote has that name (B21 branch-remote,
 * push-default).
 */
function writtenRemoteUrls(
  units: readonly { readonly executed: readonly string[] | null }[],
): Map<string, string[]> {
  const urls = new Map<string, string[]>();
  const add = (remote: string, url: string) => urls.set(remote, [...(urls.get(remote) ?? []), url]);
  for (const unit of units) {
    const run = gitRun(unit.executed);
    if (run === null) continue;
    // The operands as git reads them: an option's value (`remote add -t BRANCH`, `--tr B`,
    // `config -f FILE`) is none.
    const operands = gitOptionWords(
      run[1] ?? "",
      run.slice(2).map((text) => wordFromText(text)),
    ).operands.map((word) => word.text);
    const [first, second, third] = operands;
    if (run[1] === "remote" && /^(add|set-url)$/.test(first ?? "")) {
      if (second !== undefined && third !== undefined) add(second, third);
    } else if (run[1] === "remote" && /^rename$/.test(first ?? "")) {
      if (second !== undefined && third !== undefined) {
        for (const url of urls.get(second) ?? []) add(third, url);
      }
    } else if (run[1] === "config" && first !== undefined && second !== undefined) {
      const remote = /^remote\.(.+)\.(push)?url$/i.exec(first);
      const group = /^remotes\.([^.]+)$/i.exec(first);
      if (remote) add(remote[1] as string, second);
      else if (group) {
        // A member is a remote's name (its URLs so far) or a URL.
        for (const member of second.split(/\s+/)) {
          for (const url of [member, ...(urls.get(member) ?? [])]) add(group[1] as string, url);
        }
      } else if (/^(branch\..+\.(push)?remote|remote\.pushdefault)$/i.test(first)) {
        add(ANY_REMOTE, second);
      }
    }
  }
  return urls;
}

/** Subcommands that reach a remote by URL (or a remote's URL). */
const REMOTE_COMMANDS =
  /^(fetch|pull|push|ls-remote|clone|archive|remote|submodule|fetch-pack|send-pack|request-pull|maintenance)$/;

/**
 * The remotes (by name) a command reaches: those it names (`fetch x`, `remote show x`,
 * `archive --remote=x`), every one (`fetch --all`, `remote update`, which may name a group,
 * `maintenance run`, whose prefetch task fetches them all), or every one for a bare fetch,
 * pull, push or ls-remote (the branch's remote, the push default, the only remote or `origin`:
 * not known here). Null for a command that reaches none by name.
 */
function reachedRemotes(name: string, canonical: readonly Word[]): Set<string> | "all" | null {
  const args = gitOptionWords(name, canonical.slice(2)).effective;
  const texts = args.map((word) => (word.literal ? word.text : "$"));
  const operands = texts.filter((text) => !text.startsWith("-"));
  if (name === "maintenance") return operands[0] === "run" ? "all" : null;
  if (name === "remote") {
    const [action, ...named] = operands;
    if (action === "update") return "all";
    if (!/^(show|prune|set-head|update)$/.test(action ?? "")) return null;
    return named.includes("$") ? "all" : new Set(named);
  }
  if (name === "archive") {
    const remote = longValues(args, "remote")[0];
    if (remote === undefined) return null;
    return remote.literal ? new Set([remote.text]) : "all";
  }
  if (!/^(fetch|pull|push|ls-remote)$/.test(name)) return null;
  if (name !== "push" && texts.includes("--all")) return "all";
  const words = repositoryWords(name, args);
  if (words.some((word) => !word.literal)) return "all";
  if (words.length > 0) return new Set(words.map((word) => word.text));
  // Without a branch's remote git 2.4x takes the only remote there is when there is one, and
  // `origin` only otherwise (traced: `git remote add x git@h:r; git fetch` ran ssh git@h):
  // which remotes the repository already has is not known, so any remote the string wrote.
  return "all";
}

/**
 * An earlier unit's words as `git SUB …` when it ran git: by name, by a path to it in any
 * folder (`/usr/bin/git`: a git there writes the same repository's config), or as git-core's
 * dashed program (`/usr/lib/git-core/git-config`); null for any other program.
 */
function gitRun(run: readonly string[] | null): readonly string[] | null {
  const head = run?.[0];
  if (run === null || head === undefined) return null;
  const base = head.slice(head.lastIndexOf("/") + 1);
  if (base === "git") return run;
  const dashed = /^git-([a-z][a-z0-9-]*)$/.exec(base);
  return dashed === null ? null : ["git", dashed[1] as string, ...run.slice(1)];
}

/** Settings that choose how a pull rebases: `pull.rebase`, `branch.NAME.rebase`. */
const REBASE_KEY = /^(pull|branch\..+)\.rebase$/i;

/**
 * Whether a setting makes a pull rebase interactively: `pull.rebase` or `branch.NAME.rebase`
 * set to `i` or `interactive` (git compares them exactly), or to a value not known here.
 */
function interactiveRebaseSetting(key: string, value: Word): boolean {
  return REBASE_KEY.test(key) && (!value.literal || /^(i|interactive)$/.test(value.text));
}

/** Whether a pull's own options choose how it rebases, over any setting (`-r`, `--no-rebase`). */
function rebaseChosen(args: readonly Word[]): boolean {
  return given(args, /^(--rebase(=.*)?|--no-rebase|-r.*)$/);
}

/**
 * The editor a pull starts because an earlier `git config` of the same string made pulls
 * rebase interactively (`git config pull.rebase interactive; git pull`): git rebases with
 * `--interactive` and the sequence editor edits the todo list. Undefined otherwise, and when
 * the pull's own options choose how it rebases.
 */
export function writtenInteractiveRebase(
  canonical: readonly Word[],
  earlier: () => readonly { readonly executed: readonly string[] | null }[],
): "sequence" | undefined {
  if (canonical[1]?.literal !== true || canonical[1].text !== "pull") return undefined;
  if (rebaseChosen(gitOptionWords("pull", canonical.slice(2)).effective)) return undefined;
  for (const unit of earlier()) {
    const run = gitRun(unit.executed);
    if (run === null || run[1] !== "config") continue;
    const words = run.slice(2);
    // Any word naming the key, and the value after it (`config set`, `--add`, `-f FILE`
    // alike): `i`, `interactive` or one only known at run time (`$v`).
    for (const [i, word] of words.entries()) {
      if (!REBASE_KEY.test(word)) continue;
      const value = words[i + 1];
      if (value !== undefined && (/^(i|interactive)$/.test(value) || /[$`]/.test(value))) {
        return "sequence";
      }
    }
  }
  return undefined;
}

/** The bases of `url.BASE.insteadOf` / `pushInsteadOf` rewrites earlier `git config` calls wrote. */
function writtenRewrites(
  earlier: readonly { readonly executed: readonly string[] | null }[],
): string[] {
  const bases: string[] = [];
  for (const unit of earlier) {
    const run = gitRun(unit.executed);
    if (run === null || run[1] !== "config") continue;
    for (const word of run.slice(2)) {
      const key = /^url\.(.+)\.(push)?insteadof$/i.exec(word);
      if (key) bases.push(key[1] as string);
    }
  }
  return bases;
}

/**
 * `git help NAME`, `git --help NAME` and `git NAME --help` show the manual page: git runs
 * `man git-NAME` (a guide: `man gitNAME`), or `info` with -i; -w starts a browser (the
 * table's help entry). A list (-a, -g, -c, …) or no name runs nothing. help.format set by -c
 * is an injection of its own; the repository's own configuration is trusted as elsewhere.
 */
function helpPage(args: readonly Word[], out: GitReading): void {
  let viewer = "man";
  let page: Word | undefined;
  for (const word of args) {
    const text = word.text;
    if (!word.literal) {
      if (page === undefined) page = word;
      continue;
    }
    if (/^-[a-z]*[agc]|^--(a|g|c|u|d|e|no-e)/.test(text)) return;
    if (/^-[a-z]*i|^--i/.test(text)) viewer = "info";
    else if (/^-[a-z]*w|^--w/.test(text)) return;
    else if (/^-[a-z]*m|^--m/.test(text)) viewer = "man";
    else if (!text.startsWith("-") && page === undefined) page = word;
  }
  if (page === undefined) return;
  const name = page.text;
  const manual =
    name === "git" || name.startsWith("git")
      ? name
      : GIT_SUBCOMMANDS.has(name)
        ? `git-${name}`
        : `git${name}`;
  out.injections.push(startsProgram("git help", [viewer, manual]));
}

/**
 * A subcommand that starts the editor git is configured with (core.editor, GIT_EDITOR,
 * VISUAL, EDITOR, else vi): a program named in configuration the command line does not show,
 * so `git *` allowed does not allow it. Each entry proves its own examples.
 */
export interface GitEditorRun {
  readonly subcommand: string;
  /** Whether these arguments start the editor. */
  readonly runs: (args: readonly Word[]) => boolean;
  readonly match: readonly string[];
  readonly notMatch: readonly string[];
  readonly note: string;
}

/** A literal argument matching `pattern`. */
function given(args: readonly Word[], pattern: RegExp): boolean {
  return args.some((word) => word.literal && pattern.test(word.text));
}

/** The values of a long option as git's options come spelled out: `--NAME=V` or `--NAME V`. */
function longValues(args: readonly Word[], name: string): Word[] {
  const values: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as Word;
    // `"--fixup=$(echo amend:HEAD)"`: the option is written out, its value is computed.
    if (!word.literal && !word.text.startsWith(`--${name}=`)) continue;
    if (word.text === "--") break;
    if (word.text.startsWith(`--${name}=`)) values.push(tail(word, name.length + 3));
    else if (word.text === `--${name}` && args[i + 1] !== undefined) values.push(args[++i] as Word);
  }
  return values;
}

/** Options that give the message, so no editor opens (short letters may be clustered: `-am`). */
const MESSAGE_GIVEN = /^-[a-zA-Z]*[mF]|^--(message|file|no-edit)(=|$)/;

/**
 * A literal long option `--NAME`, or a prefix of it at least `min` characters long after the
 * dashes (git's parse-options takes any unambiguous prefix: `--edit` for `--edit-description`).
 */
function long(args: readonly Word[], name: string, min = name.length): boolean {
  return args.some(
    (word) =>
      word.literal &&
      word.text.startsWith("--") &&
      word.text.length >= min + 2 &&
      `--${name}`.startsWith(word.text),
  );
}

/**
 * A literal short option `-L`, alone or in a cluster (`-up`), before any letter of `values`
 * (an option whose value is the rest of the cluster: `-mp` is the message "p").
 */
function short(args: readonly Word[], letter: string, values = ""): boolean {
  return args.some((word) => {
    if (!word.literal || !/^-[^-]/.test(word.text)) return false;
    for (const c of word.text.slice(1)) {
      if (c === letter) return true;
      if (values.includes(c)) return false;
    }
    return false;
  });
}

/**
 * Patch and interactive modes (`add -p`, `add -i`, `stash -p`, `checkout -p`, `restore -p`,
 * `reset -p`, `commit -p`, `commit --interactive`, `am -i`): each hunk's answer is read from
 * stdin, and the answer `e` opens the editor on the hunk, so with stdin fed (a here-string, a
 * heredoc, a pipe) the string decides that the editor runs (round 11 adv11b,
 * git-patch-mode-edit-from-stdin). Without stdin the prompt reads nothing and nothing runs;
 * a mode that only waits for a person is no command for an agent either way.
 */
const PATCH_MODES: readonly (readonly [string, string, string])[] = [
  // subcommand, the patch letter, letters whose value ends a cluster
  ["add", "p", ""],
  ["add", "i", ""],
  ["stage", "p", ""],
  ["stage", "i", ""],
  ["stash", "p", "m"],
  ["checkout", "p", "bB"],
  ["restore", "p", "s"],
  ["reset", "p", ""],
  ["commit", "p", "mFCct"],
];

function patchMode(subcommand: string, args: readonly Word[]): boolean {
  // `stash show -p` prints a diff: only `stash push` and `stash save` (or none) ask per hunk;
  // the action is found as git finds it (`stash -m show -p` is `stash push`).
  const action = subcommand === "stash" ? gitAction("stash", args) : null;
  if (typeof action === "string" && !/^(push|save)$/.test(action)) {
    return false;
  }
  return (
    PATCH_MODES.some(
      ([name, letter, values]) => name === subcommand && short(args, letter, values),
    ) ||
    long(args, "patch", 2) ||
    long(args, "interactive", 3)
  );
}

export const GIT_EDITOR_COMMANDS: readonly GitEditorRun[] = [
  {
    subcommand: "commit",
    runs: (args) =>
      patchMode("commit", args) ||
      given(args, /^(-e|--edit|-c.*|--reedit-message(=.*)?)$/) ||
      // `--fixup=amend:X` and `--fixup=reword:X` rewrite X's message in the editor; a value
      // only known at run time may be one (`--fixup "$(echo amend:HEAD)"`, `"${x-amend:X}"`).
      (longValues(args, "fixup").some(
        (value) => !value.literal || /^(amend|reword):/.test(value.text),
      ) &&
        !long(args, "no-edit", 4)) ||
      (!given(args, MESSAGE_GIVEN) &&
        !given(args, /^-[a-zA-Z]*C|^--(reuse-message|fixup|dry-run|porcelain|short|long)(=|$)/)),
    match: [
      "git commit",
      "git commit --amend",
      "git commit -a",
      "git commit -m x -e",
      "git commit --fixup=amend:HEAD",
      "git commit --fixup=reword:HEAD~1 --allow-empty",
      "git commit --fixup amend:HEAD",
      "git commit --fixu reword:HEAD",
      'git commit --fixup "$(echo amend:HEAD)"',
      'git commit "--fixup=$(echo reword):HEAD"',
      "git commit -m x --no-message",
      "git commit --dry-run --no-dry-run",
      "git commit -C HEAD --no-reuse-message",
      "git commit --squash=HEAD",
      "git commit -p -m x",
      "git commit --interactive -m x",
    ],
    notMatch: [
      "git commit -m wip",
      "git commit -am wip",
      "git commit --amend --no-edit",
      "git commit -F msg.txt",
      "git commit -C HEAD",
      "git commit --fixup HEAD~1",
      "git commit --fixup=reword:HEAD --no-edit",
      "git commit --squash=HEAD -m more",
    ],
    note: "commit without a message (-m, -F, -C, --no-edit, --fixup) writes it in the editor; --fixup=amend:/reword: rewrites the old one there",
  },
  {
    subcommand: "tag",
    runs: (args) =>
      given(args, /^(-e|--edit)$/) ||
      (given(args, /^-[a-zA-Z]*[asu]|^--(annotate|sign|local-user)(=|$)/) &&
        !given(args, /^-[a-zA-Z]*[mFdlv]|^--(message|file|delete|list|verify)(=|$)/)),
    match: ["git tag -a v1", "git tag -s v1 HEAD", "git tag -a v1 -m x -e"],
    notMatch: ["git tag v1", "git tag -a v1 -m release", "git tag -l", "git tag -d v1"],
    note: "an annotated or signed tag without -m/-F writes its message in the editor",
  },
  {
    subcommand: "rebase",
    runs: (args) =>
      given(args, /^(-i|--edit-todo)$|^-[fkmnqrv]*i[fkmnqrv]*$/) ||
      long(args, "interactive", 3) ||
      // After a conflict, the commit of the resolved step takes its message in the editor;
      // `--autosquash` combines the messages of `squash!` commits there.
      long(args, "continue", 3) ||
      long(args, "autosquash", 2),
    match: [
      "git rebase -i HEAD~3",
      "git rebase --interactive main",
      "git rebase --edit-todo",
      "git rebase --continue",
      "git rebase --cont",
      "git rebase --autosquash main",
    ],
    notMatch: ["git rebase main", "git rebase --abort", "git rebase --skip"],
    note: "an interactive rebase edits its todo list with the sequence editor; --continue commits a resolved step through the editor",
  },
  {
    subcommand: "merge",
    runs: (args) =>
      given(args, /^(-e|--edit)$/) || long(args, "edit", 2) || long(args, "continue", 2),
    match: ["git merge -e x", "git merge --edit main", "git merge --continue"],
    notMatch: ["git merge main", "git merge --abort", "git merge --no-edit main"],
    note: "merge --edit opens the editor; --continue commits the resolved merge through it",
  },
  {
    subcommand: "branch",
    runs: (args) => long(args, "edit-description", 2),
    match: ["git branch --edit-description", "git branch --edit main"],
    notMatch: ["git branch -d x", "git branch --list", "git branch -m a b"],
    note: "branch --edit-description opens the branch's description in the editor",
  },
  {
    subcommand: "config",
    runs: (args) =>
      given(args, /^(-e|--edit)$/) || long(args, "edit", 2) || args[0]?.text === "edit",
    match: ["git config -e", "git config --global --edit", "git config edit", "git config --ed"],
    notMatch: ["git config user.name x", "git config -l"],
    note: "config --edit opens the configuration file in the editor",
  },
  {
    subcommand: "notes",
    // The action as git finds it, past notes' own `--ref X` (`git notes --ref list edit`
    // edits); one that cannot be known may be edit.
    runs: (args) => {
      const action = gitAction("notes", args);
      return (
        action === undefined ||
        action === "edit" ||
        (/^(add|append)$/.test(action ?? "") &&
          (given(args, /^(-[a-zA-Z]*[ec]|--(edit|reedit-message)(=|$))/) ||
            !given(args, /^-[a-zA-Z]*[mFC]|^--(message|file|reuse-message)(=|$)/)))
      );
    },
    match: [
      "git notes add",
      "git notes --ref list edit",
      "git notes --ref=x add",
      "git notes edit HEAD",
      "git notes append HEAD~1",
      "git notes add -c HEAD~1 HEAD",
      "git notes add -m x -e",
    ],
    notMatch: [
      "git notes add -m x",
      "git notes list",
      "git notes show",
      "git notes add -C abc",
      "git notes --ref edit list",
    ],
    note: "a note without -m/-F/-C is written in the editor, -c and -e edit the given one there",
  },
  {
    subcommand: "pull",
    // `-r` takes its optional value attached (`-ri`, `-rinteractive`, `-qri`).
    runs: (args) =>
      given(args, /^(--rebase=|-r)(i|interactive)$|^(-e|--edit)$/) || long(args, "edit", 2),
    match: [
      "git pull --rebase=interactive",
      "git pull --rebase=i origin main",
      "git pull -e",
      "git pull -ri . main",
      "git pull -rinteractive",
      "git pull -qri",
      "git pull --reb=i",
      "git -c pull.rebase=i pull",
      "git -c branch.main.rebase=interactive pull . main",
      "git --config-env=pull.rebase=R pull",
    ],
    notMatch: [
      "git pull --rebase",
      "git pull --rebase=merges",
      "git pull --no-edit",
      "git pull -r i",
      "git pull -rm",
      "git -c pull.rebase=true pull",
      "git -c pull.rebase=i pull --no-rebase",
      "git -c pull.rebase=i pull -r",
      "git -c pull.rebase=i fetch",
    ],
    note: "pull --rebase=interactive edits the rebase's todo list with the sequence editor; --edit the merge message",
  },
  {
    subcommand: "replace",
    runs: (args) => given(args, /^(-e|--edit)$/) || long(args, "edit", 2),
    match: ["git replace --edit HEAD"],
    notMatch: ["git replace -d abc123"],
    note: "replace --edit opens the object's content in the editor",
  },
  {
    // git-send-email(1): --compose writes the introduction, --annotate each patch, in the editor.
    subcommand: "send-email",
    runs: (args) => long(args, "compose", 3) || long(args, "annotate", 2),
    match: ["git send-email --compose p.patch", "git send-email --annotate p.patch"],
    notMatch: ["git send-email --to=a@x.example p.patch", "git send-email --no-annotate p.patch"],
    note: "send-email --compose and --annotate open the editor",
  },
  {
    subcommand: "am",
    runs: (args) => short(args, "i", "CpS") || long(args, "interactive", 2),
    match: ["git am -i p.patch", "git am --interactive p.patch"],
    notMatch: ["git am p.patch", "git am --continue"],
    note: "am --interactive asks for each patch and `e` edits it in the editor",
  },
  ...["add", "stage", "stash", "checkout", "restore", "reset"].map(
    (subcommand): GitEditorRun => ({
      subcommand,
      runs: (args) =>
        patchMode(subcommand, args) ||
        (/^(add|stage)$/.test(subcommand) &&
          (given(args, /^(-e|--edit)$/) || long(args, "edit", 2))),
      match: [`git ${subcommand} -p`, `git ${subcommand} --patch`],
      notMatch: [
        `git ${subcommand} README.md`,
        ...(subcommand === "stash" ? ["git stash show -p", "git stash push -m p"] : []),
      ],
      note: `${subcommand} --patch asks for each hunk and \`e\` edits it in the editor`,
    }),
  ),
  // revert and cherry-pick edit the message by default only on a terminal, which Pi's
  // commands do not have (strace: `cherry-pick --continue` after a conflict opens none).
  ...["revert", "cherry-pick"].map(
    (subcommand): GitEditorRun => ({
      subcommand,
      runs: (args) => given(args, /^(-e|--edit)$/) || long(args, "edit", 2),
      match: [`git ${subcommand} -e x`, `git ${subcommand} --edit x`],
      notMatch: [`git ${subcommand} x`, `git ${subcommand} --continue`],
      note: `${subcommand} --edit opens the editor`,
    }),
  ),
];

const GIT_EDITOR_RUNS: ReadonlyMap<string, GitEditorRun> = new Map(
  GIT_EDITOR_COMMANDS.map((entry) => [entry.subcommand, entry]),
);

/** Signing options: git runs gpg.program (gpg, or ssh-keygen / gpgsm by gpg.format) to sign. */
const SIGNS = /^(-S.*|--gpg-sign(=.*)?)$/;

/**
 * Subcommands that start a program other than git: a signing program, a diff or merge tool, a
 * web server or browser, a Tk interface. `git *` allowed does not allow that program (the policy
 * may ask for it, as P1 asks for gpg and vim). Same shape as {@link GIT_EDITOR_COMMANDS}.
 */
export const GIT_PROGRAM_COMMANDS: readonly GitEditorRun[] = [
  ...(
    [
      ["commit", "-m m", "--no-gpg-sign -m m"],
      ["merge", "main", "--no-gpg-sign main"],
      ["rebase", "main", "main"],
      ["cherry-pick", "abc123", "abc123"],
      ["revert", "--no-edit HEAD", "--no-edit HEAD"],
      ["am", "p.patch", "p.patch"],
      ["commit-tree", "-m m HEAD^{tree}", "-m m HEAD^{tree}"],
      ["pull", "origin main", "--rebase origin main"],
    ] as const
  ).map(
    ([subcommand, rest, plain]): GitEditorRun => ({
      subcommand,
      runs: (args) => given(args, SIGNS),
      match: [`git ${subcommand} -S ${rest}`, `git ${subcommand} --gpg-sign=KEY ${rest}`],
      notMatch: [`git ${subcommand} ${plain}`],
      note: `${subcommand} -S signs with gpg.program`,
    }),
  ),
  {
    subcommand: "tag",
    runs: (args) => given(args, /^-[a-zA-Z]*[su]|^--(sign|local-user)(=|$)/),
    match: ["git tag -s v1 -m m", "git tag -u KEY v1 -m m", "git tag --sign v1 -m m"],
    notMatch: ["git tag v1", "git tag -a v1 -m m", "git tag -d v1"],
    note: "a signed tag runs gpg.program",
  },
  {
    subcommand: "push",
    runs: (args) => given(args, /^--signed(=(true|yes|on|1|if-asked))?$/),
    match: ["git push --signed origin main", "git push --signed=if-asked origin"],
    notMatch: ["git push origin main", "git push --signed=no origin"],
    note: "a signed push runs gpg.program",
  },
  ...["difftool", "mergetool"].map(
    (subcommand): GitEditorRun => ({
      subcommand,
      runs: (args) => !given(args, /^--tool-help$/),
      match: [
        `git ${subcommand}`,
        `git ${subcommand} -y HEAD`,
        // difftool's parse-options: the last of --tool-help and --no-tool-help decides.
        ...(subcommand === "difftool" ? ["git difftool --tool-help --no-tool-help"] : []),
      ],
      notMatch: [`git ${subcommand} --tool-help`],
      note: `${subcommand} starts the configured tool (diff.tool / merge.tool), else one it finds (vimdiff)`,
    }),
  ),
  // git's own back ends, runnable as `git NAME` like any dashed command (S26 difftool-helper,
  // traced: `printf ':!rm -rf y\n…' | git difftool--helper …` ran vimdiff on the pipe).
  {
    subcommand: "difftool--helper",
    runs: () => true,
    match: ["git difftool--helper a b c d e f g", "git difftool--helper"],
    notMatch: [],
    note: "difftool's back end starts the diff tool (GIT_DIFF_TOOL, diff.tool, else vimdiff) on the files it is given",
  },
  {
    subcommand: "web--browse",
    runs: (args) => !given(args, /^(-h|--help)$/),
    match: ["git web--browse https://example.com", "git web--browse -b w3m x.html"],
    notMatch: ["git web--browse --help"],
    note: "help --web's back end starts a browser (browser.NAME.cmd, else one it finds)",
  },
  {
    subcommand: "help",
    runs: (args) => given(args, /^(-[a-z]*w|--we?b?)$/),
    match: ["git help -w log", "git help --web commit"],
    notMatch: ["git help log", "git help -a", "git help --info commit"],
    note: "help --web starts a browser (web.browser, else one it finds); a manual page or info is a unit for man or info",
  },
  {
    subcommand: "grep",
    // `-O` takes its value attached only: a bare `-O` (or one ending a cluster of flags, `-nO`)
    // and `--open-files-in-pager` without `=` (or a unique prefix of it, from `--op`) start the
    // pager on the matching files, with or without a terminal. A written value
    // (`-Ovim`, `--open-files-in-pager=vim`) is judged as a command of its own.
    runs: (args) =>
      given(args, /^-[vhiwaIrEGFPnHlLzocNpWq0-9]*O$/) ||
      args.some(
        (word) =>
          word.literal && word.text.length >= 4 && "--open-files-in-pager".startsWith(word.text),
      ),
    match: [
      "git grep -O TODO",
      "git grep -nO TODO src",
      "git grep --open-files-in-pager TODO",
      "git grep --open TODO",
    ],
    notMatch: [
      "git grep -n TODO",
      "git grep -Ovim TODO",
      "git grep --open-files-in-pager=vim TODO",
      "git grep -e -Ox TODO",
      "git grep --or -e a -e b",
    ],
    note: "grep -O without a value starts the configured pager (GIT_PAGER, core.pager, PAGER, else less) on the matching files",
  },
  ...["instaweb", "web--browse", "gui", "citool"].map(
    (subcommand): GitEditorRun => ({
      subcommand,
      runs: (args) => {
        // web--browse reads its options only before the first URL (`URL --help` browses).
        const url = args.findIndex((word) => !word.text.startsWith("-"));
        const options = subcommand === "web--browse" && url !== -1 ? args.slice(0, url) : args;
        if (given(options, /^(--help|-h)$/)) return false;
        // git-instaweb does the last action it is given (`--stop --start` starts).
        const actions = args.filter(
          (word) => !word.literal || /^(--)?(stop|start|restart)$/.test(word.text),
        );
        const last = actions[actions.length - 1];
        return last === undefined || !last.literal || !/^(--)?stop$/.test(last.text);
      },
      match: [
        `git ${subcommand}`,
        ...(subcommand === "instaweb"
          ? ["git instaweb --stop --start", "git instaweb --sto restart"]
          : []),
        ...(subcommand === "web--browse" ? ["git web--browse https://x.example --help"] : []),
      ],
      notMatch: [
        `git ${subcommand} --help`,
        ...(subcommand === "instaweb" ? ["git instaweb --stop", "git instaweb --start --sto"] : []),
      ],
      note: `${subcommand} starts a web server, a browser or wish`,
    }),
  ),
];

const GIT_PROGRAM_RUNS: ReadonlyMap<string, GitEditorRun[]> = (() => {
  const map = new Map<string, GitEditorRun[]>();
  for (const entry of GIT_PROGRAM_COMMANDS) {
    map.set(entry.subcommand, [...(map.get(entry.subcommand) ?? []), entry]);
  }
  return map;
})();

interface OptionSurface {
  long: readonly string[];
  short?: string;
  optional: boolean;
  exact: boolean;
  shadows: readonly string[];
  value: GitOptionValue;
}

/**
 * Short options whose attached rest is a value, per subcommand: scanning a cluster stops
 * there (`-Xtheirs` holds no `-x`). A letter missing here only costs precision.
 */
const VALUE_SHORTS: Readonly<Record<string, string>> = {
  rebase: "sXC",
  merge: "sXmF",
  pull: "sX",
  grep: "efABCm",
  clone: "objc",
  difftool: "t",
  push: "o",
};

function readOptions(
  name: string,
  args: readonly Word[],
  surfaces: readonly OptionSurface[],
  out: GitReading,
  scope: Scope,
): void {
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as Word;
    const text = word.text;
    if (word.literal && (text === "--" || text === "--end-of-options")) return;
    if (word.splittable) {
      // It may expand to an option that runs a command.
      raise(out, SENTINELS.opaqueWrapper);
      continue;
    }
    if (text.startsWith("--")) {
      const eq = text.indexOf("=");
      const written = text.slice(2, eq === -1 ? undefined : eq);
      if (written === "") continue;
      const surface = surfaces.find((candidate) =>
        candidate.long.some((long) =>
          candidate.exact || candidate.shadows.includes(written)
            ? long === written
            : long.startsWith(written),
        ),
      );
      if (surface === undefined) continue;
      let value: Word | null = null;
      if (eq !== -1) value = tail(word, eq + 1);
      else if (!surface.optional) value = args[++i] ?? null;
      optionValue(name, surface, value, out, scope);
      continue;
    }
    if (!text.startsWith("-") || text.length < 2) continue;
    for (let k = 1; k < text.length; k++) {
      const letter = text[k] as string;
      const surface = surfaces.find((candidate) => candidate.short === letter);
      if (surface !== undefined) {
        let value: Word | null = null;
        if (k + 1 < text.length) value = tail(word, k + 1);
        else if (!surface.optional) value = args[++i] ?? null;
        optionValue(name, surface, value, out, scope);
        break;
      }
      if (VALUE_SHORTS[name]?.includes(letter)) break;
    }
  }
}

function optionValue(
  subcommand: string,
  surface: OptionSurface,
  value: Word | null,
  out: GitReading,
  scope: Scope,
): void {
  if (value === null) return;
  const name = `git ${subcommand} --${surface.long[0] ?? surface.short}`;
  switch (surface.value) {
    case "command":
      if (value.literal && value.text.trim() === "") return;
      out.injections.push({ name, value, command: true });
      return;
    case "program-if-path":
      if (value.literal && !/^[/~.]/.test(value.text)) return;
      out.injections.push({ name, value, command: true });
      return;
    case "code":
      out.paths.push(...under(scope.dirs, [{ word: value, access: "read" }]));
      out.injections.push({ name, value, command: false });
      return;
    case "config":
      setting(value, name, out, { ...scope, aliases: new Map() });
      return;
    case "tool":
      // A tool git knows is still a program git starts: the policy never saw it run.
      raise(
        out,
        !value.literal || !GIT_TOOLS.has(value.text)
          ? SENTINELS.gitAlias
          : SENTINELS.indirectionWrapper,
      );
      return;
    case "strategy":
      if (!value.literal || !GIT_STRATEGIES.has(value.text)) raise(out, SENTINELS.gitAlias);
      return;
  }
}

interface OperandSurface {
  after?: string;
  leading?: boolean;
  shape: GitOperandShape;
}

function readOperands(
  name: string,
  args: readonly Word[],
  surface: OperandSurface,
  out: GitReading,
  scope: Scope,
): void {
  let start = 0;
  if (surface.after !== undefined) {
    const at = surface.leading
      ? args[0]?.literal && args[0].text === surface.after
        ? 0
        : -1
      : args.findIndex((word) => word.literal && word.text === surface.after);
    if (at === -1) return;
    start = at + 1;
  }
  let words = args.slice(start);
  const label = `git ${name}${surface.after ? ` ${surface.after}` : ""}`;
  switch (surface.shape) {
    case "argv": {
      if (words[0]?.text === "--") words = words.slice(1);
      const script = joinArgv(words);
      if (script !== null) out.injections.push({ name: label, value: script, command: true });
      return;
    }
    case "script-args": {
      while (words[0]?.literal && /^(--recursive|-q|--quiet|--)$/.test(words[0].text)) {
        const dashes = words[0].text === "--";
        words = words.slice(1);
        if (dashes) break;
      }
      const [first, ...rest] = words;
      if (first === undefined) return;
      const more = joinArgv(rest);
      const literal = first.literal && (rest.length === 0 || more?.literal === true);
      const text = rest.length === 0 ? first.text : `${first.text} ${more?.text ?? ""}`;
      out.injections.push({ name: label, value: { ...first, text, literal }, command: true });
      return;
    }
    case "git": {
      let i = 0;
      while (i < words.length) {
        const text = (words[i] as Word).text;
        if (text === "--") {
          i++;
          break;
        }
        if (text === "--config") i += 2;
        else if (text.startsWith("-")) i++;
        else break;
      }
      const rest = words.slice(i);
      const script = joinArgv(rest);
      if (script !== null) {
        out.injections.push({
          name: label,
          value: { ...script, text: `git ${script.text}` },
          command: true,
        });
      }
      return;
    }
    case "program": {
      const program = words.find((word) => !(word.literal && /^-[oq]$/.test(word.text)));
      if (program !== undefined)
        out.injections.push({ name: label, value: program, command: true });
      return;
    }
    case "visualize":
      visualizeRuns(label, words, out, scope);
      return;
    case "ext": {
      const command = words.filter((word) => !word.text.startsWith("-"))[1];
      if (command === undefined) return;
      out.injections.push({
        name: label,
        value: command.literal ? extCommand(command, command.text) : command,
        command: true,
      });
      return;
    }
  }
}

/**
 * What `git bisect view WORDS` runs (S31 git-bisect-view; git 2.39 bisect_visualize, traced):
 * WORDS with `--bisect --` appended, run as a program when the first word is `tig` or starts
 * with `git`, as `git log WORDS` when it starts with `-`, else as the git subcommand WORDS.
 * Without words it shows `git log` (or gitk, given a display): read-only, as before. The
 * child inherits git's `-c` settings and `-C` folder, so a git command is judged with the
 * outer global options in front of it; options of `git log` are read here, in this command,
 * as `git log` would take them (`--output=FILE`).
 */
function visualizeRuns(label: string, words: readonly Word[], out: GitReading, scope: Scope): void {
  const first = words[0];
  if (first === undefined) return;
  const tail = [wordFromText("--bisect"), wordFromText("--")];
  if (first.literal && first.text.startsWith("-")) {
    readSubcommand("log", [...words, ...tail], out, scope);
    return;
  }
  const globals = scope.globals ?? [];
  let argv: Word[];
  if (!first.literal) argv = [...words];
  else if (first.text === "git") argv = [first, ...globals, ...words.slice(1), ...tail];
  else if (first.text === "tig" || first.text.startsWith("git")) {
    // Another program runs in the `-C` folder with the settings in its environment: a
    // command line run elsewhere than the string's, not judged by its words here.
    argv = [...words, ...tail];
    if (globals.length > 0) {
      out.injections.push({ name: label, value: { ...first, literal: false }, command: true });
      return;
    }
  } else argv = [wordFromText("git", { start: first.start }), ...globals, ...words, ...tail];
  const script = joinArgv(argv);
  if (script !== null) out.injections.push({ name: label, value: script, command: true });
}

function readUrls(name: string, args: readonly Word[], out: GitReading): void {
  for (const word of args) {
    // Only a word holding `::` or `://` can name a transport.
    if (!word.literal || !word.text.includes(":")) continue;
    const text = word.text.startsWith("--")
      ? word.text.slice(word.text.indexOf("=") + 1)
      : word.text;
    if (word.text.startsWith("--") && !word.text.includes("=")) continue;
    // A `file://` URL is a repository on this machine: it is judged as the same directory
    // written as a path is (push writes it).
    const local = /^file:\/\/[^/]*(\/.*)$/i.exec(text);
    if (local) {
      let path = local[1] as string;
      try {
        path = decodeURIComponent(path);
      } catch {
        // git leaves a malformed escape as it is.
      }
      out.paths.push({
        word: wordFromText(path, { start: word.start }),
        access: name === "push" || name === "send-pack" ? "read_write" : "read",
      });
      continue;
    }
    const kind = urlKind(text);
    if (kind === "helper") raise(out, SENTINELS.gitAlias);
    else if (kind === "ext") {
      out.injections.push({
        name: `git ${name} ext::`,
        value: extCommand(word, text.slice(text.indexOf("::") + 2)),
        command: true,
      });
    }
  }
}

/** `ext` for an `ext::` URL, `helper` for a transport git does not ship, else null. */
function urlKind(url: string): "ext" | "helper" | null {
  const helper = /^([A-Za-z][A-Za-z0-9+.-]*)::/.exec(url);
  if (helper) {
    const name = (helper[1] as string).toLowerCase();
    if (name === "ext") return "ext";
    return GIT_HELPERS.has(name) ? null : "helper";
  }
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(url);
  if (scheme && !GIT_SCHEMES.has((scheme[1] as string).toLowerCase())) return "helper";
  return null;
}

/**
 * The command of an `ext::` URL as shell text: words split at unescaped spaces, `% ` a
 * space, `%%` a percent sign, `%s`/`%S` the service name (git-remote-ext).
 */
function extCommand(at: Word, spec: string): Word {
  const argv: string[] = [];
  let current = "";
  for (let i = 0; i < spec.length; i++) {
    const c = spec[i] as string;
    if (c === "%" && i + 1 < spec.length) {
      const next = spec[++i] as string;
      if (next === " ") current += " ";
      else if (next === "%") current += "%";
      else if (next === "s") current += "upload-pack";
      else if (next === "S") current += "git-upload-pack";
      continue;
    }
    if (c === " ") {
      if (current !== "") argv.push(current);
      current = "";
      continue;
    }
    current += c;
  }
  if (current !== "") argv.push(current);
  return { ...at, text: quote(argv) };
}

/**
 * `git config` and `git config set`: a write of a key that names a program is an injection;
 * the file of `-f`/`--file` is written or read.
 */
const CONFIG_LONG: Readonly<Record<string, boolean>> = {
  // name → takes a value
  get: false,
  "get-all": false,
  "get-regexp": false,
  "get-urlmatch": false,
  "get-color": false,
  "get-colorbool": false,
  "replace-all": false,
  add: false,
  unset: false,
  "unset-all": false,
  "rename-section": false,
  "remove-section": false,
  list: false,
  edit: false,
  global: false,
  system: false,
  local: false,
  worktree: false,
  file: true,
  blob: true,
  type: true,
  bool: false,
  int: false,
  "bool-or-int": false,
  path: false,
  "expiry-date": false,
  "no-type": false,
  null: false,
  "name-only": false,
  includes: false,
  "no-includes": false,
  "show-origin": false,
  "show-scope": false,
  default: true,
  "fixed-value": false,
  comment: true,
  value: true,
  all: false,
  append: false,
  url: true,
  regexp: false,
};
const CONFIG_ACTIONS = new Set([
  "list",
  "get",
  "set",
  "unset",
  "rename-section",
  "remove-section",
  "edit",
]);
const CONFIG_WRITE_MODES = new Set(["add", "replace-all", "set"]);
const CONFIG_CHANGE_MODES = new Set([
  "unset",
  "unset-all",
  "rename-section",
  "remove-section",
  "edit",
]);

function readConfig(args: readonly Word[], out: GitReading, scope: Scope): void {
  let mode: string | null = null;
  let file: Word | null = null;
  let includes = false;
  let blob = false;
  // The blobs --blob names (`HEAD:.env`): git reads the file as committed.
  const blobs: Word[] = [];
  const operands: Word[] = [];
  let options = true;
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as Word;
    const text = word.text;
    if (options && word.literal && text === "--") {
      options = false;
      continue;
    }
    if (options && word.literal && text.startsWith("--")) {
      const eq = text.indexOf("=");
      const written = text.slice(2, eq === -1 ? undefined : eq);
      const known = CONFIG_LONG_NAMES;
      const exact = known.includes(written) ? written : null;
      const prefixed = known.filter((name) => name.startsWith(written));
      const option = exact ?? (prefixed.length === 1 ? (prefixed[0] as string) : null);
      if (option === null) continue;
      let value: Word | null = null;
      if (CONFIG_LONG[option]) value = eq !== -1 ? tail(word, eq + 1) : (args[++i] ?? null);
      if (option === "file") file = value;
      else if (option === "includes") includes = true;
      else if (option === "no-includes") includes = false;
      else if (option === "blob") {
        blob = true;
        if (value !== null) blobs.push(value);
      } else if (!CONFIG_LONG[option] && !isScopeOption(option)) mode = mode ?? modeOf(option);
      continue;
    }
    if (options && word.literal && /^-[a-zA-Z]+$/.test(text)) {
      for (let k = 1; k < text.length; k++) {
        const letter = text[k] as string;
        if (letter === "f") {
          file = k + 1 < text.length ? tail(word, k + 1) : (args[++i] ?? null);
          break;
        }
        if (letter === "l") mode = mode ?? "list";
        if (letter === "e") mode = mode ?? "edit";
      }
      continue;
    }
    if (mode === null && operands.length === 0 && word.literal && CONFIG_ACTIONS.has(text)) {
      mode = text;
      continue;
    }
    operands.push(word);
  }
  const writes =
    (mode !== null && CONFIG_WRITE_MODES.has(mode)) || (mode === null && operands.length >= 2);
  const access: PathAccess =
    writes || (mode !== null && CONFIG_CHANGE_MODES.has(mode)) ? "write" : "read";
  // A named file or blob read with --includes opens every `include.path` written inside it:
  // text this command line does not show (stdin, a file or blob an earlier command wrote).
  if (includes && (file !== null || blob)) {
    out.paths.push({
      word: wordFromText("$GIT_CONFIG_INCLUDED", { computed: true }),
      access: "read",
    });
  }
  out.paths.push(...under(scope.dirs, blobs.flatMap(blobReads)));
  if (file !== null) {
    out.paths.push(...under(scope.dirs, [{ word: file, access }]));
  } else if (
    access === "write" &&
    args.some((w) => w.literal && /^--(global|system)$/.test(w.text))
  ) {
    // --global writes the user's ~/.gitconfig (HOME as git sees it), --system /etc/gitconfig.
    const system = args.some((w) => w.text === "--system");
    out.paths.push({
      word: system ? wordFromText("/etc/gitconfig") : wordFromText("~/.gitconfig", { tilde: true }),
      access: "write",
    });
  }
  if (mode === "rename-section") {
    // Renaming a section into one that names programs turns its values into commands.
    const target = operands[1];
    if (target !== undefined && (!target.literal || sectionRunsPrograms(target.text))) {
      out.injections.push({
        name: "git config --rename-section",
        value: { ...target, literal: false },
        command: false,
      });
    }
    return;
  }
  if (!writes) return;
  const [key, value] = operands;
  if (key === undefined || value === undefined) return;
  if (!key.literal) {
    out.injections.push({
      name: "git config",
      value: { ...value, literal: false },
      command: false,
    });
    return;
  }
  applySetting(key.text, value, out, scope, false);
}

function isScopeOption(option: string): boolean {
  return /^(global|system|local|worktree|includes|no-includes|null|name-only|show-origin|show-scope|fixed-value|all|append|regexp|bool|int|bool-or-int|path|expiry-date|no-type)$/.test(
    option,
  );
}

function modeOf(option: string): string | null {
  return /^(get|get-all|get-regexp|get-urlmatch|get-color|get-colorbool|replace-all|add|unset|unset-all|rename-section|remove-section|list|edit)$/.test(
    option,
  )
    ? option
    : null;
}

function sectionRunsPrograms(name: string): boolean {
  const section = name.split(".")[0]?.toLowerCase() ?? "";
  return CONFIG_KINDS.has(section);
}

// ---- paths ------------------------------------------------------------------------------------

/** Options whose value is a file, per subcommand. */
const PATH_OPTIONS: readonly {
  subcommands: readonly string[];
  long: readonly string[];
  short?: string;
  access: PathAccess;
  /**
   * The value is a directory the command writes files into (`0001-fix.patch`, `0001`): a
   * file in it is written too, so a rule for what lies inside the directory meets it.
   */
  into?: true;
  /**
   * The value is a file name git opens in every folder it walks (`ls-files
   * --exclude-per-directory=.gitignore`): below the working directory as well as where it
   * stands, see {@link everyFolder}.
   */
  everyFolder?: true;
  /**
   * The value is a path git looks up attributes for: it reads `.gitattributes` in each
   * folder of it (see {@link attributeFiles}); `below` when files land under it.
   */
  attributes?: "path" | "below";
  /** The value names a blob (`REV:PATH`): the file as committed is read (see {@link blobReads}). */
  blob?: true;
}[] = [
  // apply --directory=DIR (am passes it on) puts every patched file below DIR, looking up
  // DIR's attributes first, even for a patch it then refuses (A15: `--directory=/tmp` read
  // /tmp/.gitattributes under strace); hash-object and cat-file --path=P read P's attributes.
  { subcommands: ["apply", "am"], long: ["directory"], access: "read_write", attributes: "below" },
  { subcommands: ["hash-object", "cat-file"], long: ["path"], access: "read", attributes: "path" },
  { subcommands: ["archive"], long: ["output"], short: "o", access: "write" },
  {
    subcommands: ["format-patch"],
    long: ["output-directory"],
    short: "o",
    access: "write",
    into: true,
  },
  { subcommands: ["checkout-index"], long: ["prefix"], access: "write", into: true },
  {
    subcommands: [
      "diff",
      "log",
      "show",
      "format-patch",
      "diff-tree",
      "diff-index",
      "diff-files",
      "range-diff",
      "whatchanged",
    ],
    long: ["output"],
    access: "write",
  },
  // -O<orderfile>: the diff options read the file that orders the output (git diff, log -p, …).
  {
    subcommands: [
      "diff",
      "log",
      "show",
      "format-patch",
      "diff-tree",
      "diff-index",
      "diff-files",
      "range-diff",
      "whatchanged",
      "stash",
      "difftool",
    ],
    long: [],
    short: "O",
    access: "read",
  },
  { subcommands: ["commit", "tag", "merge", "notes"], long: ["file"], short: "F", access: "read" },
  // notes add/append -C/-c BLOB (--reuse-message, --reedit-message) copy a blob into the note
  // (`HEAD:.env`: the file as committed), which `git notes show` then prints.
  {
    subcommands: ["notes"],
    long: ["reuse-message", "reedit-message"],
    short: "C",
    access: "read",
    blob: true,
  },
  { subcommands: ["notes"], long: [], short: "c", access: "read", blob: true },
  // restore --source=TREE writes the files named from that tree: `--source=HEAD:.ssh id_rsa`
  // puts the committed key in ./id_rsa (A18, checked with real git).
  { subcommands: ["restore"], long: ["source"], short: "s", access: "read", blob: true },
  { subcommands: ["grep"], long: ["file"], short: "f", access: "read" },
  { subcommands: ["commit"], long: ["template"], short: "t", access: "read" },
  { subcommands: ["init", "clone"], long: ["separate-git-dir"], access: "write", into: true },
  {
    subcommands: ["clone", "submodule"],
    long: ["reference", "reference-if-able"],
    access: "read",
    into: true,
  },
  // read-tree --prefix=DIR/ puts a tree's files below DIR (in the index, and with -u on disk).
  { subcommands: ["read-tree"], long: ["prefix"], access: "write", into: true },
  { subcommands: ["fast-export", "fast-import"], long: ["export-marks"], access: "write" },
  {
    subcommands: ["fast-export", "fast-import"],
    long: ["import-marks", "import-marks-if-exists"],
    access: "read",
  },
  { subcommands: ["apply"], long: ["build-fake-ancestor"], access: "write" },
  {
    subcommands: ["bugreport", "diagnose"],
    long: ["output-directory"],
    short: "o",
    access: "write",
    into: true,
  },
  { subcommands: ["blame", "annotate"], long: ["contents", "ignore-revs-file"], access: "read" },
  { subcommands: ["blame", "annotate"], long: [], short: "S", access: "read" },
  { subcommands: ["ls-files"], long: ["exclude-from"], short: "X", access: "read" },
  {
    subcommands: ["ls-files"],
    long: ["exclude-per-directory"],
    access: "read",
    everyFolder: true,
  },
  {
    subcommands: ["add", "rm", "restore", "reset", "checkout", "commit", "stash"],
    long: ["pathspec-from-file"],
    access: "read",
  },
  { subcommands: ["filter-branch"], long: [], short: "d", access: "write" },
  // mailsplit -o<directory> writes one file per message there.
  { subcommands: ["mailsplit"], long: [], short: "o", access: "write", into: true },
  { subcommands: ["maintenance"], long: ["config-file"], access: "write" },
  // quiltimport reads the series file and each patch it names from the patch folder; subtree
  // checks a tree out below its prefix (add, merge, pull) or reads the files there (split).
  { subcommands: ["quiltimport"], long: ["patches"], access: "read", into: true },
  { subcommands: ["quiltimport"], long: ["series"], access: "read" },
  { subcommands: ["subtree"], long: ["prefix"], short: "P", access: "read_write", into: true },
  // An object folder: git writes its pack/ and info/ files there.
  {
    subcommands: ["commit-graph", "multi-pack-index"],
    long: ["object-dir"],
    access: "read_write",
    into: true,
  },
];

/**
 * Long options of the history and search subcommands whose `=value` is a pattern, a name, a
 * date or a format, never a file git opens.
 */
const TEXT_OPTIONS: ReadonlySet<string> = new Set([
  ...["grep", "author", "committer", "format", "pretty", "since", "until", "after", "before"],
  ...["date", "grep-reflog", "encoding", "decorate-refs", "decorate-refs-exclude", "branches"],
  ...["tags", "remotes", "glob", "abbrev", "diff-filter", "word-diff-regex", "since-as-filter"],
  ...["min-age", "max-age", "color-words", "find-object", "regexp"],
]);

/**
 * The diff machinery's options whose value (the next word, or after `=`) is text git prints,
 * matches or counts, never a file it opens (`git diff -h`, git 2.39): the pickaxe string and
 * regex (`-S`, `-G`), `-I`/`--ignore-matching-lines`, the rename limit `-l`, the prefixes
 * printed in the header (`--src-prefix`, `--dst-prefix`, `--line-prefix`), widths, counts,
 * indicator characters, modes, an object id, and the paths `--rotate-to`/`--skip-to` only
 * compare with the names in the diff. `-O` (a file read) and `--output` (a file written) are
 * {@link PATH_OPTIONS}. git takes them only as spelled here (no abbreviation: `git diff
 * --src-pre x` is refused), in each subcommand of {@link DIFF_TEXT_SUBCOMMANDS}; strace showed
 * `git log -S /api --oneline`, `git diff -I /x HEAD` and `--src-prefix=/a/` open nothing
 * outside `.git`.
 */
const DIFF_TEXT_VALUES = {
  short: "SGIl",
  long: [
    ...["stat-width", "stat-name-width", "stat-graph-width", "stat-count", "ws-error-highlight"],
    ...["src-prefix", "dst-prefix", "line-prefix", "inter-hunk-context", "output-indicator-new"],
    ...["output-indicator-old", "output-indicator-context", "ignore-matching-lines"],
    ...["diff-algorithm", "anchored", "word-diff-regex", "color-moved-ws", "rotate-to"],
    ...["skip-to", "find-object", "diff-filter"],
  ],
} as const;

/**
 * Subcommands that read {@link DIFF_TEXT_VALUES} so (git 2.39, each option followed by a word
 * that would otherwise be a revision: the word was taken as the value in every one). Not
 * stash (`stash push -S` is `--staged`), blame (`-S` names a file of revisions) or grep (`-G`
 * and `-I` are flags there).
 */
const DIFF_TEXT_SUBCOMMANDS: ReadonlySet<string> = new Set([
  ...["diff", "log", "show", "whatchanged", "format-patch", "diff-tree", "diff-index"],
]);

/**
 * The revision walk's options whose value is a count, a date, a name, a pattern or a mode
 * (revision.c takes `--opt VALUE` as well as `--opt=VALUE` for each), per subcommand that
 * walks history so (checked as {@link DIFF_TEXT_SUBCOMMANDS} were). format-patch's `-n` is
 * `--numbered`, a flag, and it takes no `--decorate-refs`.
 */
const REVISION_TEXT_VALUES: Readonly<Record<string, { short: string; long: readonly string[] }>> =
  (() => {
    const long = [
      ...["max-count", "skip", "since", "after", "until", "before", "author", "committer"],
      ...["grep", "grep-reflog", "min-age", "max-age", "since-as-filter", "date", "encoding"],
      ...["exclude", "exclude-hidden", "glob", "diff-merges"],
    ];
    const log = { short: "n", long: [...long, "decorate-refs", "decorate-refs-exclude"] };
    return { log, show: log, whatchanged: log, "format-patch": { short: "", long } };
  })();

/**
 * Subcommands whose operands are names, patterns or commits, never files: `tag -l PATTERN`,
 * `branch --list PATTERN`, `describe COMMIT`, `for-each-ref PATTERN`. Their option values are
 * text too (`describe --match /x`, `tag --sort`, `for-each-ref --format`), but for the files
 * of {@link PATH_OPTIONS} (`tag -F FILE`).
 */
const NAME_OPERANDS: ReadonlySet<string> = new Set(["tag", "branch", "describe", "for-each-ref"]);

/** Whether the option `written` (a long name, or a letter) of subcommand `name` takes text. */
function takesText(name: string, written: string): boolean {
  const revision = REVISION_TEXT_VALUES[name];
  if (written.length === 1) {
    return (
      (DIFF_TEXT_SUBCOMMANDS.has(name) && DIFF_TEXT_VALUES.short.includes(written)) ||
      (revision?.short.includes(written) ?? false)
    );
  }
  return (
    (DIFF_TEXT_SUBCOMMANDS.has(name) &&
      (DIFF_TEXT_VALUES.long as readonly string[]).includes(written)) ||
    (revision?.long.includes(written) ?? false)
  );
}

/** Options whose separate value is not a path (a message, a pattern, a range of lines). */
const SKIP_VALUES: Readonly<Record<string, { short: string; long: readonly string[] }>> = {
  commit: {
    short: "mcC",
    long: [
      "message",
      "author",
      "date",
      "reuse-message",
      "reedit-message",
      "fixup",
      "squash",
      "trailer",
      "cleanup",
    ],
  },
  tag: { short: "mu", long: ["message", "local-user"] },
  merge: { short: "msX", long: ["message", "strategy", "strategy-option"] },
  stash: { short: "m", long: ["message"] },
  notes: { short: "mcC", long: ["message", "reuse-message", "reedit-message", "ref"] },
  blame: { short: "L", long: ["ignore-rev", "date", "encoding"] },
  annotate: { short: "L", long: ["ignore-rev", "date", "encoding"] },
  "ls-files": { short: "x", long: ["exclude", "with-tree", "format"] },
  clean: { short: "e", long: ["exclude"] },
  restore: { short: "s", long: ["source"] },
  grep: {
    short: "eABCm",
    long: [
      ...["regexp", "max-count", "context", "after-context", "before-context", "max-depth"],
      "threads",
    ],
  },
  checkout: { short: "bB", long: ["orphan", "conflict"] },
  apply: { short: "pC", long: ["directory", "exclude", "include", "whitespace"] },
  am: {
    short: "pC",
    long: ["directory", "exclude", "include", "whitespace", "patch-format", "resolvemsg"],
  },
  "hash-object": { short: "t", long: ["path"] },
  log: {
    short: "n",
    long: ["max-count", "skip", "author", "committer", "grep", "format", "since", "until"],
  },
  rm: { short: "", long: [] },
  worktree: { short: "bB", long: ["reason"] },
  "interpret-trailers": { short: "", long: ["trailer", "where", "if-exists", "if-missing"] },
};

/** Operands that are files even before `--`, and how the subcommand uses them. */
const FILE_OPERANDS: Readonly<Record<string, PathAccess>> = {
  add: "read",
  stage: "read",
  rm: "write",
  restore: "write",
  blame: "read",
  annotate: "read",
  "ls-files": "read",
  clean: "write",
  apply: "read",
  am: "read",
  "hash-object": "read",
  "send-email": "read",
  mailsplit: "read",
  // update-index hashes the files it is given into the index; checkout-index writes them out.
  "update-index": "read",
  "checkout-index": "write",
  "merge-file": "read_write",
  mailinfo: "write",
  // interpret-trailers reads the messages it is given; `--in-place` writes them back.
  "interpret-trailers": "read",
};

/** Subcommands whose file operands are names, not pathspecs: git matches no wildcard in them. */
const LITERAL_OPERANDS: ReadonlySet<string> = new Set([
  ...["apply", "am", "hash-object", "send-email", "mailsplit", "mailinfo", "merge-file"],
  ...["update-index", "checkout-index", "blame", "annotate", "check-ignore", "check-attr"],
]);

/** How a subcommand uses paths after `--`. */
const PATHSPEC_ACCESS: Readonly<Record<string, PathAccess>> = {
  ...FILE_OPERANDS,
  checkout: "write",
  stash: "write",
  reset: "read",
  commit: "read",
  log: "read",
  show: "read",
  diff: "read",
  grep: "read",
  shortlog: "read",
  whatchanged: "read",
  "diff-files": "read",
  "diff-index": "read",
  "diff-tree": "read",
  "ls-tree": "read",
  difftool: "read",
  "range-diff": "read",
  archive: "read",
  "format-patch": "read",
  "rev-list": "read",
  "check-attr": "read",
};

/** The files one subcommand touches through its options and operands (relative to `-C`). */
function subcommandPaths(
  name: string,
  args: readonly Word[],
  effective: readonly Word[] = args,
  asWritten: ReadonlySet<Word> = new Set(args),
): PathUse[] {
  const uses: PathUse[] = [];
  const pathOptions = PATH_OPTIONS_BY_SUBCOMMAND.get(name) ?? [];
  const skip = SKIP_VALUES[name];
  const operands: Word[] = [];
  let dashes = -1;
  // The words before `--` (after it none is a flag: `git interpret-trailers -- --in-place x`).
  let optionWords = args.length;
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as Word;
    const text = word.text;
    if (dashes === -1 && word.literal && text === "--") {
      dashes = operands.length;
      optionWords = i;
      continue;
    }
    if (dashes !== -1 || !text.startsWith("-") || text === "-") {
      operands.push(word);
      continue;
    }
    // log -L<range>:<file> (attached or not): the file is the text after the range.
    if (LINE_LOGS.has(name) && text.startsWith("-L")) {
      const value = text.length > 2 ? tail(word, 2) : args[++i];
      if (value !== undefined) uses.push(...lineRangeFiles(value));
      continue;
    }
    if (text.startsWith("--")) {
      const eq = text.indexOf("=");
      const written = text.slice(2, eq === -1 ? undefined : eq);
      // An option of its own written out whole is never short for a longer one
      // (`ls-files --exclude` is not `--exclude-from`).
      const option =
        pathOptions.find((candidate) => candidate.long.includes(written)) ??
        (skip?.long.includes(written) || takesText(name, written)
          ? undefined
          : pathOptions.find((candidate) =>
              candidate.long.some((long) => written.length > 1 && long.startsWith(written)),
            ));
      if (option !== undefined) {
        const value = eq !== -1 ? tail(word, eq + 1) : args[++i];
        if (option.blob && value !== undefined) {
          uses.push(...blobReads(value));
        } else if (option?.attributes !== undefined && value !== undefined) {
          uses.push(...attributeFiles(value, option.attributes, option.access));
        } else if (value !== undefined && !isNeverPath(value)) {
          uses.push({ word: value, access: option.access });
          if (option.into) uses.push({ word: childWord(value, "0001"), access: option.access });
          if (option.everyFolder) uses.push(everyFolder(value, option.access));
        }
        continue;
      }
      // The text options of diffs and history walks count only as written: git takes no
      // abbreviation of them (and an abbreviation gitOptionWords spelled out is refused).
      const isText =
        skip?.long.includes(written) === true || (asWritten.has(word) && takesText(name, written));
      if (eq === -1 && isText) {
        i++;
        continue;
      }
      // A pattern, a name, a date or a format: never a file (`git log --grep=.env`).
      if (eq !== -1 && (TEXT_OPTIONS.has(written) || isText || NAME_OPERANDS.has(name))) continue;
      // format-patch's suffix is the end of each patch's name: patchSuffixUses joins it there.
      if (name === "format-patch" && written === "suffix") continue;
      // Any other `--opt=VALUE` shaped like a path may be a file, and so may any value only
      // known at run time, in either spelling when git's table gives the option a value (R21
      // eq-computed, host strace: `archive --add-file="${x:-.env}"` and `format-patch
      // --signature-file "${x:-.env}"` opened .env).
      if (eq !== -1) {
        const value = tail(word, eq + 1);
        const computed = !value.literal && unknownValue(value);
        if (computed || (hasPathShape(value) && !isNeverPath(value) && !isRevision(value.text))) {
          uses.push({ word: value, access: "read_write" });
        }
      } else if (!NAME_OPERANDS.has(name) && gitLongTakesValue(name, written) === true) {
        const value = args[i + 1];
        if (value !== undefined && !value.literal && unknownValue(value)) {
          uses.push({ word: value, access: "read_write" });
        }
      }
      continue;
    }
    for (let k = 1; k < text.length; k++) {
      const letter = text[k] as string;
      const option = pathOptions.find((candidate) => candidate.short === letter);
      if (option !== undefined || skip?.short.includes(letter) || takesText(name, letter)) {
        const value = k + 1 < text.length ? tail(word, k + 1) : args[++i];
        if (option?.blob && value !== undefined) {
          uses.push(...blobReads(value));
        } else if (option !== undefined && value !== undefined && !isNeverPath(value)) {
          uses.push({ word: value, access: option.access });
          if (option.into) uses.push({ word: childWord(value, "0001"), access: option.access });
          if (option.everyFolder) uses.push(everyFolder(value, option.access));
        }
        break;
      }
      // Any other letter git's table gives a value: a value only known at run time may be a
      // file, as a long option's is (F23a, traced: `git fmt-merge-msg -F"${m:-…/id_rsa}"` and
      // `-F "${m:-…}"` read id_rsa). A written-out value stays where it was read before.
      if (!NAME_OPERANDS.has(name) && gitShortTakesValue(name, letter) === true) {
        const value = k + 1 < text.length ? tail(word, k + 1) : args[i + 1];
        if (value !== undefined && !value.literal && unknownValue(value)) {
          uses.push({ word: value, access: "read_write" });
        }
        break;
      }
    }
  }
  // format-patch writes its patches into the working directory when no option names a folder
  // or stdout (C21 formatpatch-written, traced: `git format-patch -1` wrote
  // /repo/0001-fixture.patch, a file the string's `--pretty` text authored). Only a --stdout
  // still in force counts, never an option's value (F24b, traced: `--subject-prefix --stdout`
  // wrote 0001-x.patch, whose --signature line bash then ran).
  if (
    name === "format-patch" &&
    !uses.some((use) => use.word.text.endsWith("/0001")) &&
    ![...switchesInForce(name, effective)].some((flag) => /^--std(o(ut?)?)?$/.test(flag))
  ) {
    uses.push({ word: childWord(wordFromText("."), "0001"), access: "write" });
  }
  if (name === "format-patch") uses.push(...patchSuffixUses(uses, effective));
  // grep's first operand is its pattern unless -e, -f or --regexp gave one (`git grep .env -- src`).
  if (
    name === "grep" &&
    dashes !== 0 &&
    !args.some((word) => /^(-[a-zA-Z]*[ef]|--regexp|--file)/.test(word.text))
  ) {
    operands.shift();
    if (dashes > 0) dashes--;
  }
  // Only diff, clean, apply and am change their operands by a flag. A word only known at run
  // time before `--` may be any flag: it stands in the set as COMPUTED_FLAG.
  const flags =
    name === "diff" ||
    name === "clean" ||
    name === "apply" ||
    name === "am" ||
    name === "rm" ||
    name === "mv" ||
    name === "interpret-trailers"
      ? new Set(
          args.slice(0, optionWords).map((word) => (word.literal ? word.text : COMPUTED_FLAG)),
        )
      : NO_FLAGS;
  // The switches in force, for the flags that take access away (a dry run, a check, a report):
  // never a word after `--` nor an option's value (`git clean -fx -e -n` removes .env, `git
  // apply --exclude --check p.diff` applies the patch: traced).
  const switches = flags === NO_FLAGS ? NO_FLAGS : switchesInForce(name, effective);
  // A log that shows no file's content: its pathspecs inside the working tree only choose
  // commits (one outside it, which git refuses, is still judged; an absolute one is judged
  // only where it resolves outside the working directory, `/repo/src/*.ts` run in /repo is
  // `src/*.ts`).
  const namesOnly = pathspecsChooseOnly(name, args);
  const operandFiles = operandUses(name, operands, dashes, flags, switches).flatMap(
    (use): PathUse[] =>
      !namesOnly || !use.word.literal
        ? [use]
        : outsidePathspec(use.word)
          ? [{ ...use, outsideOnly: true }]
          : [],
  );
  // A pathspec that names a hidden folder (`git add .ssh`, `git checkout HEAD~1 -- .ssh`)
  // reaches the files inside it: one of them is judged too, so a rule for that folder's
  // contents meets it. (Everything below counts only where ignored files are reached:
  // GIT_RECURSIVE.)
  const inside = PATHSPEC_SUBCOMMANDS.has(name)
    ? operandFiles.flatMap((use) =>
        use.below || !hiddenFolder(use.word) ? [] : [{ ...use, word: childWord(use.word, "…") }],
      )
    : [];
  // The files a written folder pathspec holds (when the command does not reach everything
  // below it anyway, see the end).
  const levels =
    WRITES_BELOW_PATHSPEC.has(name) && !indexOnly(name, switchesInForce(name, effective))
      ? operandFiles.flatMap((use) =>
          use.below || use.access === "read" || hiddenFolder(use.word) ? [] : filesInFolder(use),
        )
      : [];
  uses.push(...operandFiles, ...inside);
  if (BLOB_READERS.has(name) && !objectFacts(name, args)) {
    const before = dashes === -1 ? operands : operands.slice(0, dashes);
    for (const word of before) uses.push(...blobUses(word, TREE_LISTERS.has(name)));
  }
  const listed = namesFromInput(name, args);
  if (listed !== null) uses.push(listed);
  // A revert, merge, cherry-pick, rebase, hard reset, stash pop or checkout of another commit
  // writes whichever tracked files differ, which no word names: the working directory is
  // written as a folder (its files are the repository's own, so no rule for a file below it
  // is met; the ignored .env is left alone unless the other commit tracks one).
  const texts = effective.map((word) => word.text);
  if (
    !NAMES_WHAT_IT_WRITES.has(name) &&
    (name !== "submodule" || texts[0] === "update") &&
    updatesWorkTree(name, texts)
  ) {
    uses.push({ word: wordFromText("."), access: "write" });
  }
  const reached = recursiveUses(name, effective, uses, switchesInForce(name, effective));
  return reached.some((use) => use.below) ? reached : [...reached, ...levels];
}

/**
 * Options of `git log` that print no file's content, only commits, their names and refs
 * (exactly as git spells them: log takes no abbreviation): the formats, limits, orderings,
 * `--name-only`/`--name-status` and the stats. Neither a patch (`-p`, `-U`, `--word-diff`,
 * `-W`), `--check`, a combined diff (`-c`, `--cc`, `-m`), a pickaxe (`-S`, `-G`: a test of the
 * content), a line range (`-L`), a `--stat` width, nor an external diff or textconv is among
 * them.
 */
const NAMES_ONLY_LOG_OPTION = new RegExp(
  "^(" +
    [
      ...[
        "--oneline",
        "--format=.*",
        "--pretty(=.*)?",
        "-[0-9]+",
        "-n[0-9]+",
        "--max-count=[0-9]+",
      ],
      ...["--skip=[0-9]+", "--name-only", "--name-status", "--graph", "--no-decorate"],
      ...["--decorate(=(short|full|auto|no))?", "--all", "--reverse", "--first-parent"],
      ...["--no-merges", "--merges", "--abbrev-commit", "--no-abbrev-commit", "--abbrev(=[0-9]+)?"],
      ...["--date=.*", "--relative-date", "--(since|until|after|before|author|committer)=.*"],
      ...["--grep=.*", "-i", "--regexp-ignore-case", "--all-match", "--invert-grep", "-E", "-F"],
      ...["--extended-regexp", "--fixed-strings", "--basic-regexp", "--follow", "--topo-order"],
      ...["--date-order", "--author-date-order", "--left-right", "--boundary", "--no-color"],
      ...["--color(=(always|never|auto))?", "--source", "--full-history", "--simplify-merges"],
      ...["--no-walk", "--cherry-pick", "--cherry-mark", "--left-only", "--right-only", "-q"],
      ...["--quiet", "-s", "--no-patch", "--no-renames", "--no-ext-diff", "--no-textconv"],
      // Counts, modes, object ids and the kind of change of each file, never a line of it
      // (A18 git-log-diff-option-without-patch-taken-for-content: `git log --stat -- .env`
      // printed no line of the committed .env where `-p`, `-U3`, `--cc` did).
      ...["--stat", "--shortstat", "--numstat", "--raw", "--summary", "--compact-summary"],
      ...["-M", "--find-renames", "-w", "--ignore-all-space", "--diff-filter=[A-Za-z*]+"],
    ].join("|") +
    ")$",
);

/** The options of {@link NAMES_ONLY_LOG_OPTION} that take the next word as their value. */
const NAMES_ONLY_LOG_VALUE =
  /^(-n|--max-count|--skip|--since|--after|--until|--before|--author|--committer|--grep|--date)$/;

/** A pathspec written to leave the working tree: absolute, a home, or climbing with `..`. */
function outsidePathspec(word: Word): boolean {
  const text = (word.standsBelow ?? word).text;
  return (
    text.startsWith("/") || homeWord(word) || text.startsWith("~") || /(^|\/)\.\.(\/|$)/.test(text)
  );
}

/**
 * Whether a `git log` prints no file's content (A17 history-pathspec-glob-without-content):
 * its pathspecs then only choose the commits listed, compared in the object store, and git
 * opens no working-tree file for them (strace: `git log --oneline -- .env 'src/*.ts'`, `git
 * log --name-only --format=%h --follow -- .env` open nothing). Every word before `--` must be
 * known and an option of {@link NAMES_ONLY_LOG_OPTION} (with its value), a revision or a
 * pathspec; any other option may show content (`-p -- .env` prints the committed .env).
 */
function historyNamesOnly(args: readonly Word[]): boolean {
  return onlyOptions(args, NAMES_ONLY_LOG_OPTION, NAMES_ONLY_LOG_VALUE);
}

/**
 * Whether every word before `--` is known, and each option one of `option` (or one of `value`
 * with the word after it).
 */
function onlyOptions(args: readonly Word[], option: RegExp, value: RegExp): boolean {
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as Word;
    if (!word.literal) return false;
    if (word.text === "--") return true;
    if (!word.text.startsWith("-") || word.text === "-") continue;
    if (value.test(word.text)) {
      const next = args[++i];
      if (next === undefined || !next.literal) return false;
      continue;
    }
    if (!option.test(word.text)) return false;
  }
  return true;
}

/**
 * `git ls-files` options that list index entries, untracked or ignored names and their modes,
 * ids and stages without opening the files (A18 git-index-history-listing-pathspec-taken-for-
 * file-read; strace of each with a tracked, modified .env: no open of it). `-m` and `--eol`
 * open the file, and so may a `--format` (`%(eolinfo:worktree)` did): not among them.
 */
const LS_FILES_OPTION = new RegExp(
  "^(" +
    [
      ...["-[cdoiustkvfz]+", "--cached", "--deleted", "--others", "--ignored", "--stage"],
      ...["--unmerged", "--killed", "--directory", "--no-empty-directory", "--error-unmatch"],
      ...["--full-name", "--abbrev(=[0-9]+)?", "--deduplicate", "--exclude-standard"],
      ...["--exclude=.*", "--exclude-per-directory=.*", "--with-tree=.*", "--sparse"],
    ].join("|") +
    ")$",
);

/** The {@link LS_FILES_OPTION} values written as the next word. */
const LS_FILES_VALUE = /^(-x|--exclude|--exclude-per-directory|--with-tree)$/;

/**
 * `git shortlog` and `git rev-list` options beyond {@link NAMES_ONLY_LOG_OPTION}: counts, the
 * people, the objects' ids and names.
 */
const SHORTLOG_OPTION =
  /^(-[snec]+|--(summary|numbered|email|committer|objects|objects-edge|count|parents|children|timestamp|no-object-names|in-commit-order)|--group=.*)$/;

/** The options of a `shortlog` or `rev-list` that prints no file's content. */
const LISTING_OPTION = new RegExp(`${SHORTLOG_OPTION.source}|${NAMES_ONLY_LOG_OPTION.source}`);

/**
 * Whether the subcommand's pathspecs only choose what is listed, git printing names, modes,
 * object ids, counts, attributes or commits and opening none of those files (A18
 * git-index-history-listing-pathspec-taken-for-file-read, strace with .env tracked and then
 * modified: none of these opened it): a log of {@link historyNamesOnly}, `ls-tree` and
 * `check-attr` (the tree or the attribute files only), `ls-files` with the options of
 * {@link LS_FILES_OPTION}, `shortlog` and `rev-list`, `diff --cached` of names or a status (the
 * index against a commit, no working-tree file). A pathspec outside the working tree is
 * still judged by the caller.
 */
function pathspecsChooseOnly(name: string, args: readonly Word[]): boolean {
  switch (name) {
    case "log":
    case "whatchanged":
      return historyNamesOnly(args);
    case "ls-tree":
    case "check-attr":
      return args.every((word) => word.literal);
    case "ls-files":
      return onlyOptions(args, LS_FILES_OPTION, LS_FILES_VALUE);
    case "shortlog":
    case "rev-list":
      return onlyOptions(args, LISTING_OPTION, NAMES_ONLY_LOG_VALUE);
    case "diff":
      return cachedNamesOnly(args);
    default:
      return false;
  }
}

/** `git diff --cached` (`--staged`) printing names or a status, with at most one revision. */
function cachedNamesOnly(args: readonly Word[]): boolean {
  let cached = false;
  let format = false;
  let revisions = 0;
  for (const word of args) {
    if (!word.literal) return false;
    if (word.text === "--") break;
    if (word.text === "--cached" || word.text === "--staged") cached = true;
    else if (!word.text.startsWith("-")) revisions++;
    else if (!DIFF_NAMES_OPTION.test(word.text)) return false;
    // Without an output format of its own the diff is a patch (`--cached -- .env` prints it).
    if (DIFF_NAMES_FORMAT.test(word.text)) format = true;
  }
  return cached && format && revisions <= 1;
}

/**
 * The options of {@link DIFF_NAMES_OPTION} that replace the patch git prints by default. A
 * stat is not among them: to count lines of a file unchanged since it was staged, git reads
 * the working-tree copy (strace: `git diff --cached --stat -- .env` opened and read .env).
 */
const DIFF_NAMES_FORMAT = /^(--name-only|--name-status|--summary|--quiet)$/;

/** The `git diff` options of {@link cachedNamesOnly}: names or a status, no line of a file. */
const DIFF_NAMES_OPTION =
  /^(--name-only|--name-status|--summary|--quiet|--exit-code|--no-renames|--no-color|--diff-filter=[A-Za-z*]+|-z)$/;

/**
 * `git cat-file -e|-t|-s OBJECT`: whether the object exists, its type or its size; the
 * content is not printed (A18: `git cat-file -e HEAD:.env` printed nothing).
 */
function objectFacts(name: string, args: readonly Word[]): boolean {
  if (name !== "cat-file") return false;
  const options = args.filter((word) => !word.literal || word.text.startsWith("-"));
  return (
    options.length > 0 &&
    args.length - options.length === 1 &&
    options.every((word) => word.literal && /^(-[ets]|--allow-unknown-type)$/.test(word.text))
  );
}

/**
 * Whether the command changes only the index, not the files (`git rm --cached`, `git restore
 * --staged` without `--worktree`), by the switches in force ({@link switchesInForce}): a
 * `--cached` after `--` is a pathspec (`git rm -r -- --cached src` removes src's files), and
 * `--no-staged` undoes `--staged`.
 */
function indexOnly(name: string, switches: ReadonlySet<string>): boolean {
  if (switches.has(COMPUTED_FLAG)) return false;
  const texts = [...switches];
  if (name === "rm")
    return texts.some((text) => /^--cac/.test(text) && "--cached".startsWith(text));
  if (name !== "restore") return false;
  const staged = texts.some((text) => /^-[a-zA-Z]*S/.test(text) || /^--sta/.test(text));
  const worktree = texts.some((text) => /^-[a-zA-Z]*W/.test(text) || /^--wo/.test(text));
  return staged && !worktree;
}

/**
 * Files whose names git makes by pasting text, not by joining folders: checkout-index writes
 * PREFIX followed by each index path (`--prefix=.en v` writes `.env`, `--prefix=.gi
 * t/hooks/x` writes `.git/hooks/x`); pack-objects BASE and repack `--expire-to=BASE` (or
 * `--filter-to`) write `BASE-<hash>.pack`, `.idx`, `.rev`, `.mtimes`, so a base ending in `/`
 * puts them inside that folder. A prefix not ending in `/` pasted to every index path
 * (`--all`, `--stdin`) names files nobody can list: computed.
 */
function gluedPaths(name: string, args: readonly Word[], operands: readonly Word[]): PathUse[] {
  if (name === "checkout-index") {
    let prefix: Word | null = null;
    let every = false;
    for (let i = 0; i < args.length; i++) {
      const word = args[i] as Word;
      if (word.literal && word.text === "--") break;
      if (word.literal && /^(-a|--all|--stdin)$/.test(word.text)) every = true;
      if (word.literal && word.text.startsWith("--prefix=")) prefix = tail(word, 9);
      else if (word.literal && word.text === "--prefix") prefix = args[++i] ?? null;
    }
    if (prefix === null || (prefix.literal && prefix.text === "")) return [];
    const uses: PathUse[] = operands.map((operand) => ({
      word: pasted(prefix, operand.text, operand.literal),
      access: "write" as const,
    }));
    if (every && !(prefix.literal && prefix.text.endsWith("/"))) {
      uses.push({ word: pasted(prefix, "…", false), access: "write" });
    }
    return uses;
  }
  const bases: Word[] = [];
  if (name === "pack-objects" && !switchesInForce(name, args).has("--stdout")) {
    const base = operands[0];
    if (base !== undefined) bases.push(base);
  }
  if (name === "repack" || name === "gc") {
    for (let i = 0; i < args.length; i++) {
      const word = args[i] as Word;
      const option = /^--(expire-to|filter-to)(=|$)/.exec(word.text);
      if (!word.literal || option === null) continue;
      const value = option[2] === "=" ? tail(word, option[0].length) : args[++i];
      if (value !== undefined) bases.push(value);
    }
  }
  return bases.flatMap((base) =>
    isNeverPath(base) ? [] : [{ word: pasted(base, "-…pack", true), access: "write" as const }],
  );
}

/** `first` with `text` pasted after it; computed unless both are known. */
function pasted(first: Word, text: string, literal: boolean): Word {
  const joined = `${first.text}${text}`;
  if (first.literal && literal) {
    return wordFromText(joined, { start: first.start, tilde: first.tilde });
  }
  return wordFromText(joined, { computed: true, start: first.start });
}

/**
 * Work-tree updates whose written files the operand reading already covers: a patch's files
 * (below the working directory), a clone's or a new worktree's folder, the files named.
 */
const NAMES_WHAT_IT_WRITES: ReadonlySet<string> = new Set([
  ...["apply", "am", "clone", "worktree", "checkout-index", "restore"],
]);

/** Subcommands that take `-L<range>:<file>`, a line range of one file's history. */
const LINE_LOGS: ReadonlySet<string> = new Set(["log", "whatchanged"]);

/**
 * The file of a `-L` value: `<start>,<end>:<file>` or `:<funcname>:<file>`, where a range may be
 * a regex holding `:` and a file name may hold one too. The text after each `:` is read, so
 * the file is among them (`/fn parse/,+20:src/a.ts` reads src/a.ts, `:main:.env` reads .env);
 * a value only known at run time may name any file.
 */
function lineRangeFiles(value: Word): PathUse[] {
  if (!value.literal) return [{ word: value, access: "read" }];
  const uses: PathUse[] = [];
  for (let at = value.text.indexOf(":"); at !== -1; at = value.text.indexOf(":", at + 1)) {
    if (at + 1 >= value.text.length) continue;
    const file = tail(value, at + 1);
    if (!isNeverPath(file)) uses.push({ word: file, access: "read" });
  }
  return uses;
}

/**
 * Subcommands that print or compare a blob named `REV:PATH` or `:PATH` (the file as committed or
 * staged): that reads the file's content as surely as reading it on disk (`git show HEAD:.env`).
 * So do the ones that copy the object, or a tree's files, where a later command prints them
 * (A18 ref-alias-to-protected-blob, checked on a repository with .env and .ssh/id_rsa
 * committed): `git tag t HEAD:.env`, `git update-ref refs/x :.env`, `git stash store HEAD:.env`
 * and `git replace HEAD:README.md HEAD:.env` make a name `git show` prints the file through;
 * `git checkout HEAD:.ssh -- id_rsa`, `git reset HEAD:.ssh -- id_rsa`, `git read-tree HEAD:.ssh`
 * and `git commit-tree HEAD:.ssh` put the key under a name no rule guards; `git diff-index -p`
 * and `git merge-tree` print a tree's files.
 */
const BLOB_READERS: ReadonlySet<string> = new Set([
  ...["show", "cat-file", "diff", "difftool", "diff-tree", "ls-tree", "grep", "archive"],
  ...["log", "whatchanged", "unpack-file", "blame", "annotate", "merge-file"],
  ...["tag", "update-ref", "replace", "stash", "checkout", "reset", "read-tree", "commit-tree"],
  ...["diff-index", "merge-tree"],
]);

/**
 * Of the {@link BLOB_READERS}, those that print only the names in a tree they are given (`git
 * show HEAD:.ssh`, `git ls-tree HEAD:.ssh`, `git cat-file -p HEAD:.ssh`), never its files.
 */
const TREE_LISTERS: ReadonlySet<string> = new Set(["show", "ls-tree", "cat-file"]);

/**
 * The path of a blob name (`HEAD:.env`, `main~2:src/x`, `:.env`, `:2:.env`); null for anything
 * else: `:/text` searches commit messages, `REV:` is a whole tree, a URL is no blob.
 */
function blobPath(word: Word): Word | null {
  if (!word.literal) return null;
  const text = word.text;
  let from: number;
  if (text.startsWith(":")) {
    if (text.startsWith(":/")) return null;
    from = /^:[0-3]:/.test(text) ? 3 : 1;
  } else {
    const colon = revisionColon(text, 0).at;
    if (colon <= 0 || text.startsWith("//", colon + 1) || text.startsWith(":", colon + 1))
      return null;
    from = colon + 1;
  }
  if (from >= text.length) return null;
  return tail(word, from);
}

/**
 * The paths a blob name may name, the name known in part only (A18
 * rev-path-with-substituted-rev-taken-for-plain-hash): `$(git rev-parse HEAD):.env`,
 * `"$(git merge-base a b)":'.env'`, `` `git rev-parse HEAD`~1:.env ``, `$r:.env`. Bash glues
 * the output to the written `:PATH` and git prints the file as committed. The substitutions
 * trusted as plain words print no `:` (unknown-words.ts), so the first `:` written outside
 * an expansion still ends the revision; an expansion before it may print nothing, which
 * makes the index forms `:PATH` and `:N:PATH`. A path that is itself expanded, or a word
 * bash may glob or brace-expand, is only known at run time. A word built from others (no
 * pieces) may hold its `:` anywhere.
 */
function blobPaths(word: Word): Word[] {
  if (word.literal) {
    const blob = blobPath(word);
    const whole = blob === null ? [] : [blob];
    // `A..B` and `A...B` (`git diff HEAD:README.md..HEAD:.env`) name a blob on each side.
    if (!word.text.includes("..")) return whole;
    const sides = word.text
      .split(/\.{2,3}/)
      .filter((side) => side !== "")
      .map((side) => blobPath(wordFromText(side, { start: word.start })))
      .filter((side): side is Word => side !== null);
    return [...whole, ...sides];
  }
  const unknown = (): Word[] => [
    wordFromText("$(the file a blob name may name)", { computed: true, start: word.start }),
  ];
  const pieces = word.pieces;
  // A glob may expand to a file whose name holds the colon (`echo x > HEAD:.env; git show
  // H*` shows the committed .env): its revision reading is not known.
  if (word.glob) return unknown();
  if (pieces === undefined || word.brace) {
    return word.text.includes(":") ? unknown() : [];
  }
  let expanded = false;
  let doubtful = false;
  let before = "";
  let depth = 0;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i] as Piece;
    if (piece.kind === "expansion") {
      // Output nobody can read before the revision ends may hold the `:` that ends it, or a
      // `{` that moves it (`"HEAD$(printf :)".env`, `"HEAD$(printf '^{/')x:*}:.env"`): the
      // path is then unknown too. The substitutions trusted as plain words print neither, and
      // the environment is the user's.
      if (!plainOutput(piece) && !word.inherited) doubtful = true;
      expanded = true;
      continue;
    }
    const colon = revisionColon(piece.text, depth);
    depth = colon.depth;
    const at = colon.at;
    if (at === -1) {
      before += piece.text;
      continue;
    }
    before += piece.text.slice(0, at);
    const after = piece.text.slice(at + 1);
    const rest: Piece[] = [{ ...piece, text: after, raw: after }, ...pieces.slice(i + 1)];
    const text = rest.map((part) => part.text).join("");
    if (before === "" && !expanded && text.startsWith("/")) return [];
    const path = (from: number): Word[] => {
      if (from >= text.length) return [];
      if (rest.some((part) => part.kind === "expansion")) return unknown();
      return [wordFromText(text.slice(from), { start: word.start })];
    };
    const doubt = doubtful ? unknown() : [];
    if (before !== "") return [...path(0), ...doubt];
    // `:N:PATH` names a stage of the index; after an expansion that printed something,
    // `N:PATH` is the path itself.
    const stage = /^[0-3]:/.test(text);
    if (!expanded) return path(stage ? 2 : 0);
    return stage ? [...path(0), ...path(2), ...doubt] : [...path(0), ...doubt];
  }
  return doubtful ? unknown() : [];
}

/**
 * Where git ends a revision: the first `:` outside braces (`HEAD^{/fix:*}:.env` searches for
 * `fix:*` and names .env; `HEAD@{2024-01-01 00:00:00}:.env` likewise), from a brace depth
 * carried over from the text before; -1 when none, with the depth at the end.
 */
function revisionColon(text: string, depth: number): { at: number; depth: number } {
  let open = depth;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === "{") open++;
    else if (char === "}" && open > 0) open--;
    else if (char === ":" && open === 0) return { at: i, depth: open };
  }
  return { at: -1, depth: open };
}

/**
 * What naming a blob or a tree (`HEAD:.env`, `HEAD:.ssh`) reads: the file as committed, and
 * for a tree whose files the command prints or copies, a file inside a hidden folder it names
 * (`git archive HEAD:.ssh` prints .ssh/id_rsa; `git diff HEAD:.ssh HEAD:src` shows it), so that
 * a rule for the folder's contents meets it. `listsOnly`: the command prints a tree's names.
 */
function blobUses(word: Word, listsOnly = false): PathUse[] {
  return blobPaths(word).flatMap((path): PathUse[] => [
    { word: path, access: "read" },
    ...(listsOnly || !hiddenFolder(path)
      ? []
      : [{ word: childWord(path, "…"), access: "read" as const }]),
  ]);
}

/**
 * What reading the blob a value names (`git config --blob HEAD:.env`, `git notes add -C
 * HEAD:.env`) reads: the file as committed; a value only known at run time may name any file's
 * blob. An object id or a whole tree names no path.
 */
function blobReads(value: Word): PathUse[] {
  if (!value.literal) {
    return [
      {
        word: wordFromText("$(the file a blob name may name)", { computed: true }),
        access: "read",
      },
    ];
  }
  return blobUses(value);
}

/**
 * Plumbing that reads the names of the files it works on from stdin or from a file
 * (`hash-object --stdin-paths`, `update-index --stdin`, `checkout-index --stdin`,
 * `--pathspec-from-file`): those files may be any, `.env` or `~/.ssh/id_rsa` included, and the
 * text does not show them. One computed path stands for them.
 */
function namesFromInput(name: string, args: readonly Word[]): PathUse | null {
  const entry = NAMES_FROM_INPUT[name];
  const fromFile = PATHSPEC_ACCESS[name] !== undefined && given(args, /^--pathspec-fr/);
  if (!fromFile && (entry === undefined || !given(args, entry.when))) return null;
  const access = fromFile ? (PATHSPEC_ACCESS[name] as PathAccess) : (entry as NameList).access;
  return { word: wordFromText("$(names read from input)", { computed: true }), access };
}

interface NameList {
  when: RegExp;
  access: PathAccess;
}

const NAMES_FROM_INPUT: Readonly<Record<string, NameList>> = {
  "hash-object": { when: /^--stdin-/, access: "read" },
  // `--index-info` takes whole index entries (`MODE OBJECT\tPATH`) from stdin: their paths
  // are any (S26 index-forged-entry: a here-string's entry for `.env`).
  "update-index": { when: /^--(stdin|index-info)$/, access: "read" },
  "checkout-index": { when: /^--stdin$/, access: "write" },
  // cat-file --batch prints the objects named on stdin: `HEAD:.env` is the file as committed.
  "cat-file": { when: /^--batch(-command)?(=.*)?$/, access: "read" },
  // update-ref --stdin takes `update REF NEW`, where NEW may be `HEAD:.env` (traced: `git show
  // REF` then prints the committed .env).
  "update-ref": { when: /^--stdin$/, access: "read" },
};

/**
 * A literal name whose last segment is a hidden folder's (`.ssh`, `~/.aws`, `cfg/.gnupg/`):
 * where credentials live, and what a rule for a folder's contents (`.ssh` and below) guards.
 */
function hiddenFolder(word: Word): boolean {
  if (!word.literal || /[*?[]/.test(word.text)) return false;
  // git normalises a pathspec's `.` and `..` segments as text (`.ssh/.`, `.ssh/x/..` are `.ssh`).
  const segments: string[] = [];
  for (const segment of word.text.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === ".." && segments.length > 0 && segments[segments.length - 1] !== "..") {
      segments.pop();
    } else segments.push(segment);
  }
  const last = segments[segments.length - 1] ?? "";
  return /^\.[^./]/.test(last) && !/\.[A-Za-z0-9]+$/.test(last.slice(1));
}

/**
 * Subcommands that write the files a folder pathspec holds (`git checkout -- src`, `git
 * restore src`, `git stash push -- src`, `git rm -r src`, `git clean -f src`: G15 traced
 * `git checkout -- src` writing src/a.ts and src/b.ts), see {@link filesInFolder}.
 */
const WRITES_BELOW_PATHSPEC: ReadonlySet<string> = new Set([
  ...["checkout", "restore", "stash", "rm", "clean"],
]);

/** How many folder levels below a written pathspec {@link filesInFolder} names files at. */
const PATHSPEC_LEVELS = 3;

/**
 * The files a written folder pathspec reaches, as globs of the names git writes there: `src/*`,
 * `src/*\/*`, `src/*\/*\/*`, so that a rule for files below the folder (`src/**`,
 * `**\/*.pem`, `src/a/b.ts`) meets the write. Git writes the files it tracks or sees there;
 * names starting with a dot are left out at every level, as git leaves the ignored dotfiles
 * (`.env`) and folders alone, and a pathspec naming a hidden folder reaches inside it (its
 * `…` child). A name with a suffix (`src/a.ts`) is a file: nothing lies below it. A pathspec
 * only known at run time is any file already.
 */
function filesInFolder(use: PathUse): PathUse[] {
  const word = use.word;
  if (!word.literal || /[*?[]/.test(word.text)) return [];
  const last = word.text.replace(/\/+$/, "").split("/").pop() ?? "";
  if (/\.[A-Za-z0-9]+$/.test(last.slice(1))) return [];
  const base = word.text.replace(/\/+$/, "").replace(/[*?[\]\\]/g, "\\$&");
  const out: PathUse[] = [];
  let glob = base;
  for (let level = 0; level < PATHSPEC_LEVELS; level++) {
    glob = `${glob}/*`;
    out.push({ word: wordFromText(glob, { glob: true, tilde: word.tilde }), access: use.access });
  }
  return out;
}

/** Subcommands whose operands are pathspecs: a directory among them reaches what is inside. */
const PATHSPEC_SUBCOMMANDS: ReadonlySet<string> = new Set([
  ...["add", "stage", "rm", "restore", "checkout", "stash", "clean", "commit", "diff", "grep"],
  ...["ls-files", "mv", "reset", "difftool", "archive", "check-attr", "update-index"],
]);

/** A git subcommand that can reach every file below its pathspecs, with its proof. */
export interface GitRecursion {
  readonly subcommand: string;
  /** A word with which it reaches everything below its pathspecs. */
  readonly when: RegExp;
  /** A word with which it does not after all (`clean -n` only lists). */
  readonly unless?: RegExp;
  /** A word with which it reaches the whole working directory, pathspecs or not. */
  readonly whole?: RegExp;
  /** What it does to what lies below. */
  readonly access: PathAccess;
  /** Commands in which a directory (the working directory without a pathspec) is covered below. */
  readonly match: readonly string[];
  /** Commands of the same subcommand in which nothing is. */
  readonly notMatch: readonly string[];
  readonly note: string;
}

/**
 * Subcommands that reach every file below their pathspecs, ignored files included (where a
 * `.env` usually is). Each path then covers what lies below it; with no pathspec, the working
 * directory does.
 */
export const GIT_RECURSIVE: readonly GitRecursion[] = [
  {
    subcommand: "add",
    when: /^(-f|--force)$|^-[a-zA-Z]*f/,
    whole: /^(-A|--all)$|^-[a-zA-Z]*A/,
    access: "read",
    match: ["git add -f .", "git add -fA", "git add --force src"],
    notMatch: ["git add src/a.ts", "git add -A"],
    note: "add -f stages ignored files too",
  },
  {
    subcommand: "grep",
    when: /^--(no-index|no-exclude-standard)$/,
    whole: /^--(no-index|no-exclude-standard)$/,
    access: "read",
    match: ["git grep --no-index password", "git grep --no-exclude-standard x src"],
    notMatch: ["git grep password"],
    note: "grep outside the index searches untracked and ignored files",
  },
  {
    subcommand: "stash",
    when: /^(-a|--all)$/,
    whole: /^(-a|--all)$/,
    access: "read_write",
    match: ["git stash --all", "git stash push -a -m wip"],
    notMatch: ["git stash", "git stash list", "git stash -u"],
    note: "stash --all stashes and removes ignored files too, like clean -x",
  },
  {
    subcommand: "clean",
    // A command-line exclude outranks .gitignore: a negated one (`-e '!.env'`) un-ignores the
    // files it names, and a computed one may be negated (round 11b K-b14). Only -e takes a
    // value among clean's letters, so a word starting with `!` is one.
    when: /^-[a-zA-Z]*[xX]|^(-[a-zA-Z]*e|--ex[a-z]*=?)?[!$`]/,
    unless: /^(-n|--dry-run)$|^-[a-zA-Z]*n/,
    access: "read_write",
    match: [
      "git clean -fdx",
      "git clean -fX build",
      "git clean -f -e '!.env'",
      "git clean -fdq --exclude='!**/.env'",
      "git clean -fq --exclude '!.en?'",
      "git clean -f -e!.env",
      // The last of -n and --no-dry-run decides.
      "git clean -fdxn --no-dry-run",
      "git clean -nfdx --no-d",
    ],
    notMatch: ["git clean -nx", "git clean -fd", "git clean -fd -e node_modules"],
    note: "clean -x/-X removes ignored files; a negated -e/--exclude pattern un-ignores them",
  },
  {
    subcommand: "stash",
    when: /^(-a|--all)$/,
    whole: /^(-a|--all)$/,
    access: "read_write",
    match: ["git stash --all", "git stash push -a"],
    notMatch: ["git stash", "git stash pop"],
    note: "stash --all stashes and removes ignored files",
  },
  {
    subcommand: "checkout-index",
    when: /^(-a|--all)$|^-[a-zA-Z]*a/,
    whole: /^(-a|--all)$|^-[a-zA-Z]*a/,
    access: "write",
    match: ["git checkout-index -a -f", "git checkout-index -fa"],
    notMatch: ["git checkout-index -f README.md"],
    note: "checkout-index -a writes every file of the index, which may name any path (.env included)",
  },
];

const GIT_RECURSIVE_BY_NAME: ReadonlyMap<string, GitRecursion> = new Map(
  GIT_RECURSIVE.map((entry) => [entry.subcommand, entry]),
);

function recursiveUses(
  name: string,
  args: readonly Word[],
  uses: PathUse[],
  switches: ReadonlySet<string>,
): PathUse[] {
  const entry = GIT_RECURSIVE_BY_NAME.get(name);
  if (entry === undefined) return uses;
  const has = (pattern: RegExp | undefined) =>
    pattern !== undefined && args.some((word) => pattern.test(word.text));
  // What takes the reach away is a switch in force, never an option's value or an operand
  // (`git clean -fx -e -n`, `git clean -fx -- -n` remove .env: traced).
  const unless = entry.unless;
  const off =
    unless !== undefined &&
    !switches.has(COMPUTED_FLAG) &&
    [...switches].some((flag) => unless.test(flag));
  if (!has(entry.when) || off) return uses;
  // Each path reaches what lies below it as the subcommand does there, and as it names it.
  const below = uses.map((use) => ({
    ...use,
    access: use.access === entry.access ? use.access : ("read_write" as const),
    below: true as const,
  }));
  if (has(entry.whole) || below.length === 0) {
    below.push({ word: wordFromText("."), access: entry.access, below: true });
  }
  return below;
}

/**
 * The option words of a subcommand still in force (`effective`: spelled out, clusters split,
 * negated ones dropped), as {@link gitSwitches} reads them: a word only known at run time
 * stands as COMPUTED_FLAG.
 */
function switchesInForce(name: string, effective: readonly Word[]): ReadonlySet<string> {
  return new Set(gitSwitches(name, effective));
}

/**
 * Whether git rm's, mv's or clean's switches make a dry run (`-n`, `-rn`, `--dry-run`, `--dry`;
 * the last of it and `--no-dry-run` counts); never with a word only known at run time among them.
 */
function dryRun(flags: ReadonlySet<string>): boolean {
  if (flags.has(COMPUTED_FLAG)) return false;
  let dry = false;
  for (const flag of flags) {
    if (/^--no-d/.test(flag) && "--no-dry-run".startsWith(flag)) dry = false;
    else if (/^-[a-zA-Z]*n/.test(flag) || (/^--d/.test(flag) && "--dry-run".startsWith(flag)))
      dry = true;
  }
  return dry;
}

/**
 * Subcommands whose `--` only ends the options: the words after it are the same operands
 * (`git clone -- URL DIR`, `git init --bare -- DIR`, `git worktree add -- DIR`, `git
 * submodule add -- URL PATH`, `git bundle create -- FILE`, `git mv -- SRC DIR/`, which writes
 * DIR/SRC), never pathspecs.
 */
const DASHES_END_OPTIONS_ONLY: ReadonlySet<string> = new Set([
  ...["clone", "init", "worktree", "submodule", "bundle", "mv"],
]);

function operandUses(
  name: string,
  operands: readonly Word[],
  dashesAt: number,
  flags: ReadonlySet<string>,
  switches: ReadonlySet<string>,
): PathUse[] {
  // (`git submodule update -- PATH` takes pathspecs: only `add` reads its operands so.)
  const operandsOnly =
    DASHES_END_OPTIONS_ONLY.has(name) && (name !== "submodule" || operands[0]?.text === "add");
  // Where each operand has its place (the repository, the directory, the bundle), a word only
  // known at run time may be an option instead and leave its place to the next one (`git init
  // "$q" -- DIR`, `git bundle create "$q" FILE`, `git clone "$q" URL DIR`): the places are also
  // read without it.
  if (operandsOnly && operands.some((word) => !word.literal)) {
    const known = operands.filter((word) => word.literal);
    return [
      ...operandUses(name, known, -1, flags, switches),
      ...positionalUses(name, operands, -1, flags, switches),
    ];
  }
  return positionalUses(name, operands, operandsOnly ? -1 : dashesAt, flags, switches);
}

function positionalUses(
  name: string,
  operands: readonly Word[],
  dashes: number,
  flags: ReadonlySet<string>,
  switches: ReadonlySet<string>,
): PathUse[] {
  // check-ignore matches each name against the ignore rules (the `.gitignore` files of the
  // folders on its way, inside the work tree) and opens no file of that name.
  if (name === "check-ignore") return [];
  // A tag, branch or ref name, a pattern of them, or a commit: no file (`git tag -l '/x*'`).
  if (NAME_OPERANDS.has(name) && dashes === -1) return [];
  const before = dashes === -1 ? operands : operands.slice(0, dashes);
  const after = dashes === -1 ? [] : operands.slice(dashes);
  const pathspec = PATHSPEC_ACCESS[name] ?? "read_write";
  const globs = !LITERAL_OPERANDS.has(name);
  const uses: PathUse[] = after
    .flatMap((word) => pathspecWord(word, globs) ?? [])
    .filter((word) => !isNeverPath(word))
    .map((word) => ({ word, access: pathspec }));
  const fileAccess = FILE_OPERANDS[name];
  const all = (access: PathAccess) =>
    before.filter((word) => !isNeverPath(word)).map((word) => ({ word, access }));
  // `git rm -n`, `git mv -n`: a dry run only reads what it names.
  if ((name === "rm" || name === "mv") && dryRun(switches)) {
    return [...all("read"), ...uses.map((use) => ({ ...use, access: "read" as const }))];
  }
  switch (name) {
    // `--cacheinfo MODE,OBJECT,PATH` puts an entry for PATH in the index without reading the
    // file, and every later whole-tree command then takes PATH as tracked: an ignored `.env`
    // is printed by `git diff`, committed by `commit -a`, removed by `git rm -r .` (S26
    // index-forged-entry, traced). The entry names PATH as `update-index PATH` does.
    case "update-index": {
      for (const word of before) {
        const entry = /^[^,]*,[^,]*,/.exec(word.text);
        if (entry !== null && entry[0].length < word.text.length) {
          uses.push({ word: tail(word, entry[0].length), access: fileAccess ?? "read" });
        }
      }
      break;
    }
    // A tree read into the index names files the text does not show (a tree the string made
    // with `fast-import` or `mktree` may list an ignored `.env`), which later whole-tree
    // commands then take as tracked, as for `update-index --cacheinfo`.
    case "read-tree":
      if (before.length > 0) {
        uses.push({
          word: wordFromText("$(the files a tree names)", { computed: true }),
          access: "read",
        });
      }
      break;
    // `--in-place` writes each file back with the trailers added (C21 trailers-inplace,
    // traced: `git interpret-trailers --in-place --trailer 'git push origin main;#=x'
    // README.md; bash README.md` ran git push). A flag only known at run time may be it. The
    // files after `--` are the same messages (R23 trailers-dashes, traced: `--in-place --
    // /home/user/.ssh/id_rsa` read and rewrote id_rsa).
    case "interpret-trailers":
      if (flags.has("--in-place") || flags.has(COMPUTED_FLAG)) {
        return [
          ...all("read_write"),
          ...uses.map((use) => ({ ...use, access: "read_write" as const })),
        ];
      }
      break;
    case "mv": {
      const files = before.filter((word) => !isNeverPath(word));
      // A folder destination receives each source under its own name (`git mv x src/`
      // writes src/x); a source whose name is not known may land anywhere below it.
      const destination = files.length > 1 ? (files[files.length - 1] as Word) : null;
      const into: PathUse[] = [];
      for (const source of destination === null ? [] : files.slice(0, -1)) {
        const name = source.text.replace(/\/+$/, "").split("/").pop() ?? "";
        if (source.literal && name !== "" && name !== "." && name !== "..")
          into.push({ word: childWord(destination as Word, name), access: "write" });
        else into.push({ word: destination as Word, access: "write", below: true });
      }
      return [
        ...files.map((word, index) => ({
          word,
          access: (index === files.length - 1 && files.length > 1
            ? "write"
            : "read_write") as PathAccess,
        })),
        ...into,
        ...uses,
      ];
    }
    case "diff":
      // `diff --no-index` compares two files anywhere, inside a repository or not; given two
      // directories it compares every file below them, ignored ones (.env) included. git
      // does so unasked when it is given exactly two paths, one of them outside the working
      // tree, either as its only words (`git diff ~ src`) or as the only words after a
      // leading `--` (`git diff -- ~ src`). Any other path outside the tree is refused
      // (`git diff -- /etc/hostname`, `git diff HEAD -- /etc/hostname`: fatal, nothing read,
      // traced), so an absolute pathspec there is an ordinary one (`git diff -- /repo/src`).
      // The two paths may stand after `--` with --no-index (`git diff --no-index -- src .`):
      // there they are no pathspecs but the same two paths.
      if (
        flags.has("--no-index") ||
        (dashes === -1 && before.length === 2 && before.some(outsideWord)) ||
        (dashes === 0 && after.length === 2 && after.some(outsideWord)) ||
        computedPair(before) ||
        computedPair(after.filter((word) => word.text !== "--"))
      ) {
        const paths = [...before, ...after.filter((word) => word.text !== "--")];
        return paths
          .filter((word) => !isNeverPath(word))
          .map((word) =>
            namesAFile(word)
              ? { word, access: "read" as const }
              : { word, access: "read" as const, below: true as const },
          );
      }
      break;
    case "init":
      // init DIR creates DIR/.git and the files in it.
      return [
        ...all("write")
          .slice(0, 1)
          .flatMap((use) => [use, { ...use, word: childWord(use.word, ".git/config") }]),
        ...uses,
      ];
    case "clone": {
      const [source, target] = before;
      const found: PathUse[] = [];
      if (source !== undefined && hasPathShape(source) && !isNeverPath(source, true, "git"))
        found.push({ word: source, access: "read" });
      // The clone writes DIR/.git and a working tree into its directory.
      if (target !== undefined && !isNeverPath(target)) {
        found.push({ word: target, access: "write" });
        found.push({ word: childWord(target, ".git/config"), access: "write" });
      } else if (target === undefined && source?.literal) {
        // Without one git makes a directory named after the URL's last part (`x/y.git`: `y`).
        const named = cloneDirectory(source);
        if (named !== undefined) found.push({ word: named, access: "write" });
      }
      return [...found, ...uses];
    }
    case "worktree": {
      if (computedAction(before)) return [...anyAction(before), ...uses];
      const action = before[0]?.text;
      if (
        action === "add" ||
        action === "remove" ||
        action === "move" ||
        action === "repair" ||
        action === "lock" ||
        action === "unlock"
      ) {
        // The operand after the action's own options is the worktree (move: and its new place).
        const rest = before.slice(1);
        const targets = action === "move" ? rest.slice(0, 2) : rest.slice(0, 1);
        // A new worktree is filled with every tracked file and its `.git` file.
        return [...targets.flatMap((word) => inFolder(word, "write")), ...uses];
      }
      return uses;
    }
    case "bundle": {
      if (computedAction(before)) return [...anyAction(before), ...uses];
      const action = before[0]?.text;
      const file = before[1];
      if (file === undefined || isNeverPath(file)) return uses;
      if (action === "create") return [{ word: file, access: "write" }, ...uses];
      if (action === "verify" || action === "list-heads" || action === "unbundle")
        return [{ word: file, access: "read" }, ...uses];
      return uses;
    }
    case "submodule": {
      if (computedAction(before)) return [...anyAction(before), ...uses];
      if (before[0]?.text !== "add") return uses;
      // add [options] REPOSITORY [PATH]: the repository is cloned (a local one read: `~/x`,
      // `../x` relative to the working directory when there is no remote), the path written.
      // An option's value may stand among the operands here: each path-shaped one counts.
      const words = before.slice(1).filter((word) => !isNeverPath(word));
      const target = words.length > 1 ? words[words.length - 1] : undefined;
      const sources = (target === undefined ? words : words.slice(0, -1)).filter(
        (word) => hasPathShape(word) && !isNeverPath(word, true, "git"),
      );
      return [
        ...sources.map((word) => ({ word, access: "read" as const })),
        // The submodule is cloned into its path: a folder filled like a new worktree.
        ...(target !== undefined ? inFolder(target, "write") : []),
        ...uses,
      ];
    }
    case "apply":
    case "am": {
      // The files a patch changes are named inside it: any file below the working directory
      // (with --unsafe-paths, anywhere). --check and --cached write none of them but read
      // them; the reports (--stat, --numstat, --summary) read the patch alone.
      const patches = before
        .filter((word) => !isNeverPath(word) && (word.literal || hasPathShape(word)))
        .map((word) => ({ word, access: "read" as const }));
      const anywhere = flags.has("--unsafe-paths");
      if (name === "apply") {
        // git takes any unambiguous prefix of a long option: `--stat --app` applies.
        // A report or check switched off again (`--stat --no-stat`, any unique prefix) leaves
        // the patch applied.
        const applies = [...flags].some(
          (flag) =>
            flag === COMPUTED_FLAG ||
            /^--ap(p(ly?)?)?$/.test(flag) ||
            /^--no-(s(t(at?)?)?|stat|su(m(m(a(ry?)?)?)?)?|n(u(m(s(t(at?)?)?)?)?)?|c(h(e(ck?)?)?|a(c(h(ed?)?)?)?)?)$/.test(
              flag,
            ),
        );
        // strace: --check opens each file the patch names to test its preimage (a `.env`
        // too), and --cached reads the index's copy of it; --stat, --numstat and --summary
        // read the patch alone.
        const reads = [...switches].some((flag) => /^--(check|cached)$/.test(flag));
        const reports = [...switches].some((flag) => /^--(stat|numstat|summary)$/.test(flag));
        if (!applies && reads) {
          return [
            ...patches,
            { word: wordFromText(anywhere ? "/" : "."), access: "read", below: true },
            ...uses,
          ];
        }
        if (!applies && reports) break;
      } else if (
        [...switches].some((flag) => /^--(show-current-patch(=.*)?|quit)$/.test(flag)) &&
        !switches.has(COMPUTED_FLAG)
      ) {
        break;
      }
      return [
        ...patches,
        { word: wordFromText(anywhere ? "/" : "."), access: "write", below: true },
        ...uses,
      ];
    }
    case "credential-store": {
      // Without --file the store is ~/.git-credentials (and the XDG one): the user's secrets.
      if (before.some((word) => /^--file(=|$)/.test(word.text))) return uses;
      return [
        { word: wordFromText("~/.git-credentials", { tilde: true }), access: "read_write" },
        ...uses,
      ];
    }
    case "credential-cache":
    case "credential-cache--daemon": {
      // The cache talks to a daemon over a socket (store starts it) that lives in
      // ~/.cache/git/credential/ (or ~/.git-credential-cache/ when that folder exists); it
      // holds the user's secrets (a `--socket=PATH` is read as a path besides). The daemon
      // creates the folders on the way (~/.cache, ~/.cache/git).
      return [
        { word: wordFromText("~/.cache", { tilde: true }), access: "write" },
        { word: wordFromText("~/.cache/git", { tilde: true }), access: "write" },
        {
          word: wordFromText("~/.cache/git/credential", { tilde: true }),
          access: "read_write",
          below: true,
        },
        {
          word: wordFromText("~/.git-credential-cache", { tilde: true }),
          access: "read_write",
          below: true,
        },
        ...uses,
      ];
    }
    case "maintenance": {
      // register, unregister, start and stop change the user's global configuration (start
      // and stop the scheduler's files too: a crontab, systemd or launchd units).
      const action = before[0]?.text ?? "";
      if (!computedAction(before) && !/^(register|unregister|start|stop)$/.test(action))
        return uses;
      return [{ word: wordFromText("~/.gitconfig", { tilde: true }), access: "write" }, ...uses];
    }
    case "clean":
      if (dryRun(switches)) return [];
      // With no pathspec, clean removes untracked files below the working directory.
      if (before.length === 0 && after.length === 0) {
        return [{ word: wordFromText("."), access: "write" }];
      }
      break;
    default:
      break;
  }
  if (fileAccess !== undefined) {
    const files = before
      .flatMap((word) => pathspecWord(word, globs) ?? [])
      .filter(
        (word) =>
          !isNeverPath(word) &&
          (homeWord(word) || !isRevision(word.text)) &&
          (word.literal || hasPathShape(word)),
      );
    return [...files.map((word) => ({ word, access: fileAccess })), ...uses];
  }
  // Elsewhere an operand before `--` is a revision or a name unless it is written as a path.
  for (const word of before) {
    // The repository operand of a command that reaches one may be `host:path` or a URL.
    const remote = word === before[0] && REMOTE_COMMANDS.test(name) ? "git" : false;
    if (isNeverPath(word, true, remote) || (!homeWord(word) && isRevision(word.text))) continue;
    // git takes a word with a wildcard or pathspec magic for a pathspec without `--`
    // (`git log '[.]env'`, `git diff ':(glob)*'`), as it does a file that exists.
    const spec = PATHSPEC_ACCESS[name] !== undefined && globs && word.literal;
    if (spec && (GIT_WILDCARD.test(word.text) || word.text.startsWith(":("))) {
      const path = pathspecWord(word);
      if (path !== null && !isNeverPath(path)) uses.push({ word: path, access: pathspec });
      continue;
    }
    // A word written as a path, `~`, or one whose `..` may climb out of the working tree
    // (`src/../../home/user`): git diff then compares it as a file anywhere (implicit --no-index).
    const explicit =
      /^(\/|\.\/|\.\.\/|~\/|\.[^./])/.test(word.text) ||
      word.text === "." ||
      word.text === ".." ||
      homeWord(word) ||
      /(^|\/)\.\.(\/|$)/.test(word.text);
    if (explicit) uses.push({ word, access: pathspec });
  }
  return uses;
}

/** The directory `git clone URL` makes without one given: the URL's last part, less `.git`. */
function cloneDirectory(url: Word): Word | undefined {
  const end = url.text
    .replace(/\/+$/, "")
    .replace(/\/\.git$/, "")
    .replace(/\/+$/, "");
  const name = end.slice(Math.max(end.lastIndexOf("/"), end.lastIndexOf(":")) + 1);
  const dir = name.replace(/\.(git|bundle)$/, "");
  return dir === "" || dir === "." || dir === ".." ? undefined : wordFromText(dir);
}

/** A word that may name a file outside the working tree: absolute, a home, or climbing with `..`. */
function outsideWord(word: Word): boolean {
  return (
    word.literal &&
    !isNeverPath(word) &&
    (word.text.startsWith("/") || homeWord(word) || /(^|\/)\.\.(\/|$)/.test(word.text))
  );
}

/**
 * Two operands of `git diff`, one computed (`git diff $(echo /etc) src`), the other not a plain
 * revision: both may be files, one outside the working tree, and git then compares them as
 * `--no-index` does. `git diff $(git merge-base main HEAD) HEAD` stays a comparison of commits.
 */
function computedPair(operands: readonly Word[]): boolean {
  return (
    operands.length === 2 &&
    operands.some((word) => !word.literal && !isNeverPath(word)) &&
    operands.every((word) => !word.literal || !REVISION_NAME.test(word.text))
  );
}

/** Words that name a commit, never a file a command would compare. */
const REVISION_NAME =
  /^(HEAD|FETCH_HEAD|ORIG_HEAD|MERGE_HEAD|CHERRY_PICK_HEAD|REBASE_HEAD|@|[0-9a-f]{7,40})$|[~^]|@\{|\.\./;

/** `~`, `~/x` or `~user`: bash's tilde expansion, a home directory (no revision starts with `~`). */
function homeWord(word: Word): boolean {
  return word.tilde && word.text.startsWith("~");
}

/** The files the environment names for git: `GIT_DIR`, `GIT_INDEX_FILE`, trace targets, config files. */
export function gitEnvPaths(name: string, value: Word): PathUse[] {
  // Settings given through the environment name files as `-c` ones do (`url.<base>.insteadOf`,
  // `include.path`).
  if (name === "GIT_CONFIG_PARAMETERS" || /^GIT_CONFIG_KEY_\d+$/.test(name)) {
    return value.literal ? configParameterSettings(name, value).paths : [];
  }
  const access = GIT_ENV_PATHS[name];
  if (access !== undefined) {
    if (value.text === "") return [];
    if (name === "GIT_DIR" && ownGitDir(value)) return [];
    if (name === "GIT_ALTERNATE_OBJECT_DIRECTORIES" && value.literal && value.text.includes(":")) {
      // A colon-separated list of folders, each searched like the object folder.
      return value.text
        .split(":")
        .filter((dir) => dir !== "")
        .flatMap((dir) =>
          inFolder(wordFromText(dir, { start: value.start, tilde: dir.startsWith("~") }), access),
        );
    }
    if (name === "GIT_WORK_TREE") return workTree(value);
    return GIT_ENV_FOLDERS.has(name) ? inFolder(value, access) : [{ word: value, access }];
  }
  if (
    /^GIT_TRACE(2)?(_[A-Z0-9_]+)?$/.test(name) &&
    !/^GIT_TRACE2?_(BRIEF|CONFIG_PARAMS|ENV_VARS|REDACT|PARENT_\w+|MAX_FILES)$/.test(name)
  ) {
    // `1`, `2`, `true` and fd numbers trace to stderr; an absolute path (or `af_unix:`) is a file.
    const text = value.text.replace(/^af_unix:(stream:|dgram:)?/, "");
    if (value.literal && !text.startsWith("/") && !(value.tilde && text.startsWith("~"))) return [];
    const target = text === value.text ? value : tail(value, value.text.length - text.length);
    // A trace2 target that is a folder gets one file per process inside it.
    if (/^GIT_TRACE2(_EVENT|_PERF)?$/.test(name) && text === value.text) {
      return inFolder(target, "write");
    }
    return [{ word: target, access: "write" }];
  }
  return [];
}

/** Variables naming a folder git works in: the files inside it are touched too. */
const GIT_ENV_FOLDERS: ReadonlySet<string> = new Set([
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_COMMON_DIR",
  "GIT_OBJECT_DIRECTORY",
  "GIT_ALTERNATE_OBJECT_DIRECTORIES",
  "GIT_SSL_CAPATH",
  "QUILT_PATCHES",
  "GIT_TEXTDOMAINDIR",
]);

const GIT_ENV_PATHS: Readonly<Record<string, PathAccess>> = {
  GIT_DIR: "read_write",
  GIT_WORK_TREE: "read_write",
  GIT_INDEX_FILE: "read_write",
  GIT_OBJECT_DIRECTORY: "read_write",
  GIT_COMMON_DIR: "read_write",
  // The shallow list and the grafts are read by every history walk (fetch --depth writes the
  // shallow list); extra object folders are searched for every object.
  GIT_SHALLOW_FILE: "read_write",
  GIT_GRAFT_FILE: "read",
  GIT_ALTERNATE_OBJECT_DIRECTORIES: "read",
  // The TLS client certificate, key and trusted authorities of git's https transport.
  GIT_SSL_CERT: "read",
  GIT_SSL_KEY: "read",
  GIT_SSL_CAINFO: "read",
  GIT_SSL_CAPATH: "read",
  // The same for an https proxy, the twins of http.proxySSLCert/Key/CAInfo (S27
  // git-proxy-ssl-env, host strace of git 2.39: git-remote-https opened GIT_PROXY_SSL_CERT's
  // ~/.ssh/id_rsa, and GIT_PROXY_SSL_CAINFO's .env, once the proxy's TCP connection was up).
  GIT_PROXY_SSL_CERT: "read",
  GIT_PROXY_SSL_KEY: "read",
  GIT_PROXY_SSL_CAINFO: "read",
  GIT_CONFIG_GLOBAL: "read",
  GIT_CONFIG_SYSTEM: "read",
  GIT_CONFIG: "read",
  GIT_EXEC_PATH: "read",
  GIT_TEMPLATE_DIR: "read",
  XDG_CONFIG_HOME: "read",
  // git quiltimport takes its patch folder and series file from these when no option names
  // them, and echoes each line of the series file it cannot find as a patch.
  QUILT_PATCHES: "read",
  QUILT_SERIES: "read",
  // git's message catalogues: each command opens `<dir>/<language>/LC_MESSAGES/git.mo` below
  // it (C21 gitenv-textdomaindir, traced: git status opened /home/user/.aws/de/…/git.mo).
  GIT_TEXTDOMAINDIR: "read",
};

/** What an environment variable makes git run: null when the variable is not git's or runs nothing. */
/** `git config` forms that only read or remove: the word after the key is no value written. */
const CONFIG_QUERIES =
  /^(--get|--get-all|--get-regexp|--get-urlmatch|--unset|--unset-all|--list|-l|--remove-section|--rename-section|get|list|unset|remove-section|rename-section)$/;

/**
 * What `git NAME …` runs when an earlier `git config alias.NAME VALUE` of the same string
 * wrote the alias (`git config alias.ship 'push origin main' && git ship` pushes): git
 * expands VALUE in place, and a `!VALUE` is a shell command line given the arguments. Each
 * is judged as a command the string runs; the alias sentinel stays on the unit, as the
 * user's own configuration may define NAME too.
 */
export function writtenAliasRuns(
  canonical: readonly Word[],
  earlier: () => readonly { readonly executed: readonly string[] | null }[],
): Injection[] {
  const name = canonical[1];
  if (name === undefined || !name.literal || GIT_SUBCOMMANDS.has(name.text)) return [];
  const key = `alias.${name.text}`.toLowerCase();
  const args = canonical.slice(2).map((word) => word.text);
  const out: Injection[] = [];
  for (const unit of earlier()) {
    const words = gitRun(unit.executed);
    if (words === null || words[1] !== "config") continue;
    if (words.some((word) => CONFIG_QUERIES.test(word))) continue;
    const at = words.findIndex((word, index) => index > 1 && word.toLowerCase() === key);
    const value = at < 0 ? undefined : words[at + 1];
    // A `!VALUE` alone was judged where git config wrote it; with arguments it runs more.
    if (value === undefined || (value.startsWith("!") && args.length === 0)) continue;
    const expansion = value.startsWith("!") ? null : splitCmdline(value);
    const text = value.startsWith("!")
      ? [value.slice(1), quote(args)].join(" ")
      : expansion === null
        ? null
        : quote(["git", ...expansion, ...args]);
    // A value git cannot split runs nothing; the alias sentinel on the unit still asks.
    if (text !== null) out.push({ name: key, value: wordFromText(text), command: true });
  }
  return out;
}

export function gitEnvInjection(name: string, value: Word): Injection[] | null {
  if ((name === "GIT_DIR" || name === "GIT_COMMON_DIR") && !dotGitFolder(value)) {
    return [{ name, value, command: false }];
  }
  // A trace sent to a descriptor puts git's own lines (its whole command line) into what a
  // substitution prints: `export GIT_TRACE=/dev/stdout; cat $(git rev-list -1 HEAD .env)` read
  // .env (R44 git-trace-stdout). The analysis trusts what some git substitutions print, so a
  // trace that may reach one is code-like: at most an ask.
  if (/^GIT_TRACE2?(_[A-Z0-9_]+)?$/.test(name) && traceMayReachDescriptor(value)) {
    return [{ name, value, command: false }];
  }
  const surface =
    ENV_KINDS.get(name) ??
    (/^GIT_CONFIG_(KEY|VALUE)_\d+$/.test(name)
      ? "config"
      : name.startsWith("GIT_TEST_")
        ? "code"
        : undefined);
  if (surface === undefined) return null;
  switch (surface) {
    case "command":
      return value.literal && value.text.trim() === "" ? [] : [{ name, value, command: true }];
    case "code":
      return value.literal && (value.text === "/dev/null" || value.text === "")
        ? []
        : [{ name, value, command: false }];
    case "config":
      return configParameters(name, value);
  }
}

/**
 * Whether a trace variable's value may send the trace to a descriptor: anything but off (`0`,
 * `false`, empty) or stderr (`1`, `2`, `true`). An fd number 3-9 is one, and any path may be:
 * `/dev/stdout` in another spelling, or a file that is a link to it.
 */
function traceMayReachDescriptor(value: Word): boolean {
  if (!value.literal) return true;
  // Off, or stderr: the only values proven not to reach a descriptor. A path may be spelled
  // `//dev/stdout` or `/dev/./stdout`, or be a link to it in the project (R46
  // git-trace-spelling and git-trace-workspace-symlink, traced).
  return !/^(0|1|2|false|true)?$/i.test(value.text.trim());
}

/** `GIT_CONFIG_PARAMETERS="'key'='value' …"`, or a lone `GIT_CONFIG_KEY_n`/`GIT_CONFIG_VALUE_n`. */
function configParameters(name: string, value: Word): Injection[] {
  return configParameterSettings(name, value).injections;
}

/**
 * The value of a setting whose key is written but whose value comes from a variable
 * (`--config-env=KEY=VAR`, `GIT_CONFIG_KEY_n`): a computed word at the key word's place, with
 * nothing of the key word's own text, pattern or pieces, so a file-valued key (core.excludesFile,
 * blame.ignoreRevsFile) names an unknown file rather than one called like the key.
 */
function unseenValue(at: Word, text: string): Word {
  return {
    ...at,
    text,
    literal: false,
    glob: false,
    brace: false,
    tilde: false,
    pattern: null,
    leadingVariable: null,
    written: undefined,
    pieces: undefined,
  };
}

/**
 * The settings an environment gives every git it runs: `GIT_CONFIG_PARAMETERS`
 * (`'KEY'='VALUE' …`) and `GIT_CONFIG_KEY_n` with its `GIT_CONFIG_VALUE_n` (git also needs
 * `GIT_CONFIG_COUNT` above n: not asked, which only counts more). The assignments come from
 * the command's prefix, its wrappers, or the string's own statements and exports (`vars`). A
 * key the text does not show is `*`; a value it does not show is null.
 */
export function gitEnvironmentSettings(
  assignments: readonly { name: string; value: Word }[],
  vars?: Vars,
): GitSetting[] {
  const all = [...assignments];
  for (const name of vars?.keys() ?? []) {
    if (!/^GIT_CONFIG_(PARAMETERS|KEY_\d+|VALUE_\d+)$/.test(name)) continue;
    for (const value of assignedWords(vars as Vars, [name])) all.push({ name, value });
  }
  const settings: GitSetting[] = [];
  const keys = new Map<string, Word[]>();
  const values = new Map<string, Word[]>();
  for (const { name, value } of all) {
    const pair = /^GIT_CONFIG_(KEY|VALUE)_(\d+)$/.exec(name);
    if (pair !== null) {
      const table = pair[1] === "KEY" ? keys : values;
      table.set(pair[2] as string, [...(table.get(pair[2] as string) ?? []), value]);
      continue;
    }
    if (name !== "GIT_CONFIG_PARAMETERS") continue;
    const parsed = value.literal ? shellParse(value.text) : [null];
    for (const entry of parsed) {
      if (typeof entry !== "string") {
        settings.push({ key: "*", value: null });
        continue;
      }
      const eq = entry.indexOf("=");
      if (eq !== -1) settings.push({ key: entry.slice(0, eq), value: entry.slice(eq + 1) });
    }
  }
  for (const [index, named] of keys) {
    const given = values.get(index) ?? [];
    for (const key of named) {
      for (const value of given.length === 0 ? [null] : given) {
        settings.push({
          key: key.literal ? key.text : "*",
          value: value?.literal === true ? value.text : null,
        });
      }
    }
  }
  return settings;
}

/** What the settings in `GIT_CONFIG_PARAMETERS` or a `GIT_CONFIG_KEY_n` make git run or touch. */
function configParameterSettings(
  name: string,
  value: Word,
): { injections: Injection[]; paths: PathUse[] } {
  const unknown = {
    injections: [{ name, value: { ...value, literal: false }, command: false }],
    paths: [],
  };
  if (!value.literal) return unknown;
  // Without its key in the same place, the value may belong to any key.
  if (name.startsWith("GIT_CONFIG_VALUE_")) return unknown;
  if (name.startsWith("GIT_CONFIG_KEY_")) {
    return settingInjections(value.text, unseenValue(value, `$GIT_CONFIG_VALUE_${name.slice(15)}`));
  }
  const parsed = shellParse(value.text);
  const found: { injections: Injection[]; paths: PathUse[] } = { injections: [], paths: [] };
  for (const entry of parsed) {
    if (typeof entry !== "string") return unknown;
    const eq = entry.indexOf("=");
    if (eq === -1) continue;
    const setting = settingInjections(entry.slice(0, eq), { ...value, text: entry.slice(eq + 1) });
    found.injections.push(...setting.injections);
    found.paths.push(...setting.paths);
  }
  return found;
}

const ENV_KINDS: ReadonlyMap<string, "command" | "code" | "config"> = new Map(
  GIT_EXECUTORS.flatMap((executor) =>
    executor.surface.type === "env"
      ? executor.surface.names
          .filter((name) => !name.includes("<"))
          .map(
            (name) =>
              [name, (executor.surface as { value: "command" | "code" | "config" }).value] as const,
          )
      : [],
  ),
);

// ---- tables built from GIT_EXECUTORS -------------------------------------------------------

interface KeyPattern {
  section: string;
  subsection: "none" | "any" | "optional";
  name: string;
}

interface ParsedKey {
  section: string;
  /** As written (case-sensitive), empty when there is none. */
  subsection: string;
  name: string;
}

function keyPattern(pattern: string): KeyPattern {
  const optional = /^([^.[]+)\[\.\*\]\.(.+)$/.exec(pattern);
  if (optional) {
    return {
      section: (optional[1] as string).toLowerCase(),
      subsection: "optional",
      name: (optional[2] as string).toLowerCase(),
    };
  }
  const parts = pattern.split(".");
  const section = (parts[0] as string).toLowerCase();
  if (parts.length === 2 && parts[1] === "*") return { section, subsection: "optional", name: "*" };
  if (parts.length === 3)
    return { section, subsection: "any", name: (parts[2] as string).toLowerCase() };
  return { section, subsection: "none", name: (parts[1] as string).toLowerCase() };
}

function parseKey(key: string): ParsedKey | null {
  const first = key.indexOf(".");
  const last = key.lastIndexOf(".");
  if (first <= 0 || last === key.length - 1) return null;
  return {
    section: key.slice(0, first).toLowerCase(),
    subsection: first === last ? "" : key.slice(first + 1, last),
    name: key.slice(last + 1).toLowerCase(),
  };
}

function keyMatches(pattern: KeyPattern, key: ParsedKey): boolean {
  if (pattern.section !== key.section) return false;
  if (pattern.name !== "*" && pattern.name !== key.name) return false;
  if (pattern.subsection === "none") return key.subsection === "";
  if (pattern.subsection === "any") return key.subsection !== "";
  return true;
}

/** The configuration surfaces of the table, by section (the first word of a key). */
const CONFIG_KINDS = bySection(
  GIT_EXECUTORS.flatMap((executor) =>
    executor.surface.type === "config"
      ? executor.surface.keys.map((key) => ({
          pattern: keyPattern(key),
          value: (executor.surface as { value: GitConfigValue }).value,
        }))
      : [],
  ),
);

const CONFIG_PATH_PATTERNS = bySection(
  CONFIG_PATHS.map(([key, access]) => ({ pattern: keyPattern(key), access })),
);

function bySection<T extends { pattern: KeyPattern }>(entries: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const entry of entries) {
    const list = map.get(entry.pattern.section) ?? [];
    list.push(entry);
    map.set(entry.pattern.section, list);
  }
  return map;
}

const CONFIG_LONG_NAMES = Object.keys(CONFIG_LONG);

const PATH_OPTIONS_BY_SUBCOMMAND: ReadonlyMap<string, (typeof PATH_OPTIONS)[number][]> = (() => {
  const map = new Map<string, (typeof PATH_OPTIONS)[number][]>();
  for (const option of PATH_OPTIONS) {
    for (const subcommand of option.subcommands) {
      map.set(subcommand, [...(map.get(subcommand) ?? []), option]);
    }
  }
  return map;
})();

const NO_FLAGS: ReadonlySet<string> = new Set();
/** A flag word only known at run time, in the flag set of {@link operandUses}. */
const COMPUTED_FLAG = COMPUTED_SWITCH;

const OPTION_SURFACES: ReadonlyMap<string, OptionSurface[]> = (() => {
  const map = new Map<string, OptionSurface[]>();
  for (const { surface } of GIT_EXECUTORS) {
    if (surface.type !== "option") continue;
    for (const subcommand of surface.subcommands) {
      const list = map.get(subcommand) ?? [];
      list.push({
        long: surface.long,
        short: surface.short,
        optional: surface.arity === "optional",
        exact: surface.exact === true,
        shadows: surface.shadows ?? [],
        value: surface.value,
      });
      map.set(subcommand, list);
    }
  }
  return map;
})();

/** The operand surfaces of each subcommand (`bisect` has `run` and `view`). */
const OPERAND_SURFACES: ReadonlyMap<string, readonly OperandSurface[]> = (() => {
  const map = new Map<string, OperandSurface[]>();
  for (const { surface } of GIT_EXECUTORS) {
    if (surface.type !== "operands") continue;
    for (const subcommand of surface.subcommands) {
      const list = map.get(subcommand) ?? [];
      list.push({ after: surface.after, leading: surface.leading, shape: surface.shape });
      map.set(subcommand, list);
    }
  }
  return map;
})();

const URL_SUBCOMMAND_SET = new Set(URL_SUBCOMMANDS);

// ---- helpers ----------------------------------------------------------------------------------

function raise(out: GitReading, sentinel: Sentinel): void {
  out.sentinel = strongerSentinel(out.sentinel, sentinel);
}

function isAliasKey(key: string): boolean {
  return /^alias\./i.test(key);
}

function aliasName(key: string): string {
  return key.slice("alias.".length);
}

function isBoolean(text: string): boolean {
  return /^(true|false|yes|no|on|off|1|0)$/i.test(text.trim());
}

/** Whether `word.text[from, to)` holds no expansion (a quoted `$` counts as one: it only costs precision). */
function literalText(word: Word, from: number, to: number): boolean {
  if (word.literal) return true;
  return !/[$`]/.test(word.text.slice(from, to));
}

/** A literal name with an extension (`a.txt`, `src/x.ts`): a file, not a directory to cover. */
function namesAFile(word: Word): boolean {
  const last = word.text.split("/").pop() ?? "";
  return word.literal && /^[^.].*\.[A-Za-z0-9]+$/.test(last);
}

/**
 * The path a pathspec names, its magic set aside: `:(top).env` and `:/.env` name .env at the
 * top (the working directory here), `:(glob)` keeps a glob; an exclusion (`:!x`, `:^x`,
 * `:(exclude)x`) names nothing to read; `:(icase)` matches any case, so its path is not known
 * from the text.
 */
function pathspecWord(word: Word, globs = true): Word | null {
  if (!word.literal || !word.text.startsWith(":")) return globs ? gitGlob(word) : word;
  const long = /^:\(([^)]*)\)/.exec(word.text);
  const magic = long ? (long[1] as string).split(",") : [];
  const short = long ? "" : (/^:[/!^]*/.exec(word.text)?.[0] ?? ":").slice(1);
  if (short.includes("!") || short.includes("^") || magic.some((m) => /^exclude$/.test(m))) {
    return null;
  }
  // `:` alone ends the short magic (`::x`); a lone `:` names the top.
  let from = long ? (long[0] as string).length : 1 + short.length;
  if (!long && word.text[from] === ":") from++;
  const rest = tail(word, from);
  const path = rest.text === "" ? { ...rest, text: "." } : rest;
  // INVARIANT: a case-blind pathspec may name .env as .ENV: the file is not known.
  if (magic.some((m) => m === "icase")) {
    return wordFromText(path.text, { computed: true, start: path.start });
  }
  return globs && !magic.includes("literal") ? gitGlob(path) : path;
}

/** git's wildcards in a pathspec: `*`, `?`, a `[…]` class, and `\` that escapes the next one. */
const GIT_WILDCARD = /[*?[\\]/;

/**
 * A pathspec with a wildcard, as the files it may match. git matches it with fnmatch and no
 * hidden-file rule: `*` and `?` cross `/` (under `:(glob)` only `**` does) and every wildcard
 * matches a leading `.`, so `[.]env`, `?env` and `src/../.*` name `.env` though bash's glob
 * of the same text would not. The word stands for its fixed leading directory and everything
 * below it, dot-files included (round 11 adv11b, git-pathspec-glob-leading-dot). An unquoted
 * word is one too: when bash's glob matches nothing git gets the pattern (`[.]env` unquoted).
 */
function gitGlob(word: Word): Word {
  const at = word.text.search(GIT_WILDCARD);
  const plain = word.literal || (word.glob && word.pattern !== null);
  if (at === -1 || !plain || word.standsBelow !== undefined) return word;
  const fixed = word.text.slice(0, at);
  const dir = fixed.includes("/") ? fixed.slice(0, fixed.lastIndexOf("/")) || "/" : ".";
  const below: Word = { ...word, literal: true, glob: false, splittable: false };
  below.standsBelow = wordFromText(dir, { start: word.start, tilde: word.tilde });
  return below;
}

/**
 * A folder git works in (`-C`, `--git-dir`, `--work-tree`, a new worktree, a separate git dir):
 * git reads or writes the files inside it, so one of them is judged too and a rule for the
 * folder's contents (`.ssh` and below) meets it, as it meets `git init .ssh` (`.ssh/.git/config`).
 * Not everything below: git touches its own files there, not every name a pattern could hold.
 */
/**
 * Whether the action word of worktree, bundle, submodule or maintenance is only known at run
 * time (`git bundle "$x" ~/.ssh/b HEAD`): it may be any of the actions, so no operand may be
 * dropped as the operand of an action that opens nothing.
 */
function computedAction(before: readonly Word[]): boolean {
  const action = before[0];
  return action !== undefined && !action.literal;
}

/** What an action only known at run time may do with the operands after it: read them, or fill them as a new folder. */
function anyAction(before: readonly Word[]): PathUse[] {
  return before
    .slice(1)
    .filter((word) => !isNeverPath(word))
    .flatMap((word) => [{ word, access: "read_write" as const }, ...inFolder(word, "write")]);
}

function inFolder(word: Word, access: PathAccess): PathUse[] {
  if (isNeverPath(word)) return [];
  return [
    { word, access },
    { word: childWord(word, "…"), access },
  ];
}

/**
 * A work tree named apart from the repository (`--work-tree`, `GIT_WORK_TREE`, `core.worktree`):
 * git's ignore rules start at its root, so a project's .gitignore above it hides nothing there
 * and `add -A`, `grep --untracked` or `clean -f` reach its .env files (round 11b K-b3). Every
 * file below it is covered.
 */
function workTree(word: Word): PathUse[] {
  if (isNeverPath(word)) return [];
  return [...inFolder(word, "read_write"), { word, access: "read_write", below: true }];
}

/**
 * What `git init` with no folder writes where the shell stands (`.git/config`), for a walk that
 * knows the shell left the folder the command started in (`cd packages/api && git init`): a
 * repository rooted below the project, whose ignore rules no longer hide the `.env` files there
 * (round 11b K-b3). In the folder the command started in it is the project's own repository.
 */
export function initHereUses(executed: readonly Word[] | null): PathUse[] {
  if (executed === null) return [];
  const words = dashedGit(executed) ?? executed;
  const head = words[0];
  if (head === undefined || !head.literal || toolName(head.text) !== "git") return [];
  const at = words.findIndex((word, index) => index > 0 && word.text === "init");
  if (at === -1) return [];
  // Global options before it (-C names its own folder: read there already).
  if (words.slice(1, at).some((word) => !word.text.startsWith("-") || word.text === "-C")) {
    return [];
  }
  if (words.slice(at + 1).some((word) => !word.text.startsWith("-"))) return [];
  return [{ word: wordFromText(".git/config"), access: "write" }];
}

/**
 * Whether a repository folder is a `.git` folder. Any other (`GIT_DIR=g`, a bare `x.git`) is
 * a folder an earlier call may have filled with configuration, hooks or a rebase's todo list
 * without asking (a write below a `.git` folder asks, in the gates), so what git runs from it
 * is unknown (round 11b K-b4, two calls).
 */
/**
 * `.git` in the folder git runs in (`--git-dir=.git`, `GIT_DIR=./.git`): the repository git
 * finds there by itself (it looks in `./.git` first), with the same work tree, so git touches
 * what plain `git` does, nothing more; where there is none, git stops. Any other folder
 * (`../other/.git`, `/tmp/r/.git`, `sub/.git`) is one the command names and stays a path.
 */
function ownGitDir(word: Word): boolean {
  return word.literal && /^(\.\/)*\.git\/*$/.test(word.text);
}

function dotGitFolder(word: Word): boolean {
  return word.literal && /(^|\/)\.git\/*$/i.test(word.text);
}

/** A file inside the directory a word names (`out` → `out/0001`), computed when the word is. */
function childWord(word: Word, name: string): Word {
  const text = `${word.text.replace(/\/+$/, "")}/${name}`;
  if (!word.literal) return { ...word, text, pattern: null };
  return wordFromText(text, { start: word.start, tilde: word.tilde });
}

/**
 * What git opens for a path whose attributes it looks up: the `.gitattributes` of each folder
 * on the way to it (`--path=/home/u/.ssh/x` reads /home/.gitattributes, /home/u/.gitattributes
 * and /home/u/.ssh/.gitattributes, traced), and for `below` (apply --directory) every file
 * under the folder, read and written. A value only known at run time may be any path.
 */
function attributeFiles(value: Word, kind: "path" | "below", access: PathAccess): PathUse[] {
  if (!value.literal) {
    return [{ word: value, access, ...(kind === "below" ? { below: true as const } : {}) }];
  }
  const text = value.text.replace(/\/+$/, "");
  const parts = text.split("/");
  // The path's own last part is a file for `path`, a folder of the patched files for `below`.
  const folders = kind === "path" ? parts.slice(0, -1) : parts;
  const uses: PathUse[] = [];
  for (let k = 1; k <= folders.length; k++) {
    const folder = folders.slice(0, k).join("/");
    if (folder === "" || folder === ".") continue;
    uses.push({
      word: wordFromText(`${folder}/.gitattributes`, { start: value.start, tilde: value.tilde }),
      access: "read",
    });
  }
  if (kind === "below") uses.push({ word: value, access, below: true });
  return uses;
}

/**
 * The copies of a file name git opens in each folder below the one it starts in, `.env` for
 * `--exclude-per-directory=.env`: a glob git matches at any depth. A value with a `/` is
 * joined to folders at any depth (`src/../../x`), which no glob spells: an unknown file.
 */
function everyFolder(value: Word, access: PathAccess): PathUse {
  if (!value.literal || value.text.includes("/") || /^\.\.?$/.test(value.text)) {
    return { word: { ...value, literal: false, pieces: undefined, pattern: null }, access };
  }
  const escaped = value.text.replace(/[*?[\]{}()!+@\\]/g, "\\$&");
  const glob = wordFromText(`**/${escaped}`, { glob: true, start: value.start });
  return { word: glob, access, deep: true };
}

/** The word from `from` on, as a word of its own. */
function tail(word: Word, from: number): Word {
  const text = word.text.slice(from);
  return {
    ...word,
    text,
    literal: word.literal || !/[$`]/.test(text),
    tilde: text.startsWith("~") && (word.literal || !/[$`]/.test(text)),
    pattern: word.pattern === null ? null : word.pattern.slice(from),
    leadingVariable: null,
    start: word.start < 0 ? word.start : word.start + from,
  };
}

/** The words as one command line, each word one argument; not literal when one is computed. */
function joinArgv(words: readonly Word[]): Word | null {
  const first = words[0];
  if (first === undefined) return null;
  const literal = words.every((word) => word.literal);
  const text = literal
    ? quote(words.map((word) => word.text))
    : words.map((word) => word.text).join(" ");
  return { ...first, text, literal };
}

/** git's `split_cmdline`: blanks separate, single and double quotes group, `\` escapes outside single quotes. */
function splitCmdline(text: string): string[] | null {
  const out: string[] = [];
  let current = "";
  let started = false;
  let quoted: string | null = null;
  for (let i = 0; i < text.length; i++) {
    let c = text[i] as string;
    if (quoted === null && /\s/.test(c)) {
      if (started) out.push(current);
      current = "";
      started = false;
      continue;
    }
    started = true;
    if (quoted === null && (c === "'" || c === '"')) {
      quoted = c;
      continue;
    }
    if (c === quoted) {
      quoted = null;
      continue;
    }
    if (c === "\\" && quoted !== "'") {
      if (i + 1 >= text.length) return null;
      c = text[++i] as string;
    }
    current += c;
  }
  if (quoted !== null) return null;
  if (started) out.push(current);
  return out;
}

/** Places relative paths under the `-C` directories, in order (git changes directory for each). */
function under(dirs: readonly Word[], uses: readonly PathUse[]): PathUse[] {
  if (dirs.length === 0) return [...uses];
  return uses.map((use) => {
    let word = use.word;
    for (let i = dirs.length - 1; i >= 0; i--) {
      // Each join copies the path so far: thousands of `-C` options make it cubic, so the
      // analysis deadline counts it.
      tick(STEP.char * (word.text.length + 1));
      word = join(dirs[i] as Word, word);
    }
    return { ...use, word };
  });
}

/** `dir/word` for a relative word; an absolute or `~` word stays as it is. */
function join(dir: Word, word: Word): Word {
  if (word.text.startsWith("/") || (word.tilde && word.text.startsWith("~"))) return word;
  const text = dir.text.endsWith("/") ? `${dir.text}${word.text}` : `${dir.text}/${word.text}`;
  const literal = dir.literal && word.literal;
  if (literal)
    return { ...wordFromText(text, { start: word.start, tilde: dir.tilde }), end: word.end };
  const pattern =
    dir.literal && word.pattern !== null
      ? `${dir.text.replace(/[*?[\]{}()!+@\\]/g, "\\$&")}/${word.pattern}`
      : null;
  const leadingVariable =
    dir.leadingVariable !== null && word.literal
      ? { name: dir.leadingVariable.name, rest: `${dir.leadingVariable.rest}/${word.text}` }
      : null;
  return {
    ...word,
    text,
    literal: false,
    glob: word.glob,
    tilde: dir.tilde,
    pattern,
    leadingVariable,
  };
}
