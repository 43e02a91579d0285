import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { patternCovers } from "../src/checks.ts";
import { formatPolicyIssue, mergeScopes, type PolicyIssue, parsePolicyText } from "../src/index.ts";

const FILE = "/repo/.pi/permissions.json";

function issuesOf(text: string): PolicyIssue[] {
  return [...mergeScopes([parsePolicyText(text, { scope: "project", file: FILE })]).issues];
}

function report(text: string): string {
  return issuesOf(text).map(formatPolicyIssue).join("\n\n");
}

describe("bashPatternOperator", () => {
  it("warns that a bash pattern holding a chain never matches", () => {
    expect(report('{ "permission": { "bash": { "git add . && git commit *": "allow" } } }')).toBe(
      `warning[bashPatternOperator]: the bash pattern \`git add . && git commit *\` holds \`&&\`, and a pattern is matched against one command at a time, so it never matches
  --> ${FILE}:1:29
  at: permission.bash["git add . && git commit *"]
  expected: a pattern for one command
  received: \`git add . && git commit *\`
  help: write one rule per command: each command of a chain is judged on its own, and the strictest verdict wins`,
    );
  });

  it.each<[text: string, note: string]>([
    ['{ "permission": { "bash": { "grep a|b *": "allow" } } }', "`|` inside a word is an argument"],
    ['{ "permission": { "bash": { "find * -exec rm {} ;": "deny" } } }', "`;` ends find's -exec"],
    ['{ "permission": { "path": { "a && b": "deny" } } }', "a path pattern is not a command"],
  ])("stays quiet for %s (%s)", (text) => {
    expect(issuesOf(text)).toEqual([]);
  });
});

describe("denyGlobMissesNested", () => {
  it("warns that a deny of `secrets/*` misses nested files, and suggests `secrets/**`", () => {
    expect(report('{ "permission": { "path": { "secrets/*": "deny" } } }')).toBe(
      `warning[denyGlobMissesNested]: the deny \`secrets/*\` matches only what is directly inside \`secrets\`, not files in its subfolders
  --> ${FILE}:1:29
  at: permission.path["secrets/*"]
  expected: a pattern that also covers nested files, such as \`secrets/**\`
  received: \`secrets/*\`
  help: write \`secrets/**\` to deny everything below \`secrets\``,
    );
  });

  it.each<[text: string, note: string]>([
    ['{ "permission": { "path": { "secrets/**": "deny" } } }', "`**` covers nested files"],
    ['{ "permission": { "path": { "secrets/*": "allow" } } }', "only a deny that misses is a risk"],
    [
      '{ "permission": { "bash": { "rm secrets/*": "deny" } } }',
      "in a bash pattern `*` spans `/` already",
    ],
    [
      '{ "permission": { "read": { "secrets/*.key": "deny" } } }',
      "a glob with a suffix is left to the author",
    ],
  ])("stays quiet for %s (%s)", (text) => {
    expect(issuesOf(text)).toEqual([]);
  });

  it("also checks file tools and home patterns", () => {
    const issues = issuesOf('{ "permission": { "write": { "~/.ssh/*": "deny" } } }');
    expect(issues.map((i) => [i.code, i.jsonPath, i.help])).toEqual([
      [
        "denyGlobMissesNested",
        'permission.write["~/.ssh/*"]',
        "write `~/.ssh/**` to deny everything below `~/.ssh`",
      ],
    ]);
  });
});

describe("shadowedRule", () => {
  it("names the broad rule that comes last and every earlier rule it makes useless", () => {
    expect(
      report('{ "permission": { "bash": { "git *": "allow", "rm *": "deny", "*": "ask" } } }'),
    ).toBe(
      `warning[shadowedRule]: \`*\` comes after \`git *\`, \`rm *\` in \`bash\` and covers them, so they never apply
  --> ${FILE}:1:63
  at: permission.bash["*"]
  expected: broad patterns first, exceptions after
  received: \`*\` after \`git *\`, \`rm *\`
  help: move \`*\` before them: within a surface the last matching rule wins`,
    );
  });

  it.each<[text: string, note: string]>([
    [
      '{ "permission": { "bash": { "*": "ask", "git *": "allow", "git push *": "deny" } } }',
      "broad first, exceptions after",
    ],
    [
      '{ "permission": { "path": { "**/.env": "deny" }, "path_read": { "*": "allow" } } }',
      "a sugar entry shadowed in one direction still applies in the other",
    ],
  ])("stays quiet for %s (%s)", (text) => {
    expect(issuesOf(text).filter((i) => i.code === "shadowedRule")).toEqual([]);
  });

  it("does not warn when a project rule overrides a global one: that is what scopes are for", () => {
    const global = parsePolicyText('{ "permission": { "bash": { "git push *": "deny" } } }', {
      scope: "global",
      file: "/g.json",
    });
    const project = parsePolicyText('{ "permission": { "bash": { "git *": "allow" } } }', {
      scope: "project",
      file: FILE,
    });
    expect(mergeScopes([global, project]).issues).toEqual([]);
  });
});

describe("patternCovers", () => {
  it.each<
    [
      language: "bash" | "path" | "name",
      broad: string,
      narrow: string,
      expected: boolean,
      note: string,
    ]
  >([
    ["bash", "*", "anything *", true, "`*` covers everything"],
    ["bash", "git *", "git push *", true, "a prefix with a trailing `*`"],
    ["bash", "git *", "git", true, "`git *` matches bare `git`"],
    ["bash", "git *", "git*", false, "`git*` also matches `gitk`"],
    ["bash", "git *", "gitk *", false, "another command"],
    ["bash", "git push *", "git *", false, "narrower does not cover broader"],
    [
      "bash",
      "git * --force",
      "git push --force",
      true,
      "a literal narrow pattern is simply matched",
    ],
    [
      "bash",
      "git * --force",
      "git * --force --quiet",
      false,
      "stars in the middle are not compared",
    ],
    ["path", "*", "/etc/**", true, "`*` alone covers every path"],
    ["path", "**", "secrets/*", true, "`**` covers every path"],
    ["path", "secrets/**", "secrets/*.key", true, "a folder's `**` covers globs inside it"],
    ["path", "secrets/**", "secrets/a", true, "and literal paths inside it"],
    ["path", "secrets/*", "secrets/a/b", false, "`*` stays in one segment"],
    ["path", "/etc/**", "etc/x", false, "relative and absolute are different places"],
    ["path", "**/.env", "/repo/.env", true, "a literal narrow path is simply matched"],
    ["name", "github:*", "github:create_issue", true, "names use the bash wildcard"],
  ])("%s: %j covers %j → %s (%s)", (language, broad, narrow, expected) => {
    expect(patternCovers(language, broad, narrow)).toBe(expected);
  });
});

describe("bashAllowedByDefault", () => {
  it("warns when the universal default allows and no rule mentions bash", () => {
    expect(report('{ "permission": { "*": "allow", "read": "allow" } }')).toBe(
      `warning[bashAllowedByDefault]: the universal default is \`allow\` and no rule mentions \`bash\`, so every shell command runs without asking
  --> ${FILE}:1:19
  at: permission["*"]
  expected: a \`bash\` entry
  received: none
  help: add \`"bash": { "*": "ask" }\` and allow the commands you trust, or write \`"bash": "allow"\` to make the choice explicit`,
    );
  });

  it("stays quiet once any scope says something about bash", () => {
    const global = parsePolicyText('{ "permission": { "bash": { "*": "ask" } } }', {
      scope: "global",
      file: "/g.json",
    });
    const project = parsePolicyText('{ "permission": { "*": "allow" } }', {
      scope: "project",
      file: FILE,
    });
    expect(mergeScopes([global, project]).issues).toEqual([]);
  });
});

describe("externalDirectoryAllowsEverything", () => {
  it.each<[text: string, jsonPath: string, note: string]>([
    [
      '{ "permission": { "external_directory": { "**": "allow" } } }',
      'permission.external_directory["**"]',
      "`**`",
    ],
    [
      '{ "permission": { "external_directory": "allow" } }',
      "permission.external_directory",
      "the whole surface",
    ],
    [
      '{ "permission": { "external_directory_write": { "/**": "allow" } } }',
      'permission.external_directory_write["/**"]',
      "one direction",
    ],
  ])("warns for %s (%s)", (text, jsonPath) => {
    expect(issuesOf(text).map((i) => [i.code, i.jsonPath])).toEqual([
      ["externalDirectoryAllowsEverything", jsonPath],
    ]);
  });

  it("says what to do instead", () => {
    expect(
      issuesOf('{ "permission": { "external_directory": { "**": "allow" } } }')[0],
    ).toMatchObject({
      message: "`external_directory` allows every path outside the working directory",
      help: "keep `external_directory` at ask and allow only the folders the agent needs, such as `~/.cargo/registry/**`",
    });
  });

  it("stays quiet for an allow of one folder", () => {
    expect(
      issuesOf('{ "permission": { "external_directory": { "~/.cargo/registry/**": "allow" } } }'),
    ).toEqual([]);
  });
});

describe("reasonIgnored", () => {
  it("warns that a reason on allow or ask is never shown", () => {
    expect(
      report('{ "permission": { "bash": { "npm *": { "action": "ask", "reason": "slow" } } } }'),
    ).toBe(
      `warning[reasonIgnored]: a reason on an \`ask\` rule is never shown
  --> ${FILE}:1:57
  at: permission.bash["npm *"].reason
  expected: a reason only on a deny
  received: a reason on \`ask\`
  help: remove \`reason\`, or make the rule a deny if the agent should read it`,
    );
  });
});

describe("surfaceNearMiss", () => {
  it("asks whether a key one typo from a known surface was meant to be it", () => {
    expect(
      issuesOf('{ "permission": { "bsah": "deny", "my_tool": "deny", "ls": "allow" } }').map(
        (i) => [i.code, i.jsonPath, i.help],
      ),
    ).toEqual([
      [
        "surfaceNearMiss",
        "permission.bsah",
        "did you mean `bash`? (if `bsah` is an extension's tool, this is fine)",
      ],
    ]);
  });
});

describe("hooks", () => {
  it("loads a defined hook with no issue: hooks are enforced", () => {
    const load = parsePolicyText(
      '{\n  "hooks": { "no-push": { "name": "No pushes", "permission": { "bash": { "git push *": "deny" } } } }\n}',
      { scope: "project", file: FILE },
    );
    expect([load.status, load.issues]).toEqual(["loaded", []]);
  });

  it("warns about a hook whose every rule allows: it can never change a verdict", () => {
    const load = parsePolicyText(
      '{\n  "hooks": { "lenient": { "name": "Lenient", "permission": { "bash": { "git *": "allow" }, "read": "allow" } } }\n}',
      { scope: "project", file: FILE },
    );
    expect([load.status, load.issues.map(formatPolicyIssue).join("\n\n")]).toEqual([
      "loaded",
      `warning[hookAllowsOnly]: this hook only allows, so it never changes a verdict
  --> ${FILE}:2:14
  at: hooks.lenient
  expected: at least one \`ask\` or \`deny\` rule
  received: only \`allow\` rules in \`Lenient\`
  help: a hook can tighten the policy, never loosen it: put allows in \`permission\`, or give the hook the asks or denies it should add`,
    ]);
  });

  it("does not warn about a hook's allow beside an ask, and checks reasons inside hooks", () => {
    const load = parsePolicyText(
      JSON.stringify({
        hooks: {
          git: {
            name: "Git",
            permission: {
              bash: { "git *": { action: "ask", reason: "why" }, "git status": "allow" },
            },
          },
        },
      }),
      { scope: "project", file: FILE },
    );
    expect(load.issues.map((i) => [i.code, i.jsonPath])).toEqual([
      ["reasonIgnored", 'hooks.git.permission.bash["git *"].reason'],
    ]);
  });

  it("accepts an empty hooks object: no hook is lost", () => {
    expect(parsePolicyText('{ "hooks": {} }', { scope: "project", file: FILE })).toMatchObject({
      status: "loaded",
      issues: [],
    });
  });
});

describe("the corpus policies", () => {
  it.each(["P1", "P2", "P3"])("%s loads with no error and no warning", (name) => {
    const text = readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8");
    expect(issuesOf(text)).toEqual([]);
  });
});

describe("deadPattern", () => {
  const codesAt = (text: string) =>
    issuesOf(text)
      .filter((i) => i.code === "deadPattern")
      .map((i) => i.jsonPath);

  it.each<[pattern: string, surface: string]>([
    ["~root/.ssh/**", "path"],
    ["**/.env ", "path"],
    [" ~/.aws/**", "read"],
    ["~/.ssh/ **", "path"],
    ["**\\.aws\\**", "path"],
    ["secrets\\key", "write"],
    ["rm -rf '/'", "bash"],
    ['git push "origin" *', "bash"],
  ])("warns that %j on %s never matches what it names", (pattern, surface) => {
    const text = JSON.stringify({ permission: { "*": "allow", [surface]: { [pattern]: "deny" } } });
    expect(codesAt(text)).toHaveLength(1);
  });

  it.each<[pattern: string, surface: string]>([
    ["~/.ssh/**", "path"],
    ["**/.env", "path"],
    ["/etc/\\[x\\]", "path"],
    ["**/*\\*", "path"],
    ["rm -rf /*", "bash"],
    ["git commit -m *", "bash"],
    ["github:*", "mcp"],
  ])("stays quiet about %j on %s", (pattern, surface) => {
    const text = JSON.stringify({ permission: { "*": "allow", [surface]: { [pattern]: "deny" } } });
    expect(codesAt(text)).toEqual([]);
  });

  it("says why and what to write", () => {
    const text = JSON.stringify({ permission: { bash: { "rm -rf '/'": "deny" } } });
    const found = issuesOf(text).find((i) => i.code === "deadPattern");
    expect([found?.severity, found?.help]).toEqual(["warning", "write `rm -rf /`"]);
  });
});
