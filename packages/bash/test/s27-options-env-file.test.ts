import { describe, expect, it } from "vitest";
import { pathsOf } from "./helpers.ts";

// S27 options-env-file: options a program reads from its environment were judged only for the
// ones that carry a file value. tar's -P (TAR_OPTIONS), unzip's -: (UNZIP, UNZIPOPT) and zip's
// -@ (ZIPOPT, ZIP) change where members are written or what is read, and the command-line
// forms asked (`tar -xPf`, `unzip -:`, `zip -@`) while the environment forms were allowed
// (traced: a member written to /home/user/.ssh, ../home/user/.ssh/authorized_keys written
// outside, /home/user/.ssh/id_rsa read into the archive). The environment's options are now
// judged as if written on the command line.

const ANYWHERE = "write /";
const LISTED = "read <computed-path>";

describe("s27: options read from the environment are judged like written ones", () => {
  it.each([
    ["TAR_OPTIONS=-P tar xf a.tar", ANYWHERE],
    ["TAR_OPTIONS=--absolute-names tar -xf a.tar", ANYWHERE],
    ["env TAR_OPTIONS=-vP tar -x -f a.tar", ANYWHERE],
    ["export TAR_OPTIONS=--absolute-names; tar -xf a.tar", ANYWHERE],
    ["UNZIP=-: unzip a.zip", ANYWHERE],
    ["UNZIPOPT=-o: unzip a.zip", ANYWHERE],
    ["export UNZIP=-:; unzip a.zip", ANYWHERE],
    ["ZIPOPT=-@ zip a.zip < l", LISTED],
    ["ZIP=--names-stdin zip a.zip < l", LISTED],
    ["export ZIPOPT=-@; zip a.zip < l", LISTED],
    ["ZIPOPT=-r zip a.zip ~/.ssh", "read /home/user/.ssh"],
    ["ZIPOPT='-O /tmp/x.zip' zip a.zip f", "write /tmp/x.zip"],
  ])("%s: %s", async (command, use) => {
    expect(await pathsOf(command)).toContain(use);
  });

  // The value alone is judged wherever it reaches a program (an export reaches tar in any
  // mode), so `TAR_OPTIONS=-P tar -cf a.tar src` counts the extraction's reach too.
  it.each(["TAR_OPTIONS=-fP tar x", "TAR_OPTIONS=-v tar -xf a.tar", "UNZIP=-o unzip a.zip"])(
    "%s: no option that reaches outside",
    async (command) => {
      expect(await pathsOf(command)).not.toContain(ANYWHERE);
    },
  );
});
