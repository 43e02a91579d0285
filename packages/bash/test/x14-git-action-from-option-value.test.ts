import { describe, expect, it } from "vitest";
import { gitAction, gitLongTakesValue } from "../src/programs/git-options.ts";
import { wordFromText } from "../src/read/words.ts";
import { analyze, gatesView, globPaths, indirectionWrapper } from "./helpers.ts";

/** gitAction of `NAME REST…`. */
function action(command: string): string | null | undefined {
  const [name, ...rest] = command.split(" ");
  return gitAction(
    name as string,
    rest.map((text) => wordFromText(text)),
  );
}

describe("a subcommand's action is the first word that is no option and no option's value", () => {
  it.each([
    // stash: an option first is the default action (push), its value no action word
    ["stash -m list", null],
    ["stash -qa -m list", null],
    ["stash --message drop --al", null],
    ["stash list", "list"],
    ["stash -- list", null],
    // notes: its own --ref takes a value, the action comes after it
    ["notes --ref list edit", "edit"],
    ["notes --re list edit", "edit"],
    ["notes --ref=list edit", "edit"],
    ["notes --ref edit list", "list"],
    ["notes --ref x", null],
    ["remote -v add x y", "add"],
    // an option the subcommand's own table does not know: not known
    ["notes --bogus edit", undefined],
    ["worktree --x add y", undefined],
  ])("git %s: %s", (command, expected) => {
    expect(action(command)).toBe(expected);
  });

  it("does not know a computed action", () => {
    expect(gitAction("notes", [wordFromText("$A", { computed: true })])).toBe(undefined);
  });

  it.each([
    ["git stash -m list --al", "git stash push -m list --all"],
    ["git stash -qa -m list", "git stash push -q -a -m list"],
    ["git stash -m drop --al", "git stash push -m drop --all"],
    ["git stash -m create -qa", "git stash push -m create -q -a"],
    ["git stash --mes list --al", "git stash push --message list --all"],
    ["git stash -m show -p", "git stash push -m show -p"],
    ["git notes --ref list edit", "git notes edit"],
    ["git notes --ref=list edit", "git notes edit"],
    ["git notes --ref list add", "git notes add"],
  ])("%s is judged as %s", async (written, spelled) => {
    expect(await gatesView(written)).toBe(await gatesView(spelled));
  });

  it.each(["git stash -m list --al", "git notes --ref list edit", "git stash -m show -p"])(
    "%s is not proven",
    async (command) => {
      const analysis = await analyze(command);
      const asked =
        analysis.units.some((unit) => unit.sentinel === indirectionWrapper) ||
        globPaths(analysis).some((path) => path.startsWith("read_write:"));
      expect(asked).toBe(true);
    },
  );

  it("keeps the actions that edit nothing proven", async () => {
    for (const command of ["git notes --ref edit list", "git notes list", "git stash show -p"]) {
      expect((await analyze(command)).units[0]?.sentinel, command).toBe(null);
    }
  });
});

describe("an exact long option wins over the longer ones it starts", () => {
  it.each([
    ["fetch", "recurse-submodules", false],
    ["fetch", "recurse-submodules-default", true],
    ["fetch", "recurse-submodules-d", true],
    ["fetch", "depth", true],
    ["pull", "recurse-submodules", false],
    ["pull", "jobs", false],
    ["remote add", "mirror", false],
    ["remote add", "track", true],
  ] as const)("git %s --%s takes the next word: %s", (key, written, expected) => {
    expect(gitLongTakesValue(key, written)).toBe(expected);
  });

  it.each([
    [
      "git remote add x git@h:r; git fetch --recurse-submodules x",
      "git remote add x git@h:r; git fetch x",
    ],
    [
      "git remote add x git@h:r; git pull --recurse-submodules x main",
      "git remote add x git@h:r; git pull x main",
    ],
    ["git fetch --recurse-submodules git@h:r", "git fetch git@h:r"],
  ])("%s connects as %s does", async (written, plain) => {
    const ssh = async (command: string) =>
      (await analyze(command)).units
        .filter((unit) => unit.executed?.[0] === "ssh")
        .map((unit) => unit.executed?.join(" "));
    expect(await ssh(written)).toHaveLength(1);
    expect(await ssh(written)).toEqual(await ssh(plain));
  });
});
