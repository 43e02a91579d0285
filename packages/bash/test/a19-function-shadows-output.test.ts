import { describe, expect, it } from "vitest";
import { SENTINELS } from "../src/index.ts";
import { analyze } from "./helpers.ts";

const sentinels = async (command: string) =>
  (await analyze(command)).units.flatMap((unit) => (unit.sentinel ? [unit.sentinel] : []));

// A19 function-shadows-{numeric,name-token,plain-word}-output-command: the analysis reads what
// `$(date +%s)`, `$(nproc)`, `$(id -u)`, `$(wc -l < f)`, `$(grep -c x f)` or
// `$(git rev-list --count HEAD)` print as a number or a plain name, which holds only while bash
// runs the program. Traced (bash 5.2): `date(){ echo 'a[$(git push origin main)]'; };
// echo $(( $(date +%s) ))` runs git push, and `date(){ echo .env; }; cat "$(date +%s)"` opens
// /repo/.env.
describe("a function named like a program whose output is trusted", () => {
  it.each([
    "date(){ echo 'a[$(git push origin main)]'; }; echo $(( $(date +%s) ))",
    "nproc(){ echo 'a[$(npm publish)]'; }; echo $(( $(nproc) ))",
    "grep(){ echo 'a[$(npm publish)]'; }; echo $(( $(grep -c x README.md) ))",
    "id(){ echo 'a[$(npm publish)]'; }; (( $(id -g) == 0 ))",
    "git(){ echo 'a[$(npm publish)]'; }; echo $(( $(git rev-list --count HEAD) ))",
    "wc(){ echo 'a[$(npm publish)]'; }; git log --oneline | echo $(( $(wc -l) ))",
    "function nproc { echo 'a[$(id)]'; }; echo $(( $(nproc) + 1 ))",
    "nproc () ( echo 'a[$(id)]' ); echo $(( $(nproc) ))",
    "date(){ echo 'a[$(id)]'; }\necho $(( `date +%s` ))",
    "eval 'da''te(){ echo a[\\$(id)]; }'; echo $(( $(date +%s) ))",
    'date(){ echo .env; }; cat "$(date +%s)"',
    'date(){ echo /home/user/notes.txt; }; cat "$(date +%F)"',
    "git(){ echo '.e*'; }; cat $(git rev-parse HEAD)",
    "nproc(){ echo --output=.env; }; git log -1 $(nproc)",
    "whoami(){ echo 'a[$(id)]'; }; u=$(whoami); echo $((u))",
    "source ./lib.sh; echo $(( $(date +%s) ))",
    "date(){ echo 'a[$(id)]'; }; export -f date; bash -c 'echo $(( $(date +%s) ))'",
  ])("%s is not proven", async (command) => {
    expect(await sentinels(command)).toContain(SENTINELS.opaqueWrapper);
  });

  it.each([
    "echo $(( $(date +%s) + 1 ))",
    'cat "log-$(date +%s).txt"',
    'grep(){ command grep -c x "$@"; }; grep README.md',
    "x=$(git rev-parse HEAD); git show $x:README.md",
  ])("%s stays proven", async (command) => {
    expect(await sentinels(command)).toEqual([]);
  });
});
