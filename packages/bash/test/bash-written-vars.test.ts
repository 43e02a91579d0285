// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * Traced under bash 5.2 (round 11a K-a1..K-a3, K-a13; corpus adv9c-s*): bash writes some
 * variables itself, with no `NAME=` statement the walk could follow, so an earlier literal
 * assignment to one of them says nothing about the value a later `$NAME` has.
 */
describe("adversarial: a variable bash writes itself is not the string's stale literal", () => {
  it.each([
    ["[[ =~ ]] writes BASH_REMATCH", "BASH_REMATCH=README.md; [[ .env =~ .+ ]]; cat $BASH_REMATCH"],
    [
      "BASH_REMATCH copied into another variable",
      "BASH_REMATCH=README.md; [[ .env =~ .+ ]]; y=$BASH_REMATCH; cat $y",
    ],
    ["cd writes OLDPWD", "OLDPWD=README.md; cd src; cat $OLDPWD"],
    ["pushd writes OLDPWD", "OLDPWD=README.md; pushd src >/dev/null; cat $OLDPWD"],
    ["every command writes _", "_=README.md; echo .env >/dev/null; cat $_"],
    ["DIRSTACK is the working directory", "DIRSTACK=README.md; cat $DIRSTACK"],
    ["FUNCNAME ignores an assignment", "FUNCNAME=README.md; cat $FUNCNAME"],
    ["${x:=w} assigns inside a word", "x=; echo ${x:=.env}; cat $x"],
    ["${x=w} after unset", "x=README.md; unset x; : ${x=.env}; cat $x"],
    ["${x:=w} nested in another operand", "x=; echo ${y:-${x:=.env}}; cat $x"],
    ["${x:=w} in an assignment value", "x=; y=${x:=.env}; cat $x"],
    ["${!n:=w} assigns the variable n names", "x=; n=x; echo ${!n:=.env}; cat $x"],
  ])("%s: %s", async (_note, command) => {
    const found = paths(await analyze(command));
    expect(found).toContain("read:?");
    expect(found).not.toContain("read:/repo/README.md");
  });

  it.each([
    ["a plain variable", "x=README.md; cat $x", "read:/repo/README.md"],
    [
      "a default that assigns another name",
      "f=README.md; : ${g:=src}; cat $f",
      "read:/repo/README.md",
    ],
    ["a default that only reads", "x=README.md; echo ${x:-.env}; cat $x", "read:/repo/README.md"],
  ])("%s keeps its literal: %s", async (_note, command, path) => {
    expect(paths(await analyze(command))).toEqual([path]);
  });
});
