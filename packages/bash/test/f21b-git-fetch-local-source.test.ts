// C21 gitfetch-bundle (wrong allows under P1, traced under bash 5.2): a bundle written by
// `echo -ne` to a plain name (`b`) and fetched as `git fetch -q b x:x`, or through a remote
// the string pointed at it (`git remote add o b; git fetch -q o` / `git remote update`), brings
// a commit whose tree holds a link `l -> /home/user/.ssh/id_rsa`; `git checkout` writes it and
// `cat l` reads the key. A plain repository name may be a path, and a remote the string set
// to a local folder or bundle leads to one: such a fetch creates objects the text does not show.
import { describe, expect, it } from "vitest";
import { analyze, unitPathsOf } from "./helpers.ts";

describe("a fetch from a local source the string may have built", () => {
  it.each([
    "echo -ne 'x' > b; git fetch -q b x:x; git checkout -q x; cat l",
    "cp -r /tmp/r b; git fetch --depth 1 b x:x; git checkout -q x; cat l",
    "git remote add o b; git fetch -q o; git checkout -q o/x; cat l",
    "git remote add o b; git remote update; git checkout -q o/x; cat l",
    "git remote add o b; git fetch --all; git checkout -q o/x; cat l",
    "git remote set-url origin b; git pull -q; cat l",
    "git config remote.origin.url b; git pull -q; cat l",
    "git config url./repo/b.insteadOf https://x.example/r; git fetch https://x.example/r m:m; git checkout -q m; cat l",
    "git config branch.main.remote ./b; git pull -q; cat l",
    "echo x > b; git pull -q b x; cat l",
    "mkdir b; git -C b init; git pull -q b x; cat l",
    'printf x > "$f"; git fetch -q b x:x; git checkout -q x; cat l',
    "git fetch -q file::b x:x; git checkout -q x; cat l",
  ])("%s reads l through an unknown file", async (command) => {
    expect(unitPathsOf(await analyze(command), "cat l")).toContain("read <computed-path>");
  });

  it.each([
    "git fetch -q https://x.example/r x:x; git checkout -q x; cat l",
    "git fetch -q git@x.example:r x:x; git checkout -q x; cat l",
    "git pull --rebase; cat l",
    "git remote add o https://x.example/r; git fetch -q o; git checkout -q o/x; cat l",
    "echo x > c; git fetch -q b x:x; git checkout -q x; cat l",
    "git remote -v; git checkout -q x; cat l",
  ])("%s reads l as written", async (command) => {
    expect(unitPathsOf(await analyze(command), "cat l")).toEqual(["read /repo/l"]);
  });
});
