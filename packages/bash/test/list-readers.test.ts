import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { LIST_READERS } from "../src/programs/paths.ts";
import { analyze } from "./helpers.ts";

/** The paths of the analysis that are computed (known only when the command runs). */
function computed(analysis: BashAnalysis): string[] {
  return analysis.paths
    .filter((path) => path.sentinel === "<computed-path>")
    .map((path) => `${path.raw} ${path.access}`);
}

const matches = LIST_READERS.flatMap((reader) => reader.match.map((command) => [command]));
const notMatches = LIST_READERS.flatMap((reader) => reader.notMatch.map((command) => [command]));

describe("programs that open the files named in a list (table examples)", () => {
  it.each(matches)("%s reads files nobody named on the line", async (command) => {
    expect(computed(await analyze(command))).toContain("$(files named in the list) read");
  });

  it.each(notMatches)("%s reads only what it names", async (command) => {
    expect(computed(await analyze(command))).toEqual([]);
  });
});

describe("a file name holding `..` inside it (not as a segment) is a file of a file command", () => {
  it.each([
    ["cat .env..", "/repo/.env.."],
    ["cat /home/user/.ssh/id_rsa..", "/home/user/.ssh/id_rsa.."],
    ["head .ssh/..x", "/repo/.ssh/..x"],
  ])("%s reads %s", async (command, path) => {
    const analysis = await analyze(command);
    expect(analysis.paths.map((p) => [p.path, p.access])).toContainEqual([path, "read"]);
  });

  it("keeps a git range a revision", async () => {
    expect((await analyze("git log HEAD..origin/main")).paths).toEqual([]);
  });
});

describe("unzip writes its members below the extraction folder", () => {
  it.each([
    ["unzip x.zip", "/repo/**"],
    ["unzip -o x.zip -d out", "/repo/out/**"],
  ])("%s writes %s", async (command, glob) => {
    const analysis = await analyze(command);
    expect(analysis.paths.map((p) => [p.glob ?? p.path, p.access])).toContainEqual([glob, "write"]);
  });

  it("lists without writing", async () => {
    const analysis = await analyze("unzip -l x.zip");
    expect(analysis.paths.map((p) => p.access)).toEqual(["read"]);
  });
});

describe("an awk program that sets ARGV names its own input files", () => {
  it("reads a computed path", async () => {
    const analysis = await analyze("awk 'BEGIN{ARGV[1]=\"/home/user/notes.txt\"; ARGC=2} {print}'");
    expect(analysis.paths.map((p) => p.sentinel)).toContain("<computed-path>");
  });

  it("keeps a plain awk program's operands as they are", async () => {
    const analysis = await analyze("awk '{print $1}' README.md");
    expect(analysis.paths.map((p) => [p.path, p.access])).toEqual([["/repo/README.md", "read"]]);
  });
});
