import { describe, expect, it } from "vitest";
import type { BashUnit } from "../src/index.ts";
import { OPAQUE_RULES } from "../src/programs/opaque.ts";
import { splitEnvString, WRAPPER_GRAMMARS } from "../src/programs/wrappers.ts";
import { analyze, indirectionWrapper, opaqueWrapper, unit } from "./helpers.ts";

const matches = WRAPPER_GRAMMARS.flatMap((grammar) =>
  grammar.match.map(
    ([command, executed]) => [grammar.names[0] as string, command, executed, grammar.kind] as const,
  ),
);
const notMatches = WRAPPER_GRAMMARS.flatMap((grammar) =>
  grammar.notMatch.map((command) => [grammar.names[0] as string, command] as const),
);

const EXACT = new Set(WRAPPER_GRAMMARS.filter((g) => g.exact).flatMap((g) => g.names));
const indirectionFloors = (wrapper: { kind: string; name: string }) =>
  wrapper.kind === "indirection" && !EXACT.has(wrapper.name);
// find's `{}` written out as its starting point's glob: every operand find adds is known;
// xargs's echo (the default), true and false do nothing with the words it adds.
const writtenOut = (name: string, executed: string) =>
  (name === "find" && !executed.split(" ").includes("{}")) ||
  (name === "xargs" && /^(echo|true|false)( |$)/.test(executed));

describe("wrapper grammar tables prove their own examples", () => {
  it("gives every grammar at least one match and one notMatch example", () => {
    const missing = WRAPPER_GRAMMARS.filter(
      (grammar) => grammar.match.length === 0 || grammar.notMatch.length === 0,
    );
    expect(missing.map((grammar) => grammar.names[0])).toEqual([]);
  });

  it.each(matches)("%s: %j finally executes %j", async (name, command, executed, kind) => {
    const first = (await analyze(command)).units[0] as BashUnit;
    // A layer is named as the command was (`fakeroot-sysv`); a tool's subcommand (`cmake -E
    // env`) is a layer named by the tool.
    const names = WRAPPER_GRAMMARS.find((grammar) => grammar.names[0] === name)?.names ?? [];
    const layer = first.wrappers.find(
      (wrapper) => names.includes(wrapper.name) || wrapper.name === name.split(" ")[0],
    );
    const peeled = first.executed?.join(" ") !== first.argv.join(" ");
    const floors = (wrapper: { kind: string; name: string }) =>
      indirectionFloors(wrapper) && !writtenOut(name, executed);
    expect({
      executed: first.executed?.join(" "),
      layerKind: peeled ? layer?.kind : "not peeled",
      // INVARIANT: an indirection layer anywhere always carries its sentinel, unless its
      // grammar runs exactly the words after it (`npx`).
      floored: first.wrappers.some(floors) ? first.sentinel : null,
    }).toEqual({
      executed,
      layerKind: peeled ? kind : "not peeled",
      floored: first.wrappers.some(floors) ? indirectionWrapper : null,
    });
  });

  it.each(notMatches)("%s: %j does not prove its inner command", async (_name, command) => {
    const first = (await analyze(command)).units[0] as BashUnit;
    expect({ executed: first.executed, floored: first.sentinel !== null }).toEqual({
      executed: null,
      floored: true,
    });
  });
});

const opaqueMatches = OPAQUE_RULES.flatMap((rule) =>
  rule.match.map((command) => [rule.note, command] as const),
);
const opaqueNotMatches = OPAQUE_RULES.flatMap((rule) =>
  rule.notMatch.map((command) => [rule.note, command] as const),
);

describe("opaque rules prove their own examples", () => {
  it.each(opaqueMatches)("%s: %j runs code from a string", async (_note, command) => {
    const analysis = await analyze(command);
    const host = analysis.units.find((candidate) =>
      candidate.wrappers.some((layer) => layer.kind === "opaque"),
    );
    expect({ executed: host?.executed, sentinel: host?.sentinel }).toEqual({
      executed: null,
      sentinel: opaqueWrapper,
    });
  });

  it.each(opaqueNotMatches)("%s: %j runs no inline code", async (_note, command) => {
    const analysis = await analyze(command);
    expect(analysis.units.filter((candidate) => candidate.sentinel !== null)).toEqual([]);
  });
});

describe("wrapper peeling, whole units", () => {
  const sudo = (argv: string[]) => ({ name: "sudo", kind: "indirection" as const, argv });
  const timeout = (argv: string[]) => ({ name: "timeout", kind: "transparent" as const, argv });

  it.each<[string, string, BashUnit[]]>([
    [
      "time before sudo still reaches the inner command",
      "time sudo rm x",
      [
        unit("time sudo rm x", "time sudo rm x", {
          wrappers: [{ name: "time", kind: "transparent", argv: ["time"] }, sudo(["sudo"])],
          executed: ["rm", "x"],
          sentinel: indirectionWrapper,
        }),
      ],
    ],
    [
      "a GNU long-option abbreviation takes its value",
      "timeout --sig KILL 5 rm -rf /",
      [
        unit("timeout --sig KILL 5 rm -rf /", "timeout --sig KILL 5 rm -rf /", {
          wrappers: [timeout(["timeout", "--sig", "KILL", "5"])],
          executed: ["rm", "-rf", "/"],
        }),
      ],
    ],
    [
      "-- ends the options, then the duration, then sudo",
      "timeout -- 5 sudo rm x",
      [
        unit("timeout -- 5 sudo rm x", "timeout -- 5 sudo rm x", {
          wrappers: [timeout(["timeout", "--", "5"]), sudo(["sudo"])],
          executed: ["rm", "x"],
          sentinel: indirectionWrapper,
        }),
      ],
    ],
    [
      "a brace expansion is expanded before the wrapper is read: timeout 5 sudo rm x",
      "timeout {5,sudo} rm x",
      [
        unit("timeout {5,sudo} rm x", "timeout 5 sudo rm x", {
          wrappers: [timeout(["timeout", "5"]), sudo(["sudo"])],
          executed: ["rm", "x"],
          sentinel: indirectionWrapper,
        }),
      ],
    ],
    [
      "a substitution where the duration stands is not proven",
      "timeout $(pick) rm x",
      [
        unit("timeout $(pick) rm x", "timeout $(pick) rm x", {
          wrappers: [timeout(["timeout", "$(pick)"])],
          executed: null,
          sentinel: opaqueWrapper,
        }),
        unit("pick", "pick", { context: "command_substitution" }),
      ],
    ],
    [
      "a clustered option with a value takes the next word",
      "sudo -nu cat rm x",
      [
        unit("sudo -nu cat rm x", "sudo -nu cat rm x", {
          wrappers: [sudo(["sudo", "-nu", "cat"])],
          executed: ["rm", "x"],
          sentinel: indirectionWrapper,
        }),
      ],
    ],
    [
      "sudo -s runs a shell whose commands are unknown",
      "sudo -s",
      [
        unit("sudo -s", "sudo -s", {
          wrappers: [sudo(["sudo", "-s"])],
          executed: null,
          sentinel: indirectionWrapper,
        }),
      ],
    ],
    [
      "xargs feeding operands is never fully proven",
      "ls *.tmp | xargs -I{} rm {}",
      [
        unit("ls *.tmp", "ls *.tmp"),
        unit("xargs -I{} rm {}", "xargs -I{} rm {}", {
          wrappers: [{ name: "xargs", kind: "indirection", argv: ["xargs", "-I{}"] }],
          executed: ["rm", "{}"],
          sentinel: indirectionWrapper,
        }),
      ],
    ],
    [
      "watch without -x runs its words through sh -c",
      "watch -n 2 rm x",
      [
        unit("watch -n 2 rm x", "watch -n 2 rm x", {
          wrappers: [{ name: "watch", kind: "indirection", argv: ["watch", "-n", "2", "rm", "x"] }],
          executed: null,
          sentinel: indirectionWrapper,
        }),
        unit("rm x", "rm x", {
          wrappers: [{ name: "watch", kind: "indirection", argv: ["watch", "-n", "2", "rm", "x"] }],
          sentinel: indirectionWrapper,
        }),
      ],
    ],
    [
      "every find -execdir is a unit of its own (floored: it runs in each folder)",
      "find . -name x -execdir rm {} \\; -execdir echo {} +",
      [
        unit(
          "find . -name x -execdir rm {} \\; -execdir echo {} +",
          ["find", ".", "-name", "x", "-execdir", "rm", "{}", ";", "-execdir", "echo", "{}", "+"],
          {
            wrappers: [
              { name: "find", kind: "indirection", argv: ["find", ".", "-name", "x", "-execdir"] },
            ],
            executed: ["rm", "{}"],
            sentinel: indirectionWrapper,
          },
        ),
        unit(
          "find . -name x -execdir rm {} \\; -execdir echo {} +",
          ["find", ".", "-name", "x", "-execdir", "rm", "{}", ";", "-execdir", "echo", "{}", "+"],
          {
            wrappers: [
              {
                name: "find",
                kind: "indirection",
                argv: ["find", ".", "-name", "x", "-execdir", "rm", "{}", ";", "-execdir"],
              },
            ],
            executed: ["echo", "{}"],
            sentinel: indirectionWrapper,
          },
        ),
      ],
    ],
    [
      "a transparent wrapper over bash -c keeps the payload analysed",
      "nohup bash -c 'rm x' &",
      [
        unit("nohup bash -c 'rm x'", ["nohup", "bash", "-c", "rm x"], {
          wrappers: [
            { name: "nohup", kind: "transparent", argv: ["nohup"] },
            { name: "bash", kind: "opaque", argv: ["bash", "-c", "rm x"] },
          ],
          executed: null,
          sentinel: opaqueWrapper,
          background: true,
        }),
        unit("rm x", "rm x", {
          wrappers: [
            { name: "nohup", kind: "transparent", argv: ["nohup"] },
            { name: "bash", kind: "opaque", argv: ["bash", "-c", "rm x"] },
          ],
          sentinel: opaqueWrapper,
          background: true,
        }),
      ],
    ],
    [
      "a wrapper outside the standard directories is an ordinary command",
      "./timeout 5 rm x",
      [
        unit("./timeout 5 rm x", "./timeout 5 rm x", { runs: [["/repo/timeout", "5", "rm", "x"]] }),
        // Its later words are read as a command it may run, hosted by it: not peeled, not
        // proven (the gates weigh a hosted unit as at most ask).
        unit("./timeout 5 rm x", "./timeout 5 rm x", {
          wrappers: [{ name: "./timeout", kind: "indirection", argv: ["./timeout", "5"] }],
          executed: ["rm", "x"],
          hostedBy: "./timeout",
        }),
      ],
    ],
    [
      "a wrapper by absolute path in a standard directory is peeled",
      "/usr/bin/env -i rm x",
      [
        unit("/usr/bin/env -i rm x", "/usr/bin/env -i rm x", {
          wrappers: [{ name: "/usr/bin/env", kind: "transparent", argv: ["/usr/bin/env", "-i"] }],
          executed: ["rm", "x"],
        }),
      ],
    ],
  ])("%s: %j", async (_note, command, units) => {
    expect((await analyze(command)).units).toEqual(units);
  });
});

describe("a wrapper told only to print its help or version", () => {
  it.each([
    ["xargs --version"],
    ["xargs --help"],
    ["timeout --help rm -rf /"],
    ["nice --version rm x"],
  ])("runs nothing else: %s", async (command) => {
    const [only, ...rest] = (await analyze(command)).units;
    expect(rest).toEqual([]);
    expect(only?.executed).toEqual(command.split(" "));
    expect(only?.sentinel).toBeNull();
  });

  it("runs the command another option hands getopt first", async () => {
    // GNU env splits -S's string into arguments ahead of --version: `rm x --version` runs.
    const [only] = (await analyze("env -S 'rm x' --version")).units;
    expect(only?.executed).toEqual(["rm", "x", "--version"]);
  });
});

describe("env -S: the string is split as GNU env splits it (coreutils env.c build_argv)", () => {
  // Each row was checked against GNU env 9 (`env -S "printf <%s>\\n STRING"`).
  it.each([
    ["git push origin main", ["git", "push", "origin", "main"]],
    ["a  b\tc", ["a", "b", "c"]],
    ["'a b' c", ["a b", "c"]],
    ["a'b c'd", ["ab cd"]],
    ["a\\_b", ["a", "b"]],
    ['"a\\_b"', ["a b"]],
    ["a #c", ["a"]],
    ["a#b c", ["a#b", "c"]],
    ["'' x", ["", "x"]],
    ["a \\c b", ["a"]],
    ["x\\#y", ["x#y"]],
    ["'a\\'b'", ["a'b"]],
    ["'a\\nb'", ["a\\nb"]],
    ["'#' x", ["#", "x"]],
    ["  lead trail  ", ["lead", "trail"]],
    ["\\$X", ["$X"]],
  ])("%j splits into %j", (text, words) => {
    expect(splitEnvString(text)).toEqual(words);
  });

  it.each([
    ["a\\", "a backslash at the end"],
    ["'unterminated", "an open quote"],
    ["a\\qb", "an unknown escape"],
    ['"a\\cb"', "\\c inside double quotes"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: env's own ${NAME} syntax
    ["${X} y", "a value from the environment"],
  ])("%j is not proven (%s)", (text) => {
    expect(splitEnvString(text)).toBeNull();
  });

  it("judges the command the split words run, with the words after the option", async () => {
    const [only] = (await analyze("env -S'git push' origin main")).units;
    expect({ executed: only?.executed, sentinel: only?.sentinel }).toEqual({
      executed: ["git", "push", "origin", "main"],
      sentinel: null,
    });
  });
});

describe("strace: the traced command and the trace files", () => {
  it("writes FILE.PID files under -ff, which FILE.* stands for", async () => {
    const analysis = await analyze("strace -ff -o t.log git status");
    expect({
      executed: analysis.units[0]?.executed,
      written: analysis.paths.filter((p) => p.access === "write").map((p) => p.glob ?? p.path),
    }).toEqual({ executed: ["git", "status"], written: ["/repo/t.log", "/repo/t.log.*"] });
  });
});
