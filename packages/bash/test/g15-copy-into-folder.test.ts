import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

describe("adversarial: a copy, move or link into a folder writes the file under its own name there", () => {
  it.each([
    // G15 copy-into-directory (traced: cp README.md ~/.ssh/ writes /home/user/.ssh/README.md)
    ["cp README.md ~/.ssh/", "write:/home/user/.ssh/README.md"],
    ["cp -t ~/.ssh README.md", "write:/home/user/.ssh/README.md"],
    ["cp --target-directory=/home/user/.ssh README.md", "write:/home/user/.ssh/README.md"],
    ["ln -s /repo/README.md ~/.ssh/", "write:/home/user/.ssh/README.md"],
    ["ln README.md ~/.ssh", "write:/home/user/.ssh/README.md"],
    ["install README.md ~/.ssh", "write:/home/user/.ssh/README.md"],
    ["cd ~/.ssh && cp /repo/README.md .", "write:/home/user/.ssh/README.md"],
    ["rsync README.md ~/.ssh/", "write:/home/user/.ssh/README.md"],
    ["cp a/b/README.md src/", "write:/repo/src/README.md"],
    ["cp x y src", "write:/repo/src/y"],
    ["git mv README.md src/", "write:/repo/src/README.md"],
    ["git mv a b src", "write:/repo/src/b"],
  ])("%s", async (command, written) => {
    expect(paths(await analyze(command))).toContain(written);
  });

  it("takes every file below the folder when a source's name is not known", async () => {
    for (const command of ['cp "$x" ~/.ssh/', 'git mv "$x" src']) {
      const found = (await analyze(command)).paths;
      expect(
        found.some(
          (path) => path.access === "write" && /\/(\.ssh|src)\/\*\*$/.test(path.glob ?? ""),
        ),
        command,
      ).toBe(true);
    }
  });

  it("keeps -T (no folder) to the destination itself", async () => {
    expect(paths(await analyze("cp -T README.md x"))).toEqual([
      "read:/repo/README.md",
      "write:/repo/x",
    ]);
  });
});
