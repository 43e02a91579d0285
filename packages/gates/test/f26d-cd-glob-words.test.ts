// R26 needless-cd-glob-loop: a glob word a variable hands a program after a `cd` (a `for`
// loop over `*.ts`, `x='*.ts'; cat $x`) is judged from each folder the shell may stand in,
// not as any file, when the analysis says where every `cd` goes. Where it does not (`cd`,
// `cd -`, `cd "$D"`, `pushd`), or the word climbs out of a folder a `cd` reached, it stays
// any file; a glob that may reach a denied file is still refused.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "grep *": "allow", "cat *": "allow", "echo *": "allow", "cd *": "allow" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};

const decide = async (command: string) => (await decideBash(CAUTIOUS, command)).action;

describe("glob words a variable hands a program after a cd", () => {
  it.each<[string, string]>([
    ['cd src && for f in *.ts; do cat "$f"; done', "allow"],
    ['cd src; for f in *; do cat "$f"; done', "allow"],
    ['set -e\ncd src\nfor f in *.ts; do\n  echo "== $f"\n  cat "$f"\ndone', "allow"],
    ["cd src; for f in *.ts; do cat $f; done", "allow"],
    ["x='*.ts'; cd src; cat $x", "allow"],
    ['cd src; cd lib; for f in *.ts; do grep -n TODO "$f"; done', "allow"],
  ])("%s (precision)", async (command, action) => {
    expect(await decide(command)).toBe(action);
  });

  it.each<[string, string]>([
    // The folder a cd reached holds denied files.
    ['cd ~/.ssh; for f in *; do cat "$f"; done', "deny"],
    ['cd src; cd ~/.ssh; for f in *; do cat "$f"; done', "deny"],
    ["x='*'; cd ~/.ssh && cat $x", "deny"],
    // A dot file the glob may match, from the folder the string started in.
    ['shopt -s dotglob; cd src; for f in *; do cat "$f"; done', "ask"],
    ["x='.e*'; cd src; cat $x", "ask"],
    ["cd src; g='.e*'; grep -e $g README.md", "ask"],
    // A climb out of a folder a cd reached.
    ['cd src; for f in ../.e*; do cat "$f"; done', "ask"],
    // Where the shell goes is not said: any file.
    ['cd; for f in *; do cat "$f"; done', "ask"],
    ['cd -; for f in *; do cat "$f"; done', "ask"],
    ['cd "$D"; for f in *; do cat "$f"; done', "ask"],
    ['cd s*; for f in *; do cat "$f"; done', "ask"],
    ['pushd src; for f in *; do cat "$f"; done', "ask"],
    ['pushd src; popd; for f in *; do cat "$f"; done', "ask"],
  ])("%s (soundness)", async (command, action) => {
    expect(await decide(command)).toBe(action);
  });
});
