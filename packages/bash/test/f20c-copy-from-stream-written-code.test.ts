import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { analyze } from "./helpers.ts";

function sentinels(analysis: BashAnalysis): string[] {
  return analysis.units.flatMap((unit) => (unit.sentinel === null ? [] : [unit.sentinel]));
}

describe("a copy whose source is a stream carries the string's text, not the project's", () => {
  // strace (A20): `cp /dev/stdin x.sh <<< 'git push origin main'; bash x.sh` ran git push: cp
  // copied what the here-string delivered. The same through /dev/fd/N, ../dev/stdin, a
  // variable holding /dev/stdin, and cp -P/-d/-s, which make x.sh a link to the stream.
  it.each([
    "cp /dev/stdin x.sh <<< 'git push origin main'; bash x.sh",
    "cp /dev/fd/0 x.sh <<< 'git push origin main'; bash x.sh",
    "echo 'git push origin main' | cp /dev/stdin x.sh; bash x.sh",
    "cp -- /dev/stdin x.sh <<< 'git push origin main'; bash x.sh",
    "cp -t . /dev/stdin <<< 'git push origin main'; bash stdin",
    "cp ../dev/stdin x.sh <<< 'git push origin main'; bash x.sh",
    "s=/dev/stdin; cp \"$s\" x.sh <<< 'git push origin main'; bash x.sh",
    "cp /dev/fd/3 x.sh 3< <(echo 'git push origin main'); bash x.sh",
    "cp -P /dev/stdin x.sh; bash x.sh <<< 'git push origin main'",
    "cp /dev/stdin package.json <<< '{}'; npm test",
    "mv /dev/stdin x.sh <<< 'git push origin main'; bash x.sh",
  ])("%s is not proven", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it.each([
    "cp a x.sh; bash x.sh",
    "cp -r src dst && bash dst/x.sh",
    "cp -t build a.sh && bash build/a.sh",
    "cp -- a.sh b.sh; bash b.sh",
    "cp -f .env.example .env && npm test",
  ])("%s stays proven", async (command) => {
    expect(sentinels(await analyze(command))).toEqual([]);
  });
});
