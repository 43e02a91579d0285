import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PolicyDocumentSchema } from "@pi-permission/policy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EXIT, runCli } from "../src/index.ts";

// The top-level keys as an unknown-key error lists them (the schema's own order).
const KEYS = Object.keys(PolicyDocumentSchema.properties).map((k) => `\`${k}\``);
const KNOWN_KEYS = `${KEYS.slice(0, -1).join(", ")} or ${KEYS.at(-1)}`;

async function run(...argv: string[]) {
  let out = "";
  let err = "";
  const code = await runCli(argv, { stdout: (t) => (out += t), stderr: (t) => (err += t) });
  return { code, out, err };
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "pi-permission-validate-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function policy(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe("pi-permission validate", () => {
  it("passes a clean policy, comments and trailing commas included", async () => {
    const file = policy(
      "clean.json",
      `{
  // the universal default
  "permission": { "*": "ask", "read": "allow", "bash": { "*": "ask", "git *": "allow", }, },
}`,
    );
    expect(await run("validate", file)).toEqual({
      code: EXIT.ok,
      out: `${file}: no problems found\n`,
      err: "",
    });
  });

  it("prints warnings, the glob pitfall included, and still exits 0", async () => {
    const file = policy(
      "warn.json",
      `{
  "permission": {
    "path": { "secrets/*": "deny" }
  }
}`,
    );
    expect(await run("validate", file)).toEqual({
      code: EXIT.ok,
      out: `warning[denyGlobMissesNested]: the deny \`secrets/*\` matches only what is directly inside \`secrets\`, not files in its subfolders
  --> ${file}:3:15
  at: permission.path["secrets/*"]
  expected: a pattern that also covers nested files, such as \`secrets/**\`
  received: \`secrets/*\`
  help: write \`secrets/**\` to deny everything below \`secrets\`

${file}: 0 errors, 1 warning
`,
      err: "",
    });
  });

  it("prints every error with its JSON path and help line, and exits 1", async () => {
    const file = policy(
      "broken.json",
      `{
  "yollo": true,
  "permission": {
    "path_wrote": { "/etc/**": "deny" },
    "bash": { "git *": "alow" }
  }
}`,
    );
    expect(await run("validate", file)).toEqual({
      code: EXIT.invalid,
      out: `error[unknownKey]: unknown key \`yollo\`
  --> ${file}:2:3
  at: yollo
  expected: one of ${KNOWN_KEYS}
  received: \`yollo\`
  help: did you mean \`yolo\`?

error[unknownSurface]: \`path_wrote\` is not a surface
  --> ${file}:4:5
  at: permission.path_wrote
  expected: \`path_read\` or \`path_write\`
  received: \`path_wrote\`
  help: did you mean \`path_write\`?

error[unknownAction]: unknown action \`alow\`
  --> ${file}:5:24
  at: permission.bash["git *"]
  expected: \`allow\`, \`ask\` or \`deny\`
  received: \`alow\`
  help: did you mean \`allow\`?

${file}: 3 errors, 0 warnings (pi fails closed on this file: its allows become asks)
`,
      err: "",
    });
  });

  it("prints the same report as JSON with --json", async () => {
    const file = policy("json.json", '{ "promptMaxRows": 0 }');
    const { code, out, err } = await run("validate", "--json", file);
    expect({ code, report: JSON.parse(out), err }).toEqual({
      code: EXIT.invalid,
      report: {
        file,
        valid: false,
        errors: 1,
        warnings: 0,
        issues: [
          {
            severity: "error",
            code: "outOfRange",
            file,
            jsonPath: "promptMaxRows",
            line: 1,
            column: 20,
            message: "`0` is less than the minimum of 1",
            expected: "a positive integer",
            received: "`0`",
            help: "for example `24` (the default)",
          },
        ],
      },
      err: "",
    });
  });

  it("reports a missing file as an error", async () => {
    const file = join(dir, "missing.json");
    expect(await run("validate", file)).toEqual({
      code: EXIT.invalid,
      out: `error[fileNotFound]: the policy file does not exist
  --> ${file}
  at: (the whole file)
  expected: a policy file
  received: no file
  help: check the path; pi reads \`~/.pi/agent/permissions.json\` and \`<project>/.pi/permissions.json\`

${file}: 1 error, 0 warnings (pi fails closed on this file: its allows become asks)
`,
      err: "",
    });
  });

  it("reports a file it cannot read as an error", async () => {
    const file = join(dir, "folder.json");
    mkdirSync(file);
    expect(await run("validate", file)).toEqual({
      code: EXIT.invalid,
      out: `error[unreadable]: the policy file cannot be read
  --> ${file}
  at: (the whole file)
  expected: a readable file
  received: not a regular file: a directory
  help: check that it is a file and that you may read it

${file}: 1 error, 0 warnings (pi fails closed on this file: its allows become asks)
`,
      err: "",
    });
  });

  it.each<[argv: string[], message: string, note: string]>([
    [["validate"], "`validate` needs the policy file to check", "no file"],
    [
      ["validate", "a.json", "b.json"],
      "`validate` checks one file; unexpected `b.json`",
      "two files",
    ],
    [
      ["validate", "--yaml", "a.json"],
      "unknown option `--yaml` for `validate`",
      "an unknown option",
    ],
  ])("rejects %j with a usage error (%s)", async (argv, message) => {
    expect(await run(...argv)).toEqual({
      code: EXIT.usage,
      out: "",
      err: `pi-permission: ${message}\nhelp: run \`pi-permission help\`\n`,
    });
  });

  it("is listed in the help text with its exit codes", async () => {
    const { code, out } = await run("help");
    expect([
      code,
      out
        .split("\n")
        .filter((l, i, all) => l.includes("validate") || all[i - 1]?.includes("validate")),
    ]).toEqual([
      EXIT.ok,
      [
        "  validate FILE [--json]  check a policy file: errors and warnings with their JSON paths",
        "                          (exit 0 when clean or only warnings, 1 on errors)",
      ],
    ]);
  });
});

describe("pi-permission validate with the file's own examples", () => {
  const rules = `"permission": {
    "*": "ask",
    "bash": { "*": "ask", "git *": "allow", "rm *": "deny", "git push *": "deny" },
    "path": { "**/.env": "deny" }
  }`;

  it("passes when every example gets its decision and deciding rule", async () => {
    const file = policy(
      "examples.json",
      `{
  ${rules},
  "examples": [
    { "tool": "bash", "input": { "command": "git status" }, "expect": "allow", "rule": "git *" },
    { "tool": "bash", "input": { "command": "sudo rm -rf build" }, "expect": "deny", "rule": "rm *" },
    { "tool": "bash", "input": { "command": "git $(echo push)" }, "expect": "ask", "rule": "<opaque-bash-wrapper>" },
    { "tool": "read", "input": { "path": "/repo/.env" }, "expect": "deny", "cwd": "/repo" }
  ]
}`,
    );
    expect(await run("validate", file)).toEqual({
      code: EXIT.ok,
      out: `${file}: no problems found\n`,
      err: "",
    });
  });

  it("fails an example whose decision or rule differs, at its JSON path", async () => {
    const file = policy(
      "failing.json",
      `{
  ${rules},
  "examples": [
    { "tool": "bash", "input": { "command": "git status" }, "expect": "allow" },
    { "tool": "bash", "input": { "command": "git push origin main" }, "expect": "allow" },
    { "tool": "bash", "input": { "command": "rm x" }, "expect": "deny", "rule": "git push *" }
  ]
}`,
    );
    const result = await run("validate", file, "--json");
    expect(result.code).toBe(EXIT.invalid);
    const report = JSON.parse(result.out) as {
      issues: { code: string; jsonPath: string; message: string; line: number | null }[];
    };
    expect(report.issues.map((i) => [i.code, i.jsonPath, i.message])).toEqual([
      [
        "exampleFails",
        "examples[1]",
        "the example `bash` call is decided deny by `git push *`, not allow",
      ],
      [
        "exampleFails",
        "examples[2]",
        "the example `bash` call is decided deny by `rm *`, not deny by `git push *`",
      ],
    ]);
    expect(report.issues.map((i) => i.line)).toEqual([9, 10]);
  });

  it("rejects a malformed example like any other field", async () => {
    const file = policy(
      "malformed.json",
      `{ ${rules}, "examples": [{ "tool": "bash", "input": { "command": "ls" }, "expect": "maybe", "extra": 1 }] }`,
    );
    const result = await run("validate", file, "--json");
    const report = JSON.parse(result.out) as { issues: { code: string; jsonPath: string }[] };
    expect(report.issues.map((i) => [i.code, i.jsonPath])).toEqual([
      ["unknownAction", "examples[0].expect"],
      ["unknownKey", "examples[0].extra"],
    ]);
  });
});
