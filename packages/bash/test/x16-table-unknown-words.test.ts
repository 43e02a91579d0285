// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function sentinels(command: string): Promise<(string | null)[]> {
  const analysis = await analyze(command);
  return analysis.units.map((unit) => unit.sentinel);
}

/**
 * B16 program-rule-words-from-expansion: a program's own table (an executor rule, a home
 * configuration writer) decides from its literal words; a word only known at run time may be
 * the one it keys on. Traced under bash 5.2: `a=(config); pip3 "${a[0]}" set global.index-url
 * http://x/` writes ~/.config/pip/pip.conf, `read v < f; kubectl "$v" set-credentials …`
 * writes ~/.kube/config, `deno "${u1:-run}" "${u2:--A}" "${u3:--}"` runs stdin's code.
 */
describe("a word only known at run time where a program's table reads words", () => {
  it.each([
    ["an array element as pip's subcommand", 'a=(config); pip3 "${a[0]}" set global.index-url x'],
    ["a read value as kubectl's subcommand", 'read v < f; kubectl "$v" set-credentials u'],
    ["a substitution as pip's subcommand", 'pip3 "$(cat f)" set global.index-url x'],
    ["defaults as deno's subcommand and stdin", 'deno "${u1:-run}" "${u2:--A}" "${u3:--}"'],
    ["substrings as emacs options", 'v1=QQ--batchQQ; emacs "${v1:2:7}" "${v2:2:6}"'],
    ["a lowercased value as cargo's words", 'v1=RUN; cargo "${v1,,}" --config x'],
    ["an indirect value as docker's subcommand", 'v1=trust; r=v1; docker "${!r}" key generate d'],
    // B16 computed-value-in-shaped-path-slot: openssl opened /etc/hostname, java the agent jar.
    ["a substitution as openssl's -passin", 'openssl rsa -passin "$(cat f)" -in key.pem'],
    ["an array element in openssl's file: value", 'a=(/etc/x); openssl rsa -passin "file:${a[0]}"'],
    ["printf -v as java's -javaagent", 'printf -v v %s -javaagent:/x.jar; java "$v" -version'],
  ])("%s: %s", async (_note, command) => {
    expect(await sentinels(command)).toContain("<computed-word>");
  });

  // perl's two-argument open reads an operand only known at run time as a possible mode
  // (`git push|`): the opaque rule floors it before the table's word check (F20c, M20).
  it("an array element as a perl program's operand: a1=('git push|'); splain \"${a1[0]}\"", async () => {
    expect(await sentinels("a1=('git push|'); splain \"${a1[0]}\"")).toContain(
      "<opaque-bash-wrapper>",
    );
  });

  it.each([
    // The environment is the user's; a substitution that prints plain words is one word.
    ["an inherited variable", 'pip3 install "$PKG"'],
    ["a plain-words substitution", 'kubectl get pods "$(git rev-parse HEAD)"'],
    // An interpreter's grammar places the word: after the script it is the script's.
    ["a script's argument", 'v=$(cat f); python3 x.py "$v"'],
    ["a program no table knows", 'v=$(cat f); echo "$v"'],
    ["literal words", "pip3 config list"],
  ])("%s stays proven: %s", async (_note, command) => {
    expect(await sentinels(command)).not.toContain("<computed-word>");
  });
});
