import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** The sentinel of the unit whose words start with `words`. */
async function floorOf(command: string, words: string): Promise<string | null> {
  const analysis = await analyze(command);
  const unit = analysis.units.find((u) => u.argv.join(" ").startsWith(words));
  expect(unit).toBeDefined();
  return unit?.sentinel ?? null;
}

describe("an interpreter with only options after a program no table knows reads what it feeds", () => {
  // strace (here-document fed .po): msgexec -i - python3 -u ran python3 -u, which ran the
  // message's `git push`; the same with perl -w and msgfilter.
  it.each([
    ["msgexec -i messages.po python3 -u", "msgexec"],
    ["msgexec -i messages.po python3.12 -OO", "msgexec"],
    ["msgexec -i messages.po perl -w", "msgexec"],
    ["msgexec -i messages.po ruby -w", "msgexec"],
    ["msgexec -i messages.po node --no-warnings", "msgexec"],
    ["msgexec -i messages.po php -n", "msgexec"],
    ["msgexec -i messages.po bash -e", "msgexec"],
    ["msgexec -i messages.po /usr/bin/python3 -u -B", "msgexec"],
    ["msgfilter -i x.po perl -w", "msgfilter"],
    ["cat README.md | pee 'python3 -u' 'perl -w'", "pee"],
    // GNU parallel with no command runs each line it is fed.
    ["msgexec -i messages.po parallel", "msgexec"],
    ["msgexec -i messages.po parallel -j4", "msgexec"],
  ])("%s floors %s", async (command, program) => {
    expect(await floorOf(command, program)).not.toBeNull();
  });

  it.each([
    // A script operand, code on the line, a version: nothing read from stdin.
    ["msgexec -i messages.po python3 -u s.py", "msgexec"],
    ["uv run python3 -X dev app.py", "uv run"],
    ["uv run python3 -m pytest -q", "uv run"],
    ["hyperfine 'python3 app.py'", "hyperfine"],
    ["mytool python3 --version", "mytool"],
    // A program that takes an interpreter's name as a name.
    ["conda install python3 -y", "conda"],
    ["pkill -f python3 -9", "pkill"],
    ["brew install parallel", "brew"],
    // An option's value.
    ["./run.sh --mode parallel", "./run.sh"],
  ])("%s leaves %s as it is", async (command, program) => {
    expect(await floorOf(command, program)).toBeNull();
  });
});

describe("process matchers run none of their words", () => {
  // pkill, pgrep, killall and pidof match their words against running processes' names or
  // command lines; a pattern that reads as a command line is still only a pattern.
  it.each([
    ["pkill -f 'node dist/server.js'", "pkill"],
    ["pgrep -f 'python3 -c x'", "pgrep"],
    [`pkill -f 'bash -c "npm run dev"'`, "pkill"],
    ["killall -r 'sh;x'", "killall"],
    ["pidof python3", "pidof"],
  ])("%s leaves %s as it is", async (command, program) => {
    const analysis = await analyze(command);
    expect(analysis.units.map((u) => u.argv[0])).toEqual([program]);
    expect(await floorOf(command, program)).toBeNull();
  });
});
