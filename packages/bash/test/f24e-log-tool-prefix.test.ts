import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** The accesses the analysis reports for one path. */
async function accesses(command: string, path: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.paths.filter((p) => p.path === path).map((p) => p.access);
}

describe("faillog and lastlog read their long options as getopt_long does (R24 class 22)", () => {
  it.each([
    // Traced in the oracle: each opened the log read-write.
    ["faillog --res -u root", "/var/log/faillog"],
    ["faillog --res", "/var/log/faillog"],
    ["faillog --max=3 -u root", "/var/log/faillog"],
    ["faillog --lock=5 -u root", "/var/log/faillog"],
    ["faillog -u root --re", "/var/log/faillog"],
    ["lastlog --cle -u root", "/var/log/lastlog"],
    ["lastlog --c -u root", "/var/log/lastlog"],
    ["lastlog --se -u root", "/var/log/lastlog"],
  ])("%s writes %s", async (command, path) => {
    expect(await accesses(command, path)).toContain("write");
  });

  it.each([
    // `--r` is ambiguous (`--reset`, `--root`); `--ro`, `--u`, `--t`, `--b` write nothing.
    ["faillog --r", "/var/log/faillog"],
    ["faillog --ro /x -a", "/var/log/faillog"],
    ["lastlog --u root", "/var/log/lastlog"],
    ["lastlog --b 3", "/var/log/lastlog"],
  ])("%s does not write %s", async (command, path) => {
    expect(await accesses(command, path)).not.toContain("write");
  });
});
