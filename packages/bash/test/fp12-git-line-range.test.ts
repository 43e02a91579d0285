import { describe, expect, it } from "vitest";
import { pathsOf } from "./helpers.ts";

describe("git log -L reads the file after its range", () => {
  it.each([
    ["git log -L 1,5:.env", "read /repo/.env"],
    // Attached to the option, the value used to be skipped with it.
    ["git log -L1,5:.env", "read /repo/.env"],
    ["git log -L :main:.env", "read /repo/.env"],
    ["git whatchanged -L2,3:src/a.ts", "read /repo/src/a.ts"],
    ["git -C web log -L1,2:x.ts", "read /repo/web/x.ts"],
  ])("%s reads %s", async (command, path) => {
    expect(await pathsOf(command)).toContain(path);
  });

  it("a regex range is not a file (it used to be an absolute path outside the project)", async () => {
    expect(await pathsOf("git log -L '/function parse/,+20:src/a.ts'")).toEqual([
      "read /repo/src/a.ts",
    ]);
  });

  it("a value only known at run time may name any file", async () => {
    expect(await pathsOf('git log -L "$R"')).toEqual(["read <computed-path>"]);
  });
});
