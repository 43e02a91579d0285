// The public-API snapshot: a package's built declarations, printed without comments so
// that documentation edits are not API changes.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import ts from "typescript";

/** Where a package keeps its committed snapshot. */
export const SNAPSHOT_PATH = "api/index.api.d.ts";

/**
 * Normalise declaration text to its API: comments, source-map links and formatting go.
 * @param {string} dts
 * @returns {string}
 */
export function extractApi(dts) {
  const source = ts.createSourceFile(
    "index.d.ts",
    dts,
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.TS,
  );
  const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });
  return `${printer.printFile(source).trim()}\n`;
}

/**
 * Compare a package's built API with its committed snapshot, or rewrite the snapshot.
 * @param {string} packageDir
 * @param {{ update?: boolean }} [options]
 * @returns {{ ok: boolean, message: string }}
 */
export function checkApi(packageDir, options = {}) {
  const pkg = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
  const built = join(packageDir, "dist", "index.d.ts");
  if (!existsSync(built)) {
    return {
      ok: false,
      message: `${pkg.name}: no build at ${relative(process.cwd(), built)}; run \`npm run build\` first`,
    };
  }
  const actual = extractApi(readFileSync(built, "utf8"));
  const snapshotFile = join(packageDir, SNAPSHOT_PATH);
  if (options.update) {
    mkdirSync(dirname(snapshotFile), { recursive: true });
    writeFileSync(snapshotFile, actual);
    return { ok: true, message: `${pkg.name}: API snapshot written to ${SNAPSHOT_PATH}` };
  }
  const expected = existsSync(snapshotFile) ? readFileSync(snapshotFile, "utf8") : null;
  if (expected === actual)
    return { ok: true, message: `${pkg.name}: API matches ${SNAPSHOT_PATH}` };
  const what =
    expected === null ? "has no committed API snapshot" : "API differs from its committed snapshot";
  return {
    ok: false,
    message: [
      `${pkg.name}: ${what} (${SNAPSHOT_PATH}).`,
      ...(expected === null ? [] : firstDifference(expected, actual)),
      `help: if the change is intended, run \`npm run api:update -w ${pkg.name}\`, commit the snapshot, and add a changeset (major if anything was removed or changed).`,
    ].join("\n"),
  };
}

/** @param {string} expected @param {string} actual */
function firstDifference(expected, actual) {
  const a = expected.split("\n");
  const b = actual.split("\n");
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) {
      return [
        `  first difference at line ${i + 1}:`,
        `  - snapshot: ${a[i] ?? "(end)"}`,
        `  + build:    ${b[i] ?? "(end)"}`,
      ];
    }
  }
  return [];
}
