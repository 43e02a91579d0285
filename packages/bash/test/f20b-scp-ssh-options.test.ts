import { describe, expect, it } from "vitest";
import { analyze, pathsOf } from "./helpers.ts";

async function floored(command: string): Promise<boolean> {
  const analysis = await analyze(command);
  return analysis.units.some((u) => (u.sentinel ?? null) !== null);
}

describe("scp hands its -o settings to the ssh it runs", () => {
  // strace on the host: `scp -qoProxyCommand='touch …' a.txt h:x` ran ssh with
  // `-o ProxyCommand=…`, which ran `bash -c 'exec touch …'`; the letters before `o` are flags.
  it.each([
    "scp -oProxyCommand='git push origin main' README.md h:x",
    "scp -qoProxyCommand=id README.md h:x",
    "scp -P22 -oProxyCommand=id README.md h:x",
    "scp -Bo ProxyCommand=id README.md h:x",
    "sftp -oProxyCommand=id h",
  ])("%s is floored", async (command) => {
    expect(await floored(command)).toBe(true);
  });

  it.each(["scp -o User=me -o Port=22 README.md h:x", "scp -P 2222 -q README.md h:x"])(
    "%s stays proven",
    async (command) => {
      expect(await floored(command)).toBe(false);
    },
  );

  // C20 (traced): ssh reads the files its settings name: IdentityFile, CertificateFile,
  // PKCS11Provider; it expands a leading ~ itself and %d, ${HOME} at run time.
  it.each([
    ["scp -o IdentityFile=/home/user/notes.txt README.md h:x", "read_write /home/user/notes.txt"],
    ["scp -o 'IdentityFile /home/user/k' README.md h:x", "read_write /home/user/k"],
    ["scp -o CertificateFile=/home/user/c README.md h:x", "read_write /home/user/c"],
    ["scp -o PKCS11Provider=/home/user/p.so README.md h:x", "read_write /home/user/p.so"],
    ["scp -o 'IdentityFile=~/.ssh/id_rsa' README.md h:x", "read_write /home/user/.ssh/id_rsa"],
    [
      "scp -o 'UserKnownHostsFile /home/user/a /home/user/b' README.md h:x",
      "read_write /home/user/b",
    ],
  ])("%s touches %s", async (command, path) => {
    expect(await pathsOf(command)).toContain(path);
  });

  it("a setting with a run-time token is a computed file", async () => {
    const paths = await pathsOf("scp -o 'IdentityFile=%d/k' README.md h:x");
    expect(paths.some((p) => p.startsWith("read_write <"))).toBe(true);
  });
});
