import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, posix } from "node:path";
import {
  buildTemplate,
  FIXTURE_CWD,
  FIXTURE_HOME,
  FIXTURE_UID,
  FIXTURE_USER,
  type TemplateEntry,
} from "./fixture.ts";
import { type NoiseReason, noiseReason } from "./noise.ts";
import {
  type ExecEvent,
  type FileEvent,
  interpretTrace,
  parseStraceText,
  TRACED_SYSCALLS,
} from "./strace.ts";

/**
 * Programs replaced by a harmless stub (`/usr/bin/true` bind-mounted over the real file, so
 * `/bin/rm` and `rm` both run it and the trace still shows the execve with its argv). They
 * delete, change owners or modes, reach the network, or change privileges. A name missing on
 * the host gets a stub in `/usr/local/sbin` (first on PATH), so `sudo rm x` still runs something.
 */
export const STUBBED_PROGRAMS = [
  "rm",
  "rmdir",
  "shred",
  "unlink",
  "dd",
  "chmod",
  "chown",
  "chgrp",
  "curl",
  "wget",
  "ssh",
  "scp",
  "sftp",
  "rsync",
  "nc",
  "ncat",
  "netcat",
  "socat",
  "telnet",
  "ftp",
  "sudo",
  "su",
  "doas",
  "pkexec",
  "mount",
  "umount",
  "kill",
  "pkill",
  "killall",
  "reboot",
  "shutdown",
  "poweroff",
  "halt",
  "systemctl",
  "crontab",
  "mkfs",
  "fdisk",
  "apt",
  "apt-get",
  "dpkg",
] as const;

const SHELL = "/bin/bash";
const TRACE_FILE = "/oracle/trace";
const OUTPUT_LIMIT = 64 * 1024;

/** What one command really did under bash, with system noise counted and set aside. */
export interface Observation {
  command: string;
  /** Every program that started, in order; `stub` marks the harmless stand-ins. */
  execs: (ExecEvent & { stub: boolean })[];
  /** Every file access that is not system noise (failed attempts included). */
  files: FileEvent[];
  /** How many accesses were set aside, by reason. */
  noise: Partial<Record<NoiseReason, number>>;
  exitCode: number | null;
  signal: string | null;
  /** The command ran past the time limit and was killed; the trace may be incomplete. */
  timedOut: boolean;
  /** Whether the traced shell was seen starting (false means the harness itself failed). */
  started: boolean;
  stdout: string;
  stderr: string;
  durationMs: number;
  /** The raw strace output, when {@link OracleOptions.keepTrace} is set. */
  trace?: string;
}

export interface OracleOptions {
  /** Per-command wall-clock limit in milliseconds (default 3000; a generated command takes well under one second). */
  timeoutMs?: number;
  /** Keep the raw strace text on each observation (for debugging and recorded test input). */
  keepTrace?: boolean;
}

/** Why the oracle cannot run here, or `null` when it can. */
/**
 * SIGKILL to the process group `pid` leads. The group may already be gone: the time limit can
 * fire after the last process exited and before its `close` event clears the timer. ESRCH then
 * means there was nothing left to kill; it used to end a whole fuzz run (an uncaught throw in
 * the timer) after thousands of commands.
 */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
  }
}

export function oracleUnavailableReason(): string | null {
  if (process.platform !== "linux") return `the oracle needs Linux (this is ${process.platform})`;
  if (process.getuid?.() !== 0) {
    return "the oracle needs root (to create mount and network namespaces and bind-mount stubs)";
  }
  const tools = ["strace", "unshare", "nsenter", "setpriv", "prlimit", "bash", "git", "true"];
  const missing = tools.filter(
    (tool) => !["/usr/bin", "/bin"].some((d) => existsSync(`${d}/${tool}`)),
  );
  if (missing.length > 0)
    return `missing programs: ${missing.join(", ")} (util-linux, strace, bash, git)`;
  try {
    const version = execFileSync(SHELL, ["-c", "echo $BASH_VERSION"], { encoding: "utf8" }).trim();
    if (!/^5\.[2-9]/.test(version)) return `the oracle expects bash 5.2 or later, found ${version}`;
    execFileSync("unshare", ["--mount", "--net", "--pid", "--fork", "true"], { stdio: "ignore" });
  } catch (error) {
    return `namespaces cannot be created here (unshare --mount --net --pid failed: ${(error as Error).message.split("\n")[0]})`;
  }
  return null;
}

/**
 * A sandbox that runs bash command strings under strace, one fresh fixture per command.
 *
 * One holder process per oracle owns a private mount and network namespace (`unshare -m -n`)
 * with a tmpfs root: the host's /usr and /etc bound read-only, stubs bound over dangerous
 * programs, tmpfs for /repo, /home/user and /tmp. Each command enters that namespace
 * (`nsenter`), gets its own mount and PID namespace (`unshare -m -p --kill-child`, so killing
 * it ends every process it started), chroots into the root, and runs as an unprivileged user
 * (`setpriv`) under `strace -f`. The fixture is rewritten from memory between commands.
 */
export class BashOracle {
  readonly cwd = FIXTURE_CWD;
  readonly home = FIXTURE_HOME;
  private readonly template: TemplateEntry[];
  private readonly holder: ChildProcess;
  private readonly base: string;
  private readonly options: Required<OracleOptions>;
  private closed = false;
  /** Whether the last command may have changed the fixture (anything but a clean, complete read-only run). */
  private dirty = true;

  private constructor(holder: ChildProcess, base: string, options: Required<OracleOptions>) {
    this.holder = holder;
    this.base = base;
    this.options = options;
    this.template = buildTemplate();
  }

  /** Starts the holder namespace. Throws when the oracle cannot run here (see {@link oracleUnavailableReason}). */
  static async start(options: OracleOptions = {}): Promise<BashOracle> {
    const base = mkdtempSync(join(tmpdir(), "bash-oracle-"));
    const holder = spawn(
      "unshare",
      [
        "--mount",
        "--net",
        "--propagation",
        "private",
        "--",
        "/bin/sh",
        "-c",
        SETUP_SCRIPT,
        "bash-oracle-setup",
        base,
        String(FIXTURE_UID),
        ...STUBBED_PROGRAMS,
      ],
      { stdio: ["pipe", "pipe", "pipe"] },
    );
    try {
      await waitForReady(holder);
    } catch (error) {
      holder.kill("SIGKILL");
      rmdirSafe(base);
      throw error;
    }
    return new BashOracle(holder, base, {
      timeoutMs: options.timeoutMs ?? 3_000,
      keepTrace: options.keepTrace ?? false,
    });
  }

  /** Where the holder's namespace can be reached from this process. */
  private get view(): string {
    return `/proc/${this.holder.pid}/root${this.base}/root`;
  }

  /** Runs one command string on a fresh fixture and reports what it did. */
  async run(command: string): Promise<Observation> {
    if (this.closed) throw new Error("the oracle is closed");
    if (this.dirty) this.resetFixture();
    const started = performance.now();
    const outcome = await this.spawnTraced(command);
    const durationMs = performance.now() - started;
    const traceFile = `${this.view}${TRACE_FILE}`;
    const text = existsSync(traceFile) ? readFileSync(traceFile, "utf8") : "";
    rmSync(traceFile, { force: true });
    const trace = interpretTrace(parseStraceText(text), { shellPath: SHELL, cwd: FIXTURE_CWD });
    // Every way to change a file goes through a traced call, so a run with no successful
    // write outside /dev leaves the fixture as it was and the next reset can be skipped.
    this.dirty =
      outcome.timedOut ||
      !trace.started ||
      trace.files.some(
        (file) => file.ok && file.access !== "read" && !file.path.startsWith("/dev/"),
      );
    const noise: Partial<Record<NoiseReason, number>> = {};
    const files: FileEvent[] = [];
    for (const file of trace.files) {
      const reason = noiseReason(file, { cwd: FIXTURE_CWD, home: FIXTURE_HOME });
      if (reason) noise[reason] = (noise[reason] ?? 0) + 1;
      else files.push(file);
    }
    const stubs = new Set<string>(STUBBED_PROGRAMS);
    return {
      command,
      execs: trace.execs.map((exec) => ({ ...exec, stub: stubs.has(posix.basename(exec.path)) })),
      files,
      noise,
      started: trace.started,
      durationMs,
      ...outcome,
      ...(this.options.keepTrace ? { trace: text } : {}),
    };
  }

  /** Ends the holder; its namespace and every mount in it go with it. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const exited = new Promise<void>((resolve) => {
      if (this.holder.exitCode !== null || this.holder.signalCode !== null) resolve();
      else this.holder.once("exit", () => resolve());
    });
    this.holder.stdin?.end();
    const timer = setTimeout(() => this.holder.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
    rmdirSafe(this.base);
  }

  private resetFixture(): void {
    for (const dir of [FIXTURE_CWD, FIXTURE_HOME, "/tmp"]) {
      const host = `${this.view}${dir}`;
      // rmSync never follows a symlink the previous command may have planted.
      for (const name of readdirSync(host))
        rmSync(`${host}/${name}`, { recursive: true, force: true });
    }
    for (const entry of this.template) {
      const host = `${this.view}${entry.path}`;
      if (entry.kind === "dir") mkdirSync(host, { mode: entry.mode });
      else writeFileSync(host, entry.content ?? "", { mode: entry.mode });
      chownSync(host, FIXTURE_UID, FIXTURE_UID);
    }
  }

  private spawnTraced(
    command: string,
  ): Promise<Pick<Observation, "exitCode" | "signal" | "timedOut" | "stdout" | "stderr">> {
    const args = [
      // The run must not outlive this process: were it killed before its timer fires (Ctrl-C,
      // SIGTERM, a crash), the namespace's init would keep a looping command alive. The parent
      // death signal reaches unshare, and its --kill-child takes the PID namespace down.
      "--pdeathsig",
      "KILL",
      "--",
      "nsenter",
      "-t",
      String(this.holder.pid),
      "--mount",
      "--net",
      "--",
      "unshare",
      "--mount",
      "--pid",
      "--fork",
      "--kill-child",
      "--mount-proc=/proc",
      `--root=${this.base}/root`,
      `--wd=${FIXTURE_CWD}`,
      "--",
      // Before strace, so it is not traced; the limit stops a fork bomb, not a slow command.
      "/usr/bin/prlimit",
      "--nproc=1024",
      "--",
      "/usr/bin/strace",
      "-f",
      "-qq",
      "-y",
      "-s",
      "65535",
      "--seccomp-bpf",
      "-e",
      "signal=none",
      "-e",
      `trace=${TRACED_SYSCALLS.join(",")}`,
      "-o",
      TRACE_FILE,
      "--",
      "/usr/bin/setpriv",
      `--reuid=${FIXTURE_UID}`,
      `--regid=${FIXTURE_UID}`,
      "--clear-groups",
      "--no-new-privs",
      "--inh-caps=-all",
      "--bounding-set=-all",
      "--",
      SHELL,
      "-c",
      command,
    ];
    return new Promise((resolve, reject) => {
      const child = spawn("setpriv", args, {
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
          HOME: FIXTURE_HOME,
          USER: FIXTURE_USER,
          LOGNAME: FIXTURE_USER,
          SHELL,
          LANG: "C",
          TERM: "dumb",
        },
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => {
        if (stdout.length < OUTPUT_LIMIT) stdout += chunk.toString("utf8");
      });
      child.stderr.on("data", (chunk: Buffer) => {
        if (stderr.length < OUTPUT_LIMIT) stderr += chunk.toString("utf8");
      });
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        // The whole group: setpriv/nsenter/unshare; --kill-child then takes the PID namespace down.
        if (child.pid) killGroup(child.pid);
      }, this.options.timeoutMs);
      child.on("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on("close", (code, signal) => {
        clearTimeout(timer);
        resolve({
          exitCode: code,
          signal,
          timedOut,
          stdout: stdout.slice(0, OUTPUT_LIMIT),
          stderr: stderr.slice(0, OUTPUT_LIMIT),
        });
      });
    });
  }
}

function waitForReady(holder: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    holder.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      if (out.includes("ready\n")) resolve();
    });
    holder.stderr?.on("data", (chunk: Buffer) => {
      err += chunk.toString("utf8");
    });
    holder.on("error", reject);
    holder.on("exit", (code) =>
      reject(new Error(`sandbox setup failed (exit ${code}): ${err.trim()}`)),
    );
  });
}

function rmdirSafe(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {
    // A leftover empty directory in the temp dir is harmless.
  }
}

/**
 * Runs as root inside the fresh mount+network namespace. `$1` is the (empty) host directory
 * the tmpfs goes on, `$2` the unprivileged uid, the rest the programs to stub.
 */
const SETUP_SCRIPT = String.raw`
set -eu
base=$1; uid=$2; shift 2
mount -t tmpfs -o size=64m,mode=755 bash-oracle "$base"
root=$base/root
mkdir -p "$root" "$base/stubs"
bind_ro() { mkdir -p "$2"; mount --rbind "$1" "$2"; mount -o remount,bind,ro "$2"; }
bind_ro /usr "$root/usr"
bind_ro /etc "$root/etc"
for d in bin sbin lib lib64 lib32 libx32; do
  if [ -L "/$d" ]; then ln -s "$(readlink "/$d")" "$root/$d"
  elif [ -d "/$d" ]; then bind_ro "/$d" "$root/$d"; fi
done
mkdir -p "$root/proc" "$root/dev" "$root/tmp" "$root/repo" "$root/home/user" "$root/oracle"
chmod 700 "$root/oracle"
mount -t tmpfs -o size=64m,mode=1777 oracle-tmp "$root/tmp"
mount -t tmpfs -o size=64m,mode=755,uid=$uid,gid=$uid oracle-repo "$root/repo"
mount -t tmpfs -o size=64m,mode=755,uid=$uid,gid=$uid oracle-home "$root/home/user"
for n in null zero full random urandom tty; do
  : > "$root/dev/$n"; mount --bind "/dev/$n" "$root/dev/$n"
done
ln -s /proc/self/fd "$root/dev/fd"
ln -s /proc/self/fd/0 "$root/dev/stdin"
ln -s /proc/self/fd/1 "$root/dev/stdout"
ln -s /proc/self/fd/2 "$root/dev/stderr"
printf 'root:x:0:0:root:/root:/bin/bash\nuser:x:%s:%s:fixture user:/home/user:/bin/bash\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n' "$uid" "$uid" > "$base/passwd"
printf 'root:x:0:\nuser:x:%s:\nnogroup:x:65534:\n' "$uid" > "$base/group"
mount --bind "$base/passwd" "$root/etc/passwd"
mount --bind "$base/group" "$root/etc/group"
cp /usr/bin/true "$base/stubs/stub"
done_paths=" "
missing=""
for name in "$@"; do
  found=""
  for dir in /usr/local/sbin /usr/local/bin /usr/sbin /usr/bin /sbin /bin; do
    [ -e "$dir/$name" ] || continue
    found=1
    real=$(readlink -f "$dir/$name")
    case "$done_paths" in *" $real "*) continue ;; esac
    mount --bind "$base/stubs/stub" "$root$real"
    done_paths="$done_paths$real "
  done
  [ -n "$found" ] || missing="$missing $name"
done
if [ -n "$missing" ] && [ -d "$root/usr/local/sbin" ]; then
  mount -t tmpfs -o size=1m,mode=755 oracle-stubs "$root/usr/local/sbin"
  cp /usr/bin/true "$root/usr/local/sbin/.oracle-stub"
  for name in $missing; do ln -s .oracle-stub "$root/usr/local/sbin/$name"; done
fi
echo ready
read -r _ || true
`;
