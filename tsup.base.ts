import { defineConfig, type Options } from "tsup";

/** The one build recipe every package uses: ESM + bundled .d.ts for Node 20+. */
export function packageBuild(overrides: Options = {}) {
  return defineConfig({
    entry: ["src/index.ts"],
    format: ["esm"],
    // tsup's dts worker sets baseUrl, which TypeScript 6 deprecates (toolchain.md G1).
    dts: { compilerOptions: { ignoreDeprecations: "6.0" } },
    clean: true,
    sourcemap: true,
    target: "node20",
    removeNodeProtocol: false,
    ...overrides,
  });
}
