import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * Traced under bash 5.2 (B17 inherited-empty-word-shifts-program-slot,
 * inherited-variable-inside-word-keeps-role): a variable the string never assigns is unset
 * in the shell the oracle starts, as it usually is in the user's. Its unquoted word vanishes
 * (`git worktree $u9 add .ssh HEAD` ran `git worktree add .ssh HEAD` and wrote /repo/.ssh/*),
 * and `-${u1}r` is `-r` (`grep -${u1}r password .` read /repo/.env). The command is judged
 * with the variable empty as well.
 */

async function argvs(command: string): Promise<string[][]> {
  return (await analyze(command)).units.map((unit) => [...unit.argv]);
}

describe("an inherited variable may be empty", () => {
  it.each([
    ["git worktree $u9 add .ssh HEAD", ["git", "worktree", "add", ".ssh", "HEAD"]],
    [
      "git subtree $u9 push -P lib origin main",
      ["git", "subtree", "push", "-P", "lib", "origin", "main"],
    ],
    ["npm stage ${u9} publish", ["npm", "stage", "publish"]],
    ["grep -${u1}r password .", ["grep", "-r", "password", "."]],
    ["kubectl c${u1}onfig view", ["kubectl", "config", "view"]],
    ["compgen -${u1}C 'git push origin main' x", ["compgen", "-C", "git push origin main", "x"]],
    // Quotes beside the expansion leave an empty word.
    ["grep $u'' .env", ["grep", "", ".env"]],
    // Several in one word.
    ["git p$u${v}ush origin main", ["git", "push", "origin", "main"]],
    ["cat $X/file", ["cat", "/file"]],
  ])("%s", async (command, words) => {
    expect(await argvs(command)).toContainEqual(words);
  });

  it("judges the words the empty value leaves", async () => {
    expect(paths(await analyze("git worktree $u9 add .ssh HEAD"))).toContain("write:/repo/.ssh");
    expect(paths(await analyze("grep -${u1}r password ."))).toContain("read:/repo/**");
    // Tilde expansion comes first: `${u}~/x` is the working folder's `~/x`.
    expect(paths(await analyze("cat ${u}~/x"))).toContain("read:/repo/~/x");
  });

  it("keeps the variables bash sets, and the string's own, as they are", async () => {
    for (const command of [
      'grep -r x "$PWD"',
      "ls $HOME",
      "echo $PATH:$SHELL",
      "u=-; grep ${u}r x .",
      "for u in a; do git $u; done",
    ]) {
      const all = await argvs(command);
      expect(
        all.every((words) => !words.includes("")),
        command,
      ).toBe(true);
      expect(all.length, command).toBe(1);
    }
  });
});
