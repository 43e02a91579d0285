import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

describe("adversarial: a word with a colon is a path for a program that takes no remote", () => {
  it.each([
    ["cat x:/../.env", "read:/repo/.env"],
    ["grep . 'C:/../.env'", "read:/repo/.env"],
    ["cat a:b/../.env", "read:/repo/.env"],
    ["cat http://../.env", "read:/repo/.env"],
    ["truncate -s0 x:/../../home/user/notes.txt", "write:/home/user/notes.txt"],
    ["touch x.y:/../../tmp/y", "write:/tmp/y"],
    ["git commit --allow-empty -F x:/../.env", "read:/repo/.env"],
    ["git hash-object -w 0:/../../home/user/.ssh/id_rsa", "read:/home/user/.ssh/id_rsa"],
  ])("%s", async (command, path) => {
    expect(paths(await analyze(command))).toContain(path);
  });

  it("judges git's work tree and tar's folder written with a colon", async () => {
    expect(
      paths(await analyze("git --work-tree=x:/../../home/user/.ssh add -A")).join(" "),
    ).toContain("/home/user/.ssh");
    expect(paths(await analyze("tar -C x:/../../home/user -cf k.tar .")).join(" ")).toContain(
      "/home/user",
    );
  });

  it("reads host:path as a remote where the program takes one", async () => {
    for (const command of [
      "scp host:/etc/passwd .",
      "rsync -a host:/etc/ backup",
      "git clone git@github.com:a/b.git",
      "git submodule add git@github.com:a/b.git vendor/b",
      "git fetch host:/../../srv/r.git",
    ]) {
      expect(paths(await analyze(command)).join(" "), command).not.toMatch(/:(\/etc|\/srv)/);
    }
    // A `/` before the first `:` makes it a local path for rsync and scp too.
    expect(paths(await analyze("rsync -a ./x:/../../etc/ b"))).toContain("read:/etc");
  });

  it("keeps a remote's own words and in-project colon words proven", async () => {
    for (const command of [
      "git show HEAD:src/a.ts",
      "docker run -p 8080:80 node:18",
      "curl -o out.html https://example.com/x",
      "git submodule add git@github.com:a/b.git vendor/b",
    ]) {
      const analysis = await analyze(command);
      expect(analysis.status, command).toBe("ok");
      expect(
        paths(analysis).every((path) => /:(\/repo|null)/.test(path)),
        command,
      ).toBe(true);
    }
  });
});
