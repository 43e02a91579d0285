import { describe, expect, it } from "vitest";
import { mergeScopes, parsePolicyText, type ScopeLoad, validatePolicyFile } from "../src/index.ts";
import { mergePrograms } from "../src/settings.ts";

const WRAPPER = {
  kind: "wrapper",
  options: { short: "n:" },
  match: { "with-retry -n 3 git push": "git push" },
  notMatch: ["with-retry --bogus git push"],
};

const load = (text: string, scope: ScopeLoad["scope"] = "global", file = `/${scope}.json`) =>
  parsePolicyText(text, { scope, file });

const issuesOf = (text: string) =>
  load(text).issues.map((i) => ({ code: i.code, jsonPath: i.jsonPath, message: i.message }));

describe("the programs section of a policy file", () => {
  it("loads entries whose examples hold, without an issue", () => {
    const scope = load(JSON.stringify({ programs: { "with-retry": WRAPPER } }));
    expect({ status: scope.status, issues: scope.issues }).toEqual({
      status: "loaded",
      issues: [],
    });
  });

  it.each<[string, unknown, { code: string; jsonPath: string; message: string }[]]>([
    [
      "an unknown kind",
      { x: { kind: "wraper" } },
      [
        {
          code: "unknownValue",
          jsonPath: "programs.x.kind",
          message: "unknown program kind `wraper`",
        },
      ],
    ],
    [
      "a misspelled field",
      { x: { kind: "wrapper", notmatch: [] } },
      [{ code: "unknownKey", jsonPath: "programs.x.notmatch", message: "unknown key `notmatch`" }],
    ],
    [
      "a list element of the wrong type",
      { x: { kind: "wrapper", unsafe: ["n", 3] } },
      [
        {
          code: "wrongType",
          jsonPath: "programs.x.unsafe[1]",
          message: "expected a non-empty string, got number `3`",
        },
      ],
    ],
    [
      "a program the analysis already knows",
      { sudo: { kind: "wrapper" } },
      [
        {
          code: "builtinProgram",
          jsonPath: "programs.sudo",
          message:
            "`sudo` is a built-in program (a wrapper the analysis peels), so its reading cannot be changed",
        },
      ],
    ],
    [
      "an executor turning a built-in executor into something else",
      { "bash run": { kind: "files" } },
      [
        {
          code: "builtinProgram",
          jsonPath: 'programs["bash run"]',
          message:
            "`bash` is a built-in program (an executor: it runs code it is given), so its reading cannot be changed",
        },
      ],
    ],
    [
      "a field of another kind",
      { x: { kind: "executor", positionals: 1 } },
      [
        {
          code: "invalidProgram",
          jsonPath: "programs.x.positionals",
          message: "`positionals` does not apply to an executor",
        },
      ],
    ],
    [
      "a failing example, at its own place",
      { x: { kind: "wrapper", match: { "x -q rm y": "rm y" } } },
      [
        {
          code: "exampleFails",
          jsonPath: 'programs.x.match["x -q rm y"]',
          message: "`x -q rm y` runs a command that is not proven, not `rm y`",
        },
      ],
    ],
    [
      "a failing notMatch example",
      { x: { kind: "executor", notMatch: ["x script"] } },
      [
        {
          code: "exampleFails",
          jsonPath: "programs.x.notMatch[0]",
          message: "`x script` runs code, by this declaration",
        },
      ],
    ],
  ])("reports %s with its JSON path", (_note, programs, expected) => {
    expect(issuesOf(JSON.stringify({ programs }))).toEqual(expected);
  });

  it("fails closed on an entry with an error, and keeps the file's sound entries", () => {
    const scope = load(
      JSON.stringify({
        permission: { bash: { "*": "allow" } },
        programs: { "with-retry": WRAPPER, mylang: { kind: "executor", notMatch: ["mylang x"] } },
      }),
    );
    const { policy } = mergeScopes([scope]);
    expect({
      status: scope.status,
      programs: policy.settings.programs,
      // A broken file only tightens: its sound entries are a second reading of each call.
      trusted: policy.settings.trustedPrograms,
      allow: policy.rules.at(-1)?.action,
    }).toEqual({
      status: "broken",
      programs: { "with-retry": WRAPPER },
      trusted: null,
      allow: "ask",
    });
  });

  it("judges with a sound file's declarations alone beside a broken file's", () => {
    const broken = load(
      JSON.stringify({ programs: { "with-retry": WRAPPER }, permission: { bash: 3 } }),
    );
    const project = load(JSON.stringify({ programs: { mylang: { kind: "executor" } } }), "project");
    const { policy } = mergeScopes([broken, project], { projectTrusted: () => true });
    expect(policy.settings.trustedPrograms).toEqual({ mylang: { kind: "executor" } });
  });

  it("validatePolicyFile reports the failing examples of a file", () => {
    const text = JSON.stringify({
      programs: { x: { kind: "wrapper", match: { "x rm y": "rm z" }, notMatch: ["x rm y"] } },
    });
    const { issues } = validatePolicyFile("/p.json", () => text);
    expect(issues.map((i) => [i.code, i.jsonPath, i.line])).toEqual([
      ["exampleFails", 'programs.x.match["x rm y"]', 1],
      ["exampleFails", "programs.x.notMatch[0]", 1],
    ]);
  });
});

describe("programs across scopes", () => {
  it("adds up, the first file to declare a name keeping it, with a warning for the second", () => {
    const global = load(JSON.stringify({ programs: { mylang: { kind: "executor" } } }));
    const project = load(
      JSON.stringify({ programs: { mylang: { kind: "wrapper" }, "with-retry": WRAPPER } }),
      "project",
    );
    const result = mergeScopes([global, project], { projectTrusted: () => false });
    expect({
      programs: result.policy.settings.programs,
      issues: result.issues.map((i) => [i.code, i.file, i.jsonPath]),
      loosening: result.projectTrust?.loosening,
    }).toEqual({
      programs: { mylang: { kind: "executor" }, "with-retry": WRAPPER },
      issues: [["programRedeclared", "/project.json", "programs.mylang"]],
      // A declaration may read a command less strictly than no declaration: it waits for trust.
      loosening: [
        { jsonPath: "programs.mylang", what: "program declaration" },
        { jsonPath: 'programs["with-retry"]', what: "program declaration" },
      ],
    });
  });

  it("keeps the declarations of an untrusted project file apart, as a second reading", () => {
    const global = load(JSON.stringify({ programs: { mylang: { kind: "executor" } } }));
    const project = load(JSON.stringify({ programs: { "with-retry": WRAPPER } }), "project");
    const untrusted = mergeScopes([global, project], { projectTrusted: () => false });
    const alone = mergeScopes([project], { projectTrusted: () => false });
    const trusted = mergeScopes([global, project], { projectTrusted: () => true });
    expect([
      untrusted.policy.settings.trustedPrograms,
      alone.policy.settings.trustedPrograms,
      trusted.policy.settings.trustedPrograms,
      mergeScopes([global]).policy.settings.trustedPrograms,
    ]).toEqual([{ mylang: { kind: "executor" } }, null, undefined, undefined]);
  });

  it("keeps a broken project file's declarations apart too", () => {
    const project = load(
      JSON.stringify({ programs: { "with-retry": WRAPPER }, permission: { bash: 3 } }),
      "project",
    );
    const { policy } = mergeScopes([project], { projectTrusted: () => true });
    expect([project.status, policy.settings.programs, policy.settings.trustedPrograms]).toEqual([
      "broken",
      { "with-retry": WRAPPER },
      null,
    ]);
  });

  it("does not warn about the same declaration written twice", () => {
    const text = JSON.stringify({ programs: { "with-retry": WRAPPER } });
    const result = mergeScopes([load(text), load(text, "project")]);
    expect(result.issues).toEqual([]);
  });

  it("mergePrograms keeps a program named like an object's own keys a program", () => {
    const merged = mergePrograms([
      JSON.parse('{ "programs": { "__proto__": { "kind": "files" } } }'),
    ]);
    expect([Object.hasOwn(merged ?? {}, "__proto__"), Object.isFrozen(merged)]).toEqual([
      true,
      true,
    ]);
  });
});
