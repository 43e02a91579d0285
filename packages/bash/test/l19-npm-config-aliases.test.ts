import { describe, expect, it } from "vitest";
import { pathsOf } from "./helpers.ts";

/**
 * npm's config takes `rm` and `del` for `delete` (and `c` for `config`): each rewrites the
 * user's .npmrc (R19, traced: `npm config rm x` writes /home/user/.npmrc), as `fix` does.
 */
describe("npm config's other names for delete", () => {
  it.each([
    "npm config rm x",
    "npm config del x",
    "npm c rm fund",
    "npm --loglevel silent config rm fund",
    "npm config fix",
  ])("%s writes the user's .npmrc", async (command) => {
    expect(await pathsOf(command)).toContain("write /home/user/.npmrc");
  });

  it.each(["npm config get fund", "npm config list", "npm config ls"])(
    "%s only reads",
    async (command) => {
      expect(await pathsOf(command)).not.toContain("write /home/user/.npmrc");
    },
  );
});
