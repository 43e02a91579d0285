import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * Attack round F13, class redirect-target-assignment-tilde: outside POSIX mode bash expands the
 * tildes of a redirect target spelled as an assignment (`> a=~/x` opens `a=/home/user/x`, also
 * after `:` and for `~+`, `~-`), with every redirect operator: checked under bash 5.2 for `>`,
 * `>>`, `<`, `&>`, `&>>`, `<>`, `>|`, `2>`, `{fd}>`, `exec 3>>`. The walk read the target
 * literally; with HOME (or PWD, OLDPWD) set to a path of `..` and a folder named `a=`, the file
 * bash opened was /etc/passwd while the analysis saw one inside the project.
 */
describe("a redirect target spelled as an assignment gets its tildes expanded", () => {
  it.each([
    ["HOME=/../..; echo x >> a=~/etc/passwd", "write:/etc/passwd"],
    ["HOME=/../..; echo x > a=~/etc/passwd", "write:/etc/passwd"],
    ["HOME=/../..; echo x >| a=~/etc/passwd", "write:/etc/passwd"],
    ["HOME=/../..; echo x &> a=~/etc/passwd", "write:/etc/passwd"],
    ["HOME=/../..; echo x &>> a=~/etc/passwd", "write:/etc/passwd"],
    ["HOME=/../..; echo x 2> a=~/etc/passwd", "write:/etc/passwd"],
    ["HOME=/../..; echo x {fd}>> a=~/etc/passwd", "write:/etc/passwd"],
    ["HOME=/../..; exec 3>>a=~/etc/passwd", "write:/etc/passwd"],
    ["HOME=/../..; cat < b=~/home/user/notes.txt", "read:/home/user/notes.txt"],
    ["HOME=/../../..; echo x >> a=x:~/etc/passwd", "write:/etc/passwd"],
    ["PWD=/../..; echo x >> a=~+/etc/passwd", "write:/etc/passwd"],
    ["OLDPWD=/../..; echo x >> a=~-/etc/passwd", "write:/etc/passwd"],
    ["HOME=/../..; echo x > a+=~/etc/passwd", "write:/etc/passwd"],
    ["HOME=/../..; echo x > a[1]=~/etc/passwd", "write:/etc/passwd"],
    ["echo x > a=~/y", "write:/repo/a=/home/user/y"],
  ])("%j", async (command, path) => {
    expect(paths(await analyze(command))).toContain(path);
  });

  it("keeps a target bash does not expand as written", async () => {
    // A quoted name, a name that is no identifier, an escaped or quoted tilde: no expansion.
    expect(paths(await analyze('echo x > "a"=~/y'))).toEqual(["write:/repo/a=~/y"]);
    expect(paths(await analyze("echo x > 1a=~/y"))).toEqual(["write:/repo/1a=~/y"]);
    expect(paths(await analyze("echo x > a=\\~/y"))).toEqual(["write:/repo/a=~/y"]);
    expect(paths(await analyze("echo x > a=b~/y"))).toEqual(["write:/repo/a=b~/y"]);
    expect(paths(await analyze("echo x > out.txt"))).toEqual(["write:/repo/out.txt"]);
  });

  it("leaves a tilde naming a folder the string does not decide computed", async () => {
    for (const command of ["echo x > a=~user/y", "HOME=$1; echo x > a=~/y"]) {
      expect(paths(await analyze(command)), command).toEqual(["write:?"]);
    }
  });

  it("expands the same way in an argument whose name has a subscript", async () => {
    // The grammar splits `a[1]=` at its brackets; bash reads the name whole.
    expect(paths(await analyze("HOME=/../..; cat a[1]=~/etc/passwd"))).toContain(
      "read:/etc/passwd",
    );
  });
});
