// Hosting a command in another construct never makes the verdict weaker: whatever `C` runs,
// `cd /repo && C`, `{ C; }`, `( C )`, `time C`, `! C`, `f() { C; }; f` and the others below run
// too, so a policy that refuses C must refuse them. The corpus's refused bash cases are the
// seeds; the BUILT `pi-permission check --batch` judges them, as corpus.test.ts does.
import { existsSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { cli, judge, type Seed, seeds } from "./corpus-batch.ts";

type Host = (command: string) => string | null;

/** A command that starts with a function definition: `time` and `!` cannot prefix it. */
const DEFINES_FUNCTION = /^\s*(?:function\s|[A-Za-z_][A-Za-z0-9_]*\s*\(\s*\))/;

/**
 * Constructs that run every program `C` runs, with the same working directory and the same
 * variables where C reads them. Text is only added after C on a new line, so a trailing
 * comment or heredoc of C stays what it was; `null` where a host does not apply.
 */
const HOSTS: Record<string, Host> = {
  // `cd` also sets OLDPWD, which `$OLDPWD`, `~-` and `cd -` read: there the host changes C.
  "cd /repo && C": (c) => (/OLDPWD|~-|\bcd\s+-(?:[\s;&|)]|$)/.test(c) ? null : `cd /repo && ${c}`),
  "{ C; }": (c) => `{ ${c}\n}`,
  "( C )": (c) => `( ${c}\n)`,
  "true && { C; }": (c) => `true && { ${c}\n}`,
  "if true; then C; fi": (c) => `if true; then ${c}\nfi`,
  "f() { C; }; f": (c) => `f() { ${c}\n}; f`,
  "while true; do C; break; done": (c) => `while true; do ${c}\nbreak; done`,
  "{ C; } 2>&1 | cat": (c) => `{ ${c}\n} 2>&1 | cat`,
  ': "$( C )"': (c) => `: "$( ${c}\n)"`,
  "time C": (c) => (DEFINES_FUNCTION.test(c) ? null : `time ${c}`),
  "! C": (c) => (DEFINES_FUNCTION.test(c) ? null : `! ${c}`),
  "case x in x) C;; esac": (c) => `case x in x) ${c}\n;; esac`,
  // `_` as the loop's variable: bash rewrites `$_` after every command, whatever the loop said.
  "for _ in 1; do C; done": (c) => `for _ in 1; do ${c}\ndone`,
  "cat <( C )": (c) => `cat <( ${c}\n)`,
  // A substitution inside a here-document body runs when the body is read.
  "cat <<EOF $( C ) EOF": (c) =>
    /^PI_HOST_EOF$/m.test(c) ? null : `cat <<PI_HOST_EOF\n$( ${c}\n)\nPI_HOST_EOF`,
  ": ${x:-$( C )}": (c) => `: \${x:-$( ${c}\n)}`,
};

/**
 * A command of several lines that may hold an error that leaves the rest of its line (an
 * arithmetic or substring expansion, `${!…}`, `${x:=…}`, a subscripted or readonly
 * assignment, failglob; see packages/bash/src/walk/dropped-lines.ts): a host makes all its
 * lines one complete command, and bash then leaves all of it where C alone went on with the
 * next line (traced: `for _ in 1; do c=.env⏎echo $((1/0)); c=README.md⏎cat "$c"⏎done` runs
 * no cat, C alone reads .env). Hosting changes what runs, so no host applies.
 */
const MAY_DROP_LINES =
  /\$\(\(|\$\[|\$\{[^}]*[:!=]|\]\+?=|\b(?:UID|EUID|PPID|SHELLOPTS|BASHOPTS|BASH_VERSINFO)\+?=|failglob|readonly|FUNCNEST|ulimit/;

/** The hosts, each refusing a command whose lines a host would join (see MAY_DROP_LINES). */
for (const name of Object.keys(HOSTS)) {
  const host = HOSTS[name] as Host;
  HOSTS[name] = (c) => (c.includes("\n") && MAY_DROP_LINES.test(c) ? null : host(c));
}

const HOST_NAMES = Object.keys(HOSTS);

/**
 * How many hosts each seed is tried in. Every host meets every class of seed across the
 * corpus (the host is chosen by the seed's position), and the run stays a few seconds;
 * PI_PERMISSION_METAMORPHIC=all tries every seed in every host.
 */
const HOSTS_PER_SEED = process.env.PI_PERMISSION_METAMORPHIC === "all" ? HOST_NAMES.length : 4;

interface Trial {
  id: string;
  seed: string;
  host: string;
  policy: string;
  command: string;
}

function trials(refused: readonly Seed[]): Trial[] {
  const out: Trial[] = [];
  refused.forEach((seed, position) => {
    const command = seed.input.command as string;
    for (let k = 0; k < HOSTS_PER_SEED; k++) {
      // Consecutive seeds (often one class) start at consecutive hosts; a seed's own hosts
      // are a quarter of the list apart.
      const step = HOSTS_PER_SEED === HOST_NAMES.length ? 1 : HOST_NAMES.length / HOSTS_PER_SEED;
      const host = HOST_NAMES[(position + k * step) % HOST_NAMES.length] as string;
      const hosted = (HOSTS[host] as Host)(command);
      if (hosted === null) continue;
      out.push({
        id: `${seed.id}|${host}`,
        seed: seed.id,
        host,
        policy: seed.policy,
        command: hosted,
      });
    }
  });
  return out;
}

describe("hosting a refused command never makes it allowed", () => {
  let refused: Seed[];
  let verdicts: Map<string, string | undefined>;
  let tried: Trial[];
  beforeAll(() => {
    expect(
      existsSync(cli),
      `${cli} is missing: build the cli first (npx tsup in packages/cli)`,
    ).toBe(true);
    // Seeds whose own verdict is a refusal today (the corpus test pins those verdicts).
    const bash = seeds().filter(
      (seed) => seed.tool === "bash" && typeof seed.input.command === "string",
    );
    const own = judge(
      bash.map((seed) => ({
        id: seed.id,
        policy: seed.policy,
        command: seed.input.command as string,
      })),
    );
    refused = bash.filter((seed) => own.get(seed.id) === "ask" || own.get(seed.id) === "deny");
    tried = trials(refused);
    verdicts = judge(tried);
    // A ceiling, not a timing: the batch grows with the corpus (about 40 s at 4 100 cases on
    // one free core) and shares two cores with the other suites in `npm test`.
  }, 600_000);

  it("tries every host on hundreds of refused seeds", () => {
    expect(refused.length).toBeGreaterThan(500);
    const hosts = new Set(tried.map((trial) => trial.host));
    expect([...hosts].sort()).toEqual([...HOST_NAMES].sort());
    expect(verdicts.size).toBe(tried.length);
  });

  it("gives no hosted form of a refused command an allow", () => {
    const weakened = tried
      .filter((trial) => verdicts.get(trial.id) === "allow")
      .map((trial) => ({ seed: trial.seed, host: trial.host, command: trial.command }));
    expect(weakened, "hosted commands allowed though the bare command is refused").toEqual([]);
  });
});
