// Validation beyond the schema: a list of small named checks. Document checks look at one
// schema-valid file; policy checks look at the merged rule list (before any fail-closed
// floor), so a project rule that deliberately overrides a global one is not a warning.

import { checkPrograms, type ProgramProblem } from "@pi-permission/bash";
import { matchesBashPattern, normalizeBashPattern } from "./bash-pattern.ts";
import type { PolicyDocument } from "./document.ts";
import type { IssueDraft, PolicyIssueCode } from "./issues.ts";
import { formatJsonPath, parseJsonPath } from "./json-path.ts";
import { matchesPathPattern, resolvePathPattern } from "./path-pattern.ts";
import { type Rule, universalDefault } from "./rules.ts";
import type { KeyOrder } from "./schema-check.ts";
import {
  ALWAYS_TARGET_KEYS,
  DEFAULT_PROMPT_KEYS,
  PROMPT_KEY_NAMES,
  type PromptKeyName,
  RESERVED_PROMPT_KEYS,
} from "./settings.ts";
import { closestName } from "./suggest.ts";
import { BUILTIN_TOOL_SURFACES, patternLanguage, SPECIAL_SURFACES } from "./surfaces.ts";

/** One schema-valid policy file, as a document check sees it. */
export interface CheckedDocument {
  readonly document: PolicyDocument;
  readonly keyOrder: KeyOrder;
}

/** A finding of a policy check: which file it is in, and the issue. */
export interface PolicyFinding {
  readonly file: string | null;
  readonly draft: IssueDraft;
}

/** A named check of one file. */
export interface DocumentCheck {
  readonly name: PolicyIssueCode;
  readonly check: (input: CheckedDocument) => IssueDraft[];
}

/** A named check of the merged rules. */
export interface PolicyCheck {
  readonly name: PolicyIssueCode;
  readonly check: (rules: readonly Rule[]) => PolicyFinding[];
}

const code = (text: string) => `\`${text}\``;

function permissionEntries(input: CheckedDocument): [surface: string, value: unknown][] {
  const permission = input.document.permission;
  if (permission === undefined) return [];
  return input.keyOrder(permission).map((key) => [key, permission[key]]);
}

/** Every permission map of the file, the top-level one and each hook's, with its place. */
function permissionMaps(input: CheckedDocument): { at: string[]; map: Record<string, unknown> }[] {
  const maps: { at: string[]; map: Record<string, unknown> }[] = [];
  if (input.document.permission) maps.push({ at: ["permission"], map: input.document.permission });
  const hooks = input.document.hooks ?? {};
  for (const id of input.keyOrder(hooks)) {
    const hook = hooks[id];
    if (hook) maps.push({ at: ["hooks", id, "permission"], map: hook.permission });
  }
  const agents = input.document.agents ?? {};
  for (const name of input.keyOrder(agents)) {
    const agent = agents[name];
    if (agent) maps.push({ at: ["agents", name, "permission"], map: agent.permission });
  }
  return maps;
}

/** The actions a surface value holds, whichever way it is written. */
function actionsOf(value: unknown, keyOrder: CheckedDocument["keyOrder"]): string[] {
  if (typeof value === "string") return [value];
  if (typeof value !== "object" || value === null) return [];
  const map = value as Record<string, unknown>;
  return keyOrder(map).map((pattern) => {
    const rule = map[pattern];
    return typeof rule === "string" ? rule : String((rule as { action?: unknown }).action);
  });
}

/** A hook only adds scrutiny: one whose every rule allows can never change a verdict. */
export const hookAllowsOnly: DocumentCheck = {
  name: "hookAllowsOnly",
  check: ({ document, keyOrder }) => {
    const hooks = document.hooks ?? {};
    return keyOrder(hooks).flatMap((id): IssueDraft[] => {
      const permission = hooks[id]?.permission ?? {};
      const actions = keyOrder(permission).flatMap((s) => actionsOf(permission[s], keyOrder));
      if (actions.length === 0 || actions.some((a) => a !== "allow")) return [];
      return [
        {
          code: "hookAllowsOnly",
          jsonPath: formatJsonPath(["hooks", id]),
          message: "this hook only allows, so it never changes a verdict",
          expected: "at least one `ask` or `deny` rule",
          received: `only \`allow\` rules in ${code(hooks[id]?.name ?? id)}`,
          help: "a hook can tighten the policy, never loosen it: put allows in `permission`, or give the hook the asks or denies it should add",
        },
      ];
    });
  },
};

/** A reason on an allow or ask rule is never shown to anyone. */
export const reasonIgnored: DocumentCheck = {
  name: "reasonIgnored",
  check: (input) =>
    permissionMaps(input).flatMap(({ at, map: permission }) =>
      input.keyOrder(permission).flatMap((surface) => {
        const value = permission[surface];
        if (typeof value !== "object" || value === null) return [];
        const map = value as Record<string, unknown>;
        return input.keyOrder(map).flatMap((pattern): IssueDraft[] => {
          const rule = map[pattern];
          if (typeof rule !== "object" || rule === null) return [];
          const { action, reason } = rule as { action: string; reason?: string };
          if (action === "deny" || reason === undefined) return [];
          return [
            {
              code: "reasonIgnored",
              jsonPath: formatJsonPath([...at, surface, pattern, "reason"]),
              message: `a reason on an ${code(action)} rule is never shown`,
              expected: "a reason only on a deny",
              received: `a reason on ${code(action)}`,
              help: "remove `reason`, or make the rule a deny if the agent should read it",
            },
          ];
        });
      }),
    ),
};

const KNOWN_SURFACES: readonly string[] = [...SPECIAL_SURFACES, ...BUILTIN_TOOL_SURFACES];

/** A key one typo away from a known surface is probably not the extension tool it names. */
export const surfaceNearMiss: DocumentCheck = {
  name: "surfaceNearMiss",
  check: (input) =>
    permissionEntries(input).flatMap(([surface]): IssueDraft[] => {
      if (surface === "*" || KNOWN_SURFACES.includes(surface)) return [];
      const suggestion = closestName(surface, KNOWN_SURFACES);
      if (suggestion === undefined) return [];
      return [
        {
          code: "surfaceNearMiss",
          jsonPath: formatJsonPath(["permission", surface]),
          message: `${code(surface)} is not a known surface, so its rules apply only to a tool named ${code(surface)}`,
          expected: "a known surface or the name of a tool",
          received: code(surface),
          help: `did you mean ${code(suggestion)}? (if ${code(surface)} is an extension's tool, this is fine)`,
        },
      ];
    }),
};

// One run of the bash package's checks per document, shared by the three program checks.
const programProblems = new WeakMap<object, readonly ProgramProblem[]>();

function problemsOf(programs: NonNullable<PolicyDocument["programs"]>): readonly ProgramProblem[] {
  let problems = programProblems.get(programs);
  if (problems === undefined) {
    problems = checkPrograms(programs);
    programProblems.set(programs, problems);
  }
  return problems;
}

function programCheck(name: PolicyIssueCode, kind: ProgramProblem["kind"]): DocumentCheck {
  return {
    name,
    check: ({ document }) =>
      document.programs === undefined
        ? []
        : problemsOf(document.programs)
            .filter((problem) => problem.kind === kind)
            .map((problem) => ({
              code: name,
              jsonPath: formatJsonPath(["programs", ...problem.path]),
              message: problem.message,
              expected: problem.expected,
              received: problem.received,
              help: problem.help,
            })),
  };
}

/** A program the bash analysis already knows cannot be declared: its reading would change. */
export const builtinProgram: DocumentCheck = programCheck("builtinProgram", "builtin");

/** A declared program whose name, option grammar or fields cannot be read. */
export const invalidProgram: DocumentCheck = programCheck("invalidProgram", "invalid");

/** A declared program's `match` / `notMatch` example that does not hold. */
export const exampleFails: DocumentCheck = programCheck("exampleFails", "example");

// One character a terminal sends as itself: not a control character, not whitespace (a space
// or a tab is too easy to press by accident), one code point.
function printableKey(key: string): boolean {
  return [...key].length === 1 && !/[\p{C}\p{Z}\s]/u.test(key);
}

/**
 * A dialog key that cannot work: not one printable character, reserved for moving (`j`, `k`),
 * or the same as another answer's key (defaults included, and the session key's upper case,
 * which answers "whole session" in a forwarded prompt).
 */
export const invalidPromptKey: DocumentCheck = {
  name: "invalidPromptKey",
  check: ({ document, keyOrder }) => {
    const written = document.promptKeys;
    if (written === undefined) return [];
    const keys = { ...DEFAULT_PROMPT_KEYS, ...written };
    const at = (name: string) => formatJsonPath(["promptKeys", name]);
    const drafts: IssueDraft[] = [];
    const bad = new Set<string>();
    for (const name of keyOrder(written) as PromptKeyName[]) {
      const key = keys[name];
      const problem = !printableKey(key)
        ? { expected: "one printable character", help: "use one letter, digit or sign" }
        : RESERVED_PROMPT_KEYS.includes(key)
          ? {
              expected: `a key other than ${RESERVED_PROMPT_KEYS.map(code).join(" and ")}`,
              help: "`j` and `k` move between the answers; pick another key",
            }
          : name === "wider" && ALWAYS_TARGET_KEYS.includes(key)
            ? {
                expected: `a key other than ${ALWAYS_TARGET_KEYS.map(code).join(" and ")}`,
                help: '`g` and `p` pick where "always" saves while `wider` is live too; pick another key',
              }
            : name === "session" && key.toUpperCase() === key
              ? {
                  expected: "a key with a distinct upper case, such as a lowercase letter",
                  help: "the session key's upper case approves for the whole session in a subagent's prompt",
                }
              : null;
      if (problem === null) continue;
      bad.add(name);
      drafts.push({
        code: "invalidPromptKey",
        jsonPath: at(name),
        message: `${code(key)} cannot be the ${code(name)} key`,
        expected: problem.expected,
        received: JSON.stringify(key),
        help: problem.help,
      });
    }
    // Collisions: every written key against every other key (written or default).
    for (const name of keyOrder(written) as PromptKeyName[]) {
      if (bad.has(name)) continue;
      const others = PROMPT_KEY_NAMES.filter((n) => n !== name && keys[n] === keys[name]);
      const upper =
        name !== "session" && keys.session.toUpperCase() === keys[name]
          ? ["session (upper case)"]
          : [];
      const clash = [...others, ...upper];
      if (clash.length === 0) continue;
      drafts.push({
        code: "invalidPromptKey",
        jsonPath: at(name),
        message: `${code(keys[name])} is both the ${code(name)} key and the ${clash.map(code).join(" and ")} key`,
        expected: "a key no other answer uses",
        received: JSON.stringify(keys[name]),
        help: `remap ${clash.map(code).join(" and ")} too, or pick another key (the defaults: ${PROMPT_KEY_NAMES.map((n) => `${n} ${code(DEFAULT_PROMPT_KEYS[n])}`).join(", ")})`,
      });
    }
    return drafts;
  },
};

/** Every named check of one file, in the order their findings are reported. */
export const DOCUMENT_CHECKS: readonly DocumentCheck[] = [
  surfaceNearMiss,
  reasonIgnored,
  hookAllowsOnly,
  builtinProgram,
  invalidProgram,
  exampleFails,
  invalidPromptKey,
];

// The key a rule was written under (`path`, `external_directory_read`, …).
function writtenSurface(rule: Rule): string {
  const segments = parseJsonPath(rule.origin.jsonPath);
  return String(segments?.[1] ?? rule.surface);
}

function uniqueByPlace(findings: PolicyFinding[]): PolicyFinding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.file}\u0000${f.draft.jsonPath}\u0000${f.draft.code}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A deny glob whose last segment is `*` misses files in nested folders. */
export const denyGlobMissesNested: PolicyCheck = {
  name: "denyGlobMissesNested",
  check: (rules) =>
    uniqueByPlace(
      rules.flatMap((rule): PolicyFinding[] => {
        if (rule.action !== "deny" || patternLanguage(rule.surface) !== "path") return [];
        if (!rule.pattern.endsWith("/*")) return [];
        const folder = rule.pattern.slice(0, -2) || "/";
        const better = `${rule.pattern}*`;
        return [
          {
            file: rule.origin.file,
            draft: {
              code: "denyGlobMissesNested",
              jsonPath: rule.origin.jsonPath,
              message: `the deny ${code(rule.pattern)} matches only what is directly inside ${code(folder)}, not files in its subfolders`,
              expected: `a pattern that also covers nested files, such as ${code(better)}`,
              received: code(rule.pattern),
              help: `write ${code(better)} to deny everything below ${code(folder)}`,
            },
          },
        ];
      }),
    ),
};

const MAGIC = /[*?[\]{}()!+@]/;
const FIXED_CONTEXT = { cwd: "/\u0000cwd", home: "/\u0000home" };

/**
 * Whether every text the `narrow` pattern matches is also matched by `broad`, for the
 * surface's pattern language. Conservative: `false` when it cannot tell.
 *
 * @example
 * ```ts
 * patternCovers("bash", "git *", "git push *"); // true
 * patternCovers("bash", "git *", "git*");       // false: `git*` also matches `gitk`
 * ```
 */
export function patternCovers(
  language: "bash" | "path" | "name",
  broad: string,
  narrow: string,
): boolean {
  return formCovers(language, broad, coverForm(language, broad), coverForm(language, narrow));
}

// A pattern as patternCovers compares it: a path pattern resolved, any other normalised.
function coverForm(language: "bash" | "path" | "name", pattern: string): string {
  return language === "path"
    ? resolvePathPattern(pattern, FIXED_CONTEXT)
    : normalizeBashPattern(pattern);
}

// patternCovers on forms worked out once (`broad` is the broad pattern as written).
function formCovers(
  language: "bash" | "path" | "name",
  broad: string,
  b: string,
  n: string,
): boolean {
  if (language === "path") {
    if (b === "*") return true;
    if (n === "*") return false;
    if (!MAGIC.test(n)) return matchesPathPattern(broad, n, FIXED_CONTEXT);
    if (!b.endsWith("/**")) return false;
    const folder = b.slice(0, -3);
    return !MAGIC.test(folder) && n.startsWith(`${folder}/`);
  }
  if (b === "*") return true;
  if (!n.includes("*")) return matchesBashPattern(b, n);
  if (b.indexOf("*") !== b.length - 1) return false;
  return n.slice(0, n.indexOf("*")).startsWith(b.slice(0, -1));
}

/**
 * How many pairs of rules {@link shadowedRule} compares in all. Every rule is compared with the
 * later rules of its file and surface, so the work grows with the square of their number: S32
 * F15 measured 12.7 s for a 47 KB project file of 2000 path denies, in the loader of every
 * session. Past the budget the check stops (a note says so); the rules all apply as ever.
 */
export const SHADOW_COMPARISONS = 100_000;

/** Rules that a later, broader rule of the same file and surface always overrides. */
export const shadowedRule: PolicyCheck = {
  name: "shadowedRule",
  check: (rules) => {
    // Each file's rules of one surface, in order, each with its form worked out once.
    const groups = new Map<string, { rule: Rule; form: string }[]>();
    const place = new Map<Rule, { group: { rule: Rule; form: string }[]; at: number }>();
    for (const rule of rules) {
      if (rule.origin.scope === "default") continue;
      const key = `${rule.origin.scope}\u0000${rule.origin.file}\u0000${rule.surface}`;
      let group = groups.get(key);
      if (group === undefined) {
        group = [];
        groups.set(key, group);
      }
      place.set(rule, { group, at: group.length });
      group.push({ rule, form: coverForm(patternLanguage(rule.surface), rule.pattern) });
    }
    let left = SHADOW_COMPARISONS;
    let stoppedAt: Rule | undefined;
    // For each written entry: its expanded rules, and which of them some later rule covers.
    const entries = new Map<string, { rules: Rule[]; shadowers: (Rule | undefined)[] }>();
    for (const rule of rules) {
      const found = place.get(rule);
      if (found === undefined) continue;
      const key = `${rule.origin.file}\u0000${rule.origin.jsonPath}`;
      const language = patternLanguage(rule.surface);
      const { group, at } = found;
      const form = (group[at] as { form: string }).form;
      let shadower: Rule | undefined;
      for (let j = at + 1; j < group.length && stoppedAt === undefined; j++) {
        const later = group[j] as { rule: Rule; form: string };
        if (later.rule.origin.jsonPath === rule.origin.jsonPath) continue;
        if (--left < 0) {
          stoppedAt = rule;
          break;
        }
        if (formCovers(language, later.rule.pattern, later.form, form)) {
          shadower = later.rule;
          break;
        }
      }
      const entry = entries.get(key) ?? { rules: [], shadowers: [] };
      entry.rules.push(rule);
      // A rule the budget did not reach is not reported (an unfinished search proves nothing).
      entry.shadowers.push(stoppedAt === undefined ? shadower : undefined);
      entries.set(key, entry);
    }
    // Group the entries that are shadowed in every direction by the rule that shadows them.
    const byShadower = new Map<string, { shadower: Rule; shadowed: Rule[] }>();
    for (const { rules: expanded, shadowers } of entries.values()) {
      const [first] = shadowers;
      if (first === undefined || shadowers.some((s) => s === undefined)) continue;
      const key = `${first.origin.file}\u0000${first.origin.jsonPath}`;
      const group = byShadower.get(key) ?? { shadower: first, shadowed: [] };
      group.shadowed.push(expanded[0] as Rule);
      byShadower.set(key, group);
    }
    const note: PolicyFinding[] =
      stoppedAt === undefined
        ? []
        : [
            {
              file: stoppedAt.origin.file,
              draft: {
                code: "shadowedRule",
                jsonPath: stoppedAt.origin.jsonPath,
                message: `too many rules to check every pair for shadowing: the check stopped here, after ${SHADOW_COMPARISONS} comparisons (every rule still applies)`,
                expected: `at most ${SHADOW_COMPARISONS} pairs of rules of one surface to compare`,
                received: "more",
                help: "merge rules into broader patterns, or split the surface's rules across files",
              },
            },
          ];
    const found = [...byShadower.values()].map(({ shadower, shadowed }): PolicyFinding => {
      const names = shadowed.map((r) => code(r.pattern)).join(", ");
      const one = shadowed.length === 1;
      const broad = code(shadower.pattern);
      return {
        file: shadower.origin.file,
        draft: {
          code: "shadowedRule",
          jsonPath: shadower.origin.jsonPath,
          message: `${broad} comes after ${names} in ${code(writtenSurface(shadower))} and covers ${one ? "it" : "them"}, so ${one ? "it never applies" : "they never apply"}`,
          expected: "broad patterns first, exceptions after",
          received: `${broad} after ${names}`,
          help: `move ${broad} before ${one ? "it" : "them"}: within a surface the last matching rule wins`,
        },
      };
    });
    return [...found, ...note];
  },
};

/** Allow as the universal default with no bash rule lets every shell command run. */
export const bashAllowedByDefault: PolicyCheck = {
  name: "bashAllowedByDefault",
  check: (rules) => {
    const fallback = universalDefault(rules);
    if (fallback.action !== "allow" || rules.some((r) => r.surface === "bash")) return [];
    return [
      {
        file: fallback.origin.file,
        draft: {
          code: "bashAllowedByDefault",
          jsonPath: fallback.origin.jsonPath,
          message:
            "the universal default is `allow` and no rule mentions `bash`, so every shell command runs without asking",
          expected: "a `bash` entry",
          received: "none",
          help: 'add `"bash": { "*": "ask" }` and allow the commands you trust, or write `"bash": "allow"` to make the choice explicit',
        },
      },
    ];
  },
};

const EVERY_PATH = new Set(["*", "**", "/**", "**/*", "/**/*"]);

/** An external-directory allow of every path turns the working-directory boundary off. */
export const externalDirectoryAllowsEverything: PolicyCheck = {
  name: "externalDirectoryAllowsEverything",
  check: (rules) =>
    uniqueByPlace(
      rules.flatMap((rule): PolicyFinding[] => {
        if (!rule.surface.startsWith("external_directory_") || rule.action !== "allow") return [];
        if (!EVERY_PATH.has(rule.pattern)) return [];
        const surface = writtenSurface(rule);
        return [
          {
            file: rule.origin.file,
            draft: {
              code: "externalDirectoryAllowsEverything",
              jsonPath: rule.origin.jsonPath,
              message: `${code(surface)} allows every path outside the working directory`,
              expected: "allows for the folders the agent needs",
              received: `${code(rule.pattern)} → \`allow\``,
              help: `keep ${code(surface)} at ask and allow only the folders the agent needs, such as \`~/.cargo/registry/**\``,
            },
          },
        ];
      }),
    ),
};

const OPERATOR_WORD = /(?:^| )(&&|\|\||\|)(?: |$)/;

/**
 * A bash pattern with a control operator as a word (`git add . && git commit *`) never
 * matches: each command a string runs is matched on its own, never the string as a whole.
 */
export const bashPatternOperator: PolicyCheck = {
  name: "bashPatternOperator",
  check: (rules) =>
    uniqueByPlace(
      rules.flatMap((rule): PolicyFinding[] => {
        if (rule.surface !== "bash") return [];
        const operator = OPERATOR_WORD.exec(normalizeBashPattern(rule.pattern))?.[1];
        if (operator === undefined) return [];
        return [
          {
            file: rule.origin.file,
            draft: {
              code: "bashPatternOperator",
              jsonPath: rule.origin.jsonPath,
              message: `the bash pattern ${code(rule.pattern)} holds ${code(operator)}, and a pattern is matched against one command at a time, so it never matches`,
              expected: "a pattern for one command",
              received: code(rule.pattern),
              help: "write one rule per command: each command of a chain is judged on its own, and the strictest verdict wins",
            },
          },
        ];
      }),
    ),
};

/**
 * Why a pattern can never match what it was written for, or `null`. Path patterns meet the
 * absolute paths Pi and the shell open: a blank at either end of a name (`"**\/.env "`,
 * `"~/.ssh/ **"`) is part of the name, `~user` is not expanded (the pattern is relative to the
 * working directory), and a backslash escapes the next character rather than separating
 * folders (`"**\\.aws\\**"`). Bash patterns meet a command's words after quote removal, so a
 * quote in the pattern (`"rm -rf '/'"`) only matches a word holding that quote character.
 */
function deadPatternReason(rule: Rule): { why: string; better: string } | null {
  const pattern = rule.pattern;
  const lookalike = lookalikeReason(pattern, patternLanguage(rule.surface) === "path");
  if (lookalike !== null) return lookalike;
  if (rule.surface === "bash") {
    if (!/['"]/.test(pattern)) return null;
    return {
      why: "a command is matched by its words after quote removal, so the quotes in the pattern only match a word that holds a quote character",
      better: pattern.replace(/['"]/g, ""),
    };
  }
  if (patternLanguage(rule.surface) !== "path" || pattern === "*") return null;
  const names = pattern.split("/");
  if (names.some((name) => name !== name.trim())) {
    return {
      why: "a blank at the start or end of a name is part of the name, so it only matches a file whose name has that blank",
      better: names.map((name) => name.trim()).join("/"),
    };
  }
  if (/^~[^/]/.test(pattern)) {
    return {
      why: "`~user` is not expanded: only `~` and `~/` stand for the home directory, so the pattern is a folder named like that under the working directory",
      better: "the absolute path of that user's home folder (`/root/…`, `/home/NAME/…`)",
    };
  }
  if (/\\[^*?[\]{}()!+@\\]/.test(pattern)) {
    return {
      why: "a backslash escapes the next character, it does not separate folders",
      better: pattern.replace(/\\/g, "/"),
    };
  }
  return null;
}

// S32 F7 (lookalike-pattern): characters that read as nothing, as `*`, as `/` or as a blank
// but are matched as themselves: a pasted `curl\u200b *` deny reads right and denies nothing.
// Format characters (zero-width space and joiners, the byte order mark, direction marks).
const INVISIBLE = /\p{Cf}/gu;
// Fullwidth asterisk, asterisk operator, Arabic five-pointed star, low asterisk, heavy asterisk.
const LOOKALIKE_STAR = /[\uff0a\u2217\u066d\u204e\u2731]/gu;
// Division slash, fraction slash, big solidus, fullwidth solidus.
const LOOKALIKE_SLASH = /[\u2215\u2044\u29f8\uff0f]/gu;
// A blank other than the space: a path names it literally (a bash pattern reads it as a space).
const OTHER_BLANK = /[^\S ]/gu;

function lookalikeReason(pattern: string, path: boolean): { why: string; better: string } | null {
  const found: string[] = [];
  let better = pattern;
  const spell = (m: string) =>
    `U+${(m.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
  const take = (re: RegExp, what: string, by: string) => {
    const hits = pattern.match(re);
    if (hits === null) return;
    found.push(`${what} (${[...new Set(hits.map(spell))].join(", ")})`);
    better = better.replace(re, by);
  };
  take(INVISIBLE, "an invisible character", "");
  take(LOOKALIKE_STAR, "a character that looks like `*` but is matched literally", "*");
  take(LOOKALIKE_SLASH, "a character that looks like `/` but is matched literally", "/");
  if (path) take(OTHER_BLANK, "a blank other than a space, which only a name holding it has", " ");
  if (found.length === 0) return null;
  return { why: `it holds ${found.join(" and ")}`, better };
}

/**
 * A pattern that can never match what it is written for: a blank at the edge of a name,
 * `~user`, a backslash as folder separator, quotes in a bash pattern, an invisible or
 * look-alike character (S32 F7).
 */
export const deadPattern: PolicyCheck = {
  name: "deadPattern",
  check: (rules) =>
    uniqueByPlace(
      rules.flatMap((rule): PolicyFinding[] => {
        const reason = deadPatternReason(rule);
        if (reason === null) return [];
        const better = reason.better.startsWith("the ") ? reason.better : code(reason.better);
        return [
          {
            file: rule.origin.file,
            draft: {
              code: "deadPattern",
              jsonPath: rule.origin.jsonPath,
              message: `the pattern ${code(rule.pattern)} never matches what it names: ${reason.why}`,
              expected: "a pattern that matches the paths or commands it is written for",
              received: code(rule.pattern),
              help: `write ${better}`,
            },
          },
        ];
      }),
    ),
};

/** Every named check of the merged rules, in the order their findings are reported. */
export const POLICY_CHECKS: readonly PolicyCheck[] = [
  denyGlobMissesNested,
  shadowedRule,
  bashAllowedByDefault,
  externalDirectoryAllowsEverything,
  bashPatternOperator,
  deadPattern,
];
