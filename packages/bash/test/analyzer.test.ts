import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Language, Parser, Tree } from "web-tree-sitter";
import { loadBashAnalyzer } from "../src/index.ts";
import { OPTIONS } from "./helpers.ts";

/** A fresh copy of the package, so that the memoised grammar load starts over. */
async function freshPackage() {
  vi.resetModules();
  return await import("../src/index.ts");
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("loading the grammar", () => {
  it("loads once for concurrent and later callers", async () => {
    const load = vi.spyOn(Language, "load");
    const { loadBashAnalyzer, analyzeBash } = await freshPackage();
    const [a, b] = await Promise.all([loadBashAnalyzer(), loadBashAnalyzer()]);
    await analyzeBash("ls", OPTIONS);
    expect({ loads: load.mock.calls.length, sameParser: a.analyze("ls", OPTIONS) }).toEqual({
      loads: 1,
      sameParser: b.analyze("ls", OPTIONS),
    });
  });

  it("forgets a failed load, so the next call retries it", async () => {
    const load = vi.spyOn(Language, "load").mockRejectedValueOnce(new Error("wasm missing"));
    const { loadBashAnalyzer } = await freshPackage();
    await expect(loadBashAnalyzer()).rejects.toThrow("wasm missing");
    const analyzer = await loadBashAnalyzer();
    expect({
      loads: load.mock.calls.length,
      status: analyzer.analyze("ls", OPTIONS).status,
    }).toEqual({
      loads: 2,
      status: "ok",
    });
  });
});

describe("analyze", () => {
  it("frees every tree it parses, nested payloads and keyword repairs included", async () => {
    const { loadBashAnalyzer } = await freshPackage();
    const analyzer = await loadBashAnalyzer();
    const parse = vi.spyOn(Parser.prototype, "parse");
    const free = vi.spyOn(Tree.prototype, "delete");
    for (const command of [
      // A bracket glob at each level, so that the grammar parses it (a plain line has no
      // tree; `*` and `?` alone may be plain).
      "ls | wc x[1]",
      "bash -c 'sh -c \"rm x[1]\" x[1]' x[1]",
      "time { rm a; }",
      "coproc x",
      'echo "abc',
    ]) {
      analyzer.analyze(command, OPTIONS);
    }
    expect({ parses: parse.mock.calls.length, frees: free.mock.calls.length }).toEqual({
      parses: 9,
      frees: 9,
    });
  });

  it("rejects a working directory that is not absolute", async () => {
    const { loadBashAnalyzer } = await freshPackage();
    const analyzer = await loadBashAnalyzer();
    expect(() => analyzer.analyze("ls", { cwd: "repo", home: "/home/user" })).toThrow(
      new TypeError('AnalyzeOptions.cwd must be an absolute path, got "repo"'),
    );
  });

  it("turns an internal failure into an unparseable result instead of throwing", async () => {
    const { loadBashAnalyzer } = await freshPackage();
    const analyzer = await loadBashAnalyzer();
    vi.spyOn(Parser.prototype, "parse").mockImplementationOnce(() => {
      throw new Error("out of memory");
    });
    // With a bracket glob, so that the grammar is asked (a plain line skips it).
    expect(analyzer.analyze("rm -rf build[12]", OPTIONS)).toEqual({
      status: "unparseable",
      units: [
        {
          text: "rm -rf build[12]",
          argv: ["rm", "-rf", "build[12]"],
          context: null,
          wrappers: [],
          executed: null,
          sentinel: "<unparseable-bash-command>",
        },
      ],
      paths: [],
      diagnostics: [
        { kind: "internal-error", message: "the analyzer failed: out of memory", offset: -1 },
      ],
    });
  });

  it("never throws, and a result that is not ok always carries an unparseable or timeout unit", async () => {
    const { loadBashAnalyzer } = await freshPackage();
    const analyzer = await loadBashAnalyzer();
    const piece = fc.constantFrom(
      "ls",
      "rm",
      "-rf",
      "x",
      " ",
      " ",
      "\n",
      "&&",
      "||",
      "|",
      ";",
      "&",
      "(",
      ")",
      "{",
      "}",
      "'",
      '"',
      "$(",
      "`",
      "<<",
      "<<'E'",
      "E",
      ">",
      "<",
      "2>&1",
      "#",
      "\\",
      "if",
      "then",
      "fi",
      "do",
      "done",
      "case",
      "in",
      "esac",
      "coproc",
      "time",
      "sudo",
      "bash -c",
      "=",
      "$X",
      "*",
      "~",
      "\u00a0",
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 24 }).map((parts) => parts.join("")),
        (command) => {
          const analysis = analyzer.analyze(command, OPTIONS);
          const floored = analysis.units.some(
            (unit) =>
              unit.sentinel === "<unparseable-bash-command>" ||
              unit.sentinel === "<analysis-timeout>",
          );
          expect({ status: analysis.status, floored: analysis.status === "ok" || floored }).toEqual(
            {
              status: analysis.status,
              floored: true,
            },
          );
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300) },
    );
  });
});

describe("the deadline", () => {
  it("answers a command past its budget with the timeout sentinel, never a hang or a proof", async () => {
    const analyzer = await loadBashAnalyzer();
    const command = Array.from({ length: 3000 }, (_, i) => `echo ${i} > f${i}`).join("; ");
    const analysis = analyzer.analyze(command, { cwd: "/repo", home: "/home/user", deadlineMs: 0 });
    expect(analysis.status).toBe("partial");
    expect(analysis.units).toEqual([
      expect.objectContaining({ sentinel: "<analysis-timeout>", executed: null }),
    ]);
    expect(analysis.diagnostics?.[0]?.kind).toBe("deadline");
  });

  it("leaves an ordinary command alone under the default budget", async () => {
    const analyzer = await loadBashAnalyzer();
    const analysis = analyzer.analyze("git status && ls -la", { cwd: "/repo", home: "/home/user" });
    expect(analysis.status).toBe("ok");
    expect(analysis.units.map((unit) => unit.sentinel)).toEqual([null, null]);
  });
});
