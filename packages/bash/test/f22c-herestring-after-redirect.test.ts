// Needless asks of session 21 (brief item 5): tree-sitter-bash 0.25.1 reads a here-string only
// among a command's words, so one after another redirect (`cat 2>/dev/null <<< x`) or with a
// descriptor (`cat 3<<< x`) was an ERROR: the call asked as unparseable, and the `<` left over
// read the word as a file (`cat 2>/dev/null <<< .env` was denied under P1). Traced under bash
// 5.2: cat runs and opens nothing; `bash 2>/dev/null <<< 'git push origin main'` runs git push.
// A here-string whose word is text as written is now parsed as a heredoc's `<&0` stand-in.
import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

describe("a here-string after a redirect or with a descriptor is read", () => {
  it.each([
    "cat 2>/dev/null <<< x",
    "cat 3<<< x",
    "cat >f <<<x; ls",
    'cat 2>&1 3<<< "a b" | wc -l',
    "cat 2>/dev/null <<< 'a b' | wc -l",
    "cat 2>/dev/null <<< .env",
  ])("%s parses and proves its units", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.status).toBe("ok");
    expect(analysis.units.every((unit) => unit.sentinel === null)).toBe(true);
  });

  it("the word is text, not a file", async () => {
    expect(paths(await analyze("cat 2>/dev/null <<< .env"))).toEqual([]);
    expect(paths(await analyze("cat >f <<<x"))).toEqual(["write:/repo/f"]);
  });

  it.each([
    "bash 2>/dev/null <<< 'git push origin main'",
    'sh 2>/dev/null <<< "git push origin"',
    'bash 3<<< "git push" 0<&3',
  ])("%s: the shell runs the string", async (command) => {
    const units = (await analyze(command)).units;
    expect(units.some((unit) => unit.argv[0] === "git" && unit.argv[1] === "push")).toBe(true);
  });

  it.each(["grep a 2>/dev/null <<< $x", 'cat 2>/dev/null <<< "$(id)"', "cat 2>/dev/null <<< ~/x"])(
    "%s: a word that expands is not taken as text",
    async (command) => {
      const analysis = await analyze(command);
      const floored = analysis.units.some((unit) => unit.sentinel !== null);
      const touched = analysis.paths.length > 0 || analysis.units.some((u) => u.argv[0] === "id");
      expect(floored || touched).toBe(true);
    },
  );
});
