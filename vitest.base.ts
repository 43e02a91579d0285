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
      reporters: ["default", "json"],
      outputFile: { json: "test-results.json" },
    },
  });
}
