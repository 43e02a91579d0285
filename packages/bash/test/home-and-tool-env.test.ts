import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/** The analysis's paths outside the project, as `access:path`. */
async function outside(command: string): Promise<string[]> {
  return paths(await analyze(command)).filter((path) => !/^[a-z_]+:\/repo(\/|$)/.test(path));
}

describe("MANPATH names folders man reads (round 11 adv11b, manpath-env-reads-outside)", () => {
  it.each([
    // Traced: man lists each folder and reads index.db and the pages below it.
    ["MANPATH=/tmp man ls", "/tmp"],
    ["MANPATH=/home/user/.ssh git help log", "/home/user/.ssh"],
    ["MANPATH=/tmp git log --help", "/tmp"],
    ["env MANPATH=/tmp man ls", "/tmp"],
    // An empty element is the system's manual path; the others are read.
    ["MANPATH=:/tmp: man ls", "/tmp"],
    ["MANPATH=/usr/share/man:~/m man ls", "/home/user/m"],
    // Set by an earlier statement, for man and for git, which runs it.
    ["export MANPATH=/tmp; man ls", "/tmp"],
    ["MANPATH=/tmp; export MANPATH; git help log", "/tmp"],
  ])("%j reads below %s", async (command, folder) => {
    expect(await outside(command)).toContain(`read:${folder}/**`);
  });

  it.each(["man ls", "MANPATH= man ls", "MANPATH=/repo/man man ls", "export MANPATH=/tmp; ls"])(
    "%j reads nothing outside",
    async (command) => {
      expect(await outside(command)).toEqual([]);
    },
  );

  it.each([
    // less 590 reads a compiled lesskey file (which can set LESSOPEN) from LESSKEY_SYSTEM.
    "LESSKEY_SYSTEM=k less README.md",
    "LESSKEY_SRC=k less README.md",
  ])("%j loads a settings file that can run a command", async (command) => {
    expect((await analyze(command)).units.some((unit) => unit.sentinel !== null)).toBe(true);
  });
});

describe("a rebound HOME for any program (round 11 adv11b, home-redirect-loads-tool-config)", () => {
  it.each([
    // Traced: npm reads /tmp/.npmrc and writes /tmp/.npm/_logs; less reads /tmp/.lesskey and
    // /tmp/.lesshst; man /tmp/.manpath; jq /tmp/.jq; vim /tmp/.vim.
    ["HOME=/tmp npm test", "/tmp"],
    ["HOME=/tmp npm run build", "/tmp"],
    ["env HOME=/tmp npm test", "/tmp"],
    ["HOME=/tmp timeout 5 npm test", "/tmp"],
    // env -S splits its string: the assignments in it are the program's environment.
    ["env -S 'HOME=/tmp npm test'", "/tmp"],
    ["HOME=~/.ssh npm test", "/home/user/.ssh"],
    ["HOME=/tmp less README.md", "/tmp"],
    ["HOME=/tmp man ls", "/tmp"],
    ["HOME=/tmp jq . package.json", "/tmp"],
    ["HOME=/tmp vim notes.md", "/tmp"],
    ["HOME=/tmp python3 x.py", "/tmp"],
    // A shell passes the HOME on to every program it starts.
    ["HOME=/tmp bash x.sh", "/tmp"],
    // Rebound by a statement: the shell's HOME is in the environment of every command after.
    ["HOME=/tmp; npm test", "/tmp"],
    ["export HOME=/tmp; less README.md", "/tmp"],
    ["cd /repo && HOME=/etc npm test", "/etc"],
  ])("%j reads and writes below %s", async (command, home) => {
    expect(await outside(command)).toContain(`read_write:${home}/**`);
  });

  it.each(["HOME=$D npm test", "f() { HOME=/tmp; }; f; npm test", "HOME+=/x npm test"])(
    "%j uses a home the text does not show",
    async (command) => {
      expect(await outside(command)).toContain("read_write:?");
    },
  );

  it.each([
    // Programs that open nothing under HOME (traced), builtins, and HOME left as it was.
    "HOME=/tmp cat README.md",
    "HOME=/tmp ls -la",
    "HOME=/tmp grep -r x src",
    "HOME=/tmp echo hi",
    "npm test",
    "HOME= npm test",
    "echo $HOME; npm test",
    // A home inside the project is a project folder.
    "HOME=/repo/tmp-home npm test",
  ])("%j touches nothing outside for its home", async (command) => {
    expect(await outside(command)).toEqual([]);
  });
});

describe("assignments inside env -S's string", () => {
  it.each(["env -S 'GIT_SSH_COMMAND=rm git fetch x:y'", "env -S 'LD_PRELOAD=/tmp/x.so ls'"])(
    "%j hides a command or code like the written-out assignment",
    async (command) => {
      expect((await analyze(command)).units.some((unit) => unit.sentinel !== null)).toBe(true);
    },
  );

  it("keeps a plain setting proven", async () => {
    const analysis = await analyze("env -S 'NODE_ENV=production npm test'");
    expect(analysis.units.map((unit) => [unit.executed, unit.sentinel])).toEqual([
      [["npm", "test"], null],
    ]);
  });
});
