import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { parse as shellQuoteParse } from "shell-quote";
import { describe, expect, it } from "vitest";
import { type LexEnv, shellLex } from "../src/read/shell-lex.ts";

/**
 * shellLex replaces shell-quote's `parse` on the analyzer's hot path; everything that reads its
 * answer was written against shell-quote's, so the two must agree on every input.
 */

const here = dirname(fileURLToPath(import.meta.url));
const corpusDir = resolve(here, "../../../corpus");

const MARK = "\u{E000}";
const marked: LexEnv = (name) => `${MARK}${name}`;
const dollared: LexEnv = (name) => `$${name}`;

type Outcome = { entries: unknown } | { error: true };

function reference(text: string, env: LexEnv): Outcome {
  try {
    return { entries: env === undefined ? shellQuoteParse(text) : shellQuoteParse(text, env) };
  } catch {
    return { error: true };
  }
}

function ours(text: string, env: LexEnv): Outcome {
  try {
    return { entries: shellLex(text, env) };
  } catch {
    return { error: true };
  }
}

function corpusTexts(): string[] {
  const texts: string[] = [];
  for (const file of ["cases.jsonl", "adversarial.jsonl"]) {
    for (const line of readFileSync(join(corpusDir, file), "utf8").split("\n")) {
      if (line.trim() === "") continue;
      const entry = JSON.parse(line) as { input: { command?: string } };
      if (typeof entry.input.command !== "string") continue;
      texts.push(entry.input.command, ...entry.input.command.split("\n"));
    }
  }
  return [...new Set(texts)];
}

// Names shell-quote looks up on a plain object when no env is given: `$constructor` would read
// Object.prototype there. Our reading (unset, empty) is the shell's; those names are left out.
const PROTOTYPE_NAMES =
  /\$\{?(constructor|__proto__|toString|valueOf|hasOwnProperty|isPrototypeOf|propertyIsEnumerable|toLocaleString|__defineGetter__|__defineSetter__|__lookupGetter__|__lookupSetter__)/;

describe("shellLex reads a line exactly as shell-quote 1.12.0 does", () => {
  it("agrees on every corpus command and each of its lines, under each env", () => {
    const texts = corpusTexts();
    expect(texts.length).toBeGreaterThan(900);
    for (const text of texts) {
      for (const env of [marked, dollared, undefined]) {
        if (env === undefined && PROTOTYPE_NAMES.test(text)) continue;
        expect(ours(text, env), text).toEqual(reference(text, env));
      }
    }
  });

  it("agrees on generated text made of shell's special characters", () => {
    const pieces = [
      "a",
      "b",
      "x1",
      "_",
      "-",
      "=",
      ".",
      "/",
      "~",
      " ",
      "  ",
      "\t",
      "\n",
      "\r",
      "\u00a0",
      "\u2003",
      "'",
      '"',
      "\\",
      "$",
      "$'",
      "${",
      "}",
      "{",
      "(",
      ")",
      "$(",
      "`",
      "|",
      "||",
      "&",
      "&&",
      "&>",
      ";",
      ";;",
      ";;&",
      ";&",
      "<",
      "<<",
      "<<<",
      "<<-",
      "<(",
      ">",
      ">>",
      ">&",
      ">|",
      ">(",
      "<&",
      "<>",
      "#",
      "*",
      "?",
      "[",
      "]",
      "!",
      "@",
      "0",
      "7",
      "\\x41",
      "\\u263a",
      "\\U1F600",
      "\\c",
      "\\n",
      "\\'",
      '\\"',
      "\\\\",
      "\\$",
      "\\ ",
      "$x",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
      "${x}",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
      "${x:-'a b'}",
      "$'a\\'b'",
      "$1",
      "$@",
      "$?",
      "$-",
      "$$",
      "é",
      "🙂",
      "\u0000",
    ];
    const text = fc
      .array(fc.constantFrom(...pieces), { maxLength: 24 })
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(text, fc.constantFrom(marked, dollared, undefined), (line, env) => {
        expect(ours(line, env)).toEqual(reference(line, env));
      }),
      {
        numRuns: Number(process.env.SHELL_LEX_RUNS ?? 20_000),
        seed: Number(process.env.SHELL_LEX_SEED ?? 20261201),
      },
    );
  });
});
