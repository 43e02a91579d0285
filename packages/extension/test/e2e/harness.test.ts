import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type PiRun, startPi } from "./harness.ts";

const probe = join(import.meta.dirname, "fixtures", "probe-ext.ts");
let run: PiRun | undefined;
afterEach(() => run?.dispose());

describe("the Pi session harness", () => {
  it("runs an allowed command for real and returns the block reason of a blocked one", async () => {
    run = await startPi({
      extensions: [probe],
      turns: [
        [{ tool: "bash", input: { command: "touch made-by-bash" } }],
        [{ tool: "bash", input: { command: "rm -rf x" } }],
      ],
    });
    const results = await run.prompt();
    expect(existsSync(join(run.cwd, "made-by-bash"))).toBe(true);
    expect(
      results.map(({ toolCallId, isError, text }) => ({
        toolCallId,
        isError,
        text: isError ? text : "",
      })),
    ).toEqual([
      { toolCallId: "call_1_1", isError: false, text: "" },
      { toolCallId: "call_2_1", isError: true, text: "probe blocked (mode print)" },
    ]);
  });

  it("answers dialogs from the script in a UI mode", async () => {
    run = await startPi({
      extensions: [probe],
      mode: "rpc",
      ui: { select: () => "yes" },
      files: { x: "" },
      turns: [[{ tool: "bash", input: { command: "rm x" } }]],
    });
    const results = await run.prompt();
    expect(run.uiLog).toEqual(["select:probe: allow rm?"]);
    expect(results[0]?.isError).toBe(false);
    expect(existsSync(join(run.cwd, "x"))).toBe(false);
  });
});
