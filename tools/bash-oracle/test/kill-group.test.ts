import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { killGroup } from "../src/sandbox.ts";

// The sandbox's time limit kills the command's whole process group; the group can end on its
// own between the timer firing and the child's `close` event.
describe("killGroup", () => {
  it("kills a live group", async () => {
    const child = spawn("sleep", ["30"], { detached: true, stdio: "ignore" });
    await once(child, "spawn");
    killGroup(child.pid as number);
    const [code, signal] = await once(child, "exit");
    expect({ code, signal }).toEqual({ code: null, signal: "SIGKILL" });
  });

  it("does nothing for a group that has already ended", async () => {
    const child = spawn("true", [], { detached: true, stdio: "ignore" });
    await once(child, "exit");
    expect(() => process.kill(-(child.pid as number), 0)).toThrow(/ESRCH/);
    expect(() => killGroup(child.pid as number)).not.toThrow();
  });
});
