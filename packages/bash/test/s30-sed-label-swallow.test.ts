import { describe, expect, it } from "vitest";
import { sedEffects } from "../src/programs/sed-script.ts";

// S30 sed-label-swallow (R45): GNU sed 4.9 ends a label (`:a`, `b`/`t`/`T a`) and `v`'s
// argument at the first blank and parses what follows as the next command. Traced: `:a e git
// push origin main` ran git push; `:a w /etc/cron.d/x` opened the file for writing.
describe("a sed label or v argument ends at a blank (S30 sed-label-swallow)", () => {
  it.each([
    [":a e git push origin main", { runs: true }],
    ["v 4.2 e git push origin main", { runs: true }],
    ["t a e git push origin main\n:a", { runs: true }],
    ["b end;:c e id\n:end", { runs: true }],
    [":a;:b e id", { runs: true }],
    ["ba\te id\n:a", { runs: true }],
  ])("%j runs a command", (script, expected) => {
    expect(sedEffects(script)).toMatchObject(expected);
  });

  it.each([
    [":a w /etc/cron.d/x", { writes: ["/etc/cron.d/x"] }],
    ["$!{:a W /tmp/o\n}", { writes: ["/tmp/o"] }],
    ["s/x/x/;:a w /tmp/o1", { writes: ["/tmp/o1"] }],
    ["1{:a r /home/user/.ssh/id_rsa\n}", { reads: ["/home/user/.ssh/id_rsa"] }],
  ])("%j names the file", (script, expected) => {
    expect(sedEffects(script)).toMatchObject(expected);
  });

  it.each([":a;N;$!ba;s/\\n/ /g", ":a\nN\nba", "b end\n:end", "v 4.2", "/x/b skip\np\n:skip"])(
    "%j stays an inert script",
    (script) => {
      expect(sedEffects(script)).toEqual({ runs: false, reads: [], writes: [], unknown: false });
    },
  );

  it("a label followed by another kind of whitespace is not guessed", () => {
    expect(sedEffects(":a\vw /etc/x").unknown).toBe(true);
  });
});
