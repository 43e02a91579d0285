// R26 link-maker and copy-directory (traced under bash 5.2 in the oracle): programs other than
// ln and cp made links and copies the analysis did not follow.
// - link-maker: `cmake -E create_symlink . p; cat p/../home/user/notes.txt` read the file (the
//   kernel follows p, then `..`); so did cmake's hidden `cmake_symlink_executable` and
//   `cmake_symlink_library`, and a link moved by `cmake -E rename`.
// - copy-directory: `echo … > src/a; cmake -E copy_directory src d; sh d/a` ran git push (a
//   copy under another name), as did `cmake -E rename src d`.
// One table (programs/file-copies.ts) reads these calls as the coreutils call each stands for,
// for the link reading (made-links.ts, git-links.ts) and the path reading (paths.ts) alike.
import { describe, expect, it } from "vitest";
import { analyze, paths, unitPathsOf, unproven } from "./helpers.ts";

const PUSH = "printf 'git push origin main\\n' >";

/** Whether the analysis covers a read of `path` (by name, or as a file it cannot name). */
async function reaches(command: string, path: string): Promise<boolean> {
  const found = paths(await analyze(command));
  return found.includes("read:?") || found.includes(`read:${path}`);
}

describe("a link cmake makes is followed as one ln makes", () => {
  it.each([
    "cmake -E create_symlink . p; cat p/../home/user/notes.txt",
    "cmake -E create_symlink src/.. p; cat p/../home/user/notes.txt",
    "cmake -E create_symlink . p && cat p/../home/user/notes.txt",
    "/usr/bin/cmake -E create_symlink . p; cat p/../home/user/notes.txt",
    "cmake -E cmake_symlink_executable . p; cat p/../home/user/notes.txt",
    "cmake -E cmake_symlink_library . q p; cat q/../home/user/notes.txt",
    "cmake -E cmake_symlink_library . q p; cat p/../home/user/notes.txt",
    "ln -s . p; cmake -E rename p q; cat q/../home/user/notes.txt",
    "cmake -E create_symlink . p; cmake -E rename p q; cat q/../home/user/notes.txt",
    "cmake -E create_symlink . p; cd p && cat ../home/user/notes.txt",
  ])("%j may read ~/notes.txt", async (command) => {
    expect(await reaches(command, "/home/user/notes.txt")).toBe(true);
  });

  it("names the file below the link's target", async () => {
    for (const command of [
      "cmake -E create_symlink /home/user h; cat h/notes.txt",
      "cmake -E create_symlink ../home/user h; cat h/notes.txt",
      "cmake -E create_symlink /home/user h; cmake -E rename h g; cat g/notes.txt",
    ]) {
      expect(paths(await analyze(command)), command).toContain("read:/home/user/notes.txt");
    }
  });

  it("writes through a link cmake made", async () => {
    const found = paths(await analyze("cmake -E create_symlink /home/user h; echo x > h/.bashrc"));
    expect(found).toContain("write:/home/user/.bashrc");
  });
});

describe("a file the string wrote, copied, moved or linked by cmake -E, then run", () => {
  it.each([
    `${PUSH} src/a; cmake -E copy_directory src d; sh d/a`,
    `${PUSH} a; cmake -E copy_directory . d; sh d/a`,
    `${PUSH} src/a; cmake -E rename src d; sh d/a`,
    `${PUSH} src/a; cmake -E copy_directory src d/e; sh d/e/a`,
    `${PUSH} src/a; cmake -E copy_directory_if_different src d; sh d/a`,
    `${PUSH} src/a; cmake -E copy_directory lib src d; sh d/a`,
    `${PUSH} src/a; cmake -E copy -t d src/a; sh d/a`,
    `${PUSH} src/a; cmake -E create_symlink src e; sh e/a`,
    `cmake -E create_symlink src e; ${PUSH} e/a; sh src/a`,
    `${PUSH} src/a; cmake -E create_hardlink src/a e; sh e`,
    `${PUSH} src/a; cmake -E cmake_symlink_library src q p; sh p/a`,
  ])("%j is not proven", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it("reads cmake -E copy_directory and rename as cp -rT and mv -T", async () => {
    const analysis = await analyze("cmake -E copy_directory src d");
    expect(unitPathsOf(analysis, "cmake")).toEqual(
      expect.arrayContaining(["read /repo/src/**", "write /repo/d", "write /repo/d/**"]),
    );
    const moved = await analyze("cmake -E rename src d");
    expect(unitPathsOf(moved, "cmake")).toEqual(
      expect.arrayContaining(["write /repo/d", "write /repo/d/**"]),
    );
  });

  it.each([
    `${PUSH} src/a; cmake -E copy_directory src d; cat d/a`,
    "cmake -E copy_directory src d; cat d/a",
    "cmake -E create_symlink README.md x; cat README.md",
  ])("%j stays proven", async (command) => {
    expect(await unproven(command)).toBe(false);
  });
});

describe("trees of links and copies other programs make (lndir, stow, ditto)", () => {
  it.each([
    `${PUSH} src/a; lndir /repo/src p; sh p/a`,
    `${PUSH} src/a; mkdir p; lndir -silent /repo/src p; sh p/a`,
    `${PUSH} src/a; stow -d /repo -t /repo/t src; sh t/a`,
    `${PUSH} src/a; stow --target=/repo/t --dir=/repo src; sh t/a`,
    `${PUSH} src/a; stow -vt /repo/t src; sh t/a`,
    `${PUSH} src/a; ditto src d; sh d/a`,
  ])("%j is not proven", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it("climbs below a stow target as below a link", async () => {
    expect(
      await reaches(
        "stow -d /home -t /repo/t user; cat t/x/../../home/user/notes.txt",
        "/home/user/notes.txt",
      ),
    ).toBe(true);
  });

  it("reads a file below an lndir tree where its source is", async () => {
    const found = paths(await analyze("lndir /home/user p; cat p/notes.txt"));
    expect(found).toContain("read:/home/user/notes.txt");
  });
});

describe("links yarn link and pnpm link make in node_modules", () => {
  it.each([
    "yarn link foo; cat node_modules/foo/../../home/user/notes.txt",
    "pnpm link foo; cat node_modules/foo/../../home/user/notes.txt",
    "pnpm link ./src; cat node_modules/src/../../home/user/notes.txt",
    "yarn link --cwd x foo; cat node_modules/foo/../../home/user/notes.txt",
  ])("%j may read ~/notes.txt", async (command) => {
    expect(await reaches(command, "/home/user/notes.txt")).toBe(true);
  });

  it.each([
    `${PUSH} src/a; pnpm link ./src; sh node_modules/x/a`,
    `${PUSH} src/a; yarn link ./src; sh node_modules/x/a`,
  ])("%j is not proven", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each(["yarn add link; cat node_modules/link/README.md", "pnpm run link; cat README.md"])(
    "%j reads no link",
    async (command) => {
      expect(paths(await analyze(command))).not.toContain("read:?");
    },
  );
});
