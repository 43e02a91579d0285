import { beforeAll, describe, expect, it } from "vitest";
import { type BashAnalyzer, loadBashAnalyzer } from "../src/analyze.ts";

// S25's last classes, each traced under bash 5.2 (or, for m4, by GNU m4's manual), each
// allowed under P3 before: a folder renamed to a name no word shows, an m4 definition given as
// a separate word, pg_buildext running make and stdin scripts.

let analyzer: BashAnalyzer;
beforeAll(async () => {
  analyzer = await loadBashAnalyzer({ memoSize: 0 });
});

const options = { cwd: "/repo", home: "/home/user" };
const unitOf = (command: string, text: string) =>
  analyzer.analyze(command, options).units.find((unit) => unit.text === text);

describe("l25: rename moves files to names made from them", () => {
  it.each([
    ["printf 'git push origin main\\n' > src/a; rename.ul src e src; sh e/a", "sh e/a"],
    ["printf 'git push origin main\\n' > src/a; rename.ul sr e src; sh ec/a", "sh ec/a"],
    ["printf 'git push origin main\\n' > src/a; rename 's/s/x/' src; sh xrc/a", "sh xrc/a"],
  ])("%s: the run of a file the rename may have carried is not proven", (command, run) => {
    expect(unitOf(command, run)?.sentinel).not.toBeNull();
  });

  it("writes anything in the folder of each file it renames", () => {
    const paths = analyzer.analyze("rename.ul sr e src/x", options).paths;
    expect(paths).toContainEqual(
      expect.objectContaining({ glob: "/repo/src/**", access: "write" }),
    );
  });

  it("-s renames where a link points: anywhere", () => {
    const paths = analyzer.analyze("rename.ul -s a b l", options).paths;
    expect(paths).toContainEqual(expect.objectContaining({ glob: "/**", access: "write" }));
  });
});

describe("l25: an m4 definition is code", () => {
  it.each([
    "echo x | m4 -D 'x=syscmd(git push origin main)'",
    "echo x | m4 --def 'x=esyscmd(git push origin main)'",
    "m4 -D 'README=syscmd(git push origin main)' README.md",
    "m4 --define='README=syscmd(id)' README.md",
    "m4 -sD'README=syscmd(id)' README.md",
    "m4 --reload-state s.m4f README.md",
    'm4 "$opt" README.md',
  ])("%s is not proven", (command) => {
    expect(
      analyzer.analyze(command, options).units[analyzer.analyze(command, options).units.length - 1]
        ?.sentinel,
    ).not.toBeNull();
  });

  it("an include folder defines nothing", () => {
    expect(unitOf("m4 -I lib -P macros.m4", "m4 -I lib -P macros.m4")?.sentinel).toBeNull();
  });
});

describe("l25: pg_buildext runs make and scripts", () => {
  it.each(["pg_buildext loop x .", "pg_buildext build . b", "pg_buildext virtualenv < t.sh"])(
    "%s is not proven",
    (command) => {
      expect(analyzer.analyze(command, options).units[0]?.sentinel).not.toBeNull();
    },
  );

  it("its version listings run nothing", () => {
    expect(
      unitOf("pg_buildext supported-versions", "pg_buildext supported-versions")?.sentinel,
    ).toBeNull();
  });
});

describe("l25: npm's own --global is not a prefix of --globalconfig", () => {
  it.each([
    "npm run test --global",
    "npm run lint --global -- --fix",
    "npm run test --global=false",
  ])("%s runs the project's script, proven", (command) => {
    expect(analyzer.analyze(command, options).units[0]?.sentinel).toBeNull();
  });

  it.each(["npm run test --globalc=/tmp/x", "npm run test --globalconfig=/tmp/x"])(
    "%s reads a config that may set a script shell",
    (command) => {
      expect(analyzer.analyze(command, options).units[0]?.sentinel).not.toBeNull();
    },
  );
});
