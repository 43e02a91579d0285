// R23 bzip2-out-name, zstd-output-dir, compressor-env-mode and zstd-suffix (traced under bash
// 5.2): a decompressor wrote a file the analysis did not know (bzip2's `x.out`, zstd's
// `.zstd`/`.tlz4` names and output folders, a decompression asked for in BZIP2/XZ_OPT), and
// `bash` of that file ran git push. Each decompressor now names its output from its own suffix
// table, or writes some name in the input's (or the output option's) folder when the text does
// not prove the name.

import { describe, expect, it } from "vitest";
import { analyzeFull, opaqueWrapper } from "./helpers.ts";

async function writes(command: string) {
  const analysis = await analyzeFull(command);
  return analysis.paths.filter((path) => path.access !== "read");
}

/** Whether some write of the analysis reaches `file` (the file itself, or a folder below). */
async function reaches(command: string, file: string): Promise<boolean> {
  return (await writes(command)).some(
    (path) =>
      path.path === file ||
      (path.glob?.endsWith("/**") === true && file.startsWith(path.glob.slice(0, -2))),
  );
}

describe("a decompressor's output is known or its folder is written", () => {
  it.each<[string, string]>([
    // bzip2 writes NAME.out for a suffix it does not know (traced).
    ["bzip2 -d x", "/repo/x.out"],
    ["bunzip2 x", "/repo/x.out"],
    ["bzip2 -d x.gz", "/repo/x.gz.out"],
    ["bzip2 -d x.BZ2", "/repo/x.BZ2.out"],
    ["bzip2 -dk x", "/repo/x.out"],
    ["bzip2 --decompress x", "/repo/x.out"],
    ["bunzip2 -f x.sh", "/repo/x.sh.out"],
    // zstd's output folders and output file spellings (traced: d/x, y).
    ["zstd -d x.zst --output-dir-flat d", "/repo/d/x"],
    ["zstd -d x.zst --output-dir-mirror d", "/repo/d/x"],
    ["unzstd --output-dir-flat d x.zst", "/repo/d/x"],
    ["zstd -d --output-dir-flat=/tmp/o x.zst", "/tmp/o/x"],
    ["zstd -d x.zst -o=y", "/repo/y"],
    ["zstd -dqo y x.zst", "/repo/y"],
    ["lzop -d -p/tmp/o x.lzo", "/tmp/o/x"],
    ["lzop -d --path=o x.lzo", "/repo/o/x"],
    ["brotli -d x.br --output=y", "/repo/y"],
    ["lzop -dpd x.lzo", "/repo/d/x"],
    ["lzop -op -d x.lzo", "/repo/p"],
    ["lzop -o=y -d x.lzo", "/repo/=y"],
    ["lzop -x sub/x.lzo", "/repo/y"],
    ["lzop --extract x.lzo", "/repo/y"],
    ["lzip -o out x", "/repo/out.lz"],
    // Suffixes only a program's own table knows (zstd 1.5: .zstd, .tlz4), upper case, -S.
    ["zstd -d y.zstd", "/repo/y"],
    ["unzstd y.zstd", "/repo/y"],
    ["zstd -d y.tlz4", "/repo/y.tar"],
    ["unzstd y.tlz4", "/repo/y.tar"],
    ["zstd -d y.tzst2", "/repo/y"],
    ["gzip -d -S .x y.sh.gz", "/repo/y.sh"],
    ["gunzip -S .sh y", "/repo/y"],
    ["unxz -S .q y.sh.xz", "/repo/y.sh"],
    ["xz --decomp y.xz", "/repo/y"],
    ["xz --uncompress y.xz", "/repo/y"],
    ["lunzip y", "/repo/y.out"],
    ["pbunzip2 y.tbz2", "/repo/y.tar"],
    ["uncompress y.gz", "/repo/y.gz"],
    ["lz4 y.lz4", "/repo/y"],
    // Options from the environment: BZIP2, BZIP, XZ_OPT, XZ_DEFAULTS (traced), PIGZ, LZOP.
    ["BZIP2=-d bzip2 y.bz2", "/repo/y"],
    ["BZIP=-d bzip2 y.bz2", "/repo/y"],
    ["BZIP2=-d bzip2 y", "/repo/y.out"],
    ["env BZIP2=-d bzip2 y.bz2", "/repo/y"],
    ["export BZIP2=-d; bzip2 y.bz2", "/repo/y"],
    ["BZIP='-d -k' bzip2 -- y.bz2", "/repo/y"],
    ["XZ_OPT=-d xz y.xz", "/repo/y"],
    ["XZ_DEFAULTS=-d xz y.xz", "/repo/y"],
    ["export XZ_OPT=-d; xz y.xz", "/repo/y"],
    ["export XZ_DEFAULTS=-d; xz -k y.xz", "/repo/y"],
    ["env XZ_DEFAULTS=--decompress xz y.xz", "/repo/y"],
    ["XZ_OPT=-d lzma y.lzma", "/repo/y"],
    ["XZ_OPT='-d -S .sh' xz y.sh", "/repo/y"],
    ["PIGZ=-d pigz y.gz", "/repo/y"],
    ["LZOP=-d lzop y.lzo", "/repo/y"],
    ["LBZIP2=-d lbzip2 y.bz2", "/repo/y"],
    // After `--` a word starting with - is a file (traced).
    ["gunzip -- -y.gz", "/repo/-y"],
    ["bzip2 -d -- -y", "/repo/-y.out"],
    ["unxz -- -y.xz", "/repo/-y"],
    ["zstd -d -- -y.zst", "/repo/-y"],
    ["pbunzip2 x.gz", "/repo/x.gz.out"],
    // Python's gzip module run as a program (traced: -d y.gz wrote y).
    ["python3 -m gzip -d y.gz", "/repo/y"],
    ["python3 -mgzip --decompress y.gz", "/repo/y"],
    ["python3 -m gzip --d sub/y.gz", "/repo/sub/y"],
    ["python3 -m gzip y", "/repo/y.gz"],
  ])("%s writes %s", async (command, file) => {
    expect(await reaches(command, file)).toBe(true);
  });

  it.each([
    'BZIP2="$o" bzip2 y.bz2',
    "XZ_OPT=--files=l xz -d",
    "export XZ_OPT=--files0=l; unxz",
    'o=-d; XZ_OPT="$o$1" xz y.xz',
    'export XZ_OPT="$(cat o)"; xz y.xz',
  ])("%s: options only known at run time may write any file", async (command) => {
    expect((await writes(command)).some((path) => path.path === null)).toBe(true);
  });

  it("bzip2 reads a file named in BZIP2 (its words are arguments)", async () => {
    const analysis = await analyzeFull("BZIP2=/home/user/.ssh/id_rsa bzip2 -c > k");
    expect(analysis.paths.some((path) => path.path === "/home/user/.ssh/id_rsa")).toBe(true);
  });

  it.each([
    "printf 'git push origin main\\n' | bzip2 > x; bzip2 -d x; bash x.out",
    "printf 'git push origin main\\n' | zstd > x.zst; zstd -d x.zst --output-dir-flat d; bash d/x",
    "printf 'git push origin main\\n' | bzip2 > y.bz2; BZIP2=-d bzip2 y.bz2; bash y",
    "printf 'git push origin main\\n' | xz > y.xz; export XZ_OPT=-d; xz y.xz; bash y",
    "printf 'git push origin main\\n' | zstd > y.zstd; unzstd y.zstd; bash y",
  ])("%s runs code the string wrote", async (command) => {
    const analysis = await analyzeFull(command);
    expect(analysis.units.some((unit) => unit.sentinel === opaqueWrapper)).toBe(true);
  });
});

describe("names the tables prove stay exact", () => {
  it.each<[string, string[]]>([
    ["gunzip file.gz", ["/repo/file"]],
    ["gzip -d x.gz", ["/repo/x"]],
    ["gunzip x.sh", ["/repo/x.sh"]],
    ["gzip -d X.TGZ", ["/repo/X.tar"]],
    ["bzip2 -d x.bz2", ["/repo/x"]],
    ["bunzip2 x.tbz", ["/repo/x.tar"]],
    ["xz -d -T 0 x.xz", ["/repo/x"]],
    ["xz -d x.tlz", ["/repo/x.tar"]],
    ["zstd -d x.zst", ["/repo/x"]],
    ["zstd -d x.txz", ["/repo/x.tar"]],
    ["zstd -d -D dict x.zst", ["/repo/x"]],
    ["GZIP=-9 gunzip x.gz", ["/repo/x"]],
    ["XZ_OPT=-9 xz -d x.xz", ["/repo/x"]],
    ["export BZIP2=-9; bzip2 -d x.bz2", ["/repo/x"]],
  ])("%s writes %j and no folder", async (command, files) => {
    const found = await writes(command);
    expect(found.map((path) => path.path)).toEqual(expect.arrayContaining(files));
    expect(found.some((path) => path.glob !== undefined || path.path === null)).toBe(false);
  });

  it.each(["gzip -k build/out.js", "XZ_OPT=-9 xz x", "BZIP2=-v bzip2 x"])(
    "%s (a compression) writes no folder",
    async (command) => {
      expect((await writes(command)).some((path) => path.glob !== undefined)).toBe(false);
    },
  );
});
