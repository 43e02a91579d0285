// S31 help-runs-man-groff (R50, traced): a help command that formats a manual page runs man,
// and man runs groff: `npm help ls`, `git help log` and `git log --help` read a written
// devascii/DESC from GROFF_FONT_PATH and ran its postpro program, and a written man.local from
// $HOME. They meet man's rule: groff's search paths, and a written file in the project asks.
import { describe, expect, it } from "vitest";
import { analyze, unproven } from "./helpers.ts";

const DESC = "mkdir -p devascii; printf 'postpro /repo/p\\n' > devascii/DESC; install -m 755 a p";

describe("help commands run man and groff (S31 help-runs-man-groff)", () => {
  it.each([
    `${DESC}; GROFF_FONT_PATH=/repo npm help ls`,
    `${DESC}; GROFF_FONT_PATH=/repo git help log`,
    `${DESC}; GROFF_FONT_PATH=/repo git log --help`,
    `${DESC}; GROFF_FONT_PATH=/repo git --help log`,
    `${DESC}; GROFF_FONT_PATH=/repo git -C . help -m log`,
    `${DESC}; export GROFF_FONT_PATH=/repo; npm hlep ls`,
    "printf '.so /home/user/.ssh/id_rsa\\n' > man.local; HOME=/repo npm help ls",
    "printf 'x\\n' > /tmp/h/man.local; HOME=/tmp/h git help log",
    "printf 'x\\n' > /tmp/m/troffrc; GROFF_TMAC_PATH=/tmp/m cargo help build",
    "printf 'x\\n' > /tmp/m/troffrc; export GROFF_TMAC_PATH=/tmp/m; info ls",
    "printf 'x\\n' > notes; git help log",
    "printf 'x\\n' > notes; rustup man cargo",
  ])("%s runs what nobody read", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    "git help log",
    "npm help ls",
    "echo x > notes.md && git add notes.md && git commit -m x",
    "echo x > notes.md; git log -h",
    "echo x > notes.md; git help -a",
    "echo x > notes.md; npm ls",
    "echo x > /tmp/notes.md; git help log",
  ])("%s stays proven", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.filter((unit) => unit.sentinel !== null).map((u) => u.text)).toEqual([]);
  });
});
