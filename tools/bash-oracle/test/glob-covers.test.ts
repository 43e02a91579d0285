import { describe, expect, it } from "vitest";
import { globCovers } from "../src/match.ts";

/**
 * The oracle reads a reported glob as the gates do (bash's rules): a file bash opened counts as
 * covered only where the policy check would also see it. A glob that stands for a name the
 * analysis trusts to start with no dot (`cat "$(date +%s)"` as `/repo/*`) once covered
 * `/repo/.env` here while the gates let the read through.
 */
describe("globCovers", () => {
  it.each<[string, string, boolean]>([
    ["/repo/*", "/repo/.env", false],
    ["/repo/?env", "/repo/.env", false],
    ["/repo/[.]env", "/repo/.env", false],
    ["/repo/*/k", "/repo/.ssh/k", false],
    ["/repo/**/k", "/repo/.ssh/k", true],
    ["/repo/log-*", "/repo/log-/x", false],
  ])("%s does not cover %s", (glob, path, starsSkipDots) => {
    expect(globCovers(glob, path, starsSkipDots)).toBe(false);
  });

  it.each([
    ["/repo/.e*", "/repo/.env"],
    ["/repo/.[e]nv", "/repo/.env"],
    ["/repo/\\.env", "/repo/.env"],
    ["/repo/*", "/repo/README.md"],
    ["/repo/**/k", "/repo/.ssh/k"],
    ["/repo/**/k", "/repo/k"],
    ["/repo/**", "/repo/.ssh/id_rsa"],
    ["/repo/{a,.env}", "/repo/.env"],
    ["/repo/[[:alpha:]]", "/repo/x"],
    ["/repo/[!a]", "/repo/b"],
    ["**/build/x", "/repo/src/build/x"],
  ] as const)("%s covers %s", (glob, path) => {
    expect(globCovers(glob, path)).toBe(true);
  });
});
