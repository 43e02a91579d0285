// Symbolic links on a real disk: what a path reaches once the kernel follows them.
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { linkTargetOf, physicalPath } from "../src/links.ts";

// A real directory (the temp dir itself may sit behind a link, as /tmp does on macOS).
const root = realpathSync(mkdtempSync(join(tmpdir(), "pi-links-")));
const repo = join(root, "repo");
const home = join(root, "home");
const outside = join(root, "outside");
for (const dir of [repo, join(repo, "src"), home, join(home, ".ssh"), outside]) mkdirSync(dir);
writeFileSync(join(repo, ".env"), "SECRET=1");
writeFileSync(join(repo, "src", "a.ts"), "");
writeFileSync(join(home, ".ssh", "id_rsa"), "key");
writeFileSync(join(outside, "data.txt"), "data");
symlinkSync(".env", join(repo, "notes")); // relative, to a sibling
symlinkSync("../.env", join(repo, "src", "config")); // relative, climbing
symlinkSync(outside, join(repo, "ext")); // absolute, to a folder outside
symlinkSync(join(home, ".ssh"), join(repo, "keys")); // to a protected folder
symlinkSync("notes", join(repo, "chain")); // a link to a link
symlinkSync(join(outside, "new.txt"), join(repo, "dangling")); // to a file not there yet
symlinkSync("loop2", join(repo, "loop1"));
symlinkSync("loop1", join(repo, "loop2"));
symlinkSync("ext/../repo/.env", join(repo, "dotdot")); // `..` after a link: physical parent
// The working directory and home reached through links of their own.
symlinkSync(repo, join(root, "repo-link"));
symlinkSync(home, join(root, "home-link"));

describe("physicalPath", () => {
  it.each([
    ["src/a.ts", "src/a.ts", "no link on the way: the same path"],
    ["notes", ".env", "a relative link to a sibling"],
    ["src/config", ".env", "a relative link that climbs"],
    ["chain", ".env", "a chain of links"],
    ["ext/data.txt", "../outside/data.txt", "a file under a linked folder"],
    ["keys/id_rsa", "../home/.ssh/id_rsa", "a file under a link to a protected folder"],
    ["dangling", "../outside/new.txt", "a dangling link names the file a write would create"],
    ["ext/new/deep.txt", "../outside/new/deep.txt", "a missing file under a linked folder"],
    ["missing/x", "missing/x", "a missing folder: the rest as written"],
    ["dotdot", "../repo/.env", "`..` in a link's text is the real folder's parent"],
  ])("%s reaches %s (%s)", (path, expected) => {
    expect(physicalPath(join(repo, path))).toBe(join(repo, expected));
  });

  it("gives up on a loop, as the kernel does", () => {
    expect(physicalPath(join(repo, "loop1"))).toBeNull();
  });

  // realpathSync.native asks the C library; Node's JS realpathSync applies a link's `..`
  // lexically and gets `dotdot` wrong.
  it("agrees with the kernel wherever the file exists", () => {
    for (const path of ["notes", "src/config", "chain", "ext/data.txt", "keys/id_rsa", "dotdot"]) {
      const full = join(repo, path);
      expect(physicalPath(full)).toBe(realpathSync.native(full));
      expect(readFileSync(physicalPath(full) as string, "utf8")).toBe(readFileSync(full, "utf8"));
    }
  });
});

describe("linkTargetOf", () => {
  it.each<[string, string, string, string | null, string]>([
    [join(repo, "src/a.ts"), repo, home, null, "no link: nothing new"],
    [join(repo, "notes"), repo, home, join(repo, ".env"), "a link to .env inside the project"],
    [
      join(repo, "ext/data.txt"),
      repo,
      home,
      join(outside, "data.txt"),
      "a link out of the project",
    ],
    [join(repo, "keys/id_rsa"), repo, home, join(home, ".ssh/id_rsa"), "a link into ~/.ssh"],
    [join(repo, "loop1"), repo, home, null, "a loop opens nothing"],
    [
      join(root, "repo-link/src/a.ts"),
      join(root, "repo-link"),
      home,
      null,
      "a project reached through a link is no news",
    ],
    [
      join(root, "repo-link/notes"),
      join(root, "repo-link"),
      home,
      join(root, "repo-link/.env"),
      "and a link inside it is named under the working directory as written",
    ],
    [
      join(root, "repo-link/keys/id_rsa"),
      join(root, "repo-link"),
      join(root, "home-link"),
      join(root, "home-link/.ssh/id_rsa"),
      "a target in a linked home is named under the home as written",
    ],
  ])("%s (cwd %s, home %s) → %s: %s", (path, cwd, homeDir, expected) => {
    expect(linkTargetOf(path, cwd, homeDir)).toBe(expected);
  });
});
