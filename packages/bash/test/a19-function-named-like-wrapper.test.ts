import { describe, expect, it } from "vitest";
import { pathsOf } from "./helpers.ts";

// A19 function-named-like-wrapper-body-state-dropped: bash looks a command's first word up as a
// function before a builtin or a program, so `nice(){ x=.env; }; nice ls` runs the body, not
// ls. Traced (bash 5.2): `nice(){ x=.env; }; x=README.md; nice ls; cat $x` opens /repo/.env.
describe("a function the string defines under a wrapper's name", () => {
  it.each([
    "nice(){ x=.env; }; x=README.md; nice ls; cat $x",
    "command(){ x=.env; }; x=README.md; command ls; cat $x",
    "env(){ x=.env; }; x=README.md; env ls; cat $x",
    "nohup(){ x=.env; }; x=README.md; nohup ls; cat $x",
    "builtin(){ x=.env; }; x=README.md; builtin echo; cat $x",
    "exec(){ x=.env; }; x=README.md; exec 3>/dev/null; cat $x",
    "timeout(){ x=.env; }; x=README.md; timeout 5 ls; cat $x",
    'function stdbuf { x=.env; }; x=README.md; stdbuf -oL ls; cat "$x"',
    "n=nice; nice(){ x=.env; }; x=README.md; $n ls; cat $x",
    "nohup(){ unset x; read -r x < f; }; x=README.md; nohup true; cat $x",
  ])("%s: the call may change x", async (command) => {
    // Unknown, or exactly the body's value where the call's summary gives it (d67e908).
    const paths = await pathsOf(command);
    expect(paths.some((p) => p === "read <computed-path>" || p === "read /repo/.env")).toBe(true);
    expect(paths).not.toContain("read /repo/README.md");
  });

  it("may change HOME", async () => {
    expect(await pathsOf("command(){ HOME=/repo; }; command true; cat ~/notes.txt")).not.toEqual([
      "read /home/user/notes.txt",
    ]);
  });

  it.each([
    // No such function: the wrapper runs its command.
    "x=README.md; nice ls; cat $x",
    // `command` skips functions; a pipeline's member runs in a subshell.
    "nice(){ x=.env; }; x=README.md; command nice ls; cat $x",
    'xargs(){ x=.env; }; x=README.md; echo a | xargs echo; cat "$x"',
  ])("%s keeps x", async (command) => {
    expect(await pathsOf(command)).toEqual(["read /repo/README.md"]);
  });
});
