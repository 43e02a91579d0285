import { describe, expect, it } from "vitest";
import { pathsOf } from "./helpers.ts";

// S27 loader-env-output: with LD_PROFILE=SONAME the dynamic loader keeps a profile of that
// shared object in SONAME.profile, in LD_PROFILE_OUTPUT or else /var/tmp (host strace:
// `LD_PROFILE=libc.so.6 ls` opened /var/tmp/libc.so.6.profile O_RDWR|O_CREAT and wrote 14 MB).
// Only an explicit absolute LD_PROFILE_OUTPUT was judged; the default place was not.

describe("s27: the profile LD_PROFILE makes the loader write", () => {
  it.each([
    ["LD_PROFILE=libc.so.6 git status", "read_write /var/tmp/libc.so.6.profile"],
    ["env LD_PROFILE=libc.so.6 ls", "read_write /var/tmp/libc.so.6.profile"],
    ["export LD_PROFILE=libc.so.6; npm test", "read_write /var/tmp/libc.so.6.profile"],
    ["LD_PROFILE=libc.so.6; export LD_PROFILE; ls", "read_write /var/tmp/libc.so.6.profile"],
    ["LD_PROFILE_OUTPUT=out LD_PROFILE=libm.so.6 ls", "read_write /repo/out/libm.so.6.profile"],
    [
      "LD_PROFILE_OUTPUT=~/.ssh LD_PROFILE=libc.so.6 ls",
      "read_write /home/user/.ssh/libc.so.6.profile",
    ],
    ["export LD_PROFILE_OUTPUT=/tmp/p; LD_PROFILE=libc.so.6 ls", "read_write /tmp/p/*.profile"],
  ])("%s: %s", async (command, use) => {
    expect(await pathsOf(command)).toContain(use);
  });

  it.each([
    // Host strace: libpcprofile opened PCPROFILE_OUTPUT O_RDWR|O_CREAT.
    ["PCPROFILE_OUTPUT=/tmp/pc.out ls", "read_write /tmp/pc.out"],
    ["GCOV_ERROR_FILE=.env ./a.out", "write /repo/.env"],
    ["export KRB5_TRACE=.env; git fetch", "write /repo/.env"],
  ])("%s: another output a runtime writes, %s", async (command, use) => {
    expect(await pathsOf(command)).toContain(use);
  });

  it.each(["LD_PROFILE= ls", "ls"])("%s writes no profile", async (command) => {
    expect((await pathsOf(command)).filter((use) => use.includes(".profile"))).toEqual([]);
  });
});
