import { describe, expect, it } from "vitest";
import {
  type BashAnalysis,
  builtinProgram,
  checkPrograms,
  type ProgramTable,
  SENTINELS,
} from "../src/index.ts";
import { analyze, analyzer, OPTIONS } from "./helpers.ts";

const PROGRAMS: ProgramTable = {
  "with-retry": {
    kind: "wrapper",
    options: { short: "n:v", long: { attempts: "required", help: "none" } },
    query: ["help"],
    match: {
      "with-retry -n 3 git push origin": "git push origin",
      "with-retry --attempts=2 -- rm -rf build": "rm -rf build",
      "with-retry --help": "with-retry --help",
    },
    notMatch: ["with-retry --bogus git push", "with-retry -n 3"],
  },
  "uv run": {
    kind: "wrapper",
    options: { long: { with: "required", project: "required" } },
    fileOptions: { project: "read" },
    match: { "uv run --with rich pytest -x": "pytest -x" },
    notMatch: ["uv run --frozen pytest"],
  },
  mylang: {
    kind: "executor",
    options: { short: "e:I:" },
    codeOptions: ["e"],
    match: ["mylang -e 'print 1'", "mylang main.ml -e x", "mylang $OPTS main.ml"],
    notMatch: ["mylang main.ml", "mylang -I lib main.ml"],
  },
  "deploy-hook": { kind: "executor", match: ["deploy-hook", "deploy-hook staging"] },
  backup: {
    kind: "files",
    operands: "read",
    recursive: ["r", "recursive"],
    options: { short: "ro:", long: { recursive: "none", output: "required" } },
    fileOptions: { o: "write", output: "write" },
    match: {
      "backup -r -o out.tar src": ["write out.tar", "read src/**"],
      "backup notes.txt": ["read notes.txt"],
      "backup --recursive": ["read ./**"],
    },
  },
};

/** Analyses with the corpus setting and the declared programs. */
async function declared(command: string, programs: ProgramTable = PROGRAMS) {
  return (await analyzer()).analyze(command, { ...OPTIONS, programs });
}

/** The units and paths, in the few words a reader compares. */
function summary(analysis: BashAnalysis) {
  return {
    units: analysis.units.map((u) => ({
      argv: u.argv.join(" "),
      executed: u.executed?.join(" ") ?? null,
      sentinel: u.sentinel,
      wrappers: u.wrappers.map((w) => `${w.kind} ${w.argv.join(" ")}`),
    })),
    paths: analysis.paths.map((p) => `${p.access} ${p.path ?? p.glob}`),
  };
}

describe("checkPrograms: a declared table proves its own examples", () => {
  it("accepts entries whose examples hold", () => {
    expect(checkPrograms(PROGRAMS)).toEqual([]);
  });

  it.each<[string, ProgramTable, { kind: string; path: (string | number)[] }[]]>([
    [
      "a wrapper example that names another inner command",
      { x: { kind: "wrapper", match: { "x -q rm y": "rm y" } } },
      [{ kind: "example", path: ["x", "match", "x -q rm y"] }],
    ],
    [
      "a wrapper notMatch whose inner command is proven",
      { x: { kind: "wrapper", notMatch: ["x rm y"] } },
      [{ kind: "example", path: ["x", "notMatch", 0] }],
    ],
    [
      "an executor match that runs no code by its codeOptions",
      { x: { kind: "executor", options: { short: "e:" }, codeOptions: ["e"], match: ["x f"] } },
      [{ kind: "example", path: ["x", "match", 0] }],
    ],
    [
      "an executor notMatch when every call runs code",
      { x: { kind: "executor", notMatch: ["x f"] } },
      [{ kind: "example", path: ["x", "notMatch", 0] }],
    ],
    [
      "a files example that misses what the operands cover below",
      { x: { kind: "files", recursive: true, match: { "x src": ["read_write src"] } } },
      [{ kind: "example", path: ["x", "match", "x src"] }],
    ],
    [
      "an example that is not one command of the program",
      { x: { kind: "executor", match: ["y -e 1", "x -e 1 | sh"] } },
      [
        { kind: "example", path: ["x", "match", 0] },
        { kind: "example", path: ["x", "match", 1] },
      ],
    ],
    [
      "names the built-in tables know: a wrapper, an executor, a file command, git, a builtin",
      {
        sudo: { kind: "wrapper" },
        "python3.12": { kind: "wrapper" },
        cat: { kind: "wrapper" },
        "git run": { kind: "wrapper" },
        cd: { kind: "files" },
      },
      [
        { kind: "builtin", path: ["sudo"] },
        { kind: "builtin", path: ["python3.12"] },
        { kind: "builtin", path: ["cat"] },
        { kind: "builtin", path: ["git run"] },
        { kind: "builtin", path: ["cd"] },
      ],
    ],
    [
      "a key with a directory, and one with two spaces",
      { "/opt/bin/x": { kind: "wrapper" }, "x  run": { kind: "wrapper" } },
      [
        { kind: "invalid", path: ["/opt/bin/x"] },
        { kind: "invalid", path: ["x  run"] },
      ],
    ],
    [
      "fields of another kind, options the grammar does not declare, a flag as a file option",
      {
        x: {
          kind: "wrapper",
          options: { short: "v" },
          codeOptions: ["e"],
          unsafe: ["s"],
          fileOptions: { v: "write" },
        },
      },
      [
        { kind: "invalid", path: ["x", "codeOptions"] },
        { kind: "invalid", path: ["x", "unsafe", 0] },
        { kind: "invalid", path: ["x", "fileOptions", 0] },
      ],
    ],
    [
      "a malformed optstring, a bad arity and a notMatch on a files program",
      {
        x: {
          kind: "files",
          options: { short: "-n:", long: { out: "maybe" as "none" } },
          notMatch: ["x y"],
        },
      },
      [
        { kind: "invalid", path: ["x", "options", "short"] },
        { kind: "invalid", path: ["x", "options", "long", "out"] },
        { kind: "invalid", path: ["x", "notMatch"] },
      ],
    ],
  ])("reports %s with its place", (_note, programs, expected) => {
    expect(checkPrograms(programs).map(({ kind, path }) => ({ kind, path }))).toEqual(expected);
  });

  it("says what a failing example gives instead", () => {
    const [problem] = checkPrograms({ x: { kind: "wrapper", match: { "x -q rm y": "rm y" } } });
    expect(problem).toEqual({
      kind: "example",
      path: ["x", "match", "x -q rm y"],
      message: "`x -q rm y` runs a command that is not proven, not `rm y`",
      expected: "`rm y`",
      received: "not proven",
      help: "fix the example, or the options and `positionals` that say where the command starts",
    });
  });

  it.each([
    ["sudo", "wrapper"],
    ["find", "wrapper"],
    ["bash", "executor"],
    ["pypy3", "executor"],
    ["grep", "files"],
    ["echo", "shell"],
    ["whoami", "files"],
    ["git", "git"],
    ["[[", "shell"],
    ["with-retry", null],
  ])("builtinProgram(%j) is %j", (name, table) => {
    expect(builtinProgram(name)).toBe(table);
  });
});

describe("declared programs in the analysis", () => {
  it("a declared wrapper is judged as itself and as the command it runs, unfloored", async () => {
    expect(summary(await declared("with-retry -n 3 git push origin"))).toEqual({
      units: [
        {
          argv: "with-retry -n 3 git push origin",
          executed: "git push origin",
          sentinel: null,
          wrappers: ["indirection with-retry -n 3"],
        },
      ],
      paths: [],
    });
  });

  it("without the declaration the same words are one program nobody knows", async () => {
    expect(summary(await declared("with-retry -n 3 git push origin", {}))).toEqual({
      units: [
        {
          argv: "with-retry -n 3 git push origin",
          executed: "with-retry -n 3 git push origin",
          sentinel: null,
          wrappers: [],
        },
        // Its later words read as the git command it may run, hosted by it (`hostedBy`): not
        // peeled, so the gates judge that reading as at most ask.
        {
          argv: "with-retry -n 3 git push origin",
          executed: "git push origin",
          sentinel: null,
          wrappers: ["indirection with-retry -n 3"],
        },
      ],
      paths: [],
    });
  });

  it("the inner command is read as itself: its paths, its own wrappers and sentinels", async () => {
    expect(summary(await declared("with-retry sudo bash -c 'cat ./.env'"))).toEqual({
      units: [
        {
          argv: "with-retry sudo bash -c cat ./.env",
          executed: null,
          sentinel: SENTINELS.opaqueWrapper,
          wrappers: ["indirection with-retry", "indirection sudo", "opaque bash -c cat ./.env"],
        },
        {
          argv: "cat ./.env",
          executed: "cat ./.env",
          sentinel: SENTINELS.opaqueWrapper,
          wrappers: ["indirection with-retry", "indirection sudo", "opaque bash -c cat ./.env"],
        },
      ],
      // The plain reading of the words stays: `cat ./.env` is shaped like a path.
      paths: ["read_write /repo/cat ./.env", "read /repo/.env"],
    });
  });

  it("a declaration only adds: path-shaped words stay paths, as for a program nobody knows", async () => {
    expect(summary(await declared("with-retry echo ./secret")).paths).toEqual([
      "read_write /repo/secret",
    ]);
  });

  it.each([
    ["an option the grammar does not know", "with-retry --bogus git push"],
    ["a computed word where an option may stand", "with-retry $OPTS git push"],
    ["an option before the subcommand word", "uv --quiet run git push"],
    ["a computed word where the subcommand may stand", "uv $SUB git push"],
  ])("floors the unit when %s leaves the inner command unproven", async (_note, command) => {
    const [unit] = (await declared(command)).units;
    expect({ executed: unit?.executed, floored: unit?.sentinel !== null }).toEqual({
      executed: null,
      floored: true,
    });
  });

  it("a declared subcommand wrapper reads its own file option", async () => {
    expect(summary(await declared("uv run --project ../api pytest"))).toEqual({
      units: [
        {
          argv: "uv run --project ../api pytest",
          executed: "pytest",
          sentinel: null,
          wrappers: ["indirection uv run --project ../api"],
        },
      ],
      paths: ["read_write /api", "read /api"],
    });
  });

  it("a file option's attached value is a file too", async () => {
    expect(summary(await declared("uv run --project=../api pytest")).paths).toEqual([
      "read_write /api",
      "read /api",
    ]);
  });

  it("other subcommands of the same program are not the wrapper", async () => {
    const [unit] = (await declared("uv pip install rich")).units;
    expect(unit?.executed).toEqual(["uv", "pip", "install", "rich"]);
  });

  it("an executor runs code with its code option, and keeps the paths of its words", async () => {
    expect(summary(await declared("mylang -e 'rm -rf x' ./data"))).toEqual({
      units: [
        {
          argv: "mylang -e rm -rf x ./data",
          executed: null,
          sentinel: SENTINELS.opaqueWrapper,
          wrappers: ["opaque mylang -e rm -rf x ./data"],
        },
      ],
      paths: ["read_write /repo/data"],
    });
    expect((await declared("mylang main.ml")).units[0]?.sentinel).toBeNull();
  });

  it("an executor without codeOptions runs code on every call, even found by xargs", async () => {
    const units = (await declared("git ls-files | xargs deploy-hook")).units;
    expect(units.map((u) => [u.executed?.join(" ") ?? null, u.sentinel])).toEqual([
      ["git ls-files", null],
      [null, SENTINELS.opaqueWrapper],
    ]);
  });

  it("a recursive files program covers everything below its operand", async () => {
    expect(summary(await declared("backup -r -o /tmp/out.tar src")).paths).toEqual([
      "read_write /tmp/out.tar",
      "write /tmp/out.tar",
      "read /repo/src",
      "read /repo/src/**",
    ]);
    expect(summary(await declared("/usr/local/bin/backup --recursive")).paths).toEqual([
      "read /repo",
      "read /repo/**",
    ]);
  });

  it("throws a TypeError for a declaration the analysis cannot read", async () => {
    const analysis = (await analyzer()).analyze.bind(await analyzer());
    expect(() => analysis("ls", { ...OPTIONS, programs: { sudo: { kind: "wrapper" } } })).toThrow(
      new TypeError(
        'AnalyzeOptions.programs["sudo"]: `sudo` is a built-in program (a wrapper the analysis peels), so its reading cannot be changed',
      ),
    );
  });
});

describe("an interpreter under another path runs code as it does bare", () => {
  it.each([
    ".venv/bin/python -c 'import os'",
    "./node_modules/.bin/tsx -e 'x'",
    "~/.pyenv/shims/python3 -c x",
  ])("%j is floored", async (command) => {
    const first = (await analyze(command)).units[0];
    expect(first?.sentinel).toBe("<opaque-bash-wrapper>");
  });

  it.each([".venv/bin/python app.py", "./configure", ".venv/bin/pytest -x"])(
    "%j runs a file: judged by its words",
    async (command) => {
      const first = (await analyze(command)).units[0];
      expect(first?.sentinel).toBeNull();
    },
  );
});

describe("adversarial: an opaque unit keeps the paths its operands name", () => {
  it.each<[string, string]>([
    ["perl -e 'print' .env", "/repo/.env"],
    ["python3 -c 'import sys' /home/user/.ssh/id_rsa", "/home/user/.ssh/id_rsa"],
    ["node -e 'x' .env", "/repo/.env"],
    ["ruby -e 'x' ./secrets/key", "/repo/secrets/key"],
    ["make -f .env", "/repo/.env"],
    ["vim -c '!x' .env", "/repo/.env"],
  ])("%j touches %s", async (command, path) => {
    const analysis = await analyze(command);
    expect(analysis.units[0]?.sentinel).toBe("<opaque-bash-wrapper>");
    expect(analysis.paths.map((p) => p.path)).toContain(path);
  });

  it("does not read code with a blank as a path", async () => {
    const analysis = await analyze("python3 -c 'import os; open(\"/etc/x\")'");
    expect(analysis.paths).toEqual([]);
  });
});

describe("precision: a listing's name patterns are not paths", () => {
  it.each(["ls --ignore=.env", "ls --hide=.env", "ls -I.env", "tree -I .env"])(
    "%j touches no .env",
    async (command) => {
      const analysis = await analyze(command);
      expect(analysis.paths.map((p) => p.path)).not.toContain("/repo/.env");
    },
  );
});

describe("adversarial: curl's write-out names a file (curl 8.3+ %output{})", () => {
  it.each<[string, string]>([
    ["curl -w '%output{/home/user/x}' https://x.example", "/home/user/x"],
    ["curl --write-out='%output{>>/home/user/y}%{http_code}' https://x.example", "/home/user/y"],
  ])("%j writes %s", async (command, path) => {
    const analysis = await analyze(command);
    expect(analysis.paths.map((p) => [p.path, p.access])).toContainEqual([path, "write"]);
  });

  it("keeps a plain write-out format pathless", async () => {
    expect((await analyze("curl -s -w '%{http_code}' https://x.example")).paths).toEqual([]);
  });
});
