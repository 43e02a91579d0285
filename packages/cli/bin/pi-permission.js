#!/usr/bin/env node
// The command's entry as npm links it. It is committed (not built) so that `npm ci` in a
// clone links `pi-permission` even before `dist/` exists; it runs the built command.
import { existsSync } from "node:fs";

const built = new URL("../dist/cli.js", import.meta.url);
if (!existsSync(built)) {
  process.stderr.write(
    "pi-permission: the command is not built yet; run `npm run build` at the repository root first\n",
  );
  process.exit(1);
}
await import(built.href);
