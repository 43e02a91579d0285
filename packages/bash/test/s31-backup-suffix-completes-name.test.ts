import { describe, expect, it } from "vitest";
import { pathsOf } from "./helpers.ts";

// S31 backup-suffix-completes-name (R47): a GNU backup renames the old destination to its name
// plus the suffix, which may complete a protected name. Traced: `echo > .e; mv -bS nv
// README.md .e` renamed /repo/.e to /repo/.env, `cp -b -S nv.local README.md .e` to
// /repo/.env.local. The analysis only formed the glob `.e*` (a maybe: ask). A known suffix
// now names the simple backup exactly; the glob stays for numbered ones.

describe("s31: a backup with a known suffix is a named file", () => {
  it.each([
    ["cp -b -S nv.local README.md .e", "write /repo/.env.local"],
    ["mv -bS nv README.md .e", "write /repo/.env"],
    ["cp --suffix=nv README.md .e", "write /repo/.env"],
    ["cp --suf=nv README.md .e", "write /repo/.env"],
    ["ln -bS nv README.md .e", "write /repo/.env"],
    ["install -b -S nv README.md .e", "write /repo/.env"],
    ["cp -b -S nv README.md src/.e", "write /repo/src/.env"],
    ["cp --backup=simple -S nv README.md .e", "write /repo/.env"],
    ["SIMPLE_BACKUP_SUFFIX=nv cp -b README.md .e", "write /repo/.env"],
    ["cp -b README.md x", "write /repo/x~"],
    // gnulib takes `~` for a suffix holding a `/`.
    ["cp -b -S /x README.md y", "write /repo/y~"],
  ])("%s", async (command, path) => {
    const paths = await pathsOf(command);
    expect(paths).toContain(path);
    expect(paths.some((p) => p.endsWith("*"))).toBe(true);
  });

  it.each([
    ["cp --backup=numbered -S nv README.md .e", "write /repo/.env"],
    ["cp --backup=none -S nv README.md .e", "write /repo/.env"],
    ["SIMPLE_BACKUP_SUFFIX=nv cp -b -S x README.md .e", "write /repo/.env"],
    ['cp -b -S "$s" README.md .e', "write /repo/.e~"],
  ])("%s does not name %s", async (command, path) => {
    expect(await pathsOf(command)).not.toContain(path);
  });
});
