import { packageBuild } from "../../tsup.base.ts";

// src/otel.ts is the bundle's second Pi extension (package.json `pi.extensions`).
export default packageBuild({ entry: ["src/index.ts", "src/otel.ts"] });
