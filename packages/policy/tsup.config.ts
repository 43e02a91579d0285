import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { packageBuild } from "../../tsup.base.ts";

// typebox is some 370 modules; loading them one by one was about half of the extension's load
// time (issue 18), although the policy needs only its schema builders. They are bundled in,
// so a process reads one file; the types still come from the `typebox` dependency. Its MIT
// notice goes with the copy.
function typeboxLicense(): string {
  for (let dir = import.meta.dirname; ; dir = dirname(dir)) {
    const file = join(dir, "node_modules", "typebox", "license");
    if (existsSync(file)) return readFileSync(file, "utf8").trim();
    if (dirname(dir) === dir) throw new Error("typebox's license file not found");
  }
}

export default packageBuild({
  noExternal: ["typebox"],
  footer: { js: `/*! typebox, bundled (MIT license):\n${typeboxLicense()}\n*/` },
});
