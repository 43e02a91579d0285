import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  ARRAY_BUILTIN,
  ARRAY_OPTION,
  assignsHostOptions,
  bracePairWithList,
  DECLARATION_WORD,
  DECLARED_CASED,
  DECLARED_INTEGER,
  declaresComputedWord,
  type MentionScan,
  mentionedInCommand,
  namesBeforeEmptyParens,
  OPERAND_IN,
  printsToFile,
  SET_WORD,
  SHOPT_WORD,
  setFlag,
  TRACE_FLAG,
  TRACE_SET_WORD,
} from "../src/walk/mentions.ts";
import { CODE_NAME, isCodeName } from "../src/walk/written-code.ts";

/**
 * The whole-text checks for a builtin's mention (`shopt` with a computed operand, `set -x`,
 * `declare -a`, …) and for a file name tools load as code were regexes that rescanned the rest
 * of a command from every mention (`echo "shopt shopt …"`) or the rest of a folder's name from
 * every `.conf.` (`x.conf.conf….conf./x`): quadratic, and outside the deadline's ticks. Their
 * linear forms must give the same answers; the old regexes are kept here as the reference.
 */

const here = dirname(fileURLToPath(import.meta.url));
const corpusDir = resolve(here, "../../../corpus");
const commands = ["adversarial.jsonl", "cases.jsonl"].flatMap((file) =>
  readFileSync(resolve(corpusDir, file), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as { input?: { command?: unknown } })
    .map((row) => row.input?.command)
    .filter((command): command is string => typeof command === "string")
    // The old regexes are slow on the long texts of the denial-of-service cases.
    .filter((command) => command.length <= 20000),
);

const OPERAND = "(?:[$`*?[]|[@!+]\\()";
const setOld = (flag: string) =>
  new RegExp(`(?<![\\w.$-])set\\b[^;&|\\n]*(\\s[-+][A-Za-z]*${flag}|${OPERAND})`);
/** Each check: the old whole-text regex, and its linear form. */
const checks: [string, RegExp, (text: string, scan?: MentionScan) => boolean][] = [
  [
    "shopt",
    new RegExp(`(?<![\\w.$-])shopt\\b[^;&|\\n]*${OPERAND}`),
    (text, scan) => mentionedInCommand(text, SHOPT_WORD, OPERAND_IN, scan),
  ],
  [
    "set -x",
    /(?:^|[^\w-])set\b[^;&|\n]*?(?:\s[-+][A-Za-z]*x|\$)/,
    (text, scan) => mentionedInCommand(text, TRACE_SET_WORD, TRACE_FLAG, scan),
  ],
  ["set -k", setOld("k"), (text, scan) => mentionedInCommand(text, SET_WORD, setFlag("k"), scan)],
  ["set -B", setOld("B"), (text, scan) => mentionedInCommand(text, SET_WORD, setFlag("B"), scan)],
  [
    "declare -a",
    /\b(declare|typeset|local|readonly|read)\b[^;&|\n]*\s(-[A-Za-z]*[aA]|[$`])/,
    (text, scan) => mentionedInCommand(text, ARRAY_BUILTIN, ARRAY_OPTION, scan),
  ],
  [
    "declare -i",
    /(?:declare|typeset|local)[^;&|\n]*?\s[-+][A-Za-z]*i/,
    (text, scan) => mentionedInCommand(text, DECLARATION_WORD, DECLARED_INTEGER, scan),
  ],
  [
    "declare -l",
    /(?:declare|typeset|local)[^;&|\n]*?\s[-+][A-Za-z]*[luc]/,
    (text, scan) => mentionedInCommand(text, DECLARATION_WORD, DECLARED_CASED, scan),
  ],
  [
    "declare $o",
    /(?:declare|typeset|local)(?:[ \t]+[-+A-Za-z0-9_]+(?:=[^\s;&|]*)?)*[ \t]+\$/,
    (text, scan) => declaresComputedWord(text, scan),
  ],
  [
    "BASHOPTS=$x",
    /(?:BASHOPTS|SHELLOPTS)=[^\s;&|]*[$`]/,
    (text, scan) => assignsHostOptions(text, scan),
  ],
];

const spelled = [
  "shopt -s $o",
  "shopt -s lastp?pe; echo",
  "echo shopt; ls *",
  "shopt -s x | cat $y",
  "x.shopt -s $o",
  "shopt\n$o",
  "set -x",
  "set\n-x",
  "set\n+kx",
  "set a; echo $x",
  "set -- -x",
  "x.set(1) -x",
  "a-set -x",
  "set -euk; set +B",
  "set >/dev/null -k",
  "echo set set set; set -o $o",
  "declare -a x",
  "read -ra x",
  "readonly\n-A x",
  "local v=$1",
  "xlocal -i",
  "typeset -gi n; declare +l y",
  "declare x; typeset -u y",
  "local a & local -c b",
  "set x\nset y\nset -x",
  "local v=$1",
  "local -g a=1 b= \t$c",
  "declare -i x=$((1)) $y",
  "xlocal a $b",
  "locala $b",
  "local a=b;c $d",
  "local a=b\n $c",
  "local %local $x",
  "local local local $x",
  "typeset a=local $x",
  "BASHOPTS=extglob:$o bash x.sh",
  "SHELLOPTS=a BASHOPTS=`x`",
  "BASHOPTS=a;$x",
  "BASHOPTS=BASHOPTS=$x",
];

/** A small seeded generator, so a failure names the same text every run. */
function* generated(count: number): Generator<string> {
  const pieces = [
    "set",
    "BASHOPTS=",
    "SHELLOPTS=",
    "shopt",
    "declare",
    "local",
    "read",
    "readonly",
    "typeset",
    "=",
    "%",
    "_",
    "a=b",
    " ",
    " ",
    "\t",
    "\n",
    ";",
    "&",
    "|",
    "-",
    "+",
    "x",
    "k",
    "a",
    "A",
    "i",
    "l",
    "B",
    "$",
    "`",
    "*",
    "?",
    "[",
    "@(",
    "!(",
    "+(",
    ".",
    "o",
    "e",
    "u",
  ];
  let seed = 17;
  for (let n = 0; n < count; n++) {
    let text = "";
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const length = seed % 14;
    for (let i = 0; i < length; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      text += pieces[seed % pieces.length];
    }
    yield text;
  }
}

describe("mentions of a builtin up to the end of its command, scanned once", () => {
  const inputs = [...commands, ...spelled, ...generated(30000)];

  for (const [name, old, linear] of checks) {
    it(`gives the old answer for ${name} on the corpus, spelled and generated texts`, () => {
      const differing = inputs.filter((text) => old.test(text) !== linear(text));
      expect(differing).toEqual([]);
    });
  }

  it("answers the spelled mentions", () => {
    const shopt = checks[0]?.[2] as (text: string) => boolean;
    const trace = checks[1]?.[2] as (text: string) => boolean;
    expect(shopt("shopt -s lastp?pe; echo")).toBe(true);
    expect(shopt("echo shopt; ls *")).toBe(false);
    expect(trace("set\n-x")).toBe(true);
    expect(trace("x-set -x")).toBe(false);
  });

  it("looks at each character of a text of many mentions once (D17-03, D17-04)", () => {
    const texts = [
      `echo k "${"set ".repeat(20000)}"`,
      `echo "${"shopt ".repeat(16000)}"`,
      `echo "${"declare local read ".repeat(5000)}"; echo "${"set ".repeat(5000)}"`,
      `${"set a\n".repeat(5000)}`,
      `bash -c x ${"BASHOPTS=".repeat(8000)}`,
    ];
    for (const text of texts) {
      for (const [, , linear] of checks) {
        const scan = { chars: 0 };
        expect(linear(text, scan)).toBe(false);
        expect(scan.chars).toBeLessThanOrEqual(text.length);
      }
    }
  });
});

describe("a file name tools load as code, tested on its last segment", () => {
  // The old form: the file patterns and the folder ones, on the whole path.
  const old = new RegExp(`${CODE_NAME.source}|(^|/)debian/|(^|/)\\.[^/.][^/]*/`);

  it("gives the old answer on the corpus words, spelled and generated paths", () => {
    const words = commands.flatMap((command) => command.split(/[\s;&|<>()'"`=]+/));
    const paths = [
      ...words,
      ...words.map((word) => `/repo/${word}`),
      "vite.config.ts",
      "x.conf.conf/x",
      "x.conf.conf.conf./x",
      "a/karma.conf.js",
      "tsconfig.build.json",
      "/repo/jsconfig.json",
      ".husky/pre-commit",
      "debian/rules",
      "/repo/debian",
      "..rc.rc/x",
      "/repo/.env.local",
      "/repo/.github/workflows/x.yml",
      "/repo/src/x.conf.",
      "/repo/Makefile.am",
      "/repo/x.Dockerfile",
      "/repo/compose.prod.yml",
      "/",
      "",
    ];
    const alphabet = ["/", ".", "x", "conf", "config", "rc", "debian", "env", "json", "ts", "js"];
    let seed = 11;
    for (let n = 0; n < 30000; n++) {
      let path = "";
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const length = seed % 10;
      for (let i = 0; i < length; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        path += alphabet[seed % alphabet.length];
      }
      paths.push(path);
    }
    const differing = paths.filter((path) => old.test(path) !== isCodeName(path));
    expect(differing).toEqual([]);
  });

  it("answers a long folder name of many `.conf.` and `.rc.` pieces (D17-02)", () => {
    // Tested on the whole path, these took seconds (quadratic); on the last segment each
    // pattern is anchored at its start and the folder test runs once per `/`.
    expect(isCodeName(`/repo/x${".conf".repeat(24000)}./x`)).toBe(false);
    expect(isCodeName(`/repo/..rc${".rc".repeat(24000)}/x`)).toBe(false);
    expect(isCodeName(`/repo/x${".conf".repeat(24000)}./x.conf.json`)).toBe(true);
  });
});

/**
 * D18 (session 18): three more whole-text regexes retried a long run from every position:
 * the names before `()` (`f(){ g; }; echo aaaa…`, 2-4 s at 40 KB), a brace pair holding a list
 * (`{,,,,…` unclosed, 11 s) and an awk `printf … >` (`printf printf …`, 2 s at 84 KB). Their
 * linear forms give the old answers and read each character a bounded number of times.
 */
describe("function names, brace lists and awk redirections, scanned once", () => {
  const oldNames = (text: string) =>
    [...text.matchAll(/([^\s;&|(){}<>]+)[ \t]*\([ \t]*\)/g)].map((match) => match[1]);
  const oldBraces = /\{[^{}]*(?:,|\.\.)[^{}]*\}/;
  const oldPrints = /\bprintf?\b[^;}]*>/;
  const pieces = ["f", "g", "(", ")", "( )", "()", " ", "\t", "{", "}", ",", ".", "..", ";"];
  pieces.push("print", "printf", ">", "x", "|", "<", "&", "\n", "function ", "=", "a b");
  const texts = [...commands, "f(){ g; }; h () { :; }", "x {a,b} {c..d} {e}", "printf x > y"];
  let seed = 29;
  for (let n = 0; n < 30000; n++) {
    let text = "";
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const length = seed % 12;
    for (let i = 0; i < length; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      text += pieces[seed % pieces.length];
    }
    texts.push(text);
  }

  it("gives the old answers (or, for awk, a stricter one) on the corpus and generated texts", () => {
    expect(
      texts.filter((text) => oldNames(text).join("\0") !== namesBeforeEmptyParens(text).join("\0")),
    ).toEqual([]);
    expect(texts.filter((text) => oldBraces.test(text) !== bracePairWithList(text))).toEqual([]);
    // S30 awk-print-split: statements now end only where awk ends them, so printsToFile may
    // say yes where the old regex said no (a `;` in a string), never the other way round.
    expect(texts.filter((text) => oldPrints.test(text) && !printsToFile(text))).toEqual([]);
  });

  it("reads a long input a bounded number of times (D18-04, D18-05, the brace list)", () => {
    const inputs = [
      `f(){ g; }; echo ${"a".repeat(40000)}`,
      `${"a ".repeat(20000)}()`,
      `{${",".repeat(40000)}`,
      `${"{".repeat(20000)}${",".repeat(20000)}}`,
      `printf ${"printf ".repeat(12000)}`,
    ];
    for (const text of inputs) {
      for (const check of [namesBeforeEmptyParens, bracePairWithList, printsToFile]) {
        const scan: MentionScan = { chars: 0 };
        check(text, scan);
        expect(scan.chars).toBeLessThanOrEqual(text.length);
      }
    }
    expect(namesBeforeEmptyParens(`${"a".repeat(40000)} ()`)).toEqual(["a".repeat(40000)]);
    expect(bracePairWithList(`{${",".repeat(40000)}`)).toBe(false);
    expect(printsToFile(`printf ${"printf ".repeat(12000)}> x`)).toBe(true);
  });
});
