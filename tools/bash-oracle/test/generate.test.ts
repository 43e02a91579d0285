import { spawnSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findCorpus, loadCorpusCommands } from "../src/corpus.ts";
import { generatedCommand, mutatedCorpusCommand, render } from "../src/generate.ts";
import { minimizeTokens, tokenize, untokenize } from "../src/minimize.ts";

describe("generatedCommand", () => {
  const sample = fc.sample(generatedCommand(), { seed: 11, numRuns: 600 });

  it("is deterministic for a seed", () => {
    expect(fc.sample(generatedCommand(), { seed: 11, numRuns: 600 })).toEqual(sample);
  });

  it.each([
    ["a pipeline", / \| /],
    ["&& and ||", /&&|\|\|/],
    ["a command substitution in an argument", /\$\(/],
    ["a backtick substitution", /`/],
    ["a default-value operand", /\$\{x:-/],
    ["a substitution operand", /\$\{x\//],
    ["a double-quoted substitution", /"[^"]*\$\(/],
    ["a <<- here-document with tab-indented lines", /<<-[^\n]*\n\t/],
    ["a quoted here-document delimiter", /<<-?['"]/],
    ["a delimiter look-alike with a trailing blank", /\n\t?(EOF|END|MSG) \n/],
    ["arithmetic", /\$\(\(|\(\( /],
    ["a glob in a path", /\.en\?|\*\.ts|\.\[e\]nv/],
    ["a brace in a path", /\{\.env,README\.md\}|\{a,b\}/],
    [
      "a redirect before a later word",
      /\b(cat|grep|head|ls|rm|sed|awk|tee|touch) [^\n|;&]*(2>\/dev\/null|>|<)[^\n|;&]* [^\s|;&]/,
    ],
    ["cd", /\bcd /],
    ["an assignment", /\bF=/],
    ["HOME rebound", /HOME=/],
    ["a wrapper", /\b(timeout|env|nice|nohup|stdbuf) /],
    ["a function definition", /f\(\) \{/],
    ["if", /\bif .*; then /],
    ["for", /\bfor f in /],
    ["case", /\bcase .* in /],
    ["an error that leaves the rest of its line", /\n(: \$\(\(1\/0\)\)|UID=1|a\[-3\]=x); F=/],
    ["a # that is no comment", /a#b|\(\( 1 #\)\)|\$'#'|\{x:-#\}/],
  ])("covers %s", (_name, pattern) => {
    expect(sample.some((command) => pattern.test(command))).toBe(true);
  });

  it("mostly produces strings bash itself accepts", () => {
    const rejected = sample.filter(
      (command) => spawnSync("bash", ["-n", "-c", command], { stdio: "ignore" }).status !== 0,
    );
    // A syntax error is still a valid oracle input (bash runs what precedes it), but the
    // generator should mean what it writes.
    expect(rejected.length / sample.length).toBeLessThan(0.03);
  });

  it("renders pending here-document bodies after the line", () => {
    expect(render({ text: "cat <<EOF && ls", bodies: ["hi\nEOF\n"] })).toBe(
      "cat <<EOF && ls\nhi\nEOF\n",
    );
  });
});

describe("mutatedCorpusCommand", () => {
  it("mutates the repository corpus when it is there", () => {
    const corpus = findCorpus(import.meta.dirname);
    const commands = corpus ? loadCorpusCommands(corpus) : ["git status && rm -rf build"];
    expect(commands.length).toBeGreaterThan(0);
    const sample = fc.sample(mutatedCorpusCommand(commands), { seed: 3, numRuns: 200 });
    expect(sample.some((command) => command.includes("2>/dev/null"))).toBe(true);
    expect(sample.some((command) => command.startsWith("cd src && "))).toBe(true);
    expect(sample.some((command) => commands.includes(command))).toBe(true);
  });
});

describe("minimizeTokens", () => {
  it("keeps only the tokens the failure needs, with their layout", async () => {
    const command = "git status && echo a b c\nrm -rf build; ls";
    const result = await minimizeTokens(
      command,
      async (candidate) => /\brm\b/.test(candidate) && candidate.includes("build"),
    );
    expect(result.command).toBe("rm build;");
  });

  it("stops at the budget", async () => {
    let calls = 0;
    await minimizeTokens(
      "a b c d e f g h",
      async () => {
        calls++;
        return false;
      },
      5,
    );
    expect(calls).toBe(5);
  });

  it("round-trips a command through its tokens", () => {
    const command = "cat <<-EOF\n\thello\n\tEOF\necho  x";
    expect(untokenize(tokenize(command))).toBe(command);
  });
});
