import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { STDIN_SESSIONS, sessionEscapes, stdinSession } from "../src/programs/stdin-sessions.ts";
import { wordFromText } from "../src/read/words.ts";
import { analyze, indirectionWrapper, opaqueWrapper } from "./helpers.ts";

// S26: programs that start an editor, a debugger or a shell reading commands from their stdin
// (sdiff -o's `e`, bashbug's and `npm config edit`'s editor, perl -d, node inspect, jdb,
// pg_virtualenv with no command, `git merge` under GIT_MERGE_AUTOEDIT) were judged as plain
// programs: the fed text's `!git push` ran unseen (traced). Now one table (stdin-sessions.ts)
// floors them when fed, and the escapes the literal text shows are read as commands and files.

/** The sentinels of the units that run `words` (executed), in order. */
function runsOf(analysis: BashAnalysis, words: string): (string | null)[] {
  return analysis.units
    .filter((u) => (u.executed ?? []).join(" ") === words)
    .map((u) => u.sentinel);
}

/** Whether some unit of the analysis carries `sentinel` (or any, when not given). */
function floored(analysis: BashAnalysis, sentinel?: string): boolean {
  return analysis.units.some((u) =>
    sentinel === undefined ? u.sentinel !== null : u.sentinel === sentinel,
  );
}

describe("a session fed stdin is floored (S26, traced)", () => {
  it.each([
    "(echo e; sleep 1; echo '!git push origin main'; echo q; echo q) | sdiff -o o a b",
    "{ echo e; sleep 1; echo '!git push origin main'; } | sdiff --output=o a b",
    "cat keys | sdiff -s -o o a b",
    "cat keys | sdiff -so o a b",
    "(sleep 2; echo 'exec x') | node inspect build/out.js",
    "cat cmds | jdb Main",
    "cat cmds | perl -d /dev/null",
    "cat cmds | perl -dw /dev/null",
    "cat cmds | perl -wd x.pl",
    "cat cmds | perl -d -S corelist",
    "cat cmds | perl5.36.0 -d x.pl",
    "cat cmds | ruby -rdebug x.rb",
    "cat cmds | rdbg x.rb",
    "cat cmds | pg_virtualenv",
    "cat cmds | pg_virtualenv -v 15",
    "cat cmds | pg_virtualenv -s false",
  ])("%j", async (command) => {
    expect(floored(await analyze(command), opaqueWrapper)).toBe(true);
  });
});

describe("an editor the environment names is floored even with nothing fed", () => {
  it.each([
    "bashbug",
    "npm config edit --location=project",
    "npm config --location=project edit",
    "npm c edit --location=project",
    "visudo",
    "kubectl edit deploy x",
  ])("%j", async (command) => {
    expect(floored(await analyze(command), opaqueWrapper)).toBe(true);
  });
});

describe("the literal text's escapes are read as commands and files", () => {
  it.each([
    ["printf '!git push origin main\\nq\\nq\\n' | sdiff -o o a b", "git push origin main"],
    ["printf ':!git push origin main\\n:q!\\n' | bashbug", "git push origin main"],
    ["bashbug <<'E'\n:!npm publish\n:q!\nE", "npm publish"],
    ["printf ':!git push origin main\\n' | npm c edit --location=project", "git push origin main"],
    ["printf '!!git push origin main\\nq\\n' | perl -d /dev/null", "git push origin main"],
    ["perl -d /dev/null <<<'system(\"rm -rf /usr\")'", "rm -rf /usr"],
    [
      'node inspect x.js <<\'E\'\nexec require("child_process").execSync("npm publish")\nE',
      "npm publish",
    ],
    ["printf 'shell git push origin main\\n' | gdb ./a.out", "git push origin main"],
    ["printf ':!git push origin main\\n' | vim x", "git push origin main"],
    ["printf '!git push origin main\\n' | ed x", "git push origin main"],
    ["printf 'git push origin main\\n' | pg_virtualenv", "git push origin main"],
    ["pg_virtualenv -v 15 <<'E'\nnpm publish\nE", "npm publish"],
    ["pg_virtualenv <<<'git push origin main'", "git push origin main"],
  ])("%j runs %j (floored)", async (command, inner) => {
    const found = runsOf(await analyze(command), inner);
    expect(found.length).toBeGreaterThan(0);
    for (const sentinel of found) expect(sentinel).toBe(opaqueWrapper);
  });

  it("ed's `w FILE` writes the file", async () => {
    const analysis = await analyze("printf 'w /etc/x\\nq\\nq\\n' | sdiff --output=o a b");
    expect(analysis.paths.some((p) => p.path === "/etc/x" && p.access === "write")).toBe(true);
  });

  it("reads each dialect", () => {
    expect(
      sessionEscapes(
        [
          ":!a 1",
          "!b",
          "!!c",
          ":r !d",
          "w !e",
          "platform shell f",
          ":%!g",
          "w out.txt",
          "r in",
        ].join("\n"),
      ),
    ).toEqual({
      lines: ["a 1", "b", "c", "d", "e", "f", "g"],
      files: [
        expect.objectContaining({ access: "write" }),
        expect.objectContaining({ access: "read" }),
      ],
    });
    expect(sessionEscapes("i\u001b:!h\n").lines).toEqual(["h"]);
    expect(sessionEscapes(":sh\ngit push\n").lines).toEqual(["git push", ""]);
  });
});

describe("git merge under GIT_MERGE_AUTOEDIT opens the editor (S26, traced)", () => {
  it.each([
    "printf ':!rm -rf y\\n:q!\\n' | GIT_MERGE_AUTOEDIT=yes git merge --no-ff main",
    "export GIT_MERGE_AUTOEDIT=true; printf ':!rm -rf y\\n' | git merge main",
    "GIT_MERGE_AUTOEDIT=1 git merge --no-ff main <<<$':!rm -rf y\\n:q!'",
    "env GIT_MERGE_AUTOEDIT=on git pull origin main",
    'GIT_MERGE_AUTOEDIT="$X" git merge main',
  ])("%j", async (command) => {
    const analysis = await analyze(command);
    const merge = analysis.units.find((u) =>
      /^git (merge|pull)/.test((u.executed ?? []).join(" ")),
    );
    expect(merge?.sentinel).toBe(indirectionWrapper);
  });

  it("the editor's escapes run", async () => {
    const analysis = await analyze(
      "printf ':!git push origin main\\n:q!\\n' | GIT_MERGE_AUTOEDIT=yes git merge main",
    );
    expect(runsOf(analysis, "git push origin main").length).toBeGreaterThan(0);
    const commit = await analyze("printf ':!npm publish\\n' | git commit");
    expect(runsOf(commit, "npm publish").length).toBeGreaterThan(0);
  });

  it.each([
    "GIT_MERGE_AUTOEDIT=no git merge main",
    "GIT_MERGE_AUTOEDIT=yes git merge -m x main",
    "GIT_MERGE_AUTOEDIT=yes git merge --no-edit main",
    "git merge main",
  ])("%j opens none", async (command) => {
    expect(floored(await analyze(command))).toBe(false);
  });
});

describe("text fed to a program no table knows, with no command of its words", () => {
  it("is read as a script hosted by it", async () => {
    const analysis = await analyze("printf 'git push origin main\\n' | mystery-tool -q");
    const found = analysis.units.filter(
      (u) => (u.executed ?? []).join(" ") === "git push origin main",
    );
    expect(found.length).toBeGreaterThan(0);
    for (const each of found) expect(each.hostedBy).toBe("mystery-tool");
  });

  it.each([
    // Data, not a command; a command of its own words; a program a table knows.
    "echo '{\"a\": 1}' | mystery-tool",
    "printf 'git push origin main\\n' | mystery-tool run x",
    "printf 'git push origin main\\n' | wc -l",
  ])("%j is not", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((u) => u.hostedBy !== undefined)).toBe(false);
  });
});

describe("nothing changes without a session", () => {
  it.each([
    "printf 'x\\n' | sdiff a b",
    "sdiff -o out a b",
    "perl -d x.pl",
    "printf 'x\\n' | perl x.pl",
    "printf 'x\\n' | perl -Id x.pl",
    "printf 'x\\n' | node x.js",
    "pg_virtualenv ls src",
    "npm config get registry",
  ])("%j", async (command) => {
    expect(floored(await analyze(command))).toBe(false);
  });
});

describe("the table proves its examples (stdin fed)", () => {
  const matches = STDIN_SESSIONS.flatMap((s) => s.match.map((c) => [s.note, c] as const));
  const notMatches = STDIN_SESSIONS.flatMap((s) => s.notMatch.map((c) => [s.note, c] as const));
  it.each(matches)("%s: %j", async (_note, command) => {
    expect(floored(await analyze(`cat keys | ${command}`), opaqueWrapper)).toBe(true);
  });
  it.each(notMatches)("%s: not %j", (_note, command) => {
    const words = command.split(" ").map((text) => wordFromText(text));
    expect(stdinSession(words, true, "x\n")).toBeNull();
  });
});
