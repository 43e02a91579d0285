// R24 tmux-config / written-bare-name (traced under bash 5.2 in the oracle): a file the string
// wrote under a bare name, handed to a program that runs it, was not seen. `> x; tmux -f x new
// -d` ran the file's run-shell line (`sh -c 'git push origin main'`): a script runner with no
// grammar took its script as the first operand, and skipped `x` as a launcher subcommand
// (`npm x`, `node inspect`); `> x; npm init -y --init-module x` ran x as JavaScript: a package
// tool's option values were checked only for code-shaped names (`x.js`).
import { describe, expect, it } from "vitest";
import { unproven } from "./helpers.ts";

const RUN = `printf 'run-shell "git push origin main"\\n' >`;
const JS = `echo 'require("child_process").execSync("git push origin main")' >`;

describe("a file the string wrote under a bare name, run by the program given it", () => {
  it.each([
    `${RUN} x; tmux -f x new -d`,
    `${RUN} x; tmux -f x start-server`,
    `${RUN} x; tmux -fx new -d`,
    `${RUN} run; tmux -f run new -d`,
    `${RUN} exec; tmux -f exec new -d`,
    `${RUN} cfg; tmux -L s -f cfg new -d`,
    `${JS} x; npm init -y --init-module x`,
    `${JS} x; npm init -y --init-module=x`,
    `${JS} m; pnpm init --init-module m`,
    `${JS} x; npm_config_init_module=x npm init -y`,
    `${JS} x; export NPM_CONFIG_INIT_MODULE=x; npm init -y`,
  ])("%j is not proven", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    "echo 'a' > notes.txt; sed -n 1p notes.txt; awk '{print}' notes.txt; head -1 README.md",
    `${RUN} x; tmux new -d -s work`,
    `${JS} x; npm init -y`,
    "echo x > /tmp/out.txt; node inspect app.js",
  ])("%j stays proven", async (command) => {
    expect(await unproven(command)).toBe(false);
  });
});
