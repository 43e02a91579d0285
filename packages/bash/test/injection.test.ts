import { describe, expect, it } from "vitest";
import { type BashUnit, SENTINELS } from "../src/index.ts";
import { analyze, opaqueWrapper, unit } from "./helpers.ts";

const layer = (name: string, value: string) => ({
  name,
  kind: "opaque" as const,
  argv: [`${name}=${value}`],
});

describe("commands hidden in values are units of their own", () => {
  it.each<[string, string, BashUnit[]]>([
    [
      "a prefix GIT_SSH_COMMAND runs its command; git stays as it was",
      'GIT_SSH_COMMAND="rm -rf ~" git fetch',
      [
        unit('GIT_SSH_COMMAND="rm -rf ~" git fetch', ["rm -rf ~"], {
          wrappers: [layer("GIT_SSH_COMMAND", "rm -rf ~")],
          executed: null,
          sentinel: opaqueWrapper,
        }),
        unit("rm -rf ~", "rm -rf ~", {
          wrappers: [layer("GIT_SSH_COMMAND", "rm -rf ~")],
          sentinel: opaqueWrapper,
        }),
        unit('GIT_SSH_COMMAND="rm -rf ~" git fetch', "git fetch"),
      ],
    ],
    [
      "env carries the same assignment",
      "env PAGER='sh -c x' git log",
      [
        unit("env PAGER='sh -c x' git log", ["env", "PAGER=sh -c x", "git", "log"], {
          wrappers: [{ name: "env", kind: "transparent", argv: ["env", "PAGER=sh -c x"] }],
          executed: ["git", "log"],
        }),
        unit("env PAGER='sh -c x' git log", ["sh -c x"], {
          wrappers: [layer("PAGER", "sh -c x")],
          executed: null,
          sentinel: opaqueWrapper,
        }),
        unit("sh -c x", ["sh", "-c", "x"], {
          wrappers: [
            layer("PAGER", "sh -c x"),
            { name: "sh", kind: "opaque", argv: ["sh", "-c", "x"] },
          ],
          executed: null,
          sentinel: opaqueWrapper,
        }),
        unit("x", "x", {
          wrappers: [
            layer("PAGER", "sh -c x"),
            { name: "sh", kind: "opaque", argv: ["sh", "-c", "x"] },
          ],
          sentinel: opaqueWrapper,
        }),
      ],
    ],
    [
      "git -c core.sshCommand runs its command",
      "git -c core.sshCommand='rm x' fetch",
      [
        unit(
          "git -c core.sshCommand='rm x' fetch",
          ["git", "-c", "core.sshCommand=rm x", "fetch"],
          {
            executed: ["git", "fetch"],
          },
        ),
        unit("git -c core.sshCommand='rm x' fetch", ["rm x"], {
          wrappers: [layer("core.sshcommand", "rm x")],
          executed: null,
          sentinel: opaqueWrapper,
        }),
        unit("rm x", "rm x", {
          wrappers: [layer("core.sshcommand", "rm x")],
          sentinel: opaqueWrapper,
        }),
      ],
    ],
    [
      "a git alias starting with ! runs a shell command",
      "git -c alias.up='!rm y' up",
      [
        unit("git -c alias.up='!rm y' up", ["git", "-c", "alias.up=!rm y", "up"], {
          executed: ["git", "up"],
          sentinel: SENTINELS.gitAlias,
        }),
        unit("git -c alias.up='!rm y' up", ["rm y"], {
          wrappers: [layer("alias.up", "rm y")],
          executed: null,
          sentinel: opaqueWrapper,
        }),
        unit("rm y", "rm y", { wrappers: [layer("alias.up", "rm y")], sentinel: opaqueWrapper }),
      ],
    ],
    [
      "a plain git alias defined on the command line is expanded",
      "git -c alias.st=status st",
      [
        unit("git -c alias.st=status st", ["git", "-c", "alias.st=status", "st"], {
          executed: ["git", "status"],
        }),
      ],
    ],
    [
      "an exported computed PAGER is opaque",
      'export PAGER="$P"; git log',
      [
        unit('export PAGER="$P"', ["export", "PAGER=$P"]),
        unit('"$P"', ["$P"], {
          wrappers: [layer("PAGER", "$P")],
          executed: null,
          sentinel: opaqueWrapper,
        }),
        unit("git log", "git log"),
      ],
    ],
    [
      "LD_PRELOAD loads code nobody sees",
      "LD_PRELOAD=/tmp/x.so ls",
      [
        unit("LD_PRELOAD=/tmp/x.so ls", ["/tmp/x.so"], {
          wrappers: [layer("LD_PRELOAD", "/tmp/x.so")],
          executed: null,
          sentinel: opaqueWrapper,
        }),
        unit("LD_PRELOAD=/tmp/x.so ls", "ls"),
      ],
    ],
    [
      "other assignments hide nothing",
      "NODE_ENV=test FOO=1 npm test",
      [unit("NODE_ENV=test FOO=1 npm test", "npm test")],
    ],
  ])("%s: %j", async (_note, command, units) => {
    const analysis = await analyze(command);
    expect({ status: analysis.status, units: analysis.units }).toEqual({ status: "ok", units });
  });
});

describe("variables that other programs run or load from", () => {
  // Each command runs what the variable names; the same command without it stays proven.
  it.each([
    "BROWSER='sh -c id' xdg-open x",
    "RSYNC_RSH='sh -c id' rsync a h:b",
    "RUSTC_WRAPPER=/tmp/w cargo build",
    "CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER='sh -c id' cargo run",
    "TAR_OPTIONS=--to-command=id tar xf a.tar",
    "GOFLAGS=-toolexec=/tmp/x go build",
    "PS4='$(id)' bash -x app.sh",
    "ZIPOPT='-TT id' zip -T a.zip b",
  ])("%j is floored", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((u) => u.sentinel === SENTINELS.opaqueWrapper)).toBe(true);
  });

  it.each(["PS4='+ ' bash -x app.sh", "GOFLAGS=-mod=mod go build", "TAR_OPTIONS=-v tar xf a.tar"])(
    "%j runs nothing hidden",
    async (command) => {
      const analysis = await analyze(command);
      expect(analysis.units.map((u) => u.sentinel)).toEqual([null]);
    },
  );

  it.each<[string, string[]]>([
    ["PYTHONPATH=/tmp/lib python3 app.py", ["/repo/app.py", "/tmp/lib"]],
    ["PYTHONPATH=src::/opt/x pytest", ["/repo/src", "/repo", "/opt/x"]],
    ["LD_LIBRARY_PATH=~/lib ls", ["/home/user/lib"]],
    ["env NODE_PATH=/srv/mods node app.js", ["/repo/app.js", "/srv/mods"]],
  ])("%j reads its load path", async (command, paths) => {
    const analysis = await analyze(command);
    expect(analysis.paths.map((p) => p.path)).toEqual(paths);
  });
});

describe("adversarial: the environment carries a program's options, rc files and output files", () => {
  it.each([
    // H16: man hands MANROFFOPT to groff; -U lets a page's .sy run.
    "MANROFFOPT=-U man ./x.1",
    "GROFF_OPT=-U groff x.1",
    "MANOPT='-P git' man ls",
    "LESS='+!git push' less README.md",
    "MAKEFLAGS='SHELL=./p' make",
    "FZF_DEFAULT_OPTS='--preview \"git push\"' fzf",
    "ZIP='-TT id' zip -T a.zip b",
    // H4: code in the value itself.
    "LUA_INIT='os.execute(\"git push\")' lua x.lua",
    "VIMINIT='!git push' vim x",
    "BAT_CONFIG_PATH=c bat x",
    // Pagers and editors of particular tools are command lines.
    "BAT_PAGER='git push' bat README.md",
    "KUBE_EDITOR='git push' kubectl edit x",
    "FZF_DEFAULT_COMMAND='git push' fzf",
    // The family named for a command: password commands, remote shells.
    "RESTIC_PASSWORD_COMMAND='git push' restic snapshots",
    "BORG_PASSCOMMAND='git push' borg list",
    "SOPS_AGE_KEY_CMD='git push' sops -d x",
    "BORG_RSH='git push' borg list",
  ])("%j is floored", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((u) => u.sentinel === SENTINELS.opaqueWrapper)).toBe(true);
  });

  it.each(["LESS=-R less README.md", "LUA_INIT=@init.lua lua x.lua", "MANOPT=-a man ls"])(
    "%j runs nothing hidden",
    async (command) => {
      const analysis = await analyze(command);
      expect(analysis.units.some((u) => u.sentinel === SENTINELS.opaqueWrapper)).toBe(false);
    },
  );

  it.each<[string, [string, string][]]>([
    // H10: options in TAR_OPTIONS, UNZIP, UNZIPOPT, ZIPOPT, MANOPT name files.
    ["TAR_OPTIONS='-f /home/user/x' tar c README.md", [["/home/user/x", "read_write"]]],
    ["TAR_OPTIONS='-C /home/user' tar xf a.tar", [["/home/user", "read_write"]]],
    ["TAR_OPTIONS=--dir=/home/user tar xf a.tar", [["/home/user", "read_write"]]],
    ["TAR_OPTIONS='-vT /home/user/l' tar c", [["/home/user/l", "read"]]],
    ["UNZIP='-d /home/user' unzip -oq a.zip", [["/home/user", "write"]]],
    ["UNZIPOPT=-d/home/user unzip -oq a.zip", [["/home/user", "write"]]],
    ["ZIPOPT='-b /home/user' zip a.zip b", [["/home/user", "write"]]],
    ["MANOPT='-C /home/user/c' man ls", [["/home/user/c", "read"]]],
    ["export TAR_OPTIONS='--directory=/home/user'; tar xf a.tar", [["/home/user", "read_write"]]],
    // Session 10: xz's and less's option strings.
    ["XZ_OPT=--files=.env xz -t", [["/repo/.env", "read"]]],
    ["XZ_DEFAULTS='-T0 --files0 .env' xz -t", [["/repo/.env", "read"]]],
    ["LESS=-o.env git -p log", [["/repo/.env", "write"]]],
    ["LESS='-R --log-file=out.txt' less README.md", [["/repo/out.txt", "write"]]],
    // H11, H17: temporary folders and output files named by the environment.
    ["TMPDIR=/home/user gcc -c x.c", [["/home/user", "read_write"]]],
    ["TMP=/home/user/t python3 app.py", [["/home/user/t", "read_write"]]],
    ["LD_DEBUG=files LD_DEBUG_OUTPUT=/home/user/x ls", [["/home/user/x", "write"]]],
    ["MALLOC_TRACE=/home/user/x ./a", [["/home/user/x", "write"]]],
    ["LLVM_PROFILE_FILE=/home/user/p ./a", [["/home/user/p", "write"]]],
    ["GCOV_PREFIX=/home/user ./a", [["/home/user", "write"]]],
    ["export SEGFAULT_OUTPUT_NAME=/home/user/s; ./a", [["/home/user/s", "write"]]],
    ["export GNUPGHOME=/home/user/g; gpg -k", [["/home/user/g", "read_write"]]],
    // H2, H4: settings and rc files named by the environment are read.
    ["KUBECONFIG=/home/user/k kubectl get pods", [["/home/user/k", "read"]]],
    ["IRBRC=/home/user/r irb", [["/home/user/r", "read"]]],
    ["LUA_INIT=@/home/user/i lua x.lua", [["/home/user/i", "read"]]],
    // round9 I6: files the C library, TLS, fontconfig, file(1) and terminal programs read.
    ["HOSTALIASES=/home/user/.ssh/id_rsa getent hosts x", [["/home/user/.ssh/id_rsa", "read"]]],
    ["SSL_CERT_FILE=/home/user/k openssl verify x", [["/home/user/k", "read"]]],
    ["FONTCONFIG_FILE=/home/user/f fc-cache", [["/home/user/f", "read"]]],
    ["MAGIC=/home/user/.ssh/id_rsa file README.md", [["/home/user/.ssh/id_rsa", "read"]]],
    ["TZ=:/home/user/.ssh/id_rsa date", [["/home/user/.ssh/id_rsa", "read"]]],
    ["TERMINFO=/home/user/.ssh tic x.src", [["/home/user/.ssh", "read_write"]]],
  ])("%j touches %j", async (command, expected) => {
    const analysis = await analyze(command);
    const touched = analysis.paths.map((p) => [p.path, p.access]);
    for (const pair of expected) expect(touched).toContainEqual(pair);
  });

  it.each(["TAR_OPTIONS=-v tar xf a.tar", "UNZIP=-q unzip a.zip", "export TMPDIR=/repo/t; ls"])(
    "%j touches nothing outside the project",
    async (command) => {
      const analysis = await analyze(command);
      const outside = analysis.paths.filter((p) => !(p.path ?? p.glob ?? "").startsWith("/repo"));
      expect(outside).toEqual([]);
    },
  );
});

describe("adversarial: terraform's environment names files and options (round 11b K-b16)", () => {
  it.each([
    ["TF_LOG=trace TF_LOG_PATH=/home/user/x terraform version", ["/home/user/x", "write"]],
    [
      "TF_CLI_CONFIG_FILE=/home/user/.ssh/id_rsa terraform version",
      ["/home/user/.ssh/id_rsa", "read"],
    ],
  ])("%s touches %j", async (command, path) => {
    const analysis = await analyze(command);
    expect(analysis.paths.map((p) => [p.path, p.access])).toContainEqual(path);
  });

  it.each([
    ["TF_CLI_ARGS='-var-file=/home/user/.ssh/id_rsa' terraform plan", true],
    ['TF_CLI_ARGS_plan="-chdir=$D" terraform plan', true],
    ["TF_CLI_ARGS='-no-color' terraform plan", false],
  ])("%s hides a file option: %s", async (command, hidden) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((u) => u.sentinel === SENTINELS.opaqueWrapper)).toBe(hidden);
  });
});

describe("adversarial: a path-shaped value in a program's environment is a file it may open (round 11b K-b23)", () => {
  it.each([
    ["XAUTHORITY=/home/user/.ssh/id_rsa xauth list", "/home/user/.ssh/id_rsa"],
    ["DEPENDENCIES_OUTPUT=/home/user/x cpp /dev/null", "/home/user/x"],
    ["env PIP_CONFIG_FILE=~/.ssh/id_rsa pip3 config list", "/home/user/.ssh/id_rsa"],
    ["X=/a:../b prog", "/b"],
    // An option string read from the environment (round 11b K-b22, session 10).
    ["XZ_OPT='--files=/home/user/notes.txt' xz -t", "/home/user/notes.txt"],
    ["XZ_DEFAULTS='-T0 --files=~/notes.txt' xz -t", "/home/user/notes.txt"],
    ["LESS=-O/home/user/pwned git -p log -1", "/home/user/pwned"],
    ["MAVEN_OPTS='-Xmx1g -Dlog=/etc/x' mvn -q", "/etc/x"],
    ["CFLAGS='-I../../inc -O2' make", "/inc"],
    ["DB=file:///home/user/db.sqlite prog", "/home/user/db.sqlite"],
    ["XAUTHORITY=http://x/../../../etc/x xauth list", "/etc/x"],
  ])("%s touches %s", async (command, path) => {
    const analysis = await analyze(command);
    expect(analysis.paths.map((p) => [p.path, p.access])).toContainEqual([path, "read_write"]);
  });

  it.each([
    "NODE_ENV=production npm run build",
    "export JAVA_HOME=/usr/lib/jvm",
    "X=src/a prog",
    "PATH=/usr/bin:$PATH ls",
    "LESS=-FRX git log",
    "XZ_OPT=-T0 xz --version",
    "NODE_OPTIONS=--max-old-space-size=4096 npm test",
    "API_URL=http://localhost:3000/v1 DATABASE_URL=postgres://u:p@db:5432/app npm test",
  ])("%s names no such file", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.paths.filter((p) => p.access === "read_write")).toEqual([]);
  });
});

describe("adversarial: binutils read more arguments from @FILE (round 11b K-b20)", () => {
  it("reads the file after @ and files it may name", async () => {
    const analysis = await analyze("strings @/home/user/.ssh/id_rsa");
    expect({
      read: analysis.paths.some((p) => p.path === "/home/user/.ssh/id_rsa" && p.access === "read"),
      unknown: analysis.paths.some((p) => p.sentinel === "<computed-path>"),
    }).toEqual({ read: true, unknown: true });
  });
});
