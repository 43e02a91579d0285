import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { analyze } from "./helpers.ts";

/**
 * E16: what an interpreter loads reaches programs not named like it, and what a program reads
 * from its home reaches programs no table knows. All traced under bash: `shasum`, `json_pp`,
 * `pod2text`, `c_rehash`, `ptar` and `dpkg-parsechangelog` are Perl scripts that load a
 * module the string wrote on PERL5LIB/PERLLIB; `yq`, `tomlq` and `py3compile` are Python
 * scripts that import sitecustomize.py, usercustomize.py, a module of theirs or a user site
 * .pth from PYTHONPATH/PYTHONUSERBASE/HOME; `xdg-user-dir` sources ~/.config/user-dirs.dirs,
 * `lesspipe` runs ~/.lessfilter, `mvnDebug` sources ~/.mavenrc, gpg starts gpg.conf's
 * agent-program; rmt opens the files its stdin names.
 */
function floored(analysis: BashAnalysis): boolean {
  return analysis.units.some((unit) => unit.sentinel === "<opaque-bash-wrapper>");
}

const MODULE = "echo 'system(q(git push)); 1;'";
const PY = `echo 'import os; os.system("git push")'`;

describe("interpreter-script-load-path: a program that may be a script reads the load path", () => {
  it.each([
    `mkdir d; ${MODULE} > d/strict.pm; PERL5LIB=d json_pp < /dev/null`,
    `mkdir d; ${MODULE} > d/strict.pm; PERLLIB=d json_pp < /dev/null`,
    `mkdir d; ${MODULE} > d/strict.pm; PERL5LIB=d pod2text README.md`,
    `mkdir d; ${MODULE} > d/strict.pm; PERL5LIB=d shasum README.md`,
    `mkdir d; ${MODULE} > d/strict.pm; env PERL5LIB=d shasum README.md`,
    `mkdir d; ${MODULE} > d/strict.pm; PERL5LIB=/repo/d shasum README.md`,
    `mkdir -p d/Getopt; ${MODULE} > d/Getopt/Long.pm; PERL5LIB=d shasum README.md`,
    `${MODULE} > strict.pm; PERL5LIB=$PWD shasum README.md`,
    `${MODULE} > strict.pm; export PERL5LIB=.; sha1sum README.md; shasum README.md`,
    `${MODULE} > strict.pm; declare -x PERL5LIB=.; shasum README.md`,
    `${MODULE} > strict.pm; f() { shasum README.md; }; PERL5LIB=. f`,
    `${MODULE} > strict.pm; PERL5LIB=. xargs shasum <<< README.md`,
    `${MODULE} > strict.pm; PERL5LIB=. command shasum README.md`,
    `${MODULE} > strict.pm; PERL5LIB=. make`,
    `${MODULE} > strict.pm; PERL5LIB=. ./tool`,
    `mkdir d; ${MODULE} > d/strict.pm; PERL5LIB=d c_rehash d`,
    `mkdir d; ${PY} > d/sitecustomize.py; PYTHONPATH=d yq . README.md`,
    `${PY} > sitecustomize.py; PYTHONPATH=. tomlq . x.toml`,
    `mkdir d; ${PY} > d/sitecustomize.py; export PYTHONPATH=d; yq . README.md`,
    `${PY} > usercustomize.py; PYTHONPATH=. yq . README.md`,
    `${PY} > yaml.py; PYTHONPATH=. yq . README.md`,
    `mkdir -p d/yaml; ${PY} > d/yaml/__init__.py; PYTHONPATH=d yq . README.md`,
    `${PY} > sitecustomize.py; PYTHONPATH=. py3compile x.py`,
    `mkdir -p h/.local/lib/python3.11/site-packages; ${PY} > h/.local/lib/python3.11/site-packages/x.pth; PYTHONUSERBASE=h/.local yq . README.md`,
    `${PY} > d/x.py; PYTHONPATH=$D yq . f`,
  ])("floors %s", async (command) => {
    expect(floored(await analyze(command))).toBe(true);
  });

  it.each([
    // Nothing written, or nothing a module search finds.
    "PERL5LIB=d shasum README.md",
    `mkdir d; ${MODULE} > d/notes.txt; PERL5LIB=d shasum README.md`,
    `mkdir d; ${PY} > d/notes.md; PYTHONPATH=d yq . README.md`,
    // Compiled programs and builtins load no Perl or Python.
    `mkdir d; ${MODULE} > d/strict.pm; PERL5LIB=d sha1sum README.md`,
    `${PY} > sitecustomize.py; PYTHONPATH=. cat README.md`,
    `export PYTHONPATH=src; ${PY} > src/a.py; ls src; cat src/a.py; grep -n os src/a.py; jq . package.json`,
    `export PERL5LIB=.; ${MODULE} > strict.pm; echo done; printf '%s\\n' ok; wc -l strict.pm`,
    // A module written where no load path the string set points.
    `${MODULE} > strict.pm; PERL5LIB=lib shasum README.md`,
  ])("keeps %s proven", async (command) => {
    expect(floored(await analyze(command))).toBe(false);
  });
});

describe("home-dotfile-script-unmodelled: a dotfile written under the home a program runs with", () => {
  it.each([
    "mkdir -p h/.config; echo 'git push' > h/.config/user-dirs.dirs; HOME=h xdg-user-dir DESKTOP",
    "mkdir -p h/.config; echo 'git push' > h/.config/user-dirs.dirs; export HOME=/repo/h; xdg-user-dir DESKTOP",
    "mkdir -p .config; echo 'git push' > .config/user-dirs.dirs; HOME=/repo xdg-user-dir MUSIC",
    "mkdir -p h/.config; echo 'git push' > h/.config/user-dirs.dirs; HOME=h bash -c 'xdg-user-dir DESKTOP'",
    "mkdir c; echo 'git push' > c/user-dirs.dirs; XDG_CONFIG_HOME=c xdg-user-dir DESKTOP",
    "mkdir h; printf '#!/bin/sh\\ngit push\\n' > f; install -m 755 f h/.lessfilter; HOME=h lesspipe README.md",
    "printf '#!/bin/sh\\ngit push\\n' > f; install -D f h/.lessfilter; HOME=h lessfile README.md",
    "mkdir h; echo 'git push' > h/.mavenrc; HOME=h mvnDebug -v",
    `mkdir -p h/.local/lib/python3.11/site-packages; ${PY} > h/.local/lib/python3.11/site-packages/x.pth; HOME=h yq . README.md`,
    // A program no table knows may read any dotfile of its home.
    "mkdir h; echo x > h/.toolrc; HOME=h tool",
    "echo x > .toolrc; HOME=. tool",
    "mkdir c; echo x > c/tool.conf; export XDG_CONFIG_HOME=c; tool",
    // S32 settings-home: a home the string moved holds settings it did not write too (a cloned
    // project's .config/user-dirs.dirs, .lessfilter): these were kept proven while only written
    // files counted.
    "HOME=h xdg-user-dir DESKTOP",
    "mkdir h; echo 'git push' > h/Desktop.txt; HOME=h xdg-user-dir DESKTOP",
    "echo 'git push' > notes.txt; HOME=. xdg-user-dir DESKTOP",
    "echo 'git push' > notes.txt; HOME=. lesspipe README.md",
  ])("floors %s", async (command) => {
    expect(floored(await analyze(command))).toBe(true);
  });

  it.each([
    // (`echo x > .toolrc; tool`, `… h/.toolrc; HOME=g tool` and `… ~/.toolrc; tool` now floor
    // by the written-code floor's settings names, whatever the home: a program no table knows
    // may read a settings dotfile from its working directory; see x5-written-config-code.)
    // Programs that read nothing of their home.
    "mkdir h; echo x > h/.toolrc; HOME=h cat h/.toolrc",
    "mkdir -p h/.config; echo x > h/.config/x; HOME=h ls -a h",
    // A function body where the walk lost track of HOME reads the caller's.
    'log() { echo "[info] $1"; }; log start; git status; log done',
  ])("keeps %s proven", async (command) => {
    expect(floored(await analyze(command))).toBe(false);
  });
});

describe("gpg-config-agent-program: gpg's home folder and option file", () => {
  const AGENT = "printf '#!/bin/sh\\ngit push\\n' > x; install -D x a";
  it.each([
    `${AGENT}; mkdir g; echo 'agent-program /repo/a' > g/gpg.conf; gpg --homedir g --card-status`,
    `${AGENT}; mkdir g; echo 'agent-program /repo/a' > g/gpg.conf; echo x | gpg --homedir g --batch -c --passphrase x -o y`,
    `${AGENT}; mkdir g; echo 'agent-program a' > g/gpg.conf; gpg --homedir=g --card-status`,
    `${AGENT}; mkdir -p h/.gnupg; echo 'agent-program /repo/a' > h/.gnupg/gpg.conf; HOME=h gpg --card-status`,
    `${AGENT}; mkdir g; echo 'agent-program /repo/a' > g/gpg.conf; GNUPGHOME=g gpg --card-status`,
    `${AGENT}; echo 'agent-program /repo/a' > o; gpg --options o --card-status`,
  ])("floors %s", async (command) => {
    expect(floored(await analyze(command))).toBe(true);
  });

  // (`gpg --homedir g` floors on its own since S32 settings-home: a cloned project may ship
  // g/gpg.conf.)
  it.each(["gpg --card-status", "echo x > notes.txt; gpg -k"])(
    "keeps %s proven",
    async (command) => {
      expect(floored(await analyze(command))).toBe(false);
    },
  );
});

describe("rmt-stdin-protocol-opens-file: rmt opens the files its stdin names", () => {
  it.each([
    "printf 'O/home/user/.ssh/id_rsa\\n0\\nR100\\n' | rmt",
    "/usr/sbin/rmt < cmds",
    "rmt-tar",
  ])("%s reads and writes a computed path", async (command) => {
    const uses = (await analyze(command)).paths
      .filter((path) => path.sentinel === "<computed-path>")
      .map((path) => `${path.raw} ${path.access}`);
    expect(uses).toEqual(
      expect.arrayContaining([
        "$(files named in the list) read",
        "$(files named in the list) write",
      ]),
    );
  });

  it("rmt --version opens nothing", async () => {
    expect((await analyze("rmt --version")).paths).toEqual([]);
  });
});
