// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { FILE_COMMANDS, READERS } from "../src/programs/paths.ts";
import { analyze, paths } from "./helpers.ts";

/**
 * Each reader reads its options as its own `--help` gives them: the readers shared one table,
 * in which a letter that takes a value for one (`head -n 5`) was taken to eat the next word for
 * all (`cat -n 5`), and a value that looked like a count or one letter was dropped. Traced under
 * bash 5.2: `more -d 5 README.md` opened /repo/5; `less -b 5`, `more -n 5` did not.
 */
describe("a reader's flag leaves the next word a file", () => {
  it.each([
    ["cat -n 5", ["read:/repo/5"]],
    ["cat -s a", ["read:/repo/a"]],
    ["x=1; cat -n ${x:-README.md}", ["read:/repo/1"]],
    ["tac -b 5", ["read:/repo/5"]],
    ["tail -f 1", ["read:/repo/1"]],
    ["tail --follow 1", ["read:/repo/1"]],
    ["more -d 5", ["read:/repo/5"]],
    ["cut -s -f 1 5", ["read:/repo/5"]],
    ["od -c 5", ["read:/repo/5"]],
    ["stat -t 5", ["read:/repo/5"]],
    ["base64 -d 5", ["read:/repo/5"]],
    ["readlink -f 5", ["read:/repo/5"]],
    // du walks everything below its operand (l27: a recursive lister).
    ["du -s 5", ["read:/repo/5", "read:/repo/5/**"]],
    ["sha256sum -b 5", ["read:/repo/5"]],
    ["pr -n 5", ["read:/repo/5"]],
    ["pr -S 5", ["read:/repo/5"]],
    ["column -t 5", ["read:/repo/5"]],
    ["file -b 5", ["read:/repo/5"]],
    ["cd ~/.ssh && cat -s a", ["read:/home/user/.ssh", "read:/home/user/.ssh/a"]],
  ])("%s", async (command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });
});

describe("a value stays a value, and a file where the program reads one", () => {
  it.each([
    ["head -n 5 x", ["read:/repo/x"]],
    ["tail -n 3 x", ["read:/repo/x"]],
    ["more -n 5 x", ["read:/repo/x"]],
    ["less -b 5 x", ["read:/repo/x"]],
    ["cut -d / -f 2 x", ["read:/repo/x"]],
    ["nl -s x y", ["read:/repo/y"]],
    ["stat -c %n x", ["read:/repo/x"]],
    ["hexdump -f fmt x", ["read:/repo/x", "read:/repo/fmt"]],
    // du's walk marks every file it reads as walked below, its -X file too (a harmless excess).
    ["du -X ex .", ["read:/repo", "read:/repo/**", "read:/repo/ex", "read:/repo/ex/**"]],
    ["realpath --relative-to=/tmp x", ["read:/repo/x", "read:/tmp"]],
    ["cat x | less -o log", ["read:/repo/x", "write:/repo/log"]],
    ["less -T ~/.ssh/tags x", ["read:/repo/x", "read:/home/user/.ssh/tags"]],
  ])("%s", async (command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });

  it("reads each of file's -m magic files", async () => {
    const found = paths(await analyze("file -m ~/m:/etc/magic x"));
    expect(found).toEqual(expect.arrayContaining(["read:/home/user/m", "read:/etc/magic"]));
  });

  it("reads below zcat -r's folder", async () => {
    expect(paths(await analyze("zcat -r src"))).toContain("read:/repo/src/**");
  });
});

describe("the readers' table", () => {
  it("gives every reader a grammar of its own, with examples of its flags", () => {
    const byName = new Map(
      FILE_COMMANDS.flatMap((command) => command.names.map((name) => [name, command] as const)),
    );
    const missing = READERS.filter((name) => {
      const command = byName.get(name);
      return command === undefined || (command.flagExamples ?? []).length === 0;
    });
    expect(missing).toEqual([]);
  });
});
