import { describe, expect, it } from "vitest";
import { pathsOf } from "./helpers.ts";

// A file command's table lists the long options that take a value, not every flag of the
// program, and reads a unique prefix of a listed one as that option, as getopt_long does. But
// the prefix may be a whole flag of the program the table does not list: rsync's `--backup`
// and `--partial` are flags, and `--backup-dir`/`--partial-dir` take a folder. Read as the
// valued option, `--backup` took the next word as its folder, and `rsync -a --backup
// --backup-dir=/etc/bk src/ dst/` wrote /etc/bk unseen (allowed under the corpus's P3, which
// asks outside the project). Both readings are now taken when a prefix took a value.

describe("l26: an abbreviation read as a valued option may be a flag the table does not list", () => {
  it.each<[string, string]>([
    ["rsync -a --backup --backup-dir=/etc/bk src/ dst/", "write /etc/bk"],
    ["rsync -a --backup --backup-dir /etc/bk src/ dst/", "write /etc/bk"],
    ["rsync -a --partial --partial-dir=/var/tmp/p src/ dst/", "write /var/tmp/p"],
    ["rsync -a --backup --log-file=/var/log/r.log src/ dst/", "write /var/log/r.log"],
  ])("%j touches %s", async (command, expected) => {
    expect(await pathsOf(command)).toContain(expected);
  });

  it("keeps the reading as the valued option: the next word is its folder too", async () => {
    // `--back` is ambiguous to rsync (`--backup`, `--backup-dir`): either way nothing is lost.
    const paths = await pathsOf("rsync -a --back /etc/bk src/ dst/");
    expect(paths).toContain("write /etc/bk");
    expect(paths).toContain("read /etc/bk");
  });

  it("reads an option written whole once, as the table says", async () => {
    expect(await pathsOf("rsync -a --backup-dir /etc/bk src/ dst/")).not.toContain("read /etc/bk");
  });
});
