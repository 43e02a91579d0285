// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { analyze, opaqueWrapper } from "./helpers.ts";

/** Whether the analysis holds the path nobody knows that a git word of unknown role names. */
async function roleUnknown(command: string): Promise<boolean> {
  const analysis = await analyze(command);
  return analysis.paths.some(
    (path) =>
      path.path === null &&
      path.access === "read_write" &&
      path.raw.startsWith("$(the options or files"),
  );
}

/** The sentinel of the git unit. */
async function gitSentinel(command: string): Promise<string | null> {
  const analysis = await analyze(command);
  return analysis.units.find((unit) => unit.argv[0] === "git")?.sentinel ?? null;
}

/**
 * A word only known at run time among git's arguments may be any git option, or several
 * words. Traced under bash 5.2 (C15, F15): `git log -1 $(printf -- --output=.env)` writes
 * /repo/.env, `git stash $(printf -- -a)` stashes (and removes) the ignored .env,
 * `git log -n $(printf '1 --output=/tmp/x')` writes /tmp/x, `git fetch "$X" .` with
 * X=--upload-pack='git push origin main;' runs git push, and
 * `a=(core.fsmonitor 'rm -rf build'); git config "${a[@]}"; git status` runs rm.
 */
describe("git: a computed word may be any option", () => {
  it.each([
    ["a substitution", "git log -1 $(printf -- --output=.env)"],
    ["a read value", "read o < f; git diff $o"],
    ["a read value, quoted", 'read -r X < f; git log -1 "$X"'],
    ["a value the walk merged after if", "if true; then o=--output=.env; fi; git log -1 $o"],
    ["stash's option", "git stash $(printf -- -a)"],
    ["format-patch -o", "git format-patch -1 $(printf -- -o/tmp/p)"],
    ["fast-export's marks file", "git fast-export $(printf -- --export-marks=.env) HEAD"],
    ["an array spread", 'a=(); a+=(--output=.env); git log -1 "${a[@]}"'],
    // (On every path `set -- WORDS` decides them: f19-positional-words.test.ts.)
    ["the positional parameters", '[ -f a ] && set -- --output=.env; git log -1 "$@"'],
    ["a function argument", 'f() { git log -1 "$1"; }; f --output=.env'],
    ["the last argument of the command before", "echo --output=.env >/dev/null; git log -1 $_"],
    ["an option's separate value that splits", "git log -n $(printf '1 --output=/tmp/x')"],
    ["an option's glued value that splits", "git log --author=$(printf 'x --output=/tmp/x')"],
    ["a cluster completed at run time", "read x; git log -$x"],
    ["a long option named at run time", "read x; git log --out$x"],
    ["a message glued unquoted", "read m; git commit -m$m"],
    ["a subcommand without a table", "read x; git merge-file $x"],
  ])("%s: %s", async (_note, command) => {
    expect(await roleUnknown(command)).toBe(true);
  });

  it.each([
    ["fetch's --upload-pack", 'X=$(tr _ - <<< __upload-pack=x); git fetch "$X" .'],
    ["ls-remote's --upload-pack", 'read X; git ls-remote "$X" .'],
    ["grep -O", 'read X; git grep "${X}vim" -e x'],
    ["archive --exec", 'read X; git archive "$X" --remote=. HEAD'],
    [
      "config keys that run programs",
      'a=(); a+=(core.fsmonitor x); git config "${a[@]}"; git status',
    ],
    ["config --file", 'read X; git config "$X" --list'],
    ["commit --edit starts the editor", 'read X; git commit -m m "$X"'],
  ])("where an option runs a program, nothing is proven: %s: %s", async (_note, command) => {
    expect(await gitSentinel(command)).toBe(opaqueWrapper);
  });

  it.each([
    // rev-parse and merge-base print object names; a revision they cannot resolve is printed
    // back as written, here a word with no `-` start, no blank and no glob character.
    ["rev-parse's object name", "git show $(git rev-parse HEAD)"],
    ["rev-parse --short", "git show $(git rev-parse --short HEAD~1)"],
    ["merge-base's object name", "git diff $(git merge-base main HEAD)"],
    ["merge-base in a range", "git diff $(git merge-base origin/main HEAD)..HEAD"],
    ["a count", 'git log -n "$(git rev-list --count HEAD)"'],
    // The environment is the user's: Pi starts each call's shell from its own.
    ["an inherited variable", 'git log "$BRANCH"'],
    ["an inherited variable, unquoted", "git log $BRANCH"],
    ["an option's quoted value", 'read m; git commit -m "$m"'],
    ["a value glued to a letter that takes one", 'read m; git commit -qm"$m"'],
    ["a long option's glued value", 'read a; git log --author="$a"'],
    ["a quoted operand after --", 'read f; git add -- "$f"'],
    ["a quoted word with a literal start", 'read v; git tag -a "v$v" -m release'],
    ["a value the string assigns", "o=HEAD~1; git log $o"],
  ])("keeps its role: %s: %s", async (_note, command) => {
    expect(await roleUnknown(command)).toBe(false);
  });

  it("a word whose value is known is no unknown role", async () => {
    expect(await gitSentinel("git log -1 HEAD")).toBeNull();
  });
});
