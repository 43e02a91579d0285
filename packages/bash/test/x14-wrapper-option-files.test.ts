import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * Traced under bash 5.2 (A14 ask-where-deny classes): files a wrapper or a sed script names in
 * its own words are judged, even where what runs stays unproven (the sentinel still floors it).
 */
describe("soundness: files named by a wrapper's options or a sed script are judged", () => {
  it.each([
    // bash's time keyword runs `-o` as the command; the file is judged all the same.
    ["time -o .env ls", "write:/repo/.env"],
    // sudo -e is sudoedit: its operands are the files it edits.
    ["sudo -e .env", "read_write:/repo/.env"],
    ["sudo -u bob --edit -- id_rsa", "read_write:/repo/id_rsa"],
  ])("%j touches %s", async (command, expected) => {
    const analysis = await analyze(command);
    expect(paths(analysis)).toContain(expected);
    // What runs is still not proven: the floor stays.
    expect(analysis.units[0]?.sentinel).not.toBeNull();
  });

  it.each([
    // GNU time writes its report to -o/--output FILE (strace: openat /repo/.env O_WRONLY). Its
    // options are read as its own since S33 gnu-time, so `ls` is proven and the report file
    // is what the path gates judge.
    ["/usr/bin/time -o .env ls", "write:/repo/.env"],
    ["/usr/bin/time --output=.env ls", "write:/repo/.env"],
    ["/usr/bin/time --out .env ls", "write:/repo/.env"],
    ["command time -ao .env ls", "write:/repo/.env"],
  ])("%j touches %s and runs ls", async (command, expected) => {
    const analysis = await analyze(command);
    expect(paths(analysis)).toContain(expected);
    expect(analysis.units[0]?.executed).toEqual(["ls"]);
  });

  it.each([
    // sed's w and r commands and the s///w flag name files (strace: write /repo/.env); the
    // files are judged as paths, so the script needs no floor (E15 sed-file-commands-floor).
    ["sed 's/x/y/w .env' README.md", "write:/repo/.env"],
    ["sed 'r .env' README.md", "read:/repo/.env"],
    ["sed -n -e 1p -e 'w .env' README.md", "write:/repo/.env"],
    ["sed -e's/a/b/w .env' f", "write:/repo/.env"],
    // sed does not expand `~`: the file is ./~/x.
    ["sed -n 'w ~/x' f", "write:/repo/~/x"],
  ])("%j touches %s", async (command, expected) => {
    const analysis = await analyze(command);
    expect(paths(analysis)).toContain(expected);
    expect(analysis.units[0]?.sentinel).toBeNull();
  });

  it("keeps the keyword's plain forms proven: time -p ls", async () => {
    const analysis = await analyze("time -p ls");
    expect(analysis.units[0]?.executed).toEqual(["ls"]);
    expect(analysis.units[0]?.sentinel).toBeNull();
  });

  it("names no file for sed's own streams: sed -n 'w /dev/stdout' f", async () => {
    expect(paths(await analyze("sed -n 'w /dev/stdout' f"))).toEqual(["read:/repo/f"]);
  });
});

/**
 * Traced under bash 5.2 (A14 class env-chdir-target-not-resolved): `env -C DIR cmd` and
 * `sudo -D DIR cmd` run cmd in DIR, as `(cd DIR && cmd)` would: `env -C ~/.ssh cat id_rsa`
 * read /home/user/.ssh/id_rsa (strace).
 */
describe("soundness: a command a wrapper runs in another folder is judged there", () => {
  it.each([
    ["env -C ~/.ssh cat id_rsa", "read:/home/user/.ssh/id_rsa"],
    ["env --chdir=/home/user/.ssh cat id_rsa", "read:/home/user/.ssh/id_rsa"],
    ["env -C .ssh cat id_rsa", "read:/repo/.ssh/id_rsa"],
    ["sudo -D ~/.ssh cat id_rsa", "read:/home/user/.ssh/id_rsa"],
    ["sudo --chdir /etc cat hostname", "read:/etc/hostname"],
    // GNU env keeps the last -C; nested layers enter one folder after the other.
    ["env -C a -C /etc cat hostname", "read:/etc/hostname"],
    ["env -C /etc env -C ssh cat x", "read:/etc/ssh/x"],
  ])("%j touches %s", async (command, expected) => {
    expect(paths(await analyze(command))).toContain(expected);
  });

  it("judges the command as written and the folder it enters", async () => {
    const analysis = await analyze("env -C /tmp rm x");
    expect(analysis.units[0]?.executed).toEqual(["rm", "x"]);
    expect(paths(analysis)).toEqual(expect.arrayContaining(["read:/tmp", "write:/tmp/x"]));
  });

  it.each([
    // What it runs there by a relative name is not followed: never proven.
    "env -C sub ./s.sh",
    "env -C src cat a.ts",
    "sudo -D /tmp ls",
  ])("%j stays floored", async (command) => {
    expect((await analyze(command)).units[0]?.sentinel).not.toBeNull();
  });

  it("leaves the folder unknown when it is computed: env -C $D cat x", async () => {
    const analysis = await analyze("env -C $D cat x");
    expect(analysis.units[0]?.sentinel).not.toBeNull();
  });
});

/**
 * A14 class sudo-shell-mode-inner-not-judged: `sudo -s CMD` / `sudo -i CMD` run CMD through
 * the target user's shell as one `-c` string, each character but letters, digits, `_`, `-`
 * and `$` escaped (sudo 1.9 parse_args): that string is analysed as the script it is.
 */
describe("soundness: sudo's shell mode runs its command words as a script", () => {
  it.each([
    ["sudo -s rm x", "rm x"],
    ["sudo -i cat .env", "cat .env"],
    ["sudo -u bob -s -- git push", "git push"],
  ])("%j runs %j", async (command, inner) => {
    const analysis = await analyze(command);
    expect(analysis.units.map((unit) => unit.executed?.join(" "))).toContain(inner);
    expect(analysis.units.every((unit) => unit.sentinel !== null)).toBe(true);
  });

  it("reads the escaped words as sudo writes them: a quoted $( ) stays text", async () => {
    const analysis = await analyze("sudo -s echo '$(id)'");
    expect(analysis.units.some((unit) => unit.executed?.[0] === "id")).toBe(false);
    expect(analysis.units.every((unit) => unit.sentinel !== null)).toBe(true);
  });
});
