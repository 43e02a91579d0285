import { describe, expect, it } from "vitest";
import { SENTINELS } from "../src/index.ts";
import { analyze } from "./helpers.ts";

/** The globs the analysis reports. */
async function globPaths(command: string): Promise<string[]> {
  return (await analyze(command)).paths.flatMap((p) => (p.glob == null ? [] : [p.glob]));
}

/** Every sentinel of the analysis, on units and on paths. */
async function sentinels(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return [
    ...analysis.units.flatMap((u) => (u.sentinel === null ? [] : [u.sentinel])),
    ...analysis.paths.flatMap((p) => (p.sentinel === undefined ? [] : [p.sentinel])),
  ];
}

describe("a glob that starts with a plain character is a file operand, never an option", () => {
  it.each([
    ["jq . src/*.json", "/repo/src/*.json"],
    ["jq -r .name src/*/package.json", "/repo/src/*/package.json"],
    ["jq --arg v 1 '.x' src/*.json", "/repo/src/*.json"],
    ['for f in src/*.json; do jq .name "$f"; done', "/repo/src/*.json"],
    ["tar czf out.tgz src/*.ts", "/repo/src/*.ts"],
    ["zip out.zip src/*.ts", "/repo/src/*.ts"],
    ["rsync -a src/*.ts build/", "/repo/src/*.ts"],
    ["gcc -o app src/*.c", "/repo/src/*.c"],
    ["go run src/*.go", "/repo/src/*.go"],
    ["less src/*.log", "/repo/src/*.log"],
  ])("%s: proven, the glob is read", async (command, glob) => {
    expect(await sentinels(command)).toEqual([]);
    expect(await globPaths(command)).toContain(glob);
  });

  it.each([
    // The program's place: a file named `x; include "…"` would be the jq program.
    "jq src/*.jq f.json",
    // An option's value: its names shift where the program stands.
    "jq --arg x src/*.json . f.json",
    "jq . $F",
    // A glob that may expand to an option: a leading pattern character, a dash, a brace.
    "tar -cf a.tgz [-]*",
    "tar -cf a.tgz {-I,x}",
    "zip a.zip -*",
    "rsync -a ?x dst/",
    "gcc *.c",
    // tar's first word may be old-style letters (`c*` could be `cI`); `go g*` may be `go generate`.
    "tar c* a.tgz f",
    "go g* ./...",
  ])("%s stays unproven", async (command) => {
    const found = await sentinels(command);
    expect(found.some((s) => s === SENTINELS.opaqueWrapper || s === SENTINELS.computedPath)).toBe(
      true,
    );
  });
});

describe("without globstar a written ** is one folder level, never a dot folder", () => {
  it.each([
    ["ls -la src/**/*.ts", ["/repo/src/*/*.ts"]],
    ["grep -n TODO src/**/*.ts", ["/repo/src/*/*.ts"]],
    ["grep -rn x src/**", ["/repo/src/*", "/repo/src/*/**"]],
    ["cat ~/**/config", ["/home/user/*/config"]],
  ])("%s", async (command, globs) => {
    expect(await globPaths(command)).toEqual(globs);
  });

  it.each([
    "shopt -s globstar; ls src/**/*.ts",
    "shopt -s glob''star; ls src/**/*.ts",
    "o=globstar; shopt -s $o; ls src/**/*.ts",
    "BASHOPTS=globstar bash -c 'ls src/**/*.ts'",
    "bash -O globstar -c 'ls src/**/*.ts'",
    "shopt -s $'glob\\x73tar'; eval 'ls src/**/*.ts'",
    "source ./env.sh; ls src/**/*.ts",
  ])("%s: globstar may be on, ** spans any folders", async (command) => {
    const analysis = await analyze(command);
    const spans = analysis.paths.some(
      (p) => p.glob === "/repo/src/**/*.ts" || p.sentinel === SENTINELS.computedPath,
    );
    expect(spans).toBe(true);
    expect(await globPaths(command)).not.toContain("/repo/src/*/*.ts");
  });

  it("with dotglob as well, the dot spellings are reported beside it", async () => {
    const globs = await globPaths("shopt -s dotglob; ls src/**/*.ts");
    expect(globs).toEqual(expect.arrayContaining(["/repo/src/*/*.ts", "/repo/src/.*/*.ts"]));
  });
});
