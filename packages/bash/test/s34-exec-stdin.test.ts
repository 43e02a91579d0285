// S34 exec-stdin (r34b class 1, traced under bash 5.2): `exec` with no command keeps its
// redirects for the rest of the shell, so `exec <<< '!git push origin main'; ed -s README.md`
// made the here-string ed's stdin and ed ran `sh -c 'git push origin main'`. The walk carries
// the stdin such an exec gave (its literal text, or unknown) through the string as it carries
// variables: a later command that reads code from stdin is judged as fed that text, as
// `ed <<< …` on the same command is. A program that reads no code there is unaffected.
import { describe, expect, it } from "vitest";
import { analyze, mayRun, unproven } from "./helpers.ts";

describe("s34: a stdin given by an earlier bare exec", () => {
  it.each([
    "exec <<< '!git push origin main'; ed -s README.md",
    "exec <<E\n!git push origin main\nE\ned -s README.md",
    "exec 3<<<'!git push origin main'; exec 0<&3; ed -s README.md",
    "exec 3<<<'!git push origin main'; exec 4<&3; exec 0<&4; ed -s README.md",
    "exec <<< '!git push origin main'; git status; ed -s README.md",
    "exec 2>/dev/null <<< '!git push origin main'; timeout 5 ed -s README.md",
    "x() { exec <<< '!git push origin main'; }; x; ed -s README.md",
    "command exec <<< '!git push origin main'; ed -s README.md",
    "exec -- <<< '!git push origin main'; { ed -s README.md; }",
    "exec <<< '!git push origin main'; cat | ed -s README.md",
    "exec <<< '!git push origin main'; echo $(ed -s README.md)",
    "exec <<< 'git push origin main'; sh",
  ])("%s runs the text's git push", async (command) => {
    expect(mayRun(await analyze(command), "git push")).toBe(true);
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    "exec <<< 'import os; os.system(\"git push origin main\")'; python3",
    "exec <<< '.shell git push origin main'; sqlite3 x.db",
    "exec <<< 'system(\"git push origin main\")'; perl",
    "exec < <(echo '!git push origin main'); ed -s README.md",
    "echo '!git push origin main' > c; exec < c; ed -s README.md",
    "exec < x.py; python3",
    'exec <<< "!$CMD"; ed -s README.md',
    "if true; then exec <<< '!git push origin main'; fi; ed -s README.md",
    "for i in 1 2; do ed -s README.md; exec <<< '!git push origin main'; done",
    "f() { ed -s README.md; }; exec <<< '!git push origin main'; f",
    "exec <<< '!git push origin main'; f() { ed -s README.md; }; f",
    "eval \"exec <<< '!git push origin main'\"; ed -s README.md",
    "f() { exec <<< '!git push origin main'; }; g() { ed -s README.md; }; f; g",
    "exec <<< '!git push origin main'; exec 0</dev/null; ed -s README.md",
    "exec 0<&3; ed -s README.md",
  ])("%s feeds a reader of code what nobody read", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    // A subshell's or a pipeline member's exec changes only that process.
    "( exec <<< '!git push origin main' ); ed -s README.md",
    "exec <<< '!git push origin main' | cat; ed -s README.md",
    // Programs that read no code from stdin.
    "exec <<< 'y'; git status",
    "exec < README.md; grep -c a",
    "exec < README.md; wc -l",
    // Redirects of other descriptors leave stdin as it was.
    "exec 2>/dev/null; ed -s README.md",
    "exec >out.log 2>&1; python3 x.py",
    "exec 3>&1; python3 x.py",
  ])("%s stays proven", async (command) => {
    expect(await unproven(command)).toBe(false);
  });
});
