import { describe, expect, it } from "vitest";
import { analyze, globPaths, paths } from "./helpers.ts";

describe("precision: popd returns to the folder the string's pushd DIR left", () => {
  it.each([
    ["pushd src >/dev/null && popd >/dev/null && cat README.md", "read:/repo/README.md"],
    ["pushd src && pushd /home/user && popd && cat a.ts", "read:/repo/src/a.ts"],
    ["pushd src && pushd /home/user && popd && popd && cat README.md", "read:/repo/README.md"],
    ["pushd /home/user && popd && cat .env", "read:/repo/.env"],
  ])("%s", async (command, path) => {
    expect(paths(await analyze(command))).toContain(path);
  });

  it.each([
    "popd && cat x",
    "pushd src; popd && cat x",
    "pushd src && popd && popd && cat x",
    "pushd src && pushd && popd && cat x",
    "pushd src && pushd +1 && popd && cat x",
    "pushd src && DIRSTACK[1]=/home/user; popd && cat x",
    'pushd "$D" && popd && cat x',
  ])("does not know where %s goes", async (command) => {
    const analysis = await analyze(command);
    expect(globPaths(analysis)).toContain("read:glob:**/x");
    expect(paths(analysis)).not.toContain("read:/repo/x");
  });
});
