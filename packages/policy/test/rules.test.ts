import { describe, expect, it } from "vitest";
import {
  applyFailClosedFloor,
  DEFAULT_RULE,
  evaluateSurface,
  matchesBashPattern,
  parsePolicyText,
  patternLanguage,
  permissionRules,
  type Rule,
  universalDefault,
} from "../src/index.ts";

const global = { scope: "global", file: "/g.json" } as const;
const origin = (jsonPath: string) => ({ scope: "global", file: "/g.json", jsonPath }) as const;

describe("permissionRules", () => {
  it("turns each entry into a rule with its provenance, in the order written", () => {
    expect(
      permissionRules(
        {
          read: "allow",
          bash: {
            "*": "ask",
            "git *": "allow",
            "git push *": { action: "deny", reason: "pushes go through CI" },
          },
          "*": "ask",
        },
        global,
      ),
    ).toEqual([
      { surface: "*", pattern: "*", action: "ask", origin: origin('permission["*"]') },
      { surface: "read", pattern: "*", action: "allow", origin: origin("permission.read") },
      { surface: "bash", pattern: "*", action: "ask", origin: origin('permission.bash["*"]') },
      {
        surface: "bash",
        pattern: "git *",
        action: "allow",
        origin: origin('permission.bash["git *"]'),
      },
      {
        surface: "bash",
        pattern: "git push *",
        action: "deny",
        reason: "pushes go through CI",
        origin: origin('permission.bash["git push *"]'),
      },
    ]);
  });

  it("expands bare path and external_directory into both directions, before explicit directional rules", () => {
    const rules = permissionRules(
      {
        path_write: { "dist/**": "allow" },
        path: { "**/.env": "deny" },
        external_directory: "ask",
      },
      global,
    );
    expect(rules.map((r) => [r.surface, r.pattern, r.action, r.origin.jsonPath])).toEqual([
      ["path_read", "**/.env", "deny", 'permission.path["**/.env"]'],
      ["path_write", "**/.env", "deny", 'permission.path["**/.env"]'],
      ["external_directory_read", "*", "ask", "permission.external_directory"],
      ["external_directory_write", "*", "ask", "permission.external_directory"],
      ["path_write", "dist/**", "allow", 'permission.path_write["dist/**"]'],
    ]);
  });

  it("keeps a reason only on a deny, where it is shown", () => {
    const rules = permissionRules(
      { bash: { "npm *": { action: "ask", reason: "never shown" }, "rm *": { action: "deny" } } },
      global,
    );
    expect(rules.map((r) => ("reason" in r ? r.reason : "none"))).toEqual(["none", "none"]);
  });

  it("keeps the file's order for integer-like patterns that a JavaScript object would move first", () => {
    const load = parsePolicyText('{ "permission": { "mcp": { "*": "deny", "7": "allow" } } }', {
      scope: "global",
      file: "/g.json",
    });
    expect(load.status === "loaded" && load.rules.map((r) => r.pattern)).toEqual(["*", "7"]);
  });
});

const rules: Rule[] = [
  DEFAULT_RULE,
  { surface: "bash", pattern: "*", action: "ask", origin: origin('permission.bash["*"]') },
  {
    surface: "bash",
    pattern: "git *",
    action: "allow",
    origin: origin('permission.bash["git *"]'),
  },
  {
    surface: "bash",
    pattern: "git push *",
    action: "deny",
    origin: origin('permission.bash["git push *"]'),
  },
  { surface: "read", pattern: "*", action: "allow", origin: origin("permission.read") },
  {
    surface: "bash",
    pattern: "git *",
    action: "ask",
    origin: { scope: "project", file: "/p.json", jsonPath: 'permission.bash["git *"]' },
  },
];

describe("evaluateSurface", () => {
  it.each<[surface: string, text: string, winner: number | undefined, note: string]>([
    ["bash", "ls", 1, "only the surface's `*` matches"],
    [
      "bash",
      "git push origin",
      5,
      "the last match wins: the project's `git *` comes after the global deny",
    ],
    ["bash", "git status", 5, "a project rule overrides a global one"],
    ["read", "/repo/a", 4, "another surface has its own rules"],
    [
      "write",
      "/repo/a",
      undefined,
      "no rule of the surface matches: the caller decides the fallback",
    ],
    ["*", "anything", 0, "the universal default is a surface of its own"],
  ])("%s %j → rule %s (%s)", (surface, text, winner) => {
    expect(evaluateSurface(rules, surface, (p) => matchesBashPattern(p, text))).toBe(
      winner === undefined ? undefined : rules[winner],
    );
  });

  it("never looks at a rule of another surface", () => {
    const seen: string[] = [];
    evaluateSurface(rules, "read", (p) => {
      seen.push(p);
      return false;
    });
    expect(seen).toEqual(["*"]);
  });
});

describe("universalDefault", () => {
  it("is the last `*` rule, or the built-in ask", () => {
    const allow: Rule = {
      surface: "*",
      pattern: "*",
      action: "allow",
      origin: origin('permission["*"]'),
    };
    expect([
      universalDefault([]),
      universalDefault(rules),
      universalDefault([...rules, allow]),
    ]).toEqual([DEFAULT_RULE, DEFAULT_RULE, allow]);
  });
});

describe("applyFailClosedFloor", () => {
  it("turns every allow into ask with the broken files that caused it, and leaves ask and deny alone", () => {
    const broken = [{ scope: "project", file: "/p.json", errorCount: 2 }] as const;
    const floored = applyFailClosedFloor(rules, broken);
    expect(floored.map((r) => [r.action, r.floor ?? null])).toEqual([
      ["ask", null],
      ["ask", null],
      ["ask", { configured: "allow", pattern: "git *", brokenScopes: broken }],
      ["deny", null],
      ["ask", { configured: "allow", pattern: "*", brokenScopes: broken }],
      ["ask", null],
    ]);
  });

  it("changes nothing when no file is broken", () => {
    expect(applyFailClosedFloor(rules, [])).toEqual(rules);
  });
});

describe("patternLanguage", () => {
  it.each<[surface: string, language: string]>([
    ["bash", "bash"],
    ["path_read", "path"],
    ["external_directory_write", "path"],
    ["read", "path"],
    ["write", "path"],
    ["edit", "path"],
    ["mcp", "name"],
    ["skill", "name"],
    ["my_extension_tool", "name"],
  ])("%s patterns are %s patterns", (surface, language) => {
    expect(patternLanguage(surface)).toBe(language);
  });
});
