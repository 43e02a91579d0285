import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

// S32 F-prec2 seq-loop (r32b needless asks): `for i in $(seq 1 5); do touch "f$i.txt"; done`
// and `for x in $(seq 3); do echo $x; done` asked <computed-path>. Traced: only seq ran, then
// touch f1.txt … f5.txt in /repo. seq with integer operands and no option prints one decimal
// number a line, so each round's word is digits only: the walker now reads the variable as one
// such number (inert-output.ts ONE_NUMBER_WORD), as it reads `x=$(date +%s)`.

/** Whether the analysis names every unit and every path (nothing computed, nothing opaque). */
async function precise(command: string): Promise<boolean> {
  const analysis = await analyze(command);
  return (
    analysis.units.every((unit) => unit.sentinel === null) &&
    analysis.paths.every((path) => path.sentinel == null && (path.path ?? path.glob) != null)
  );
}

describe("s32: a loop over seq's numbers", () => {
  it.each([
    'for i in $(seq 1 5); do touch "f$i.txt"; done',
    "for x in $(seq 3); do echo $x; done",
    "for i in `seq 1 2 9`; do mkdir -p out/run-$i; done",
    'for i in $(seq 10); do echo "$i" > "logs/$i.log"; done',
    "for p in $(pgrep -x node); do echo $p; done",
    "for i in $(seq 1 5); do echo $((i * 2)); done",
  ])("%s is judged by name", async (command) => {
    expect(await precise(command)).toBe(true);
  });

  it.each([
    // A format, a separator, padding or a sign print other words.
    "for i in $(seq -f '%g.env' 3); do cat \"$i\"; done",
    "for i in $(seq -s ' ' 3); do cat \"x$i\"; done",
    'for i in $(seq -w 3); do cat "$i"; done',
    "for i in $(seq -3 0); do cat x$i; done",
    // Operands the walk does not know, a quoted listing (one word of several lines), more words.
    'n=$1; for i in $(seq 1 $n); do touch "f$i.txt"; done',
    'for i in "$(seq 1 3)"; do touch "f$i.txt"; done',
    'for i in $(seq 1 3)x; do touch "f$i.txt"; done',
    // IFS cuts the digits, or seq is not the program that runs.
    'IFS=1; for i in $(seq 1 12); do cat "$i/x"; done',
    'seq() { echo /etc/passwd; }; for i in $(seq 1 3); do cat "$i"; done',
    'alias seq=ls; for i in $(seq 1 3); do cat "$i"; done',
    'PATH=.:$PATH; for i in $(seq 1 3); do cat "$i"; done',
    // A later assignment of the variable in the body.
    'for i in $(seq 1 3); do i=$(ls); cat "$i"; done',
  ])("%s is not judged by name", async (command) => {
    expect(await precise(command)).toBe(false);
  });
});
