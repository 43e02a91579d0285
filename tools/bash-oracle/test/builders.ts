import type { BashAnalysis, BashUnit } from "@pi-permission/bash";
import type { Access, ExecEvent, FileEvent } from "../src/strace.ts";

// Hand-made analyses and traces for the checker's tests. Each builder fills what the checker
// does not look at with neutral values; a test passes what it does look at (seq, pid, shell).

export const context = { cwd: "/repo", home: "/home/user" };

export function unit(argv: string[], extra: Partial<BashUnit> = {}): BashUnit {
  return {
    text: argv.join(" "),
    argv,
    context: null,
    wrappers: [],
    executed: argv,
    sentinel: null,
    ...extra,
  };
}

export function analysisOf(units: BashUnit[], paths: BashAnalysis["paths"] = []): BashAnalysis {
  return { status: "ok", units, paths };
}

export function execEvent(
  argv: string[],
  extra: Partial<ExecEvent & { stub: boolean }> = {},
): ExecEvent & { stub: boolean } {
  return {
    seq: 0,
    pid: 11,
    path: `/usr/bin/${argv[0]}`,
    argv,
    truncated: false,
    caller: ["/bin/bash", "-c", "…"],
    callerExec: -1,
    stub: false,
    ...extra,
  };
}

export function fileEvent(
  path: string,
  access: Access,
  program: string[],
  extra: Partial<FileEvent> = {},
): FileEvent {
  return {
    seq: 1,
    pid: 11,
    program,
    exec: 0,
    shell: false,
    syscall: "openat",
    given: path,
    path,
    access,
    ok: true,
    errno: null,
    directory: false,
    ...extra,
  };
}
