import { describe, expect, it } from "vitest";
import { pathsOf } from "./helpers.ts";

/**
 * F21a (needless ask from session 20): a loop whose body runs `cd /repo/src` started every round
 * in an unknown folder, so `for i in 1 2; do cd /repo/src; ls; done` asked. Where every change of
 * directory in the loop (subshells aside) is a plain `cd` to an absolute folder written out, the
 * rounds are walked from the loop's folders, widened by the one the cd enters until a round
 * leaves nothing new: a round starts in the loop's folder or in that one. Traced under bash 5.2
 * (strace): the first group reads in /repo/src only; in the second, the second round reads
 * ~/.ssh/id_rsa, which the analysis reaches.
 */
describe("a loop that cds to an absolute folder written out", () => {
  it.each<[string, string[]]>([
    [
      "for i in 1 2; do cd /repo/src; ls; done",
      [
        "read /repo/src",
        "read /repo/src",
        "read /repo",
        "read /repo/src",
        "read /repo",
        "read /repo/src",
      ],
    ],
    [
      "for f in a.ts b.ts; do cd /repo/src && cat $f; done",
      ["read /repo/src", "read /repo/src/a.ts", "read /repo/src", "read /repo/src/b.ts"],
    ],
  ])("%j follows the folder", async (command, expected) => {
    const paths = await pathsOf(command);
    expect(paths.some((path) => path.endsWith("<computed-path>"))).toBe(false);
    for (const path of expected) expect(paths).toContain(path);
  });

  it.each<[string, string]>([
    ["for i in 1 2; do cat id_rsa; cd /home/user/.ssh; done", "read /home/user/.ssh/id_rsa"],
    ["for i in 1 2; do ls; cd /home/user/.ssh; done; cat id_rsa", "read /home/user/.ssh/id_rsa"],
    [
      "while true; do cd /repo/src; cat a.ts; break; done; cat README.md",
      "read /repo/src/README.md",
    ],
  ])("%j reaches what a later round or the end reads there", async (command, expected) => {
    expect(await pathsOf(command)).toContain(expected);
  });

  it.each([
    // A relative cd, a computed one, one with `..`, pushd, a quoted or braced spelling: the
    // folder a round starts in stays unknown.
    "for i in 1 2; do cd src; ls; done",
    "for d in /repo/src /repo; do cd $d; ls; done",
    "for i in 1 2; do cd /repo/src/..; ls; done",
    "for i in 1 2; do pushd /repo/src; ls; done",
    "for i in 1 2; do 'cd' /repo/src; ls; done",
    "for i in 1 2; do c{d,} /repo/src; ls; done",
    "for i in 1 2; do cd -P /repo/src; ls; done",
  ])("%j keeps the folder unknown", async (command) => {
    const paths = await pathsOf(command);
    expect(paths.some((path) => path.endsWith("<computed-path>") || path.includes("**"))).toBe(
      true,
    );
  });
});
