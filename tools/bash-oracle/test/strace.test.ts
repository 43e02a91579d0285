import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { noiseReason } from "../src/noise.ts";
import {
  decodeEscapes,
  decodeResult,
  decodeStringArray,
  interpretTrace,
  parseStraceText,
} from "../src/strace.ts";

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "fixtures", name), "utf8");
const options = { shellPath: "/bin/bash", cwd: "/repo" };
const context = { cwd: "/repo", home: "/home/user" };

function commandFiles(text: string) {
  const trace = interpretTrace(parseStraceText(text), options);
  return {
    trace,
    files: trace.files
      .filter((file) => noiseReason(file, context) === null)
      .map((file) => `${file.access} ${file.path}${file.ok ? "" : ` ${file.errno}`}`),
  };
}

describe("parseStraceText", () => {
  it("joins an unfinished call with its resumption and keeps the place where it started", () => {
    const calls = parseStraceText(
      [
        '6     openat(AT_FDCWD</repo>, ".env", O_RDONLY <unfinished ...>',
        '7     openat(AT_FDCWD</repo>, "out.txt", O_WRONLY|O_CREAT|O_TRUNC, 0666 <unfinished ...>',
        "6     <... openat resumed>)             = 3</repo/.env>",
        "7     <... openat resumed>)             = 3</repo/out.txt>",
      ].join("\n"),
    );
    expect(calls).toEqual([
      {
        pid: 6,
        name: "openat",
        args: ["AT_FDCWD</repo>", '".env"', "O_RDONLY"],
        ret: "3</repo/.env>",
      },
      {
        pid: 7,
        name: "openat",
        args: ["AT_FDCWD</repo>", '"out.txt"', "O_WRONLY|O_CREAT|O_TRUNC", "0666"],
        ret: "3</repo/out.txt>",
      },
    ]);
  });

  it("skips signal and exit lines, and keeps a call that never returned", () => {
    const calls = parseStraceText(
      [
        "5     --- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_EXITED} ---",
        '9     execve("/usr/bin/sleep", ["sleep", "9"], 0x1 /* 3 vars */ <unfinished ...>',
        "9     +++ killed by SIGKILL +++",
      ].join("\n"),
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ pid: 9, name: "execve", ret: "" });
  });

  it("does not split an argument at a comma inside a string, an array or a -y path", () => {
    const [call] = parseStraceText(
      '5     execve("/usr/bin/echo", ["echo", "a, b", "(c)"], 0x7ffd /* 7 vars */) = 0',
    );
    expect(call?.args).toHaveLength(3);
    expect(decodeStringArray(call?.args[1] ?? "")?.items).toEqual(["echo", "a, b", "(c)"]);
    const [open] = parseStraceText('5     openat(3</repo/a, b>, "x", O_RDONLY) = 4</repo/a, b/x>');
    expect(open?.args[0]).toBe("3</repo/a, b>");
    expect(decodeResult(open?.ret ?? "").fdPath).toBe("/repo/a, b/x");
  });
});

describe("decoding", () => {
  it("decodes strace's C escapes back to UTF-8 text", () => {
    expect(decodeEscapes('a b\\74c\\76\\"\\303\\251\\tx')).toBe('a b<c>"é\tx');
    expect(decodeEscapes("q\\1")).toBe("q\u0001");
    expect(decodeEscapes("\\x41\\\\n")).toBe("A\\n");
  });

  it("reads a failed call's errno and a descriptor's path", () => {
    expect(decodeResult("-1 ENOENT (No such file or directory)")).toEqual({
      value: -1,
      fdPath: null,
      errno: "ENOENT",
    });
    expect(decodeResult("3</tmp/x (deleted)>")).toEqual({
      value: 3,
      fdPath: "/tmp/x",
      errno: null,
    });
    expect(decodeResult("?").value).toBeNull();
  });
});

describe("interpretTrace through a symlink", () => {
  it("reports the file the kernel opened as well as the path as written", () => {
    // ln -s . l; cat l/../home/user/notes.txt: lexically /repo/home/user/notes.txt, really
    // /home/user/notes.txt, which only the descriptor's -y path shows.
    const { trace, files } = commandFiles(
      [
        '5     execve("/bin/bash", ["/bin/bash", "-c", "cat l/../home/user/notes.txt"], 0x1 /* 7 vars */) = 0',
        '6     execve("/usr/bin/cat", ["cat", "l/../home/user/notes.txt"], 0x2 /* 7 vars */) = 0',
        '6     openat(AT_FDCWD</repo>, "l/../home/user/notes.txt", O_RDONLY) = 3</home/user/notes.txt>',
        '6     openat(AT_FDCWD</repo>, "README.md", O_RDONLY) = 3</repo/README.md>',
        '6     openat(AT_FDCWD</repo>, "/dev/stdin", O_RDONLY) = 3<pipe:[77]>',
      ].join("\n"),
    );
    expect(files).toEqual([
      "read /repo/home/user/notes.txt",
      "read /home/user/notes.txt",
      "read /repo/README.md",
    ]);
    expect(trace.files.filter((file) => file.real).map((file) => file.given)).toEqual([
      "l/../home/user/notes.txt",
    ]);
  });
});

describe("interpretTrace on recorded traces", () => {
  it("starts at the traced shell: the harness's prlimit and setpriv are not the command's", () => {
    const { trace, files } = commandFiles(fixture("pipeline-redirect.strace"));
    expect(trace.started).toBe(true);
    expect(trace.execs.map((exec) => exec.argv)).toEqual([
      ["cat", ".env"],
      ["grep", "API"],
      ["ls", "src"],
    ]);
    expect(files).toEqual(["read /repo/.env", "write /repo/out.txt", "read /repo/src"]);
  });

  it("attributes a redirect opened in a fork before its exec to the shell", () => {
    const { trace } = commandFiles(fixture("pipeline-redirect.strace"));
    const out = trace.files.find((file) => file.path === "/repo/out.txt");
    expect(out).toMatchObject({ shell: true, exec: -1, access: "write" });
    const env = trace.files.find((file) => file.path === "/repo/.env");
    expect(env).toMatchObject({ shell: false, program: ["cat", ".env"] });
  });

  it("follows a cd and sees sed -i write through a temporary file renamed over its target", () => {
    const { trace } = commandFiles(fixture("sed-in-place.strace"));
    expect(trace.execs.map((exec) => exec.argv)).toEqual([["sed", "-i", "s/1/2/", "a.ts"]]);
    const rename = trace.files.find((file) => file.renamedTo !== undefined);
    expect(rename?.renamedTo).toBe("/repo/src/a.ts");
    expect(rename?.path).toMatch(/^\/repo\/src\/sed[A-Za-z0-9]{6}$/);
    const temp = trace.files.find(
      (file) => file.path === rename?.path && file.syscall === "openat",
    );
    expect(temp).toMatchObject({ created: true, access: "read_write" });
    expect(
      trace.files.find((file) => file.path === "/repo/src/a.ts" && file.access === "read"),
    ).toBeDefined();
  });

  it("lists every program of a wrapper chain with the program that ran it", () => {
    const { trace, files } = commandFiles(fixture("wrappers.strace"));
    expect(trace.execs.map((exec) => [exec.argv.join(" "), exec.caller?.[0]])).toEqual([
      ["timeout 5 env X=1 head -n 1 README.md", "/bin/bash"],
      ["env X=1 head -n 1 README.md", "timeout"],
      ["head -n 1 README.md", "env"],
      ["/bin/rm -rf build", "/bin/bash"],
    ]);
    expect(files).toEqual(["read /repo/README.md"]);
  });

  it("sets aside exactly the documented noise", () => {
    const { trace } = commandFiles(fixture("pipeline-redirect.strace"));
    const reasons = new Set(trace.files.map((file) => noiseReason(file, context)));
    expect(reasons).toEqual(new Set([null, "system-tree", "system-config", "kernel", "device"]));
  });
});
