// A review-log line writes each fact once: the request's value is left out when a gate fact
// (the command, the path, the target) already holds it.
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { reviewDetails } from "../src/projections.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

async function linesOf(tool: string, input: Record<string, unknown>) {
  const policy = policyOf({ "*": "ask", bash: { "rm *": "deny" }, path: { "**/.env": "deny" } });
  const facts = call(tool, input);
  const verdict = evaluateToolCall(policy, facts, await analyzerOnce());
  return verdict.requests.map((request) =>
    reviewDetails(request, { requestId: "perm-1", source: "tool_call", call: facts }, {}),
  );
}

describe("reviewDetails", () => {
  it("writes a bash command once, under command, not again as value", async () => {
    const line = (await linesOf("bash", { command: "rm -rf build" })).find(
      (l) => l.surface === "bash",
    );
    expect(line).toMatchObject({ command: "rm -rf build", surface: "bash" });
    expect(line).not.toHaveProperty("value");
  });

  it("writes a path once, under path", async () => {
    const lines = await linesOf("read", { path: ".env" });
    const path = lines.find((l) => l.surface === "path");
    expect(path).toMatchObject({ path: "/repo/.env" });
    expect(path).not.toHaveProperty("value");
  });

  it("keeps the value when no gate fact holds it", async () => {
    const [line] = await linesOf("deploy", { target: "prod" });
    expect(line).toMatchObject({ surface: "deploy", value: "deploy" });
  });
});
