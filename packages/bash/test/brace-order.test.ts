// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * Traced under bash 5.2 (round 11a K-a6, K-a7; corpus adv9c-b*): brace expansion is the first
 * expansion and is textual, so an alternative may lengthen a variable's name (`$x{b,}` is
 * `$xb $x`), and a `~` that starts an alternative is tilde-expanded in its own word.
 */
describe("adversarial: brace expansion runs before parameter and tilde expansion", () => {
  it.each([
    ["an alternative lengthens the name", "xb=.env; x=README.md; cat $x{b,}"],
    ["a sequence lengthens the name", "x=README.md; xb=.env; cat $x{b..b}"],
    ["a digit lengthens the name", "a=README.md; a1=.env; cat $a{1,}"],
    ["an underscore lengthens the name", "x=README.md; x_=.env; cat $x{_,}"],
  ])("%s: %s", async (_note, command) => {
    expect(paths(await analyze(command))).toContain("read:?");
  });

  it.each([
    ["{~,x}/f", "cat {~,x}/notes.txt", "read:/home/user/notes.txt"],
    ["{x,~}/f", "cat {x,~}/notes.txt", "read:/home/user/notes.txt"],
    ["{/dev/null,~/f}", "cat {/dev/null,~/notes.txt}", "read:/home/user/notes.txt"],
    ["{~+,x}", "cat {~+,x}/../home/user/notes.txt", "read:/home/user/notes.txt"],
  ])("a ~ that starts an alternative is the home folder: %s", async (_note, command, path) => {
    expect(paths(await analyze(command))).toContain(path);
  });

  it.each([
    [
      "a braced name does not grow",
      "x=.env; cat ${x}{,.local}",
      ["read:/repo/.env", "read:/repo/.env.local"],
    ],
    [
      "a quoted name does not grow",
      'x=README.md; cat "$x"{y,}',
      ["read:/repo/README.mdy", "read:/repo/README.md"],
    ],
    [
      "a ~ inside an alternative stays text",
      "cat README.md{,~/notes.txt}",
      ["read:/repo/README.md", "read:/repo/README.md~/notes.txt"],
    ],
  ])("%s: %s", async (_note, command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });
});
