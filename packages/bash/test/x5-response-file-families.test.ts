import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** The paths of the analysis, as `access path` (a path not known here as `access ?`). */
async function pathsOf(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.paths.map((p) => `${p.access} ${p.path ?? "?"}`);
}

describe("a response file of the binutils, GCC and LLVM families", () => {
  // strace (E17): llvm-strings, llvm-strings-14, llvm-objdump, llvm-ar, yaml2obj, llvm-cat,
  // x86_64-linux-gnu-strings/objcopy/elfedit, gcov, lto-dump opened the files named in `@a`.
  it.each([
    "llvm-strings @a",
    "llvm-strings-14 @a",
    "llvm-objcopy @a",
    "llvm-ar @a",
    "llvm-symbolizer @a",
    "yaml2obj @a",
    "x86_64-linux-gnu-strings @a",
    "x86_64-linux-gnu-objcopy @a",
    "aarch64-linux-gnu-readelf-12 -a @a",
    "x86_64-linux-gnu-elfedit --output-type=exec @a",
    "gcov @a",
    "gcov-12 @a",
    "x86_64-linux-gnu-gcov @a",
    "lto-dump @a",
  ])("%s reads and writes files the response file names", async (command) => {
    const paths = await pathsOf(command);
    expect(paths).toContain("read /repo/a");
    expect(paths).toContain("read_write ?");
  });

  it.each(["llvm-strings a.out", "x86_64-linux-gnu-objdump -d a.out", "gcov x.c"])(
    "%s names no unknown file",
    async (command) => {
      expect(await pathsOf(command)).not.toContain("read_write ?");
    },
  );
});

describe("a Debian build writes beside the source tree", () => {
  // strace (E17): dpkg-source -b . wrote ../x_1.0.dsc and ../x_1.0.tar.xz; dpkg-buildpackage
  // -S the same plus ../x_1.0_source.changes and .buildinfo: the folder above the project.
  it.each([
    ["dpkg-source -b .", "write ?"],
    ["dpkg-source --build .", "write ?"],
    ["dpkg-buildpackage -us -uc -b", "write ?"],
    ["debuild -us -uc", "write ?"],
    ["gbp buildpackage", "write ?"],
  ])("%s writes files of the folder above (%s)", async (command, use) => {
    const analysis = await analyze(command);
    const parent = analysis.paths.find((p) => p.raw.endsWith("../*"));
    expect(parent?.access).toBe("write");
    expect(`${parent?.access} ${parent?.path ?? "?"}`).toBe(use);
  });

  it.each(["dpkg-source -x x.dsc", "gbp dch", "dpkg-source -b pkg"])(
    "%s writes nothing above the project",
    async (command) => {
      const analysis = await analyze(command);
      expect(analysis.paths.some((p) => p.raw === "../*")).toBe(false);
    },
  );
});
