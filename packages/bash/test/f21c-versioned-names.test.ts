import { describe, expect, it } from "vitest";
import { mayNameAnother, optionSynonymReading } from "../src/index.ts";
import { analyze, pathsOf } from "./helpers.ts";

// B21 versioned-cpan: Debian installs cpan as /usr/bin/cpan5.36-x86_64-linux-gnu too (a
// version and a target triplet after the name). Traced (bash 5.2, strace):
// `cpan5.36-x86_64-linux-gnu -l` writes /home/user/.cpan/CPAN/MyConfig.pm and runs
// `sh -c wget …`, as `cpan -l` does; the tables knew only `cpan`, so it was a plain program.
// The class: a versioned, packaged or target-named spelling of a program the tables know
// (`cargo-1.80`, `kubectl1.28`, `pytest-3`, `x86_64-linux-gnu-gcc`) is read as the stem too.
describe("a versioned or target-named spelling opens what the program opens", () => {
  it.each([
    "cpan5.36-x86_64-linux-gnu -l",
    "/usr/bin/cpan5.36-x86_64-linux-gnu -v",
    "cpan5.36-x86_64-linux-gnu -O",
    "env cpan5.36-x86_64-linux-gnu -l",
    "command cpan5.36-x86_64-linux-gnu -a",
    "cpan5.36.0 -D Foo",
  ])("%s writes ~/.cpan", async (command) => {
    expect(await pathsOf(command)).toContain("write /home/user/.cpan");
  });

  it.each([
    ["kubectl1.28 config set-credentials u --token=x", "/home/user/.kube/config"],
    ["kubectl-1.28 config set-credentials u --token=x", "/home/user/.kube/config"],
  ])("%s writes %s", async (command, path) => {
    expect(await pathsOf(command)).toContain(`write ${path}`);
  });

  it("the name's own reading stays (cpan -h writes nothing, versioned or not)", async () => {
    expect(await pathsOf("cpan5.36-x86_64-linux-gnu -h")).not.toContain("write /home/user/.cpan");
  });
});

describe("a versioned spelling runs what the program runs", () => {
  it.each([
    ["cargo-1.80 release --execute", "git push"],
    ["/usr/bin/cargo-1.80 release --execute", "git push"],
  ])("%s runs %s", async (command, runs) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((unit) => unit.executed?.join(" ").startsWith(runs))).toBe(true);
  });

  it("a plain versioned program gets no second unit", async () => {
    const analysis = await analyze("gcc-12 -o x x.c");
    expect(analysis.units.map((unit) => unit.argv.join(" "))).toEqual(["gcc-12 -o x x.c"]);
  });
});

describe("a deny or ask rule about the program meets its suffixed spellings", () => {
  it.each<[string, string, string | null]>([
    ["cpan5.36-x86_64-linux-gnu -l", "cpan *", "cpan -l"],
    ["cargo-1.80 publish", "cargo publish*", "cargo publish"],
    ["pytest-3 -q", "pytest *", "pytest -q"],
    ["x86_64-linux-gnu-gcc x.c", "gcc *", "gcc x.c"],
    ["vim.basic x", "vim *", "vim x"],
    ["kubectl-1.28 delete ns x", "kubectl delete *", "kubectl delete ns x"],
    // Another program, not a spelling of the rule's.
    ["cargo-1.80 publish", "car *", null],
    ["md5sum x", "md *", null],
  ])("%s for %s is %s", (command, rule, expected) => {
    const reading = optionSynonymReading(command.split(" "), rule.split(" "));
    expect(reading === null ? null : reading.join(" ")).toBe(expected);
  });

  it.each([
    ["cpan5.36-x86_64-linux-gnu -l", true],
    ["x86_64-linux-gnu-gcc x.c", true],
    ["vim.basic x", true],
    ["git status", false],
  ])("%s may name another program: %s", (text, expected) => {
    expect(mayNameAnother(text)).toBe(expected);
  });
});
