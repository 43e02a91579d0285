import { describe, expect, it } from "vitest";
import { SENTINELS } from "../src/index.ts";
import { analyze } from "./helpers.ts";

/**
 * An inherited variable's value is the user's, but arithmetic evaluates the names in it, and
 * a plain session's values name variables (`TERM=dumb`, `USER=user`): a value the string reads
 * at run time into such a name may hold code (traced under bash 5.2: `read dumb < f;
 * echo $((TERM))` with `a[$(git push origin main)]` in f runs git push). Values the walk does
 * not list but that surely hold no code (a literal array, `x` after `true && x=1`) stay
 * precise.
 */
async function sentinels(command: string): Promise<string[]> {
  return (await analyze(command)).units.flatMap((unit) => (unit.sentinel ? [unit.sentinel] : []));
}

describe("a value read at run time reaches arithmetic through an inherited name", () => {
  it.each([
    "read dumb < f; echo $((TERM))",
    "mapfile -t dumb < f; echo $((TERM))",
    "readarray dumb < f; (( TERM > 1 ))",
    "dumb=$(cat f); echo $((TERM))",
    "IFS= read -r user < f; echo $((USER))",
    "read -a x < f; let n=LANG+1",
    "read v < f; echo ${s:HOME}",
    "read v < f; [[ SHLVL -eq 1 ]]",
    "true && x=$(cat f); echo $((x+1))",
    "m=(a b); a='c[$(id)]'; echo $((m+1))",
  ])("%s is evaluated code", async (command) => {
    expect(await sentinels(command)).toContain(SENTINELS.evaluatedString);
  });
});

describe("values without code stay precise", () => {
  it.each([
    'declare -A m=([a]=1 [b.c]=x/y); echo "${m[a]}"',
    'declare -A m=([a]=1 [b]=x); echo "${m[a]}"; x=1',
    "true && x=1; echo $((x+1))",
    "m=(a b); echo $((m+1))",
    "i=0; while read l; do i=$((i+1)); done < f; echo $i",
  ])("%s runs nothing", async (command) => {
    expect(await sentinels(command)).toEqual([]);
  });

  it("an associative array written with code is not taken for plain text", async () => {
    expect(await sentinels('declare -A m=([a]="$(cat f)"); echo $((TERM))')).toContain(
      SENTINELS.evaluatedString,
    );
    expect(await sentinels("declare -A m=([a]='x[$(id)]'); echo $((TERM))")).toContain(
      SENTINELS.evaluatedString,
    );
  });

  it("an element default still assigns (`${a[i]:=…}`)", async () => {
    expect(await sentinels('echo "${a[$(echo })]:=x}"; echo $((a))')).toContain(
      SENTINELS.evaluatedString,
    );
  });
});

describe("a value holding code one path gave, then replaced", () => {
  it("holds no code once every path assigns a plain value", async () => {
    expect(await sentinels("true && x='a[$(id)]'; x=1; echo $((TERM))")).toEqual([]);
  });

  it("still holds code while one path may keep it", async () => {
    expect(await sentinels("true && x='a[$(id)]'; true && x=1; echo $((TERM))")).toContain(
      SENTINELS.evaluatedString,
    );
    expect(await sentinels("if true; then x='a[$(id)]'; fi; let n=USER")).toContain(
      SENTINELS.evaluatedString,
    );
  });
});

describe("a special name the string assigns after unset or hides with local", () => {
  it.each([
    "unset SECONDS; SECONDS='a[$(git push origin main)]'; echo $((SECONDS))",
    "f() { local SECONDS='a[$(id)]'; (( SECONDS )); }; f",
    "unset LINENO; LINENO='a[$(id)]'; let y=LINENO",
    "f() { local -x BASHPID='a[$(id)]'; echo ${s:BASHPID}; }; f",
    "read EPOCHSECONDS < f; echo $((EPOCHSECONDS))",
  ])("%s is evaluated code", async (command) => {
    expect(await sentinels(command)).toContain(SENTINELS.evaluatedString);
  });

  it.each([
    "echo $((SECONDS/60))",
    "SECONDS=0; sleep 1; echo $((SECONDS))",
    "x=$(cat f); echo $((RANDOM % 10 + SECONDS))",
  ])("%s keeps bash's number", async (command) => {
    expect(await sentinels(command)).toEqual([]);
  });
});
