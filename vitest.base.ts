import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Every package writes a JSON report beside its console output so that the root
 * `npm test` can print one `N passed, N failed` line over all packages.
 */
export function packageTests() {
  return defineConfig({
    test: {
      include: ["test/**/*.test.ts"],
      environment: "node",
      setupFiles: [fileURLToPath(new URL("./vitest.setup.ts", import.meta.url))],
      // Many tests drive real processes and real Pi sessions on a shared 2-core machine;
      // a slow run is not a failure (speed is measured by the benchmarks, never here).
      testTimeout: 120_000,
      hookTimeout: 120_000,
      reporters: ["default", "json"],
      outputFile: { json: "test-results.json" },
    },
  });
}
