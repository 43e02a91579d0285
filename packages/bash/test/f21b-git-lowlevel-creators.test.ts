// C21 git-lowlevel-merge and receivepack-creator (wrong allows under P1, traced under bash
// 5.2): the merge strategies run as commands (`git merge-recursive main -- HEAD x`, -resolve,
// -subtree), the one-file merge script and `git receive-pack .` fed a push request were not
// known as writing a tree's files or as bringing in objects: a link the string built
// (`l -> /home/user/.ssh/id_rsa`) was written and `cat l` read the key.
import { describe, expect, it } from "vitest";
import { analyze, unitPathsOf } from "./helpers.ts";

const FAST_IMPORT =
  "echo -e 'commit refs/heads/x\\ncommitter a <a> 0 +0000\\ndata 0\\nM 120000 inline l\\ndata 4\\n.env\\n' | git fast-import --quiet";

describe("git plumbing that writes a built tree or brings in objects", () => {
  it.each([
    `${FAST_IMPORT}; git merge-recursive main -- HEAD x; cat l`,
    `${FAST_IMPORT}; git merge-resolve main -- HEAD x; cat l`,
    `${FAST_IMPORT}; git merge-subtree main -- HEAD x; cat l`,
    `${FAST_IMPORT}; git merge-octopus main -- HEAD x; cat l`,
    "echo -n .env | git hash-object -w --stdin; git merge-one-file '' '' 2eea525 l '' '' 120000; cat l",
    "echo x | git receive-pack . >/dev/null; git checkout -q x; cat l",
    "git receive-pack . < p >/dev/null; git checkout -q x; cat l",
    "git fetch-pack ./r x; git checkout -q x; cat l",
    "git quiltimport --patches p; cat l",
  ])("%s reads l through an unknown file", async (command) => {
    expect(unitPathsOf(await analyze(command), "cat l")).toContain("read <computed-path>");
  });

  it("a merge strategy after no creator reads l as written", async () => {
    expect(
      unitPathsOf(await analyze("git merge-recursive main -- HEAD x; cat l"), "cat l"),
    ).toEqual(["read /repo/l"]);
  });
});
