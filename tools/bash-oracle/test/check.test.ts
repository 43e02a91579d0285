import type { BashAnalysis, BashUnit, TouchedPath } from "@pi-permission/bash";
import { describe, expect, it } from "vitest";
import { checkSoundness } from "../src/check.ts";
import type { Observation } from "../src/sandbox.ts";
import type { Access, ExecEvent, FileEvent } from "../src/strace.ts";
import { analysisOf, context, execEvent, fileEvent, unit } from "./builders.ts";

function analysis(units: BashUnit[], paths: TouchedPath[] = []): BashAnalysis {
  return analysisOf(units, paths);
}

function path(
  p: string | null,
  access: Access,
  unitIndex = 0,
  extra: Partial<TouchedPath> = {},
): TouchedPath {
  return { raw: p ?? "$X", path: p, access, unit: unitIndex, via: "operand", ...extra };
}

let seq = 0;
function exec(
  argv: string[],
  extra: Partial<ExecEvent & { stub: boolean }> = {},
): ExecEvent & { stub: boolean } {
  seq++;
  return execEvent(argv, { seq: seq - 1, pid: 10 + seq, ...extra });
}

function file(
  p: string,
  access: Access,
  program: string[],
  execIndex: number,
  extra: Partial<FileEvent> = {},
): FileEvent {
  return fileEvent(p, access, program, {
    seq: seq++,
    pid: 100,
    exec: execIndex,
    shell: program[0] === "/bin/bash",
    ...extra,
  });
}

function observed(
  execs: Observation["execs"],
  files: FileEvent[] = [],
): Pick<Observation, "execs" | "files"> {
  return { execs, files };
}

const SHELL = ["/bin/bash", "-c", "…"];

describe("checkSoundness", () => {
  it("passes a sound analysis of cat .env; echo hi > out", () => {
    const outcome = checkSoundness(
      analysis(
        [unit(["cat", ".env"]), unit(["echo", "hi"])],
        [path("/repo/.env", "read"), path("/repo/out", "write", 1, { via: "redirect" })],
      ),
      observed(
        [exec(["cat", ".env"])],
        [file("/repo/.env", "read", ["cat", ".env"], 0), file("/repo/out", "write", SHELL, -1)],
      ),
      context,
    );
    expect(outcome.verdict).toBe("sound");
  });

  it("flags a program that no unit runs (rm hidden from a deliberately unsound analysis)", () => {
    const outcome = checkSoundness(
      analysis([unit(["git", "status"])]),
      observed([exec(["git", "status"]), exec(["rm", "-rf", "build"], { stub: true })]),
      context,
    );
    expect(outcome.verdict).toBe("unsound");
    if (outcome.verdict !== "unsound") return;
    expect(outcome.failures).toHaveLength(1);
    expect(outcome.failures[0]).toMatchObject({
      kind: "exec",
      reason: "missing-program",
      exec: { argv: ["rm", "-rf", "build"] },
    });
  });

  it("flags words lost between redirections (git push hidden behind 2>/dev/null)", () => {
    const outcome = checkSoundness(
      analysis([unit(["git"])]),
      observed([exec(["git", "push", "origin"])]),
      context,
    );
    expect(outcome.verdict === "unsound" && outcome.failures[0]?.reason).toBe("different-words");
  });

  it("flags a computed word the analysis kept as written, separately from a changed literal", () => {
    const outcome = checkSoundness(
      analysis([unit(["git", "$(echo push)", "origin"])]),
      observed([exec(["git", "push", "origin"])]),
      context,
    );
    expect(outcome.verdict === "unsound" && outcome.failures[0]?.reason).toBe("computed-word");
  });

  it("accepts globs, braces, ~, ~+, $HOME and process substitutions as bash expands them", () => {
    const units = [
      unit(["cat", "src/*.ts", "{.env,README.md}"]),
      unit(["head", "~/.ssh/id_rsa", "~+/README.md", "$HOME/notes.txt"]),
      unit(["diff", "<(cat .env)", "README.md"]),
      unit(["/bin/rm", "-rf", "build"]),
    ];
    const outcome = checkSoundness(
      analysis(units),
      observed([
        exec(["cat", "src/a.ts", "src/b.ts", ".env", "README.md"]),
        exec(["head", "/home/user/.ssh/id_rsa", "/repo/README.md", "/home/user/notes.txt"]),
        exec(["diff", "/dev/fd/63", "README.md"]),
        exec(["rm", "-rf", "build"], { path: "/bin/rm", stub: true }),
      ]),
      context,
    );
    expect(outcome.verdict).toBe("sound");
  });

  it("matches a wrapped program against the unit's words past each wrapper layer", () => {
    const wrapped = unit(["timeout", "5", "env", "X=1", "cat", ".env"], {
      wrappers: [
        { name: "timeout", kind: "transparent", argv: ["timeout", "5"] },
        { name: "env", kind: "transparent", argv: ["env", "X=1"] },
      ],
      executed: ["cat", ".env"],
    });
    const outcome = checkSoundness(
      analysis([wrapped], [path("/repo/.env", "read")]),
      observed(
        [
          exec(["timeout", "5", "env", "X=1", "cat", ".env"]),
          exec(["env", "X=1", "cat", ".env"]),
          exec(["cat", ".env"]),
        ],
        [file("/repo/.env", "read", ["cat", ".env"], 2)],
      ),
      context,
    );
    expect(outcome.verdict).toBe("sound");
  });

  it("flags a file no path covers, and a write the analysis reports only as a read", () => {
    const outcome = checkSoundness(
      analysis(
        [unit(["cat", "README.md"]), unit(["tee", "out"])],
        [path("/repo/README.md", "read"), path("/repo/out", "read", 1)],
      ),
      observed(
        [exec(["cat", "README.md", ".env"]), exec(["tee", "out"])],
        [file("/repo/.env", "read", ["cat"], 0), file("/repo/out", "write", ["tee", "out"], 1)],
      ),
      context,
    );
    expect(outcome.verdict).toBe("unsound");
    if (outcome.verdict !== "unsound") return;
    expect(outcome.failures.map((failure) => failure.reason)).toEqual([
      "different-words",
      "missing-path",
      "wrong-access",
    ]);
  });

  it("lets a glob, an unknown path, or a recursive directory operand of the same unit cover a file", () => {
    const byGlob = checkSoundness(
      analysis([unit(["cat", ".en?"])], [path(null, "read", 0, { glob: "/repo/.en?" })]),
      observed([exec(["cat", ".env"])], [file("/repo/.env", "read", ["cat", ".env"], 0)]),
      context,
    );
    expect(byGlob.verdict).toBe("sound");
    const byUnknown = checkSoundness(
      analysis([unit(["cat", "$X"])], [path(null, "read")]),
      observed([exec(["cat", "$X"])], [file("/repo/.env", "read", ["cat", "$X"], 0)]),
      context,
    );
    expect(byUnknown.verdict).toBe("sound");
    const grep = unit(["grep", "-r", "x", "src"]);
    const byDirectory = checkSoundness(
      analysis(
        [grep],
        [path("/repo/src", "read"), path(null, "read", 0, { raw: "src", glob: "/repo/src/**" })],
      ),
      observed([exec(["grep", "-r", "x", "src"])], [file("/repo/src/a.ts", "read", ["grep"], 0)]),
      context,
    );
    expect(byDirectory.verdict).toBe("sound");
    // The bare folder alone is what `ls src` opens: it says nothing of the files below it.
    const byBareFolder = checkSoundness(
      analysis([grep], [path("/repo/src", "read")]),
      observed([exec(["grep", "-r", "x", "src"])], [file("/repo/src/a.ts", "read", ["grep"], 0)]),
      context,
    );
    expect(byBareFolder.verdict).toBe("unsound");
    const otherUnit = checkSoundness(
      analysis([unit(["ls", "src"]), unit(["cat", "src/a.ts"])], [path("/repo/src", "read", 0)]),
      observed(
        [exec(["ls", "src"]), exec(["cat", "src/a.ts"])],
        [file("/repo/src/a.ts", "read", ["cat"], 1)],
      ),
      context,
    );
    expect(otherUnit.verdict).toBe("unsound");
  });

  it("does not judge an analysis that already floors the command to ask", () => {
    const floored = checkSoundness(
      analysis([unit(["eval", "$X"], { sentinel: "<opaque-bash-wrapper>", executed: null })]),
      observed([exec(["rm", "-rf", "/"])]),
      context,
    );
    expect(floored).toEqual({ verdict: "sentinel", reason: "<opaque-bash-wrapper>" });
    const partial = checkSoundness(
      { status: "partial", units: [], paths: [] },
      observed([exec(["rm"])]),
      context,
    );
    expect(partial).toEqual({ verdict: "sentinel", reason: "status:partial" });
  });

  it("treats sed -i's temporary file as the file it is renamed over", () => {
    const sed = ["sed", "-i", "s/a/b/", "a.ts"];
    const temp = "/repo/sedAbC123";
    const outcome = checkSoundness(
      analysis([unit(sed)], [path("/repo/a.ts", "read_write")]),
      observed(
        [exec(sed)],
        [
          file("/repo/a.ts", "read", sed, 0),
          file(temp, "read_write", sed, 0, { created: true }),
          file(temp, "write", sed, 0, { syscall: "rename", renamedTo: "/repo/a.ts" }),
          file("/repo/a.ts", "write", sed, 0, { syscall: "rename" }),
        ],
      ),
      context,
    );
    expect(outcome.verdict).toBe("sound");
  });

  it("notes, without judging, the cwd listing of ls, bash's glob listing and unmodelled programs", () => {
    const outcome = checkSoundness(
      analysis([unit(["ls"]), unit(["npm", "test"])]),
      observed(
        [exec(["ls"]), exec(["npm", "test"])],
        [
          file("/repo", "read", ["ls"], 0, { given: ".", directory: true }),
          file("/repo/src", "read", SHELL, -1, { directory: true }),
          file("/home/user/.npmrc", "read", ["npm", "test"], 1),
        ],
      ),
      context,
    );
    expect(outcome.verdict).toBe("sound");
    if (outcome.verdict !== "sound") return;
    expect(outcome.notes.map((note) => note.kind)).toEqual([
      "working-directory-listing",
      "shell-glob-listing",
      "unmodelled-program",
    ]);
  });
});

describe("checkSoundness and git's own helpers", () => {
  it("does not ask the analysis for what git starts for itself, but does for an alias's command", () => {
    const push = exec(["git", "push", "origin", "main"], { pid: 500 });
    const shell = exec(["/bin/sh", "-c", "git-receive-pack 'origin'"], {
      path: "/bin/sh",
      pid: 501,
      caller: push.argv,
      callerExec: 0,
    });
    const receive = exec(["git-receive-pack", "origin"], {
      path: "/usr/bin/git-receive-pack",
      pid: 501,
      caller: shell.argv,
      callerExec: 1,
    });
    const alias = exec(["/bin/sh", "-c", "rm -rf build"], {
      path: "/bin/sh",
      pid: 502,
      caller: push.argv,
      callerExec: 0,
    });
    const outcome = checkSoundness(
      analysis([unit(["git", "push", "origin", "main"])]),
      observed([push, shell, receive, alias]),
      context,
    );
    expect(outcome.verdict).toBe("unsound");
    if (outcome.verdict !== "unsound") return;
    expect(outcome.failures.map((failure) => failure.exec?.argv)).toEqual([
      ["/bin/sh", "-c", "rm -rf build"],
    ]);
    expect(outcome.notes.filter((note) => note.kind === "git-helper")).toHaveLength(2);
  });

  it("classifies a mismatch by the unit whose computed words could explain it", () => {
    const outcome = checkSoundness(
      analysis([unit(["ls", "/tmp/x"]), unit(["ls", "x $(wc -c .env) y"])]),
      observed([exec(["ls", "x 23 .env y"])]),
      context,
    );
    expect(outcome.verdict === "unsound" && outcome.failures[0]).toMatchObject({
      reason: "computed-word",
      closest: ["ls", "x $(wc -c .env) y"],
    });
  });
});

describe("checkSoundness on paths bash reaches on the way", () => {
  it("covers the directories mkdir -p creates or opens on the way to the reported path", () => {
    const mkdir = ["mkdir", "-p", "build/x/y"];
    const outcome = checkSoundness(
      analysis([unit(mkdir)], [path("/repo/build/x/y", "write")]),
      observed(
        [exec(mkdir)],
        [
          file("/repo/build", "read", mkdir, 0, { directory: true }),
          file("/repo/build/x", "write", mkdir, 0, { syscall: "mkdirat", directory: true }),
          file("/repo/build/x/y", "write", mkdir, 0, { syscall: "mkdirat", directory: true }),
        ],
      ),
      context,
    );
    expect(outcome.verdict).toBe("sound");
  });

  it("covers the directories mkdir -p makes on the way to a glob path (a cd it could not follow)", () => {
    const mkdir = ["mkdir", "-p", "build/x"];
    const outcome = checkSoundness(
      analysis([unit(mkdir)], [path(null, "write", 0, { glob: "**/build/x" })]),
      observed(
        [exec(mkdir)],
        [
          file("/repo/src/build", "write", mkdir, 0, { syscall: "mkdir", directory: true }),
          file("/repo/src/build", "read", mkdir, 0, { directory: true }),
          file("/repo/src/build/x", "write", mkdir, 0, { syscall: "mkdir", directory: true }),
        ],
      ),
      context,
    );
    expect(outcome.verdict).toBe("sound");
    // A file the glob cannot lead to is still missing.
    const elsewhere = checkSoundness(
      analysis([unit(mkdir)], [path(null, "write", 0, { glob: "**/build/x" })]),
      observed(
        [exec(mkdir)],
        [file("/repo/src/other", "write", mkdir, 0, { syscall: "mkdir", directory: true })],
      ),
      context,
    );
    expect(elsewhere.verdict).toBe("unsound");
  });

  it("covers an unmatched glob passed literally, but not a file read on the way", () => {
    const outcome = checkSoundness(
      analysis([unit(["cat", ".[e]nv"])], [path(null, "read", 0, { glob: "/home/user/.[e]nv" })]),
      observed(
        [exec(["cat", ".[e]nv"])],
        [file("/home/user/.[e]nv", "read", ["cat"], 0, { ok: false, errno: "ENOENT" })],
      ),
      context,
    );
    expect(outcome.verdict).toBe("sound");
    const notADirectory = checkSoundness(
      analysis([unit(["cat", "build/x"])], [path("/repo/build/x", "read")]),
      observed([exec(["cat", "build/x"])], [file("/repo/build", "read", ["cat"], 0)]),
      context,
    );
    expect(notADirectory.verdict).toBe("unsound");
  });

  it("classifies ~- and an unset HOME as computed words", () => {
    for (const [word, real] of [
      ["~-/x", "/repo/x"],
      // biome-ignore lint/suspicious/noTemplateCurlyInString: bash parameter expansion, not a template
      ["${HOME}/notes.txt", "/notes.txt"],
    ]) {
      const outcome = checkSoundness(
        analysis([unit(["cat", word as string])]),
        observed([exec(["cat", real as string])]),
        context,
      );
      expect(outcome.verdict === "unsound" && outcome.failures[0]?.reason).toBe("computed-word");
    }
  });
});

describe("checkSoundness on renames", () => {
  it("judges mv's source on its own: only a file the process created is a temporary", () => {
    const mv = ["mv", ".env", "x"];
    const outcome = checkSoundness(
      analysis([unit(mv)], [path("/repo/x", "write")]),
      observed(
        [exec(mv)],
        [
          file("/repo/.env", "write", mv, 0, { syscall: "renameat2", renamedTo: "/repo/x" }),
          file("/repo/x", "write", mv, 0, { syscall: "renameat2" }),
        ],
      ),
      context,
    );
    expect(
      outcome.verdict === "unsound" && outcome.failures.map((failure) => failure.file?.path),
    ).toEqual(["/repo/.env"]);
  });
});
