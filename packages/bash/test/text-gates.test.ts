import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { plainAnalysisPath } from "../src/fast-path.ts";
import { type AnalyzeOptions, type BashAnalyzer, loadBashAnalyzer } from "../src/index.ts";
import { textGates } from "../src/walk/walk.ts";
import { corpusCommands, OPTIONS, PLACES } from "./helpers.ts";

// The walk skips work a text cannot need behind cheap text tests (src/walk/walk.ts
// `textGates`: no `$` in the text, no second walk with never-assigned variables empty). Each
// skip is sound only if it changes no analysis: with the tests on and off, every command of
// the corpus and the bench's everyday commands, and generated commands, analyse the same.

const CORPUS = corpusCommands("corpus/cases.jsonl", "corpus/adversarial.jsonl");
const EVERYDAY = corpusCommands("bench/pi/everyday.jsonl");

let analyzer: BashAnalyzer;
beforeAll(async () => {
  analyzer = await loadBashAnalyzer({ memoSize: 0 });
});

/**
 * The analysis by the walk (fast path off), with the text gates on or off. The budget is ten
 * times the default: its wall-clock stop (20 times the budget) cut a long command short on one
 * of the two runs on a machine at load 20, and the two answers then differed.
 */
function walked(command: string, options: AnalyzeOptions, gates: boolean) {
  plainAnalysisPath.enabled = false;
  textGates.enabled = gates;
  try {
    return analyzer.analyze(command, { ...options, deadlineMs: 500 });
  } finally {
    plainAnalysisPath.enabled = true;
    textGates.enabled = true;
  }
}

function same(command: string, options: AnalyzeOptions): void {
  expect(walked(command, options, true), command).toStrictEqual(walked(command, options, false));
}

describe("the walk's text gates", () => {
  it("change no analysis of a corpus command", () => {
    for (const text of CORPUS) same(text, OPTIONS);
  }, 600_000);

  it("change no analysis of an everyday command, from three places", () => {
    for (const text of EVERYDAY) for (const place of PLACES) same(text, place);
  }, 600_000);

  it("change no analysis of generated commands with and without expansions", () => {
    const words = ["git", "worktree", "add", "$u", "${u}", '"$u"', "-${u}r", "$HOME/x", "'$u'"];
    words.push("grep", "-r", "password", ".", "cat", ".env", "$(id)", "`id`", "x=$u", "$1");
    words.push("&&", "|", ";", "echo", "rm", "-rf", "$u/x", "${u:-.ssh}", "\\$u", "$'\\x24'");
    const command = fc
      .tuple(
        fc.constantFrom("git", "cat", "echo", "rm", "$u", "npm"),
        fc.array(fc.constantFrom(...words), { maxLength: 6 }),
        fc.constantFrom(...PLACES),
      )
      .map(([first, rest, place]) => ({ text: [first, ...rest].join(" "), place }));
    fc.assert(
      fc.property(command, ({ text, place }) => same(text, place)),
      { numRuns: Number(process.env.TEXT_GATE_RUNS ?? 1500) },
    );
  }, 600_000);
});
