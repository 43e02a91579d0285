import { describe, expect, it } from "vitest";
import { SYSTEM_WRITERS } from "../src/programs/paths.ts";
import { analyze } from "./helpers.ts";

const matches = SYSTEM_WRITERS.flatMap((entry) => entry.match);
const notMatches = SYSTEM_WRITERS.flatMap((entry) => entry.notMatch);

/** The files written outside the project and the home folder. */
async function systemWrites(command: string): Promise<(string | null)[]> {
  const analysis = await analyze(command);
  return analysis.paths
    .filter((p) => p.access !== "read" && !/^\/(repo|home\/user)(\/|$)/.test(p.path ?? "/repo"))
    .map((p) => p.path);
}

describe("administration tools that write system files with no path word (B22 system-writers)", () => {
  it.each(matches)("%s writes %s", async (command, path) => {
    const analysis = await analyze(command);
    expect(analysis.paths.map((p) => [p.path, p.access])).toContainEqual([path, "write"]);
  });

  it.each(notMatches)("%s writes no system file", async (command) => {
    expect(await systemWrites(command)).toEqual([]);
  });

  it.each([
    // strace as root (B22): the files each opened for writing.
    ["ldconfig", "/etc/ld.so.cache"],
    ["faillog -r", "/var/log/faillog"],
    ["systemd-machine-id-setup", "/etc/machine-id"],
    ["sudo useradd -m bob", "/etc"],
    ["/usr/sbin/groupadd devs", "/etc"],
    ["env LANG=C update-locale LANG=C", "/etc/default/locale"],
  ])("%s reaches %s through a wrapper or path as well", async (command, path) => {
    expect(await systemWrites(command)).toContain(path);
  });
});
