// S33 (attacker, traced under bash 5.2):
// - venv-made-link: `python3 -m venv v` makes `v/bin/python3 -> /usr/bin/python3` (and
//   `python`, `python3.X`, `lib64 -> lib`); a later write to `v/bin/python3` in the same string
//   wrote the system's interpreter. A path below a virtual environment's `bin` or `lib64` made
//   earlier in the string now has an unknown twin.
// - fontconfig-home-cache: `fc-list` and `fc-match` write the user's font cache, as `fc-cache`.
import { describe, expect, it } from "vitest";
import { loadBashAnalyzer, SENTINELS } from "../src/index.ts";

const analyzer = await loadBashAnalyzer({ memoSize: 0 });
const analyze = (command: string) => analyzer.analyze(command, { cwd: "/repo", home: "/home/u" });
const unknownWrites = (command: string) =>
  analyze(command)
    .paths.filter((p) => p.access !== "read" && p.sentinel === SENTINELS.computedPath)
    .map((p) => p.raw);

describe("s33: a virtual environment's links", () => {
  it.each<[string, string]>([
    ["python3 -m venv --without-pip v; cp README.md v/bin/python3", "v/bin/python3"],
    [
      "python3 -m venv --without-pip .venv && cp README.md .venv/bin/python3.11",
      ".venv/bin/python3.11",
    ],
    ["python3 -m venv --without-pip . && tee bin/python3 < README.md", "bin/python3"],
    ["python3 -mvenv v; echo x >> v/bin/python", "v/bin/python"],
    ["python3.12 -m virtualenv e && echo x > e/lib64/f", "e/lib64/f"],
    ["virtualenv e && echo x > e/bin/python", "e/bin/python"],
    ["uv venv e && echo x > e/bin/python", "e/bin/python"],
  ])("%s: the write through the link may be any file", (command, raw) => {
    expect(unknownWrites(command)).toContain(raw);
  });

  it.each([
    "python3 -m venv v; echo x > v/pyvenv.cfg",
    "python3 -m venv v; echo x > notes.txt",
    "python3 -m json.tool a.json > b.json; echo x > bin/python3",
    "python3 -m venv v",
  ])("%s: no twin outside the environment's link folders", (command) => {
    expect(unknownWrites(command)).toEqual([]);
  });
});

describe("s33: fontconfig's queries write the user's font cache", () => {
  it.each(["fc-list", "fc-list : family", "fc-match sans", "fc-cache -f"])("%s", (command) => {
    expect(analyze(command).paths.map((p) => [p.access, p.path])).toContainEqual([
      "write",
      "/home/u/.cache/fontconfig",
    ]);
  });

  it.each(["fc-list --help", "fc-match -V"])("%s writes nothing", (command) => {
    expect(analyze(command).paths).toEqual([]);
  });
});
