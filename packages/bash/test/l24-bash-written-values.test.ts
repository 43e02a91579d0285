import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/**
 * Values bash writes itself. `$_` is the last word of the command before, whatever `for _ in 1`
 * or `_=1` said; BASH_REMATCH is what the last `=~` matched, whatever `BASH_REMATCH=(1)` said.
 * A literal value the string gave such a name earlier was trusted as glob-free (it held an
 * integer, or listed elements), so an unquoted `$_` carrying `*` went unseen: traced under
 * bash 5.2, `for _ in 1; do echo /home/user/.ssh/\* >/dev/null; echo $_; done` and
 * `BASH_REMATCH=1; [[ '/home/user/.ssh/*' =~ .+ ]]; echo $BASH_REMATCH` both list
 * /home/user/.ssh, and were allowed under a policy that denies it. Found by hosting the
 * corpus's refused commands in `for _ in 1; do C; done`.
 */
const unknownPaths = async (command: string) =>
  (await analyze(command)).paths.filter((path) => path.path === null).map((path) => path.raw);

describe("a value bash writes itself is never the string's stale literal", () => {
  it.each<[string, string]>([
    ["for _ in 1; do echo /home/user/.ssh/\\* >/dev/null; echo $_; done", "$_"],
    ["for _ in 1; do echo x >/dev/null; echo ~/.ssh/$_; done", "~/.ssh/$_"],
    ["for _ in 1; do echo ~/.ssh/$_; done", "~/.ssh/$_"],
    ["_=1; echo '*' >/dev/null; echo ~/.ssh/$_", "~/.ssh/$_"],
    ["declare -i _=1; echo '*' >/dev/null; echo ~/.ssh/$_", "~/.ssh/$_"],
    ["BASH_REMATCH=1; [[ '/home/user/.ssh/*' =~ .+ ]]; echo $BASH_REMATCH", "$BASH_REMATCH"],
    [
      "BASH_REMATCH=(1 2); [[ '/home/user/.ssh/*' =~ .+ ]]; echo ${BASH_REMATCH[@]}",
      "${BASH_REMATCH[@]}",
    ],
    [
      "BASH_REMATCH=(a b); [[ '/home/user/.ssh/*' =~ .+ ]]; echo ${BASH_REMATCH[0]}",
      "${BASH_REMATCH[0]}",
    ],
    ["_=(a b); echo '/home/user/.ssh/*' >/dev/null; echo $_", "$_"],
  ])("%j: the expansion may be a glob the walk does not see", async (command, raw) => {
    expect(await unknownPaths(command)).toContain(raw);
  });

  it.each([
    "x=1; echo ~/.ssh/$x",
    "for n in 1 2; do echo ~/.ssh/$n; done",
    "a=(1 2); echo ${a[@]}",
    "[[ abc == a* ]]; echo $RANDOM",
  ])("%j: a value the string decides stays known", async (command) => {
    expect(await unknownPaths(command)).toEqual([]);
  });
});
