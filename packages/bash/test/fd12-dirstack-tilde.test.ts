import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

describe("adversarial: ~0, ~+0 and ~-0 are the working directory with an empty directory stack", () => {
  it.each([
    ["cat ~0/../home/user/notes.txt", "read:/home/user/notes.txt"],
    ["cat ~+0/../home/user/notes.txt", "read:/home/user/notes.txt"],
    ["cat ~-0/../home/user/notes.txt", "read:/home/user/notes.txt"],
    ["cat ~00/../home/user/notes.txt", "read:/home/user/notes.txt"],
    ["ls ~-00/..", "read:/"],
  ])("%s", async (command, path) => {
    expect(paths(await analyze(command))).toContain(path);
  });

  it("leaves ~1, ~+1 and ~-1 as written while the stack is empty", async () => {
    expect(paths(await analyze("cat ~1/x ~+1 ~-1"))).toEqual([
      "read:/repo/~1/x",
      "read:/repo/~+1",
      "read:/repo/~-1",
    ]);
  });

  it("does not know an entry of a stack the string changed", async () => {
    for (const command of [
      "pushd src; cat ~+0/../../home/user/notes.txt",
      "pushd src; cat ~-0/../x",
      "pushd src; cat ~1/x",
    ]) {
      expect(paths(await analyze(command)), command).toContain("read:?");
    }
  });

  it("keeps ~0 inside the project proven", async () => {
    const analysis = await analyze("cat ~0/README.md ~+0/src/a.ts");
    expect(analysis.status).toBe("ok");
    expect(paths(analysis)).toEqual(["read:/repo/README.md", "read:/repo/src/a.ts"]);
  });
});
