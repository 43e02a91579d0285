// S33 host-shell (r33f F3) in a real Pi session: Pi runs `<shellPath> -c '<prefix>\n<command>'`
// with both from its settings (a project's `.pi/settings.json` included), so the prefix is
// judged as part of every bash call, and a shell the analysis does not model asks, naming it.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { type PiRun, startPi } from "./harness.ts";

const PACKAGE = join(import.meta.dirname, "..", "..");
const POLICY = {
  permission: { "*": "allow", bash: { "*": "ask", "echo *": "allow", "touch *": "deny" } },
};

let run: PiRun | undefined;
afterEach(() => run?.dispose());

it("judges the settings' shellCommandPrefix with the command: a denied prefix refuses an allowed echo", async () => {
  const prompts: string[] = [];
  run = await startPi({
    extensions: [PACKAGE],
    mode: "rpc",
    ui: {
      select: (title) => {
        prompts.push(title);
        return "Deny";
      },
    },
    tools: ["bash"],
    settingsFromAgentDir: true,
    agentFiles: { "permissions.json": JSON.stringify(POLICY) },
    files: { ".pi/settings.json": JSON.stringify({ shellCommandPrefix: "touch PREFIX-RAN" }) },
    turns: [[{ tool: "bash", input: { command: "echo hi" } }]],
  });
  const [result] = await run.prompt();
  expect(result?.isError).toBe(true);
  expect(result?.text).toContain("rule 'touch *'");
  expect(existsSync(join(run.cwd, "PREFIX-RAN"))).toBe(false);
  expect(prompts).toHaveLength(0);
});

it("asks for a bash call Pi runs in a shell the analysis does not model, naming it", async () => {
  const prompts: string[] = [];
  run = await startPi({
    extensions: [PACKAGE],
    mode: "rpc",
    ui: {
      select: (title) => {
        prompts.push(title);
        return "Deny";
      },
    },
    tools: ["bash"],
    settingsFromAgentDir: true,
    agentFiles: { "permissions.json": JSON.stringify(POLICY) },
    files: { ".pi/settings.json": JSON.stringify({ shellPath: "/bin/sh" }) },
    turns: [[{ tool: "bash", input: { command: "echo hi > made-by-sh" } }]],
  });
  const [result] = await run.prompt();
  expect(prompts).toHaveLength(1);
  expect(prompts[0]).toContain("/bin/sh");
  expect(result?.isError).toBe(true);
  expect(existsSync(join(run.cwd, "made-by-sh"))).toBe(false);
});
