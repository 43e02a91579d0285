// S25 written-code classes (traced under bash 5.2 in the oracle): a file the string wrote
// reached a program that ran it under a name the analysis did not follow.
// - dir-link-written: `echo … > src/a; ln -s src e; sh e/a` (and writing through the link,
//   `ln -s src e; echo … > e/a; sh src/a`) ran git push: a link to a folder was followed only
//   for its own name, not for the files below it.
// - backup-copy: `cp -b x y` / `mv -b` / `ln -b` / `install -b` / `-S SUF` / `--suffix` keep the
//   old destination as `y~` (or `y.~1~`, `ySUF`), and `sed -iSUF` keeps the original as `ySUF`.
// - cp-parents: `cp --parents src/a d` writes `d/src/a`, not `d/a`.
import { describe, expect, it } from "vitest";
import { analyze, unproven } from "./helpers.ts";

const PUSH = "printf 'git push origin main\\n' >";

describe("a file the string wrote, run through a link it made to a folder", () => {
  it.each([
    `${PUSH} src/a; ln -s src e; sh e/a`,
    `ln -s src e; ${PUSH} e/a; sh src/a`,
    `${PUSH} a; ln -s . e; sh e/a`,
    `${PUSH} src/a; ln -s src e; cd e && sh a`,
    `${PUSH} src/a; ln -s src e; . e/a`,
    `${PUSH} src/a; ln -sT src e; bash e/a`,
    `${PUSH} src/a; ln --symbolic src e; sh ./e/a`,
    `${PUSH} a; ln -s /repo e; sh e/a`,
    `${PUSH} src/a; ln -s src e; ln -s e f; sh f/a`,
    `mkdir -p d; ln -s d e; ${PUSH} e/x; . d/x`,
    `${PUSH} src/a; cp -rs /repo/src e; sh e/a`,
    `${PUSH} src/a; cp -l src/a b; sh b`,
    `${PUSH} src/a; cp --link src/a b; sh b`,
    `${PUSH} src/a; ln src/a b; sh b`,
  ])("%j is not proven", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([`${PUSH} src/a; ln -s src e; cat e/a`, "ln -s ../shared src/shared; ls src/shared"])(
    "%j stays proven",
    async (command) => {
      expect(await unproven(command)).toBe(false);
    },
  );

  // A shell running any project script after the string wrote in the project asks since S31
  // (s31-shell-script-after-write): the script may run the written file by a name no rule sees.
  it.each(["ln -s README.md x; cat README.md; sh build.sh", `${PUSH} src/a; ln -s lib e; sh e/a`])(
    "%j asks: a script runs after a write",
    async (command) => {
      expect(await unproven(command)).toBe(true);
    },
  );
});

describe("a backup that keeps what the string wrote", () => {
  it.each([
    `${PUSH} y; : > x; cp -b x y; sh y~`,
    `${PUSH} y; : > x; mv -b x y; sh y~`,
    `${PUSH} y; : > x; ln -sb x y; sh y~`,
    `${PUSH} y; : > x; ln -fb x y; sh y~`,
    `${PUSH} y; : > x; install -b x y; sh y~`,
    `${PUSH} y; : > x; cp --backup=simple x y; sh y~`,
    `${PUSH} y; : > x; cp --b x y; sh y~`,
    `${PUSH} y; : > x; cp -S .sh x y; sh y.sh`,
    `${PUSH} y; : > x; cp --suffix=.sh x y; sh y.sh`,
    `${PUSH} y; : > x; mv --backup=t x y; sh y.~1~`,
    `${PUSH} y; : > x; install -S .k x y; sh y.k`,
    `${PUSH} y; : > x; SIMPLE_BACKUP_SUFFIX=.sh cp -b x y; sh y.sh`,
    `${PUSH} y; : > x; VERSION_CONTROL=numbered cp -b x y; sh y.~1~`,
    `mkdir -p d; ${PUSH} d/x; : > x; cp -b -t d x; sh d/x~`,
    `${PUSH} y; sed -i~ s/a/b/ y; sh y~`,
    `${PUSH} y; sed -ibak s/a/b/ y; sh ybak`,
    `${PUSH} y; sed -n -i.sh p y; sh y.sh`,
    `${PUSH} y; sed --in-place=.o s/a/b/ y; sh y.o`,
    `${PUSH} y; sed -i'old_*' s/a/b/ y; sh old_y`,
  ])("%j is not proven", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  // No backup is kept here, but since S31 a shell running any project script after a write in
  // the project asks (s31-shell-script-after-write); what the backup rule reads is shown by the
  // path the gates see, below.
  it.each([
    `${PUSH} y; : > x; cp x y; sh y~`,
    `${PUSH} y; sed -i s/a/b/ y; sh y~`,
    `${PUSH} y; sed -i -e s/a/b/ y; sh y.e`,
  ])("%j asks: a script runs after a write", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    ["cp x y", "/repo/y~"],
    ["sed -i s/a/b/ y", "/repo/y~"],
    ["sed -i -e s/a/b/ y", "/repo/y.e"],
  ])("%s keeps no backup (%s)", async (command, backup) => {
    const analysis = await analyze(command);
    expect(analysis.paths.map((p) => p.path)).not.toContain(backup);
  });

  it("the backup is a write the path gates see", async () => {
    const analysis = await analyze("cp -b -S v x .en");
    expect(analysis.paths.some((p) => p.access === "write" && p.glob === "/repo/.en*")).toBe(true);
    const sed = await analyze("sed -i.bak s/a/b/ src/b.ts");
    expect(sed.paths.some((p) => p.access === "write" && p.path === "/repo/src/b.ts.bak")).toBe(
      true,
    );
  });
});

describe("cp --parents writes the source's whole path below the folder", () => {
  it.each([
    `${PUSH} src/a; mkdir d; cp --parents src/a d; sh d/src/a`,
    `${PUSH} src/a; mkdir d; cp --pa src/a d; sh d/src/a`,
    `${PUSH} src/a; mkdir d; cp --parents -t d src/a; sh d/src/a`,
    `${PUSH} src/a; mkdir o; cp --parents ./src/a o; sh o/src/a`,
  ])("%j is not proven", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it("the whole path is a write", async () => {
    const analysis = await analyze("cp --parents src/a d");
    expect(analysis.paths.some((p) => p.access === "write" && p.path === "/repo/d/src/a")).toBe(
      true,
    );
  });
});
