// F22b (session 21's open note): the written-code floor kept its own list of git subcommands
// that store the string's content (GIT_STORES_GIVEN) beside git-links' creators, and counted
// every use of them: `git bundle create`, `git hash-object` without -w and `git update-index
// --refresh` store nothing, yet made `bash run.sh` after a checkout ask. It now asks git-links'
// creators (GIT_CREATORS + creates()), the list the link passes use, so a fetch from a bundle
// the string wrote counts there too; files of the work tree still count through add, commit,
// update-index and the rest once the string wrote one.
import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function runSentinel(command: string): Promise<string | null | undefined> {
  const analysis = await analyze(command);
  return analysis.units.find((unit) => unit.executed?.join(" ") === "bash run.sh")?.sentinel;
}

describe("git units that put the string's content into the repository", () => {
  it.each([
    "git bundle create x.bundle HEAD; git checkout -q main; bash run.sh",
    "git hash-object README.md; git checkout -q main; bash run.sh",
    "git update-index --refresh; git checkout -q main; bash run.sh",
    "git checkout -q main; bash run.sh",
  ])("%s stores nothing: the checkout writes the repository's own files", async (command) => {
    expect(await runSentinel(command)).toBeNull();
  });

  it.each([
    "echo x | git hash-object -w --stdin; git checkout -q main; bash run.sh",
    "git update-index --add --cacheinfo 100644,0123456789012345678901234567890123456789,run.sh; git checkout -q main; bash run.sh",
    "git bundle unbundle x.bundle; git checkout -q main; bash run.sh",
    "echo x > b; git fetch -q b x:x; git checkout -q x; bash run.sh",
    "echo x > b; git -c remote.o.url=b fetch -q o x:x; git checkout -q x; bash run.sh",
    "echo x > a; git update-index --add a; git checkout -q main; bash run.sh",
    "git merge-file a b c; git checkout -q main; bash run.sh",
  ])("%s may have stored the string's content", async (command) => {
    expect(await runSentinel(command)).not.toBeNull();
  });
});
