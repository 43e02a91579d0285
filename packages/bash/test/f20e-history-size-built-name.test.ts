import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { analyze } from "./helpers.ts";

/**
 * Attack round M20, class name-operand-brace-or-partly-computed-HISTFILESIZE: a name built
 * from pieces (`read "${p}FILESIZE"` with p=HIST, `printf -v "${p}FILESIZE"`, a brace
 * `HISTFILESIZ{E,E}`, quotes inside it) still sets HISTFILESIZE. Traced under bash 5.2 with
 * strace: bash rewrote the file HISTFILE named (/home/user/notes.txt, through a .tmp copy).
 */
function touched(analysis: BashAnalysis, path: string, access: "read" | "write"): boolean {
  return analysis.paths.some(
    (each) =>
      each.path === path &&
      (access === "read" ? true : each.access === "write" || each.access === "read_write"),
  );
}

describe("HISTFILESIZE assigned through a name the walk spells", () => {
  it.each([
    "HISTFILE=/home/user/notes.txt; read HISTFILESIZ{E,E} <<< 0",
    "HISTFILE=/home/user/notes.txt; read HISTFILESIZ{E,} <<< '0 1'",
    "p3='HISTFI'; HISTFILE=/home/user/notes.txt; read \"$p3\"'LESIZE' <<< 0",
    'p=HIST; HISTFILE=/home/user/notes.txt; read "${p}FILESIZE" <<< 0',
    "p=HIST; HISTFILE=/home/user/notes.txt; read ${p}FILESIZE <<< 0",
    'HISTFILE=/home/user/notes.txt; p=HIST; printf -v "${p}FILESIZE" 0',
    'HISTFILE=/home/user/notes.txt; for p in HIST; do read "${p}FILESIZE" <<< 0; done',
    "HISTFILE=/home/user/notes.txt; read HISTFILESI''ZE <<< 0",
  ])("%j rewrites the history file", async (command) => {
    expect(touched(await analyze(command), "/home/user/notes.txt", "write")).toBe(true);
  });

  it.each(["echo $HISTFILESIZE", 'x=$HISTFILESIZE; echo "${HISTFILESIZE}"'])(
    "%j only reads it",
    async (command) => {
      expect((await analyze(command)).units.some((unit) => unit.argv[0] === "HISTFILESIZE")).toBe(
        false,
      );
    },
  );
});
