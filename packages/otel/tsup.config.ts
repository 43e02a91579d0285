import { packageBuild } from "../../tsup.base.ts";

// Two entries: the library, and the Pi extension the manifest names, which loads the
// OpenTelemetry SDK (a shared chunk) only when exporting is on.
export default packageBuild({ entry: ["src/index.ts", "src/extension.ts"] });
