// S33 F-trust (attacker r33c F3): the trust dialog ranked a loosening as broad only when its
// pattern's first character was a wildcard, so `/*/**`, `/{home,etc}/**`, `~/*/**`, `../**`
// (every file outside the project, the whole home) were cut as "narrower rules" behind twelve
// harmless allows, and trusting the file opened every outside read the user's policy only
// asked about. A loosening is now ranked by what its pattern can reach, with the gate's own
// matcher: these tests check that over a generated set of patterns, not only the spellings the
// attacker listed.
import {
  matchesPathPattern,
  type PathPatternContext,
  type ProjectTrust,
} from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { trustDialogTitle } from "../src/trust-dialog.ts";

const HARMLESS = [
  "npm test",
  "npm run lint",
  "npm run build",
  "npm run typecheck",
  "npm run format",
  "npm ci",
  "git status",
  "git diff",
  "git log",
  "ls",
  "pwd",
  "node --version",
];

/** A project file's loosening: the twelve harmless allows first, then `rows`. */
function trustWith(rows: readonly [surface: string, pattern: string][]): ProjectTrust {
  return {
    state: "untrusted",
    file: "/home/u/src/proj/.pi/permissions.json",
    hash: "h",
    loosening: [
      ...HARMLESS.map((c) => ({
        jsonPath: `permission.bash[${JSON.stringify(c)}]`,
        what: "allow",
      })),
      ...rows.map(([surface, pattern]) => ({
        jsonPath: `permission.${surface}[${JSON.stringify(pattern)}]`,
        what: "allow",
      })),
    ],
  };
}

/** The rows the dialog lists (without the "and N more" line). */
function listed(trust: ProjectTrust, where: PathPatternContext): string[] {
  return trustDialogTitle(trust, where)
    .split("\n")
    .slice(2, -1)
    .filter((row) => !row.startsWith("  and "));
}

const PATH_SURFACES = [
  "external_directory_read",
  "external_directory",
  "external_directory_write",
  "path",
  "path_read",
  "path_write",
  "read",
  "write",
  "edit",
  "grep",
  "find",
  "ls",
];

const PLACES: Record<string, PathPatternContext> = {
  "a project in the home": { cwd: "/home/u/src/proj", home: "/home/u" },
  "the home itself": { cwd: "/home/u", home: "/home/u" },
  "a project outside the home": { cwd: "/work/proj", home: "/home/u" },
};

describe("S33 F-trust: the trust dialog ranks a loosening by what it can reach", () => {
  it.each(PATH_SURFACES)("never cuts the attacker's broad spellings on `%s`", (surface) => {
    const broad = [
      "/*/**",
      "/?*/**",
      "/{home,etc,root}/**",
      "~/*/**",
      "/[a-z]*/**",
      "/h*/**",
      "/!(zz)/**",
      "~/.*/**",
      "../**",
      "../../**",
      "$HOME/.*/**",
      "*/**",
    ];
    const where = PLACES["a project in the home"] as PathPatternContext;
    const rows = listed(trustWith(broad.map((p) => [surface, p])), where);
    for (const p of broad) {
      expect(rows).toContain(`  permission.${surface}[${JSON.stringify(p)}]: allow`);
    }
    // The broad rows come before the narrow ones.
    expect(rows[0]).toBe(`  permission.${surface}["/*/**"]: allow`);
  });

  // Files outside the project, or in the home's dot folders, chosen apart from the ones the
  // dialog compares with: the invariant holds for what a pattern reaches, not for a list.
  const reachedOutside = (where: PathPatternContext): string[] => {
    const { cwd, home } = where;
    const parent = cwd.slice(0, cwd.lastIndexOf("/")) || "/";
    return [
      `${home}/.ssh/id_ed25519`,
      `${home}/.aws/config`,
      `${home}/.gnupg/pubring.kbx`,
      `${home}/.config/gh/hosts.yml`,
      `${home}/.profile`,
      `${home}/.local/share/keyrings/login.keyring`,
      `${home}/Documents/taxes.pdf`,
      "/etc/hosts",
      "/etc/ssl/private/key.pem",
      "/root/.bash_history",
      "/opt/app/config.yml",
      "/srv/data/db.sqlite",
      "/home/other/.ssh/id_rsa",
      "/var/log/auth.log",
      "/mnt/backup/x",
      `${parent}/sibling/.env.local`,
      `${parent}/notes.md`,
    ].filter((path) => {
      const inside = path === cwd || path.startsWith(`${cwd}/`);
      const homeDot = path.startsWith(`${home}/.`);
      return !inside || homeDot;
    });
  };

  // Spellings of a path pattern: anchors, then a segment, then a tail.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: `${HOME}` is a policy's own spelling of the home.
  const ANCHORS = ["/", "~/", "$HOME/", "${HOME}/", "../", "../../", "./", "", "**/", "/home/"];
  const SEGMENTS = [
    "*",
    "?*",
    ".*",
    "{etc,home,root}",
    "{src,../..}",
    "[a-z]*",
    "[!.]*",
    "h*",
    "e?c",
    "!(zz)",
    "@(etc|home|opt)",
    "+(u|e|t|c|s)",
    "*(x)",
    "etc",
    "u",
    ".ssh",
    "src",
    "docs",
  ];
  const TAILS = ["/**", "/*", "", "/**/*", "/*/*", "/.ssh/**", "/**/.env*", "/*.md"];
  const generated = ANCHORS.flatMap((a) =>
    SEGMENTS.flatMap((s) => TAILS.map((t) => `${a}${s}${t}`)),
  );

  it.each(Object.entries(PLACES))(
    "never cuts a generated path pattern that meets a file outside %s or in the home's dot folders",
    (_name, where) => {
      const outside = reachedOutside(where);
      const reaching = generated.filter((p) =>
        outside.some((f) => matchesPathPattern(p, f, where)),
      );
      // The generated set holds both kinds, or it would prove nothing.
      expect(reaching.length).toBeGreaterThan(200);
      expect(generated.length - reaching.length).toBeGreaterThan(50);
      for (const surface of ["external_directory_read", "read", "write"]) {
        // One pattern at a time, so that a broad row never rides in with another.
        const cut = reaching.filter(
          (p) =>
            !listed(trustWith([[surface, p]]), where).includes(
              `  permission.${surface}[${JSON.stringify(p)}]: allow`,
            ),
        );
        expect(cut).toEqual([]);
      }
    },
  );

  it("still cuts narrow rules: a named folder or file of the project, an exact command", () => {
    const where = PLACES["a project in the home"] as PathPatternContext;
    const narrow: [string, string][] = [
      ["write", "src/**"],
      ["edit", "docs/*.md"],
      ["write", "package.json"],
      ["read", "test/**/*.ts"],
      ["path_write", "./dist/**"],
      ["write", "/home/u/src/proj/build/**"],
      ["bash", "make"],
    ];
    const title = trustDialogTitle(trustWith(narrow), where);
    // Twelve rows of 19 narrow ones, and the count of the rest.
    expect(title).toContain("and 7 more (narrower rules; /permissions lists them all)");
  });

  it("never cuts a path rule that reaches the project whole, its dot folders, or climbs out", () => {
    const where = PLACES["a project in the home"] as PathPatternContext;
    const broad: [string, string][] = [
      ["write", "*"],
      ["write", "*.md"],
      ["write", "**/*.ts"],
      ["write", ".git/hooks/**"],
      ["write", ".pi/**"],
      ["write", "src/../../**"],
      ["write", "{src,..}/**"],
      ["read", "/home/u/src/proj"],
      ["read", "/home/u/src"],
      ["read", "~"],
    ];
    const rows = listed(trustWith(broad), where);
    for (const [surface, p] of broad) {
      expect(rows).toContain(`  permission.${surface}[${JSON.stringify(p)}]: allow`);
    }
  });

  it("never cuts a command pattern that meets many commands, and lists one that meets any first", () => {
    const where = PLACES["a project in the home"] as PathPatternContext;
    const rows = listed(
      trustWith([
        ["bash", "git *"],
        ["bash", "npm run t*"],
        ["bash", "cat *"],
        ["bash", "*sh -c *"],
        ["bash", "g* x"],
        ["bash", '"*"'],
        ["mcp", "github:*"],
      ]),
      where,
    );
    expect(rows.slice(0, 3)).toEqual([
      '  permission.bash["*sh -c *"]: allow',
      '  permission.bash["g* x"]: allow',
      '  permission.bash["\\"*\\""]: allow',
    ]);
    for (const p of ["git *", "npm run t*", "cat *"]) {
      expect(rows).toContain(`  permission.bash[${JSON.stringify(p)}]: allow`);
    }
    expect(rows).toContain('  permission.mcp["github:*"]: allow');
  });

  it("ranks an agent's or a hook's rules by their pattern too", () => {
    const where = PLACES["a project in the home"] as PathPatternContext;
    const trust = trustWith([]);
    const rows = listed(
      {
        ...trust,
        loosening: [
          ...trust.loosening,
          {
            jsonPath: 'agents.reviewer.permission.external_directory_read["/*/**"]',
            what: "allow",
          },
          { jsonPath: 'hooks.wide.permission.read["../**"]', what: "allow" },
        ],
      },
      where,
    );
    expect(rows.slice(0, 2)).toEqual([
      '  agents.reviewer.permission.external_directory_read["/*/**"]: allow',
      '  hooks.wide.permission.read["../**"]: allow',
    ]);
  });
});
