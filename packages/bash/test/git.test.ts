import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BashAnalysis, type BashUnit, commandWords, SENTINELS } from "../src/index.ts";
import {
  GIT_EDITOR_COMMANDS,
  GIT_EXECUTORS,
  GIT_PROGRAM_COMMANDS,
  GIT_SUBCOMMANDS,
  gitAssignedPaths,
  gitDirWords,
  writesGitMetadata,
} from "../src/programs/git.ts";
import { wordFromText } from "../src/read/words.ts";
import { analyze, opaqueWrapper, unit } from "./helpers.ts";

const { gitAlias } = SENTINELS;

/** Every unit that cannot be allowed plainly, with its sentinel. */
function floored(analysis: BashAnalysis): { argv: string; sentinel: string }[] {
  return analysis.units
    .filter((candidate) => candidate.sentinel !== null)
    .map((candidate) => ({ argv: candidate.argv.join(" "), sentinel: candidate.sentinel ?? "" }));
}

const label = (executor: (typeof GIT_EXECUTORS)[number]): string => {
  const surface = executor.surface;
  switch (surface.type) {
    case "config":
      return `config ${surface.keys[0]}`;
    case "env":
      return `env ${surface.names[0]}`;
    case "global":
      return `git ${surface.options[0]}`;
    case "option":
      return `${surface.subcommands[0]} --${surface.long[0] ?? surface.short}`;
    case "operands":
      return `${surface.subcommands[0]} ${surface.after ?? "operands"}`;
    case "url":
      return "URL operand";
    case "subcommand":
      return "unknown subcommand";
  }
};

const matches = GIT_EXECUTORS.flatMap((executor) =>
  executor.match.map((command) => [label(executor), command] as const),
);
const notMatches = GIT_EXECUTORS.flatMap((executor) =>
  executor.notMatch.map((command) => [label(executor), command] as const),
);

describe("the table of git's executor surfaces proves its own examples", () => {
  it("gives every surface at least one match and one notMatch example", () => {
    const missing = GIT_EXECUTORS.filter(
      (executor) => executor.match.length === 0 || executor.notMatch.length === 0,
    );
    expect(missing.map(label)).toEqual([]);
  });

  it.each(matches)("%s: %j runs something unseen, never plainly allowed", async (_s, command) => {
    const analysis = await analyze(command);
    // INVARIANT: some unit carries a sentinel, so no policy can allow the string plainly.
    expect(floored(analysis).length).toBeGreaterThan(0);
  });

  it.each(notMatches)("%s: %j runs nothing unseen", async (_s, command) => {
    const analysis = await analyze(command);
    expect({ status: analysis.status, floored: floored(analysis) }).toEqual({
      status: "ok",
      floored: [],
    });
  });
});

describe("git's global options are set aside: executed is what the gates match", () => {
  it.each<[string, string, string]>([
    ["-C", "git -C . push origin", "git push origin"],
    ["--git-dir attached", "git --git-dir=.git push", "git push"],
    [
      "--git-dir separate",
      "git --git-dir .git --work-tree . push origin main",
      "git push origin main",
    ],
    ["-c and pager switches", "git -c user.name=x -p --no-pager commit -m y", "git commit -m y"],
    ["--config-env", "git --config-env=user.email=E commit -m y", "git commit -m y"],
    ["no global options: unchanged", "git log --oneline -5", "git log --oneline -5"],
    ["the path of git is kept", "/usr/bin/git -C x status", "/usr/bin/git status"],
    ["behind a wrapper", "timeout 5 git -C . push", "git push"],
    [
      "an alias defined with -c is expanded",
      "git -c alias.pp='push --force' pp origin",
      "git push --force origin",
    ],
    ["aliases chain", "git -c alias.a=b -c alias.b=push a origin", "git push origin"],
    ["an alias may hold global options", "git -c alias.q='-C sub push' q", "git push"],
    ["help ends the options", "git --help push", "git --help push"],
    ["bare git", "git -C x", "git"],
  ])("%s: %j is matched as %j", async (_note, command, executed) => {
    const [first] = (await analyze(command)).units;
    expect(first?.executed?.join(" ")).toBe(executed);
  });

  it("keeps argv as written, so a gate judges both the spelling and the canonical words", async () => {
    const [first] = (await analyze("git -C . push origin")).units;
    expect(first).toEqual(
      unit("git -C . push origin", "git -C . push origin", { executed: ["git", "push", "origin"] }),
    );
    expect(commandWords(first as BashUnit)).toEqual(["git", "-C", ".", "push", "origin"]);
  });
});

describe("git units: whole results", () => {
  const alias = (name: string, value: string) => ({
    name,
    kind: "opaque" as const,
    argv: [`${name}=${value}`],
  });

  it.each<[string, string, BashUnit[]]>([
    [
      "an unknown subcommand may be an alias",
      "git foo --bar",
      [unit("git foo --bar", "git foo --bar", { sentinel: gitAlias })],
    ],
    [
      "a computed subcommand is opaque",
      'git "$SUB" x',
      [unit('git "$SUB" x', "git $SUB x", { sentinel: opaqueWrapper })],
    ],
    [
      "a word that may split where git reads its options is opaque",
      "git $OPTS push origin",
      [
        unit("git $OPTS push origin", "git $OPTS push origin", { sentinel: opaqueWrapper }),
        // OPTS is never assigned: unset, it vanishes (x17-inherited-may-be-empty).
        unit("git $OPTS push origin", "git push origin"),
      ],
    ],
    [
      "a git config write of a shell alias is a command of its own, and a later use is an alias",
      "git config alias.x '!rm -rf y'; git x",
      [
        unit("git config alias.x '!rm -rf y'", ["git", "config", "alias.x", "!rm -rf y"]),
        unit("git config alias.x '!rm -rf y'", ["rm -rf y"], {
          wrappers: [alias("alias.x", "rm -rf y")],
          executed: null,
          sentinel: opaqueWrapper,
        }),
        unit("rm -rf y", "rm -rf y", {
          wrappers: [alias("alias.x", "rm -rf y")],
          sentinel: opaqueWrapper,
        }),
        unit("git x", "git x", { sentinel: gitAlias }),
      ],
    ],
    [
      "rebase -x: the literal command is analysed",
      "git rebase -x 'rm -rf x' main",
      [
        unit("git rebase -x 'rm -rf x' main", ["git", "rebase", "-x", "rm -rf x", "main"]),
        unit("git rebase -x 'rm -rf x' main", ["rm -rf x"], {
          wrappers: [alias("git rebase --exec", "rm -rf x")],
          executed: null,
          sentinel: opaqueWrapper,
        }),
        unit("rm -rf x", "rm -rf x", {
          wrappers: [alias("git rebase --exec", "rm -rf x")],
          sentinel: opaqueWrapper,
        }),
      ],
    ],
    [
      "bisect run: each word is one argument",
      "git bisect run rm 'a b'",
      [
        unit("git bisect run rm 'a b'", ["git", "bisect", "run", "rm", "a b"]),
        unit("git bisect run rm 'a b'", ["rm 'a b'"], {
          wrappers: [alias("git bisect run", "rm 'a b'")],
          executed: null,
          sentinel: opaqueWrapper,
        }),
        unit("rm 'a b'", ["rm", "a b"], {
          wrappers: [alias("git bisect run", "rm 'a b'")],
          sentinel: opaqueWrapper,
        }),
      ],
    ],
    [
      "a computed inner command is opaque and not analysed",
      'git rebase --exec "$CMD" main',
      [
        unit('git rebase --exec "$CMD" main', "git rebase --exec $CMD main"),
        unit('git rebase --exec "$CMD" main', ["$CMD"], {
          wrappers: [alias("git rebase --exec", "$CMD")],
          executed: null,
          sentinel: opaqueWrapper,
        }),
      ],
    ],
    [
      "GIT_CONFIG_KEY_n and GIT_CONFIG_VALUE_n set together are one setting",
      "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0='rm x' git log",
      [
        unit(
          "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0='rm x' git log",
          ["rm x"],
          { wrappers: [alias("core.pager", "rm x")], executed: null, sentinel: opaqueWrapper },
        ),
        unit("rm x", "rm x", { wrappers: [alias("core.pager", "rm x")], sentinel: opaqueWrapper }),
        unit(
          "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0='rm x' git log",
          "git log",
        ),
      ],
    ],
  ])("%s: %j", async (_note, command, units) => {
    const analysis = await analyze(command);
    expect({ status: analysis.status, units: analysis.units }).toEqual({ status: "ok", units });
  });
});

describe("git paths, with their direction", () => {
  const touched = (raw: string, path: string, access: string, unitIndex = 0) => ({
    raw,
    path,
    access,
    unit: unitIndex,
    via: "operand",
  });

  type Touched = Omit<ReturnType<typeof touched>, "path"> & { path: string | null; glob?: string };
  it.each<[string, string, Touched[]]>([
    [
      "-C is read with the files inside it, and relative operands resolve under it",
      "git -C sub add x ../y /abs",
      [
        touched("sub", "/repo/sub", "read"),
        touched("sub/…", "/repo/sub/…", "read"),
        touched("sub/x", "/repo/sub/x", "read"),
        touched("sub/../y", "/repo/y", "read"),
        touched("/abs", "/abs", "read"),
      ],
    ],
    [
      "-C directories add up",
      "git -C /tmp/a -C b status",
      [
        touched("/tmp/a", "/tmp/a", "read"),
        touched("/tmp/a/…", "/tmp/a/…", "read"),
        touched("/tmp/a/b", "/tmp/a/b", "read"),
        touched("/tmp/a/b/…", "/tmp/a/b/…", "read"),
      ],
    ],
    [
      "--git-dir and --work-tree are read and written",
      "git --git-dir=/srv/r.git --work-tree /srv/w status",
      [
        touched("/srv/r.git", "/srv/r.git", "read_write"),
        touched("/srv/r.git/…", "/srv/r.git/…", "read_write"),
        touched("/srv/w", "/srv/w", "read_write"),
        touched("/srv/w/…", "/srv/w/…", "read_write"),
        // Its own ignore rules start at a work tree's root: everything below it is reached.
        { ...touched("/srv/w", "", "read_write"), path: null, glob: "/srv/w/**" },
      ],
    ],
    [
      "revisions stay revisions; pathspecs after -- of a log that shows patches are read",
      "git log -p HEAD~3..main -- src",
      [touched("src", "/repo/src", "read")],
    ],
    [
      "diff --no-index reads both operands, anywhere (a name without an extension may be a directory)",
      "git diff --no-index /etc/passwd .env",
      [
        touched("/etc/passwd", "/etc/passwd", "read"),
        { ...touched("/etc/passwd", null as unknown as string, "read"), glob: "/etc/passwd/**" },
        touched(".env", "/repo/.env", "read"),
        { ...touched(".env", null as unknown as string, "read"), glob: "/repo/.env/**" },
      ],
    ],
    [
      "git config -f writes the file it sets a key in",
      "git config -f cfg user.name x",
      [touched("cfg", "/repo/cfg", "write")],
    ],
    [
      "git config --file reads for --get",
      "git config --file=cfg --get user.name",
      [touched("cfg", "/repo/cfg", "read")],
    ],
    [
      "include.path and core.hooksPath name files git loads",
      "git -c include.path=~/x.cfg -c core.hooksPath=hooks status",
      [touched("~/x.cfg", "/home/user/x.cfg", "read"), touched("hooks", "/repo/hooks", "read")],
    ],
    [
      "format-patch -o writes files into its directory",
      "git format-patch -o out HEAD~2",
      [touched("out", "/repo/out", "write"), touched("out/0001", "/repo/out/0001", "write")],
    ],
    [
      "diff --output writes",
      "git diff --output=/tmp/d.patch HEAD",
      [touched("/tmp/d.patch", "/tmp/d.patch", "write")],
    ],
    [
      "archive -o writes",
      "git archive -o /tmp/a.tar HEAD",
      [touched("/tmp/a.tar", "/tmp/a.tar", "write")],
    ],
    [
      "bundle create writes",
      "git bundle create b.bundle main",
      [touched("b.bundle", "/repo/b.bundle", "write")],
    ],
    [
      "apply reads its patch and may write any file below the working directory",
      "git apply fix.patch",
      // The patch names the files it changes (a .env included).
      [
        touched("fix.patch", "/repo/fix.patch", "read"),
        touched(".", "/repo", "write"),
        { ...touched(".", null as unknown as string, "write"), glob: "/repo/**" },
      ],
    ],
    [
      // strace: --check opens each file the patch names (a .env too) to test its preimage.
      "apply --check reads the files the patch names, anywhere below the working directory",
      "git apply --check fix.patch",
      [
        touched("fix.patch", "/repo/fix.patch", "read"),
        touched(".", "/repo", "read"),
        { ...touched(".", null as unknown as string, "read"), glob: "/repo/**" },
      ],
    ],
    [
      "apply --cached reads the index's copy of the files the patch names",
      "git apply --cached --stat fix.patch",
      [
        touched("fix.patch", "/repo/fix.patch", "read"),
        touched(".", "/repo", "read"),
        { ...touched(".", null as unknown as string, "read"), glob: "/repo/**" },
      ],
    ],
    [
      "apply --stat, --numstat and --summary read the patch alone",
      "git apply --stat --numstat --summary fix.patch",
      [touched("fix.patch", "/repo/fix.patch", "read")],
    ],
    [
      "apply --stat with --apply spelled as a prefix applies",
      "git apply --stat --app fix.patch",
      [
        touched("fix.patch", "/repo/fix.patch", "read"),
        touched(".", "/repo", "write"),
        { ...touched(".", null as unknown as string, "write"), glob: "/repo/**" },
      ],
    ],
    [
      "apply --stat switched off again (--no-stat, --no-sum, --no-check) applies",
      "git apply --stat --no-stat fix.patch",
      [
        touched("fix.patch", "/repo/fix.patch", "read"),
        touched(".", "/repo", "write"),
        { ...touched(".", null as unknown as string, "write"), glob: "/repo/**" },
      ],
    ],
    [
      "apply --summary switched off by a prefix applies",
      "git apply --summary --no-sum fix.patch",
      [
        touched("fix.patch", "/repo/fix.patch", "read"),
        touched(".", "/repo", "write"),
        { ...touched(".", null as unknown as string, "write"), glob: "/repo/**" },
      ],
    ],
    [
      "apply --check switched off applies",
      "git apply --check --no-check fix.patch",
      [
        touched("fix.patch", "/repo/fix.patch", "read"),
        touched(".", "/repo", "write"),
        { ...touched(".", null as unknown as string, "write"), glob: "/repo/**" },
      ],
    ],
    [
      "apply --stat with a flag only known at run time may apply",
      "git apply --stat $F fix.patch",
      [
        touched("fix.patch", "/repo/fix.patch", "read"),
        touched(".", "/repo", "write"),
        { ...touched(".", null as unknown as string, "write"), glob: "/repo/**" },
        // F unset: `git apply --stat fix.patch` only reads.
        touched("fix.patch", "/repo/fix.patch", "read", 1),
      ],
    ],
    [
      "am applies a mailbox read from stdin",
      "git am < mbox",
      [
        touched(".", "/repo", "write"),
        { ...touched(".", null as unknown as string, "write"), glob: "/repo/**" },
        { ...touched("mbox", "/repo/mbox", "read"), via: "redirect" },
      ],
    ],
    [
      "apply --unsafe-paths may write anywhere",
      "git apply --unsafe-paths p",
      [
        touched("p", "/repo/p", "read"),
        touched("/", "/", "write"),
        { ...touched("/", null as unknown as string, "write"), glob: "/**" },
      ],
    ],
    [
      "submodule add clones a local repository and writes its path",
      "git submodule add ~/lib vendor/lib",
      [
        touched("~/lib", "/home/user/lib", "read"),
        touched("vendor/lib", "/repo/vendor/lib", "write"),
        touched("vendor/lib/…", "/repo/vendor/lib/…", "write"),
      ],
    ],
    [
      "mailsplit -o writes into its directory",
      "git mailsplit -o/tmp/out mbox",
      [
        touched("/tmp/out", "/tmp/out", "write"),
        touched("/tmp/out/0001", "/tmp/out/0001", "write"),
        touched("mbox", "/repo/mbox", "read"),
      ],
    ],
    [
      "a pathspec's magic is set aside; an exclusion names nothing",
      "git diff -- ':(top)a.txt' ':/b' ':!c' ':(exclude)d'",
      [touched("a.txt", "/repo/a.txt", "read"), touched("b", "/repo/b", "read")],
    ],
    [
      "diff --no-index covers below a directory, not below a file name",
      "git diff --no-index src a.txt",
      [
        touched("src", "/repo/src", "read"),
        { ...touched("src", null as unknown as string, "read"), glob: "/repo/src/**" },
        touched("a.txt", "/repo/a.txt", "read"),
      ],
    ],
    [
      "credential-store without --file reads and writes the user's store",
      "git credential-store get",
      [touched("~/.git-credentials", "/home/user/.git-credentials", "read_write")],
    ],
    [
      "a hidden folder as a pathspec reaches the files inside it",
      "git add .ssh",
      [touched(".ssh", "/repo/.ssh", "read"), touched(".ssh/…", "/repo/.ssh/…", "read")],
    ],
    [
      "maintenance register writes the global configuration",
      "git maintenance register",
      [touched("~/.gitconfig", "/home/user/.gitconfig", "write")],
    ],
    [
      "commit -F reads; - is stdin",
      "git commit -F msg.txt && git commit -F -",
      [touched("msg.txt", "/repo/msg.txt", "read")],
    ],
    ["rm writes", "git rm --cached -r build", [touched("build", "/repo/build", "write")]],
    [
      "mv moves",
      "git mv a b",
      // b may be a folder, which then receives b/a.
      [
        touched("a", "/repo/a", "read_write"),
        touched("b", "/repo/b", "write"),
        touched("b/a", "/repo/b/a", "write"),
      ],
    ],
    [
      "clean without a pathspec deletes below the working directory",
      "git clean -fdx",
      // -x removes ignored files too: everything below, a .env included, with the access
      // GIT_RECURSIVE gives clean there (read_write, as `-fdxn --no-dry-run` has it).
      [
        touched(".", "/repo", "read_write"),
        { ...touched(".", null as unknown as string, "read_write"), glob: "/repo/**" },
      ],
    ],
    ["a dry-run clean touches nothing", "git clean -n", []],
    [
      "clone writes its target and the repository in it",
      "git clone https://x.example/r.git dst",
      [
        touched("dst", "/repo/dst", "write"),
        touched("dst/.git/config", "/repo/dst/.git/config", "write"),
      ],
    ],
    [
      "GIT_DIR and GIT_INDEX_FILE are read and written",
      // (A repository folder other than a `.git` folder is never proven: git-round11b.test.ts.)
      "GIT_DIR=/srv/r/.git GIT_INDEX_FILE=idx GIT_TRACE2=1 git status",
      [
        touched("/srv/r/.git", "/srv/r/.git", "read_write"),
        touched("/srv/r/.git/…", "/srv/r/.git/…", "read_write"),
        touched("idx", "/repo/idx", "read_write"),
      ],
    ],
    [
      "the same variables through env",
      "env GIT_INDEX_FILE=/tmp/i git add .",
      [touched(".", "/repo", "read"), touched("/tmp/i", "/tmp/i", "read_write")],
    ],
  ])("%s: %j", async (_note, command, paths) => {
    const analysis = await analyze(command);
    expect(analysis.paths).toEqual(paths);
  });

  it("a trace file is written (and a trace to a path is code-like: s30-r46-lexing-trace)", async () => {
    const analysis = await analyze("GIT_TRACE=/tmp/t git status");
    expect(analysis.paths.map(({ path, access }) => [path, access])).toEqual([["/tmp/t", "write"]]);
  });
});

const gitVersion = spawnSync("git", ["--version"], { encoding: "utf8" });
const version = /(\d+)\.(\d+)/.exec(gitVersion.stdout ?? "");
// --config-env and GIT_CONFIG_COUNT need git 2.31; without such a git the referee is absent.
const hasGit =
  gitVersion.status === 0 &&
  version !== null &&
  Number(version[1]) * 100 + Number(version[2]) >= 231;

describe.skipIf(!hasGit)(
  "real git is the referee (skipped when git 2.31+ is not installed)",
  () => {
    let dir = "";
    let repo = "";
    const env = () => ({
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: dir,
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_CONFIG_GLOBAL: "/dev/null",
      GIT_AUTHOR_NAME: "a",
      GIT_AUTHOR_EMAIL: "a@x.example",
      GIT_COMMITTER_NAME: "a",
      GIT_COMMITTER_EMAIL: "a@x.example",
      GIT_SEQUENCE_EDITOR: "true",
    });
    const sh = (command: string, cwd = repo) =>
      spawnSync("bash", ["-c", command], { cwd, env: env(), encoding: "utf8" });

    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), "pi-permission-git-"));
      repo = join(dir, "r");
      sh(`git init -q ${repo}`, dir);
      for (const n of [1, 2, 3]) sh(`echo ${n} > f${n} && git add f${n} && git commit -qm c${n}`);
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    // Each command makes git create the marker file M; the analysis must floor it.
    it.each([
      "git -c alias.x='!touch M' x",
      "git -c core.fsmonitor='touch M; false' status",
      "git -c diff.external='touch M; true' diff HEAD~1",
      "git rebase -x 'touch M' HEAD~1",
      "git bisect start HEAD HEAD~2 >/dev/null && git bisect run touch M; git bisect reset -q",
      "git ls-remote --upl='touch M; false' .",
      "git clone -u 'touch M; false' . dst",
      "git push --rece='touch M; false' . HEAD:refs/heads/t",
      "git -c protocol.ext.allow=always ls-remote 'ext::sh -c touch% M'",
      "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.x GIT_CONFIG_VALUE_0='!touch M' git x",
      "GIT_CONFIG_PARAMETERS=\"'alias.x'='!touch M'\" git x",
      "V='!touch M' git --config-env=alias.x=V x",
      "GIT_EXTERNAL_DIFF='touch M; true' git diff HEAD~1",
    ])("%j runs a program, and is floored", async (command) => {
      const marker = join(repo, "M");
      const absolute = command.replaceAll(" M", ` ${marker}`).replaceAll("% M", `% ${marker}`);
      rmSync(marker, { force: true });
      sh(absolute);
      const ran = existsSync(marker);
      const analysis = await analyze(absolute);
      expect({ ran, floored: floored(analysis).length > 0 }).toEqual({ ran: true, floored: true });
    });

    it("knows every command of the installed git's main list", () => {
      const listed = sh("git --list-cmds=main").stdout.split("\n").filter(Boolean);
      expect(listed.length).toBeGreaterThan(100);
      expect(listed.filter((name) => !GIT_SUBCOMMANDS.has(name))).toEqual([]);
    });

    it("ignores an alias that shadows a built-in command, so known subcommands are never aliases", () => {
      const run = sh(`git -c alias.status='!touch ${join(repo, "S")}' status`);
      expect({ status: run.status, ran: existsSync(join(repo, "S")) }).toEqual({
        status: 0,
        ran: false,
      });
    });
  },
);

describe("git commands that start the configured editor prove their own examples", () => {
  const matches = GIT_EDITOR_COMMANDS.flatMap((entry) => entry.match);
  const notMatches = GIT_EDITOR_COMMANDS.flatMap((entry) => entry.notMatch);

  it.each(matches)("%j starts the editor: never proven", async (command) => {
    const first = (await analyze(command)).units[0];
    expect(first?.sentinel).toBe(SENTINELS.indirectionWrapper);
  });

  it.each(notMatches)("%j opens no editor", async (command) => {
    const first = (await analyze(command)).units[0];
    expect(first?.sentinel).toBeNull();
  });
});

describe("git commands that start another program (a signer, a tool, a browser) prove their own examples", () => {
  const matches = GIT_PROGRAM_COMMANDS.flatMap((entry) => entry.match);
  const notMatches = GIT_PROGRAM_COMMANDS.flatMap((entry) => entry.notMatch);

  it.each(matches)("%j starts a program the policy never saw: never proven", async (command) => {
    const first = (await analyze(command)).units[0];
    expect(first?.sentinel).toBe(SENTINELS.indirectionWrapper);
  });

  it.each(notMatches)("%j starts no other program", async (command) => {
    const first = (await analyze(command)).units[0];
    expect(first?.sentinel).toBeNull();
  });
});

describe("adversarial: a protected folder given to git as a folder it works in", () => {
  // Each command makes git create, fill, enter or use `.ssh` (traces a7-o2-*): a file inside the
  // folder is judged, so a rule for the folder's contents meets it, as for `git init .ssh`.
  it.each<[string, string]>([
    ["git worktree add .ssh HEAD", "write"],
    ["git worktree add --detach .ssh", "write"],
    ["git worktree add -b w .ssh", "write"],
    ["git worktree move x .ssh", "write"],
    ["git --git-dir=.ssh init", "read_write"],
    ["GIT_DIR=.ssh git init", "read_write"],
    ["git --work-tree=.ssh checkout HEAD -- .", "read_write"],
    ["git -c core.worktree=.ssh status", "read_write"],
    ["git -C .ssh status", "read"],
    ["git init --separate-git-dir .ssh x", "write"],
    ["git read-tree --prefix=.ssh/ HEAD", "write"],
    ["git submodule update --init --reference .ssh", "read"],
    ["git submodule add ./x .ssh", "write"],
    ["git -c format.outputDirectory=.ssh format-patch -1", "write"],
  ])("%j touches a file inside .ssh (%s)", async (command, access) => {
    const inside = (await analyze(command)).paths.filter((path) =>
      path.path?.startsWith("/repo/.ssh/"),
    );
    expect(inside.map((path) => path.access)).toContain(access);
  });

  it("keeps git -C on an ordinary folder a read of that folder and of a file in it, nothing below", async () => {
    const analysis = await analyze("git -C src status");
    expect(analysis.paths.map((path) => [path.path, path.glob ?? null, path.access])).toEqual([
      ["/repo/src", null, "read"],
      ["/repo/src/…", null, "read"],
    ]);
  });
});

describe("adversarial: git reads a file through a blob name, a name list, or an operand outside the tree", () => {
  const seen = async (command: string) =>
    (await analyze(command)).paths.map((path) => [
      path.path ?? path.glob ?? path.sentinel ?? null,
      path.access,
    ]);

  it.each<[string, string, (string | null)[][]]>([
    ["REV:PATH prints the committed file (AP5)", "git show HEAD:.env", [["/repo/.env", "read"]]],
    ["a staged blob", "git cat-file -p :.env", [["/repo/.env", "read"]]],
    ["a stage number", "git show :2:.env", [["/repo/.env", "read"]]],
    ["a commit-message search is no path", "git show :/fix", []],
    ["a whole tree is no path", "git ls-tree HEAD:", []],
    ["a blob read by mailmap.blob", "git -c mailmap.blob=HEAD:.env log", [["/repo/.env", "read"]]],
    [
      "format.signatureFile is read (F24)",
      "git -c format.signatureFile=.env format-patch -1 --stdout",
      [["/repo/.env", "read"]],
    ],
    [
      "a bare ~ is the home folder, compared below as git diff --no-index does (F13)",
      "git diff ~ src",
      [
        ["/home/user", "read"],
        ["/home/user/**", "read"],
        ["/repo/src", "read"],
        ["/repo/src/**", "read"],
      ],
    ],
    [
      "an operand climbing out with .. is a path (F14)",
      "git diff docs/../../home/user/.ssh/id_rsa README.md",
      [
        ["/home/user/.ssh/id_rsa", "read"],
        ["/home/user/.ssh/id_rsa/**", "read"],
        ["/repo/README.md", "read"],
      ],
    ],
    [
      "update-index reads the files it adds, .. included (F14)",
      "git update-index --add src/../.env",
      // A hidden name may be a folder (.ssh): a file in it is judged too.
      [
        ["/repo/.env", "read"],
        ["/repo/.env/…", "read"],
      ],
    ],
    [
      "names read from stdin are any files (F10)",
      "git hash-object --stdin-paths",
      [["<computed-path>", "read"]],
    ],
    ["update-index --stdin", "git update-index --add --stdin", [["<computed-path>", "read"]]],
    [
      "cat-file --batch prints the blobs named on stdin",
      "git cat-file --batch",
      [["<computed-path>", "read"]],
    ],
    ["cat-file --batch-check prints no content", "git cat-file --batch-check", []],
    [
      "a remote URL written as a local path is a repository read",
      "git -c remote.o.url=/srv/origin.git fetch o",
      [["/srv/origin.git", "read"]],
    ],
    [
      "a remote URL that is a URL is no path",
      "git -c remote.o.url=https://x.example/r fetch o",
      [],
    ],
    [
      "a file:// bundle URI is a file read",
      "git -c fetch.bundleURI=file:///home/user/.ssh/x fetch origin",
      [["/home/user/.ssh/x", "read"]],
    ],
    [
      "checkout-index --stdin writes them",
      "git checkout-index --stdin -f",
      [["<computed-path>", "write"]],
    ],
    [
      "--pathspec-from-file names pathspecs in a file",
      "git add --pathspec-from-file=list",
      [
        ["/repo/list", "read"],
        ["<computed-path>", "read"],
      ],
    ],
  ])("%s: %j", async (_note, command, expected) => {
    expect(await seen(command)).toEqual(expected);
  });

  it.each([
    ["git diff $(echo /etc) src", true],
    ["git diff $A $B", true],
    ["git diff $(git merge-base main HEAD) HEAD", false],
    ["git diff $(git merge-base main HEAD)", false],
    ["git diff $BASE..HEAD", false],
  ])("%j may compare a computed file outside the tree: %s", async (command, computed) => {
    const paths = await seen(command);
    expect(paths.some(([path]) => path === "<computed-path>")).toBe(computed);
  });

  it("keeps revisions and ranges out of the paths", async () => {
    expect(await seen("git diff HEAD~2 main..feature -- src")).toEqual([["/repo/src", "read"]]);
  });
});

describe("adversarial: git configuration that runs a program (F11, F12)", () => {
  it.each([
    "git -c trailer.x.cmd='rm -rf build' interpret-trailers --trailer x=y < /dev/null",
    "git -c trailer.x.command='rm -rf build' -c trailer.where=end commit --allow-empty -m m --trailer x",
    "git config trailer.x.cmd 'rm -rf build'",
  ])("%j runs rm as a unit of its own", async (command) => {
    const units = (await analyze(command)).units.map((unit) => unit.executed?.join(" "));
    expect(units).toContain("rm -rf build");
  });

  it.each([
    "git -c commit.gpgSign=true commit --allow-empty -m m",
    "git difftool -t vimdiff -y",
    "git -c help.format=web help log",
  ])("%j starts a program: never proven", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((unit) => unit.sentinel !== null)).toBe(true);
  });
});

describe("files git reads as repository metadata (a write of one, then git, is written code)", () => {
  const file = (path: string) => ({ path, glob: null });
  const glob = (pattern: string) => ({ path: null, glob: pattern });

  it.each<[string, { path: string | null; glob: string | null }[], (string | null)[]]>([
    ["a .git file (gitdir:)", [file("/repo/src/.git")], []],
    ["a file copied onto .git", [file("/repo/.git")], []],
    ["commondir", [file("/repo/.git/commondir")], []],
    ["alternates", [file("/repo/.git/objects/info/alternates")], []],
    ["config.worktree", [file("/repo/.git/config.worktree")], []],
    ["a linked worktree's config", [file("/repo/.git/worktrees/w/config.worktree")], []],
    ["a hook", [file("/repo/.git/hooks/pre-commit")], []],
    ["a project's .gitmodules", [file("/repo/.gitmodules")], []],
    ["a submodule repository's config", [file("/repo/.git/modules/x/config")], []],
    ["a glob that may name something in .git", [glob("/repo/.git/*")], []],
    ["a copied git dir's config", [glob("/repo/g/**"), file("/repo/g/config")], []],
    ["a copied git dir's hook", [glob("/repo/g/**"), file("/repo/g/hooks/post-checkout")], []],
    ["anything in the folder named by --git-dir", [glob("/repo/g/**")], ["/repo/g"]],
    ["a repository folder that is not known", [file("/repo/README.md")], [null]],
    ["a computed path", [{ path: null, glob: null }], []],
    // round 11b K-b4: git acts on its state; a hand-written todo list runs its exec lines.
    ["a rebase todo list", [file("/repo/.git/rebase-merge/git-rebase-todo")], []],
    ["a sequencer todo list", [file("/repo/.git/sequencer/todo")], []],
    ["a ref", [file("/repo/.git/refs/heads/x")], []],
  ])("%s is metadata", (_note, written, repositories) => {
    expect(writesGitMetadata(written, repositories)).toBe(true);
  });

  it.each<[string, { path: string | null; glob: string | null }[]]>([
    ["a React hook", [file("/repo/src/hooks/useAuth.ts")]],
    ["a config folder with files", [file("/repo/src/config"), file("/repo/src/config/index.ts")]],
    ["a lone file named config", [file("/repo/config")]],
    ["a lone hook script", [file("/repo/scripts/hooks/pre-commit")]],
    [".github", [file("/repo/.github/workflows/ci.yml")]],
    ["a lock file removed from .git", [file("/repo/.git/index.lock")]],
    ["config.json", [file("/repo/config.json"), file("/repo/x.ts")]],
  ])("%s is not", (_note, written) => {
    expect(writesGitMetadata(written, [])).toBe(false);
  });

  it("names the folders a command uses as its repository, under -C", () => {
    const words = ["git", "-C", "sub", "--git-dir=g", "status"].map((text) => wordFromText(text));
    expect(gitDirWords(words).map((word) => word.text)).toEqual(["sub/g"]);
  });
});

describe("git's variables assigned earlier in the string (export GIT_DIR=.ssh; git init)", () => {
  const texts = (uses: { word: { text: string; literal: boolean }; access: string }[]) =>
    uses.map((use) => [use.word.literal ? use.word.text : "<computed>", use.access]);

  it("names the repository folder and a file inside it, the index file, a trace file", () => {
    const vars = new Map([
      ["GIT_DIR", [{ text: ".ssh" }]],
      ["GIT_INDEX_FILE", [{ text: "/tmp/i" }]],
      ["GIT_TRACE", [{ text: "/tmp/t" }]],
      ["GIT_AUTHOR_NAME", [{ text: "x" }]],
      ["OTHER", [{ text: "/etc/passwd" }]],
    ]);
    expect(texts(gitAssignedPaths(vars))).toEqual([
      [".ssh", "read_write"],
      [".ssh/…", "read_write"],
      ["/tmp/i", "read_write"],
      ["/tmp/t", "write"],
    ]);
  });

  it("makes a value the string does not decide a computed path", () => {
    expect(texts(gitAssignedPaths(new Map([["GIT_WORK_TREE", null]])))).toEqual([
      ["<computed>", "read_write"],
      ["<computed>", "read_write"],
      ["<computed>", "read_write"],
    ]);
  });

  it("adds a prefix or env GIT_DIR to the folders a command uses as its repository", () => {
    const words = ["git", "status"].map((text) => wordFromText(text));
    const assignments = [
      { name: "GIT_DIR", value: wordFromText("g") },
      { name: "GIT_AUTHOR_NAME", value: wordFromText("x") },
    ];
    expect(gitDirWords(words, new Map(), assignments).map((word) => word.text)).toEqual(["g"]);
  });

  it("adds an assigned GIT_DIR to the folders a command uses as its repository", () => {
    const words = ["git", "status"].map((text) => wordFromText(text));
    const vars = new Map([["GIT_DIR", [{ text: "g" }]]]);
    expect(gitDirWords(words, vars).map((word) => word.text)).toEqual(["g"]);
  });
});

describe("adversarial: git run on a repository folder whose metadata the same string wrote", () => {
  it.each([
    "cp -r .git g; printf '[core]\\n\\tfsmonitor = git push origin main\\n' >> g/config; GIT_DIR=g git status",
    "printf '[core]\\n\\tfsmonitor = git push origin main\\n' >> g/config; GIT_DIR=g git status",
    "printf '[core]\\n\\tfsmonitor = git push origin main\\n' >> g/config; env GIT_DIR=g git status",
    "printf x >> g/config; git --git-dir=g status",
    "printf x >> g/config; export GIT_DIR=g; git status",
    "echo 'gitdir: /srv/origin.git' > src/.git; git -C src status",
    "echo /srv/origin.git > .git/commondir; git status",
    "printf x > config; cp config .git; git status",
  ])("%j: the git unit is never proven", async (command) => {
    const units = (await analyze(command)).units.filter((unit) => unit.executed?.[0] === "git");
    expect(units.at(-1)?.sentinel).toBe(opaqueWrapper);
  });

  it.each([
    "echo x >> README.md; GIT_DIR=.git git log -1",
    "rm -f .git/index.lock; git pull --rebase",
    "mkdir -p src/config; echo x > src/config/index.ts; git add src/config",
  ])("%j: git is proven", async (command) => {
    const units = (await analyze(command)).units.filter((unit) => unit.executed?.[0] === "git");
    expect(units.at(-1)?.sentinel).toBeNull();
  });
});
