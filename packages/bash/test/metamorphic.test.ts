import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BashAnalysis, BashUnit, ParseStatus, Sentinel, TouchedPath } from "../src/index.ts";
import { analyzer, OPTIONS } from "./helpers.ts";

/**
 * Never weaker: hosting a command in a larger one (after `cd x &&`, in a subshell, a brace
 * group, a substitution, behind a transparent wrapper, on a heredoc line) never loses one of
 * its units or paths, never lowers a sentinel, and never makes the parse look more trusted.
 */

const ATOMS = [
  "rm -rf build",
  "git status",
  "git push origin main",
  "cat .env",
  "ls src",
  "echo hi > out.txt",
  "grep -r password ~/.ssh",
  "curl -s https://x.example/i.sh",
  "sudo rm /etc/hosts",
  "find . -name '*.orig' -delete",
  "bash -c 'rm -rf y'",
  "xargs rm -f",
  'echo "$(git log -1)"',
  "cp config.yml /tmp/conf",
  "echo 'rm -rf /'",
  "timeout 5 make",
  "env -i npm test",
  "cat < /etc/passwd",
  'eval "$X"',
  "$CMD -rf build",
  "diff <(cat a) b",
  "tee >(wc -l) < in.txt",
];

const atom = fc.constantFrom(...ATOMS);

/** A command: atoms joined by operators, some of them inside compound statements. */
const command: fc.Arbitrary<string> = fc.letrec((tie) => ({
  statement: fc.oneof(
    { weight: 4, arbitrary: atom },
    { weight: 1, arbitrary: tie("list").map((inner) => `( ${inner} )`) },
    { weight: 1, arbitrary: tie("list").map((inner) => `{ ${inner}; }`) },
    {
      weight: 1,
      arbitrary: fc.tuple(atom, tie("list")).map(([cond, body]) => `if ${cond}; then ${body}; fi`),
    },
    { weight: 1, arbitrary: tie("list").map((body) => `for f in a b; do ${body}; done`) },
  ),
  list: fc
    .tuple(
      tie("statement") as fc.Arbitrary<string>,
      fc.array(
        fc.tuple(
          fc.constantFrom(" && ", " || ", "; ", " | ", "\n"),
          tie("statement") as fc.Arbitrary<string>,
        ),
        {
          maxLength: 2,
        },
      ),
    )
    .map(([first, rest]) => first + rest.map(([op, next]) => op + next).join("")),
})).list as fc.Arbitrary<string>;

/** A command whose first statement is a simple command, so a wrapper can prefix it. */
const simpleFirst = fc
  .tuple(atom, fc.array(fc.tuple(fc.constantFrom(" && ", "; ", " | "), atom), { maxLength: 2 }))
  .map(([first, rest]) => first + rest.map(([op, next]) => op + next).join(""));

const STATUS_RANK: Record<ParseStatus, number> = { ok: 0, partial: 1, unparseable: 2 };
const SENTINEL_RANK = (sentinel: Sentinel | null): number =>
  sentinel === null
    ? 0
    : {
        "<computed-path>": 1,
        "<concurrent-call>": 1,
        "<computed-word>": 1,
        "<indirection-bash-wrapper>": 1,
        "<git-alias>": 2,
        "<evaluated-string>": 3,
        "<opaque-bash-wrapper>": 4,
        "<unparseable-bash-command>": 5,
        "<analysis-timeout>": 6,
      }[sentinel];

function sameWords(a: readonly string[] | null, b: readonly string[] | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((word, index) => word === b[index]);
}

function endsWith(longer: readonly string[], suffix: readonly string[]): boolean {
  return suffix.every((word, index) => longer[longer.length - suffix.length + index] === word);
}

/**
 * The units of `base` that no unit of `hosted` accounts for, as strings to read. `floored`: the
 * hosted analysis is less trusted than the base (partial), so the gate asks for all of it
 * anyway and a unit's own sentinel no longer decides anything, only that its words are there.
 */
function lostUnits(
  base: readonly BashUnit[],
  hosted: readonly BashUnit[],
  floored = false,
): string[] {
  const pool = [...hosted];
  const lost: string[] = [];
  for (const unit of base) {
    const index = pool.findIndex(
      (candidate) =>
        sameWords(candidate.executed, unit.executed) &&
        (unit.executed !== null || endsWith(candidate.argv, unit.argv)) &&
        (floored || SENTINEL_RANK(candidate.sentinel) >= SENTINEL_RANK(unit.sentinel)),
    );
    if (index !== -1) {
      pool.splice(index, 1);
      continue;
    }
    // A second copy of the same command adds no verdict: the words are judged once anyway.
    const judgedAlready = hosted.some(
      (candidate) =>
        sameWords(candidate.executed, unit.executed) &&
        unit.executed !== null &&
        (floored || SENTINEL_RANK(candidate.sentinel) >= SENTINEL_RANK(unit.sentinel)),
    );
    if (!judgedAlready) lost.push(`${unit.argv.join(" ")} [${unit.sentinel ?? "proven"}]`);
  }
  return lost;
}

/** The paths of `base` missing from `hosted`; `movedBy` is a cd that moves relative paths. */
function lostPaths(
  base: readonly TouchedPath[],
  hosted: readonly TouchedPath[],
  movedBy = false,
): string[] {
  return base
    .filter(
      (path) =>
        !hosted.some(
          (candidate) =>
            candidate.raw === path.raw &&
            candidate.access === path.access &&
            (movedBy || candidate.path === path.path),
        ),
    )
    .map((path) => `${path.raw} ${path.access}`);
}

function weakened(base: BashAnalysis, hosted: BashAnalysis, movedBy = false) {
  return {
    lostUnits: lostUnits(
      base.units,
      hosted.units,
      STATUS_RANK[hosted.status] > STATUS_RANK[base.status],
    ),
    // A hosted analysis less trusted than the base is floored to ask as a whole: where exactly
    // its paths resolve no longer decides anything, only that none is missing.
    lostPaths: lostPaths(
      base.paths,
      hosted.paths,
      movedBy || STATUS_RANK[hosted.status] > STATUS_RANK[base.status],
    ),
    moreTrusted: STATUS_RANK[hosted.status] < STATUS_RANK[base.status],
  };
}

const NOTHING_LOST = { lostUnits: [], lostPaths: [], moreTrusted: false };
// A fixed seed keeps `npm test` repeatable; METAMORPHIC_SEED explores others (a grammar error
// region can still swallow a unit there: the hosted analysis is then partial and floored, and
// such cases are what tools/bash-oracle hunts for).
const RUNS = {
  numRuns: Number(process.env.METAMORPHIC_RUNS ?? 150),
  seed: Number(process.env.METAMORPHIC_SEED ?? 20_261_201),
};

describe("metamorphic: hosting a command never weakens its analysis", () => {
  it.each<[string, (inner: string) => string, boolean]>([
    ["prefixing cd x &&", (inner) => `cd x && ${inner}`, true],
    ["wrapping in a subshell", (inner) => `( ${inner} )`, false],
    ["wrapping in a brace group", (inner) => `{ ${inner}\n}`, false],
    ["wrapping in a command substitution", (inner) => `echo "$( ${inner} )"`, false],
    ["hosting a heredoc after it", (inner) => `${inner} <<'EOF'\nrm -rf / ; $(whoami)\nEOF`, false],
    // On a heredoc line only the first line of the command stays a command: the rest is body.
    ["putting it on a heredoc line", (inner) => `cat <<'EOF' && ${inner}\nbody text\nEOF`, false],
  ])("%s", async (note, host, movedBy) => {
    const { analyze } = await analyzer();
    const commands =
      note === "putting it on a heredoc line"
        ? command.filter((inner) => !inner.includes("\n"))
        : command;
    fc.assert(
      fc.property(commands, (inner) => {
        const base = analyze(inner, OPTIONS);
        const hosted = analyze(host(inner), OPTIONS);
        expect(weakened(base, hosted, movedBy)).toEqual(NOTHING_LOST);
      }),
      RUNS,
    );
  });

  it.each([
    "timeout 5",
    "nice -n 10",
    "nohup",
    "env -i",
    "command",
    "time -p",
    "stdbuf -oL",
    "setsid",
  ])("prefixing the transparent wrapper %s", async (wrapper) => {
    const { analyze } = await analyzer();
    fc.assert(
      fc.property(simpleFirst, (inner) => {
        const base = analyze(inner, OPTIONS);
        const hosted = analyze(`${wrapper} ${inner}`, OPTIONS);
        expect(weakened(base, hosted)).toEqual(NOTHING_LOST);
      }),
      RUNS,
    );
  });
});
