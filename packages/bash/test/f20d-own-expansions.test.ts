import { describe, expect, it } from "vitest";
import { OWN_EXPANSION_RULES } from "../src/programs/own-expansions.ts";
import { pathsOf } from "./helpers.ts";

/** Paths under the home folder, or known only when the command runs. */
async function homeOrComputed(command: string): Promise<string[]> {
  return (await pathsOf(command)).filter((path) => / (\/home\/user(\/|$)|<)/.test(path));
}

const matches = OWN_EXPANSION_RULES.flatMap((rule) => rule.match.map((command) => [command]));
const notMatches = OWN_EXPANSION_RULES.flatMap((rule) => rule.notMatch.map((command) => [command]));

describe("programs that expand ~ and $HOME in their own option values (table examples)", () => {
  it.each(matches)("%s names a file under the home folder or a computed one", async (command) => {
    expect(await homeOrComputed(command)).not.toEqual([]);
  });

  it.each(notMatches)("%s names none", async (command) => {
    expect(await homeOrComputed(command)).toEqual([]);
  });
});

describe("a quoted ~ the program expands is read as it reads it", () => {
  // strace (C20): npm read /home/user/.ssh/id_rsa for --cafile '~/.ssh/id_rsa', wrote its
  // debug log into /home/user/.ssh for --logs-dir "~/.ssh", read /home/user/x/package.json for
  // --prefix '~/x'; pip wrote /home/user/l for --log '~/l'; gpg read /home/user/x/gpg.conf for
  // --homedir '~/x'.
  it.each([
    ["npm run build --cafile '~/.ssh/id_rsa'", "read /home/user/.ssh/id_rsa"],
    ['npm run build --logs-dir "~/.ssh"', "read_write /home/user/.ssh/**"],
    ["npm run build --prefix '~/x'", "read_write /home/user/x/**"],
    ["npm run build --prefix '~'/x", "read_write /home/user/x/**"],
    ["t='~'; npm run build --prefix \"$t/\"", "read_write /home/user/**"],
    ["set -- '~/.ssh/id_rsa'; npm run build --cafile \"$1\"", "read /home/user/.ssh/id_rsa"],
    ["npx --prefix '~/' x", "read_write /home/user/**"],
    ["pip --log '~/l' list", "write /home/user/l"],
    ["pip --log \\~/l list", "write /home/user/l"],
    ["pip --log '~'/l list", "write /home/user/l"],
    ["pip3 --exists-action w --log '~/l' list", "write /home/user/l"],
    ["gpg --batch --homedir '~/x' --list-keys", "read_write /home/user/x/**"],
    ["gpg --batch --homedir '~'/x --list-keys", "read_write /home/user/x/**"],
    ["gpgv --homedir '~/x' README.md", "read_write /home/user/x/**"],
    ["gpg --batch --homedir ./g --primary-keyring '~/x' --list-keys", "read_write /home/user/x"],
    ["ssh -o 'IdentityFile=${HOME}/notes.txt' h", "read_write /home/user/notes.txt"],
    ["ssh -o 'IdentityFile=%d/notes.txt' h", "read_write /home/user/notes.txt"],
    ["pytest -q -o 'cache_dir=$HOME/c'", "read_write /home/user/c/**"],
    ["pytest -q --override-ini=cache_dir='${HOME}/c'", "read_write /home/user/c/**"],
  ])("%s touches %s", async (command, path) => {
    expect(await pathsOf(command)).toContain(path);
  });

  it.each([
    // A HOME the program's environment sets is where its ~ goes (npm asks os.homedir()).
    ["HOME=/tmp/h npm run build --prefix '~/x'", "read_write /tmp/h/x/**"],
  ])("%s touches %s", async (command, path) => {
    expect(await pathsOf(command)).toContain(path);
  });

  it.each([
    // Tokens and variables only the run knows: ssh's %u, any other ${NAME}, ~user.
    "ssh -o 'IdentityFile=/home/%u/.ssh/id_rsa' h",
    "ssh -o 'CertificateFile=${SECRET}/k' h",
    "pip --log '~root/l' list",
    "npm run build --cafile '${HOME}/notes.txt'",
    "pytest -q -o 'cache_dir=$XDG_CACHE_HOME/c'",
  ])("%s names a file only the run knows", async (command) => {
    expect((await pathsOf(command)).some((path) => / </.test(path))).toBe(true);
  });

  it.each([
    // What must stay as it was: bash's reading, options after `--`, options the program does
    // not expand, values with nothing to expand.
    "npm run build -- --prefix '~/x'",
    "npm run build --prefix ./x",
    "pip list --log '$HOME/l'",
    "gpg --batch --homedir ./g -o '~/x' --export",
    "ssh -i '~/k' h",
    "ssh -o ControlPath=./c h",
    "pytest -q -o 'python_files=$HOME/x'",
    "npx --prefix ./x x",
  ])("%s touches nothing under the home folder", async (command) => {
    expect(await homeOrComputed(command)).toEqual([]);
  });
});

describe("npm's and pip's path settings given through an exported variable", () => {
  // strace: `export npm_config_cafile=/home/user/.ssh/id_rsa; npm run build` read the key;
  // `export PIP_LOG='~/l'; pip list` wrote /home/user/l (pip expands the ~ itself).
  it.each([
    ["export npm_config_cafile=/home/user/.ssh/id_rsa; npm run build", "/home/user/.ssh/id_rsa"],
    ["export npm_config_cafile='~/.ssh/id_rsa'; npm run build", "/home/user/.ssh/id_rsa"],
    ["export NPM_CONFIG_PREFIX='~/x'; npm ls", "/home/user/x"],
    ["export PIP_LOG=/home/user/l; pip list", "/home/user/l"],
    ["export PIP_LOG='~/l'; python3 -m pip list", "/home/user/l"],
  ])("%s touches %s", async (command, path) => {
    expect((await pathsOf(command)).some((each) => each.endsWith(` ${path}`))).toBe(true);
  });

  it.each([
    "export npm_config_cafile='~/.ssh/id_rsa'; pip list",
    "export PIP_LOG='~/l'; npm run build",
    "export npm_config_loglevel=silent; npm run build",
  ])("%s touches nothing under the home folder", async (command) => {
    expect(await homeOrComputed(command)).toEqual([]);
  });
});
