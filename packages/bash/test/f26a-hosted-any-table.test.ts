import { describe, expect, it } from "vitest";
import type { BashAnalysis, ProgramTable } from "../src/index.ts";
import { analyze, analyzer, OPTIONS } from "./helpers.ts";

// A program no table knows (`unbuffer`, `gosu user`, `catatonit --`, `tini --`) may run the
// command in its later words. F25a read those words as the command they name only when the
// name was in a short list (git, cmake, wrappers, executors, file commands, pip, release and
// delegated runs); a program whose meaning lives in another table (corepack's shims, tzselect's
// rm, dpkg-deb's folder, pytest's and ruff's options, gpgv's home, dotnet's global tools, a
// declared program) was not read when hosted, so `unbuffer corepack enable` was allowed where
// `corepack enable` asks. Now any program a table reads otherwise than a nameless program's
// words is read when hosted, marked `hostedBy` the host (the gates weigh it as at most ask).

/** The units whose executed words are `words`, with their host. */
function units(analysis: BashAnalysis, words: string): (string | undefined)[] {
  return analysis.units
    .filter((u) => (u.executed ?? []).join(" ") === words)
    .map((u) => u.hostedBy);
}

/** The hosts of the units that touch `path` with `access`. */
function touching(analysis: BashAnalysis, path: string, access: string): (string | undefined)[] {
  return analysis.paths
    .filter((p) => p.path === path && p.access === access)
    .map((p) => analysis.units[p.unit]?.hostedBy);
}

describe("a hosted program any table reads is read as that program", () => {
  it.each([
    // script-runs.ts: tzselect's script removes its temporary folder.
    ["gosu user tzselect < /dev/null", "rm -fr -- /tmp/$TMPNAME", "gosu"],
    ["unbuffer tzselect", "rm -fr -- /tmp/$TMPNAME", "unbuffer"],
    ["softlimit -m 100000 tzselect < /dev/null", "rm -fr -- /tmp/$TMPNAME", "softlimit"],
  ])("%j runs %j, hosted by %j", async (command, inner, host) => {
    const found = units(await analyze(command), inner);
    expect(found.length).toBeGreaterThan(0);
    for (const each of found) expect(each).toBe(host);
  });

  it.each([
    // paths.ts's option tables: ruff's --config and gpgv's --homedir expand a quoted ~,
    // pytest's -o cache_dir and --rootdir name folders it writes.
    [
      "catatonit -- ruff check --config '~/.ssh/id_rsa' x.py",
      "/home/user/.ssh/id_rsa",
      "read",
      "catatonit",
    ],
    ["dumb-init gpgv --homedir '~/x' README.md", "/home/user/x", "read_write", "dumb-init"],
    ["tini -- pytest -q -o 'cache_dir=$HOME/c'", "/home/user/c", "read_write", "tini"],
    // extractors: dpkg-deb -x writes below its folder operand.
    ["setuidgid user dpkg-deb -x x.deb .", "/repo", "write", "setuidgid"],
    // written names: dotnet's global tools folder.
    [
      "eatmydata dotnet tool install -g dotnet-ef",
      "/home/user/.dotnet/tools",
      "write",
      "eatmydata",
    ],
  ])("%j touches %j (%s), hosted by %j", async (command, path, access, host) => {
    const found = touching(await analyze(command), path, access);
    expect(found).toContain(host);
    // The host's own reading does not find it: it is the hosted reading's.
    expect(found).not.toContain(undefined);
  });

  it("reads corepack enable's shim folder when hosted", async () => {
    const analysis = await analyze("unbuffer corepack enable");
    const shims = analysis.paths.filter((p) => p.raw.includes("command -v corepack"));
    expect(shims.length).toBeGreaterThan(0);
    for (const p of shims) expect(analysis.units[p.unit]?.hostedBy).toBe("unbuffer");
  });

  it("reads a declared files program when hosted", async () => {
    const programs: ProgramTable = {
      backup: {
        kind: "files",
        operands: "read",
        options: { short: "o:" },
        fileOptions: { o: "write" },
        match: { "backup -o out.tar src": ["write out.tar", "read src"] },
      },
    };
    const analysis = (await analyzer()).analyze("unbuffer backup -o out.tar src", {
      ...OPTIONS,
      programs,
    });
    expect(touching(analysis, "/repo/out.tar", "write")).toContain("unbuffer");
  });
});

describe("a later word no table reads otherwise is no hosted command", () => {
  it.each([
    // An operand that names a program whose table finds nothing in these words.
    ["apt-cache show make", 1],
    ["unbuffer frobnicate corepack", 1],
    ["unbuffer pytest -x", 1],
    ["poetry run pytest -x", 1],
    ["tldr dpkg-deb", 1],
  ])("%j has %i unit", async (command, count) => {
    const analysis = await analyze(command);
    expect(analysis.units.length).toBe(count);
    expect(analysis.units.some((u) => u.hostedBy !== undefined)).toBe(false);
  });
});

describe("nix-shell's own --help and --version", () => {
  it.each([
    // -h is no option of nix-shell's, and the words after -- are paths of expressions.
    "nix-shell --run psql -h localhost -o '|git push origin main' -d x",
    "nix-shell --run gpg --batch --list-keys -- --version",
    "nix-shell --run gpg --batch --list-keys -- --help",
    "nix-shell --run --version",
  ])("%j runs code nobody reads", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units[0]?.wrappers.map((w) => [w.name, w.kind])).toEqual([
      ["nix-shell", "opaque"],
    ]);
  });

  it.each(["nix-shell --version", "nix-shell -p git --help", "nix-shell --run x --version"])(
    "%j only prints",
    async (command) => {
      const analysis = await analyze(command);
      expect(analysis.units[0]?.wrappers).toEqual([]);
    },
  );
});
