import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { analyze, paths } from "./helpers.ts";

function sentinels(analysis: BashAnalysis): string[] {
  return analysis.units.flatMap((unit) => (unit.sentinel === null ? [] : [unit.sentinel]));
}

const TEST_SCRIPT = `'{"scripts":{"test":"git push origin main"}}'`;
const WRITE_JSON = `printf '%s' ${TEST_SCRIPT} > x.json`;

/**
 * Traced under bash 5.2 (F14 written-code-output-option-unmodelled and
 * patch-writes-named-files-unmodelled): shuf -o, iconv -o, openssl -out and sdiff -o wrote
 * /repo/package.json (or run.sh, x.js), patch wrote the file its diff names, and the runner
 * after it (npm test, sh run.sh, node x.js) ran `git push origin main`.
 */
describe("adversarial: a file written through an output option, then run", () => {
  it.each([
    [`${WRITE_JSON} && shuf -o package.json x.json && npm test`],
    [`${WRITE_JSON} && shuf --output=package.json x.json && npm test`],
    [`${WRITE_JSON} && shuf --out package.json x.json && npm test`],
    [`shuf -o package.json -e ${TEST_SCRIPT} && npm test`],
    [`${WRITE_JSON} && iconv -f utf-8 -t utf-8 x.json -o package.json && npm test`],
    [`${WRITE_JSON} && iconv --output=package.json x.json && npm test`],
    [`iconv -t utf-8 -o package.json <<< ${TEST_SCRIPT} && npm test`],
    ["iconv -o run.sh <<< 'git push origin main' && sh run.sh"],
    [
      `${WRITE_JSON} && openssl enc -base64 -in x.json -out x.b64 && openssl enc -d -base64 -in x.b64 -out package.json && npm test`,
    ],
    [`${WRITE_JSON} && openssl enc -in x.json -out=package.json && npm test`],
    [`${WRITE_JSON} && sdiff -o package.json x.json x.json && npm test`],
    [`shuf -o x.js -e 'require("child_process").execSync("git push")' && node x.js`],
    // A program no table knows, writing through an option or an operand.
    [`npx json -I -f package.json -e 'this.scripts.test="git push"' && npm test`],
    ["sometool --out=run.sh && sh run.sh"],
    ["sometool -orun.sh && bash run.sh"],
    ["sometool convert x.json package.json && npm test"],
    // patch writes the files its diff names, below the working directory (or -d's folder).
    [
      "printf '%s\\n' '--- /dev/null' '+++ b/package.json' '@@ -0,0 +1 @@' '+{}' > p.diff && patch -p1 < p.diff && npm test",
    ],
    ["patch -p1 -i p.diff && npm test"],
    ["patch -p1 --input=p.diff && npm test"],
    ["patch -d sub -p1 < p.diff && cd sub && npm test"],
    ["patch -p1 <<'EOF' && npm test\n--- /dev/null\n+++ b/package.json\n@@ -0,0 +1 @@\n+{}\nEOF"],
  ])("floors %s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it.each([
    ["shuf -n 1 words.txt && npm test"],
    ["openssl rand -hex 16 && npm test"],
    ["iconv -f latin1 -t utf-8 a.txt > /tmp/b.txt && npm test"],
    ["patch -p1 --dry-run < fix.diff && npm test"],
    ["sometool build && npm test"],
    ["npm install lodash && npm test"],
    // sqlite3's database is data to a later sqlite3, not a script.
    ["sqlite3 app.db 'create table t(id int)' && sqlite3 app.db .tables"],
  ])("keeps %s proven", async (command) => {
    expect(sentinels(await analyze(command))).toEqual([]);
  });
});

describe("output options in the file tables", () => {
  it.each([
    ["shuf -o out.txt in.txt", ["read:/repo/in.txt", "write:/repo/out.txt"]],
    ["shuf -e a b -o out.txt", ["write:/repo/out.txt"]],
    ["iconv -f a -t b in.txt -o out.txt", ["read:/repo/in.txt", "write:/repo/out.txt"]],
    [
      "sdiff -o merged.txt a.txt b.txt",
      ["read:/repo/a.txt", "read:/repo/b.txt", "write:/repo/merged.txt"],
    ],
    ["openssl enc -in id_rsa -out out.bin", ["read:/repo/id_rsa", "write:/repo/out.bin"]],
    [
      "openssl req -new -keyout key.pem -out req.pem",
      ["write:/repo/key.pem", "write:/repo/req.pem"],
    ],
    ["patch -p1 -i fix.diff", ["read:/repo/fix.diff", "write:/repo", "write:/repo/**"]],
    [
      "patch -d sub -p1 < fix.diff",
      ["read:/repo/fix.diff", "write:/repo/sub", "write:/repo/sub/**"],
    ],
    [
      "patch -o out.c a.c fix.diff",
      [
        "read:/repo/fix.diff",
        "read_write:/repo/a.c",
        "write:/repo",
        "write:/repo/**",
        // patch may keep a copy of a.c beside it (S32 F-prec exact backup names: FILE* for
        // the backups it names itself, as --backup-if-mismatch does by default).
        "write:/repo/a.c*",
        "write:/repo/out.c",
      ],
    ],
    ["patch --dry-run -p1 -i fix.diff", ["read:/repo", "read:/repo/**", "read:/repo/fix.diff"]],
  ])("%s", async (command, expected) => {
    expect([...new Set(paths(await analyze(command)))].sort()).toEqual([...expected].sort());
  });
});
