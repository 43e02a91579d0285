import { describe, expect, it } from "vitest";
import { pathsOf } from "./helpers.ts";

// S31 git-config-format-suffix (R47): format-patch names each patch `FOLDER/NNNN-SUBJECT` +
// suffix, so a suffix with `/../` climbs out of the patch-named folder once one exists. Traced:
// `git format-patch -q -1 -o 0001-fixture; git -c format.suffix=/../.env format-patch -1`
// opened /repo/.env for writing (also through GIT_CONFIG_PARAMETERS and GIT_CONFIG_COUNT), and
// `-o sub --suffix=/../x` wrote /repo/sub/x. The format.suffix setting named no path at all.

const SETUP = "git format-patch -q -1 -o 0001-fixture; ";
const UNKNOWN = "write <computed-path>";

describe("s31: format.suffix names the patch files git writes", () => {
  it.each([
    "git -c format.suffix=/../.env format-patch -1",
    "git -c FORMAT.Suffix=/../.env format-patch -1",
    "GIT_CONFIG_PARAMETERS=\"'format.suffix'='/../.env'\" git format-patch -1",
    "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=format.suffix GIT_CONFIG_VALUE_0=/../.env git format-patch -1",
    "git config format.suffix /../.env; git format-patch -1",
  ])("%s writes .env and a file beside any output folder", async (command) => {
    const paths = await pathsOf(SETUP + command);
    expect(paths).toContain("write /repo/.env");
    expect(paths).toContain(UNKNOWN);
  });

  it("a suffix climbing twice reaches the project's parent", async () => {
    expect(
      await pathsOf(`${SETUP}git -c format.suffix=/../../home/user/.ssh/x format-patch -1`),
    ).toContain("write /home/user/.ssh/x");
  });

  it("a suffix only known at run time names any file", async () => {
    expect(await pathsOf("git --config-env=format.suffix=V format-patch -1")).toContain(UNKNOWN);
  });

  it("a suffix without a slash only ends the name, in the working directory", async () => {
    const paths = await pathsOf("git -c format.suffix=.txt format-patch -1");
    expect(paths).toContain("write /repo/[0-9v]*.txt");
    expect(paths).not.toContain(UNKNOWN);
  });
});

describe("s31: format-patch --suffix is joined to the patch's own folder", () => {
  it.each([
    ["git format-patch -1 -o sub --suffix=/../x", "write /repo/sub/x"],
    ["git format-patch -1 -o sub --suffix /../../.env", "write /repo/.env"],
    ["git format-patch -1 --suffix=/../.env", "write /repo/.env"],
  ])("%s", async (command, path) => {
    const paths = await pathsOf(command);
    expect(paths).toContain(path);
    // The suffix is no path of its own (`/../x` is not the root's x).
    expect(paths).not.toContain("read_write /x");
  });

  it("with -o the folder is known: nothing else is written", async () => {
    expect(await pathsOf("git format-patch -1 -o sub --suffix=/../x")).not.toContain(UNKNOWN);
  });
});
