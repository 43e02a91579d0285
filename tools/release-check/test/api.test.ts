import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkApi, extractApi } from "../src/api.mjs";

function fakePackage(dts: string, snapshot?: string): string {
  const dir = mkdtempSync(join(tmpdir(), "api-check-"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "@pi-permission/fixture" }));
  mkdirSync(join(dir, "dist"));
  writeFileSync(join(dir, "dist", "index.d.ts"), dts);
  if (snapshot !== undefined) {
    mkdirSync(join(dir, "api"));
    writeFileSync(join(dir, "api", "index.api.d.ts"), snapshot);
  }
  return dir;
}

const DTS =
  "/** Adds. */\ndeclare function add(a: number, b: number): number;\nexport { add };\n//# sourceMappingURL=index.d.ts.map\n";

describe("extractApi", () => {
  it("keeps declarations and drops comments, so a doc edit is not an API change", () => {
    expect(extractApi(DTS)).toBe(extractApi(DTS.replace("Adds.", "Adds two numbers.")));
    expect(extractApi(DTS)).toContain("declare function add(a: number, b: number): number;");
    expect(extractApi(DTS)).not.toContain("Adds");
  });
});

describe("checkApi", () => {
  it("passes when the build matches the committed snapshot", () => {
    expect(checkApi(fakePackage(DTS, extractApi(DTS)))).toEqual({
      ok: true,
      message: "@pi-permission/fixture: API matches api/index.api.d.ts",
    });
  });

  it("fails on a deliberately drifted snapshot and names the update command", () => {
    const drifted = extractApi(DTS).replace("b: number", "b: string");
    const result = checkApi(fakePackage(DTS, drifted));
    expect(result.ok).toBe(false);
    expect(result.message).toBe(
      [
        "@pi-permission/fixture: API differs from its committed snapshot (api/index.api.d.ts).",
        "  first difference at line 1:",
        "  - snapshot: declare function add(a: number, b: string): number;",
        "  + build:    declare function add(a: number, b: number): number;",
        "help: if the change is intended, run `npm run api:update -w @pi-permission/fixture`, commit the snapshot, and add a changeset (major if anything was removed or changed).",
      ].join("\n"),
    );
  });

  it("fails when a package has no snapshot at all", () => {
    const result = checkApi(fakePackage(DTS));
    expect(result.ok).toBe(false);
    expect(result.message).toContain("has no committed API snapshot");
  });

  it("writes the snapshot on update, after which the check passes", () => {
    const dir = fakePackage(DTS);
    expect(checkApi(dir, { update: true }).ok).toBe(true);
    expect(readFileSync(join(dir, "api", "index.api.d.ts"), "utf8")).toBe(extractApi(DTS));
    expect(checkApi(dir).ok).toBe(true);
  });
});
