// biome-ignore-all lint/suspicious/noTemplateCurlyInString: bash text, not templates
import { describe, expect, it } from "vitest";
import { SENTINELS } from "../src/index.ts";
import { analyze } from "./helpers.ts";

async function sentinels(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.units.flatMap((u) => (u.sentinel ? [u.sentinel] : []));
}

// A file name can hold anything but `/` and NUL, `a[$(cmd)]` included; a glob hands such a
// name to a loop variable or to cd. Under strace bash runs the cmd of the name in each of these.
describe("a name a glob made, in a context that evaluates it", () => {
  it.each([
    "touch 'a[$(git push origin main)]'; for f in a*; do [[ -v $f ]]; done",
    'for f in *; do [[ -v "$f" ]]; done',
    'for f in *; do echo "${f@P}"; done',
    'for f in src/*; do y=f; echo "${!y@P}"; done',
    "for f in *; do [[ $f -eq 1 ]]; done",
    "mkdir 'a[$(git push origin main)]'; cd a*; echo \"${PWD@P}\"",
    'cd ./x*/ && echo "${PWD@P}"',
    'pushd a* >/dev/null; : "${PWD@P}"',
  ])("%s is not proven", async (command) => {
    expect(await sentinels(command)).toContain(SENTINELS.evaluatedString);
  });

  it.each([
    'for f in src/*.ts; do cat "$f"; done',
    'for f in *; do [[ -f $f ]] && echo "$f"; done',
    'cd src && echo "${PWD@P}"',
    'x=main; [[ -v x ]] && echo "${x@P}"',
  ])("%s stays proven", async (command) => {
    expect(await sentinels(command)).toEqual([]);
  });
});
