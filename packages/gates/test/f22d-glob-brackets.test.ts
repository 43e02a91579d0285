// Session 22 (A22, 19 traced wrong allows under P1): bracket expressions that bash 5.2's matcher
// reads in more than one way. A `[` followed by `=`, `.` or `:` inside a bracket that is not one
// plain POSIX class makes the bracket's end depend on the character tried (`.[[=e]nv`,
// `.e[[=x=]]n]v`, `.[e[:[:]n[v]`, `.[e+-[:digit:]]nv` all name `.env` in bash). The gates read
// such a bracket as a literal `[` or as any one character ending at any later `]` of its
// segment; a bracket never spans a `/` (bash matches each segment on its own).

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { withWorkBudget } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { globsMeet } from "../src/glob-meet.ts";
import { analyzerOnce, bash, policyOf } from "./fixtures.ts";

const CAUTIOUS = {
  "*": "ask",
  bash: { "*": "ask", "echo *": "allow", "cat *": "allow", "grep *": "allow" },
  path: { "**/.env": "deny", "**/.env.*": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
} as const;

describe("brackets bash reads in more than one way meet what bash matches", () => {
  it.each([
    // glob-unclosed-equiv: `[=` with no `=]` leaves `[` a member.
    "/repo/.[[=e]nv",
    "/repo/.[[=e=x]nv",
    "/repo/.[!x[=]nv",
    "/repo/.e[[=n]v",
    "/repo/.[[:alpha:]-[.[:alpha:]]nv",
    "/repo/.[[.e]nv",
    // glob-class-name-bracket: `[:[:]` is no class named `[`.
    "/repo/.[e[:[:]n[v]",
    // glob-equiv-then-close: a `]` after a non-matching `[=x=]` is a member.
    "/repo/.e[[=x=]]n]v",
    "/repo/.en[^[=e=]]]",
    // glob-range-to-class: a range ending in a class.
    "/repo/.[e+-[:digit:]]nv",
    "/repo/.[ea-[:alpha:]]nv",
    "/repo/.[e+-[=x=]]nv",
    // An odd class name, a class beside a `-`.
    "/repo/.[[:al]pha:]e]nv",
    "/repo/.[[:alpha:]-e]nv",
  ])("%s may name .env", (glob) => {
    expect(globsMeet(glob, "/**/.env")).toBe(true);
  });

  it.each([
    // Plain brackets keep their exact reading.
    ["/repo/[[:alpha:]]*", "/**/.env", false],
    ["/repo/.[![:upper:]]nv", "/**/.env", true],
    ["/repo/src/[[:lower:]]*.ts", "/**/.env", false],
    ["/repo/.[abc]nv", "/**/.env", false],
    ["/repo/.[a-e]nv", "/**/.env", true],
    // A subtle bracket still cannot make `.ts` into `.env`.
    ["/repo/src/[[=a=]]*.ts", "/**/.env", false],
    // A bracket never spans a `/`: `[` is literal there, and the path is in a `.ssh` folder.
    ["/repo/[/.ssh/x]", "/**/.ssh/**", true],
    ["/repo/.e[/]nv", "/**/.env", false],
  ] as const)("%s meets %s: %s", (glob, rule, meets) => {
    expect(globsMeet(glob, rule)).toBe(meets);
  });

  it("judges the traced commands as bash runs them (not allow)", async () => {
    const analyze = await analyzerOnce();
    for (const command of [
      "cat .[[=e]nv",
      "echo x > .[[=e]nv",
      "cat .e[[=x=]]n]v",
      "cat .[e[:[:]n[v]",
      "cat .[e+-[:digit:]]nv",
      "cat .[[=e]*",
    ]) {
      const verdict = evaluateToolCall(policyOf(CAUTIOUS), bash(command), analyze);
      expect(verdict.action, command).not.toBe("allow");
    }
  });

  it("reads a glob of many subtle brackets within the work budget", () => {
    const glob = `/repo/${"[[=e]x]".repeat(2000)}`;
    // Past 64 readings the glob may meet anything: an answer, within a fifth of a call's budget.
    const meets = withWorkBudget(
      () => globsMeet(glob, "/**/.env"),
      200_000,
      Number.POSITIVE_INFINITY,
    );
    expect(meets).toBe(true);
  });
});

/** A small seeded generator (mulberry32), so that the property below is the same each run. */
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
  "e",
  "n",
  "v",
  "x",
  ".",
  "-",
  "[",
  "]",
  "!",
  "^",
  "*",
  "?",
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
  "[.-.]",
  "[:[:]",
  "-[:alpha:]",
  "-[=e=]",
  "-[.z.]",
  "[:foo:]",
  "[:al]pha:]",
  ":",
  "=",
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

/** Which of `names` bash 5.2 matches with each glob (as an unquoted expansion), or null. */
function bashMatches(patterns: readonly string[], names: readonly string[]): string[][] | null {
  const folder = mkdtempSync(join(tmpdir(), "f22d-"));
  try {
    mkdirSync(join(folder, "d"));
    for (const name of names) writeFileSync(join(folder, "d", name), "");
    const script =
      'IFS=; shopt -s nullglob; cd d || exit 1; while IFS= read -r p; do set -- $p; printf "%s/" "$@"; echo; done';
    const run = spawnSync("bash", ["--norc", "--noprofile", "-c", script], {
      cwd: folder,
      input: `${patterns.join("\n")}\n`,
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LC_ALL: "C.UTF-8" },
    });
    if (run.status !== 0) return null;
    const lines = run.stdout.split("\n");
    return patterns.map((_, k) => (lines[k] ?? "").split("/").filter((s) => s !== ""));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const version = spawnSync("bash", ["-c", "echo $BASH_VERSION"], { encoding: "utf8" });
const haveBash52 = version.status === 0 && /^5\.[2-9]/.test(version.stdout);

describe.skipIf(!haveBash52)("differential: bash 5.2 globbing against globsMeet", () => {
  it("every glob bash expands to .env or .env.local meets the rule naming it", () => {
    const names = [".env", ".env.local"];
    const patterns = globs(1500, 22_04);
    const matched = bashMatches(patterns, names);
    expect(matched).not.toBeNull();
    const missed: string[] = [];
    let expanded = 0;
    patterns.forEach((pattern, k) => {
      for (const name of matched?.[k] ?? []) {
        expanded++;
        const rule = name === ".env" ? "/**/.env" : "/**/.env.*";
        if (!globsMeet(`/repo/${pattern}`, rule)) missed.push(`${pattern} -> ${name}`);
      }
    });
    // The generator reaches the files often enough to mean something.
    expect(expanded).toBeGreaterThan(150);
    expect(missed).toEqual([]);
  });
});
