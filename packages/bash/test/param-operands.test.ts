// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** The files a command touches, as `access path` (a computed one as `access ?raw`). */
async function touched(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.paths.map((p) => `${p.access} ${p.path ?? p.glob ?? `?${p.raw}`}`);
}

describe("a ${NAME:-WORD} operand is a file the word may name", () => {
  it.each([
    ["cat ${x:-.env}", ["read ?${x:-.env}", "read /repo/.env"]],
    ['cat "${x:-.env}"', ["read ?${x:-.env}", "read /repo/.env"]],
    ["cat ${x-~/.ssh/id_rsa}", ["read ?${x-~/.ssh/id_rsa}", "read /home/user/.ssh/id_rsa"]],
    // x unset, the word is `v` (x18-may-be-empty).
    ["cat ${x:+.en}v", ["read ?${x:+.en}v", "read /repo/.env", "read /repo/v"]],
    ["cat ${x:-.e*}", ["read ?${x:-.e*}", "read /repo/.e*"]],
    ["echo > ${x:=.env}", ["write ?${x:=.env}", "write /repo/.env"]],
    [
      "cat ${k:-$HOME/.ssh/id_rsa}",
      ["read ?${k:-$HOME/.ssh/id_rsa}", "read /home/user/.ssh/id_rsa"],
    ],
    ["f=.env; cat ${x:-$f}", ["read ?${x:-$f}", "read /repo/.env"]],
  ])("%s touches %j", async (command, paths) => {
    expect(await touched(command)).toEqual(paths);
  });

  it.each([
    // In double quotes the operand's ~ stays a letter: a relative folder named ~.
    ['cat "${x:-~/.ssh/id_rsa}"', ["read ?${x:-~/.ssh/id_rsa}", "read /repo/~/.ssh/id_rsa"]],
    // Only the computed path: the operand is not known either.
    ["cat ${x:-$(pick)}", ["read ?${x:-$(pick)}"]],
    ["cat ${x:-$Y/.env}", ["read ?${x:-$Y/.env}"]],
    ["cat ${x:?.env}", ["read ?${x:?.env}"]],
  ])("%s touches only %j", async (command, paths) => {
    expect(await touched(command)).toEqual(paths);
  });
});

describe("${NAME%WORD} of a known value with a literal WORD", () => {
  // P15 (F14 param-expansion-operator-on-known-value): the value is worked out exactly, as
  // bash trims it; the word is no longer a computed path besides.
  it.each([
    ["ls ${PWD%repo}", ["read /"]],
    ["cat ${HOME%/user}/user/.ssh/id_rsa", ["read /home/user/.ssh/id_rsa"]],
    ["cd /tmp && ls ${PWD%tmp}etc", ["read /tmp", "read /etc"]],
    ['cat "${PWD##/}"/x', ["read /repo/repo/x"]],
  ])("%s touches %j", async (command, paths) => {
    expect(await touched(command)).toEqual(paths);
  });

  it("resolves a `*` pattern WORD as bash matches it", async () => {
    expect(await touched("ls ${PWD%r*}")).toEqual(["read /"]);
  });

  it("leaves a bracket pattern WORD unresolved", async () => {
    expect(await touched("ls ${PWD%[r]*}")).toEqual(["read ?${PWD%[r]*}"]);
  });
});
