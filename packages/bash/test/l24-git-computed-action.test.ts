import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/**
 * The action word of git worktree, bundle, submodule and maintenance decides what the operands
 * after it are (`bundle create FILE` writes FILE, `bundle verify FILE` reads it, `worktree add
 * DIR` fills DIR). An action only known at run time (`"$x"`, a variable from the environment
 * the walk trusts as the user's, or a substitution) may be any of them, so no operand may be
 * dropped: `git bundle "$x" ~/.ssh/b HEAD` was allowed under a policy denying ~/.ssh (F24b's
 * audit of operandUses' early returns).
 */
const touched = async (command: string) =>
  (await analyze(command)).paths.map((path) => [path.path ?? path.raw, path.access]);

describe("a git action word only known at run time", () => {
  it.each<[string, string]>([
    ['git bundle "$x" ~/.ssh/b HEAD', "/home/user/.ssh/b"],
    ['git bundle "$(cat f)" /home/user/.ssh/b HEAD', "/home/user/.ssh/b"],
    ['git worktree "$x" ~/.ssh/b HEAD', "/home/user/.ssh/b"],
    ['git submodule "$x" https://example.invalid/r ~/.ssh/b', "/home/user/.ssh/b"],
  ])("%j keeps the operand as read and written", async (command, path) => {
    expect(await touched(command)).toContainEqual([path, "read_write"]);
  });

  it('git maintenance "$x" may register: the user\'s ~/.gitconfig is written', async () => {
    expect(await touched('git maintenance "$x"')).toContainEqual([
      "/home/user/.gitconfig",
      "write",
    ]);
  });

  it.each([
    "git worktree list",
    "git bundle list-heads b.bundle",
    "git submodule status",
    "git maintenance run",
  ])("%j, a literal action, is read as before", async (command) => {
    expect((await touched(command)).some(([, access]) => access === "read_write")).toBe(false);
  });
});
