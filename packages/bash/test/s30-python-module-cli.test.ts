// S30 python-module-cli (R40, traced): standard library modules whose own command line runs a
// shell command (`imaplib -s CMD`: Popen(CMD, shell=True)), runs the commands of a mailcap file
// MAILCAPS names (`mailcap`), runs a script file (`setuptools.launch`), reads commands or file
// names from stdin (`pstats`' `read FILE`, `py_compile -`), or reads ~/.netrc (`netrc`). Every
// stdlib module with a `__main__` block was reviewed; the inert ones stay proven.
import { describe, expect, it } from "vitest";
import { analyze, mayRun, unproven } from "./helpers.ts";

describe("python -m modules that run commands or read stdin", () => {
  it.each([
    "MAILCAPS=/dev/stdin python3 -m mailcap x/y README.md <<< 'x/y; git push origin main'",
    "python3 -m mailcap text/plain README.md",
    "python3 -m pstats <<< 'read /home/user/.ssh/id_rsa'",
    "python3 -m pstats prof.out < cmds.txt",
    "python3 -m py_compile - <<< /home/user/notes.txt",
    'python3 -m py_compile "$F"',
    "python3 -m compileall -i - <<< /home/user/x.py",
    "python3 -m compileall -qi list.txt",
    "python3 -m compileall",
    'python3 -m imaplib -s "$C" host',
    "python3 -m setuptools.launch /dev/stdin <<< 'import os'",
    "echo 'import os' > notes.txt; python3 -m setuptools.launch notes.txt",
    "python3 -m netrc",
    "python3 -m ftplib example.org",
    "python3 -m smtpd -c x.Y",
    "python3 -m idlelib -c 'import os'",
    "python3 -m sqlite3 <<< \"ATTACH '/home/user/x' AS x\"",
  ])("%s runs what nobody read", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    "python3 -m imaplib -s 'git push origin main' <<< pw",
    "python3 -m imaplib -s'git push origin main'",
    "python3 -m imaplib -d 3 -s 'git push origin main' host",
  ])("%s runs its -s command through the shell", async (command) => {
    expect(mayRun(await analyze(command), "git push origin main")).toBe(true);
    expect((await analyze(command)).units.some((u) => u.executed?.[0] === "git")).toBe(true);
  });

  it.each([
    "python3 -m py_compile src/a.py",
    "python3 -m compileall src",
    "python3 -m compileall -q .",
    "python3 -m imaplib host",
    "python3 -m pstats prof.out",
    "python3 -m json.tool a.json",
    "python3 -m venv .venv",
    "python3 -m setuptools.launch run.py",
    "python3 -m gzip -d a.gz",
  ])("%s stays proven", async (command) => {
    expect(await unproven(command)).toBe(false);
  });
});
