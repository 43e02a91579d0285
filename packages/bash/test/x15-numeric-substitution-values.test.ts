import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { analyze } from "./helpers.ts";

function evaluated(analysis: BashAnalysis): boolean {
  return analysis.units.some((unit) => unit.sentinel === "<evaluated-string>");
}

/**
 * F15 numeric-substitution-through-variable: a variable assigned one command substitution
 * that prints only digits (`$(wc -l < f)`, `$(date +%s)`, `$(git rev-list --count HEAD)`,
 * `$(grep -c x f)`), or bash's own counters (`$SECONDS`, `$$`), holds a number or nothing;
 * arithmetic on it runs nothing. Traced by F15: only the substitution's program runs.
 */
describe("precision: arithmetic on a variable that holds a number-printing substitution", () => {
  it.each([
    'start=$(date +%s); npm test; end=$(date +%s); echo "took $((end-start))s"',
    "start=$SECONDS; npm test; echo $((SECONDS-start))",
    "n=$(grep -c foo src/a.ts); if (( n > 0 )); then echo found; fi",
    "n=$(wc -l < src/a.ts); echo $((n + 1))",
    'count=$(git rev-list --count HEAD); echo "next: $((count + 1))"',
    'n="$(git status --porcelain | wc -l)"; [[ $n -eq 0 ]] && echo clean',
    "p=$$; echo $((p % 7))",
  ])("%j", async (command) => {
    expect(evaluated(await analyze(command))).toBe(false);
  });
});

describe("soundness: values that may hold code stay evaluated", () => {
  it.each([
    "n=$(cat f); echo $((n + 1))",
    "n=$(wc -l src/a.ts); echo $((n))",
    "n=$(grep -c x src/*); echo $((n))",
    "n=$(date +%s%N); echo $((n))",
    "wc() { echo 'a[$(id)]'; }; n=$(wc -l < f); echo $((n))",
    "function date { echo 'a[$(id)]'; }; n=$(date +%s); echo $((n))",
    'eval "w""c() { echo x; }"; n=$(wc -l < f); echo $((n))',
    "source ./x.sh; n=$(wc -l < f); echo $((n))",
    "PATH=.:$PATH; n=$(wc -l < f); echo $((n))",
    "hash -p ./x wc; n=$(wc -l < f); echo $((n))",
    "n=$(wc -l < f); n+=$(cat g); echo $((n))",
    "unset SECONDS; SECONDS=$(cat f); s=$SECONDS; echo $((s))",
    "read SECONDS < f; s=$SECONDS; echo $((s))",
  ])("%j", async (command) => {
    expect(evaluated(await analyze(command))).toBe(true);
  });
});
