// Session 22 (A22): the oracle reads a glob's brackets as the gates do (glob-meet.ts), so that
// it calls an analysis sound only where the policy check sees the file bash opened. A bracket
// bash 5.2 reads in more than one way (a `[` followed by `=`, `.` or `:` inside it that is not
// one plain POSIX class) stands for each reading: a literal `[`, or any one character ending at
// any later `]` of its segment. Before, the oracle closed `[[=e]` at its `]` as the gates did
// not (and called `cat .[[=e]nv` sound while the gates allowed it), and closed `[[=x=]]` early
// as bash does not (calling a covered write unsound).

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { globsMeet } from "../../../packages/gates/src/glob-meet.ts";
import { globCovers } from "../src/match.ts";

describe("globCovers reads brackets as the gates do", () => {
  it.each([
    "/repo/.[[=e]nv",
    "/repo/.[!x[=]nv",
    "/repo/.[[:alpha:]-[.[:alpha:]]nv",
    "/repo/.[e[:[:]n[v]",
    "/repo/.e[[=x=]]n]v",
    "/repo/.en[^[=e=]]]",
    "/repo/.[![=x=]]]nv",
    "/repo/.[e+-[:digit:]]nv",
    "/repo/.[e+-[=x=]]nv",
    "/repo/.[\\]e]nv",
  ])("%s covers /repo/.env", (glob) => {
    expect(globCovers(glob, "/repo/.env")).toBe(true);
  });

  it.each([
    ["/repo/[[:alpha:]]*", "/repo/.env"],
    ["/repo/.[abc]nv", "/repo/.env"],
    ["/repo/.[![:lower:]]nv", "/repo/.env"],
    ["/repo/.[!e]nv", "/repo/.env"],
    ["/repo/[[=e=]]x", "/repo/.x"],
  ] as const)("%s does not cover %s", (glob, path) => {
    expect(globCovers(glob, path)).toBe(false);
  });
});

/** A small seeded generator (mulberry32), so that the properties below are the same each run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ELEMENTS = [
  ..."envx.-[]!^*?:=",
  "a-z",
  "d-f",
  "]-e",
  "\\]",
  "\\-",
  "\\[",
  "[:alpha:]",
  "[:lower:]",
  "[:digit:]",
  "[:",
  "[=",
  "[.",
  ":]",
  "=]",
  ".]",
  "[=e=]",
  "[=x=]",
  "[.e.]",
  "[:[:]",
  "-[:alpha:]",
  "-[=e=]",
  "[:foo:]",
  "[:al]pha:]",
];

/** Random globs built on `.env` and `.env.local`, each holding one or two bracket expressions. */
function globs(count: number, seed: number): string[] {
  const random = seeded(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const bracket = () => {
    let body = pick(["", "", "!", "^"]);
    const members = 1 + Math.floor(random() * 5);
    for (let k = 0; k < members; k++) body += pick(ELEMENTS);
    return `[${body}]${pick(["", "", "]", "[", "]]"])}`;
  };
  const out = new Set<string>();
  while (out.size < count) {
    const name = [..."env.local"];
    const changes = 1 + Math.floor(random() * 2);
    for (let k = 0; k < changes; k++) {
      name[Math.floor(random() * name.length)] = pick([bracket, bracket, bracket, () => "?"])();
    }
    const glob = `.${name.join("")}${random() < 0.3 ? "*" : ""}`;
    if (!glob.endsWith("\\")) out.add(glob);
  }
  return [...out];
}

const NAMES = [".env", ".env.local", ".exv", ".e]nv", ".[env", ".e=nv"];

describe("the oracle's glob reading", () => {
  it("agrees with the gates' on random bracket globs and names", () => {
    const disagree: string[] = [];
    for (const glob of globs(800, 2_204)) {
      for (const name of NAMES) {
        const literal = name.replace(/[[\]*?\\{}!()+@]/g, "\\$&");
        const gates = globsMeet(`/repo/${glob}`, `/repo/${literal}`);
        if (globCovers(`/repo/${glob}`, `/repo/${name}`) !== gates) {
          disagree.push(`${glob} ${name} gates=${gates}`);
        }
      }
    }
    expect(disagree).toEqual([]);
  });

  const version = spawnSync("bash", ["-c", "echo $BASH_VERSION"], { encoding: "utf8" });
  const haveBash52 = version.status === 0 && /^5\.[2-9]/.test(version.stdout);

  it.skipIf(!haveBash52)("covers every name bash 5.2 globs such a glob to", () => {
    const patterns = globs(1500, 22_04);
    const folder = mkdtempSync(join(tmpdir(), "f22d-"));
    try {
      mkdirSync(join(folder, "d"));
      for (const name of NAMES) writeFileSync(join(folder, "d", name), "");
      const script =
        'IFS=; shopt -s nullglob; cd d || exit 1; while IFS= read -r p; do set -- $p; printf "%s/" "$@"; echo; done';
      const run = spawnSync("bash", ["--norc", "--noprofile", "-c", script], {
        cwd: folder,
        input: `${patterns.join("\n")}\n`,
        encoding: "utf8",
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LC_ALL: "C.UTF-8" },
      });
      expect(run.status).toBe(0);
      const lines = run.stdout.split("\n");
      const missed: string[] = [];
      let expanded = 0;
      patterns.forEach((pattern, k) => {
        for (const name of (lines[k] ?? "").split("/").filter((s) => s !== "")) {
          expanded++;
          if (!globCovers(`/repo/${pattern}`, `/repo/${name}`))
            missed.push(`${pattern} -> ${name}`);
        }
      });
      expect(expanded).toBeGreaterThan(150);
      expect(missed).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
