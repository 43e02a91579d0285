import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/** Whether the analysis leaves some read unknown (a computed twin), or reads `path` itself. */
async function reaches(command: string, path: string): Promise<boolean> {
  const found = paths(await analyze(command));
  return found.includes("read:?") || found.includes(`read:${path}`);
}

describe("adversarial: a climb below a name that may be a link is not resolved lexically", () => {
  it.each([
    // the link renamed, copied as a link, or linked again
    "ln -s . l; mv l m; cat m/../home/user/notes.txt",
    "ln -s . l; mv -T l m; cat m/../home/user/notes.txt",
    "ln -s . l; cp -P l m; cat m/../home/user/notes.txt",
    "ln -s . l; cp -a l m; cat m/../home/user/notes.txt",
    "ln -s . l; cp --no-dereference l m; cat m/../home/user/notes.txt",
    "ln -s . l; ln l m; cat m/../home/user/notes.txt",
    "ln -s . l; link l m; cat m/../home/user/notes.txt",
    "ln -s . l; git add l; git mv l m; cat m/../home/user/notes.txt",
    "mkdir d; ln -s . l; mv -t d l; cat d/l/../../home/user/notes.txt",
    "ln -s . l; rsync -a l m; cat m/../home/user/notes.txt",
    // ln's abbreviated long options
    "ln --sym . l; cat l/../home/user/notes.txt",
    "ln --symb . l; cat l/../home/user/notes.txt",
    // the climb spelled through an expansion, a brace or a loop variable
    "ln -s . l; x=l; cat $x/../home/user/notes.txt",
    "ln -s . l; x=l/..; cat $x/home/user/notes.txt",
    "ln -s . l; cat l/{..,x}/home/user/notes.txt",
    "ln -s . l; for d in l; do cat $d/../home/user/notes.txt; done",
    // a climb further down, past a real folder
    "ln -s . l; cat l/a/../../home/user/notes.txt",
    // a link made through a link folder: its relative target is read where that link leads
    "ln -s . l; ln -s ../home l/h; cat h/user/notes.txt",
  ])("%s", async (command) => {
    expect(await reaches(command, "/home/user/notes.txt")).toBe(true);
  });

  it("judges ln --rel's target from the working directory, as ln -r does", async () => {
    for (const command of [
      "mkdir d; ln -s --rel ../home/user d/h",
      "mkdir d; ln -s --relative ../home/user d/h",
      "mkdir d; ln -sr ../home/user d/h",
    ]) {
      expect(paths(await analyze(command)), command).toContain("read:/home/user");
    }
  });

  it("keeps plain renames and copies proven where nothing climbs through them", async () => {
    for (const command of [
      "mv build dist && ls dist",
      "cp README.md x && cat src/../README.md",
      "mkdir d; ln --sym ../README.md d/r; cat d/r",
      "ln -s ../README.md src/r && cat src/r",
    ]) {
      const found = paths(await analyze(command));
      expect(found, command).not.toContain("read:?");
      expect(
        found.every((path) => path.endsWith(":/repo") || path.includes(":/repo/")),
        command,
      ).toBe(true);
    }
  });
});
