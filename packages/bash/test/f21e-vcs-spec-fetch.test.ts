// M21 vcs-spec (wrong allows under P3; host strace: `pip install git+file:///srv/origin.git`
// ran `git clone file:///srv/origin.git`): installers other than npm fetch a version-control
// spec with git (hg, svn, bzr), which read a `file:` repository or start ssh. The fetch is now a
// unit of its own, judged like the same `git clone URL` written out.
import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function reads(command: string): Promise<string[]> {
  return (await analyze(command)).paths.flatMap((path) => (path.path === null ? [] : [path.path]));
}

describe("an installer's version-control spec is fetched like the fetch written out", () => {
  it.each([
    "pip install git+file:///srv/origin.git",
    "pip3 install 'x@git+file:///srv/origin.git'",
    'uv pip install "x @ git+file:///srv/origin.git@v1#egg=x"',
    "poetry add git+file:///srv/origin.git",
    "pip install -e git+file:///srv/origin.git#egg=x",
    "pip install --editable=git+file:///srv/origin.git",
    "yarn add git+file:///srv/origin.git",
    "pnpm add git+file:///srv/origin.git",
    "bun add git+file:///srv/origin.git",
  ])("%s reads /srv/origin.git", async (command) => {
    expect(await reads(command)).toContain("/srv/origin.git");
  });

  it("an ssh spec starts ssh", async () => {
    const units = (await analyze("pip install -e git+ssh://git@h/r.git#egg=r")).units;
    expect(units.some((unit) => unit.executed?.[0] === "ssh")).toBe(true);
  });

  it.each(["pip install requests", "pip install -e .", "pip3 install requests==2.0"])(
    "%s fetches nothing",
    async (command) => {
      expect((await analyze(command)).units).toHaveLength(1);
    },
  );
});
