import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

// S32 F-prec formatter-file-operands: `echo x > notes.txt; black src/app.py` asked: the
// formatter's operand `src/app.py` was read as a command it may run (a program of the
// project's, named by a path), and so as loading the written notes.txt. A formatter or linter
// formats or checks the files it is given; it runs none of them. What it loads (settings, a
// plugin an option or settings file names) is still judged by name and option value.

/** Whether no unit carries a sentinel. */
async function plain(command: string): Promise<boolean> {
  const analysis = await analyze(command);
  return analysis.units.every((unit) => unit.sentinel === null);
}

describe("s32: a formatter's file operands are files, not commands", () => {
  it.each([
    "echo x > notes.txt; black src/app.py",
    "echo x > notes.txt; isort src/app.py",
    "echo x > notes.txt; rustfmt src/main.rs",
    "echo x > notes.txt; shfmt -w scripts/a.sh",
    "echo x > notes.txt; clang-format -i src/a.c",
    "echo x > notes.txt; ruff format src/a.py",
  ])("%s is judged by its words", async (command) => {
    expect(await plain(command)).toBe(true);
  });

  it.each([
    // Settings and plugins it loads, written by the string.
    "echo x > .prettierrc.js; prettier --write src/a.ts",
    "echo x > p; prettier --plugin ./p --write src/a.ts",
    "echo x > eslint.config.js; eslint --fix src/a.ts",
    "echo x > r.rb; rubocop --require ./r.rb -a lib/a.rb",
    "echo x > pyproject.toml; black src/app.py",
    "echo x > rust-toolchain.toml; rustfmt src/main.rs",
  ])("%s is not proven", async (command) => {
    expect(await plain(command)).toBe(false);
  });
});
