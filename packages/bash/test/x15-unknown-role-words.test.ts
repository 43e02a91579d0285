// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { analyze, globPaths } from "./helpers.ts";

/** Whether the analysis holds a path nobody knows that may be read and written below it. */
function roleUnknown(command: string): Promise<boolean> {
  return analyze(command).then((analysis) =>
    analysis.paths.some(
      (path) =>
        path.path === null &&
        path.glob === undefined &&
        path.access === "read_write" &&
        path.raw.startsWith("$(the options or files"),
    ),
  );
}

/**
 * A word only known at run time where a program expects text (grep's pattern, an option's
 * value) may be an option or several words: traced under bash 5.2 (C15), `grep $(printf --
 * -r) API .` reads /repo/.env, `read o <<< -r; grep "$o" KEY .` too, and
 * `read x <<< 'a /home/user/.ssh/id_rsa'; grep $x` opens the key.
 */
describe("a computed word whose role the program's reading cannot fix", () => {
  it.each([
    ["a substitution that may be an option", "grep $(printf -- -r) API ."],
    ["a read value, quoted: still any option", 'read o < f; grep "$o" KEY .'],
    ["a read value that may split into a pattern and files", "read x; grep $x"],
    ["an array spread", 'a=(); a+=(-r KEY .); grep "${a[@]}"'],
    ["after --, an unquoted value may still split into files", "read x; grep -- $x src/a"],
    ["an option's separate value that may split", "read x; grep -e $x src/a"],
    ["a default operand", "grep ${p:-x} KEY ."],
    ["a positional parameter", "grep $1 KEY ."],
    // A variable the string assigns is no longer the environment's.
    ["a function body reads the value given before the call", "f(){ grep $p src/a; }; p=-r; f"],
    ["a name only known at run time may be p", "read $(echo p) <<< -r; grep $p KEY ."],
    ["a name reference may assign p", "declare -n r=p; r=-r; grep $p KEY ."],
    ["after code the walk cannot follow", "source ./x; grep $p KEY ."],
  ])("%s: %s", async (_note, command) => {
    expect(await roleUnknown(command)).toBe(true);
  });

  it.each([
    ["a quoted value given to -e is a pattern", 'read x; grep -e "$x" src/a'],
    ["a quoted value after -- is one operand", 'read x; grep -- "$x" src/a'],
    // The environment is the user's: Pi starts each call's shell from its own.
    ["an inherited variable plays the role the command gives it", 'grep "$PATTERN" src/a'],
    ["unquoted too", "grep $PATTERN src/a"],
    // A glob's names are file names (walk/glob-names.ts decides when they may be options).
    ["a glob", "cat *"],
    ["a process substitution", "grep -c TODO <(git show HEAD:src/app.ts)"],
    ["a value the string assigns", "p=-n; grep $p KEY src/a"],
    // A computed file operand is already a path nobody knows: nothing is added.
    ["a file operand", 'read o; sort "$o" src/a'],
    ["a word with a literal start", 'read x; grep "x$x" src/a'],
  ])("%s: %s", async (_note, command) => {
    expect(await roleUnknown(command)).toBe(false);
  });

  it("an assigned option is read as the option", async () => {
    expect(globPaths(await analyze("p=-r; grep $p KEY ."))).toEqual([
      "read:/repo",
      "read:glob:/repo/**",
    ]);
  });
});
