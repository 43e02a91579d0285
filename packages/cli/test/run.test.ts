import { describe, expect, it } from "vitest";
import { EXIT, runCli } from "../src/index.ts";

async function run(...argv: string[]) {
  let out = "";
  let err = "";
  const code = await runCli(argv, { stdout: (t) => (out += t), stderr: (t) => (err += t) });
  return { code, out, err };
}

describe("pi-permission", () => {
  it("prints its version from package.json", async () => {
    const { code, out } = await run("--version");
    expect(code).toBe(EXIT.ok);
    expect(out).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it("rejects an unknown command with a usage exit code and a hint", async () => {
    expect(await run("frobnicate")).toEqual({
      code: EXIT.usage,
      out: "",
      err: "pi-permission: unknown command `frobnicate`\nhelp: run `pi-permission help`\n",
    });
  });

  it("shows usage and fails when no command is given", async () => {
    const { code, out } = await run();
    expect(code).toBe(EXIT.usage);
    expect(out).toContain("Usage: pi-permission <command>");
  });
});

describe("pi-permission help", () => {
  it("documents every command and the exit code of each verdict", async () => {
    const { code, out } = await run("help");
    expect([code, out.split("\n").filter((l) => /^ {2}(check|explain)|[Ee]xit/.test(l))]).toEqual([
      EXIT.ok,
      [
        "  check [--config FILE] --tool NAME --input JSON [--cwd DIR] [--home DIR]",
        "                          (exit 0 allow, 2 ask, 3 deny, 1 error)",
        "  check --batch --policies DIR [--cwd DIR] [--home DIR]",
        "                          on standard error (exit 0 once every case was judged)",
        "  explain [--config FILE] --tool NAME --input JSON [--cwd DIR] [--home DIR]",
        "                          their file, scope and JSON path, and the decision (exit as check)",
        "                          (exit 0 when clean or only warnings, 1 on errors)",
        "                          `pi-permission log --help` (exit 0, 1 no such request or log)",
        "Exit status: 0 allow (or success), 1 error, 2 ask, 3 deny, 64 usage error.",
      ],
    ]);
    expect([EXIT.allow, EXIT.error, EXIT.ask, EXIT.deny, EXIT.usage]).toEqual([0, 1, 2, 3, 64]);
  });
});
