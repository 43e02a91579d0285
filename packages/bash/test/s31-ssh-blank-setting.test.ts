import { describe, expect, it } from "vitest";
import { analyze, pathsOf } from "./helpers.ts";

// S31 ssh-blank-setting: ssh takes `-o 'Key value'` with a blank exactly as `-o Key=value`
// (host strace: `-o 'IdentityFile /tmp/S31/notes.txt'` opened the file, `ControlPath` connected
// to the socket, `PKCS11Provider` opened the library; sftp passes -o to ssh). The blank
// spelling was judged only when the value held `~`, `${…}` or `%`; a plain path was no word
// of bash's. The value of a path setting is now its file in either spelling.

describe("s31: an ssh setting written with a blank names its file", () => {
  it.each([
    ["ssh -o 'IdentityFile /home/user/keys/deploy' github.com", "/home/user/keys/deploy"],
    ["ssh -o 'ControlPath /home/user/ctl' h", "/home/user/ctl"],
    ["ssh -o 'PKCS11Provider /tmp/x.so' h", "/tmp/x.so"],
    ["sftp -o 'IdentityFile /home/user/keys/deploy' h", "/home/user/keys/deploy"],
    ["slogin -o 'IdentityFile /home/user/keys/deploy' h", "/home/user/keys/deploy"],
    ["ssh -o 'UserKnownHostsFile /tmp/kh /tmp/kh2' h", "/tmp/kh2"],
    ["ssh -o 'ControlPath /tmp/c' -o 'ControlMaster yes' -N -f h", "/tmp/c"],
    ["ssh -o 'CertificateFile /tmp/c.pub' h", "/tmp/c.pub"],
    ["ssh -qo 'IdentityAgent /tmp/agent' h", "/tmp/agent"],
    ["ssh -o 'XAuthLocation /tmp/xauth' -X h", "/tmp/xauth"],
  ])("%s: %s", async (command, file) => {
    expect(await pathsOf(command)).toContain(`read_write ${file}`);
  });

  // Glued to the option the value is one word too; the walk already judges that spelling
  // as a command it cannot prove, which asks.
  it("ssh -o'CertificateFile /tmp/c.pub' h is never allowed plainly", async () => {
    const analysis = await analyze("ssh -o'CertificateFile /tmp/c.pub' h");
    const named = (await pathsOf("ssh -o'CertificateFile /tmp/c.pub' h")).includes(
      "read_write /tmp/c.pub",
    );
    expect(named || analysis.units.some((unit) => unit.sentinel !== null)).toBe(true);
  });

  it.each(["ssh -o 'BatchMode yes' h", "ssh -o 'ConnectTimeout 5' h"])(
    "%s: a setting that names no file",
    async (command) => {
      expect((await pathsOf(command)).filter((use) => /read_write \/(?!repo)/.test(use))).toEqual(
        [],
      );
    },
  );
});
