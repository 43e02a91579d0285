import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

// bash expands a `~` only at the start of a word (or after `=`/`:` in a word spelled as an
// assignment, which an option never is). Oracle traces: `sort --output=~/x README.md` and
// `sort -o~/x README.md` write /repo/~/x; `tar -cf x.tar --directory=~ README.md` reads /repo/~.
describe("a ~ glued to an option reaches the program as written", () => {
  it.each<[string, string]>([
    ["sort --output=~/x README.md", "write:/repo/~/x"],
    ["sort -o~/x README.md", "write:/repo/~/x"],
    ["tar -cf x.tar --directory=~ README.md", "read:/repo/~"],
    ["cp --target-directory=~/x a", "write:/repo/~/x"],
    ["tar -C~/x -xf a.tar", "write:/repo/~/x"],
  ])("%s", async (command, path) => {
    const found = paths(await analyze(command));
    expect(found).toContain(path);
    expect(found.some((p) => p.includes("/home/user"))).toBe(false);
  });

  it.each<[string, string]>([
    // A separate word starts with the tilde: bash expands it.
    ["sort -o ~/x README.md", "write:/home/user/x"],
    ["tar -cf x.tar --directory ~ README.md", "read:/home/user"],
    // Programs that expand a leading ~ in a file option themselves keep the home reading.
    ["jq -L~/lib . f", "read:/home/user/lib"],
    ["wget --output-document=~/x https://x.example", "write:/home/user/x"],
  ])("%s", async (command, path) => {
    expect(paths(await analyze(command))).toContain(path);
  });
});
