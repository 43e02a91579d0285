// The process warm-up runs many kinds of commands rather than a few many times (issue 18): a
// novel call's cost is mostly the engine's first run through code the process has not run
// yet, so what the warm-up covers matters more than how often it repeats itself.
import { loadBashAnalyzer } from "@pi-permission/bash";
import { describe, expect, it } from "vitest";
import { PROCESS_WARM_UP_CALLS, PROCESS_WARM_UP_ROUNDS } from "../src/warm-up.ts";

const commands = PROCESS_WARM_UP_CALLS.flatMap((call) =>
  call.toolName === "bash" && typeof call.input.command === "string" ? [call.input.command] : [],
);

/** Programs of the kinds an agent runs that the warm-up must reach (beyond git and npm). */
const PROGRAMS = [
  // build tools and package managers of each language
  "cargo",
  "go",
  "make",
  "cmake",
  "pip",
  "poetry",
  "uv",
  "yarn",
  "pnpm",
  "mvn",
  "composer",
  "bundle",
  // containers, clusters, infrastructure, cloud
  "docker",
  "kubectl",
  "terraform",
  "helm",
  "aws",
  "gh",
  // remote copies, fetches, archives
  "scp",
  "rsync",
  "wget",
  "zip",
  "unzip",
  "gunzip",
  // files and text
  "chmod",
  "chown",
  "install",
  "dd",
  "patch",
  "perl",
  "jq",
  "yq",
  // databases, crypto, services, editors, process control
  "sqlite3",
  "psql",
  "openssl",
  "gpg",
  "crontab",
  "systemctl",
  "su",
  "nohup",
  "parallel",
  "vim",
  "pkill",
];

/** Constructs of the shell, as they are written. */
const CONSTRUCTS: ReadonlyArray<[string, RegExp]> = [
  ["a here-document", /<<-?'?[A-Z]+'?\n/],
  ["a here-string", /<<< /],
  ["process substitution", /<\(/],
  ["an until loop", /\buntil\b/],
  ["a select loop", /\bselect\b/],
  ["a case", /\bcase\b/],
  ["a function", /\w+\(\) \{/],
  ["an associative array", /declare -A/],
  ["a trap", /\btrap\b/],
  ["a parameter operator", /\$\{\w+(\^\^|:\d|\/\/|%)/],
  ["a file descriptor named by a variable", /\{fd\}>/],
  ["a brace range", /\{\d+\.\.\d+\}/],
  ["an ANSI-C string", /\$'/],
  ["arithmetic", /\(\( /],
];

describe("the process warm-up's breadth", () => {
  it("runs the programs an agent runs, of every kind", async () => {
    const analyzer = await loadBashAnalyzer({ memoSize: 0 });
    const ran = new Set<string>();
    for (const command of commands) {
      const analysis = analyzer.analyze(command, { cwd: "/repo", home: "/home/u" });
      for (const unit of analysis.units) {
        // The program itself, the one it runs, and each wrapper around it (`nohup ./server`).
        const names = [unit.argv[0], unit.executed?.[0], ...unit.wrappers.map((w) => w.argv[0])];
        for (const name of names) {
          if (name !== undefined) ran.add(name.slice(name.lastIndexOf("/") + 1));
        }
      }
    }
    expect(PROGRAMS.filter((program) => !ran.has(program))).toEqual([]);
  });

  it("writes out the shell's constructs", () => {
    const missing = CONSTRUCTS.filter(([, shape]) => !commands.some((c) => shape.test(c)));
    expect(missing.map(([name]) => name)).toEqual([]);
  });

  it("parses every command: a warm-up command the grammar rejects runs little of the walk", async () => {
    const analyzer = await loadBashAnalyzer({ memoSize: 0 });
    const unparsed = commands.filter(
      (command) => analyzer.analyze(command, { cwd: "/repo", home: "/home/u" }).status !== "ok",
    );
    expect(unparsed).toEqual([]);
  });

  it("spends about what it spent before in calls: breadth, not more rounds", () => {
    expect(PROCESS_WARM_UP_CALLS.length).toBeGreaterThanOrEqual(120);
    expect(PROCESS_WARM_UP_ROUNDS * PROCESS_WARM_UP_CALLS.length).toBeLessThanOrEqual(300);
  });
});
