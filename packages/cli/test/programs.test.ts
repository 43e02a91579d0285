// A program declared in the policy file, through the public CLI: `validate` proves its
// examples and `check` judges a call with it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXIT } from "../src/index.ts";
import { PLACE, policyDir, run } from "./helpers.ts";

const DECLARED = `{
  "permission": {
    "*": "ask",
    "bash": { "*": "allow", "rm *": "deny" },
    "path": { "**/.env": "deny" }
  },
  "programs": {
    // a wrapper: the command after its options runs, and is judged too
    "with-retry": {
      "kind": "wrapper",
      "options": { "short": "n:" },
      "match": { "with-retry -n 3 git push": "git push" },
      "notMatch": ["with-retry --forever git push"]
    },
    // an executor: -e runs the code it is given
    "mylang": {
      "kind": "executor",
      "options": { "short": "e:" },
      "codeOptions": ["e"],
      "match": ["mylang -e 'print 1'"],
      "notMatch": ["mylang main.ml"]
    },
    // a recursive reader
    "backup": {
      "kind": "files",
      "operands": "read",
      "recursive": true,
      "match": { "backup src": ["read src/**"] }
    }
  }
}`;

const PLAIN = DECLARED.replace(/"programs": \{[\s\S]*\n {2}\}\n/, '"programs": {}\n');

let files: ReturnType<typeof policyDir>;
let declared: string;
let plain: string;
beforeAll(() => {
  files = policyDir();
  declared = files.write("declared.json", DECLARED);
  plain = files.write("plain.json", PLAIN);
});
afterAll(() => files.remove());

async function check(config: string, command: string) {
  const result = await run([
    "check",
    "--config",
    config,
    ...PLACE,
    "--tool",
    "bash",
    "--input",
    JSON.stringify({ command }),
  ]);
  const record = JSON.parse(result.out);
  return { code: result.code, decision: record.decision, err: result.err };
}

describe("pi-permission check with declared programs", () => {
  it.each([
    ["a wrapper's inner command meets its deny", "with-retry -n 3 rm -rf build", "deny"],
    ["an executor running code asks", "mylang -e 'print 1'", "ask"],
    ["an executor running a file is judged as written", "mylang main.ml", "allow"],
    ["a recursive reader's directory may hold a .env: asks", "backup .", "ask"],
  ])("%s: %s", async (_note, command, decision) => {
    const code = { allow: EXIT.allow, ask: EXIT.ask, deny: EXIT.deny }[decision];
    expect(await check(declared, command)).toEqual({ code, decision, err: "" });
  });

  it.each([
    ["with-retry -n 3 rm -rf build", "deny"],
    ["mylang -e 'print 1'", "ask"],
    ["backup .", "ask"],
  ])("without the declarations %j is judged looser than %s", async (command, declaredDecision) => {
    const rank = { allow: 0, ask: 1, deny: 2 } as Record<string, number>;
    const { decision } = await check(plain, command);
    expect(rank[decision]).toBeLessThan(rank[declaredDecision] as number);
  });
});

describe("pi-permission validate with declared programs", () => {
  it("passes entries whose examples hold", async () => {
    expect(await run(["validate", declared])).toEqual({
      code: EXIT.ok,
      out: `${declared}: no problems found\n`,
      err: "",
    });
  });

  it("reports a built-in name, a bad grammar and failing examples with their JSON paths", async () => {
    const bad = files.write(
      "bad.json",
      JSON.stringify({
        programs: {
          sudo: { kind: "wrapper" },
          x: { kind: "wrapper", options: { short: "n-" } },
          "with-retry": {
            kind: "wrapper",
            options: { short: "n:" },
            match: { "with-retry -n 3 git push": "git status" },
            notMatch: ["with-retry -n 3 git push"],
          },
        },
      }),
    );
    const result = await run(["validate", bad, "--json"]);
    const report = JSON.parse(result.out);
    expect({
      code: result.code,
      valid: report.valid,
      issues: report.issues.map((i: { code: string; jsonPath: string }) => [i.code, i.jsonPath]),
    }).toEqual({
      code: EXIT.error,
      valid: false,
      issues: [
        ["builtinProgram", "programs.sudo"],
        ["invalidProgram", "programs.x.options.short"],
        ["exampleFails", 'programs["with-retry"].match["with-retry -n 3 git push"]'],
        ["exampleFails", 'programs["with-retry"].notMatch[0]'],
      ],
    });
  });

  it("prints a failing example as a human reads it", async () => {
    const bad = files.write(
      "example.json",
      `{
  "programs": {
    "mylang": { "kind": "executor", "notMatch": ["mylang main.ml"] }
  }
}`,
    );
    expect(await run(["validate", bad])).toEqual({
      code: EXIT.error,
      out: `error[exampleFails]: \`mylang main.ml\` runs code, by this declaration
  --> ${bad}:3:50
  at: programs.mylang.notMatch[0]
  expected: a command that runs no code
  received: \`mylang main.ml\`
  help: fix the example; without \`codeOptions\` every call runs code

${bad}: 1 error, 0 warnings (pi fails closed on this file: its allows become asks)
`,
      err: "",
    });
  });
});
