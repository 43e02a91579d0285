// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** The sentinel of the npm unit. */
async function npmSentinel(command: string): Promise<string | null> {
  const analysis = await analyze(command);
  return analysis.units.find((unit) => unit.argv[0] === "npm")?.sentinel ?? null;
}

/**
 * A word only known at run time given to npm before `--` may be any npm option: traced under
 * bash 5.2 (F15 npm-option-from-computed-word), `npm run test "$X" "$Y"` with
 * X=--prefix=/usr/lib/node_modules/npm and Y=--node-options=--require=/repo/x.txt loads the
 * string-written x.txt into node and runs git push. After `--` the words are the script's.
 */
describe("npm: a computed word may be any npm option", () => {
  it.each([
    ["a read value", "read o < f; npm run test $o"],
    ["a quoted read value", 'read -r X < f; npm run build "$X"'],
    ["a substitution", 'npm run test "$(cat f)"'],
    ["mapfile's array", "mapfile -t o < f; npm run lint $o"],
    ["an array spread", 'a=(); a+=(--prefix=/tmp); npm test "${a[@]}"'],
    ["a function argument", 'f() { npm test "$1"; }; f --prefix=/tmp'],
    ["a computed option value", 'read p < f; npm run build --prefix="$p"'],
  ])("%s: %s", async (_note, command) => {
    expect(await npmSentinel(command)).not.toBeNull();
  });

  it.each([
    ["an environment variable", 'npm test -- --testNamePattern="$PATTERN"'],
    ["a read value after --", 'read X < f; npm run build -- --env="$X"'],
    ["a count after --", 'npm run lint -- --max-warnings="$(git diff --name-only | wc -l)"'],
    ["an unquoted value after --", "read X < f; npm test -- $X"],
    ["a literal script", "npm run build --silent"],
  ])("keeps its role: %s: %s", async (_note, command) => {
    expect(await npmSentinel(command)).toBeNull();
  });
});
