// A program no table knows may run the command in its operands (`pg_virtualenv C`, `uv run C`,
// `ip netns exec NS C`, `./deploy.sh C`): whatever C runs, the hosted form may run too, so a
// policy that refuses C must not allow `UNKNOWN C`. (It may ask where C is denied: the host only
// may run C, so what is found by reading its words as C is at most ask; declaring the host a
// wrapper makes it deny.) The seeds are the corpus's refused bash cases whose first word names
// a program a built-in table reads (git, its dashed commands, a wrapper, an executor, a files
// program, a shell): those are the commands whose meaning needs the program's own reading (a
// git alias, npm's `pub`, a compiler joined with its flags, the files it writes), not only the
// literal scan of the words. A seed that starts with a shell builtin, a keyword, an assignment
// or a redirection has no hosted form (an external program cannot run `read` or `cd`). The
// BUILT `pi-permission check --batch` judges them, as metamorphic.test.ts does.
import { existsSync } from "node:fs";
import { builtinProgram } from "@pi-permission/bash";
import { beforeAll, describe, expect, it } from "vitest";
import { cli, judge, programWord, refusedBashSeeds } from "./corpus-batch.ts";

/** Programs nobody's table knows that run their operands as a command, each with its words. */
const HOSTS: readonly string[] = [
  "pg_virtualenv",
  "uv run",
  "ip netns exec x",
  "uclampset -m 0",
  "luit --",
  "poetry run",
  "systemd-inhibit",
  "./deploy.sh",
  "with-retry -n 3",
];

/** The first word of a seed when it is a plain program name a built-in table reads. */
function tableProgram(command: string): string | null {
  const first = programWord(command);
  if (first === null) return null;
  return builtinProgram(first) !== null || /^git-[a-z]/.test(first) ? first : null;
}

describe("an unknown program hosting a refused command never makes it allowed", () => {
  let tried: { id: string; policy: string; command: string }[];
  let verdicts: Map<string, string | undefined>;
  beforeAll(() => {
    expect(
      existsSync(cli),
      `${cli} is missing: build the cli first (npx tsup in packages/cli)`,
    ).toBe(true);
    const refused = refusedBashSeeds((command) => tableProgram(command) !== null);
    // Each seed in one host, consecutive seeds (often one class) in consecutive hosts.
    tried = refused.map((seed, position) => {
      const host = HOSTS[position % HOSTS.length] as string;
      return {
        id: `${seed.id}|${host}`,
        policy: seed.policy,
        command: `${host} ${seed.input.command as string}`,
      };
    });
    verdicts = judge(tried);
  }, 600_000);

  it("tries every host on thousands of refused seeds", () => {
    expect(tried.length).toBeGreaterThan(2000);
    expect(verdicts.size).toBe(tried.length);
  });

  it("gives no hosted form of a refused command an allow", () => {
    const weakened = tried
      .filter((trial) => verdicts.get(trial.id) === "allow")
      .map((trial) => ({ id: trial.id, command: trial.command }));
    expect(weakened, "hosted commands allowed though the bare command is refused").toEqual([]);
  });

  it.each([
    "pg_virtualenv git -c alias.p=push p origin main",
    "pg_virtualenv git-push origin main",
    "ip netns exec x npm pub",
    "uv run npm pub",
    "uclampset -m 0 make CC=git CFLAGS=push x.o",
    "./deploy.sh git -c alias.p=push p origin main",
  ])("%j asks under P3 (the host only may run it)", (command) => {
    expect(judge([{ id: "x", policy: "P3", command }]).get("x")).toBe("ask");
  });
});
