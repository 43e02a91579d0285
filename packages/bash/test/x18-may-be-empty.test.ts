// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { SENTINELS } from "../src/index.ts";
import { analyze, paths } from "./helpers.ts";

/**
 * Traced under bash 5.2 (B18 vanishing-empty-word-operator-spellings-before-cd-option,
 * empty-quoted-expansion-in-nested-subcommand-word, unset-variable-operator-expansion-inside-word):
 * with `u` unset and no positional parameters, `${u:-}`, `${u-}`, `${u:+x}`, `${u/x/y}`,
 * `${u^^}`, `${u,}`, `${u@L}`, `${u[*]}` and `$*` are empty and `"$@"`, `"${@}"`, `"${@:2}"`
 * give no word: `cd ${u:-} -P \$*` ran `cd -P` into a folder named `$(git push origin main)`
 * and `"${PWD@P}"` ran the push; `npm stage p"$*"ublish` published; `git worktree a"$*"dd .ssh
 * HEAD` wrote /repo/.ssh; `declare -i R${u}EPLY; read <<< 'a[$(git push origin main)]'` ran the
 * push. The command is judged with those expansions empty as well as with `$u`.
 */

async function argvs(command: string): Promise<string[][]> {
  return (await analyze(command)).units.map((unit) => [...unit.argv]);
}

describe("an expansion that may be empty at run time", () => {
  it.each([
    "${u:-}",
    "${u-}",
    "${u:+x}",
    "${u+x}",
    "${u/x/y}",
    "${u^^}",
    "${u,}",
    "${u@L}",
    "${u[*]}",
    "${u[0]}",
    "${u:1}",
    "${u#x}",
    "${u:-''}",
    "${u:-$v}",
    '"$@"',
    '"${@}"',
    '"${@:2}"',
    '"${@:+x}"',
    '"${u[@]}"',
    "$*",
    "${*}",
    "$1",
  ])("cd %s -P x", async (word) => {
    expect(await argvs(`cd ${word} -P x`)).toContainEqual(["cd", "-P", "x"]);
  });

  it.each([
    ['npm stage p"$*"ublish', ["npm", "stage", "publish"]],
    ['npm stage p"${u[*]}"ublish', ["npm", "stage", "publish"]],
    ['npm stage p"${u:-}"ublish', ["npm", "stage", "publish"]],
    ['git worktree a"${*}"dd .ssh HEAD', ["git", "worktree", "add", ".ssh", "HEAD"]],
    ["python3 -m pip instal${u-}l x", ["python3", "-m", "pip", "install", "x"]],
    ["python3 -m pip config s${u,,}et a b", ["python3", "-m", "pip", "config", "set", "a", "b"]],
    // `"$@"` twice is still no word; beside quotes it leaves an empty one.
    ['git "$@""$@" push', ["git", "push"]],
    ["git \"$@\"'' push", ["git", "", "push"]],
  ])("%s", async (command, words) => {
    expect(await argvs(command)).toContainEqual(words);
  });

  it("judges what the empty reading does", async () => {
    expect(paths(await analyze('git worktree a"$*"dd .ssh HEAD'))).toContain("write:/repo/.ssh");
    const cd = await analyze(
      "mkdir '$(git push origin main)'; cd ${u@L} -P \\$*; echo \"${PWD@P}\"",
    );
    expect(cd.units.map((unit) => [...unit.argv])).toContainEqual(["cd", "-P", "$*"]);
  });

  it("keeps the expansions that always give something, and the string's own values", async () => {
    for (const command of [
      "git ${#u} push",
      "git ${u:?} push",
      "git ${u:-x} push",
      "git ${@:0} push",
      "git ${HOME:-} push",
      "git ${PATH/x/y} push",
      "u=x; git ${u:-} push",
      'set -- a; git "$@" push',
      "git $# push",
      'git "$*" push',
      'git "${u:-}" push',
    ]) {
      const git = (await argvs(command)).filter((words) => words[0] === "git");
      expect(git.length, command).toBe(1);
    }
  });
});

describe("a declaration of a computed name", () => {
  it.each([
    "declare -i R${u}EPLY; read <<< 'a[$(git push origin main)]'",
    "declare -i REPL${u:-}Y; read <<< 'a[$(git push origin main)]'",
    "typeset -i REPL${u}Y=1; read <<< 'a[$(git push origin main)]'",
    "declare $o R${u}EPLY; read <<< 'a[$(git push origin main)]'",
  ])("%s may give REPLY the integer attribute", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((unit) => unit.sentinel === SENTINELS.evaluatedString)).toBe(true);
  });

  it("a plain declaration of a written name gives none", async () => {
    const analysis = await analyze("declare -x R; read <<< 'a[$(git push origin main)]'");
    expect(analysis.units.some((unit) => unit.sentinel === SENTINELS.evaluatedString)).toBe(false);
  });
});
