// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { analyze } from "./helpers.ts";

const CONSUMERS = new Set([
  "git",
  "python3",
  "perl",
  "ruby",
  "node",
  "java",
  "tar",
  "man",
  "compgen",
]);

/**
 * The paths of the units that run the program reading the variable: a known path, or
 * `<computed>` for one nobody knows.
 */
async function lastPaths(command: string): Promise<string[]> {
  const analysis: BashAnalysis = await analyze(command);
  const consumers = new Set(
    analysis.units.flatMap((unit, index) => (CONSUMERS.has(unit.argv[0] ?? "") ? [index] : [])),
  );
  expect(consumers.size).toBeGreaterThan(0);
  return analysis.paths
    .filter((path) => consumers.has(path.unit))
    .map((path) => path.path ?? (path.glob === undefined ? "<computed>" : path.glob));
}

/**
 * M19's wrong allow (function-body-export-not-applied-to-later-programs): bash runs a `{ }`
 * function body in the current shell, so what it exports is in the environment of every
 * program after the call. The walk forgot every variable at a call, and the tables of
 * variables that name paths (git's GIT_DIR/GIT_WORK_TREE/GIT_INDEX_FILE/GIT_TRACE*, the load
 * paths, MANPATH, HOSTFILE, TAR_OPTIONS) look names up: a name missing read as unset. Traced
 * under bash 5.2: `f() { export GIT_WORK_TREE=/home/user; }; f; git add -A` reads
 * /home/user/.ssh/id_rsa; `f() { export GIT_TRACE=/repo/.env; }; f; git status` writes .env.
 */
describe("soundness: a called function's body sets what later programs see", () => {
  it.each([
    ["f() { export GIT_INDEX_FILE=.env; }; f; git status", "/repo/.env"],
    ["f() { export GIT_TRACE=/repo/.env; }; f; git status", "/repo/.env"],
    ["function f { export GIT_WORK_TREE=/home/user; }; f; git add -A", "/home/user"],
    ["f() { export GIT_WORK_TREE=/home/user; }\nf\ngit add -A", "/home/user"],
    ["f() { GIT_WORK_TREE=/home/user; }; f; export GIT_WORK_TREE; git add -A", "/home/user"],
    ["f() { export GIT_WORK_TREE=/home/user; }; ! f; git add -A", "/home/user"],
    ["f() { export GIT_WORK_TREE=/home/user; }; if f; then git add -A; fi", "/home/user"],
    ["f() { export GIT_WORK_TREE=/home/user; }; { f; }; git add -A", "/home/user"],
    ["f() { export GIT_WORK_TREE=/home/user; }; f && git add -A", "/home/user"],
    ["f() { export GIT_WORK_TREE=/home/user; }; f; f; git add -A", "/home/user"],
    ["f() { g() { export GIT_WORK_TREE=/home/user; }; g; }; f; git add -A", "/home/user"],
    ["f() { export GIT_DIR=/home/user/.git; }; f; git log -1", "/home/user/.git"],
    ["f() { export PYTHONPATH=/home/user; }; f; python3 app.py", "/home/user"],
    ["f() { export PERL5LIB=/home/user; }; f; perl x.pl", "/home/user"],
    ["f() { export RUBYLIB=/home/user; }; f; ruby x.rb", "/home/user"],
    ["f() { export NODE_PATH=/home/user; }; f; node x.js", "/home/user"],
    ["f() { export CLASSPATH=/home/user; }; f; java X", "/home/user"],
    ["f() { export TAR_OPTIONS=-f/home/user/x.tar; }; f; tar -c src", "/home/user/x.tar"],
    ["f() { export MANPATH=/home/user; }; f; man ls", "/home/user"],
    ["f() { HOSTFILE=/home/user/notes.txt; }; f; compgen -A hostname", "/home/user/notes.txt"],
  ])("%j reaches %s", async (command, path) => {
    expect(await lastPaths(command)).toContain(path);
  });

  // What the walk cannot pin to one value stays a computed path (asked).
  it.each([
    "f() { [ -d src ] && export GIT_INDEX_FILE=.env; }; f; git status",
    "f() { export GIT_INDEX_FILE=.env; }; true && f; git status",
    "f() { export GIT_INDEX_FILE=.env; }; f 2>/dev/null; git status",
    "f() { export GIT_INDEX_FILE=.env; return; }; f; git status",
    "f() { local x; export GIT_INDEX_FILE=.env; }; f; git status",
    "f() { declare -gx GIT_INDEX_FILE=.env; }; f; git status",
    "f() { printf -v GIT_INDEX_FILE .env; export GIT_INDEX_FILE; }; f; git status",
    "f() { export GIT_INDEX_FILE=$1; }; f .env; git status",
    "g() { f; }; f() { export GIT_INDEX_FILE=.env; }; g; git status",
    // A value given before a call the walk does not follow is no longer known.
    "export GIT_INDEX_FILE=.env; f() { :; }; f 2>/dev/null; git status",
    'export GIT_INDEX_FILE=.env; f() { eval "$c"; }; f; git status',
  ])("%j", async (command) => {
    expect(await lastPaths(command)).toContain("<computed>");
  });
});

describe("soundness: a body's end is not taken for what a call leaves when it may not be", () => {
  it.each([
    // The name is the call's own (local), or the walk went on past a return/break.
    "export GIT_INDEX_FILE=.env; f() { local GIT_INDEX_FILE=ok; }; f; git status",
    "f() { export GIT_INDEX_FILE=.env; return; GIT_INDEX_FILE=ok; }; f; git status",
    "export GIT_INDEX_FILE=.env; f() { break; export GIT_INDEX_FILE=ok; }; for i in 1; do f; done; git status",
    // A trap runs at the body's end.
    "export GIT_INDEX_FILE=.env; f() { trap 'GIT_INDEX_FILE=.env' RETURN; export GIT_INDEX_FILE=ok; }; f; git status",
    // Two definitions: which one runs is not known.
    "f() { export GIT_INDEX_FILE=ok; }; if [ -d src ]; then f() { export GIT_INDEX_FILE=.env; }; fi; f; git status",
    "export GIT_INDEX_FILE=.env; f() { export GIT_INDEX_FILE=ok; }; f() { :; }; f; git status",
    // A redirect that fails runs nothing of the body.
    "f() { export GIT_INDEX_FILE=ok; } 2>/nodir/x; export GIT_INDEX_FILE=.env; f; git status",
    "export GIT_INDEX_FILE=.env; f() { export GIT_INDEX_FILE=ok; }; f 2>/nodir/x; git status",
    // No function runs: removed, bypassed, not yet defined, or past FUNCNEST.
    "export GIT_INDEX_FILE=.env; f() { export GIT_INDEX_FILE=ok; }; unset -f f; f; git status",
    "f() { export GIT_INDEX_FILE=ok; }; export GIT_INDEX_FILE=.env; command f; git status",
    "export GIT_INDEX_FILE=.env; for i in 1 2; do f; git status; f() { export GIT_INDEX_FILE=ok; }; done",
    "export GIT_INDEX_FILE=.env; FUNCNEST=1; f() { g() { export GIT_INDEX_FILE=ok; }; g; }; f; git status",
    // A subshell body, a call in the background or a pipeline: the shell keeps its value.
    "export GIT_INDEX_FILE=.env; f() ( export GIT_INDEX_FILE=ok ); f; git status",
    "export GIT_INDEX_FILE=.env; f() { export GIT_INDEX_FILE=ok; }; f & git status",
    "export GIT_INDEX_FILE=.env; f() { export GIT_INDEX_FILE=ok; }; f | cat; git status",
    "export GIT_INDEX_FILE=.env; f() { export GIT_INDEX_FILE=ok; }; x=$(f); git status",
  ])("%j", async (command) => {
    const paths = await lastPaths(command);
    expect(paths.includes("/repo/.env") || paths.includes("<computed>")).toBe(true);
  });
});

describe("precision: a bare call of a function defined once leaves what its body set", () => {
  it.each([
    "export GIT_INDEX_FILE=.env; f() { export GIT_INDEX_FILE=ok; }; f; git status",
    "f() { echo hi; }; f; git status",
    "f() { x=1; }; f; git status",
  ])("%j", async (command) => {
    const paths = await lastPaths(command);
    expect(paths).not.toContain("/repo/.env");
    expect(paths).not.toContain("<computed>");
  });
});
