import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

// S30 git-signed-tag-verify (R37, traced under git 2.39): git checks signatures on its own.
// fmt-merge-msg (run by `git merge` and `git pull` for their message) runs `gpg --verify` on
// every merged annotated tag with a signature block, and `git archive` fills `$Format:%G?$`
// under `export-subst` by checking the commit's signature. Judged as gpg only where the string
// shows it can happen (a tag named or made, objects built from text): a plain merge is not.

const gpg = "gpg --keyid-format=long --status-fd=1 --verify $GIT_SIGNATURE_FILE -";

async function runsGpg(command: string): Promise<boolean> {
  const units = (await analyze(command)).units;
  return units.some((unit) => (unit.executed ?? unit.argv).join(" ") === gpg);
}

const tagObject = `git hash-object -t tag -w --stdin <<E
object 62ac18d7fed3921c74437e1ebafa1a0d9181c313
type commit
tag v1
tagger F <f@x> 1704067200 +0000

m
-----BEGIN PGP SIGNATURE-----

iQ==
-----END PGP SIGNATURE-----
E
`;

const exportSubst = `git hash-object -w --stdin <<'E'
$Format:%G?$
E
git mktree <<'E'
100644 blob 83b6cd903329529042f814675113d536190c5f6d\tf
E
git archive -o a.tar 15828b5a9747bc9e3f18a9962cb82753d7a60b2f`;

describe("s30: the signature checks git makes without being asked", () => {
  it.each([
    `${tagObject}git fmt-merge-msg <<E\n90db9e4cd5bece87758a4ff263f1bb9a01d5411b\t\ttag 'v1' of .\nE`,
    "git fmt-merge-msg < .git/FETCH_HEAD",
    "git merge refs/tags/v1",
    "git merge --no-edit tags/v1",
    "git pull origin tag v1",
    "git pull origin refs/tags/v1",
    "git fetch origin tag v1 && git merge v1",
    "git tag -a v1 -m x HEAD~1 && git merge v1",
    `${tagObject}git tag v1 90db9e4cd5bece87758a4ff263f1bb9a01d5411b; git merge v1`,
    exportSubst,
  ])("%j runs gpg", async (command) => {
    expect(await runsGpg(command)).toBe(true);
  });

  it.each([
    "git merge feature",
    "git merge origin/main",
    "git pull",
    "git pull origin main",
    "git tag -a v2 -m x && git merge feature",
    "git archive -o a.tar HEAD",
    "git add . && git commit -m x && git archive -o a.tar HEAD",
    "git fmt-merge-msg -h",
    `${tagObject.replace("-t tag", "-t blob")}git archive --remote=origin HEAD`,
  ])("%j checks no signature", async (command) => {
    expect(await runsGpg(command)).toBe(false);
  });
});
