import { posix } from "node:path";
import {
  type BashAnalysis,
  type BashUnit,
  backgroundLinkMaker,
  builtinProgram,
  linkMakingUnit,
  mayNameAnother,
  mayReadOtherwise,
  optionSynonymReading,
  ruleReadings,
  SENTINELS,
  systemProgramName,
  type TouchedPath,
} from "@pi-permission/bash";
import type { MatchedSpelling, PermissionState, SpellingStep } from "@pi-permission/payload";
import {
  bashPatternMeets,
  bashPatternMeetsWithOptions,
  matchesBashPattern,
  NAME_RUN,
  type Rule,
} from "@pi-permission/policy";
import { hookRunningGit } from "./git-hooks.ts";
import { isGitMetadata } from "./git-metadata.ts";
import { isInertUnit, patternNames } from "./inert-units.ts";
import {
  type GatePolicy,
  isStricter,
  judgeBashText,
  judgeOnSurface,
  refusingPatterns,
  type SurfaceVerdict,
  textHead,
  universalDefault,
} from "./judge.ts";
import type { JudgedItem, RequestVerdict, ToolCallFacts } from "./model.ts";
import { fullCommandEvidence } from "./payloads.ts";
import { suggestBashPattern } from "./suggest.ts";
import { requestOf } from "./verdict.ts";

/**
 * The words a unit is matched by (corpus rule 3): its words without the leading
 * execution-modifier wrappers, and, when another wrapper runs a proven inner command, that
 * inner command too. Both are judged; the strictest wins.
 */
export function unitMatchTexts(unit: BashUnit): { outer: string | null; executed: string | null } {
  let skip = 0;
  for (const layer of unit.wrappers) {
    if (layer.kind !== "transparent") break;
    skip += layer.argv.length;
  }
  const outerArgv = unit.argv.slice(skip);
  const outer = outerArgv.length > 0 ? outerArgv.join(" ") : null;
  const executed = unit.executed ? unit.executed.join(" ") : null;
  // git's options that only change how output is shown or which locks git takes are set
  // aside as the executed words already set them aside (`git --no-pager diff` is `git diff`).
  if (executed !== null && unit.executed && plainGitGlobals(outerArgv, unit.executed)) {
    return { outer: executed, executed: null };
  }
  return { outer, executed: executed === outer ? null : executed };
}

/**
 * Whether the executed words are npm's words as written with one command word spelled out
 * (the analyzer derefs npm's aliases: `npm t` runs `npm test`, `npm run-script b` `npm run b`).
 */
function npmRespelled(outer: string | null, executed: string): boolean {
  if (outer === null) return false;
  const written = outer.split(" ");
  const spelled = executed.split(" ");
  if (written[0] !== "npm" || spelled[0] !== "npm" || written.length !== spelled.length)
    return false;
  const changed = written.flatMap((word, i) => (word === spelled[i] ? [] : [i]));
  if (changed.length !== 1) return false;
  const word = written[changed[0] as number] as string;
  return (
    /^[a-z][a-z-]*$/.test(word) && /^[a-z][a-z-]*$/.test(spelled[changed[0] as number] as string)
  );
}

/** git global options that run nothing and name no file. */
const PLAIN_GIT_OPTIONS =
  /^(--no-pager|-P|-p|--paginate|--no-optional-locks|--no-replace-objects|--no-lazy-fetch|--no-advice|--(literal|glob|noglob|icase)-pathspecs)$/;

/** `-c` settings that only change how output looks. */
const PLAIN_GIT_SETTINGS =
  /^(color(\.[A-Za-z0-9-]+)+|core\.quotepath|advice\.[A-Za-z]+|column\.ui)=[A-Za-z0-9-]*$/i;

/**
 * git's options naming the repository it works on, set aside like `-C DIR` (A18
 * git-default-repository-option-blocks-subcommand-rule; traced: `git --git-dir=.git
 * --work-tree=. status` runs and opens what `git status` does): `--git-dir` of the `.git` in
 * the folder git runs in (the repository git finds there by itself; another folder's config
 * and hooks are not set aside), `--work-tree DIR` (the analysis judges DIR's files by the path
 * and external_directory rules) and `--namespace NAME` (which refs git shows).
 */
const REPOSITORY_GIT_OPTION = /^(--git-dir=(\.\/)*\.git\/*|--work-tree=.*|--namespace=.*)$/;
const OWN_GIT_DIR = /^(\.\/)*\.git\/*$/;

/**
 * Whether the words as written are git with only {@link PLAIN_GIT_OPTIONS},
 * {@link PLAIN_GIT_SETTINGS}, {@link REPOSITORY_GIT_OPTION} or `-C DIR` before the words git
 * executes.
 */
function plainGitGlobals(written: readonly string[], executed: readonly string[]): boolean {
  if (executed[0] !== "git" || written.length <= executed.length) return false;
  const head = written[0] ?? "";
  if (head !== "git" && !head.endsWith("/git")) return false;
  let i = 1;
  while (i < written.length && written[i] !== executed[1]) {
    const word = written[i] as string;
    if (PLAIN_GIT_OPTIONS.test(word) || REPOSITORY_GIT_OPTION.test(word)) i++;
    else if (
      i + 1 < written.length &&
      ((word === "--git-dir" && OWN_GIT_DIR.test(written[i + 1] as string)) ||
        word === "--work-tree" ||
        word === "--namespace")
    )
      i += 2;
    else if (word === "-c" && PLAIN_GIT_SETTINGS.test(written[i + 1] ?? "")) i += 2;
    // `-C DIR` is the command run in DIR, as `cd DIR && git …` is: the folder is a path of the
    // analysis, judged by the path and external_directory rules like any other.
    else if (word === "-C" && i + 1 < written.length) i += 2;
    else return false;
  }
  const rest = written.slice(i);
  return rest.length === executed.length - 1 && rest.every((word, k) => word === executed[k + 1]);
}

/** A unit's words without its leading execution-modifier wrappers (what `outer` joins). */
function outerArgv(unit: BashUnit): readonly string[] {
  let skip = 0;
  for (const layer of unit.wrappers) {
    if (layer.kind !== "transparent") break;
    skip += layer.argv.length;
  }
  const words = unit.argv.slice(skip);
  return unit.executed && plainGitGlobals(words, unit.executed) ? unit.executed : words;
}

/**
 * Other spellings of the same command a pattern must also meet: the command word without its
 * directory (`/usr/bin/git` is `git`, `./node_modules/.bin/x` is `x`), and the words with the
 * options before the first operand set aside, with and without the word after each option
 * (which may be its value). They can only make the verdict stricter.
 */
export function spellings(text: string): string[] {
  return spellingsOf(text).map((spelling) => spelling.text);
}

/** {@link spellings}, each with the steps that made it, after the steps in `before`. */
function spellingsOf(text: string, before: readonly SpellingStep[] = []): MatchedSpelling[] {
  const words = text.split(" ");
  const head = words[0] ?? "";
  const name =
    head.includes("/") && !head.endsWith("/") ? head.slice(head.lastIndexOf("/") + 1) : head;
  const named: SpellingStep[] = name === head ? [...before] : [...before, "command_name"];
  const out: MatchedSpelling[] = [];
  const add = (variant: string, steps: SpellingStep[]) => {
    if (variant !== text && !out.some((s) => s.text === variant))
      out.push({ text: variant, steps });
  };
  if (name !== head) add([name, ...words.slice(1)].join(" "), named);
  let i = 1;
  while (i < words.length && /^-./.test(words[i] as string) && words[i] !== "--") i++;
  if (i === 1) return out;
  const withoutOptions = [name, ...words.slice(i)];
  add(withoutOptions.join(" "), [...named, "options_set_aside"]);
  const withoutValues: string[] = [name];
  let k = 1;
  while (k < i) {
    const word = words[k] as string;
    const next = words[k + 1];
    // An option without `=` may take the next word as its value (`--prefix .`).
    k += !word.includes("=") && k + 1 < i + 1 && next !== undefined && !/^-/.test(next) ? 2 : 1;
  }
  withoutValues.push(...words.slice(Math.max(k, i)));
  add(withoutValues.join(" "), [...named, "options_set_aside"]);
  return out;
}

/**
 * The unit's words as shapes where each computed word is ` *` (any text, any number of words)
 * or gone (it may also expand to nothing): one shape per choice, or none when every word is
 * known. Past a few computed words one coarse shape stands for all.
 */
function computedShapes(
  words: readonly string[],
  computed: readonly number[],
  offset = 0,
  known: (word: string) => readonly string[] | null = () => null,
): string[] {
  const marked = computed.map((index) => index - offset).filter((i) => i >= 0 && i < words.length);
  if (marked.length === 0) return [];
  // What each computed word may become: its shapes, or any text; and it may also be gone.
  const options = marked.map((i) => (i === 0 ? null : known(words[i] as string)) ?? ["*"]);
  const count = options.reduce((n, o) => n * (o.length + 1), 1);
  if (marked.length > 3 || count > COMPUTED_SHAPES) {
    return [
      words.map((word, i) => (marked.includes(i) ? "*" : (i === 0 ? "" : " ") + word)).join(""),
    ];
  }
  const shapes: string[] = [];
  for (let choice = 0; choice < count; choice++) {
    let rest = choice;
    let shape = "";
    words.forEach((word, i) => {
      const k = marked.indexOf(i);
      if (k === -1) {
        shape += (i === 0 ? "" : " ") + word;
        return;
      }
      const alternatives = options[k] as readonly string[];
      const pick = rest % (alternatives.length + 1);
      rest = Math.floor(rest / (alternatives.length + 1));
      if (pick < alternatives.length) shape += (i === 0 ? "" : " ") + alternatives[pick];
    });
    shapes.push(shape);
  }
  return shapes;
}

/** Past this many shapes of a unit's computed words, one coarse shape stands for all. */
const COMPUTED_SHAPES = 64;

/**
 * The shapes a glob word can expand to, or `null` when it is not a plain glob. Bash keeps a
 * glob's segments without pattern characters as written (`nocaseglob` folds only the ones it
 * matches) and puts matching names where the others stand, so `dist/*.o` is `dist/*`; with
 * nothing matching, the word stays as written, which the shape covers too. The absolute
 * globs the analyzer resolved it to count as well (`cd /tmp && rm b/*` is `/tmp/b/*`).
 *
 * A relative glob in a folder the analyzer knows, with no segment that is or may match `..`,
 * names files there: each name it puts in a segment's place holds no `/`, so the segment is a
 * {@link NAME_RUN}, never the start of another path (`rm -f *.log` never meets `rm -rf /*`,
 * even with `-f` set aside). Where the folder is unknown (`cd "$D" && rm -rf *`, resolved
 * `**` + `/*`), it stays any text.
 */
function globShapes(
  word: string,
  resolved: ReadonlyMap<string, readonly string[] | null> | undefined,
): readonly string[] | null {
  // Anything but a literal path with pattern characters (an expansion, a quote, a brace,
  // extglob's parentheses, a tilde) stays any text.
  if (!/[*?[]/.test(word) || /[$`(){}\\'"]/.test(word) || word.startsWith("~")) return null;
  const absolute = resolved?.get(word);
  if (absolute === null || resolved === undefined) return null;
  const shape = (text: string, star: string) =>
    text
      .split("/")
      .map((segment) => (/[*?[\]]/.test(segment) ? star : segment))
      .join("/");
  const named =
    !word.startsWith("/") &&
    (absolute ?? []).every((glob) => glob.startsWith("/")) &&
    word.split("/").every((segment) => segment !== ".." && !mayBeDots(segment));
  return [
    ...new Set([
      shape(word, named ? NAME_RUN : "*"),
      ...(absolute ?? []).map((a) => shape(a, "*")),
    ]),
  ];
}

/**
 * Whether a glob segment may match `.` or `..`: only one that starts with a literal `.` can
 * (with `globskipdots` off, `.*` does); a pattern character never matches a leading `.`, even
 * under `dotglob`.
 */
function mayBeDots(segment: string): boolean {
  return segment.startsWith(".") && /[*?[]/.test(segment);
}

/**
 * Whether some text the unit's computed words can make is decided, under "the last matching
 * rule wins", by a rule stricter than `action`. Rules are read from the last: one that meets a
 * shape and is stricter answers yes; one that matches every text of the shape hides the
 * rules before it.
 */
function mayMeetStricter(
  policy: GatePolicy,
  unit: BashUnit,
  action: PermissionState,
  globs?: ReadonlyMap<string, readonly string[] | null>,
  home?: string,
): boolean {
  if (unit.computed === undefined) return false;
  let skip = 0;
  for (const layer of unit.wrappers) {
    if (layer.kind !== "transparent") break;
    skip += layer.argv.length;
  }
  const known = (word: string) => globShapes(word, globs);
  const shapes = [
    ...computedShapes(unit.argv.slice(skip), unit.computed.argv, skip, known),
    ...(unit.executed ? computedShapes(unit.executed, unit.computed.executed, 0, known) : []),
  ];
  // A rule that writes the home directory as `~` or `$HOME` meets a glob resolved below it
  // (`cd && rm important/*` under `rm ~/important/*`), as it meets resolved operands.
  const homes = home === undefined ? [] : homeSpellings(policy);
  for (const shape of [...shapes]) {
    for (const word of homes) {
      const spelled = spellHome(shape, home as string, word);
      if (spelled !== null) shapes.push(spelled);
    }
  }
  return shapes.some((shape) => shapeMeetsStricter(policy, shape, action));
}

function shapeMeetsStricter(policy: GatePolicy, shape: string, action: PermissionState): boolean {
  const rules = bashRules(policy.rules);
  // A deny or ask rule also meets the shape with the options it does not name set aside, as
  // it meets a unit's words (`cd /tmp && rm -rf builds/*` under `rm /tmp/builds/*`).
  const strict = shape.includes(" -") || shape.startsWith("/") ? strictBashPatterns(policy) : null;
  for (let k = rules.length - 1; k >= 0; k--) {
    const pattern = (rules[k] as (typeof rules)[number]).pattern;
    if (!bashPatternMeets(pattern, shape)) {
      const bare = strict?.has(pattern) ? withoutOtherOptions(pattern, shape) : null;
      if (bare === null || !bashPatternMeets(pattern, bare)) continue;
      const verdict = judgeOnSurface(policy, "bash", (p) => p === pattern, false);
      if (verdict && isStricter(verdict.action, action)) return true;
      continue;
    }
    const verdict = judgeOnSurface(policy, "bash", (p) => p === pattern, false);
    if (verdict && isStricter(verdict.action, action)) return true;
    // Every text of the shape is matched by this rule: no earlier rule can decide one.
    if (matchesBashPattern(pattern, shape)) return false;
  }
  return isStricter(universalDefault(policy).action, action);
}

/**
 * Whether a relative operand in a folder nobody knows (see UnitResolutions.placeless) may name
 * a file a deny or ask rule of absolute paths names: the unit's words with that operand put
 * in each folder such a rule names (`rm builds/x` is `rm /tmp/builds/builds/x` to
 * `rm /tmp/builds/*`, and `rm /tmp/builds/x` by its end), each spelling judged as the unit's
 * resolved words are.
 */
function placelessMeetsStricter(
  policy: GatePolicy,
  unit: BashUnit,
  action: PermissionState,
  placeless: UnitResolutions["placeless"],
): boolean {
  if (placeless === undefined) return false;
  const strict = strictBashPatterns(policy);
  // The folders the strict rules name by an absolute path (or the home's spellings): each
  // pattern word's part before its first wildcard, up to its last slash.
  const folders = new Set<string>();
  for (const pattern of strict) {
    for (const word of pattern.split(" ")) {
      if (!/^(\/|~\/|\$HOME\/|\$\{HOME\}\/)/.test(word)) continue;
      const literal = word.split(/[*?[]/, 1)[0] as string;
      folders.add(literal.slice(0, literal.lastIndexOf("/") + 1));
    }
  }
  if (folders.size === 0) return false;
  let skip = 0;
  for (const layer of unit.wrappers) {
    if (layer.kind !== "transparent") break;
    skip += layer.argv.length;
  }
  const sides: [readonly string[], ReadonlySet<number>][] = [
    [unit.argv.slice(skip), placeless.outer],
  ];
  if (unit.executed) sides.push([unit.executed, placeless.executed]);
  for (const [words, at] of sides) {
    for (const i of at) {
      const word = words[i] as string;
      // The folder itself, and each of its folders the operand's own path may start below
      // (`builds/x` in `/tmp/` is `/tmp/builds/x`).
      for (const folder of folders) {
        const segments = word.split("/");
        const places = [posix.join(folder, word)];
        for (let k = 1; k < segments.length; k++) {
          const head = segments.slice(0, k).join("/");
          if (folder.endsWith(`/${head}/`))
            places.push(folder.slice(0, folder.length - head.length - 1) + word);
        }
        for (const place of places) {
          const text = words.map((w, k) => (k === i ? place : w)).join(" ");
          for (const spelling of [{ text }, ...spellingsOf(text)]) {
            const met = judgeOnSurface(
              policy,
              "bash",
              (pattern) =>
                strict.has(pattern) &&
                (matchesBashPattern(pattern, spelling.text) ||
                  bashPatternMeetsWithOptions(pattern, spelling.text) !== null),
              false,
              textHead(spelling.text),
            );
            if (met !== null && isStricter(met.action, action)) return true;
          }
        }
      }
    }
  }
  return false;
}

/**
 * A shape with its command word's directory and the options `pattern` does not name set aside
 * (`/bin/rm -rf /tmp/b/*` is `rm /tmp/b/*` to `rm /tmp/b/*`); null when nothing is.
 */
function withoutOtherOptions(pattern: string, shape: string): string | null {
  const named = new Set(pattern.split(" ").filter((word) => word.startsWith("-")));
  const words = shape.split(" ");
  const head = words[0] ?? "";
  const name =
    head.includes("/") && !head.endsWith("/") ? head.slice(head.lastIndexOf("/") + 1) : head;
  const kept = [name, ...words.slice(1).filter((word) => !/^-./.test(word) || named.has(word))];
  const text = kept.join(" ");
  return text === shape ? null : text;
}

// The bash rules of a rule list, in order, gathered once per list.
const bashRuleLists = new WeakMap<readonly Rule[], readonly Rule[]>();

function bashRules(rules: readonly Rule[]): readonly Rule[] {
  let found = bashRuleLists.get(rules);
  if (found === undefined) {
    found = rules.filter((r) => r.surface === "bash");
    bashRuleLists.set(rules, found);
  }
  return found;
}

/** How many words of an unknown program are read as possible commands. */
const HIDDEN_COMMAND_WORDS = 16;

/**
 * The explicit deny or ask rule (never the catch-all `*`) that some tail of an unknown
 * program's words meets, read as a command of its own: `pkexec rm x` holds `rm x`. Options
 * and assignments do not start a command. Null when the program is one a table knows (its
 * inner command, if any, is already a unit) or no tail meets such a rule.
 */
function hiddenCommandRule(
  policy: GatePolicy,
  unit: BashUnit,
): (SurfaceVerdict & { spelling: MatchedSpelling }) | null {
  const words = unit.executed ?? null;
  if (words === null || words.length < 2) return null;
  const head = words[0] as string;
  const name = head.slice(head.lastIndexOf("/") + 1);
  // A table's program named by another path (`./node_modules/.bin/npx`) is not peeled by the
  // analyzer: its words are searched like an unknown program's.
  if (name === "git" || builtinProgram(head) !== null) return null;
  const computed = new Set(unit.computed?.executed ?? []);
  const heads = strictHeads(policy);
  const last = Math.min(words.length, HIDDEN_COMMAND_WORDS);
  for (let i = 1; i < last; i++) {
    const word = words[i] as string;
    if (computed.has(i) || word === "") continue;
    // `--cmd='git push'`, `RUN='git push'`: a value that is a whole command line is one too.
    const value = /^(?:--?[A-Za-z0-9][\w.-]*|[A-Za-z_][A-Za-z0-9_]*)=(.*\s.*)$/s.exec(word)?.[1];
    if (value === undefined && (word.startsWith("-") || word.includes("="))) continue;
    const tail = value ?? words.slice(i).join(" ");
    const read: SpellingStep[] = ["later_words"];
    // A package spec names the binary a runner starts (`npx`-like: `npm@9 publish`).
    const spec = /^(?:@[^/@\s]+\/)?([^/@\s]+)@[^/\s]*(?=\s|$)/.exec(tail);
    const tails = spec ? [tail, `${spec[1]}${tail.slice(spec[0].length)}`] : [tail];
    // A shell operator glued to a word (`'git push|'`, `'|git push'`, `'x;git push'`) starts
    // or ends a command line where the word reaches a shell or perl's two-argument open: each
    // piece between operators is a command of its own.
    if (/[|;&<>()]/.test(tail)) {
      for (const piece of tail.split(/[|;&<>()]+/)) {
        if (piece.trim() !== "") tails.push(piece.trim());
      }
    }
    for (const spelling of tails.flatMap((text) => [
      { text, steps: read },
      ...spellingsOf(text, read),
    ])) {
      // Only a deny or ask rule is looked for, and one about another program meets none
      // of the words: most later words name no program a refusing rule names (issue 18).
      if (refusingHeads.enabled && !heads.any && !heads.words.has(textHead(spelling.text))) {
        continue;
      }
      const met = judgeOnSurface(
        policy,
        "bash",
        (pattern) =>
          pattern !== "*" &&
          (matchesBashPattern(pattern, spelling.text) ||
            // A deny or ask rule meets it with other options set aside, as a unit's words.
            (strictBashPatterns(policy).has(pattern) &&
              bashPatternMeetsWithOptions(pattern, spelling.text) !== null)),
        false,
        textHead(spelling.text),
      );
      if (met !== null && met.action !== "allow") return { ...met, spelling };
    }
  }
  return null;
}

/**
 * The deny or ask rule a Python module run (`python3 -m pip install x`) meets as the module's
 * own command (`pip install x`), with that spelling; null when none does. Python's options
 * before `-m` are read (`-W`/`-X` take a value); `-c`, a script or `-` end the search.
 */
function moduleRunnerRule(
  policy: GatePolicy,
  unit: BashUnit,
): (SurfaceVerdict & { spelling: MatchedSpelling }) | null {
  const words = unit.executed ?? unit.argv;
  const head = words[0] ?? "";
  if (!/^python[0-9.]*$/.test(head.slice(head.lastIndexOf("/") + 1))) return null;
  const computed = new Set(unit.computed?.executed ?? []);
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as string;
    if (computed.has(i)) return null;
    // `-m pip`, `-mpip`, and flags clustered before it (`-Im pip`).
    const cluster = /^-[bBdEhiIOPqsSuvVx]*m(.*)$/.exec(word);
    let module: string[] | null = null;
    if (cluster !== null) {
      const rest = cluster[1] as string;
      module = rest === "" ? words.slice(i + 1) : [rest, ...words.slice(i + 1)];
      if (module.length === 0) return null;
    }
    if (module !== null) {
      const text = module.join(" ");
      const met = judgeBashText(policy, text, true, false);
      if (met === null || met.action === "allow") return null;
      return { ...met, spelling: { text, steps: ["later_words"] } };
    }
    if (!word.startsWith("-") || word === "-" || word.startsWith("-c")) return null;
    if (word === "-W" || word === "-X") i++;
  }
  return null;
}

/**
 * A unit's words with each path operand the analyzer resolved replaced by the absolute path it
 * names (`rm builds/x` after `cd /tmp` is `rm /tmp/builds/x`): one text per combination when
 * the analyzer could not tell which directory a `cd` left (`cd /tmp; rm x` may run in either).
 * `exact` says the text names exactly the files the words name; see {@link exactResolution}.
 */
export interface ResolvedSpelling {
  texts: readonly string[];
  exact: boolean;
}

/** The resolved spellings of a unit's outer and executed words. */
export interface UnitResolutions {
  outer: ResolvedSpelling | null;
  executed: ResolvedSpelling | null;
  /**
   * The absolute globs each glob operand expands where it runs, by the word as written
   * (`null` when some are not known); a glob inside the working directory that keeps its
   * spelling (see {@link namesInside}) is left out.
   */
  globs?: ReadonlyMap<string, readonly string[] | null>;
  /**
   * The relative path operands whose folder the analyzer could not tell (`rm builds/x` after
   * `cd "$D"`, `cd -` or a `cd` in a loop), by their index in the outer and executed words:
   * such a word may name the file in any folder (see {@link placelessMeetsStricter}). Absent
   * when there is none.
   */
  placeless?: { outer: ReadonlySet<number>; executed: ReadonlySet<number> };
}

// What a unit without operands resolves to; shared, since nothing writes a resolution.
const NO_RESOLUTIONS: UnitResolutions = Object.freeze({
  globs: new Map<string, readonly string[] | null>(),
  outer: null,
  executed: null,
});

/** Past this many combinations, one text per alternative stands for all of them. */
const RESOLVED_SPELLINGS = 16;

/**
 * The resolved spellings of one unit, from the paths the analyzer found for it. Only a
 * literal operand is replaced (never a computed word, a glob or a path the analyzer could not
 * work out), and the command word never is.
 */
export function unitResolutions(
  unit: BashUnit,
  paths: readonly TouchedPath[],
  exactDirectory: boolean,
  keepInside: string | null = null,
): UnitResolutions {
  let skip = 0;
  for (const layer of unit.wrappers) {
    if (layer.kind !== "transparent") break;
    skip += layer.argv.length;
  }
  // A unit that names no operand has nothing to resolve (most units: `git status`, `npm test`).
  if (!paths.some((p) => p.via === "operand")) return NO_RESOLUTIONS;
  const outerComputed = (unit.computed?.argv ?? []).map((i) => i - skip);
  const operands = operandIndex(paths);
  const below = keepInside === null ? null : `${keepInside.replace(/\/+$/, "")}/`;
  // A wrapper's own operands are not the inner command's (`find . -name x -exec rm -rf {} +`
  // runs `rm -rf ./**`, which never names `.`): a path whose word only one of the two texts
  // holds is left out of the other's test; any other path counts for both.
  const outerWords = new Set(unit.argv.slice(skip + 1));
  const executedWords = unit.executed ? new Set(unit.executed.slice(1)) : outerWords;
  const onlyOuter = (raw: string) => outerWords.has(raw) && !executedWords.has(raw);
  const onlyExecuted = (raw: string) => executedWords.has(raw) && !outerWords.has(raw);
  // One operand outside (`rm -rf build /`) puts the text where such patterns look: all its
  // operands are then read where they lead.
  const insideOf = (ignored: (raw: string) => boolean) =>
    below !== null &&
    paths.every((p) => {
      const where = p.path ?? p.glob ?? null;
      return p.via !== "operand" || ignored(p.raw) || (where !== null && where.startsWith(below));
    })
      ? below
      : null;
  const insideOuter = insideOf(onlyExecuted);
  const insideExecuted = unit.executed ? insideOf(onlyOuter) : insideOuter;
  const inside = insideOuter !== null && insideExecuted !== null ? below : null;
  const globs = new Map<string, string[] | null>();
  for (const p of paths) {
    if (p.via !== "operand" || p.path !== null) continue;
    const known = globs.get(p.raw);
    if (known === null) continue;
    const within = onlyOuter(p.raw) ? insideOuter : onlyExecuted(p.raw) ? insideExecuted : inside;
    if (p.glob === undefined || p.glob === null) globs.set(p.raw, null);
    else if (within === null || !p.glob.startsWith(within))
      globs.set(p.raw, [...(known ?? []), p.glob]);
    else if (known === undefined) globs.set(p.raw, []);
  }
  const placeless = { outer: new Set<number>(), executed: new Set<number>() };
  const resolutions: UnitResolutions = {
    globs,
    outer: resolveWords(
      unit.argv.slice(skip),
      outerComputed,
      operands,
      exactDirectory,
      insideOuter,
      placeless.outer,
    ),
    executed: unit.executed
      ? resolveWords(
          unit.executed,
          unit.computed?.executed ?? [],
          operands,
          exactDirectory,
          insideExecuted,
          placeless.executed,
        )
      : null,
  };
  if (placeless.outer.size > 0 || placeless.executed.size > 0) resolutions.placeless = placeless;
  return resolutions;
}

/**
 * Whether a bash pattern of the policy names a place inside `cwd` by an absolute path
 * (`rm /repo/data/*` run in `/repo`): only then does an operand inside the working directory
 * need its absolute spelling. A pattern that names the root or a folder above the project
 * (`rm -rf /*`, `rm -rf /home/*`) means what lies outside it: `rm -rf build` in `/repo` is not
 * `rm -rf /repo/build` to it.
 */
export function namesInside(
  policy: GatePolicy,
  cwd: string,
  home: string,
  loosening = false,
): boolean {
  let byPlace = insideNamed.get(policy.rules);
  if (byPlace === undefined) {
    byPlace = new Map();
    insideNamed.set(policy.rules, byPlace);
  }
  const key = `${loosening ? 1 : 0}\u0000${cwd}\u0000${home}`;
  let found = byPlace.get(key);
  if (found === undefined) {
    const root = cwd.replace(/\/+$/, "");
    found = policy.rules.some(
      (rule) =>
        rule.surface === "bash" &&
        (!loosening || mayLoosen(rule)) &&
        rule.pattern.split(" ").some((word) => {
          const spelled = word.replace(/^(~|\$HOME|\$\{HOME\})(?=\/|$)/, home);
          if (!spelled.startsWith("/")) return false;
          const literal = spelled.split(/[*?[]/, 1)[0] as string;
          return (
            literal.startsWith(root) &&
            (literal.length === root.length || literal[root.length] === "/")
          );
        }),
    );
    byPlace.set(key, found);
  }
  return found;
}

const insideNamed = new WeakMap<readonly unknown[], Map<string, boolean>>();

/**
 * Whether a rule may loosen what the rules before it decide: any rule of the user's own files,
 * and a project rule that allows and applies in full (trusted). A project's deny or ask, and
 * an untrusted project's allow, only tighten (S32 F5 names-inside).
 */
function mayLoosen(rule: Rule): boolean {
  return rule.origin.scope !== "project" || (rule.action === "allow" && rule.onlyTightens !== true);
}

// The operand paths by the word that named them, built once per unit: a command of thousands
// of operands must not scan every path for every word.
function operandIndex(paths: readonly TouchedPath[]): ReadonlyMap<string, TouchedPath[]> {
  const operands = new Map<string, TouchedPath[]>();
  for (const p of paths) {
    if (p.via !== "operand") continue;
    const same = operands.get(p.raw);
    if (same) same.push(p);
    else operands.set(p.raw, [p]);
  }
  return operands;
}

/**
 * The operand paths whose word as written is none of `words`: an expansion, a brace or a
 * `${IFS}` made the word the program got (`rm $f`, `{rm,builds/x}`, `rm $PWD/../x`).
 */
function looseOperands(
  operands: ReadonlyMap<string, TouchedPath[]>,
  words: readonly string[],
): TouchedPath[] {
  const written = new Set(words);
  const loose: TouchedPath[] = [];
  for (const [raw, named] of operands) if (!written.has(raw)) loose.push(...named);
  return loose;
}

/**
 * Whether a path the analyzer found under another spelling is the file `word` names: the word
 * is the path before its `..` are applied, the path itself, or (relative) the path's end.
 */
function namesWord(path: TouchedPath, word: string): boolean {
  if (path.joined === word) return true;
  const where = path.path ?? path.glob ?? null;
  if (where === null || word === "" || word.startsWith("-")) return false;
  const flat = posix.normalize(word).replace(/\/+$/, "");
  if (word.startsWith("/")) return path.path === flat;
  if (flat === "." || flat === ".." || flat.startsWith("../")) {
    // A word that climbs or stays (`x=../repo; rm -rf "$x"`, `x=.`, `x=src/..`) is no end of
    // the path: the path before its `..` are applied ends with it, and `.` names the folder
    // itself, a path with nothing after it (M21 rmroot-var: the project met no `rm -rf /*`).
    const bare = word.replace(/\/+$/, "");
    if (path.joined !== undefined) return path.joined.endsWith(`/${bare}`);
    return flat === "." && path.path !== null && path.glob === undefined;
  }
  return where.endsWith(`/${flat}`);
}

function resolveWords(
  words: readonly string[],
  computed: readonly number[],
  operands: ReadonlyMap<string, TouchedPath[]>,
  exactDirectory: boolean,
  inside: string | null,
  placeless: Set<number>,
): ResolvedSpelling | null {
  // A word is uncertain when the analyzer found more than one file for it, or one it could
  // not work out (a `cd` it could not follow): it is replaced where known, never exactly.
  let uncertain = false;
  let replaced = false;
  const computedAt = new Set(computed);
  let loose: TouchedPath[] | undefined;
  const choices: string[][] = words.map((word, i) => {
    if (i === 0 || computedAt.has(i)) return [word];
    let named = operands.get(word);
    if (named === undefined) {
      // The word the program got is spelled otherwise in the text (`f=builds/x; rm $f`,
      // `rm${IFS}builds/x`): the paths found under that spelling are its files, not exactly.
      if (word.startsWith("-") || operands.size === 0) return [word];
      loose ??= looseOperands(operands, words);
      named = loose.filter((p) => namesWord(p, word));
      if (named.length === 0) return [word];
      uncertain = true;
    }
    const resolved = new Set<string>();
    let kept = false;
    for (const p of named) {
      // A relative operand after a `cd` the analyzer could not follow (`**/builds/x`): the
      // word may name the file in any folder (see UnitResolutions.placeless).
      if (p.path === null && p.glob?.startsWith("**/") === true && !word.startsWith("/"))
        placeless.add(i);
      if (p.path === null || p.glob !== undefined || p.sentinel !== undefined) uncertain = true;
      // An operand inside the working directory keeps its spelling (see namesInside).
      else if (inside !== null && p.path.startsWith(inside)) kept = true;
      // A trailing slash is kept: on a link to a directory it names the directory.
      else resolved.add(word.endsWith("/") && !p.path.endsWith("/") ? `${p.path}/` : p.path);
    }
    if (resolved.size === 0) return [word];
    if (kept) resolved.add(word);
    if (resolved.size > 1 || hasDotDot(word)) uncertain = true;
    if (resolved.size > 1 || !resolved.has(word)) replaced = true;
    return [...resolved];
  });
  // No word resolved to another spelling: the only text is the words as written.
  if (!replaced) return null;
  const text = words.join(" ");
  const texts = combinations(choices).filter((t) => t !== text);
  if (texts.length === 0) return null;
  return { texts, exact: exactDirectory && !uncertain };
}

function combinations(choices: readonly string[][]): string[] {
  const count = choices.reduce((n, options) => n * options.length, 1);
  if (count > RESOLVED_SPELLINGS) {
    const widest = Math.max(...choices.map((options) => options.length));
    return [
      ...new Set(
        Array.from({ length: widest }, (_, k) =>
          choices.map((options) => options[Math.min(k, options.length - 1)]).join(" "),
        ),
      ),
    ];
  }
  let texts = [""];
  choices.forEach((options, i) => {
    texts = texts.flatMap((t) => options.map((o) => (i === 0 ? o : `${t} ${o}`)));
  });
  return [...new Set(texts)];
}

function hasDotDot(word: string): boolean {
  return word.split("/").includes("..");
}

/**
 * Whether every directory change in the command is one whose result is exactly the absolute
 * path the analyzer recorded: `cd` or `pushd` with one literal absolute operand and no `..`.
 *
 * Why no `..` anywhere: bash's `cd` resolves `..` against `$PWD`, which may spell the session's
 * directory through a symbolic link, and the kernel resolves an operand's `..` from the real
 * directory; either may reach another directory than the lexical result. Why absolute: a
 * relative `cd` consults `CDPATH` first. Why only these: `cd` alone, `cd -`, `popd` and
 * `pushd +N` go where the environment or the stack says. An operand's own resolution is exact
 * when, in addition, the analyzer found one directory for it and the word has no `..`.
 */
export function exactDirectoryChanges(analysis: BashAnalysis): boolean {
  return analysis.units.every((unit) => {
    const words = unit.executed ?? unit.argv;
    const name = words[0] ?? "";
    if (!["cd", "pushd", "popd", "chdir"].includes(name)) return true;
    const target = words[1] ?? "";
    return (
      name !== "popd" &&
      words.length === 2 &&
      target.startsWith("/") &&
      !hasDotDot(target) &&
      (unit.computed?.executed.length ?? 0) === 0
    );
  });
}

/**
 * The words with the command word's directory set aside when that directory is a standard
 * binary directory (`/usr/bin/git status` is `git status`), or `null` when there is none.
 */
/**
 * The words with their command name in lower case, when it holds an upper-case letter
 * (`GIT push` is `git push`; `/USR/BIN/GIT push` is that and `git push`): empty otherwise.
 */
function foldedCommandNames(text: string | null): string[] {
  if (text === null) return [];
  const space = text.indexOf(" ");
  const first = space === -1 ? text : text.slice(0, space);
  const lower = first.toLowerCase();
  if (lower === first) return [];
  const rest = space === -1 ? "" : text.slice(space);
  const bare = lower.slice(lower.lastIndexOf("/") + 1) + rest;
  return bare === lower + rest ? [bare] : [lower + rest, bare];
}

function systemProgramText(text: string): string | null {
  const space = text.indexOf(" ");
  const head = space === -1 ? text : text.slice(0, space);
  if (!head.includes("/")) return null;
  const name = systemProgramName(head);
  return name === null || name === "" ? null : name + (space === -1 ? "" : text.slice(space));
}

/** Judge one unit: outer and inner command, then the sentinel floor. */
export function judgeUnit(
  policy: GatePolicy,
  unit: BashUnit,
  resolutions: UnitResolutions = { outer: null, executed: null },
  home?: string,
  cwd?: string,
  destroyPlans: ReadonlySet<string> = NO_PLANS,
): JudgedItem {
  const { outer, executed } = unitMatchTexts(unit);
  const judge = (text: string): SurfaceVerdict =>
    // Tool surfaces fall back to the universal default, so this is never null.
    judgeBashText(policy, text, false, true) as SurfaceVerdict;
  // The spelling that met the deciding rule, when it is not the words judged as written.
  let met: MatchedSpelling | null = null;
  // An exactly resolved spelling is the same command naming the same files: the last rule
  // that meets it or the words as written decides, as if the operands had been written
  // absolute. So `"rm /tmp/builds/*": "allow"` after `"rm *": "ask"` allows `rm builds/x`
  // after `cd /tmp`. It only ever lifts an ask: a deny the written words meet stands
  // (INVARIANT: a deny is never evaded by spelling), and an inexact resolution (a `cd` the
  // analyzer could not follow for certain, a `..`) only tightens, below.
  const asWritten = (
    text: string,
    resolved: ResolvedSpelling | null,
  ): { verdict: SurfaceVerdict; spelling: MatchedSpelling | null } => {
    // `/bin/ls` is the program `ls`: every rule meets its bare name, the catch-all included,
    // so `"ls *": "allow"` decides `/bin/ls -la`; the words as written still meet every rule
    // that names something (the candidates below), which can only tighten.
    const bare = systemProgramText(text);
    if (bare !== null) {
      const { verdict, spelling } = asWritten(bare, resolved);
      const byWritten = verdict.rule !== null && matchesBashPattern(verdict.rule.pattern, text);
      return {
        verdict,
        spelling: spelling ?? (byWritten ? null : { text: bare, steps: ["command_name"] }),
      };
    }
    const verdict = judge(text);
    const exact = resolved?.exact ? (resolved.texts[0] as string) : null;
    if (exact === null || verdict.action === "deny") return { verdict, spelling: null };
    const either = judgeOnSurface(
      policy,
      "bash",
      (p) => matchesBashPattern(p, text) || matchesBashPattern(p, exact),
      true,
    ) as SurfaceVerdict;
    if (!isStricter(verdict.action, either.action)) return { verdict, spelling: null };
    const steps: SpellingStep[] = ["operands_resolved"];
    const byWords = either.rule !== null && matchesBashPattern(either.rule.pattern, text);
    return { verdict: either, spelling: byWords ? null : { text: exact, steps } };
  };
  let verdict: SurfaceVerdict = { action: policy.scrutinyOnly ? "allow" : "ask", rule: null };
  if (outer !== null) ({ verdict, spelling: met } = asWritten(outer, resolutions.outer));
  if (executed !== null) {
    const { verdict: inner, spelling } = asWritten(executed, resolutions.executed);
    // A rule that names the outer command (`npx vitest *`) is the operator's word on it; the
    // inner command's catch-all does not overrule it, an explicit rule for it does.
    const outerExplicit = verdict.rule !== null && verdict.rule.pattern !== "*";
    const innerExplicit = inner.rule !== null && inner.rule.pattern !== "*";
    if (isStricter(inner.action, verdict.action) && (innerExplicit || !outerExplicit)) {
      verdict = inner;
      met = spelling;
    } else if (
      // npm runs the command its alias names (`npm t` is `npm test`, `npm rum x` is `npm run
      // x`): the words as written are that command, so the catch-all they meet yields to a
      // rule written for the command npm runs. A rule written for the alias still decides.
      innerExplicit &&
      !outerExplicit &&
      isStricter(verdict.action, inner.action) &&
      npmRespelled(outer, executed)
    ) {
      verdict = inner;
      met = spelling ?? { text: executed, steps: ["command_name"] };
    }
  }
  // A spelling never evades a pattern: the command word without its directory, the words
  // with leading options set aside (`npm --silent publish` meets `npm publish*`), and the
  // operands resolved to the files they name (`cd /tmp && rm builds/x` meets
  // `rm /tmp/builds/*`), each resolution also without its directory and options.
  // Built with plain pushes: most units have none of these spellings, and a call's cost is
  // mostly what it touches (issue 18).
  const resolvedSteps: SpellingStep[] = ["operands_resolved"];
  const resolved: MatchedSpelling[] = [];
  for (const r of [resolutions.outer, resolutions.executed]) {
    for (const text of r?.texts ?? []) {
      resolved.push({ text, steps: resolvedSteps }, ...spellingsOf(text, resolvedSteps));
    }
  }
  const outerBare = outer === null ? null : systemProgramText(outer);
  const executedBare = executed === null ? null : systemProgramText(executed);
  const candidates: MatchedSpelling[] = [];
  // The words as written, when the bare program name was judged in their place.
  if (outer !== null && outerBare !== null) candidates.push({ text: outer, steps: [] });
  if (executed !== null && executedBare !== null) candidates.push({ text: executed, steps: [] });
  if (outer !== null) candidates.push(...spellingsOf(outer));
  if (executed !== null) candidates.push(...spellingsOf(executed));
  candidates.push(...resolved);
  // `terraform apply PLAN` of a destroy plan the command wrote is a destroy.
  const applied = destroyPlans.size === 0 ? null : appliedDestroyPlan(unit, destroyPlans);
  if (applied !== null) candidates.push(applied);
  // A rule that writes the home directory as `~` or `$HOME` (`rm ~/important/*`) meets the
  // operands that name it in any spelling: the resolved words with the home spelled its way.
  const homes = home === undefined ? [] : homeSpellings(policy);
  if (home !== undefined && homes.length > 0) {
    const written: MatchedSpelling[] = [];
    if (outer !== null) written.push({ text: outer, steps: resolvedSteps });
    if (executed !== null) written.push({ text: executed, steps: resolvedSteps });
    for (const s of [...written, ...resolved]) {
      for (const word of homes) {
        const text = spellHome(s.text, home, word);
        if (text !== null) candidates.push({ text, steps: s.steps });
      }
    }
  }
  const seen = new Set<string>();
  if (outer !== null) seen.add(outerBare ?? outer);
  if (executed !== null) seen.add(executedBare ?? executed);
  for (const spelling of candidates) {
    if (seen.has(spelling.text)) continue;
    seen.add(spelling.text);
    // Only a rule that names something meets a spelling: the catch-all (and the default)
    // already judged the words as written, and re-reading them through it would turn an
    // explicit allow (`"rm build": "allow"`) into the catch-all's ask.
    const spelled = judgeBashText(policy, spelling.text, true, false);
    if (spelled !== null && isStricter(spelled.action, verdict.action)) {
      verdict = spelled;
      // The words as written need no spelling shown.
      met = spelling.steps.length === 0 ? null : spelling;
    }
  }
  // On a file system that ignores case (macOS as installed) bash finds `GIT` as `git` in
  // PATH and runs it (`GIT push` pushes): a rule that refuses the name in lower case makes it
  // an ask; on a system that keeps case no such program is found, so never a deny.
  for (const text of [outer, executed]) {
    for (const folded of foldedCommandNames(text)) {
      for (const spelling of [
        { text: folded, steps: ["command_name"] as SpellingStep[] },
        ...spellingsOf(folded, ["command_name"]),
      ]) {
        const spelled = judgeBashText(policy, spelling.text, true, false);
        if (spelled === null || spelled.action === "allow") continue;
        if (isStricter("ask", verdict.action)) {
          verdict = { action: "ask", rule: spelled.rule };
          met = spelling;
        }
      }
    }
  }
  // An allow is not reached through `..`: `cat docs/../.env` matches `cat docs/*` only by its
  // spelling. The words with each `..` taken out lexically are judged too, the catch-all
  // included, unless the allow still matches them or names no wildcard (the words written out).
  const allowedBy = verdict.action === "allow" ? (verdict.rule?.pattern ?? null) : null;
  if (allowedBy?.includes("*")) {
    const climbed = [outer, executed].flatMap((t) => {
      const flat = t === null ? null : withoutDotDot(t);
      return flat === null ? [] : [flat];
    });
    for (const text of climbed) {
      if (matchesBashPattern(allowedBy, text)) continue;
      const flat = judge(text);
      if (isStricter(flat.action, verdict.action)) {
        verdict = flat;
        met = { text, steps: ["operands_resolved"] };
      }
    }
  }
  // An allow whose last word is a folder joined to a `*` (`"rm build/*"`) is about operands in
  // that folder: its `*` does not also take in later words that are not (`rm build/x -rf /`,
  // `cat docs/a ~/.ssh/id_rsa`). Those words are judged as if the allow were not there.
  const folderStar = allowedBy === null ? null : folderStarWords(allowedBy);
  if (folderStar !== null && allowedBy !== null) {
    for (const text of [outer, executed, ...candidates.map((c) => c.text)]) {
      if (text === null || !matchesBashPattern(allowedBy, text)) continue;
      if (!swallowsOtherWords(folderStar, text)) continue;
      const without = judgeOnSurface(
        policy,
        "bash",
        (p) => p !== allowedBy && matchesBashPattern(p, text),
        true,
        textHead(text),
      ) as SurfaceVerdict;
      if (isStricter(without.action, verdict.action)) {
        verdict = without;
        met = null;
      }
    }
  }
  // A deny or ask rule is not stepped around by an option inserted between its words or
  // clustered with the one it names (`git commit -q -F m`, `-aF m` under `git commit -F *`):
  // it meets the words with the options it does not name set aside. Allow rules stay literal.
  if (verdict.action !== "deny") {
    const texts = [outer, executed, ...candidates.map((c) => c.text)];
    // Only a text with an option word or a command of other names is read again (see
    // rereadOptions): most have none.
    if (texts.some((text) => text !== null && mayReadOtherwise(text))) {
      // The words as the analyzer split them, for the texts that are the unit's own words.
      const argv = new Map<string, readonly string[]>();
      if (outer !== null) argv.set(outer, outerArgv(unit));
      if (executed !== null && unit.executed) argv.set(executed, unit.executed);
      const reread = rereadOptions(policy, texts, verdict.action, candidates, argv);
      if (reread !== null) ({ verdict, met } = reread);
    }
  }
  // A deny or ask rule read as a command is read (the bash package's ruleReadings): its program
  // by its bare name (`/bin/rm *` meets `rm x`), a package runner's program without the runner
  // (`npx prisma migrate reset*` meets `npm exec prisma migrate reset`), and a file it runs by
  // its path from the working directory, which meets the file the unit runs however it is
  // started (`./deploy.sh *` meets `bash deploy.sh`, `cd scripts && ./release.sh` meets
  // `scripts/release.sh*`).
  if (verdict.action !== "deny" && cwd !== undefined && home !== undefined) {
    const reread = readRules(policy, cwd, home, unit, outer, executed, candidates, verdict.action);
    if (reread !== null) ({ verdict, met } = reread);
  }
  // A deny or ask rule about the files of one folder (`"rm /tmp/builds/*"`) meets a command
  // that names one of them among other operands (`rm a /tmp/builds/x`): each operand is also
  // read as the only one.
  if (verdict.action !== "deny") {
    const folders = strictFolderPatterns(policy);
    if (folders.size > 0) {
      const operandTexts = [outer, executed, ...candidates.map((c) => c.text)];
      const alone = operandAlone(policy, folders, operandTexts, verdict.action);
      if (alone !== null) ({ verdict, met } = alone);
    }
  }
  let action = verdict.action;
  let sentinel = unit.sentinel;
  // A program no table knows may run the command in its arguments (`pkexec rm x`): a later
  // word that starts a command an explicit deny or ask rule names cannot be allowed unasked.
  // A hook's rules read it too (`unbuffer git push` under a hook that denies `git push *`).
  if (action === "allow") {
    const hidden = hiddenCommandRule(policy, unit);
    if (hidden !== null) {
      verdict = hidden;
      met = hidden.spelling;
      action = "ask";
      sentinel ??= SENTINELS.indirectionWrapper;
    }
  }
  // `python3 -m pip install x` runs the module's command line as `pip install x` does: a deny or
  // ask rule naming that command meets it.
  if (action === "allow") {
    const module = moduleRunnerRule(policy, unit);
    if (module !== null) {
      verdict = module;
      met = module.spelling;
      action = module.action;
    }
  }
  // A word only known at run time may become what a stricter rule names, as may an operand
  // in a folder nobody knows: the unit cannot be allowed without asking (its deny cannot be
  // proven either).
  if (
    action === "allow" &&
    !policy.scrutinyOnly &&
    (mayMeetStricter(policy, unit, action, resolutions.globs, home) ||
      placelessMeetsStricter(policy, unit, action, resolutions.placeless))
  ) {
    action = "ask";
    sentinel ??= SENTINELS.computedWord;
  }
  // INVARIANT: what the analyzer cannot prove is at most ask; an explicit deny still denies.
  if (unit.sentinel !== null && action === "allow" && !policy.scrutinyOnly) action = "ask";
  // A program no table knows only may run its later words (`pg_virtualenv git push`): what
  // only the reading of them as its command finds is at most ask. A user who wants the deny
  // declares the program a wrapper; then its command is proven and no unit is hosted.
  if (unit.hostedBy !== undefined && action === "deny") {
    action = "ask";
    sentinel ??= SENTINELS.indirectionWrapper;
  }
  const value = outer ?? unit.text;
  const suggestion = suggestBashPattern(
    outer === null ? [unit.text] : outer.split(" "),
    unit.wrappers.some((w) => w.kind !== "transparent") || unit.sentinel !== null,
  );
  // Two literals rather than a spread of the optional key (its cost shows under cold caches).
  const item: JudgedItem =
    met === null
      ? {
          action,
          rule: verdict.rule,
          sentinel,
          value,
          shown: unit.text,
          surface: "bash",
          context: unit.context,
          executedUnit: executed,
          suggestion,
        }
      : {
          action,
          rule: verdict.rule,
          sentinel,
          value,
          shown: unit.text,
          surface: "bash",
          context: unit.context,
          executedUnit: executed,
          matchedAs: met,
          suggestion,
        };
  if (hasRunTimeWord(unit)) item.unfixed = true;
  return item;
}

/**
 * Whether a word of the unit is a value bash makes when it runs (`$F`, `$(cat tool.txt)`, a
 * backquote, `<(…)`): then the unit's text names no program or file of its own, and no grant
 * may cover it (S33 grant-unfixed, r33f F1/F1b). A glob is a pattern the human saw: it is not
 * such a word.
 */
function hasRunTimeWord(unit: BashUnit): boolean {
  const computed = unit.computed;
  if (computed === undefined) return false;
  return computed.argv.some((i) => RUN_TIME_WORD.test(unit.argv[i] ?? "$"));
}

const RUN_TIME_WORD = /[$`]|[<>]\(/;

function strictBashPatterns(policy: GatePolicy): ReadonlySet<string> {
  return refusingPatterns(policy.rules, "bash");
}

// The other readings of each deny or ask bash pattern, per rule list, working directory and home.
const readingsCache = new WeakMap<readonly unknown[], Map<string, ReadonlyMap<string, string[]>>>();

function strictReadings(
  policy: GatePolicy,
  cwd: string,
  home: string,
): ReadonlyMap<string, string[]> {
  let byPlace = readingsCache.get(policy.rules);
  if (byPlace === undefined) {
    byPlace = new Map();
    readingsCache.set(policy.rules, byPlace);
  }
  const key = `${cwd}\u0000${home}`;
  let found = byPlace.get(key);
  if (found === undefined) {
    const map = new Map<string, string[]>();
    for (const pattern of strictBashPatterns(policy)) {
      const readings = ruleReadings(pattern, cwd, home);
      if (readings.length > 0) map.set(pattern, readings);
    }
    found = map;
    byPlace.set(key, found);
  }
  return found;
}

const NO_PLANS: ReadonlySet<string> = new Set();

const TERRAFORMS: ReadonlySet<string> = new Set(["terraform", "tofu", "terragrunt"]);

/** A Go flag word's name when it is `-NAME`, `--NAME` or `-NAME=true` (terraform's flags). */
function goFlag(word: string): { name: string; value: string | null } | null {
  const m = /^--?([A-Za-z][\w-]*)(?:=(.*))?$/.exec(word);
  return m === null ? null : { name: m[1] as string, value: m[2] ?? null };
}

/**
 * The plan files the command writes with `terraform plan -destroy -out=FILE` (also tofu,
 * terragrunt): applying one destroys what `terraform destroy` would (`terraform apply FILE`
 * carries a saved plan out without asking).
 */
export function destroyPlanFiles(analysis: BashAnalysis): ReadonlySet<string> {
  let plans: Set<string> | null = null;
  for (const unit of analysis.units) {
    const words = unit.executed ?? [];
    if (!TERRAFORMS.has(words[0]?.split("/").pop() ?? "") || !words.includes("plan")) continue;
    let destroy = false;
    let out: string | null = null;
    words.forEach((word, i) => {
      const flag = goFlag(word);
      if (flag === null) return;
      if (
        flag.name === "destroy" &&
        (flag.value === null || /^(1|t|T|TRUE|true|True)$/.test(flag.value))
      ) {
        destroy = true;
      }
      if (flag.name === "out") out = flag.value ?? words[i + 1] ?? null;
    });
    if (destroy && out !== null) {
      plans ??= new Set();
      plans.add(posix.normalize(out));
    }
  }
  return plans ?? NO_PLANS;
}

/** `terraform apply PLAN` of a plan the command wrote with `-destroy`, read as a destroy. */
function appliedDestroyPlan(unit: BashUnit, plans: ReadonlySet<string>): MatchedSpelling | null {
  const words = unit.executed ?? [];
  if (!TERRAFORMS.has(words[0]?.split("/").pop() ?? "")) return null;
  const at = words.findIndex((word, i) => i > 0 && !word.startsWith("-"));
  if (at === -1 || words[at] !== "apply") return null;
  const operands = words.slice(at + 1).filter((word) => !word.startsWith("-"));
  const plan = operands[operands.length - 1];
  if (plan === undefined || !plans.has(posix.normalize(plan))) return null;
  const options = words.slice(at + 1).filter((word) => word.startsWith("-"));
  return { text: ["terraform", "destroy", ...options].join(" "), steps: ["command_name"] };
}

/** The package runners' other names: `npm exec` and `npm x` are `npx`, `bun x` is `bunx`. */
const RUNNER_SPELLINGS: readonly (readonly [string, string])[] = [
  ["npm exec ", "npx "],
  ["npm x ", "npx "],
  ["bun x ", "bunx "],
  ["pnpm dlx ", "pnpx "],
];

/** The plain `NAME=value` assignments before a unit's command, as written. */
function prefixAssignments(text: string): Map<string, string> {
  const found = new Map<string, string>();
  const one =
    /^([A-Za-z_][A-Za-z0-9_]*)=(?:'([^']*)'|"([^"$`\\]*)"|([^\s'"$`\\;&|<>()]*))(?:\s+|$)/;
  let rest = text;
  for (let m = one.exec(rest); m !== null; m = one.exec(rest)) {
    found.set(m[1] as string, m[2] ?? m[3] ?? m[4] ?? "");
    rest = rest.slice(m[0].length);
  }
  return found;
}

/**
 * The command as its prefix assignments make it: npm reads its configuration from
 * `npm_config_*` variables in any case (`npm_config_global=true npm i x` installs globally, as
 * `npm i -g x` does; also `npm_config_location=global`), and cargo its aliases from
 * `CARGO_ALIAS_NAME` (`CARGO_ALIAS_P=publish cargo p` is `cargo publish`).
 */
function environmentReadings(text: string, outer: string): string[] {
  if (!/^[A-Za-z_][A-Za-z0-9_]*=/.test(text)) return [];
  const assigned = prefixAssignments(text);
  if (assigned.size === 0) return [];
  const words = outer.split(" ");
  const program = words[0]?.split("/").pop() ?? "";
  const at = words.findIndex((word, i) => i > 0 && !word.startsWith("-"));
  const out: string[] = [];
  if (program === "npm" && at !== -1) {
    for (const [name, value] of assigned) {
      const key = name.toLowerCase();
      const global =
        (key === "npm_config_global" && !["", "false", "0", "null"].includes(value)) ||
        (key === "npm_config_location" && value === "global");
      if (global) out.push([...words.slice(0, at + 1), "-g", ...words.slice(at + 1)].join(" "));
    }
  }
  if (program === "cargo" && at !== -1) {
    const alias = (words[at] as string).toUpperCase().replaceAll("-", "_");
    const value = assigned.get(`CARGO_ALIAS_${alias}`);
    if (value !== undefined && value.trim() !== "") {
      out.push([...words.slice(0, at), value.trim(), ...words.slice(at + 1)].join(" "));
    }
  }
  return out;
}

function runnerSpelling(text: string): string | null {
  for (const [long, short] of RUNNER_SPELLINGS) {
    if (text.startsWith(long)) return short + text.slice(long.length);
  }
  return null;
}

/**
 * The stricter verdict a deny or ask rule reaches read as a command is (see `ruleReadings`),
 * or on the file the unit runs by its path (`unit.runs`), with the text it met; `null` when
 * none is stricter than `action`. A rule that matches the words as written keeps its place.
 */
function readRules(
  policy: GatePolicy,
  cwd: string,
  home: string,
  unit: BashUnit,
  outer: string | null,
  executed: string | null,
  candidates: readonly MatchedSpelling[],
  action: PermissionState,
): { verdict: SurfaceVerdict; met: MatchedSpelling } | null {
  const readings = strictReadings(policy, cwd, home);
  const runs = (unit.runs ?? []).map((words) => words.join(" "));
  // A package runner by its other name (`npm x x` and `npm exec x` are `npx x`).
  const runner = outer === null ? null : runnerSpelling(outer);
  // The command as its environment makes it (`npm_config_global=true npm i x`).
  const environed = outer === null ? [] : environmentReadings(unit.text, outer);
  if (readings.size === 0 && runs.length === 0 && runner === null && environed.length === 0) {
    return null;
  }
  const strict = strictBashPatterns(policy);
  const texts = [
    ...new Set([
      ...(outer === null ? [] : [outer]),
      ...(executed === null ? [] : [executed]),
      ...candidates.map((c) => c.text),
    ]),
  ];
  const metBy = new Map<string, MatchedSpelling>();
  // A reading also meets the command under another name of its command or an option spelled
  // otherwise (`/repo/artisan m:f` for `/repo/artisan migrate:fresh*`).
  const meets = (form: string, text: string): boolean => {
    if (matchesBashPattern(form, text)) return true;
    if (!mayReadOtherwise(text)) return false;
    const words = optionSynonymReading(text.split(" "), form.split(" "));
    return words !== null && matchesBashPattern(form, words.join(" "));
  };
  const verdict = judgeOnSurface(
    policy,
    "bash",
    (p) => {
      if (p === "*") return false;
      if (
        (outer !== null && matchesBashPattern(p, outer)) ||
        (executed !== null && matchesBashPattern(p, executed))
      ) {
        return true;
      }
      if (!strict.has(p)) return false;
      // The file the unit runs, met by the rule as written (`/repo/deploy.sh *`) or read.
      for (const form of [p, ...(readings.get(p) ?? [])]) {
        const byFile = runs.find((text) => meets(form, text));
        if (byFile !== undefined) {
          metBy.set(p, { text: byFile, steps: ["operands_resolved"] });
          return true;
        }
        if (runner !== null && meets(form, runner)) {
          metBy.set(p, { text: runner, steps: ["command_name"] });
          return true;
        }
        const byEnvironment = environed.find((text) => meets(form, text));
        if (byEnvironment !== undefined) {
          metBy.set(p, { text: byEnvironment, steps: ["options_set_aside"] });
          return true;
        }
        if (form === p) continue;
        const byName = texts.find((text) => meets(form, text));
        if (byName !== undefined) {
          metBy.set(p, { text: byName, steps: ["command_name"] });
          return true;
        }
      }
      return false;
    },
    false,
  );
  if (verdict === null || verdict.rule === null || !isStricter(verdict.action, action)) return null;
  const met = metBy.get(verdict.rule.pattern);
  return met === undefined ? null : { verdict, met };
}

/**
 * The stricter verdict some deny or ask rule reaches on a text with the options it does not
 * name set aside, with the reading it met; `null` when none is stricter than `action`. A rule
 * that matches a text as written keeps its place, so a later allow the words meet still wins
 * over an earlier deny met only this way.
 */
function rereadOptions(
  policy: GatePolicy,
  texts: readonly (string | null)[],
  action: PermissionState,
  spelled: readonly MatchedSpelling[],
  argv: ReadonlyMap<string, readonly string[]>,
): { verdict: SurfaceVerdict; met: MatchedSpelling } | null {
  const strict = strictBashPatterns(policy);
  if (strict.size === 0) return null;
  const heads = strictHeads(policy);
  let best: { verdict: SurfaceVerdict; met: MatchedSpelling } | null = null;
  for (const text of new Set(texts)) {
    if (text === null || !mayReadOtherwise(text)) continue;
    // Read by its own command word (below), a text no deny or ask rule names the word of
    // finds no reading: the rules read are all allows or the catch-all (issue 18: most
    // commands of a session meet no refusing rule of their program).
    const others = mayNameAnother(text);
    if (refusingHeads.enabled && !others && !heads.any && !heads.words.has(textHead(text))) {
      continue;
    }
    const readings = new Map<string, string>();
    const verdict = judgeOnSurface(
      policy,
      "bash",
      (p) => {
        if (p === "*") return false;
        if (matchesBashPattern(p, text)) return true;
        if (!strict.has(p)) return false;
        const words = argv.get(text);
        let reading = bashPatternMeetsWithOptions(p, text, words);
        // An option spelled another way the program reads the same (`rm -Rf`, `rm --recursive`)
        // is read as the rule spells it (the bash package's synonym tables).
        const synonyms =
          reading === null ? optionSynonymReading(words ?? text.split(" "), p.split(" ")) : null;
        if (synonyms !== null) {
          const alt = synonyms.join(" ");
          reading = matchesBashPattern(p, alt)
            ? alt
            : bashPatternMeetsWithOptions(p, alt, synonyms);
        }
        if (reading !== null) readings.set(p, reading);
        return reading !== null;
      },
      false,
      // A synonym reading keeps the command word, unless the word may be another name of a
      // program (`python3`, `mkfs.ext4`): then the rules about any program are read.
      others ? undefined : textHead(text),
    );
    if (verdict === null || verdict.rule === null) continue;
    const reading = readings.get(verdict.rule.pattern);
    if (reading === undefined || matchesBashPattern(verdict.rule.pattern, text)) continue;
    if (!isStricter(verdict.action, best?.verdict.action ?? action)) continue;
    const before = spelled.find((s) => s.text === text)?.steps ?? [];
    const steps: SpellingStep[] = before.includes("options_set_aside")
      ? [...before]
      : [...before, "options_set_aside"];
    best = { verdict, met: { text: reading, steps } };
  }
  return best;
}

/**
 * The first words of a rule list's deny and ask bash patterns (the catch-all left out), and
 * whether a text of any first word may meet one of them through `decideSurface`'s `head`:
 * a pattern's first word has a `*`, or the list has layers or managed rules (which
 * `decideSurface` reads whatever the head).
 */
interface StrictHeads {
  readonly words: ReadonlySet<string>;
  readonly any: boolean;
}

const strictHeadsCache = new WeakMap<readonly Rule[], StrictHeads>();

/**
 * Tests turn off the shortcuts that skip a deny or ask rule about another program (in
 * `rereadOptions`, `operandAlone` and `hiddenCommandRule`) to compare them with reading every
 * rule.
 */
export const refusingHeads = { enabled: true };

function strictHeads(policy: GatePolicy): StrictHeads {
  let found = strictHeadsCache.get(policy.rules);
  if (found === undefined) {
    const words = new Set<string>();
    let any = policy.rules.some((r) => r.onlyTightens || r.origin.scope === "managed");
    for (const pattern of strictBashPatterns(policy)) {
      // The first word as `decideSurface` reads it (blanks normalised).
      const first = pattern.trim().split(/\s+/, 1)[0] as string;
      if (first.includes("*")) any = true;
      else words.add(first);
    }
    found = { words, any };
    strictHeadsCache.set(policy.rules, found);
  }
  return found;
}

// The deny and ask bash patterns whose last word is a folder joined to a `*`, per rule list.
const folderPatterns = new WeakMap<readonly unknown[], ReadonlySet<string>>();

function strictFolderPatterns(policy: GatePolicy): ReadonlySet<string> {
  let found = folderPatterns.get(policy.rules);
  if (found === undefined) {
    found = new Set([...strictBashPatterns(policy)].filter((p) => folderStarWords(p) !== null));
    folderPatterns.set(policy.rules, found);
  }
  return found;
}

/** How many operands of one text are each read as the only one. */
const ALONE_OPERANDS = 16;

/**
 * The stricter verdict a folder rule reaches on a text with one of its operands kept and the
 * other operands (words after the rule's fixed words that are no option) left out, with that
 * reading; `null` when none is stricter than `action`.
 */
function operandAlone(
  policy: GatePolicy,
  folders: ReadonlySet<string>,
  texts: readonly (string | null)[],
  action: PermissionState,
): { verdict: SurfaceVerdict; met: MatchedSpelling } | null {
  let best: { verdict: SurfaceVerdict; met: MatchedSpelling } | null = null;
  for (const text of new Set(texts)) {
    if (text === null) continue;
    const words = text.split(" ");
    for (const pattern of folders) {
      const patternWords = folderStarWords(pattern) ?? [];
      const fixed = (patternWords.length || 1) - 1;
      // Every reading keeps the text's first word, and the pattern's first word has no `*`
      // (folderStarWords): a pattern about another program meets none of them.
      if (refusingHeads.enabled && patternWords[0] !== words[0]) continue;
      const operands: number[] = [];
      for (let i = fixed; i < words.length && operands.length < ALONE_OPERANDS; i++) {
        if (!/^-./.test(words[i] as string)) operands.push(i);
      }
      if (operands.length < 2) continue;
      for (const keep of operands) {
        const reading = words.filter((_, i) => i === keep || !operands.includes(i)).join(" ");
        const verdict = judgeOnSurface(
          policy,
          "bash",
          (p) =>
            p === pattern &&
            (matchesBashPattern(p, reading) || bashPatternMeetsWithOptions(p, reading) !== null),
          false,
          textHead(reading),
        );
        if (verdict === null || !isStricter(verdict.action, best?.verdict.action ?? action)) {
          continue;
        }
        best = { verdict, met: { text: reading, steps: ["options_set_aside"] } };
      }
    }
  }
  return best;
}

/**
 * A pattern's words when its last word is a folder joined to a `*` (`build/*`,
 * `feature/*`) and no other word has a `*`; otherwise null.
 */
function folderStarWords(pattern: string): readonly string[] | null {
  const words = pattern.trim().split(/\s+/);
  const last = words[words.length - 1] ?? "";
  const star = last.indexOf("*");
  if (words.length < 2 || star <= 0 || !last.slice(0, star).includes("/")) return null;
  return words.slice(0, -1).some((w) => w.includes("*")) ? null : words;
}

/**
 * Whether the text's words after the pattern's fixed ones are more than one, and some later one
 * is not a word the pattern's last word matches alone (an option, an operand elsewhere). A word
 * only known at run time is left to the computed-word floor, which judges it as any text.
 */
function swallowsOtherWords(patternWords: readonly string[], text: string): boolean {
  const words = text.split(" ");
  const fixed = patternWords.length - 1;
  const last = patternWords[fixed] as string;
  return words
    .slice(fixed + 1)
    .some((word) => !/[$`]/.test(word) && !matchesBashPattern(last, word));
}

/**
 * The words with every operand that climbs with `..` normalised lexically (`docs/../.env` is
 * `.env`, `/tmp/b/../../etc/x` is `/etc/x`), or `null` when no operand has a `..` segment.
 * The command word is left as it is.
 */
function withoutDotDot(text: string): string | null {
  const words = text.split(" ");
  let changed = false;
  const flat = words.map((word, i) => {
    if (i === 0 || !hasDotDot(word)) return word;
    changed = true;
    return posix.normalize(word);
  });
  return changed ? flat.join(" ") : null;
}

// The spellings of the home directory the policy's bash patterns use, per rule list.
const homeWords = new WeakMap<readonly unknown[], readonly string[]>();

function homeSpellings(policy: GatePolicy): readonly string[] {
  let found = homeWords.get(policy.rules);
  if (found === undefined) {
    const patterns = policy.rules.filter((r) => r.surface === "bash").map((r) => ` ${r.pattern}`);
    found = ["~", "$HOME", "${HOME}"].filter((word) =>
      patterns.some(
        (p) => p.includes(` ${word}/`) || p.includes(` ${word} `) || p.endsWith(` ${word}`),
      ),
    );
    homeWords.set(policy.rules, found);
  }
  return found;
}

// The words with each operand at or below the home directory spelled with `word` instead
// (`/home/u/x` is `~/x`), or `null` when none is.
function spellHome(text: string, home: string, word: string): string | null {
  let changed = false;
  const words = text.split(" ").map((w, i) => {
    if (i === 0 || (w !== home && !w.startsWith(`${home}/`))) return w;
    changed = true;
    return `${word}${w.slice(home.length)}`;
  });
  return changed ? words.join(" ") : null;
}

/** The bash gate: every executed unit judged, the most restrictive one decides. */
export function bashGate(
  policy: GatePolicy,
  facts: ToolCallFacts,
  command: string,
  analysis: BashAnalysis,
): RequestVerdict {
  const { items, deciding, action } = linksWhileRunning(
    policy,
    facts,
    analysis,
    judgedUnits(policy, facts, command, analysis),
  );
  return requestOf(facts, {
    gate: "bash",
    surface: "bash",
    value: command,
    action,
    decidingItem: deciding,
    items,
    payload: {
      kind: "bash",
      surface: "bash",
      value: deciding?.value ?? command,
      commandContext: deciding?.context ?? null,
      executedUnit: deciding?.executedUnit ?? null,
      matchedAs: deciding?.matchedAs ?? null,
      evidence: [fullCommandEvidence(command)],
    },
    facts: { kind: "bash", command, parseStatus: analysis.status },
  });
}

/**
 * A command that may make or move a link while calls judged before it still run (a codemode
 * script's earlier calls): a file one of them opens was looked up before the link, so the first
 * unit that may make one is at most an ask (T34 nested-running). Applied to a copy: the judged
 * units of a kept analysis are shared by every call that meets the command again.
 */
function linksWhileRunning(
  policy: GatePolicy,
  facts: ToolCallFacts,
  analysis: BashAnalysis,
  judged: JudgedUnits,
): JudgedUnits {
  if (judged.action !== "allow" || policy.scrutinyOnly || (facts.running?.length ?? 0) === 0) {
    return judged;
  }
  const made = linkMakingUnit(analysis);
  // git that writes no work-tree file may still run a hook (T34 git-hook-sibling).
  const index = made !== -1 ? made : hookRunningGit(analysis, [facts]);
  const item = judged.items[index];
  if (item === undefined) return judged;
  const floored: JudgedItem = { ...item, action: "ask", sentinel: SENTINELS.concurrentCall };
  const items = judged.items.map((each, at) => (at === index ? floored : each));
  return { items, deciding: floored, action: "ask" };
}

/** What the bash gate's judging of a command's units found: each unit's item, and the decision. */
interface JudgedUnits {
  readonly items: JudgedItem[];
  readonly deciding: JudgedItem | null;
  readonly action: PermissionState;
}

/**
 * Whether the judged units of a kept analysis are kept too (see {@link judgedUnits}); off only
 * for the tests that prove a kept judging equal to a fresh one.
 */
let keepJudgedUnits = true;

/** For tests: switch the keeping of judged units off (`false`) or on again. */
export function setJudgedUnitsKept(on: boolean): void {
  keepJudgedUnits = on;
}

// The judged units of each analysis the analyzer keeps, per rule list and per place. A kept
// analysis is frozen and answers every later call of the same command (the analyzer's memo),
// and judging its units reads nothing else but the rules, the working and home directories and
// the command: a session that runs a command again (`git status`, `npm test`) gets the same
// items without judging each unit's spellings against the rules again (issue 18).
const judgedByAnalysis = new WeakMap<
  BashAnalysis,
  WeakMap<readonly Rule[], Map<string, JudgedUnits>>
>();

/** The units' items and the deciding one, judged once per kept analysis, rule list and place. */
function judgedUnits(
  policy: GatePolicy,
  facts: ToolCallFacts,
  command: string,
  analysis: BashAnalysis,
): JudgedUnits {
  // INVARIANT: only a frozen analysis is answered from the memo; one a caller may still
  // change is judged afresh every time.
  if (!keepJudgedUnits || !Object.isFrozen(analysis)) {
    return judgeUnits(policy, facts, command, analysis);
  }
  let byRules = judgedByAnalysis.get(analysis);
  if (byRules === undefined) {
    byRules = new WeakMap();
    judgedByAnalysis.set(analysis, byRules);
  }
  let byPlace = byRules.get(policy.rules);
  if (byPlace === undefined) {
    byPlace = new Map();
    byRules.set(policy.rules, byPlace);
  }
  const key = `${policy.scrutinyOnly === true ? 1 : 0}\u0000${facts.cwd}\u0000${facts.home}\u0000${command}`;
  let judged = byPlace.get(key);
  if (judged === undefined) {
    judged = judgeUnits(policy, facts, command, analysis);
    // The items are shared by every call that meets them again: none may change them.
    for (const item of judged.items) Object.freeze(item);
    if (judged.deciding !== null) Object.freeze(judged.deciding);
    Object.freeze(judged.items);
    byPlace.set(key, judged);
  }
  return judged;
}

/** Every unit judged, the git-metadata floor applied, and the deciding item picked. */
function judgeUnits(
  policy: GatePolicy,
  facts: ToolCallFacts,
  command: string,
  analysis: BashAnalysis,
): JudgedUnits {
  if (!namesInside(policy, facts.cwd, facts.home)) {
    return judgeUnitsAt(policy, facts, command, analysis, facts.cwd);
  }
  const absolute = judgeUnitsAt(policy, facts, command, analysis, null);
  // INVARIANT (S32 F5 names-inside): a rule that only tightens never changes how the other
  // rules read a command so that it loosens. An untrusted or deny-only project rule naming a
  // place inside the project (`rm /repo/.git/*`) switches on the absolute spelling of
  // in-project operands, and an exact resolution may let a user's allow decide (`rm build/x`
  // met `rm /tmp/*`: ask -> allow). When only such rules switch it on, the command is also
  // read with the operands as spelled, and the stricter verdict stands.
  if (absolute.action !== "allow" || namesInside(policy, facts.cwd, facts.home, true)) {
    return absolute;
  }
  const spelled = judgeUnitsAt(policy, facts, command, analysis, facts.cwd);
  return isStricter(spelled.action, absolute.action) ? spelled : absolute;
}

function judgeUnitsAt(
  policy: GatePolicy,
  facts: ToolCallFacts,
  command: string,
  analysis: BashAnalysis,
  keepInside: string | null,
): JudgedUnits {
  const exactDirectory = exactDirectoryChanges(analysis);
  // `terraform plan -destroy -out=p && terraform apply p` destroys (see destroyPlanFiles).
  const plans = destroyPlanFiles(analysis);
  // Units that run nothing a rule could be about unless a rule names them (`cd src`).
  const idle = new Set<number>();
  // Each unit's paths, in the analysis's order, gathered in one pass.
  const pathsOf = new Map<number, TouchedPath[]>();
  for (const p of analysis.paths) {
    const same = pathsOf.get(p.unit);
    if (same) same.push(p);
    else pathsOf.set(p.unit, [p]);
  }
  const items = analysis.units.map((unit, index) => {
    const item = judgeUnit(
      policy,
      unit,
      unitResolutions(unit, pathsOf.get(index) ?? [], exactDirectory, keepInside),
      facts.home,
      facts.cwd,
      plans,
    );
    if (policy.scrutinyOnly || !isInertUnit(unit, command)) return item;
    const name = unit.executed?.[0] ?? "";
    if (item.rule !== null && patternNames(item.rule.pattern, name)) return item;
    idle.add(index);
    // A copy with three values changed, its keys in their order, built without a spread.
    const inert: JudgedItem = Object.assign({}, item);
    inert.action = "allow";
    inert.rule = null;
    inert.sentinel = null;
    return inert;
  });
  // A command the string leaves in the background that the tables know to make links may make
  // one after the call returns, under a later call judged on the disk as it was: at most ask
  // (see `backgroundLinkMaker`).
  const maker = policy.scrutinyOnly ? null : backgroundLinkMaker(analysis);
  if (maker !== null) {
    const index = analysis.units.indexOf(maker);
    const item = items[index];
    if (item !== undefined && item.action === "allow") {
      items[index] = { ...item, action: "ask", sentinel: SENTINELS.concurrentCall };
      idle.delete(index);
    }
  }
  // A write of git configuration or a hook plants what a later git call runs: at most ask. A
  // link to one is a way to write it later (`ln -s .git/config c; echo … >> c`).
  if (!policy.scrutinyOnly) {
    for (const path of analysis.paths) {
      const item = items[path.unit];
      if (item === undefined || item.action !== "allow") continue;
      const program = analysis.units[path.unit]?.executed?.[0] ?? "";
      const linking = /(^|\/)ln$/.test(program);
      if (path.access === "read" && !linking) continue;
      const where = path.path ?? path.glob ?? null;
      // Removing git's state plants nothing (`rm -rf .git/rebase-merge`, as git advises).
      const removal = /(^|\/)(rm|rmdir|unlink)$/.test(program);
      if (where !== null && isGitMetadata(where, removal)) {
        items[path.unit] = {
          ...item,
          action: "ask",
          sentinel: item.sentinel ?? SENTINELS.opaqueWrapper,
        };
        idle.delete(path.unit);
      }
    }
  }
  let deciding = pickDeciding(idle.size === 0 ? items : items.filter((_, i) => !idle.has(i)));
  let action = deciding?.action ?? "allow";
  // A string that runs nothing (`X=1`, a comment) is proven too: the analysis is ok and the
  // token cross-check found no command the grammar missed.
  const provable = analysis.status === "ok";
  // INVARIANT: a partial or unparseable command never allows.
  if (!provable && action === "allow" && !policy.scrutinyOnly) {
    deciding = {
      action: "ask",
      rule: null,
      sentinel: SENTINELS.unparseable,
      value: command,
      shown: command,
      surface: "bash",
      context: null,
      executedUnit: null,
      suggestion: command,
    };
    // Unproven text that holds an expansion may run anything its value says (r33f F1b).
    if (RUN_TIME_WORD.test(command)) deciding.unfixed = true;
    action = "ask";
  }
  return { items, deciding, action };
}

/** The first item with the strictest action: the one that decides. */
export function pickDeciding(items: readonly JudgedItem[]): JudgedItem | null {
  let deciding: JudgedItem | null = null;
  for (const item of items) {
    if (deciding === null || isStricter(item.action, deciding.action)) deciding = item;
  }
  return deciding;
}
