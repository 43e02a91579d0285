import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

describe("programs that write their state under home with no path in the command", () => {
  // strace: each of these wrote there, --version and --help included where listed.
  it.each([
    ["lesskey /dev/null", "write:/home/user/.less"],
    ["lesskey -", "write:/home/user/.less"],
    ["cpan -v", "write:/home/user/.cpan"],
    ["cpan -l", "write:/home/user/.cpan"],
    ["gcloud --version", "write:/home/user/.config/gcloud"],
    ["gcloud components list", "write:/home/user/.config/gcloud"],
    ["/usr/bin/docker-credential-gcloud list", "write:/home/user/.config/gcloud"],
    ["jshell --version", "write:/home/user/.java"],
    ["gpgcompose --help", "write:/home/user/.gnupg"],
    ["gpg-zip --list-archive x.gpg", "write:/home/user/.gnupg"],
  ])("%s writes %s", async (command, path) => {
    expect(paths(await analyze(command)).some((p) => p.startsWith(path))).toBe(true);
  });

  it.each([
    "lesskey -o k.bin k.src",
    "lesskey --output=k.bin k.src",
    "lesskey -V",
    "cpan -h",
    "gpg-zip --help",
  ])("%s writes nothing under home", async (command) => {
    expect(paths(await analyze(command)).some((p) => p.includes("/home/user"))).toBe(false);
  });
});

describe("yq: Go yq reads files in load operators and a lone file operand, writes with -s and -i", () => {
  /** Whether the analysis has a path nobody can name (a computed one). */
  async function unknownPath(command: string): Promise<boolean> {
    return paths(await analyze(command)).some((p) => p.endsWith(":?"));
  }

  it.each([
    "yq -n 'load_str(\"/home/user/.ssh/id_rsa\")'",
    "yq '.a = load(\"x.yaml\")' f.yaml",
    "yq -n 'load_xml(\"a.xml\") | .x'",
    "yq -n 'eval(strenv(E))'",
    "yq -s '\"/tmp/\" + .name' f.yaml",
    "yq '.x' f.yaml --split-exp '.name'",
    "yq -n 'include \"/home/user/m\"; .'",
  ])("%s opens a file the text does not name", async (command) => {
    expect(await unknownPath(command)).toBe(true);
  });

  it.each([
    // With no expression, Go yq prints a first operand that is a file.
    ["yq /home/user/.ssh/id_rsa", "read:/home/user/.ssh/id_rsa"],
    ["yq -o json .env", "read:/repo/.env"],
    ["yq -i '.a = 1' /etc/x.yaml", "read_write:/etc/x.yaml"],
    ["yq --inplace .a=1 f.yaml", "read_write:/repo/f.yaml"],
    ["yq --expression .a f.yaml", "read:/repo/f.yaml"],
  ])("%s has %s", async (command, path) => {
    expect(paths(await analyze(command))).toContain(path);
  });

  it.each([
    "yq .name f.yaml",
    "yq -o json '.a.b' f.yaml",
    "yq '..' f.yaml",
    "yq -i '.a = 1' f.yaml",
  ])("%s names every file it opens", async (command) => {
    expect(await unknownPath(command)).toBe(false);
    expect(
      paths(await analyze(command)).some((p) => p.startsWith("read") && p.endsWith("/repo/..")),
    ).toBe(false);
  });
});
