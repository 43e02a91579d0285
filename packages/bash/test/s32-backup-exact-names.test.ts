import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

// S32 F-prec backup-exact-names: a backup whose name the command spells asked where the
// policy's deny is exact (S31 backup-suffix-completes-name, for patch and rsync), and mktemp
// judged a `-p` folder a later `-p` overrides. Traced under bash 5.2 in the oracle:
// `echo > .e; patch -b -z nv .e < fix.diff` renamed /repo/.e to /repo/.env; `mktemp -p /tmp
// -p .` created /repo/tmp.* and touched nothing in /tmp. rsync's `--suffix nv` is its
// `--suffix=nv` (popt takes the next word).

/** The exact paths (not globs) the analysis names as written. */
async function written(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.paths
    .filter((path) => path.access !== "read" && path.path !== null)
    .map((path) => path.path as string);
}

/** Every path or glob the analysis names. */
async function named(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.paths.map((path) => path.path ?? path.glob ?? "?");
}

describe("s32: a backup name the command spells is judged exactly", () => {
  it.each([
    ["echo > .e; patch -b -z nv .e < fix.diff", "/repo/.env"],
    ["echo > .e; patch -b --suffix=nv .e fix.diff", "/repo/.env"],
    ["echo > .e; patch --backup --suffix nv -i fix.diff .e", "/repo/.env"],
    ["echo > .e; rsync -b --suffix nv README.md .e", "/repo/.env"],
  ])("%s writes %s", async (command, path) => {
    expect(await written(command)).toContain(path);
  });

  it.each([
    // A prefix or version-control option changes the name: only the glob FILE* is known.
    "echo > .e; patch -b -z nv -Y x .e < fix.diff",
    "echo > .e; patch -b -z nv -V numbered .e < fix.diff",
    // A suffix with a slash, or only known at run time.
    "echo > .e; patch -b -z /nv .e < fix.diff",
    'echo > .e; patch -b -z "$S" .e < fix.diff',
  ])("%s names no exact backup", async (command) => {
    expect(await written(command)).not.toContain("/repo/.env");
  });

  it("patch keeps every backup name of the file it is named as a glob", async () => {
    expect(await named("patch -b README.md < fix.diff")).toContain("/repo/README.md*");
  });
});

describe("s32: mktemp's last -p is its only folder", () => {
  it.each([
    ["mktemp -p /tmp -p .", "/tmp"],
    ["mktemp -p /tmp -p . x.XXXXXX", "/tmp"],
  ])("%s touches nothing in %s", async (command, folder) => {
    expect((await named(command)).some((name) => name.startsWith(folder))).toBe(false);
  });

  it.each([
    ["mktemp -p . -p /tmp", "/tmp"],
    ["mktemp -p . --tmpdir=/tmp", "/tmp"],
  ])("%s still writes in %s", async (command, folder) => {
    expect((await named(command)).some((name) => name.startsWith(folder))).toBe(true);
  });
});
