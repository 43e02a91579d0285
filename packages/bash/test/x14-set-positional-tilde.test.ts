import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * Attack round R14, class set-positional-tilde-unexpanded: bash expands `set`'s operands like
 * any command's arguments before it stores them, tilde included (oracle: `set -- ~/.bashrc;
 * cat "$1"` opens /home/user/.bashrc). The walk kept `$1` as the literal `~/.bashrc`, which a
 * quoted `"$1"` then joined under the working directory.
 */
describe('set\'s operands are tilde-expanded before they become $1, $2, "$@"', () => {
  it.each([
    ['set -- ~/.bashrc; cat "$1"', ["read:/home/user/.bashrc"]],
    ['set -- ~; cat "$1"/.bashrc', ["read:/home/user/.bashrc"]],
    ['set ~; cat "$1"/.bashrc', ["read:/home/user/.bashrc"]],
    ['set -- /etc/ssh ~; cat "$2"/.bashrc', ["read:/home/user/.bashrc"]],
    ['set -- ~/.bashrc; x=$1; cat "$x"', ["read:/home/user/.bashrc"]],
    ['set -- ~/.bashrc; for f in "$@"; do cat "$f"; done', ["read:/home/user/.bashrc"]],
    ['set -- {~/.bashrc,x}; cat "$1"', ["read:/home/user/.bashrc"]],
    ['set -- ~+/x; cat "$1"', ["read:/repo/x"]],
  ])("%j", async (command, expected) => {
    expect(paths(await analyze(command)).filter((p) => p.startsWith("read:"))).toEqual(expected);
  });

  it("writes through $1 go to the home folder", async () => {
    expect(paths(await analyze('set -- ~/.bashrc; echo x >> "$1"'))).toContain(
      "write:/home/user/.bashrc",
    );
  });

  it.each([
    // A quoted or escaped tilde is no tilde prefix: bash stores it as written.
    ["set -- '~/x'; cat \"$1\"", "read:/repo/~/x"],
    ['set -- \\~/x; cat "$1"', "read:/repo/~/x"],
    // `~1` with the directory stack holding only the working directory: bash leaves it as is.
    ['set -- ~1/x; cat "$1"', "read:/repo/~1/x"],
  ])("%j keeps the word as bash leaves it", async (command, expected) => {
    expect(paths(await analyze(command))).toEqual([expected]);
  });

  it.each([
    // A folder the string does not decide: the parameters are unknown.
    'set -- ~root/x; cat "$1"',
    'pushd src; set -- ~1/x; cat "$1"',
  ])("%j stays unknown", async (command) => {
    expect(paths(await analyze(command))).toContain("read:?");
  });
});
