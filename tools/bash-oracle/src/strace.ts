import { posix } from "node:path";

/**
 * The system calls the oracle asks strace for: every way a program is started, every way a
 * file is opened, created, removed, renamed or changed, and what the parser needs to follow
 * processes (fork/clone) and working directories (chdir). Nothing else is traced, so that
 * `--seccomp-bpf` keeps the cost per command low.
 */
export const TRACED_SYSCALLS = [
  "execve",
  "execveat",
  "open",
  "openat",
  "openat2",
  "creat",
  "truncate",
  "mkdir",
  "mkdirat",
  "mknod",
  "mknodat",
  "unlink",
  "unlinkat",
  "rmdir",
  "rename",
  "renameat",
  "renameat2",
  "link",
  "linkat",
  "symlink",
  "symlinkat",
  "utime",
  "utimes",
  "futimesat",
  "utimensat",
  "chmod",
  "fchmodat",
  "chown",
  "lchown",
  "fchownat",
  "fchmod",
  "fchown",
  "setxattr",
  "lsetxattr",
  "fsetxattr",
  "removexattr",
  "lremovexattr",
  "fremovexattr",
  "chdir",
  "fchdir",
  "clone",
  "clone3",
  "fork",
  "vfork",
] as const;

/** One system call as strace printed it; an unfinished call and its resumption are joined. */
export interface RawSyscall {
  pid: number;
  name: string;
  /** The arguments split at top-level commas, each exactly as printed. */
  args: string[];
  /** The text after `= `, or `""` when the call never returned (the process was killed). */
  ret: string;
}

/**
 * Splits `strace -f -y -o FILE` output into calls, in the order the calls started. A call that
 * strace printed as `<unfinished ...>` keeps the place where it started, so a `clone` is always
 * seen before anything its child does.
 */
export function parseStraceText(text: string): RawSyscall[] {
  const slots: (RawSyscall | null)[] = [];
  const pending = new Map<number, { head: string; slot: number }>();
  for (const line of text.split("\n")) {
    const prefixed = /^(\d+)\s+(.*)$/s.exec(line);
    const pid = prefixed ? Number(prefixed[1]) : 0;
    const body = prefixed ? (prefixed[2] ?? "") : line;
    if (body === "" || body.startsWith("---") || body.startsWith("+++")) continue;
    const resumed = /^<\.\.\. ([a-z0-9_]+) resumed>(.*)$/s.exec(body);
    if (resumed) {
      const open = pending.get(pid);
      if (!open) continue;
      pending.delete(pid);
      slots[open.slot] = parseCall(pid, open.head + (resumed[2] ?? ""));
      continue;
    }
    const unfinished = / <unfinished \.\.\.>$/.exec(body);
    if (unfinished) {
      pending.set(pid, { head: body.slice(0, unfinished.index), slot: slots.length });
      slots.push(null);
      continue;
    }
    slots.push(parseCall(pid, body));
  }
  // A call still unfinished at the end never returned: its process died inside it.
  for (const [pid, open] of pending) slots[open.slot] = parseCall(pid, `${open.head})`);
  return slots.filter((call): call is RawSyscall => call !== null);
}

function parseCall(pid: number, text: string): RawSyscall | null {
  const name = /^([a-z_0-9]+)\(/.exec(text);
  if (!name?.[1]) return null;
  const start = name[0].length;
  const end = scanTo(text, start, ")");
  const argsText = text.slice(start, end);
  const after = /^\)\s*=\s*(.*)$/s.exec(text.slice(end));
  return { pid, name: name[1], args: splitArgs(argsText), ret: after?.[1]?.trim() ?? "" };
}

/**
 * The index of the first `stop` character at nesting depth zero from `from`, skipping quoted
 * strings, brackets and the `<…>` path strace -y prints after a descriptor (`3</repo/.env>`),
 * whose `<`, `>` and quotes are escaped by strace.
 */
function scanTo(text: string, from: number, stop: string): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      i = skipString(text, i);
      continue;
    }
    if (c === "<" && i > 0 && /[0-9D]/.test(text[i - 1] ?? "")) {
      const close = text.indexOf(">", i);
      if (close !== -1) i = close;
      continue;
    }
    if (depth === 0 && c === stop) return i;
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      if (depth === 0) return i;
      depth--;
    }
  }
  return text.length;
}

function skipString(text: string, open: number): number {
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return i;
  }
  return text.length;
}

/** Splits an argument list (or an array's items) at top-level `,`. */
export function splitArgs(text: string): string[] {
  const args: string[] = [];
  let from = 0;
  while (from < text.length) {
    const comma = scanTo(text, from, ",");
    args.push(text.slice(from, comma).trim());
    from = comma + 1;
  }
  return args.filter((arg) => arg !== "");
}

/** A C string as strace prints it: quoted, with C escapes, `...` after it when cut short. */
export function decodeString(token: string): { value: string; truncated: boolean } | null {
  if (!token.startsWith('"')) return null;
  const close = skipString(token, 0);
  return {
    value: decodeEscapes(token.slice(1, close)),
    truncated: token.slice(close + 1).startsWith("..."),
  };
}

const SIMPLE_ESCAPES: Record<string, number> = {
  n: 10,
  t: 9,
  r: 13,
  v: 11,
  f: 12,
  a: 7,
  b: 8,
  e: 27,
  "\\": 92,
  '"': 34,
  "'": 39,
};

/** Decodes strace's escapes (`\n`, `\"`, octal `\303`, hex `\x41`) into the original bytes, read as UTF-8. */
export function decodeEscapes(text: string): string {
  if (!text.includes("\\")) return text;
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? "";
    if (c !== "\\") {
      for (const byte of Buffer.from(c, "utf8")) bytes.push(byte);
      continue;
    }
    const next = text[i + 1] ?? "";
    const octal = /^[0-7]{1,3}/.exec(text.slice(i + 1));
    const hex = /^x([0-9a-fA-F]{2})/.exec(text.slice(i + 1));
    if (octal) {
      bytes.push(Number.parseInt(octal[0], 8) & 0xff);
      i += octal[0].length;
    } else if (hex?.[1]) {
      bytes.push(Number.parseInt(hex[1], 16));
      i += 3;
    } else if (next in SIMPLE_ESCAPES) {
      bytes.push(SIMPLE_ESCAPES[next] ?? 0);
      i += 1;
    } else {
      bytes.push(92);
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** An array of strings (`["cat", ".env"]`); `truncated` when strace left items out. */
export function decodeStringArray(token: string): { items: string[]; truncated: boolean } | null {
  if (!token.startsWith("[")) return null;
  const inner = token.slice(1, scanTo(token, 1, "]"));
  const items: string[] = [];
  let truncated = false;
  for (const part of splitArgs(inner)) {
    const decoded = decodeString(part);
    if (decoded) {
      items.push(decoded.value);
      truncated ||= decoded.truncated;
    } else if (part.startsWith("...")) truncated = true;
  }
  return { items, truncated };
}

/** A descriptor argument with its `-y` path: `AT_FDCWD</repo>`, `4</repo/src>`. */
export function decodeFd(token: string): { fd: string; path: string | null } {
  const match = /^(-?\d+|AT_FDCWD)(?:<(.*)>)?$/s.exec(token.trim());
  if (!match?.[1]) return { fd: token, path: null };
  return { fd: match[1], path: match[2] === undefined ? null : cleanFdPath(match[2]) };
}

function cleanFdPath(text: string): string {
  return decodeEscapes(text).replace(/ \(deleted\)$/, "");
}

/** The outcome of a call: its value, the path of a returned descriptor, the errno name. */
export interface SyscallResult {
  value: number | null;
  fdPath: string | null;
  errno: string | null;
}

export function decodeResult(ret: string): SyscallResult {
  const match = /^(-?\d+|0x[0-9a-f]+|\?)(?:<(.*)>)?(?:\s+(E[A-Z0-9]+))?/s.exec(ret);
  if (!match?.[1] || match[1] === "?") return { value: null, fdPath: null, errno: null };
  const value = Number(match[1]);
  return {
    value,
    fdPath: match[2] === undefined ? null : cleanFdPath(match[2]),
    errno: match[3] ?? null,
  };
}

/** How a file is used, from its open flags or the kind of call. */
export type Access = "read" | "write" | "read_write";

/** A program that really started: one successful `execve`. */
export interface ExecEvent {
  /** Order among all events of the trace. */
  seq: number;
  pid: number;
  /** The file the kernel executed, as passed to execve (absolute or as given). */
  path: string;
  argv: string[];
  /** Whether strace cut an argument short (never expected with the oracle's `-s`). */
  truncated: boolean;
  /** The argv of the program that called execve. */
  caller: readonly string[] | null;
  /** Index into {@link Trace.execs} of the caller's own execve; -1 for the traced shell. */
  callerExec: number;
}

/** One file a process opened, created, removed, renamed or changed. */
export interface FileEvent {
  seq: number;
  pid: number;
  /** The argv of the program the process ran at that moment (the shell, before a fork's exec). */
  program: readonly string[];
  /** Index into {@link Trace.execs} of that program's execve; -1 for the traced shell itself. */
  exec: number;
  /** Whether the process was a shell (the traced bash or a fork of it). */
  shell: boolean;
  syscall: string;
  /** The path argument exactly as the program passed it. */
  given: string;
  /** Absolute and lexically normalised against the directory the call was relative to. */
  path: string;
  access: Access;
  /** Whether the call succeeded; a failed attempt is reported too. */
  ok: boolean;
  errno: string | null;
  /** Opened with O_DIRECTORY, or a directory call (mkdir, rmdir). */
  directory: boolean;
  /** The new name, on the source side of a rename. */
  renamedTo?: string;
  /** An open with O_CREAT, or creat(): the call may have created the file. */
  created?: boolean;
  /**
   * The event is the file the kernel really opened: the `-y` path of the descriptor an open
   * returned, which differs from the lexical `path` of the same call because a symlink was
   * followed on the way (`ln -s . l; cat l/../x` opens `/x`, not the lexical `./x`). Both
   * events are reported, so the check covers the path as written and the path as resolved.
   */
  real?: boolean;
}

/** What the traced command did, in order. */
export interface Trace {
  /** Whether the traced shell was seen starting; everything before it is the harness. */
  started: boolean;
  execs: ExecEvent[];
  files: FileEvent[];
}

export interface InterpretOptions {
  /** The shell the harness executes last (`/bin/bash`): events before its execve are not the command's. */
  shellPath: string;
  /** The working directory the shell starts in. */
  cwd: string;
}

interface ProcessState {
  program: readonly string[];
  exec: number;
  shell: boolean;
  cwd: string;
}

const SHELLS = new Set(["bash", "sh", "dash", "rbash"]);

/** Follows processes through the calls and turns them into programs started and files touched. */
export function interpretTrace(calls: readonly RawSyscall[], options: InterpretOptions): Trace {
  const trace: Trace = { started: false, execs: [], files: [] };
  const states = new Map<number, ProcessState>();
  const root = calls[0]?.pid;
  let seq = 0;
  for (const call of calls) {
    const result = decodeResult(call.ret);
    if (!trace.started) {
      if (call.pid !== root || !isExec(call.name) || result.value !== 0) continue;
      const argv = decodeStringArray(call.args[1] ?? "")?.items ?? [];
      if (execPath(call, options.cwd) !== options.shellPath) continue;
      trace.started = true;
      states.set(call.pid, { program: argv, exec: -1, shell: true, cwd: options.cwd });
      continue;
    }
    const state = states.get(call.pid) ?? {
      program: ["?"],
      exec: -1,
      shell: false,
      cwd: options.cwd,
    };
    states.set(call.pid, state);
    seq++;
    const ok = result.value !== null && result.value >= 0;
    switch (call.name) {
      case "clone":
      case "clone3":
      case "fork":
      case "vfork": {
        if (ok && result.value !== null && result.value > 0) {
          states.set(result.value, { ...state });
        }
        break;
      }
      case "execve":
      case "execveat": {
        if (result.value !== 0) break;
        const argIndex = call.name === "execve" ? 1 : 2;
        const decoded = decodeStringArray(call.args[argIndex] ?? "");
        const argv = decoded?.items ?? [];
        const path = execPath(call, state.cwd);
        trace.execs.push({
          seq,
          pid: call.pid,
          path,
          argv,
          truncated: decoded?.truncated ?? true,
          caller: state.program,
          callerExec: state.exec,
        });
        state.program = argv;
        state.exec = trace.execs.length - 1;
        state.shell = SHELLS.has(posix.basename(path));
        break;
      }
      case "chdir": {
        if (ok) state.cwd = resolvePath(state.cwd, stringArg(call, 0));
        break;
      }
      case "fchdir": {
        const fd = decodeFd(call.args[0] ?? "");
        if (ok && fd.path) state.cwd = fd.path;
        break;
      }
      default:
        for (const touch of fileTouches(call, state)) {
          const event: FileEvent = {
            seq,
            pid: call.pid,
            program: state.program,
            exec: state.exec,
            shell: state.shell,
            syscall: call.name,
            ok,
            errno: result.errno,
            ...touch,
          };
          trace.files.push(event);
          const real = realOpenedPath(call.name, result, touch.path);
          if (real) trace.files.push({ ...event, path: real, real: true });
        }
    }
  }
  return trace;
}

function isExec(name: string): boolean {
  return name === "execve" || name === "execveat";
}

function execPath(call: RawSyscall, cwd: string): string {
  if (call.name === "execveat") {
    const dir = decodeFd(call.args[0] ?? "");
    const given = stringArg(call, 1);
    if (given === "") return dir.path ?? "";
    return resolvePath(dir.path ?? cwd, given);
  }
  return stringArg(call, 0);
}

function stringArg(call: RawSyscall, index: number): string {
  return decodeString(call.args[index] ?? "")?.value ?? "";
}

const OPENS = new Set(["open", "openat", "openat2", "creat"]);

/**
 * The file an open really reached, when a symlink made it differ from the lexical path: the
 * `-y` path of the returned descriptor. A pipe, socket or anonymous descriptor (`pipe:[12]`)
 * is no file path and is left out.
 */
function realOpenedPath(name: string, result: SyscallResult, lexical: string): string | null {
  if (!OPENS.has(name) || result.fdPath === null || !result.fdPath.startsWith("/")) return null;
  const real = resolvePath("/", result.fdPath);
  return real === lexical ? null : real;
}

/** Lexical resolution: `..` and `.` removed, no symlink followed (the analysis is lexical too). */
export function resolvePath(base: string, given: string): string {
  const joined = given.startsWith("/") ? given : `${base}/${given}`;
  const normal = posix.normalize(joined);
  return normal.length > 1 && normal.endsWith("/") ? normal.slice(0, -1) : normal;
}

type Touch = Pick<FileEvent, "given" | "path" | "access" | "directory" | "renamedTo" | "created">;

function fileTouches(call: RawSyscall, state: ProcessState): Touch[] {
  const at = (dirIndex: number, pathIndex: number) => {
    const dir = decodeFd(call.args[dirIndex] ?? "");
    if (dir.fd === "AT_FDCWD" && dir.path) state.cwd = dir.path;
    const given = stringArg(call, pathIndex);
    return { given, path: resolvePath(dir.path ?? state.cwd, given) };
  };
  const plain = (pathIndex: number) => {
    const given = stringArg(call, pathIndex);
    return { given, path: resolvePath(state.cwd, given) };
  };
  const write = { access: "write" as const, directory: false };
  switch (call.name) {
    case "open":
      return [{ ...plain(0), ...openMode(call.args[1] ?? "") }];
    case "openat":
      return [{ ...at(0, 1), ...openMode(call.args[2] ?? "") }];
    case "openat2":
      return [
        { ...at(0, 1), ...openMode(/flags=([A-Z_0-9|]+)/.exec(call.args[2] ?? "")?.[1] ?? "") },
      ];
    case "creat":
      return [{ ...plain(0), ...write, created: true }];
    case "truncate":
    case "mknod":
    case "unlink":
    case "utime":
    case "utimes":
    case "chmod":
    case "chown":
    case "lchown":
      return [{ ...plain(0), ...write }];
    case "mkdir":
    case "rmdir":
      return [{ ...plain(0), access: "write", directory: true }];
    case "mkdirat":
      return [{ ...at(0, 1), access: "write", directory: true }];
    case "mknodat":
    case "futimesat":
    case "fchmodat":
    case "fchownat":
      return [{ ...at(0, 1), ...write }];
    case "unlinkat":
      return [
        { ...at(0, 1), access: "write", directory: (call.args[2] ?? "").includes("AT_REMOVEDIR") },
      ];
    case "fchmod":
    case "fchown":
    case "fsetxattr":
    case "fremovexattr": {
      // Metadata changed through a descriptor: the file is the descriptor's.
      const fd = decodeFd(call.args[0] ?? "");
      return fd.path ? [{ given: "", path: fd.path, ...write }] : [];
    }
    case "setxattr":
    case "lsetxattr":
    case "removexattr":
    case "lremovexattr":
      return [{ ...plain(0), ...write }];
    case "utimensat": {
      // utimensat(fd, NULL, …) changes the descriptor's own file.
      if ((call.args[1] ?? "") === "NULL") {
        const fd = decodeFd(call.args[0] ?? "");
        return fd.path ? [{ given: "", path: fd.path, ...write }] : [];
      }
      return [{ ...at(0, 1), ...write }];
    }
    case "rename": {
      const from = plain(0);
      const to = plain(1);
      return [
        { ...from, ...write, renamedTo: to.path },
        { ...to, ...write },
      ];
    }
    case "renameat":
    case "renameat2": {
      const from = at(0, 1);
      const to = at(2, 3);
      return [
        { ...from, ...write, renamedTo: to.path },
        { ...to, ...write },
      ];
    }
    case "link":
      return [
        { ...plain(0), access: "read", directory: false },
        { ...plain(1), ...write },
      ];
    case "linkat":
      return [
        { ...at(0, 1), access: "read", directory: false },
        { ...at(2, 3), ...write },
      ];
    case "symlink":
      return [{ ...plain(1), ...write }];
    case "symlinkat":
      return [{ ...at(1, 2), ...write }];
    default:
      return [];
  }
}

/** The access an open's flags ask for; creating or truncating a file is a write whatever the mode. */
export function openMode(flagsText: string): {
  access: Access;
  directory: boolean;
  created?: boolean;
} {
  const flags = new Set(flagsText.split("|").map((flag) => flag.trim()));
  let access: Access = flags.has("O_RDWR")
    ? "read_write"
    : flags.has("O_WRONLY")
      ? "write"
      : "read";
  if (
    access === "read" &&
    (flags.has("O_CREAT") || flags.has("O_TRUNC") || flags.has("O_TMPFILE"))
  ) {
    access = "read_write";
  }
  return {
    access,
    directory: flags.has("O_DIRECTORY"),
    ...(flags.has("O_CREAT") ? { created: true } : {}),
  };
}
