import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startPi } from "./harness.ts";

const ROOT = join(import.meta.dirname, "..", "..", "..", "..");
// The bundle and every workspace package it depends on; none is on the registry yet, so
// all are packed, exactly as `npm publish` would ship them.
const PACKAGES = [
  "payload",
  "request-id",
  "log-cap",
  "renderers",
  "bash",
  "policy",
  "gates",
  "otel",
  "extension",
];
const work = mkdtempSync(join(tmpdir(), "pi-permission-pack-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function npm(args: string[], cwd: string): string {
  // Bounded, so a registry that never answers fails the test instead of hanging it.
  return execFileSync("npm", args, {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 240_000,
  });
}

describe("the packed bundle, installed the way `pi install` installs it", () => {
  it("loads from <agentDir>/npm through settings.json and blocks a denied call", async () => {
    const tarballs = join(work, "tarballs");
    mkdirSync(tarballs);
    for (const name of PACKAGES) {
      npm(["pack", "--silent", "--pack-destination", tarballs], join(ROOT, "packages", name));
    }
    const files = readdirSync(tarballs).map((f) => join(tarballs, f));
    expect(files).toHaveLength(PACKAGES.length);

    const agentDir = join(work, "agent");
    const prefix = join(agentDir, "npm");
    mkdirSync(prefix, { recursive: true });
    // What `pi install npm:…` runs, with the local tarballs standing in for the registry.
    npm(
      [
        "install",
        "--prefix",
        prefix,
        "--legacy-peer-deps",
        "--no-audit",
        "--no-fund",
        "--prefer-offline",
        "--ignore-scripts",
        ...files,
      ],
      work,
    );
    expect(
      existsSync(join(prefix, "node_modules", "@pi-permission", "extension", "dist", "index.js")),
    ).toBe(true);

    // The tarball trap (pi-host.md §6): a settings entry naming the .tgz resolves to no
    // path and silently loads nothing. Name the installed package instead.
    const run = await startPi({
      extensions: [],
      settingsFromAgentDir: true,
      agentFiles: {
        "settings.json": JSON.stringify({
          packages: ["npm:@pi-permission/extension@0.0.0"],
          compaction: { enabled: false },
          retry: { enabled: false },
        }),
        "permissions.json": JSON.stringify({
          permission: { "*": "allow", bash: { "rm *": "deny" } },
        }),
      },
      files: { "build/keep.txt": "x" },
      turns: [[{ tool: "bash", input: { command: "rm -rf build" } }]],
      agentDirOverride: agentDir,
    });
    try {
      const [result] = await run.prompt();
      expect(result?.text).toBe("[pi-permission-system] Denied by policy: 'bash' (rule 'rm *').");
      expect(existsSync(join(run.cwd, "build", "keep.txt"))).toBe(true);
    } finally {
      run.dispose();
    }
  }, 300_000);
});
