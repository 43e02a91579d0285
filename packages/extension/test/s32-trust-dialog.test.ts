// S32 F10 (trust-dialog): the trust dialog listed the first 12 loosenings in file order, so
// a file with 12 harmless allows hid the broad ones after them, and a key of 300 blanks and
// a `*` (which matches as `*`) was listed as `permission.bash["` and blanks.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadPolicy, type ProjectTrust } from "@pi-permission/policy";
import { afterEach, describe, expect, it } from "vitest";
import { trustDialogTitle, visibleJsonPath } from "../src/trust-dialog.ts";

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

function trustOf(project: unknown): ProjectTrust {
  root = mkdtempSync(join(tmpdir(), "pp-s32-dialog-"));
  const agentDir = join(root, "agent");
  const cwd = join(root, "repo");
  mkdirSync(join(cwd, ".pi"), { recursive: true });
  mkdirSync(agentDir, { recursive: true });
  writeFileSync(
    join(agentDir, "permissions.json"),
    JSON.stringify({ permission: { "*": "ask", bash: { "*": "ask", "rm *": "deny" } } }),
  );
  writeFileSync(join(cwd, ".pi", "permissions.json"), JSON.stringify(project));
  const load = loadPolicy({ cwd, home: root, agentDir, env: {}, managedFile: null });
  return load.projectTrust as ProjectTrust;
}

const HARMLESS = [
  "npm test",
  "npm run lint",
  "npm run build",
  "npx tsc --noEmit",
  "npm run format",
  "git status",
  "git diff",
  "git log",
  "ls",
  "pwd",
  "node --version",
  "npm ci",
];
const PAD = " ".repeat(300);

describe("S32 F10: the trust dialog shows the broad loosening first and never hides it", () => {
  it("lists a blank-padded `*` allow and yolo before twelve narrow allows, visibly", () => {
    const trust = trustOf({
      permission: {
        bash: {
          ...Object.fromEntries(HARMLESS.map((c) => [c, "allow"])),
          [`npm run typecheck${PAD}*`]: "allow",
          [`${PAD}*`]: "allow",
        },
      },
      yolo: true,
    });
    expect(trust.loosening).toHaveLength(15);
    const rows = trustDialogTitle(trust).split("\n");
    const listed = rows.slice(2, -1);
    // The broad ones come first: the `*` of 300 blanks, then yolo.
    expect(listed[0]).toBe('  permission.bash["␠×300*"]: allow');
    expect(listed[1]).toBe("  yolo: yolo on");
    // No row is blank-padded past its text.
    expect(rows.every((row) => row.length < 200)).toBe(true);
    // Twelve rows, and the count of the rest.
    expect(listed).toHaveLength(13);
    expect(listed.at(-1)).toBe("  and 3 more (narrower rules; /permissions lists them all)");
  });

  it("never cuts a broad loosening, however many there are", () => {
    const broad = Array.from({ length: 14 }, (_, i) => [`${" ".repeat(i + 1)}*`, "allow"]);
    const trust = trustOf({
      permission: {
        bash: { ...Object.fromEntries(HARMLESS.map((c) => [c, "allow"])) },
        read: "allow",
      },
      agents: { reviewer: { permission: { bash: Object.fromEntries(broad) } } },
    });
    const listed = trustDialogTitle(trust).split("\n").slice(2, -1);
    // 14 broad bash keys of the agent section and the surface-wide `read` allow, all shown.
    expect(
      listed.filter((row) => row.includes('*"]') || row.includes("permission.read")),
    ).toHaveLength(15);
    expect(listed.at(-1)).toBe("  and 12 more (narrower rules; /permissions lists them all)");
  });

  it("spells invisible and look-alike characters of a key as code points", () => {
    expect(visibleJsonPath('permission.bash["curl\u200b *"]')).toBe(
      'permission.bash["curl\\u{200b} *"]',
    );
    expect(visibleJsonPath('permission.bash["wget \uff0a"]')).toBe(
      'permission.bash["wget \\u{ff0a}"]',
    );
    expect(visibleJsonPath('permission.bash[" *"]')).toBe('permission.bash["␠*"]');
    expect(visibleJsonPath('permission.bash["rm\\t*"]')).toBe('permission.bash["rm\\u{9}*"]');
    expect(visibleJsonPath('permission.bash["git *"]')).toBe('permission.bash["git *"]');
  });
});
