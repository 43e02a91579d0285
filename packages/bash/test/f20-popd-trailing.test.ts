// A18 return-to-string-decided-directory-not-followed: popd reads the folder it goes back to
// as `cd DIR` reads DIR (one nobody knows when the string's pushd did not decide it), and a
// directory change the shell makes last (`cd -`, `popd`, also last in an `&&` list or with its
// output sent to /dev/null) names no folder: nothing runs or opens a file there. Traced under
// bash 5.2: `pushd src >/dev/null && git status && popd >/dev/null` runs git status only.
import { describe, expect, it } from "vitest";
import { analyzeFull } from "./helpers.ts";

async function unitOf(command: string, index: number) {
  const analysis = await analyzeFull(command);
  const unit = analysis.units[index];
  const paths = analysis.paths.filter((path) => path.unit === index);
  return { unit, paths };
}

describe("popd", () => {
  it("reads the folder the string's pushd left", async () => {
    const { unit, paths } = await unitOf("pushd src && popd && cat README.md", 1);
    expect(unit?.argv).toEqual(["popd"]);
    expect(paths.map((path) => path.path)).toEqual(["/repo"]);
  });

  it.each([
    ["popd && cat x", 0],
    ['pushd "$D" && popd && cat x', 1],
    ["pushd src; popd && cat x", 1],
  ])("%j goes to a folder nobody knows", async (command, index) => {
    const { unit, paths } = await unitOf(command, index);
    expect(unit?.argv).toEqual(["popd"]);
    expect(paths.some((path) => path.path === null && path.sentinel === "<computed-path>")).toBe(
      true,
    );
  });
});

describe("a directory change the shell makes last", () => {
  it.each([
    ["cd src && git status && cd - >/dev/null", 2],
    ["pushd src > /dev/null; ls; popd > /dev/null", 2],
    ["popd", 0],
    ["git status; cd /etc 2>/dev/null", 1],
  ])("%j names no folder", async (command, index) => {
    const { unit, paths } = await unitOf(command, index);
    expect(paths).toEqual([]);
    expect(unit?.computed).toBeUndefined();
  });

  it("a cd - to an OLDPWD a failed cd leaves keeps its computed word", async () => {
    const { unit, paths } = await unitOf("cd src && git status; cd -", 2);
    expect(paths).toEqual([]);
    expect(unit?.computed?.argv).toEqual([1]);
  });

  it.each([
    ["cd src && ls; cd - >/dev/null; ls", 2],
    ["cd src && ls; cd - > out.txt", 2],
    ["popd && cat x", 0],
    ["trap 'ls' EXIT; cd src && ls; cd -", 3],
  ])("%j is not last, or does more: its folder stays", async (command, index) => {
    const { unit, paths } = await unitOf(command, index);
    expect(paths.length > 0 || unit?.computed !== undefined).toBe(true);
  });
});
