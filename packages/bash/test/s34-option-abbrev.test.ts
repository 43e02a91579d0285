import { describe, expect, it } from "vitest";
import { CURL_LONG, resolveLong, TAR_LONG, WGET_LONG } from "../src/programs/long-options.ts";
import { analyze, paths } from "./helpers.ts";

// S34 option-abbrev (r34b classes 3 and 4): curl 7.88, GNU Wget and GNU tar take any unique
// prefix of a long option, curl in any letter case, and the tables stopped at three letters
// or at the options they listed: `curl --du F`, `curl --OUTPUT F`, `tar -tf a.tar --vo F`,
// `wget --hsts-file F` read F as a URL or a member name. Traced on this machine's curl 7.88.1,
// Wget 1.21.3 and tar 1.34 in a scratch folder: each opened (or created) F.

describe("s34: a long option resolves as the program's own parser resolves it", () => {
  it.each<[string, string]>([
    ["curl --du /home/user/h.txt file:///repo/README.md", "write:/home/user/h.txt"],
    ["curl --DU /home/user/h.txt https://x.example", "write:/home/user/h.txt"],
    ["curl --Dump-Header /home/user/h.txt https://x.example", "write:/home/user/h.txt"],
    ["curl --OUTPUT /home/user/o https://x.example", "write:/home/user/o"],
    ["curl --up /home/user/.ssh/id_rsa file:///repo/README.md", "read:/home/user/.ssh/id_rsa"],
    ["curl --hs /home/user/.ssh/id_rsa https://x.example", "read_write:/home/user/.ssh/id_rsa"],
    ["curl --w @/home/user/.ssh/id_rsa https://x.example", "read:/home/user/.ssh/id_rsa"],
    ["curl --js @/home/user/.ssh/id_rsa https://x.example", "read:/home/user/.ssh/id_rsa"],
    ["curl --pinnedpubkey /home/user/k.pem https://x.example", "read:/home/user/k.pem"],
    ["wget --hsts-file /home/user/.ssh/id_rsa http://x", "read_write:/home/user/.ssh/id_rsa"],
    ["wget --hsts-f /home/user/h http://x", "read_write:/home/user/h"],
    ["wget --warc-file /home/user/w http://x", "write:/home/user/w"],
    ["wget --warc-de /home/user/.ssh/id_rsa --warc-file w http://x", "read:/home/user/.ssh/id_rsa"],
    ["wget --warc-tempdir /home/user --warc-file w http://x", "write:/home/user/**"],
    ["wget --rejected-log /home/user/r http://x", "write:/home/user/r"],
    ["tar -tf a.tar --vo /home/user/v", "read_write:/home/user/v"],
    ["tar -xf a.tar --vo /home/user/v", "read_write:/home/user/v"],
    ["tar -t --vo /home/user/.ssh/id_rsa", "read_write:/home/user/.ssh/id_rsa"],
    ["tar -tf a.tar --ind /home/user/i", "write:/home/user/i"],
    // A table without every option of its program: any unique prefix of a valued option it
    // lists (GNU cpio's `--fi` is `--file`), the word also read as an operand.
    ["cpio -t --fi /home/user/.ssh/id_rsa", "read:/home/user/.ssh/id_rsa"],
  ])("%s touches %s", async (command, use) => {
    const found = paths(await analyze(command));
    // `**` stands for a folder's contents however the helper spells them.
    if (use.endsWith("/**")) {
      expect(found.some((p) => p.startsWith(use.slice(0, -3)))).toBe(true);
    } else {
      expect(found).toContain(use);
    }
  });

  it.each([
    // Ambiguous or unknown to this version: the program refuses it (traced: curl `--d`,
    // `--no-du`, tar `--di`, wget `--OUTPUT-DOCUMENT`), another version may take the value.
    "curl --d /home/user/x https://x.example",
    "curl --no-du /home/user/x https://x.example",
    "curl --newer-option /home/user/x https://x.example",
    "tar -xf a.tar --di /home/user",
    "tar -tf a.tar --VOLNO-FILE /home/user/v",
    "wget --OUTPUT-DOCUMENT /home/user/x http://x",
    "wget --warc-d /home/user/x --warc-file w http://x",
    "tar -tf a.tar --in /home/user/x",
  ])("%s keeps the next word as a possible file", async (command) => {
    expect(paths(await analyze(command)).some((p) => p.includes(":/home/user"))).toBe(true);
  });

  it.each<[string, string[]]>([
    ["curl -sSL https://example.com -o out.json", ["write:/repo/out.json"]],
    ["curl --compressed --retry 3 --max-time 10 https://example.com", []],
    ["curl --head --user-agent 'x y' https://example.com", []],
    ["curl --no-progress-meter --noproxy '*' https://example.com", []],
    ["curl --pinnedpubkey sha256//abc= https://example.com", []],
    ["wget -q --tries 3 --header 'A: b' https://example.com/a", []],
    ["tar -tvf a.tar", ["read:/repo/a.tar"]],
    ["tar --list --file a.tar --wildcards '*.txt'", ["read:/repo/a.tar"]],
  ])("%s stays as it was", async (command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });

  it("resolves exactly, by prefix, in curl's case, or not at all", () => {
    expect(resolveLong("du", CURL_LONG)).toEqual({ name: "dump-header", known: true });
    expect(resolveLong("WR", CURL_LONG)).toEqual({ name: "write-out", known: true });
    expect(resolveLong("head", CURL_LONG)).toEqual({ name: "head", known: true });
    expect(resolveLong("d", CURL_LONG).known).toBe(false);
    expect(resolveLong("vo", TAR_LONG)).toEqual({ name: "volno-file", known: true });
    expect(resolveLong("VO", TAR_LONG).known).toBe(false);
    expect(resolveLong("di", TAR_LONG).known).toBe(false);
    expect(resolveLong("warc-d", WGET_LONG).known).toBe(false);
    expect(resolveLong("warc-de", WGET_LONG)).toEqual({ name: "warc-dedup", known: true });
  });

  it("no option is both valued and a flag", () => {
    for (const table of [CURL_LONG, WGET_LONG, TAR_LONG]) {
      expect(table.valued.filter((name) => table.flags.includes(name))).toEqual([]);
    }
  });
});
