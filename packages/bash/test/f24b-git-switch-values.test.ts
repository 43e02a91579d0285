// F24b probes of git subcommands that write files (wrong allows under P3, traced under bash 5.2):
// a flag that takes a write away was read where git reads an option's value or a start point.
// `git format-patch -1 --no-stat --subject-prefix --stdout --signature=$'\ngit push origin main';
// bash 0001-x.patch` wrote 0001-x.patch (`--stdout` is the subject prefix) and bash ran the git
// push in its signature; `git checkout HEAD~1 -b x; bash s.sh` (and `git switch HEAD~1 -c x`)
// checked out a commit the string made, and bash ran the git push git wrote into s.sh.
import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function pathsOf(command: string): Promise<string[]> {
  return (await analyze(command)).paths.map(
    (use) => `${use.access} ${use.glob ?? use.path ?? use.sentinel}`,
  );
}

describe("format-patch writes its patches unless a --stdout in force says otherwise", () => {
  it.each([
    "git format-patch -1 --subject-prefix --stdout",
    "git format-patch -1 --signature --stdout",
    "git format-patch -1 --stdout --no-stdout",
    "git format-patch -1 -- --stdout",
  ])("%s writes 0001-*.patch in the working directory", async (command) => {
    expect(await pathsOf(command)).toContain("write /repo/0001");
  });

  it.each([
    "git format-patch -1 --stdout",
    "git format-patch -1 --std",
    "git format-patch --stdout -3",
  ])("%s writes no patch file", async (command) => {
    expect(await pathsOf(command)).not.toContain("write /repo/0001");
  });

  it("the written patch, run later, is text the string may have written", async () => {
    const analysis = await analyze(
      "echo >> README.md; git -c user.name='#x' -c user.email=y@z commit -qam x; git format-patch -1 --no-stat --subject-prefix --stdout --signature=$'\\ngit push origin main'; bash 0001-x.patch",
    );
    expect(analysis.units.at(-1)?.sentinel).not.toBeNull();
  });
});

describe("pack-objects writes BASE-<hash>.pack unless a --stdout in force says otherwise", () => {
  it("--keep-pack takes `--stdout` as a pack's name", async () => {
    expect(await pathsOf("git pack-objects --keep-pack --stdout b")).toContain(
      "write /repo/b-…pack",
    );
  });

  it("--stdout writes no pack file", async () => {
    expect(await pathsOf("git pack-objects --stdout")).toEqual([]);
  });
});

describe("a new branch keeps the work tree only when it starts at HEAD", () => {
  // Content the string put into git (a blob, an index entry, two commits) and s.sh out of the
  // work tree: a checkout of the first commit writes s.sh.
  const made =
    "printf 'git push origin main\\n' | git hash-object -w --stdin; git update-index --add --cacheinfo 100644,05f7a2f184d67ac762aecdbb4c4c1eca09ff4cb1,s.sh; git commit -qm s; git rm -q --cached s.sh; git commit -qm r";

  it.each([
    "git checkout HEAD~1 -b x",
    "git checkout HEAD~1 -B x",
    "git switch HEAD~1 -c x",
    "git switch HEAD~1 -C x",
    "git checkout -b x HEAD~1",
  ])("%s writes the made files: the script run later is not proven", async (command) => {
    const analysis = await analyze(`${made}; ${command}; bash s.sh`);
    expect(analysis.units.at(-1)?.sentinel).not.toBeNull();
  });

  it.each(["git checkout -b x", "git switch -c x", "git checkout -q -b x"])(
    "%s stays at HEAD: the files are as they were",
    async (command) => {
      const analysis = await analyze(`${made}; ${command}; bash s.sh`);
      expect(analysis.units.at(-1)?.sentinel).toBeNull();
    },
  );
});
