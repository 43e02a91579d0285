import { describe, expect, it } from "vitest";
import { analyze, globPaths } from "./helpers.ts";

// R21 deb-control (traced, bash 5.2): `dpkg-deb -e x.deb d` (`--control`) extracts a package's
// control members into d, and into ./DEBIAN with no folder (no word shows that name); a
// string-built .deb whose control file holds `git push origin main` ran it at `bash d/control`.
// dpkg hands -X/--vextract and -e/--control to dpkg-deb as it does -x (dpkg --help).
describe("dpkg-deb's and dpkg's extracting actions write below their folder", () => {
  it.each([
    ["dpkg-deb -e x.deb d", "/repo/d/**"],
    ["dpkg-deb --control x.deb d", "/repo/d/**"],
    ["dpkg-deb -e x.deb", "/repo/DEBIAN/**"],
    ["dpkg-deb --control x.deb", "/repo/DEBIAN/**"],
    ["dpkg -e x.deb", "/repo/DEBIAN/**"],
    ["dpkg --control x.deb out", "/repo/out/**"],
    ["dpkg -X x.deb .", "/repo/**"],
    ["dpkg --vextract x.deb out", "/repo/out/**"],
    ["dpkg-deb -x x.deb out", "/repo/out/**"],
  ])("%s writes %s", async (command, glob) => {
    expect(globPaths(await analyze(command))).toContain(`write:glob:${glob}`);
  });

  it.each([
    "dpkg-deb -e x.deb d; bash d/control",
    "dpkg-deb -e x.deb; bash DEBIAN/control",
    "dpkg -e x.deb && sh DEBIAN/postinst",
    "dpkg -X x.deb .; git status",
    "dpkg --vextract x.deb .; git status",
    "dpkg-deb --control x.deb .; git status",
  ])("%s: the later command is not proven", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((unit) => unit.sentinel !== null)).toBe(true);
  });

  it.each(["dpkg-deb -c x.deb", "dpkg-deb -I x.deb", "dpkg -c x.deb", "dpkg -l"])(
    "%s lists only: nothing written",
    async (command) => {
      expect(globPaths(await analyze(command)).filter((path) => path.startsWith("write"))).toEqual(
        [],
      );
    },
  );
});
