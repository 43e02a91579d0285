// A deny or ask rule is read as a command is (issue 12 item 4; G16 rule-script-path-spelling,
// relative-operand-spelling, rule-system-path-program, runner-prefixed-rule: 28 wrong allows
// under user policies). Traced by G16: `bash deploy.sh`, `sh ./deploy.sh`, `. ./deploy.sh` and
// `source deploy.sh` each read /repo/deploy.sh and ran its commands; `python3 ./scripts/x.py`,
// `python3 /repo/scripts/x.py`, `python3 scripts//x.py` and `cd scripts && python3 x.py` each
// ran /repo/scripts/x.py; `npm exec --yes -- echo hi` ran the package's bin as npx does.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const SCRIPTS: PermissionMap = {
  "*": "allow",
  bash: {
    "*": "allow",
    "/bin/rm *": "deny",
    "/usr/bin/git push *": "deny",
    "./deploy.sh *": "deny",
    "scripts/release.sh*": "deny",
    "python scripts/migrate.py*": "deny",
    "node scripts/seed.js*": "deny",
    "php artisan migrate:fresh*": "deny",
  },
};

const RUNNER: PermissionMap = {
  "*": "allow",
  bash: { "*": "allow", "npx *": "ask", "npx prisma migrate reset*": "deny" },
};

describe("a rule's script path meets the same file however it is run", () => {
  it.each([
    "./deploy.sh",
    "./deploy.sh --prod",
    "bash deploy.sh",
    "sh ./deploy.sh",
    ". ./deploy.sh",
    "source deploy.sh",
    "/repo/deploy.sh",
    "././deploy.sh",
    "$PWD/deploy.sh",
    "sudo ./deploy.sh",
    "./scripts/release.sh",
    "scripts//release.sh",
    "bash scripts/release.sh",
    "cd scripts && ./release.sh",
    "cd scripts; ./release.sh",
    "python ./scripts/migrate.py",
    "python /repo/scripts/migrate.py",
    "python3 scripts//migrate.py --dry-run",
    "cd scripts && python migrate.py",
    "./scripts/migrate.py",
    "uv run scripts/migrate.py",
    "node ./scripts/seed.js",
    "cd scripts && node seed.js",
    "node scripts/seed",
    "npx tsx scripts/seed.js",
    "bun scripts/seed.js",
    "bun run ./scripts/seed.js",
    "deno run -A scripts/seed.js",
    "./artisan migrate:fresh",
    "php ./artisan migrate:fresh --seed",
  ])("%s is denied", async (command) => {
    expect((await decideBash(SCRIPTS, command)).action).toBe("deny");
  });

  // What must stay allowed: another file, a file that is only read, a folder elsewhere.
  it.each([
    "bash other.sh",
    "cat deploy.sh",
    "vim scripts/release.sh",
    "bash sub/deploy.sh",
    "cd sub && bash deploy.sh",
    "./deploy.sh.bak",
    "python scripts/other.py",
    "python -m scripts.other",
    "node scripts/seed.test.js",
    "bun run seed",
    "node scripts/other",
    "php artisan migrate",
    "rmdir x",
    "git status",
  ])("%s stays allowed", async (command) => {
    expect((await decideBash(SCRIPTS, command)).action).toBe("allow");
  });
});

describe("a rule's program in a standard binary folder is that program", () => {
  it.each(["rm x", "/usr/bin/rm -rf x", "git push origin main", "/bin/git push"])(
    "%s is denied",
    async (command) => {
      expect((await decideBash(SCRIPTS, command)).action).toBe("deny");
    },
  );
});

describe("a package runner's rule meets the program it runs", () => {
  it.each([
    "npx prisma migrate reset",
    "npm exec prisma migrate reset",
    "npm x -- prisma migrate reset --force",
    "pnpm exec prisma migrate reset",
    "pnpm dlx prisma migrate reset",
    "bunx prisma migrate reset",
    "npx prisma@5 migrate reset",
    "./node_modules/.bin/prisma migrate reset",
    "prisma migrate reset",
  ])("%s is denied", async (command) => {
    expect((await decideBash(RUNNER, command)).action).toBe("deny");
  });

  it.each(["npm x x", "npm exec x", "bun x x"])("%s meets npx *", async (command) => {
    expect((await decideBash(RUNNER, command)).action).toBe("ask");
  });

  it.each(["prisma generate", "npm run build", "npm test"])("%s stays allowed", async (command) => {
    expect((await decideBash(RUNNER, command)).action).toBe("allow");
  });
});

describe("an allow rule is not read this way", () => {
  it("an allow written with a script path meets only its words", async () => {
    const policy: PermissionMap = {
      "*": "ask",
      bash: { "*": "ask", "./deploy.sh *": "allow", "/bin/ls *": "allow" },
    };
    expect((await decideBash(policy, "bash deploy.sh")).action).toBe("ask");
    expect((await decideBash(policy, "./deploy.sh")).action).toBe("allow");
  });

  it("a later allow the words as written meet keeps its place", async () => {
    const policy: PermissionMap = {
      "*": "allow",
      bash: { "*": "allow", "./deploy.sh *": "deny", "bash deploy.sh --check": "allow" },
    };
    expect((await decideBash(policy, "bash deploy.sh --check")).action).toBe("allow");
    expect((await decideBash(policy, "bash deploy.sh")).action).toBe("deny");
  });
});
