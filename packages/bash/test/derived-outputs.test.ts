// Files a program writes under names it derives from its operands (adv11r
// derived-output-name-not-written): a decompressor's output without the suffix, a
// compressor's with one, split's and csplit's prefix. Code written that way and then run is
// code the string wrote.

import { describe, expect, it } from "vitest";
import { analyzeFull, opaqueWrapper } from "./helpers.ts";

async function written(command: string): Promise<string[]> {
  const analysis = await analyzeFull(command);
  return analysis.paths
    .filter((path) => path.access !== "read")
    .map((path) => path.path ?? `glob:${path.glob}`);
}

describe("outputs named after the operands", () => {
  it.each<[string, string]>([
    ["gunzip x.sh.gz", "/repo/x.sh"],
    ["gzip -d x.sh.gz", "/repo/x.sh"],
    ["gzip --decompress -k x.sh.gz", "/repo/x.sh"],
    ["unxz x.sh.xz", "/repo/x.sh"],
    ["xz -d x.sh.lzma", "/repo/x.sh"],
    ["bunzip2 x.sh.bz2", "/repo/x.sh"],
    ["unzstd x.sh.zst", "/repo/x.sh"],
    ["gunzip r.tgz", "/repo/r.tar"],
    ["gzip x", "/repo/x.gz"],
    ["gzip -S .sh x", "/repo/x.sh"],
    ["bzip2 -k x", "/repo/x.bz2"],
    ["gzip -d -S .z x.sh.z", "/repo/x.sh"],
    ["split -l 100 big.txt part_", "glob:/repo/part_*"],
    ["split big.txt", "glob:/repo/x*"],
    ["csplit -f pre f /x/", "glob:/repo/pre*"],
    // Found by the decompressor beside the name, upper case, `-gz`, a clustered -S, -o, lz4.
    ["gunzip x.sh", "/repo/x.sh"],
    ["gunzip x.sh.GZ", "/repo/x.sh"],
    ["gunzip x.sh-gz", "/repo/x.sh"],
    ["gzip -dS .bin x.sh.bin", "/repo/x.sh"],
    ["zstd -d x.sh.zst -o y.sh", "/repo/y.sh"],
    ["lz4 -d x.sh.lz4 y.sh", "/repo/y.sh"],
    ["gunzip -r d", "/repo/d"],
  ])("%s writes %s", async (command, path) => {
    expect(await written(command)).toContain(path);
  });

  it.each(["gunzip -c x.sh.gz", "gzip -t x.gz", "zcat x.gz", "gzip -l x.gz"])(
    "%s writes no file (standard output, a test, a listing)",
    async (command) => {
      expect(await written(command)).toEqual([]);
    },
  );

  it.each([
    "echo 'git push' | gzip > x.sh.gz; gunzip x.sh.gz; bash x.sh",
    "echo 'git push' | xz > x.sh.xz; xz -d x.sh.xz && bash x.sh",
    "echo 'git push' > s.txt; split -n 1 --additional-suffix=.sh s.txt r; bash raa.sh",
    "echo '{}' | gzip > package.json.gz; gunzip package.json.gz; npm test",
    "mkdir d; echo 'git push' | gzip > d/x.sh.gz; gunzip -r d; bash d/x.sh",
  ])("%s runs code the string wrote", async (command) => {
    const analysis = await analyzeFull(command);
    expect(analysis.units.some((unit) => unit.sentinel === opaqueWrapper)).toBe(true);
  });
});
