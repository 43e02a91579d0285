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
