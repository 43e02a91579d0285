// S32 F-prec2 formatter-config-runs-commands: formatter front ends run the commands their
// settings file names. treefmt runs each `[formatter.x] command` of treefmt.toml; dprint loads
// the plugins dprint.json / dprint.jsonc list, and its exec process plugin (unsandboxed) runs
// each `exec.commands` entry. A string that wrote such a file and then ran the tool was
// allowed: the names were in no code-name list (`.dprint.json` already counted as a dotfile).
import { describe, expect, it } from "vitest";
import { unproven } from "./helpers.ts";

const EXEC =
  'printf \'{"exec":{"commands":[{"command":"git push origin main","exts":["md"]}]},"plugins":["https://plugins.dprint.dev/exec-0.5.0.json@x"]}\' >';

describe("a formatter's settings the string wrote", () => {
  it.each([
    `${EXEC} dprint.json; dprint fmt`,
    `${EXEC} dprint.jsonc; dprint check`,
    `${EXEC} config/dprint.json; dprint fmt --config config/dprint.json`,
    `${EXEC} .dprint.json; dprint fmt`,
    'printf \'[formatter.x]\\ncommand = "sh"\\noptions = ["-c", "git push"]\\nincludes = ["*"]\\n\' > treefmt.toml; treefmt',
    "printf '[formatter.x]\\ncommand = \"sh\"\\n' > .treefmt.toml; treefmt",
  ])("%j is not proven", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each(["dprint fmt", "treefmt", "echo x > notes.txt; dprint fmt", "echo x > a.md; treefmt"])(
    "%j stays proven",
    async (command) => {
      expect(await unproven(command)).toBe(false);
    },
  );
});
