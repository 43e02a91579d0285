import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

// S33 gnu-time (r33d-gnu-time-01/02): `/usr/bin/time -v git status` asked under every policy,
// though `/usr/bin/time git status` did not. The `time` grammar keeps every option but -p
// unsafe for bash's keyword, which runs any other dash word as the command (`time -v ls`:
// "-v: command not found"). bash reserves `time` only as the first word of a command line,
// written plainly: `/usr/bin/time`, `\time`, `command time`, `env time`, `sudo time` run GNU
// time, whose options are its own (-p -a -v -q, -f FORMAT, -o FILE: the report file, a write).
// Traced: exec /usr/bin/time -v git status, then git status; no file opened, report on stderr.

/** The first unit's executed words and whether any unit is floored. */
async function judged(command: string): Promise<{ executed: string | null; plain: boolean }> {
  const analysis = await analyze(command);
  return {
    executed: analysis.units[0]?.executed?.join(" ") ?? null,
    plain: analysis.units.every((unit) => unit.sentinel === null),
  };
}

describe("s33: GNU time's options are read as GNU time's", () => {
  it.each([
    ["/usr/bin/time -v git status", "git status"],
    ["/usr/bin/time -v npm test", "npm test"],
    ["/usr/bin/time -p git status", "git status"],
    ["/usr/bin/time -f '%e s' -- git status", "git status"],
    ["/usr/bin/time --format=%M --quiet git status", "git status"],
    ["command time -v git status", "git status"],
    ["\\time -q git status", "git status"],
    ["env time --verbose git status", "git status"],
    // The wrapped command is what the gates judge (here they refuse /).
    ["/usr/bin/time -v rm -rf /", "rm -rf /"],
  ])("%s runs %s", async (command, executed) => {
    expect(await judged(command)).toEqual({ executed, plain: true });
  });

  it("judges -o's report file as written", async () => {
    const analysis = await analyze("/usr/bin/time -a -o build/time.log git status");
    expect(analysis.units[0]?.executed?.join(" ")).toBe("git status");
    expect(
      analysis.paths.some((path) => path.path === "/repo/build/time.log" && path.access !== "read"),
    ).toBe(true);
  });

  it.each([
    // bash's keyword: a dash word other than -p is run as the command.
    "time -v git status",
    "time -o t.log git status",
    "time --verbose git status",
    // What GNU time runs is still the command after its options; an unknown option stops it.
    "/usr/bin/time -x git status",
    "/usr/bin/time -V git status",
    'command time -v "$CMD"',
    // Its report written where a later runner loads it.
    "/usr/bin/time -f 'git push' -o run.sh true; sh run.sh",
  ])("%s is not proven", async (command) => {
    expect((await judged(command)).plain).toBe(false);
  });
});
