// A program no table knows may run the command in its operands (`catatonit -- C`, `gosu user C`,
// `unbuffer C`, `tini -- C`): whatever C runs, the hosted form may run too, so a policy that
// refuses C must not allow `HOST C` (it may ask where C is denied: the host only may run C).
// f25a-unknown-host.test.ts takes only the seeds whose first word a built-in table of
// builtinProgram() knows (git, a wrapper, an executor, a files program, a shell); the programs
// other tables read (corepack's shims, tzselect's rm, dpkg-deb's folder, pytest's and ruff's
// options, gpgv's home, dotnet's global tools) escaped it: `unbuffer corepack enable` and
// `gosu user tzselect < /dev/null` were allowed under P3. Here the seeds are every refused corpus
// bash case whose first word names a program (not a builtin, a keyword, an assignment or a
// redirection), each tried behind two of many host spellings. The BUILT `pi-permission check
// --batch` judges them, as metamorphic.test.ts does.
import { existsSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { cli, judge, programWord, refusedBashSeeds } from "./corpus-batch.ts";

/**
 * Programs nobody's table knows that run their operands as a command (each per its manual),
 * with their own words. nix-shell is left out: a table knows it, and its own `--version` in a
 * seed's words makes it print its version and run nothing.
 */
const HOSTS: readonly string[] = [
  ...["catatonit --", "tini --", "dumb-init", "gosu user", "su-exec user", "setuidgid user"],
  ...["softlimit -m 100000", "unbuffer", "eatmydata", "caffeinate", "torsocks", "proxychains"],
  ...["faketime 2020-01-01", "tsp", "nq", "chronic", "ifne", "entr -n", "rlwrap", "aa-exec"],
  ...["fakechroot", "proot", "dotenv --", "op run --", "doppler run --", "with-contenv"],
  ...["aws-vault exec x --", "s6-setuidgid user", "chpst -u user", "uv run", "poetry run"],
  ...["pipenv run", "pg_virtualenv", "ip netns exec x", "uclampset -m 0", "./deploy.sh"],
];

describe("any program hosted by an unknown one stays refused", () => {
  let tried: { id: string; policy: string; command: string; seed: string }[];
  let verdicts: Map<string, string | undefined>;
  beforeAll(() => {
    expect(
      existsSync(cli),
      `${cli} is missing: build the cli first (npx tsup in packages/cli)`,
    ).toBe(true);
    const refused = refusedBashSeeds((command) => programWord(command) !== null);
    // Each seed in two hosts far apart in the list; consecutive seeds (often one class) in
    // consecutive hosts.
    tried = refused.flatMap((seed, position) =>
      [position, position + 17].map((at) => {
        const host = HOSTS[at % HOSTS.length] as string;
        return {
          id: `${seed.id}|${host}`,
          policy: seed.policy,
          command: `${host} ${seed.input.command as string}`,
          seed: programWord(seed.input.command as string) as string,
        };
      }),
    );
    verdicts = judge(tried);
  }, 900_000);

  it("tries thousands of refused seeds, beyond the programs builtinProgram() knows", () => {
    expect(tried.length).toBeGreaterThan(4000);
    expect(verdicts.size).toBe(tried.length);
    // The seeds f25a-unknown-host.test.ts left out are here (corepack, tzselect, pytest…).
    const programs = new Set(tried.map((trial) => trial.seed));
    for (const name of ["corepack", "tzselect", "pytest", "ruff", "gpgv", "dpkg-deb", "dotnet"]) {
      expect(programs.has(name), name).toBe(true);
    }
  });

  it("gives no hosted form of a refused command an allow", () => {
    const weakened = tried
      .filter((trial) => verdicts.get(trial.id) === "allow")
      .map((trial) => ({ id: trial.id, command: trial.command }));
    expect(weakened, "hosted commands allowed though the bare command is refused").toEqual([]);
  });

  it.each([
    // The lead's examples (/tmp/lead26/wrapbad.jsonl), each refused alone under P3.
    "catatonit -- ruff check --config '~/.ssh/id_rsa' x.py",
    "unbuffer corepack enable",
    "gosu user tzselect < /dev/null",
    "tini -- pytest -q -o 'cache_dir=$HOME/c'",
    "dumb-init gpgv --homedir '~/x' README.md",
    "setuidgid user dpkg-deb -x x.deb . && git status",
    "eatmydata dotnet tool install -g dotnet-ef",
    "su-exec user pytest --rootdir='$HOME' -q",
  ])("%j asks under P3 (the host only may run it; deny would need it declared)", (command) => {
    expect(judge([{ id: "x", policy: "P3", command }]).get("x")).toBe("ask");
  });
});
