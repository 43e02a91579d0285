import { describe, expect, it } from "vitest";
import { analyze, globPaths } from "./helpers.ts";

// B21 archive-extract (traced, bash 5.2, with an archive holding `.git/config` whose
// core.fsmonitor is `git push`): after `ptar -xf x.tar` or `dpkg-deb -x x.deb .`, `git status`
// ran git push. These extractors had no file-command entry, so nothing counted as written and
// the later git (or npm test) was proven; `tar -xf x.tar; git status` already asked.
describe("an extractor writes whatever its archive holds below the folder", () => {
  it.each([
    ["ptar -xf x.tar", "/repo/**"],
    ["ptar -x -f x.tar", "/repo/**"],
    ["ptar -xzf x.tgz", "/repo/**"],
    ["dpkg-deb -x x.deb .", "/repo/**"],
    ["dpkg-deb -R x.deb out", "/repo/out/**"],
    ["dpkg-deb --vextract x.deb out", "/repo/out/**"],
    ["dpkg -x x.deb .", "/repo/**"],
    ["star -x -f x.tar C=out", "/repo/out/**"],
    ["bsdcpio -i", "/repo/**"],
    ["unar -o out x.zip", "/repo/out/**"],
    ["unsquashfs x.sq", "/repo/squashfs-root/**"],
    ["unsquashfs -d out x.sq", "/repo/out/**"],
  ])("%s writes %s", async (command, glob) => {
    expect(globPaths(await analyze(command))).toContain(`write:glob:${glob}`);
  });

  it.each([
    "ptar -xf x.tar; git status",
    "ptar -x -f x.tar; npm test",
    "dpkg-deb -x x.deb . && git status",
    "dpkg -x x.deb .; git status",
    "unar x.zip; git status",
  ])("%s: the later command is not proven", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((unit) => unit.sentinel !== null)).toBe(true);
  });

  it.each(["ptar -tf x.tar", "dpkg-deb -c x.deb", "unsquashfs -l x.sq"])(
    "%s lists only: nothing written",
    async (command) => {
      expect(globPaths(await analyze(command)).filter((path) => path.startsWith("write"))).toEqual(
        [],
      );
    },
  );
});
