import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { analyze } from "./helpers.ts";

function floored(analysis: BashAnalysis): boolean {
  return analysis.units.some((unit) => unit.sentinel === "<opaque-bash-wrapper>");
}

/**
 * F15 (needless asks of the written-code floor): a write that puts no text of the string's
 * into a file is no written code. chown/chgrp/chmod change metadata, mkdir makes empty
 * folders, in-place formatters rewrite the project's own text, `npm version` sets a version,
 * git restores the repository's own content, cp/mv copy project files nobody in the string
 * wrote. A file the string did write still counts, whatever runs on it afterwards.
 */
describe("precision: writes with no text of the string's", () => {
  it.each([
    "chmod +x src/a.ts && ./src/a.ts",
    "chmod 755 src/a.ts; bash src/a.ts",
    "chmod +x bin/cli.js && npm test",
    "chmod 644 package.json && npm test",
    "chmod u+x src/a.ts && node src/a.ts",
    "chgrp -R staff src && npm test",
    "mkdir -p node_modules/.cache && npm run build",
    "mkdir -p node_modules/.bin && npm test",
    "git checkout -- src/a.ts && npm test",
    "git restore src/a.ts && npm test",
    "git checkout main -- src/a.ts && npm test",
    "git restore --staged --worktree src/a.ts && npm test",
    "git restore --source=HEAD src/a.ts && node src/a.ts",
    "npx prettier --write src/a.ts && npm test",
    'npx prettier --write "src/**/*.ts" && npm test',
    "npx eslint --fix src/a.ts && npm test",
    "black app.py && python3 app.py",
    "shfmt -w scripts/build.sh && bash scripts/build.sh",
    "rustfmt src/main.rs && cargo run",
    "npm version patch --no-git-tag-version && npm test",
    "npm version minor && npm test",
    "npm version 1.2.3 && npm test",
    "cp src/a.ts src/c.ts && npm test",
    "mv src/b.ts src/c.ts && npm test",
    "cp src/a.ts src/c.ts && node src/c.ts",
  ])("%j is not floored", async (command) => {
    expect(floored(await analyze(command))).toBe(false);
  });
});

describe("soundness: the neighbours that still carry the string's code", () => {
  it.each([
    // the string wrote the file before the metadata change or the rewrite
    "echo 'git push' > src/a.ts; chmod +x src/a.ts && ./src/a.ts",
    "printf 'x' > p; chmod +x p; ./p",
    "echo x > src/a.ts; npx prettier --write src/a.ts && node src/a.ts",
    "echo x > src/a.ts; black src/a.ts && python3 src/a.ts",
    // a mode that makes a file runnable where a package tool runs files by name
    "chmod +x node_modules/.bin/jest && npm test",
    "chmod 755 node_modules/.bin/jest && npm test",
    "chmod $MODE node_modules/x && npm test",
    // a copy of a file the string wrote, or of a file from outside the project
    "echo x > src/b.ts; cp src/b.ts src/c.ts; node src/c.ts",
    "cp /tmp/x.js src/c.ts && node src/c.ts",
    "cp ~/x.js node_modules/.bin/jest && npm test",
    "cp src/*.ts node_modules/.bin/ && npm test",
    "for i in 1 2; do cp src/a.ts src/c.ts; echo x > src/a.ts; done; node src/c.ts",
    "echo x > src/b.ts; mv src/b.ts src/c.ts && node src/c.ts",
    // git restores what an earlier git command of the string may have brought or stored
    "git fetch origin && git checkout FETCH_HEAD -- src/a.ts && node src/a.ts",
    "echo x | git hash-object -w --stdin; git checkout -- src/a.ts; node src/a.ts",
    "echo x > .git/x; git checkout -- src/a.ts; node src/a.ts",
    // a version word the string does not decide, a report, a redirect
    "npm version $V && npm test",
    "npx eslint --fix -o ./r.js src && node ./r.js",
    "npx prettier --write src/a.ts > out.js && node out.js",
    // a function of the name runs its own body
    "chmod() { echo x > src/a.ts; }; chmod +x src/a.ts; node src/a.ts",
  ])("%j is floored", async (command) => {
    expect(floored(await analyze(command))).toBe(true);
  });
});
