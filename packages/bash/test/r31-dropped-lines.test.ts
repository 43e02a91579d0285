import { describe, expect, it } from "vitest";
import { dropRisks, lineEndsBetween, riskWithin } from "../src/walk/dropped-lines.ts";
import { lastUnitPaths, pathsOf } from "./helpers.ts";

// R31 error-drops-rest-of-line (attacker, traced under bash 5.2): some errors leave the whole
// line bash is running and it goes on with the next one, so an assignment after the error on
// the same line never happens: `c=.env⏎echo $((1/0)); c=README.md⏎cat "$c"` ran `cat .env`
// and read /repo/.env, while the walk took c as README.md and allowed it. The next line now
// starts from every state such an error may have left the line in.

const catPaths = (command: string) => lastUnitPaths(command, "cat");

describe("r31: an error that leaves the rest of the line", () => {
  it.each([
    ["arithmetic", "echo $((1/0))"],
    ["arithmetic, old form", ": $[08]"],
    ["a substring", ": ${y:0:-5}"],
    ["a positional substring", ': "${@:0:-1}"'],
    ["an indirection", ": ${!x}"],
    ["an assignment by expansion", ": ${UID:=1}"],
    ["a readonly name of bash's", "UID=1"],
    ["a name the string made readonly", "readonly r=1; r=2"],
    ["a negative subscript", "a[-5]=x"],
    ["a negative subscript appended to", "a[-3]+=x"],
    ["a glob under failglob", "shopt -s failglob; : nomatch*"],
    ["in a compound command", "if true; then : $((1/0)); fi"],
    ["in a loop", "for i in 1; do : ${c:0:-9}; done"],
    ["in a list", "true && : $((1/0))"],
  ])("%s: the next line may read the value from before (%s)", async (_kind, error) => {
    const reads = await catPaths(`c=.env\n${error}; c=README.md\ncat "$c"`);
    expect(reads).toContain("read /repo/.env");
    expect(reads).toContain("read /repo/README.md");
  });

  it("an assignment before the error on the line is kept", async () => {
    const reads = await catPaths('c=README.md\nc=.env; : $((1/0)); c=README.md\ncat "$c"');
    expect(reads).toContain("read /repo/.env");
  });

  it("a heredoc body belongs to its line, and the line after it reads the old value", async () => {
    const reads = await catPaths('c=.env\ncat <<E; : $((1/0)); c=README.md\nbody\nE\ncat "$c"');
    expect(reads).toContain("read /repo/.env");
  });

  it("a compound command over several lines is one line", async () => {
    expect(await catPaths('c=.env\n{ : $((1/0)); c=README.md\n}\ncat "$c"')).toContain(
      "read /repo/.env",
    );
  });

  it("a call of a function whose body may raise one leaves the value unknown", async () => {
    const reads = await catPaths(
      'f() { c=.env; : $((1/0)); }\nc=README.md; f; c=README.md\ncat "$c"',
    );
    expect(reads).toContain("read <computed-path>");
  });

  it("a later statement on the same line runs only where no error came", async () => {
    expect(await pathsOf('c=.env; : $((1/0)); c=README.md; cat "$c"')).toEqual([
      "read /repo/README.md",
    ]);
  });

  it("a comment ends its line, a backslash in it notwithstanding", async () => {
    expect(await catPaths('c=.env\n: $((1/0)) # x \\\nc=README.md\ncat "$c"')).toEqual([
      "read /repo/README.md",
    ]);
  });

  it("errors that only fail the command change nothing", async () => {
    for (const failing of ["((1/0))", "let 1/0", "[[ 1/0 -eq 1 ]]", "UID=1 true", "test x -eq 1"]) {
      expect(await catPaths(`c=.env\n${failing}; c=README.md\ncat "$c"`)).toEqual([
        "read /repo/README.md",
      ]);
    }
  });
});

describe("r31: where the text may raise such an error", () => {
  it("finds the expansions and assignments that may", () => {
    const text = "a $((1)) b ${x:1} c ${!y} d ${z:=1} e a[i]=1 f ${w@Q}";
    const found = dropRisks(text).map((at) => text.slice(at, at + 4));
    expect(found).toEqual(["$((1", "${x:", "${!y", "${z:", "]=1 "]);
  });

  it("leaves out the forms that cannot", () => {
    const safe =
      "${x} ${x:-a} ${x+b} ${#x} ${x#p} ${x%%q} ${x/a/b} ${x^^} ${x,} ${a[@]} ${1} ${#} ${x:?} a[0]=1 ((1/0))";
    expect(dropRisks(safe)).toEqual([]);
  });

  it("answers whether a risk lies in a range", () => {
    expect(riskWithin([3, 10], 4, 10)).toBe(false);
    expect(riskWithin([3, 10], 4, 11)).toBe(true);
    expect(riskWithin([3, 10], 0, 4)).toBe(true);
  });

  it("ends a line at a newline or a comment, not at a continuation", () => {
    expect(lineEndsBetween("a; b", 1, 3)).toBe(false);
    expect(lineEndsBetween("a\nb", 1, 2)).toBe(true);
    expect(lineEndsBetween("a \\\nb", 1, 4)).toBe(false);
    expect(lineEndsBetween("a # x \\\nb", 1, 8)).toBe(true);
  });

  it("scans a long text in one pass", () => {
    const text = "${a".repeat(200_000);
    expect(dropRisks(text)).toHaveLength(200_000);
  });
});
