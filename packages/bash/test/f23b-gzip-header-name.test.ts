import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function writes(command: string) {
  const analysis = await analyze(command);
  return analysis.paths.filter((path) => path.access === "write" || path.access === "read_write");
}

/** Whether the analysis writes the whole folder (below it): where the header's name may land. */
async function writesBelow(command: string, folder: string): Promise<boolean> {
  return (await writes(command)).some((path) => path.glob === `${folder}/**`);
}

// R22 gzip-name (traced): with -N/--name a decompressor writes the name stored in the gzip
// header, any name in the input's folder, not the operand's name without its suffix.
describe("gzip -N writes the header's name in the input's folder", () => {
  it.each([
    "gunzip -N x.gz",
    "gzip -d --name x.gz",
    "gunzip --na x.gz",
    "gunzip -Nf x.gz",
    "gzip -dN x.gz",
    "gzip -N -d -- x.gz",
    "GZIP=-N gunzip x.gz",
    "GZIP='-q --name' gzip -d x.gz",
    'GZIP="$o" gunzip x.gz',
    "env GZIP=-N gunzip x.gz",
    "export GZIP=-N; gunzip x.gz",
    "pigz -dN x.gz",
    "unpigz --name x.gz",
    "PIGZ=-N unpigz x.gz",
    "uncompress -N x.gz",
    "lzop -dN x.lzo",
  ])("%s writes below /repo", async (command) => {
    expect(await writesBelow(command, "/repo")).toBe(true);
  });

  it("the folder is the operand's", async () => {
    expect(await writesBelow("gunzip -N /home/user/x.gz", "/home/user")).toBe(true);
    expect(await writesBelow("gunzip -N sub/x.gz", "/repo/sub")).toBe(true);
  });

  it.each([
    "gunzip x.gz",
    "gunzip -N -c x.gz",
    "gzip -N x",
    "zcat -N x.gz",
    "GZIP=-9 gunzip x.gz",
    "export GZIP=-9; gunzip x.gz",
    "gunzip -n x.gz",
  ])("%s writes no folder", async (command) => {
    expect(await writesBelow(command, "/repo")).toBe(false);
  });
});
