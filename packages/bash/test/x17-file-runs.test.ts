import { describe, expect, it } from "vitest";
import { ruleReadings } from "../src/index.ts";
import { analyze } from "./helpers.ts";

/**
 * G16 rule-script-path-spelling, relative-operand-spelling, rule-system-path-program,
 * runner-prefixed-rule (traced by G16: `bash deploy.sh`, `. ./deploy.sh`, `source deploy.sh`
 * and `sh ./deploy.sh` each read /repo/deploy.sh and ran its commands; `python3 scripts//x.py`
 * and `cd scripts && python3 x.py` ran /repo/scripts/x.py): a script is one program however it
 * is started. A unit names the file it runs by its path (`runs`), and a deny or ask rule reads
 * the same way (`ruleReadings`).
 */
async function runs(command: string): Promise<(readonly (readonly string[])[] | undefined)[]> {
  return (await analyze(command)).units.map((unit) => unit.runs);
}

describe("the file a unit runs by its path", () => {
  it.each<[string, string[][]]>([
    ["./deploy.sh x", [["/repo/deploy.sh", "x"]]],
    ["bash deploy.sh", [["/repo/deploy.sh"]]],
    ["sh -e ./deploy.sh a b", [["/repo/deploy.sh", "a", "b"]]],
    [". ./deploy.sh", [["/repo/deploy.sh"]]],
    ["source deploy.sh a", [["/repo/deploy.sh", "a"]]],
    ["/repo/deploy.sh", [["/repo/deploy.sh"]]],
    ["././deploy.sh", [["/repo/deploy.sh"]]],
    ["$PWD/deploy.sh", [["/repo/deploy.sh"]]],
    ["~/bin/x.sh", [["/home/user/bin/x.sh"]]],
    ["python scripts//migrate.py --dry-run", [["/repo/scripts/migrate.py", "--dry-run"]]],
    ["node ./scripts/seed.js", [["/repo/scripts/seed.js"]]],
    ["uv run scripts/migrate.py", [["/repo/scripts/migrate.py"]]],
    ["php artisan migrate:fresh", [["/repo/artisan", "migrate:fresh"]]],
    ["sudo ./x.sh", [["/repo/x.sh"]]],
    ["bun scripts/seed.ts", [["/repo/scripts/seed.ts"]]],
    ["bun run ./scripts/seed.js a", [["/repo/scripts/seed.js", "a"]]],
    ["deno run -A scripts/seed.ts", [["/repo/scripts/seed.ts"]]],
    [
      "node scripts/seed",
      [["/repo/scripts/seed"], ["/repo/scripts/seed.js"], ["/repo/scripts/seed/index.js"]],
    ],
  ])("%s", async (command, expected) => {
    expect((await runs(command)).at(-1)).toEqual(expected);
  });

  it("after a cd, from the folder it entered (both where the cd may fail)", async () => {
    expect((await runs("cd scripts && ./release.sh"))[1]).toEqual([["/repo/scripts/release.sh"]]);
    expect((await runs("cd scripts; ./release.sh"))[1]).toEqual([
      ["/repo/release.sh"],
      ["/repo/scripts/release.sh"],
    ]);
  });

  it.each([
    "rm x",
    "git push",
    "/usr/bin/git push",
    "python -c 'print(1)'",
    "python -m pip list",
    "bash",
    "bash -c 'echo'",
    "./$(pick).sh",
    "./*.sh",
    'cd "$D" && ./release.sh',
    "bun run build",
    "bun install",
    "deno fmt",
  ])("%s names none", async (command) => {
    expect((await runs(command)).at(-1)).toBeUndefined();
  });
});

describe("a rule's words read as a command's", () => {
  it.each<[string, string[]]>([
    ["/bin/rm *", ["rm *"]],
    ["/usr/bin/git push *", ["git push *"]],
    ["./deploy.sh *", ["/repo/deploy.sh *"]],
    ["scripts/release.sh*", ["/repo/scripts/release.sh*"]],
    ["bash deploy.sh *", ["/repo/deploy.sh *"]],
    ["python scripts/migrate.py*", ["/repo/scripts/migrate.py*"]],
    ["python manage.py flush*", ["/repo/manage.py flush*"]],
    ["~/bin/x *", ["/home/user/bin/x *"]],
    ["npx prisma migrate reset*", ["prisma migrate reset*"]],
    ["npm exec prisma *", ["prisma *"]],
    ["pnpm dlx create-vite@5 app", ["create-vite app"]],
    // A rule about any program a runner, a shell or an interpreter runs is not a program.
    ["npx *", []],
    ["sudo *", []],
    ["python *", []],
    ["bash *", []],
    ["rm -rf /*", []],
    ["git push *", []],
    ["*.sh *", []],
  ])("%s", (pattern, expected) => {
    expect(ruleReadings(pattern, "/repo", "/home/user")).toEqual(expected);
  });
});
