// The gates read Pi's tools from the policy's catalogue of surfaces: which path a file tool
// opens, and where a shell tool keeps its command, come from one table.
import { SURFACES, type SurfaceSpec } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluatePermission, toolPathOf } from "../src/index.ts";
import { BUILTIN_SHELL_TOOLS } from "../src/shell-tools.ts";
import { analyzerOnce, policyOf } from "./fixtures.ts";

const entries = Object.entries(SURFACES) as [string, SurfaceSpec][];
const place = { cwd: "/repo", home: "/home/user", agentName: null, sessionId: null };

describe("the gates and the catalogue of surfaces", () => {
  it("read a file tool's path with the catalogue's access; a missing one is the working directory only where the catalogue says so", () => {
    for (const [name, spec] of entries) {
      if (!spec.file) continue;
      expect(toolPathOf(name, { path: "a.txt" })).toEqual({
        raw: "a.txt",
        access: spec.file.access,
      });
      expect(toolPathOf(name, {})).toEqual(
        spec.file.optionalPath ? { raw: ".", access: spec.file.access } : null,
      );
    }
  });

  it("take the built-in shell tools and their command fields from the catalogue", () => {
    expect(BUILTIN_SHELL_TOOLS).toEqual(
      Object.fromEntries(
        entries.flatMap(([name, spec]) => (spec.shell ? [[name, [spec.shell]]] : [])),
      ),
    );
  });

  it("judge a value on each path surface with the gate family the catalogue names", async () => {
    const bash = await analyzerOnce();
    for (const [name, spec] of entries) {
      if (!spec.paths) continue;
      const policy = policyOf({ "*": "allow", [name]: { "/etc/**": "deny" } });
      const verdict = evaluatePermission(
        policy,
        place,
        { surface: name, value: "/etc/passwd" },
        bash,
      );
      expect([verdict.action, verdict.deciding?.gate, verdict.deciding?.facts]).toEqual([
        "deny",
        spec.paths.family,
        spec.paths.family === "path"
          ? { kind: "path", path: "/etc/passwd", access: spec.paths.access }
          : { kind: "external_directory", externalPaths: ["/etc/passwd"] },
      ]);
    }
  });
});
