import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/**
 * Attack round C14 (metamorphic), classes ansi-c-command-word-disables-ssh-option-commands and
 * trap-body-positional-unset. A command word only known at run time (`$'ls'`, `$x`, even in a
 * `$(…)`) may be `set -k`, under which a `NAME=value` word after the command name goes to its
 * environment: the walk judged each command without those words only. With the option off
 * (bash's default) they are arguments: ssh's `-o ProxyCommand=…`, tmux's `'g=git; …'`, gpg's
 * `--photo-viewer 'GIT_TRACE=0 …'`, trap's `'a=(1); …'`, and strace showed each program given
 * them and running the command they hold. Both readings are judged now.
 */
describe("a NAME=value argument stays judged when set -k may be on", () => {
  it.each([
    "$'ls'; ssh -o ProxyCommand='rm -rf build' x",
    "$'ssh' -o ProxyCommand='rm -rf build' x",
    "$'true'; ssh -o PermitLocalCommand=yes -o LocalCommand='rm -rf build' x",
    "echo $($'true'); ssh -o ProxyCommand='rm -rf build' h",
    "$x; ssh -o ProxyCommand='rm -rf build' h",
    "$'true'; tmux new -d 'g=git; $g push origin main'",
    "trap 'a=(1); set -- '\\''a[$(rm -rf build)]'\\''; unset \"$1\"' EXIT",
  ])("%j", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((unit) => unit.sentinel !== null)).toBe(true);
  });

  it("reads tmux's command as written", async () => {
    const analysis = await analyze("$'true'; tmux new -d 'g=git; $g push origin main'");
    expect(analysis.units.map((unit) => unit.executed?.join(" "))).toContain(
      "git push origin main",
    );
  });

  it("keeps both readings of a harmless option", async () => {
    const analysis = await analyze("$'ls'; ssh -o Port=22 x");
    expect(analysis.units.map((unit) => unit.argv.join(" "))).toEqual([
      "ls",
      "ssh -o x",
      "ssh -o Port=22 x",
    ]);
    expect(analysis.units.every((unit) => unit.sentinel === null)).toBe(true);
  });

  it("reads one way when nothing may turn the option on", async () => {
    const analysis = await analyze("ssh -o Port=22 x");
    expect(analysis.units.map((unit) => unit.argv.join(" "))).toEqual(["ssh -o Port=22 x"]);
  });
});
