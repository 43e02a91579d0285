// S32 settings-home: a program reads its settings from its home folder or from the folder or
// file a variable of its own names. When the string points HOME (or CARGO_HOME, GNUPGHOME,
// PIP_CONFIG_FILE, …) at a folder of its choosing, a cloned project brings those files along:
// traced, `HOME=.` made git run core.fsmonitor from ./.gitconfig (git push), npm write its
// logs where ./.npmrc said (outside the project), pip log where ./.config/pip/pip.conf said.
// Those settings are code nobody read, as XDG_CONFIG_HOME's are for git already; only the
// programs traced to read nothing below HOME and start nothing stay proven.
import { describe, expect, it } from "vitest";
import { analyze, unproven } from "./helpers.ts";

async function sentinelsOf(command: string): Promise<(string | null)[]> {
  const analysis = await analyze(command);
  return analysis.units.map((unit) => unit.sentinel).filter((sentinel) => sentinel !== null);
}

describe("a settings folder the string moved (S32 settings-home)", () => {
  it.each([
    // HOME on the command, by a wrapper, or set earlier, however it is spelled.
    "HOME=. git status",
    "HOME=. npm ls",
    "HOME=. cargo build",
    "HOME=. gpg --list-keys",
    "HOME=. ssh host",
    "HOME=. curl https://example.com/",
    "HOME=. pip list",
    "HOME=. sqlite3 db .tables",
    "HOME=. psql -l",
    "HOME=. tool",
    "cd sub && HOME=.. git status",
    "export HOME=$PWD; git status",
    "HOME=.; git status",
    "declare -x HOME=.; git status",
    "HOME=$(pwd) git status",
    "HOME+=/x git status",
    "HOME=~/../../repo git status",
    "env HOME=. git status",
    "env -i HOME=. git status",
    "env -S 'HOME=. git status'",
    "HOME=. timeout 5 git status",
    "HOME=. nice -n 5 npm ls",
    "HOME=. /usr/bin/git status",
    "HOME=. find . -name x",
    "(HOME=.; git log)",
    "f() { local HOME=.; git status; }; f",
    // A settings variable of a program, on the command or exported earlier.
    "CARGO_HOME=. cargo build",
    "RUSTUP_HOME=. cargo build",
    "GNUPGHOME=. gpg --list-keys",
    "GNUPGHOME=. git log --show-signature",
    "PIP_CONFIG_FILE=./p pip list",
    "PSQLRC=./r psql",
    "KUBECONFIG=./k kubectl get pods",
    "AWS_CONFIG_FILE=./c aws s3 ls",
    "export CARGO_HOME=.; cargo build",
    "CARGO_HOME=.; export CARGO_HOME; cargo build",
    // A program that starts another hands it the moved settings (npm test runs cargo).
    "CARGO_HOME=. npm test",
    // A cache that is code (pickles), a runtime or toolchain folder, gem's settings.
    "XDG_CACHE_HOME=. black .",
    "PYLINTHOME=. pylint src",
    "JAVA_HOME=. mvn -v",
    "GOROOT=. go build",
    "RUSTUP_TOOLCHAIN=/repo/t cargo build",
    "GEMRC=./g gem list",
    // kubectl ran a kubeconfig's exec plugin (git push) for these config subcommands (traced).
    "KUBECONFIG=./k kubectl config view",
    "KUBECONFIG=./k kubectl config use-context x",
    // An option that moves the settings folder or file as the variable does.
    "gpg --homedir . --list-keys",
    "gpg --home=. -k",
    "kubectl --kubeconfig ./k get pods",
    "kubectl --kubeconfig=./k config get-contexts",
    "helm --kubeconfig ./k ls",
    "docker --config . ps",
    "mysql --defaults-file=./c",
    "svn --config-dir c status",
    "apt-get -c ./a update",
  ])("%s runs settings nobody read", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    // Programs that read nothing below HOME and start nothing.
    "HOME=. ls -la",
    "HOME=. cat README.md",
    "HOME=. sed -n 1,5p README.md",
    "HOME=. awk '{print $1}' README.md",
    "HOME=. grep -r foo src",
    "HOME=. wc -l README.md",
    "CARGO_HOME=. ls",
    // No home (the password file's then), the caller's own home, HOME dropped again.
    "HOME= git log",
    "HOME=~ git log",
    "HOME=$HOME git log",
    "env -u HOME git log",
    "HOME=. env -u HOME git status",
    // An empty value or /dev/null names no settings.
    "CARGO_HOME= cargo build",
    "PIP_CONFIG_FILE=/dev/null pip list",
    // kubectl's config subcommands edit the file and talk to no cluster (traced precision line).
    "KUBECONFIG=./k kubectl config set-credentials u --token=x",
    "gpg --homedir /dev/null -k",
    // A toolchain by name is rustup's own.
    "RUSTUP_TOOLCHAIN=nightly cargo build",
    "export RUSTUP_TOOLCHAIN=stable; cargo build",
    "XDG_CACHE_HOME=. ls",
    // Nothing moved.
    "kubectl get pods",
    "docker ps",
    "svn status",
    "git status",
    "npm test",
    "cargo build",
  ])("%s gets no sentinel from its settings", async (command) => {
    expect(await sentinelsOf(command)).toEqual([]);
  });
});
