import { describe, expect, it } from "vitest";
import { pathsOf } from "./helpers.ts";

// S31 git-daemon-inetd: `git daemon --inetd` serves the repository a request read from stdin
// names (traced: `echo -ne '…git-upload-pack /home/user/r…' | git daemon --inetd --export-all`
// advertised /home/user/r's refs; with --enable=upload-archive it streamed its files); without
// --inetd a network client, maybe a later command of the string, names it. The analysis saw no
// path at all. The repositories a daemon serves are now a path nobody knows.

const SERVED = "read_write <computed-path>";

describe("s31: git daemon serves repositories the command line does not name", () => {
  it.each([
    "echo -ne '0028git-upload-pack /home/user/r\\x00host=x\\x00' | git daemon --inetd --export-all",
    "git daemon --inetd --export-all --enable=upload-archive",
    "git daemon --export-all --base-path=/tmp/x",
    "git daemon --detach --reuseaddr",
  ])("%s", async (command) => {
    expect(await pathsOf(command)).toContain(SERVED);
  });

  it("git daemon --help shows the manual only", async () => {
    expect(await pathsOf("git daemon --help")).not.toContain(SERVED);
  });
});
