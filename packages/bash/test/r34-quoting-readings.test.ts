// R34 (attacker, a differential generator against bash 5.2, each finding traced): three places
// where the words the analysis read differed from bash's.
// - ansi-c-escaped-backslash: tree-sitter-bash ends `$'\\'` at a later `'`, so
//   `cat $'\\' .env '\'` was one word; bash reads `\`, `.env` and `\`.
// - dq-escaped-backquote: in double quotes `\`` is a backquote; the backslash was kept, so
//   `x="\`.env"; cat ${x#?}` read `.env` in bash but `` `.env `` here.
// - dq-string-gaps: in double quotes `$'` is text; after an expansion the grammar hands the `$`
//   over as an anonymous token, and blanks before the closing quote inside that quote's token:
//   both were left out (`"${y}$'.env"`, `"$y "`).
// - lone-brace-arg-glued: the grammar read `cat { {.env,x}` as `cat` and one word `{ {.env,x}`;
//   bash splits at the blank and brace-expands `{.env,x}`.
import { describe, expect, it } from "vitest";
import { loadBashAnalyzer, SENTINELS } from "../src/index.ts";
import { unquoteDouble } from "../src/read/words.ts";

const analyzer = await loadBashAnalyzer({ memoSize: 0 });
const analyze = (command: string) => analyzer.analyze(command, { cwd: "/repo", home: "/home/u" });

describe("r34: a `$'…'` the grammar ends elsewhere than bash", () => {
  it.each([
    "cat $'\\\\' .env '\\'",
    "echo $'\\\\' > .env '\\'",
    "env -u $'\\\\' git push origin main '\\'",
    "ls $'a\\\\' ~ 'b'",
  ])("%s is not read from the tree", (command) => {
    const analysis = analyze(command);
    expect(analysis.status).not.toBe("ok");
    expect(analysis.units.some((u) => u.sentinel === SENTINELS.unparseable)).toBe(true);
  });

  it.each<[string, string[]]>([
    ["cat $'\\x2eenv'", ["cat", ".env"]],
    ["cat $'a\\'b'", ["cat", "a'b"]],
    ["cat $'a\\\\b'", ["cat", "a\\b"]],
    ["echo $'\\\\'", ["echo", "\\"]],
    ["echo \"$'x'\"", ["echo", "$'x'"]],
  ])("%s, read whole, runs %j", (command, words) => {
    const analysis = analyze(command);
    expect(analysis.status).toBe("ok");
    expect(analysis.units.map((u) => u.executed)).toEqual([words]);
  });
});

describe("r34: double-quoted text as bash reads it", () => {
  it.each<[string, string]>([
    ["a\\b", "a\\b"],
    ["a\\$b", "a$b"],
    ["a\\`b", "a`b"],
    ['a\\"b', 'a"b'],
    ["a\\\\b", "a\\b"],
    ["a\\\nb", "ab"],
    ["a\\", "a\\"],
  ])("unquoteDouble(%j) is %j", (content, value) => {
    expect(unquoteDouble(content)).toBe(value);
  });

  it.each<[string, string[]]>([
    ['x="\\`.env"; cat ${x#?}', ["cat", ".env"]],
    ['x="\\`git"; ${x#?} push origin main', ["git", "push", "origin", "main"]],
    ['x="a\\`"; echo "${x%??}"', ["echo", ""]],
    ['echo "a\\b\\$c\\`d\\\\e"', ["echo", "a\\b$c`d\\e"]],
    ['y=; x="${y}$\'.env"; cat ${x#??}', ["cat", ".env"]],
    ['y=1; echo "x${y}$"', ["echo", "x1$"]],
    ['y=; x="${y}$.git"; ${x#??} push origin main', ["git", "push", "origin", "main"]],
    ['y=; x="$y "; cat ${x:+.env}', ["cat", ".env"]],
    ['y=; x="$y "; echo "[$x]"', ["echo", "[ ]"]],
    ['echo "a\\"$HOME\\" b"', ["echo", 'a"/home/u" b']],
  ])("%s runs %j", (command, words) => {
    expect(analyze(command).units.map((u) => u.executed)).toEqual([words]);
  });
});

describe("r34: a word of the grammar's that holds an unquoted blank", () => {
  it.each(["cat { {.env,x}", "ls { {~,x}", "env -u { {git,push} origin main"])(
    "%s is not read from the tree",
    (command) => {
      const analysis = analyze(command);
      expect(analysis.status).not.toBe("ok");
      expect(analysis.units.some((u) => u.sentinel === SENTINELS.unparseable)).toBe(true);
    },
  );

  it.each(['true "${X:?X is required}"', 'echo "${x:-a b}"', "echo a\\ b", "cat {a,b}"])(
    "%s keeps its reading: blanks in an operand or quoted are text",
    (command) => {
      expect(analyze(command).status).toBe("ok");
    },
  );
});
