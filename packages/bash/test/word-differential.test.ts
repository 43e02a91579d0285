// The words the analysis reads, checked against the words real bash makes: generated commands
// that assign names and print words built from them (quotes of every kind, escapes, the
// parameter-expansion operators, blanks, braces), run under `bash -c`, and compared word for
// word with the analysis's `executed`. A word the analysis takes as unknown (a sentinel, a
// computed word, a reading that is not whole) is never a difference: only a word it claims to
// know and gets wrong is. R34 found four such readings this way (an escaped backquote in double
// quotes, a `$` and blanks the grammar hands over outside its nodes, a `$'…'` ending late, a
// word holding a blank); this keeps the hunt in the suite with a fixed seed.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it, onTestFinished } from "vitest";
import { type BashUnit, loadBashAnalyzer } from "../src/index.ts";

/** How many commands one run checks; `WORD_DIFFERENTIAL_RUNS` raises it for a longer hunt. */
const RUNS = Number(process.env.WORD_DIFFERENTIAL_RUNS ?? 400);
const SEED = Number(process.env.WORD_DIFFERENTIAL_SEED ?? 34);

/**
 * The draws each generated command is built from, seeded: fast-check's generator, so a failure
 * names its seed and index and the same run comes back.
 */
function draws(seed: number, runs: number): (() => number)[] {
  // Unbiased: fast-check leans towards the ends of a range by default, which would make the
  // first and last choice of every list the common ones.
  const draw = fc.noBias(fc.integer({ min: 0, max: 0x7fffffff }));
  return fc
    .sample(fc.noBias(fc.array(draw, { minLength: 256, maxLength: 256 })), {
      seed,
      numRuns: runs,
    })
    .map((values) => {
      let at = 0;
      return () => (values[at++ % values.length] as number) / 0x80000000;
    });
}

const TEXT = ["a", "b", ".", "/", "-", "e", "nv", "x", "*", "?", " ", "  ", "", ".env", "a/b"];
const DQ_TEXT = ["\\`", "\\$", '\\"', "\\\\", "\\a", "$", "$.", "$/", "$'", "'", " ", "x", "/"];
const PATTERNS = ["", "?", "??", "*", "a", "/", "/a", "*/", ".", "e*", "[ab]"];
const OPERATORS = ["#", "##", "%", "%%", "/", "//", "/#", "/%", ":-", ":+", "-", "+", ":="];

function generate(next: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const text = (n: number) => Array.from({ length: n }, () => pick(TEXT)).join("");
  const singleQuoted = () => `'${text(1 + Math.floor(next() * 3)).replace(/'/g, "")}'`;
  const doubleQuoted = (inner: () => string) =>
    `"${Array.from({ length: 1 + Math.floor(next() * 4) }, inner).join("")}"`;
  const ansi = () => pick(["$'\\\\'", "$'a\\'b'", "$'\\x2e'", "$'.e\\156v'", "$'x'", "$'\\t'"]);
  const value = (): string =>
    pick([
      () => text(1 + Math.floor(next() * 3)).replace(/[ *?]/g, ""),
      singleQuoted,
      () => doubleQuoted(() => pick([...DQ_TEXT, "${y}", "$y", "text"])),
      ansi,
      () => "",
    ])();
  const expansion = (): string => {
    const name = pick(["x", "y", "z"]);
    const op = pick([...OPERATORS, "", "", "@Q", "^^", ",,"]);
    if (op === "" || op.startsWith("@") || op === "^^" || op === ",,") {
      return op === "" ? pick([`$${name}`, `\${${name}}`]) : `\${${name}${op}}`;
    }
    if (op.startsWith("/")) return `\${${name}${op}${pick(PATTERNS)}/${pick(TEXT)}}`;
    const operand = op.startsWith(":") || op === "-" || op === "+" ? pick(TEXT) : pick(PATTERNS);
    return `\${${name}${op}${operand}}`;
  };
  const word = (): string => {
    const parts = Array.from({ length: 1 + Math.floor(next() * 3) }, () =>
      pick([
        expansion,
        () => `"${expansion()}"`,
        () => doubleQuoted(() => pick([...DQ_TEXT, expansion(), "t"])),
        singleQuoted,
        ansi,
        () => pick(["a", ".", "-", "{a,b}", "\\ ", "\\$x"]),
      ])(),
    );
    return parts.join("");
  };
  const assignments = ["x", "y", "z"]
    .filter(() => next() < 0.8)
    .map((name) => `${name}=${value()}`)
    .join("; ");
  const words = Array.from({ length: 1 + Math.floor(next() * 3) }, word).join(" ");
  return `${assignments}${assignments === "" ? "" : "; "}printf '<%s>\\n' @ ${words}`;
}

/** The words bash gives printf after the `@` marker, or null when bash failed. */
function bashWords(command: string, cwd: string): string[] | null {
  const run = spawnSync("bash", ["--norc", "--noprofile", "-c", command], {
    cwd,
    encoding: "utf8",
    timeout: 5000,
    env: { PATH: "/usr/bin:/bin", HOME: "/home/user", LANG: "C.UTF-8" },
  });
  if (run.status !== 0 || typeof run.stdout !== "string") return null;
  const lines = run.stdout.split("\n").slice(0, -1);
  if (lines[0] !== "<@>") return null;
  const words: string[] = [];
  for (const line of lines.slice(1)) {
    if (!line.startsWith("<") || !line.endsWith(">")) return null;
    words.push(line.slice(1, -1));
  }
  return words;
}

/** Whether a unit claims `words` wrongly: known words after `@` that differ from bash's. */
function differs(unit: BashUnit, words: readonly string[]): boolean {
  const executed = unit.executed;
  if (unit.sentinel !== null || executed === null || executed[0] !== "printf") return false;
  if ((unit.computed?.executed.length ?? 0) > 0) return false;
  const claimed = executed.slice(executed.indexOf("@") + 1);
  return claimed.length !== words.length || claimed.some((word, i) => word !== words[i]);
}

describe.skipIf(spawnSync("bash", ["--version"]).error !== undefined)(
  "the words the analysis reads are the words bash makes",
  () => {
    it(`agrees on ${RUNS} generated commands (seed ${SEED})`, async () => {
      const analyzer = await loadBashAnalyzer({ memoSize: 0 });
      // An empty folder: a glob among the words matches nothing, as the analysis assumes none.
      const cwd = mkdtempSync(join(tmpdir(), "pi-word-differential-"));
      onTestFinished(() => rmSync(cwd, { recursive: true, force: true }));
      const sources = draws(SEED, RUNS);
      const differences: { index: number; command: string; bash: string[]; analysis: string[] }[] =
        [];
      let compared = 0;
      for (let index = 0; index < RUNS; index++) {
        const command = generate(sources[index] as () => number);
        const analysis = analyzer.analyze(command, { cwd: "/repo", home: "/home/user" });
        if (analysis.status !== "ok") continue;
        const units = analysis.units.filter((u) => u.executed?.[0] === "printf");
        // Several readings (a name assigned on some paths only): one of them must be bash's.
        if (units.length !== 1) continue;
        const words = bashWords(command, cwd);
        if (words === null) continue;
        compared++;
        const unit = units[0] as BashUnit;
        if (differs(unit, words)) {
          const executed = unit.executed ?? [];
          differences.push({
            index,
            command,
            bash: words,
            analysis: executed.slice(executed.indexOf("@") + 1),
          });
        }
      }
      expect(differences.slice(0, 5)).toEqual([]);
      // The check compared something: most generated commands are readable and run.
      expect(compared).toBeGreaterThan(RUNS / 4);
    }, 120_000);
  },
);
