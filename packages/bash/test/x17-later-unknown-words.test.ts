// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

async function sentinels(command: string): Promise<(string | null)[]> {
  const analysis = await analyze(command);
  return analysis.units.map((unit) => unit.sentinel);
}

/**
 * B16 program-rule-words-from-expansion, the tables 05b7922 left out. Traced under bash 5.2:
 * each word below comes from an array element, `readonly`, `declare -A`/`-l`, `${v:o:l}`,
 * `${v,,}` or `${u-'lit'}`, and the trace shows the same execve and opens as the literal
 * spelling: `watchexec -- 'bash -c "git push"'` runs git push, `msgexec -i x.po sh` runs each
 * message, `bind '$include ~/.ssh/id_rsa'` reads the key, `printf -v PS4 …; set -x` runs PS4.
 */
describe("a word only known at run time where a program's later words are read", () => {
  it.each([
    [
      "array elements as watchexec's command line",
      'a1=(); a1+=(\'--\'); a2=(); a2+=(\'bash -c "git push"\'); watchexec "${a1[@]}" "${a2[@]}"',
    ],
    [
      "substrings as watchexec's words",
      'v1=\'QQ--QQ\'; v2=\'QQbash -c "git push"QQ\'; watchexec "${v1:2:2}" "${v2:2:18}"',
    ],
    [
      "readonly values as nodemon's --exec",
      "readonly v1='--exec'; readonly v2='python3 -c x'; nodemon \"$v1\" \"$v2\"",
    ],
    ["a default as hyperfine's command", "hyperfine ${u1-'python3 -c x'}"],
    [
      "lowercased values as unbuffer's command",
      "declare -l v1='BASH'; declare -l v2='-C'; unbuffer \"$v1\" \"$v2\" x",
    ],
    [
      "lowercased values as msgexec's program",
      "v5='-I'; v6='X.PO'; v7='SH'; msgexec \"${v5,,}\" \"${v6,,}\" \"${v7,,}\"",
    ],
    [
      "an associative element as corepack's subcommand",
      "declare -A m1=([k]='enable'); corepack \"${m1[k]}\"",
    ],
    [
      "printf -v values as xgettext's -f",
      "printf -v v4 %s '-f'; printf -v v5 %s '-'; echo x | xgettext \"$v4\" \"$v5\"",
    ],
    ["a substitution's output", 'watchexec -- "$(cat f)"'],
  ])("%s: %s", async (_note, command) => {
    expect(await sentinels(command)).toContain("<computed-word>");
  });

  it.each([
    // A substitution that prints plain words, or the user's environment, is known enough.
    ["a plain-words substitution", 'mytool --rev "$(git rev-parse HEAD)"'],
    ["an inherited variable", 'mytool "$HOME"'],
    ["literal words", "mytool build --release"],
    // A name the string defined as a function runs its body, walked where it is defined.
    ["a function's arguments", 'main() { git status; }; main "$@"'],
    ["a function's literal argument", "main() { git status; }; main 'bash -c \"git push\"'"],
  ])("%s stays proven: %s", async (_note, command) => {
    expect(await sentinels(command)).toEqual(
      expect.not.arrayContaining(["<computed-word>", "<opaque-bash-wrapper>"]),
    );
  });

  it("a function's body still judges what its arguments run", async () => {
    expect(await sentinels('f() { "$@"; }; f bash -c "git push"')).toContain(
      "<opaque-bash-wrapper>",
    );
  });
});

describe("a word only known at run time where a builtin reads its words", () => {
  it("bind: an element may be a $include line, a file nobody knows is read", async () => {
    const analysis = await analyze(
      "declare -A m1=([k]='$include /home/user/.ssh/id_rsa'); bind \"${m1[k]}\"",
    );
    expect(paths(analysis)).toContain("read:?");
  });

  it("bind: a lowercased value too", async () => {
    const analysis = await analyze("declare -l v1='$INCLUDE /HOME/USER/.SSH/ID_RSA'; bind \"$v1\"");
    expect(paths(analysis)).toContain("read:?");
  });

  it("bind: literal key bindings read no file", async () => {
    const analysis = await analyze("bind '\"\\C-x\": beginning-of-line'");
    expect(paths(analysis)).toEqual([]);
  });

  it("printf: a first word only known at run time may be -v, naming any variable", async () => {
    const command =
      "v1='QQ-v'; v2='QQPS4'; v3='QQ%s'; v4='QQ$(git push origin main)'; v7='QQ-x'; " +
      'printf "${v1: -2}" "${v2: -3}" "${v3: -2}" "${v4: -23}"; set "${v7: -2}"; :';
    expect((await sentinels(command)).some((sentinel) => sentinel !== null)).toBe(true);
  });

  it("printf: a literal format assigns nothing", async () => {
    expect(await sentinels('printf "%s\\n" "${v: -2}"')).toEqual([null]);
  });

  it("alias: an element may be NAME=VALUE, an alias that runs what nobody sees", async () => {
    const command = "shopt -s expand_aliases; a=('ls=git push'); alias \"${a[0]}\"\nls";
    expect(await sentinels(command)).toContain("<evaluated-string>");
  });

  it("alias: listing the aliases defines none", async () => {
    expect(await sentinels("alias -p")).toEqual([null]);
  });

  it("hash: an element may be -p, binding a name to any file", async () => {
    expect(await sentinels('a=(-p); hash "${a[0]}" /tmp/x git; git status')).toContain(
      "<evaluated-string>",
    );
  });
});
