import { describe, expect, it } from "vitest";
import { pathsOf } from "./helpers.ts";

// S26 (index-forged-entry, traced): an entry put in git's index names a file without reading
// it, and every later whole-tree command then takes that file as tracked: after `git
// update-index --add --cacheinfo 100644,<blob>,.env` the ignored .env is printed by `git
// diff`, committed by `git commit -a`, removed by `git rm -r .`. `--cacheinfo`'s path, and the
// unknown paths of `--index-info` (entries on stdin) and of a tree read into the index, are
// judged as the files they name.

describe("l26: an index entry names its file", () => {
  it.each<[string, string]>([
    [
      "git update-index --add --cacheinfo 100644,e69de29bb2d1d6434b8b29ae775ad8c2e48c5391,.env",
      "read /repo/.env",
    ],
    ["git update-index --cacheinfo 100644,e69de29,src/../.env --add", "read /repo/.env"],
    [
      "git update-index --add --cacheinfo 100644,abc,/home/user/.ssh/id_rsa",
      "read /home/user/.ssh/id_rsa",
    ],
  ])("%j names %s", async (command, expected) => {
    expect(await pathsOf(command)).toContain(expected);
  });

  it.each([
    'git update-index --add --index-info <<< "100644 e69de29	.env"',
    "printf '100644 e69de29\\t.env\\n' | git update-index --index-info",
    "git read-tree x; git diff",
    "git read-tree -m HEAD x",
  ])("%j names files the text does not show", async (command) => {
    expect(await pathsOf(command)).toContain("read <computed-path>");
  });

  it.each(["git update-index --refresh", "git read-tree --empty"])(
    "%j names no file",
    async (command) => {
      expect(await pathsOf(command)).toEqual([]);
    },
  );
});
