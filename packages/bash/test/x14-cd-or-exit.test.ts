import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * Attack round B14, class cd-or-exit-guard-ignored: after `cd DIR || exit`, bash goes on only
 * where the cd succeeded; where it failed, `exit` ends the shell (oracle: `cd nosuch || exit 1;
 * cat ../README.md` runs nothing). The walk resolved the later relative paths from the old
 * folder too, as if the script went on after a failed cd.
 */
describe("a cd guarded by || exit", () => {
  it.each([
    ["cd src || exit 1; cat ../README.md", ["read:/repo/README.md"]],
    ["cd src || exit\ncat ../x", ["read:/repo/x"]],
    ["cd src || { echo fail; exit 1; }; cat ../x", ["read:/repo/x"]],
    ["pushd src >/dev/null || exit; cat ../x", ["read:/repo/x"]],
    ["cd src 2>/dev/null || exit 1; cat ../x", ["read:/repo/x"]],
    ["if ! cd src; then exit 1; fi; cat ../x", ["read:/repo/x"]],
    ["if cd src; then :; else exit 1; fi; cat ../x", ["read:/repo/x"]],
    ["if cd src; then :; else echo no; exit 1; fi; cat ../x", ["read:/repo/x"]],
  ])("%j", async (command, expected) => {
    expect(
      paths(await analyze(command)).filter((p) => p.includes("x") || p.includes("README")),
    ).toEqual(expected);
  });

  it.each([
    // Not surely the exit builtin, or not surely run: both folders stay.
    "cd src || (exit 1); cat ../x",
    "cd src || exit 1 >/nonexistent/y; cat ../x",
    "cd src || exit $CODE; cat ../x",
    "cd src || echo no; cat ../x",
    "enable -n exit; cd src || exit; cat ../x",
    "cd src || { exit 1 && :; }; cat ../x",
    "if ! cd src; then echo no; fi; cat ../x",
    "if cd src; then exit; fi; cat ../x",
    "if ! cd src; then (exit 1); fi; cat ../x",
  ])("%j still reads from the folder it was in", async (command) => {
    expect(paths(await analyze(command))).toContain("read:/x");
  });
});
