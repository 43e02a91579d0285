// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
// printf, export, readonly, shopt and mapfile print, set a variable the analysis follows, or
// switch a glob option the analysis follows: run nothing, open nothing (strace: no execve).
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "git *": "allow", "cat *": "allow", "ls *": "allow", "echo *": "allow" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};

describe("side-effect-free builtins do not meet the catch-all", () => {
  it.each<[string]>([
    ["printf 'done\\n'"],
    ["printf '%-20s %s\\n' name value"],
    ["printf -- '%s\\n' a b"],
    ["printf '%s\\n' one two > list.txt; cat list.txt"],
    ['git log -3 | while IFS="|" read -r h s; do printf \'%-8s %s\\n\' "$h" "$s"; done'],
    ["printf '%s\\n' \"$(git branch --show-current)\""],
    ["export FOO=bar; echo ok"],
    ["export CI=true NODE_ENV=test && git status"],
    ["readonly D=src"],
    ["shopt -s nullglob; ls src"],
    ["shopt -s dotglob globstar; shopt -u nocaseglob; git status"],
    ["shopt -q extglob && echo on"],
    ["mapfile -t lines < README.md"],
    ["readarray -t -n 5 lines < README.md"],
    ["mapfile -d '' -t files < <(git ls-files -z)"],
    // A test of one double-quoted command substitution (the substitution is its own unit).
    ['test -n "$(git status --porcelain)" && echo dirty'],
    ['test -z "$(git status --porcelain)" && echo clean || echo dirty'],
    ['test "$(git rev-parse HEAD)" = abc'],
    // true, false and `:` ignore their arguments; a double-quoted value is one word, never
    // globbed (the editor git runs for GIT_EDITOR=true is `true "$FILE"`).
    ['true "$X"'],
    ["GIT_EDITOR=true git commit --amend"],
    ["GIT_EDITOR=true git rebase --continue"],
    ["GIT_EDITOR=: git merge --continue"],
    // A glob character inside quotes is text (`read -p "continue? "`).
    ['read -r -p "continue? " ans <<< y'],
    ["read -r -p 'ok [y/n] ' ans <<< y"],
  ])("%s is allowed", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe("allow");
  });

  it.each<[string, string]>([
    // printf -v assigns, and bash evaluates the subscript of its name (a plain name is
    // inert since P15: the analysis takes it as unknown afterwards).
    ["printf -v 'x[i]' '%s' y", "*"],
    ["printf -v 'a[$(id)]' x", ""],
    // An unquoted word only known at run time may be split and globbed.
    ['printf "%s\\n" $X', "*"],
    ['printf "%s\\n" "$(rm -f x)"', ""],
    // A computed format may be -v.
    ['printf "$F" x', "*"],
    // export of a function, an array or a computed name.
    ["export -f f", "*"],
    ["readonly -a xs=(a b)", "*"],
    ["export 'a[1]=x'", "*"],
    // shopt options the analysis does not follow (aliases, the last pipe stage, xtrace-like ones).
    ["shopt -s expand_aliases", "*"],
    ["shopt -s lastpipe", "*"],
    ["shopt extglob", "*"],
    // An unquoted value may be split and globbed; the configured editor may be any program.
    ["true $X", "*"],
    ["git commit --amend", "<indirection-bash-wrapper>"],
    // A test whose substitution is unquoted (split, globbed) or whose operator is computed.
    ["test $(git status --porcelain)", "*"],
    ['test "$(echo -v)" "a[$(id)]"', ""],
    // mapfile's callback runs code.
    ["mapfile -t -C 'rm -rf x' -c 1 lines < README.md", "*"],
    ["mapfile -t 'a[$(id)]' < README.md", "*"],
    // An unquoted glob character after read may list a folder.
    ["read -r x? < README.md", "*"],
    ["read -r -p $'a\\'' y? < README.md", "*"],
  ])("%s still asks (%s)", async (command, rule) => {
    const decision = await decideBash(CAUTIOUS, command);
    expect(decision.action).toBe("ask");
    if (rule !== "") expect(decision.rule).toBe(rule);
  });
});
