import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { checkRelease, formatFinding } from "../src/changesets.mjs";

/** A throwaway repository: path → content. */
function repo(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "release-check-"));
  const all: Record<string, string> = {
    "packages/payload/package.json": JSON.stringify({ name: "@pi-permission/payload" }),
    "packages/renderers/package.json": JSON.stringify({ name: "@pi-permission/renderers" }),
    "tools/release-check/package.json": JSON.stringify({
      name: "@pi-permission/release-check",
      private: true,
    }),
    ...files,
  };
  for (const [path, content] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

const changeset = (releases: string, summary: string) => `---\n${releases}\n---\n\n${summary}\n`;

function errors(root: string, gate = false) {
  return checkRelease(root, { gate })
    .filter((f) => f.level === "error")
    .map((f) => `${f.code}: ${f.message}`);
}

describe("majorNamesMigration", () => {
  it("fails a major changeset that names no migration note", () => {
    const root = repo({
      ".changeset/break.md": changeset('"@pi-permission/payload": major', "Remove `message`."),
    });
    expect(errors(root)).toEqual([
      "majorNamesMigration: a major changeset must name its migration note",
    ]);
  });

  it("fails a major changeset whose named note does not exist", () => {
    const root = repo({
      ".changeset/break.md": changeset(
        '"@pi-permission/payload": major',
        "Remove `message`.\n\nMigration: docs/migration/0001-gone.md",
      ),
    });
    expect(errors(root)).toEqual([
      "majorNamesMigration: the migration note `docs/migration/0001-gone.md` does not exist",
    ]);
  });

  it("passes a major changeset whose note exists, and any minor one", () => {
    const root = repo({
      ".changeset/break.md": changeset(
        '"@pi-permission/payload": major',
        "Remove `message`.\n\nMigration: docs/migration/0001-gone.md",
      ),
      ".changeset/feat.md": changeset('"@pi-permission/renderers": minor', "Add a renderer."),
      "docs/migration/0001-gone.md": "# Migration\n",
    });
    expect(errors(root)).toEqual([]);
  });
});

describe("knownPackages", () => {
  it("fails a changeset naming an unknown or private package, or a bad bump", () => {
    const root = repo({
      ".changeset/x.md": changeset(
        '"@pi-permission/nope": minor\n"@pi-permission/release-check": patch\n"@pi-permission/payload": huge',
        "x",
      ),
    });
    expect(errors(root)).toEqual([
      "knownPackages: `@pi-permission/nope` is not a package of this workspace",
      "knownPackages: `@pi-permission/release-check` is private and is never released",
      "knownPackages: `huge` is not a bump; expected major, minor, patch or none",
    ]);
  });
});

describe("release batches", () => {
  const batches = JSON.stringify({
    batches: [{ name: "presentation-contract", members: ["head", "tail"], tail: "tail" }],
  });

  it("holds a batch whose head landed without its tail: a note normally, an error at the release gate", () => {
    const root = repo({
      ".changeset/batches.json": batches,
      ".changeset/head.md": changeset('"@pi-permission/payload": minor', "head"),
    });
    expect(errors(root)).toEqual([]);
    expect(errors(root, true)).toEqual([
      "batchHeld: batch `presentation-contract` is held until its tail `tail` lands (pending: head)",
    ]);
  });

  it("releases a batch once its tail has landed", () => {
    const root = repo({
      ".changeset/batches.json": batches,
      ".changeset/head.md": changeset('"@pi-permission/payload": minor', "head"),
      ".changeset/tail.md": changeset('"@pi-permission/renderers": minor', "tail"),
    });
    expect(errors(root, true)).toEqual([]);
  });

  it("rejects a malformed batch declaration", () => {
    const root = repo({
      ".changeset/batches.json": JSON.stringify({
        batches: [
          { name: "a", members: ["x"], tail: "y" },
          { name: "b", members: ["x", "z"], tail: "z", extra: 1 },
        ],
      }),
    });
    expect(errors(root)).toEqual([
      "batchShape: batches[1] must have exactly a string `name`, a string array `members` and a string `tail`",
      "batchShape: batch `a`: its tail `y` is not one of its members",
    ]);
  });
});

describe("the real repository", () => {
  it("passes every release rule", () => {
    const root = resolve(import.meta.dirname, "../../..");
    const findings = checkRelease(root).filter((f) => f.level === "error");
    expect(findings.map(formatFinding)).toEqual([]);
  });
});

describe("apiNamesChangeset", () => {
  /** A repository with history: the package's last release wrote its CHANGELOG.md. */
  function released(): string {
    const root = repo({
      "packages/payload/CHANGELOG.md": "# @pi-permission/payload\n",
      "packages/payload/api/index.api.d.ts": "export declare const a: number;\n",
    });
    const run = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.invalid", ...args], {
        cwd: root,
        stdio: "ignore",
      });
    run("init", "-q");
    run("add", "-A");
    run("commit", "-qm", "release");
    return root;
  }

  it("fails an API snapshot changed since the release when no pending changeset names it", () => {
    const root = released();
    writeFileSync(
      join(root, "packages/payload/api/index.api.d.ts"),
      "export declare const a: number;\nexport declare const b: string;\n",
    );
    expect(errors(root)).toEqual([
      "apiNamesChangeset: the public API of `@pi-permission/payload` changed since its last release and no pending changeset names it",
    ]);
  });

  it("fails a new snapshot file nobody has committed yet", () => {
    const root = released();
    writeFileSync(join(root, "packages/payload/api/extra.api.d.ts"), "export {};\n");
    expect(errors(root)).toHaveLength(1);
  });

  it("passes once a changeset names the package, and passes an unchanged API", () => {
    const root = released();
    expect(errors(root)).toEqual([]);
    writeFileSync(join(root, "packages/payload/api/index.api.d.ts"), "export {};\n");
    mkdirSync(join(root, ".changeset"), { recursive: true });
    writeFileSync(
      join(root, ".changeset/payload-api.md"),
      changeset('"@pi-permission/payload": minor', "Drop `a`."),
    );
    expect(errors(root)).toEqual([]);
  });

  it("says so, without failing, where there is no history to compare with", () => {
    const root = repo({
      "packages/payload/CHANGELOG.md": "# @pi-permission/payload\n",
      "packages/payload/api/index.api.d.ts": "export {};\n",
    });
    const notes = checkRelease(root).filter((f) => f.code === "apiNamesChangeset");
    expect(notes.map((f) => f.level)).toEqual(["info"]);
  });
});
