import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function sentinelOf(command: string): Promise<string | null> {
  const analysis = await analyze(command);
  const unit = analysis.units.find((u) => u.argv[0] === "python3");
  expect(unit).toBeDefined();
  return unit?.sentinel ?? null;
}

const CODE = `'import os; os.system("git push origin main")'`;

describe("python module runners told to run a module in other spellings", () => {
  // strace (M20): trace's argparse took --modu, --modul and --mod for --module and ran timeit
  // with the code as its statement (sh -c git push origin main); cProfile and profile
  // (optparse) took -m inside a letter group (-mo x, -ms time) and ran timeit the same way.
  it.each([
    `python3 -m trace --trace --modu timeit ${CODE}`,
    `python3 -m trace --trace --modul timeit ${CODE}`,
    `python3 -m trace --count --mod timeit ${CODE}`,
    `python3 -m trace --count --mo timeit ${CODE}`,
    `python3 -m trace --count --mod=timeit ${CODE}`,
    `python3 -m cProfile -mo x timeit ${CODE}`,
    `python3 -m profile -ms time timeit ${CODE}`,
    `python3 -m cProfile -m -o x timeit ${CODE}`,
    "python3 -m cProfile -sm",
  ])("%s is not proven", async (command) => {
    expect(await sentinelOf(command)).not.toBeNull();
  });

  it.each([
    "python3 -m cProfile -m mypkg.main",
    "python3 -m cProfile -o prof.out app.py",
    "python3 -m cProfile -s cumtime app.py",
    "python3 -m trace --count --module mypkg",
    "python3 -m trace --count --mod mypkg",
  ])("%s stays proven", async (command) => {
    expect(await sentinelOf(command)).toBeNull();
  });
});
