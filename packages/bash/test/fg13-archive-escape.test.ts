import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** The paths a command writes, as `path` (or the glob). */
async function writes(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.paths
    .filter((path) => path.access !== "read")
    .map((path) => path.path ?? path.glob ?? "?");
}

describe("extractors that keep ../ and a leading / in member names write anywhere", () => {
  // strace: `python3 -m tarfile -e k.tar` and `cmake -E tar xf k.tar` wrote
  // /home/user/.ssh/authorized_keys for a member named ../home/user/.ssh/authorized_keys;
  // unzip -: kept ../ (plain unzip, jar and python -m zipfile strip it).
  it.each([
    "python3 -m tarfile -e k.tar",
    "python3 -m tarfile --extract k.tar .",
    "python3 -m tarfile --ext k.tar out",
    "python3.11 -mtarfile -ve k.tar",
    "/usr/bin/python3 -m tarfile -e x.tar out",
    "cmake -E tar xf x.tar",
    "cmake -E tar xzf k.tgz",
    "cmake -E tar xvf x.tar -- a",
    "unzip -: k.zip",
    "unzip -o: k.zip -d out",
  ])("%s may write anywhere", async (command) => {
    expect(await writes(command)).toContain("/**");
  });

  it.each([
    ["python3 -m zipfile -e k.zip d", "/repo/d/**"],
    ["python3 -m tarfile --filter data -e k.tar out", "/repo/out/**"],
    ["unzip -o k.zip -d out", "/repo/out/**"],
    ["tar xf k.tar", "/repo/**"],
  ])("%s writes below its folder only", async (command, folder) => {
    const written = await writes(command);
    expect(written).toContain(folder);
    expect(written).not.toContain("/**");
  });

  it("cmake -E tar c writes the archive and reads what it packs", async () => {
    const analysis = await analyze("cmake -E tar cf x.tar src");
    expect(analysis.paths).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: "/repo/x.tar", access: "write" }),
        expect.objectContaining({ path: "/repo/src", access: "read" }),
      ]),
    );
  });
});
