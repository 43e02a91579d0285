import { posix } from "node:path";
import { tokenize, tokenWords } from "../check/crosscheck.ts";
import { STEP, tick } from "../check/deadline.ts";
import { type Classification, classify, strongerSentinel } from "../programs/classify.ts";
import { type CmakeDefine, cmakeDefines } from "../programs/compiler-flags.ts";
import { fileRuns } from "../programs/file-runs.ts";
import { folderMoveUses } from "../programs/folder-moves.ts";
import {
  configEnvWritten,
  dashedGit,
  type GitSetting,
  gitAssignedPaths,
  gitEnvironmentSettings,
  initHereUses,
  readGit,
  writtenAliasRuns,
  writtenInteractiveRebase,
  writtenRemoteRuns,
  writtenSignatureChecks,
} from "../programs/git.ts";
import { gitSequenceUses, markUnseenLinks } from "../programs/git-links.ts";
import { ONE_NUMBER_WORD } from "../programs/inert-output.ts";
import { NAMES_ONLY_PROGRAMS } from "../programs/names-only.ts";
import {
  type NpmGitSpec,
  type NpmSetting,
  npmCanonical,
  npmGitSpec,
  npmGitSpecs,
  npmSshRuns,
  npmWritesGlobalPrefix,
} from "../programs/npm.ts";
import {
  envOf,
  globOfFolder,
  headerNamedOutputs,
  isByteSource,
  isDevice,
  isKnownFileCommand,
  nameTokenMayBeEmpty,
  npmGlobalPrefixUse,
  operandPaths,
  optionVariableOutputs,
  type PathState,
  type PathUse,
  pipUserSiteUse,
  resolveWord,
  shapedPaths,
  underProgramHome,
} from "../programs/paths.ts";
import { pipEnvironmentOptions } from "../programs/pip-env.ts";
import { scriptHelperRuns } from "../programs/script-runs.ts";
import { SHELL_WORDS } from "../programs/shell-words.ts";
import { sessionEscapes } from "../programs/stdin-sessions.ts";
import { mayBeOption, unknownValue } from "../programs/unknown-words.ts";
import {
  findPrint0Starts,
  lexicalProgramPath,
  toolName,
  type XargsInput,
} from "../programs/wrappers.ts";
import { joinCutAssignments } from "../read/cut-words.ts";
import { type HeredocSpan, readDelimiterWord } from "../read/source.ts";
import {
  backquoteReadings,
  decodeAnsi,
  type FoundSubstitution,
  findSubstitutions,
  type QuotingMode,
} from "../read/substitutions.ts";
import { type SyntaxNode as Node, SyntaxNode } from "../read/syntax-tree.ts";
import {
  evaluateWord,
  hasBraceExpansion,
  hasUnquotedGlob,
  joinTouching,
  type Piece,
  type Word,
  wordFromPieces,
  wordFromText,
} from "../read/words.ts";
import { SENTINELS, type Sentinel } from "../sentinels.ts";
import type { BashCommandContext, PathAccess, WrapperLayer } from "../types.ts";
import { assignmentShaped, assignmentTildes } from "./assignment-tilde.ts";
import { dropRisks, lineEndsBetween, riskWithin } from "./dropped-lines.ts";
import { reachingEnvironment } from "./environment-drops.ts";
import {
  ANY_NAME,
  CODE_FREE,
  codeFreeIn,
  DEFAULTED,
  defaultedNames,
  evaluatedSubscript,
  holdsInteger,
  INTEGER_VALUE,
  numericOutput,
  plainSubstitutions,
  splitsIntoUnknown,
  unsafeArithmetic,
  unsafeExpansion,
  unsafeExpansionSubscript,
} from "./evaluated.ts";
import {
  ARRAY_MERGED,
  COMPUTED_NAME,
  type ExpandEnv,
  expandWord,
  type Field,
  inheritedVariable,
  rereadBraceWords,
  type Vars,
  type VarValue,
  valuesOf,
  writtenByBash,
} from "./expand.ts";
import { GLOB_MADE, type GlobNames, globMade, globMadeKey, globNames } from "./glob-names.ts";
import {
  INERT_OUTPUT,
  ifsSplitsTokens,
  inertOutputOf,
  inertSourceOf,
  numberListing,
  withInertUses,
} from "./inert-values.ts";
import {
  type Assignment,
  assignmentsOfWords,
  compilerLines,
  dataProgram,
  exportedPathUses,
  exportMentions,
  type Injection,
  injectedByAssignment,
  injectedByAssignments,
  isCompilerLineVariable,
  LOOKUP_VARIABLES,
  pathShapedAssignments,
  pathsOfAssignments,
  standardPath,
  usesHome,
} from "./injection.ts";
import { followMadeLinks } from "./made-links.ts";
import { type EmptyReading, mayBeEmpty } from "./may-be-empty.ts";
import {
  ARRAY_BUILTIN,
  ARRAY_OPTION,
  assignsHostOptions,
  bracePairWithList,
  DECLARATION_WORD,
  DECLARED_ASSOCIATIVE,
  DECLARED_CASED,
  DECLARED_INTEGER,
  declaresComputedWord,
  mentionedInCommand,
  namesBeforeEmptyParens,
  OPERAND_IN,
  SET_WORD,
  SHOPT_WORD,
  setFlag,
  TRACE_FLAG,
  TRACE_SET_WORD,
} from "./mentions.ts";
import { markMovedCwd, mayCarryAny } from "./moved-folders.ts";
import { programArgRuns } from "./program-args.ts";
import { settingsMoved } from "./settings-homes.ts";
import { spellBraces } from "./spelled-text.ts";
import {
  ANY_ASSIGNED,
  assignsInArithmetic,
  IN_DOUBLE,
  IN_LITERAL_BODY,
  IN_SINGLE,
  type QuotedText,
  type UntrackedAssignment,
  untrackedAssignments,
} from "./untracked.ts";
import {
  mayHaveCreated,
  rerunsWrittenCode,
  runsWrittenCode,
  shellReadsOnAssignment,
  statementLoadPaths,
  unmodelledWrites,
  visibleUnits,
  withEnclosing,
  writesOrCompiles,
} from "./written-code.ts";

/**
 * The walk over tree-sitter-bash's tree: every node that executes becomes a unit, every
 * redirect and file operand a path, and the working directory is followed through `cd`.
 *
 * The default for a node type the walker does not know is to descend into it, so that a
 * substitution or command anywhere is still found.
 */

/** A unit before the final ordering. Ranges are in the parsed (normalised) text. */
export interface PendingUnit {
  /** Sort key: where the command word stands. */
  pos: number;
  /** Creation order, the tie-breaker (payload units follow their host). */
  seq: number;
  start: number;
  end: number;
  /** The text as written, when it does not come from the parsed range (payload units). */
  text?: string;
  argv: string[];
  context: BashCommandContext;
  wrappers: WrapperLayer[];
  executed: string[] | null;
  sentinel: Sentinel | null;
  paths: PendingPath[];
  /** What the token cross-check compares with: the command word, or null. */
  key: string | null;
  /** Units the cross-check should not count (payload units, recovered units). */
  synthetic: boolean;
  /** Indices of words only known at run time, in `argv` and `executed`. */
  computed?: { argv: number[]; executed: number[] };
  /** The command word names a function surely defined at this point (see `BashUnit`). */
  callsFunction?: true;
  /** The program no table knows whose later words this unit reads (see `BashUnit.hostedBy`). */
  hostedBy?: string;
  /** The unit runs in a job the string leaves in the background (see `BashUnit.background`). */
  background?: true;
  /**
   * Files the program may write through words not judged as paths (see `unmodelledWrites`):
   * only the written-code floor reads them.
   */
  mayWrite?: PendingPath[];
  /** The file the unit runs by its path, from each folder it may run in (see `BashUnit.runs`). */
  runs?: string[][];
  /**
   * The files and folders the unit may rename (S34 moved-cwd, programs/folder-moves.ts): kept
   * with the unit so that a host walk learns them from a nested one (`< "$(mv ../b ../../c)"`).
   */
  moves?: PendingPath[];
  /**
   * A git unit's settings from its options and its environment (`-c`, `--config-env`,
   * `GIT_CONFIG_*`): the remotes and rewrites its own fetch uses (git-links.ts).
   */
  gitSettings?: GitSetting[];
}

/** A touched path before unit indices are known. */
export interface PendingPath {
  raw: string;
  /**
   * The word's text after the string's own expansions, `..` not yet resolved (`l/../x` for
   * `$x/../x` with `x=l`), where it differs from `raw`: a climb through a link may only show here.
   */
  expanded?: string;
  path: string | null;
  glob: string | null;
  access: PathAccess;
  via: "redirect" | "operand";
  /**
   * The whole text this write puts in the file, when the string decides it: a `>` that
   * takes the stdout of `cat` fed a literal heredoc or of a literal `echo`.
   */
  wroteText?: string;
  /** The absolute path before its `..` segments are applied (see `TouchedPath.joined`). */
  joined?: string;
  /** Only the glob's names are taken (see `TouchedPath.listed`). */
  listed?: true;
  /** The glob's `**` segments are bash's own (see `TouchedPath.starsSkipDots`). */
  starsSkipDots?: true;
}

/** Why an analysis is not fully trusted. */
export interface Diagnostic {
  kind:
    | "grammar-error"
    | "missing-token"
    | "dropped-text"
    | "cross-check"
    | "nesting-limit"
    | "internal-error";
  message: string;
  /** Index in the parsed text, or -1. */
  at: number;
}

/** Where a nested script's units go in the host's list, and what they inherit from it. */
export interface NestedPlacement {
  /**
   * The host's place, taken by every inner unit; or `shift`, which moves each inner unit's own
   * places by an offset into the host's text (clamped to the host's range).
   */
  readonly at:
    | { readonly pos: number; readonly start: number; readonly end: number }
    | { readonly shift: number; readonly within: readonly [number, number] };
  /** The context of an inner unit that has none of its own. */
  readonly context: BashCommandContext;
  /** The host's wrapper layers, before each inner unit's own. */
  readonly wrappers?: readonly WrapperLayer[];
  /** The floor every inner unit keeps (the host's sentinel). */
  readonly sentinel: Sentinel | null;
  /** Whether the token cross-check skips the inner units (they are not on the host's line). */
  readonly synthetic: boolean;
  /** The prefix of the inner diagnostics' messages (`inside a nested script`). */
  readonly where: string;
  /** The creation order of the next unit. */
  readonly seq: () => number;
}

/**
 * The one way a nested analysis (`bash -c '…'`, a substitution read as text, an escaped
 * backtick body, a command only the token pass saw) joins its host: its units placed where the
 * host stands, under the host's wrappers and floor, and its diagnostics named as coming from
 * inside.
 */
export function attachNested(
  result: { readonly units: readonly PendingUnit[]; readonly diagnostics: readonly Diagnostic[] },
  placement: NestedPlacement,
): { units: PendingUnit[]; diagnostics: Diagnostic[] } {
  const at = placement.at;
  // Each inner place mapped into the host: shifted and clamped, or the host's own.
  const fixed = "shift" in at ? null : at;
  const shifted = "shift" in at ? at : null;
  const place = (offset: number, host: number): number =>
    shifted === null
      ? host
      : Math.min(Math.max(shifted.shift + offset, shifted.within[0]), shifted.within[1]);
  const hostStart = fixed?.start ?? shifted?.within[0] ?? 0;
  const diagnostics = result.diagnostics.map((diagnostic) => ({
    ...diagnostic,
    message: `${placement.where}: ${diagnostic.message}`,
    at: shifted !== null && diagnostic.at >= 0 ? place(diagnostic.at, hostStart) : hostStart,
  }));
  const units = result.units.map(
    (inner): PendingUnit => ({
      ...inner,
      pos: place(inner.pos, fixed?.pos ?? 0),
      seq: placement.seq(),
      start: place(inner.start, fixed?.start ?? 0),
      end: place(inner.end, fixed?.end ?? 0),
      context: inner.context ?? placement.context,
      wrappers:
        placement.wrappers && placement.wrappers.length > 0
          ? [...placement.wrappers, ...inner.wrappers]
          : inner.wrappers,
      sentinel: strongerSentinel(inner.sentinel, placement.sentinel),
      synthetic: placement.synthetic || inner.synthetic,
    }),
  );
  return { units, diagnostics };
}

/** The state flowing through a command list: where paths resolve, what `~` means. */
type State = PathState;

/** The state after a statement: when it succeeded, and whatever happened. */
interface Flow {
  ok: State;
  any: State;
}

interface Ctx {
  context: BashCommandContext;
  /** Inside a region the grammar could not parse. */
  unparseable: boolean;
  /** stdin carries data (a pipe). */
  stdinFed: boolean;
  /** The literal text arriving on stdin, when known (`cat <<'EOF' | sh`). */
  stdinScript?: string | null;
  /**
   * `set -e` does not stop the shell here: an `if`, `while` or `until` condition, a command
   * of an `&&`/`||` list but the last, a `!` command, a substitution (bash clears `-e` in
   * it), and everything these hold.
   */
  checked?: true;
  /** The start of a statement whose blanked-out `!` is already applied (see negatedStarts). */
  negated?: number;
  /**
   * What the pipeline member `owner` reads on stdin, when the member before it is a plain
   * command whose whole output is known (`echo a b`, `find src -print0`): for xargs.
   */
  stdinProducer?: { owner: Node; input: XargsInput } | null;
}

/** Analyses shell text run by an opaque layer, with the state it inherits. */
export type NestedAnalysis = (
  script: string,
  state: State,
) => { units: PendingUnit[]; diagnostics: Diagnostic[] } | null;

/** A character range from an upper-case letter to a lower-case one or back: it spans `\` and `` ` ``. */
const CROSSING_RANGE = /\{(?:[A-Z]\.\.[a-z]|[a-z]\.\.[A-Z])(?:\.\.[-+]?\d+)?\}/;

/**
 * Whether a substitution found in a word bash reads again runs: a backquote with no closing
 * one there is an expansion error (`bad substitution`), which runs nothing (`{Z..a}x` holds
 * `` `x ``).
 */
function closedBackquote(found: FoundSubstitution, text: string): boolean {
  if (found.kind !== "backtick") return true;
  return found.end - found.start >= 2 && text[found.end - 1] === "`";
}

/**
 * Whether bash brace-expands the word `node` where it stands. It does not in an assignment
 * of its own or before a command (`x={a,b}` holds the text; a declaration builtin's word
 * and an array element are expanded), a `case` word or pattern, a here-string, or `[[ ]]`.
 */
function bracesExpandAt(node: Node): boolean {
  const parent = node.parent;
  if (parent === null) return true;
  switch (parent.type) {
    case "variable_assignment": {
      const host = parent.parent?.type;
      return host === "declaration_command" || host === "array";
    }
    case "case_item":
    case "case_statement":
    case "herestring_redirect":
      return false;
    default:
      break;
  }
  for (let up: Node | null = parent; up !== null; up = up.parent) {
    if (up.type === "test_command") return !up.text.startsWith("[[");
    if (up.type !== "binary_expression" && up.type !== "unary_expression") {
      if (up.type !== "parenthesized_expression" && up.type !== "negated_expression") break;
    }
  }
  return true;
}

/** What a nested reading reports when bash could not parse the text. */
const BROKEN_LINE: ReadonlySet<string> = new Set([
  "grammar-error",
  "missing-token",
  "dropped-text",
  "cross-check",
]);

const MAX_CWDS = 4;
/**
 * How a host may give a nested bash options beyond their names: a computed value of
 * BASHOPTS or SHELLOPTS, a computed `-O`/`-o` operand, a computed flag cluster.
 */
const HOST_OPTIONS = /\s[-+][A-Za-z]*[Oo]\s+[$`]|\s[-+][$`]/;
/** A word that may change the working directory. */
const MOVES_DIRECTORY = /(?:^|[^A-Za-z0-9_-])(?:cd|pushd|popd)(?:$|[^A-Za-z0-9_-])/;
/** `cd /folder` as a command of its own: the folder written out, up to the command's end. */
const PLAIN_ABSOLUTE_CD =
  /(?:^|[\s;&|()!])cd[ \t]+(\/[A-Za-z0-9_./+@%,=-]*)(?=[ \t]*(?:$|[;&|\n)]))/g;

/**
 * A plain directory change the walk may find trailing (see `Walker.trailingCd`): `cd` or
 * `pushd` of one written-out folder (`~` and `~/…` take $HOME; `~user` would read the user
 * database: not taken), `cd -`, or `popd` alone, with at most redirects to /dev/null.
 */
const TRAILING_CD =
  /^(?:(?:cd|pushd)[ \t]+(?:~(?:\/[A-Za-z0-9_./@%+=:,-]*)?|[A-Za-z0-9_./@%+=:,-]+)|popd)(?:[ \t]+(?:[0-9]|&)?>>?[ \t]*\/dev\/null)*[ \t]*$/;

/** The command a `&&`/`||` list runs last when it gets there, or the node itself. */
function lastOfList(node: Node): Node {
  let last = node;
  while (last.type === "list") {
    const named = last.namedChildren.filter((child): child is Node => child?.type !== "comment");
    const end = named.at(-1);
    if (end === undefined) break;
    last = end;
  }
  return last;
}
const SUBSTITUTION_MARKERS = ["$(", "`", "<(", ">("];
/** What makes a node worth searching: a substitution, or a context that evaluates a string. */
const EXPRESSION_MARKERS = [...SUBSTITUTION_MARKERS, "${", "$[", "[", "((", "$'"];

/**
 * Builtins that assign variables named among their words. Every identifier-like part of their
 * words is taken as possibly assigned: more than bash assigns, never less.
 */
/** Variables a builtin assigns when no name is given, or besides the names given. */
const IMPLIED_TARGETS: ReadonlyMap<string, readonly string[]> = new Map([
  ["read", ["REPLY"]],
  ["mapfile", ["MAPFILE"]],
  ["readarray", ["MAPFILE"]],
  ["getopts", ["OPTARG", "OPTIND"]],
]);

/**
 * The variables an assignment to a name only known at run time is taken to assign: PATH (it
 * changes what a name runs) and POSIXLY_CORRECT (it changes how GNU programs read options).
 */
const COMPUTED_NAME_TARGETS: readonly string[] = ["PATH", "POSIXLY_CORRECT", COMPUTED_NAME];

/** Builtins that declare variables and give them attributes. */
const DECLARERS: ReadonlySet<string> = new Set([
  "declare",
  "typeset",
  "local",
  "export",
  "readonly",
]);

const ASSIGNING_COMMANDS = new Set([
  "read",
  "mapfile",
  "readarray",
  "getopts",
  "printf",
  "let",
  "wait",
  "declare",
  "typeset",
  "local",
  "export",
  "readonly",
]);

function indicesOf(words: readonly Word[], test: (word: Word) => boolean): number[] {
  const out: number[] = [];
  words.forEach((word, index) => {
    if (test(word)) out.push(index);
  });
  return out;
}

/** The expansions and substitutions below `node` that stand outside double quotes. */
function unquotedExpansions(node: Node): Node[] {
  const found: Node[] = [];
  const stack: Node[] = [...node.namedChildren.filter((child): child is Node => child !== null)];
  while (stack.length > 0) {
    const current = stack.pop() as Node;
    tick(STEP.expression);
    if (current.type === "string" || current.type === "raw_string") continue;
    if (
      current.type === "simple_expansion" ||
      current.type === "expansion" ||
      current.type === "command_substitution"
    ) {
      found.push(current);
      continue;
    }
    for (const child of current.namedChildren) if (child) stack.push(child);
  }
  return found;
}

/** Whether a node stands inside a double-quoted string or a `${…}` operand of its command. */
function insideQuotedWord(node: Node): boolean {
  for (let up = node.parent; up !== null; up = up.parent) {
    if (up.type === "string" || up.type === "expansion") return true;
    if (isStatement(up) || up.type === "command_substitution" || up.type === "heredoc_body")
      return false;
  }
  return false;
}

/** Nodes of an arithmetic expression, between a quoted string and its arithmetic context. */
const ARITHMETIC_PARTS: ReadonlySet<string> = new Set([
  "binary_expression",
  "unary_expression",
  "postfix_expression",
  "parenthesized_expression",
  "ternary_expression",
]);

/** `$(( ))`, `$[ ]`, `(( ))`, an array subscript, a C-style for: bash reads them as arithmetic. */
function isArithmetic(node: Node): boolean {
  return (
    node.type === "arithmetic_expansion" ||
    node.type === "subscript" ||
    node.type === "c_style_for_statement" ||
    (node.type === "compound_statement" && node.child(0)?.type === "((")
  );
}

/** Whether a node stands inside a double-quoted string. */
function insideString(node: Node): boolean {
  for (let up = node.parent; up !== null; up = up.parent) {
    if (up.type === "string") return true;
    if (isStatement(up) || up.type === "command_substitution") return false;
  }
  return false;
}

function ancestorIsDoubleQuotedExpansion(node: Node): boolean {
  let inExpansion = false;
  for (let up = node.parent; up !== null; up = up.parent) {
    if (up.type === "expansion") inExpansion = true;
    else if (up.type === "string") return inExpansion;
    else if (up.type !== "concatenation") return false;
  }
  return false;
}

/** Whether `name` occurs as a word anywhere in `text` outside `[from, to)`. */
function calledElsewhere(text: string, name: string, from: number, to: number): boolean {
  // Asked once per function definition, over the whole text: counted (a step is about sixteen
  // characters of these scans), so a long chain of definitions spends its budget.
  tick(STEP.char * (text.length >> 4));
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(`(^|[^A-Za-z0-9_.-])${escaped}($|[^A-Za-z0-9_.-])`);
  const outside = text.slice(0, from) + " ".repeat(to - from) + text.slice(to);
  if (pattern.test(outside)) return true;
  // A call may spell the name with quotes or backslashes that quote removal takes away
  // (`x\=y`, `x"="y` call `x=y`), or with ANSI-C escapes (`$'\x66'` is `f`): the text with
  // them taken out is searched too, and any `$'` may spell any name.
  return outside.includes("$'") || pattern.test(outside.replace(/[\\'"]/g, ""));
}

/**
 * A word that starts with `~+` spelled from the directory instead, its glob pattern and pieces
 * too: `~+/../etc/pass*` is `/repo/../etc/pass*`, which climbs out, not `/repo/etc/pass*`.
 */
function atDirectory(word: Word, cwd: string, prefix = 2): Word {
  const [first, ...rest] = word.pieces ?? [];
  return {
    ...word,
    text: cwd + word.text.slice(prefix),
    written: word.text,
    tilde: false,
    // The directory is a quoted part of the pattern: its characters match themselves.
    pattern:
      word.pattern === null
        ? null
        : cwd.replace(/[*?[\]{}()!+@\\]/g, "\\$&") + word.pattern.slice(prefix),
    pieces:
      first === undefined
        ? undefined
        : [
            { kind: "quoted", text: cwd },
            { ...first, text: first.text.slice(prefix), raw: first.raw?.slice(prefix) },
            ...rest,
          ],
  };
}

/**
 * The command word as the path bash runs, when a relative (`../../usr/bin/npm` from `/repo`)
 * or `~/…` name leads lexically into a standard binary folder from the working directory or
 * home: the program's tables then know it (see toolName). Its `..` segments stay
 * (`/repo/../../usr/bin/npm`): the kernel reads them through links (classify floors them).
 * Any other word is itself (`./git`, `node_modules/.bin/x` are the project's programs, judged
 * by their names).
 */
function programWord(word: Word, state: State): Word {
  const text = word.text;
  if (!word.literal || word.glob || text.startsWith("/") || !text.includes("/")) return word;
  let froms: string[];
  if (word.tilde && text.startsWith("~")) {
    const home = expandTilde(text, state);
    froms = home === null ? [] : [home];
  } else {
    froms = (state.cwds ?? []).map((cwd) => `${cwd === "/" ? "" : cwd}/${text}`);
  }
  if (froms.length === 0 || !froms.every((from) => from.startsWith("/"))) return word;
  const standard = froms.filter((from) => toolName(lexicalProgramPath(from)) !== null);
  if (standard.length === 0) return word;
  // Where a `cd` may have failed (`cd /usr/bin; ./npm pub`), the word is also a file of
  // another folder: named absolutely there, classify judges it both ways and floors it.
  const other = froms.find((from) => !standard.includes(from));
  return { ...word, text: other ?? (standard[0] as string), tilde: false };
}

/** `~`, `~/…` and `~+…` with the state's home or directory; null when that is not known. */
function expandTilde(text: string, state: State): string | null {
  if (/^~\+(\/|$)/.test(text)) {
    const cwd = tildePlus(state);
    return cwd === null ? null : cwd + text.slice(2);
  }
  if (/^~-(\/|$)/.test(text)) {
    const old = tildeMinus(state);
    return old === null ? null : old + text.slice(2);
  }
  if (/^~[^/]/.test(text)) return null;
  if (!/^~(\/|$)/.test(text)) return text;
  return state.home === null ? null : state.home + text.slice(1);
}

/**
 * What `~+` expands to: bash reads the variable PWD, which is the working directory until the
 * string assigns PWD itself (`PWD=~/.ssh; cat ~+/id_rsa` reads the key; round 10 J3). `cd`
 * sets it again (see {@link Walker.effect}). Null when that value is not one known text.
 */
function tildePlus(state: State): string | null {
  if (!state.vars.has("PWD") && !state.vars.has(ANY_NAME)) {
    return state.cwds?.length === 1 ? (state.cwds[0] as string) : null;
  }
  const values = valuesOfState("PWD", state);
  return values?.length === 1 && values[0]?.glob !== true ? (values[0]?.text ?? null) : null;
}

/**
 * What `~-` expands to: bash reads the variable OLDPWD, which a directory change of the string
 * sets to the folder it left (`cd src && ls ~-` lists the folder cd left), or an assignment of
 * the string gives. Null when that is not one absolute text the string decided: an OLDPWD the
 * caller's environment passed on (bash keeps one that names a folder) is not known, and with
 * OLDPWD unset bash leaves `~-` as written.
 */
function tildeMinus(state: State): string | null {
  if (state.vars.has(ANY_NAME)) return null;
  const values = state.vars.get("OLDPWD");
  const value = values?.length === 1 ? values[0] : undefined;
  return value !== undefined && value.glob !== true && value.text.startsWith("/")
    ? value.text
    : null;
}

/**
 * What a tilde prefix names where the state is: `~` HOME, `~+` PWD and `~-` OLDPWD as the
 * string left them; `~N` and `~user` name folders the string does not decide (null).
 */
function tildeFolder(state: State): (prefix: string) => string | null {
  return (prefix) =>
    prefix === "~"
      ? state.home
      : prefix === "~+"
        ? tildePlus(state)
        : prefix === "~-"
          ? tildeMinus(state)
          : null;
}

/** A word written `~+…` with PWD's value in place of `~+`, or computed when that is unknown. */
function tildePlusWord(word: Word, state: State): Word {
  const pwd = tildePlus(state);
  return pwd === null ? { ...word, literal: false, pieces: undefined } : atDirectory(word, pwd);
}

/** Steps a failed node's text costs per character to read again (about half a microsecond). */
const ERROR_READ_STEPS_PER_CHAR = 5;

/** A word written `~-…` with OLDPWD's value in place of `~-`, or computed when that is unknown. */
function tildeMinusWord(word: Word, state: State): Word {
  const old = tildeMinus(state);
  return old === null ? { ...word, literal: false, pieces: undefined } : atDirectory(word, old);
}

/** The words of a text split at its control operators and parentheses, as the token pass reads them. */
function operatorGroups(text: string): Word[][] {
  const groups: Word[][] = [[]];
  for (const token of tokenize(text)) {
    if ("op" in token) groups.push([]);
    else (groups[groups.length - 1] as Word[]).push(token.word);
  }
  return groups.filter((group) => group.length > 0);
}

/**
 * The key under which the walker remembers that the string may have rebound PATH (or
 * `BASH_CMDS`) in the current shell: a `read`, a loop variable, `unset`, `printf -v`, a
 * computed name. A written `PATH=…` of the standard directories clears it.
 */
const LOOKUP_REBOUND = "%lookup-rebound";
/**
 * Marks a state where `set -e` (`errexit`) is surely on: written out literally before, on
 * every path here. Two paths keep it only when both hold it (see unionVars).
 */
const ERREXIT = "%errexit";

/** Marks a state whose working directory a `cd` made unknown (see `unknownCwd`). */
const LEFT_BY_CD = "%left-by-cd";
/**
 * Set once a command whose name was only known at run time may have made a name readonly
 * (`$r$o x=.env`), or code the walk does not read ran (`eval`, `source`): bash may refuse
 * any later assignment.
 */
const READONLY_MADE = "%readonly-made";
/** The prefix of a name a declaration written out made readonly (see Walker.readonlyNames). */
const READONLY_NAME = "%readonly:";

/** The folders below the top of the directory stack, as JSON (see `stackBelow`). */
const DIRSTACK_BELOW = "%dirstack-below";

/** An arithmetic assignment to PATH or BASH_CMDS, or to a name an expansion computes. */
const ARITHMETIC_LOOKUP_ASSIGNMENT =
  /(?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|(?<![A-Za-z0-9_])(?:PATH|BASH_CMDS|BASH_ALIASES))\s*(?:\[[^\]]*\])?\s*(?:[-+*/%&|^]|<<|>>)?=(?!=)/;

/**
 * `exec {PATH}>f` (the descriptor number is assigned to PATH) and `coproc PATH { …; }`, looked
 * for in the text before the `coproc` keyword is blanked out.
 */
export const LOOKUP_BY_NAME =
  /\{(?:PATH|BASH_CMDS|BASH_ALIASES)\}\s*[<>]|(?<![A-Za-z0-9_])coproc\s+(?:PATH|BASH_CMDS|BASH_ALIASES)(?![A-Za-z0-9_])/;

/** The key under which the walker remembers that a variable has a case attribute (`-l`, `-u`, `-c`). */
const CASED = "%cased:";

/** The key under which the walker remembers that a variable has the integer attribute. */
const INTEGER = "%integer:";

/**
 * Variables bash starts with the integer attribute: every assignment to them (`NAME=v`, `+=`,
 * `export`, `read`, `getopts`, `for`, `mapfile`, an array form) evaluates the value as
 * arithmetic, and a subscript in it runs its substitutions (`RANDOM='a[$(id)]'` runs id).
 * Traced under bash 5.2; LINENO, SECONDS, COLUMNS and the other counters store the text as
 * given. Only `unset`, `declare +i` or a `local` of the name drop the attribute, which the
 * walk does not follow: the name is taken as integer throughout.
 */
const BASH_INTEGERS: ReadonlySet<string> = new Set(["RANDOM", "SRANDOM", "OPTIND", "HISTCMD"]);

/** The variables bash makes readonly itself: assigning one is refused. */
const BASH_READONLY: ReadonlySet<string> = new Set([
  "BASHOPTS",
  "BASH_VERSINFO",
  "EUID",
  "PPID",
  "SHELLOPTS",
  "UID",
]);

/** An assignment to one of {@link BASH_READONLY}, which bash refuses. */
const BASH_READONLY_ASSIGNED =
  /\b(?:BASHOPTS|BASH_VERSINFO|EUID|PPID|SHELLOPTS|UID)(?:\[[^\]]*\])?\+?=/;

/** After a declaration builtin, an option cluster giving the readonly attribute (`-r`, `-gr`). */
const DECLARED_READONLY = /\s-[A-Za-z]*r/;

/**
 * The key under which the walker keeps the elements of an array the string assigned from
 * plain words (`dirs=(src tests)`), each a value `"${dirs[@]}"` may give a `for` variable.
 * Any other assignment of the name drops it (see `assign`).
 */
const ARRAY_ELEMENTS = "%array:";

/**
 * The key under which the walker remembers that a function is defined in this shell. Present
 * with a value only where every path to this point defined it; a call elsewhere (a branch, a
 * subshell, after `unset`, `eval` or another call) may run a program of that name.
 */
const DEFINED_FUNCTION = "%function:";

/** Whether a value assigned to an integer variable, evaluated as arithmetic, runs nothing. */
function safeInteger(word: Word, state: State, raw?: string): boolean {
  if (word.literal) return safeIntegerText(word.text, state);
  // A computed value is expanded, then evaluated as `$(( raw ))` would evaluate it: each
  // name's value checked as arithmetic, a substitution only when its output is a number
  // (`RANDOM=$$`, `OPTIND=$n` with n=1, `RANDOM=$(date +%s)`). Double quotes change nothing
  // there; single quotes, backslashes and brackets may hide what runs, so they count as code.
  if (raw === undefined) return false;
  const text = raw.replace(/"/g, "");
  return (
    !/['\\[]/.test(text) &&
    unsafeArithmetic(text, envOf(state)) === null &&
    !assignsInArithmetic(text)
  );
}

function safeIntegerText(text: string, state: State): boolean {
  return (
    !/[`$[]/.test(text) &&
    unsafeArithmetic(text, envOf(state)) === null &&
    !assignsInArithmetic(text)
  );
}

/**
 * The words of a declaration that are not plain `NAME=value` nodes: each shell word the grammar
 * split into several nodes (`declare PA""TH=x` gives `PA` and `""TH=x`), keyed by its first node
 * (its other nodes map to null), and each single quoted word shaped like an assignment
 * (`export "PATH=x"`).
 */
function joinedWords(node: Node): Map<Node, Word | null> {
  const out = new Map<Node, Word | null>();
  const children = node.children.filter(
    (child): child is Node =>
      child !== null && child.isNamed && child.type !== "comment" && !isRedirect(child),
  );
  for (let i = 0; i < children.length; i++) {
    const first = children[i] as Node;
    let end = i;
    while (
      end + 1 < children.length &&
      (children[end + 1] as Node).startIndex === (children[end] as Node).endIndex
    ) {
      end++;
    }
    if (end === i) {
      if (first.type !== "variable_assignment" && first.type !== "variable_name") {
        const word = evaluateWord(first);
        if (word.literal && /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/.test(word.text))
          out.set(first, word);
      }
      continue;
    }
    const pieces = children.slice(i, end + 1).map((child) => {
      if (child.type === "variable_name") return { text: child.text, literal: true };
      if (child.type !== "variable_assignment") return evaluateWord(child);
      const value = child.childForFieldName("value");
      const name = child.childForFieldName("name")?.text ?? "";
      const word = value ? evaluateWord(value) : null;
      return { text: `${name}=${word?.text ?? ""}`, literal: word?.literal ?? true };
    });
    out.set(first, {
      ...wordFromText(pieces.map((piece) => piece.text).join(""), { start: first.startIndex }),
      literal: pieces.every((piece) => piece.literal),
    });
    for (let k = i + 1; k <= end; k++) out.set(children[k] as Node, null);
    i = end;
  }
  return out;
}

/**
 * The subscripts of a compound array assignment `a=([k]=v …)`, each as the texts of the
 * elements it is written across (`[ 'k' ]=v` is three). For an indexed array bash removes the
 * quotes of a subscript and then evaluates it as arithmetic, so `a=(['a[$(id)]']=1)` runs id.
 */
function compoundSubscripts(array: Node): Node[][] {
  const found: Node[][] = [];
  let pending: Node[] | null = null;
  for (const element of array.namedChildren) {
    if (!element || element.type === "comment") continue;
    if (pending === null) {
      if (!element.text.startsWith("[")) continue;
      pending = [];
    }
    pending.push(element);
    if (/\]\+?=/.test(element.text)) {
      found.push(pending);
      pending = null;
    }
  }
  if (pending !== null) found.push(pending);
  return found;
}

/** Prompt strings: bash expands their value again whenever the prompt is shown. */
const PROMPTS = new Set(["PS0", "PS1", "PS2", "PS3", "PS4"]);

/**
 * A compound array value that bash reads again holds nothing it would expand: words of plain
 * characters. Anything else (`$`, a backtick, a subscript, a glob, a process substitution)
 * may run or open something when the value is read as `(…)`.
 */
const PLAIN_COMPOUND = /^\([\w\s.,:/@%+=~'"-]*\)$/;

const NO_WORDS: readonly Word[] = [];

/** Options after which `declare`, `typeset` or `local` gives `NAME=VALUE` exactly VALUE. */
const SCALAR_OPTIONS = /^[-+][grx]+$/;
/** The same for a compound value `NAME=(…)`, which `-a` keeps an indexed array. */
const ARRAY_OPTIONS = /^[-+][agrx]+$/;
/**
 * Options after which `declare -i NAME=N` gives NAME exactly N, a plain decimal (bash stores
 * the arithmetic result, the same digits), and `declare -i NAME` keeps the digits NAME holds.
 */
const INTEGER_OPTIONS = /^[-+][girx]+$/;

/**
 * A decimal integer bash prints as written after evaluating it (`5`, `-12`; not `010`, octal,
 * `+5` or `1+2`), short enough not to wrap around 64 bits.
 */
function plainDecimal(text: string): boolean {
  return /^(0|-?[1-9][0-9]{0,17})$/.test(text);
}

/**
 * What `NAME+=VALUE` leaves in a variable that may have the integer attribute, when both the
 * values it held and those added are plain decimals: the sum (with the attribute) or the
 * digits joined (without); null otherwise.
 */
function integerAppends(
  before: readonly VarValue[] | null,
  added: readonly VarValue[],
): VarValue[] | null {
  if (before === null || ![...before, ...added].every((v) => plainDecimal(v.text))) return null;
  const texts = new Set<string>();
  for (const b of before) {
    for (const a of added) {
      texts.add(b.text + a.text);
      texts.add(String(BigInt(b.text) + BigInt(a.text)));
    }
  }
  return texts.size > MAX_VALUES ? null : [...texts].map((text) => ({ text }));
}

/**
 * Whether the declaration builtin whose earlier words are `words` (its name first) gives a
 * later `NAME=VALUE` word exactly VALUE. bash reads options up to the first other word and
 * assigns nothing on one it refuses (`declare -Q x=1`), nor with `-p`, `-f` or `-F` (traced
 * under bash 5.2: `x=old; declare -p x=new` leaves old); the other attributes change the value
 * or how it is read (`-i`, `-l`, `-n`, `-I`), and a computed word may be any option. Options of
 * `readonly` and `export` are not taken (`readonly -x` is refused).
 */
function exactDeclaration(
  words: readonly Word[],
  options: RegExp,
  inFunction = false,
  count = words.length,
): boolean {
  const keyword = words[0]?.text ?? "";
  const taken = keyword === "readonly" || keyword === "export" ? null : options;
  // The first `count` words only, read in place: a copy per assignment was quadratic (D18-02).
  for (let i = 1; i < count; i++) {
    const word = words[i] as Word;
    if (!word.literal && !/^[A-Za-z_]/.test(word.text)) return false;
    if (word.text === "--" || !/^[-+]/.test(word.text)) return true;
    if (taken === null || !taken.test(word.text)) return false;
    // In a function `-g` assigns the global variable, which a local of the name hides.
    if (inFunction && word.text.includes("g")) return false;
  }
  return true;
}

/**
 * A builtin that runs code it is given or finds at run time (`eval`, `source`, `.`, a trap, a
 * callback of mapfile, completion and key bindings, history re-runs), in text with quotes and
 * backslashes removed: any mention counts, even as a plain word (`ls .` too).
 */
const RUNS_GIVEN_CODE =
  /(?:^|[^\w.$-])(?:eval|source|trap|mapfile|readarray|fc|complete|compgen|bind|alias)(?![\w-])|(?:^|[\s;&|(){}!`])\.(?:\s|$)/;

/** How many names a function body's entry state keeps before only upper-case ones count. */
const MAX_SPELLED = 512;

/** Whether a word after the command name holds `=` (a cheap test before {@link keywordWords}). */
function hasAssignmentWord(words: readonly Word[]): boolean {
  for (let i = 1; i < words.length; i++) if ((words[i] as Word).text.includes("=")) return true;
  return false;
}

/** The words after the command name that `set -k` moves into its environment. */
function keywordWords(words: readonly Word[]): readonly Word[] {
  return words.slice(1).filter((word) => /^[A-Za-z_][A-Za-z0-9_]*\+?=/.test(word.text));
}

/**
 * A declaration builtin's words so far, with what the walk asks of all of them kept as each
 * comes: asking the whole list again for every word was quadratic (D18-02: `export a a …` of
 * 40 KB took 22 s). Each answer equals its whole-list form, named at its field.
 */
export class DeclarationWords {
  readonly list: Word[] = [];
  /** The letters of each word's leading `-` run: `/^-[a-zA-Z]*X/` holds of some word. */
  private readonly led = new Set<string>();
  /** The option clusters among the words, joined (`-g -a` → `-g-a`): `/^-[a-zA-Z]+$/` words. */
  clusters = "";
  /** `list.slice(1).some((w) => !w.literal)`. */
  computedAfterFirst = false;
  /** `list.some((w) => !w.literal)`. */
  computed = false;
  /** `list.slice(1).every((w) => w.literal && (!/^[-+]/.test(w.text) || INTEGER_OPTIONS.test(w.text)))`. */
  plainIntegerOptions = true;

  push(word: Word): void {
    if (this.list.length > 0) {
      if (!word.literal) this.computedAfterFirst = true;
      if (!(word.literal && (!/^[-+]/.test(word.text) || INTEGER_OPTIONS.test(word.text)))) {
        this.plainIntegerOptions = false;
      }
    }
    if (!word.literal) this.computed = true;
    const run = /^-([a-zA-Z]*)/.exec(word.text);
    if (run !== null) for (const letter of run[1] as string) this.led.add(letter);
    if (/^-[a-zA-Z]+$/.test(word.text)) this.clusters += word.text;
    this.list.push(word);
  }

  /** Whether some word's leading `-` run holds one of `letters`. */
  leads(letters: string): boolean {
    for (const letter of letters) if (this.led.has(letter)) return true;
    return false;
  }

  /**
   * Whether the words so far may give the integer attribute: an option cluster holding `i`, or
   * a word only known at run time (`declare $o x`).
   */
  mayDeclareInteger(node: Node): boolean {
    return (
      node.type === "declaration_command" && (/i/.test(this.clusters) || this.computedAfterFirst)
    );
  }
}

/** The texts a value word may have here, or null when the walk cannot see them. */
function valueTexts(word: Word, state: State): string[] | null {
  if (word.literal) return [word.text];
  const expanded = expandWord(word, envOf(state), { split: false });
  if (expanded === null) return null;
  return expanded.map((fields) => fields.map((f) => f.text).join(" "));
}

/**
 * Whether a value given to a declaration builtin may be read again as a compound array
 * assignment that expands something: bash does so when the value starts with `(` and the
 * variable is or becomes an array (`declare -a a='($(id))'` runs id).
 */
function rereadRuns(value: string): boolean {
  const trimmed = value.trimStart();
  return trimmed.startsWith("(") && !PLAIN_COMPOUND.test(trimmed);
}

/** Builtins that take variable names, evaluating any subscript in them. */
const NAME_TAKING = new Set([
  "read",
  "mapfile",
  "readarray",
  "printf",
  "declare",
  "typeset",
  "local",
  "export",
  "readonly",
  "unset",
  "wait",
  "getopts",
  "test",
  "[",
]);

/** The builtins {@link Walker.evaluatingBuiltin} looks at. */
const EVALUATING_BUILTINS = new Set([
  "let",
  "compgen",
  "complete",
  "alias",
  "hash",
  "enable",
  ...NAME_TAKING,
]);

/** The words of a command after what the string decides is expanded (see expand.ts). */
function expandArgv(words: readonly Word[], state: State, emptyStack = false): Word[] {
  const out: Word[] = [];
  for (const written of words) {
    const word = assignmentArgument(written, state);
    // `~N`, `~+N` and `~-N` name entries of the directory stack. While it holds only the
    // working directory (the string never pushed or set it), entry 0 from either end (`~0`,
    // `~+00`, `~-0`) is that directory, PWD as `~+` reads it, and bash leaves any other N as
    // written; with a stack the string changed, the entry is not known.
    if (word.tilde && /^~[+-]?\d+(\/|$)/.test(word.text)) {
      const zero = /^~[+-]?0+(?=\/|$)/.exec(word.text);
      const pwd = emptyStack && zero ? tildePlus(state) : null;
      if (zero && pwd !== null) out.push(atDirectory(word, pwd, zero[0].length));
      else if (emptyStack && !zero) out.push({ ...word, tilde: false });
      else out.push({ ...word, literal: false, pieces: undefined });
      continue;
    }
    // `~-` is OLDPWD as a directory change of the string left it.
    if (word.tilde && /^~-(\/|$)/.test(word.text)) {
      out.push(tildeMinusWord(word, state));
      continue;
    }
    // `~user` names a directory the string does not decide.
    if (word.tilde && /^~[^/+-]/.test(word.text)) {
      out.push({ ...word, literal: false, pieces: undefined });
      continue;
    }
    // `~+` is PWD as it is at this point of the string.
    if (word.tilde && /^~\+(\/|$)/.test(word.text)) {
      out.push(tildePlusWord(word, state));
      continue;
    }
    // Once HOME is rebound, `~` no longer means what a `~` rule was written for: the word
    // shows the directory it now names, or counts as computed when that is not known.
    if (
      word.tilde &&
      (state.vars.has("HOME") || state.home === null) &&
      /^~(\/|$)/.test(word.text)
    ) {
      const home = state.home;
      // Unknown, the word is computed; its path keeps what follows `~/` (see resolveField).
      out.push(
        home === null
          ? {
              ...word,
              literal: false,
              ...(word.literal || word.brace ? {} : { pieces: undefined }),
            }
          : { ...word, text: home + word.text.slice(1), written: word.text, tilde: false },
      );
      continue;
    }
    if ((word.literal && !word.brace) || word.processSubstitution) {
      out.push(word);
      continue;
    }
    const expanded = expandWord(word, envOf(state));
    if (expanded === null || expanded.length !== 1) {
      // With IFS not decided (`true && IFS=_`, a loop over IFS), how an unquoted expansion
      // splits is not known: `x=a_.env; cat $x` may open `.env`. Nor is it when the value
      // is one of several and some split into several words (`x='c .env'` on one branch):
      // the words are not one alternative's. Either way the word is computed.
      const ifs = valuesOf("IFS", envOf(state));
      const splits =
        word.pieces?.some((piece) => piece.kind === "expansion" && !piece.inQuotes) ?? false;
      const severalWords = expanded?.some((alternative) => alternative.length !== 1) ?? false;
      if ((splits && (ifs === null || ifs.length !== 1)) || severalWords) {
        out.push({ ...word, literal: false, pieces: undefined });
      } else if (expanded === null && splits && ifsSplitsTokens(envOf(state))) {
        // S33 ifs-name-token: an IFS holding a character other than a blank (`IFS=0123456789`,
        // `for IFS in 1`, `local IFS=1`) cuts a value the trust lists read as one blank-free
        // token (a number, an object id, a date, an inert or inherited value) wherever that
        // character stands in it: `x$(date +%s)/etc/hostname` is `x`, empty words and
        // `/etc/hostname`, `HEAD$(nproc)--output=.env` is `HEAD` `--output=.env` (traced,
        // r33a). The value is not known, so neither are the words: the word is computed.
        out.push({ ...word, literal: false, pieces: undefined });
      } else if (expanded === null && inheritedOnly(word, envOf(state))) {
        out.push({ ...word, inherited: true });
      } else {
        out.push(expanded === null ? withInertUses(word, envOf(state)) : word);
      }
      continue;
    }
    for (const field of expanded[0] as Field[]) {
      const literal = field.pattern === null;
      const piece: Piece = literal
        ? { kind: "quoted", text: field.text }
        : { kind: "unquoted", text: field.text, raw: field.pattern as string };
      out.push({
        text: field.text,
        literal,
        glob: !literal,
        brace: false,
        splittable: !literal,
        tilde: word.tilde && field.text.startsWith("~"),
        processSubstitution: false,
        pattern: field.pattern,
        leadingVariable: null,
        pieces: [piece],
        written: word.written ?? word.text,
        start: word.start,
        end: word.end,
      });
    }
  }
  return out;
}

/**
 * The globs a value the string decides makes of `words` where no expansion stands in the
 * argument list of a command (a `for` list, an array's elements): `x='/etc/*'; for f in $x`
 * lists /etc. Each as the word {@link expandArgv} makes of it.
 */
function valueGlobs(words: readonly Word[], state: State): Word[] {
  const out: Word[] = [];
  for (const word of words) {
    if (word.glob || !word.pieces?.some((p) => p.kind === "expansion" && !p.inQuotes)) continue;
    out.push(...expandArgv([word], state).filter((expanded) => expanded.glob));
  }
  return out;
}

/** A glob whose names bash only lists: the folders it searches are read, no file it names. */
export function listedOnly(path: PendingPath): PendingPath {
  return path.glob === null ? path : { ...path, listed: true };
}

/** The paths of `words` that may glob unseen and are not already paths nobody knows. */
function unseenGlobs(
  words: readonly Word[],
  paths: readonly PendingPath[],
  state: State,
  defaultsOnly: (name: string) => boolean,
  listedNames?: (word: Word) => PendingPath[] | null,
): PendingPath[] {
  const out: PendingPath[] = [];
  // Most words have no unquoted expansion: nothing to ask the state.
  if (!words.some((word) => word.pieces?.some((p) => p.kind === "expansion" && !p.inQuotes))) {
    return out;
  }
  const env = envOf(state);
  for (const word of words) {
    if (!mayGlobUnseen(word, env, defaultsOnly)) continue;
    const names = listedNames?.(word) ?? null;
    if (names !== null) {
      out.push(...names);
      continue;
    }
    const raw = word.text;
    if ([...paths, ...out].some((p) => p.path === null && p.glob === null && p.raw === raw)) {
      continue;
    }
    out.push(unseenGlobPath(word));
  }
  return out;
}

/**
 * Whether every expansion of a word is a plain variable the string never assigns (see
 * {@link inheritedVariable}) and the word stays one word: its value comes from the environment
 * Pi started the shell with.
 */
function inheritedOnly(word: Word, env: ExpandEnv): boolean {
  const pieces = word.pieces;
  // A brace expansion or a glob of the word's own text makes several words (or file names)
  // of it whatever the variable holds: `grep {"$u",.env}` is `grep "$u" .env`.
  if (pieces === undefined || word.brace || word.glob) return false;
  let any = false;
  for (const piece of pieces) {
    if (piece.kind !== "expansion") continue;
    if (piece.variable === undefined || !inheritedVariable(piece.variable, env)) return false;
    any = true;
  }
  return any;
}

/**
 * The words of a command with every expansion that may give nothing at run time (see
 * {@link mayBeEmpty}: a variable the string never assigns, under any operator that keeps it
 * empty, and the positional parameters while the string has not set them) empty, as they are
 * when the environment does not set the variable: a word that held nothing else unquoted
 * vanishes (`git worktree $u add` and `cd "$@" -P` lose the word), one with other text keeps
 * it (`-${u}r` is `-r`, `p"$*"ublish` is `publish`, `$u''` is an empty word). Null when no
 * word holds such an expansion, or the command word vanishes (a command word only known at
 * run time already floors the command as written).
 */
function emptiedInherited(words: readonly Word[], state: State): Word[] | null {
  let changed = false;
  const out: Word[] = [];
  const env = envOf(state);
  const positionalsKnown = state.vars.has(`${ARRAY_ELEMENTS}@`);
  // A trusted git object name may print nothing too (S32 F-empty: `rm -rf "$(git merge-base
  // HEAD nosuch)/tmp"` runs `rm -rf /tmp`), written in place or held by a name (`X=$(…)`).
  const reading = (piece: Piece): EmptyReading | null =>
    mayBeEmpty(piece, env, positionalsKnown) ?? (emptyNameToken(piece, env) ? "empty" : null);
  for (const word of words) {
    const pieces = word.pieces;
    if (pieces === undefined || word.processSubstitution || !pieces.some((p) => reading(p))) {
      out.push(word);
      continue;
    }
    // Quotes, or a double-quoted expansion that gives an empty word, keep a word: `"$u"`,
    // `$u''`, `"$*"`; `"$@"` and `"${a[@]}"` give none.
    const quoted = pieces.some(
      (piece) =>
        piece.kind === "quoted" || (piece.inQuotes === true && reading(piece) !== "vanishes"),
    );
    // A word that is only double-quoted expansions stays one (empty) word in its slot, and
    // an empty word is no option: the word as it is covers it.
    const quotedOnly = pieces.every((piece) => piece.kind === "expansion" && piece.inQuotes);
    if (quotedOnly && quoted) {
      out.push(word);
      continue;
    }
    changed = true;
    const kept = pieces.filter((piece) => !reading(piece));
    if (kept.every((piece) => piece.text === "") && !quoted) {
      // A command word only known at run time already floors the command (`$u git push`).
      // One that is only trusted names which may print nothing runs the next word as the
      // program (S32 F-empty: `$(git rev-list -1 nosuch) git push` runs git push).
      const names = pieces.every(
        (piece) => piece.kind !== "expansion" || mayBeEmpty(piece, env, positionalsKnown) === null,
      );
      if (out.length === 0 && !names) return null;
      continue;
    }
    const emptied = wordFromPieces(
      kept.length > 0 ? kept : [{ kind: "quoted", text: "" }],
      word.start,
      word.end,
    );
    // Tilde expansion comes before parameter expansion: `${u}~/x` names `./~/x`.
    if (!word.tilde) emptied.tilde = false;
    out.push(emptied);
  }
  return changed && out.length > 0 ? out : null;
}

/**
 * Whether `piece` is a trusted substitution that may print nothing ({@link nameTokenMayBeEmpty}),
 * written in place or held by a name that keeps such an output (see {@link inertOutputOf}).
 */
function emptyNameToken(piece: Piece, env: ExpandEnv): boolean {
  if (piece.kind !== "expansion") return false;
  const held = piece.variable === undefined ? null : inertOutputOf(piece.variable, env.vars);
  return nameTokenMayBeEmpty(held === null ? piece : { kind: "expansion", text: held });
}

/** Expansions that give a number or bash's flags: `$?`, `$#`, `$$`, `$!`, `$-`, `${#x}`, `$((…))`. */
const NUMERIC_EXPANSION = /^\$(?:[?#$!-]|\{[?#$!-]\}|\{#[^}]*\}|\(\([\s\S]*\)\)|\[[\s\S]*\])$/;

/** `${x:-*}`, `${x/a/[ab]}`: an operand that may put a glob character in the value. */
const GLOB_OPERAND = /^\$\{[^}]*?(?::?[-+=?]|\/)[^}]*[*?[]/;

/** Variables bash keeps a number in while the string does not assign them. */
const NUMBERS_BY_BASH: ReadonlySet<string> = new Set([
  "RANDOM",
  "SRANDOM",
  "LINENO",
  "SECONDS",
  "EPOCHSECONDS",
  "EPOCHREALTIME",
  "BASHPID",
  "PPID",
  "UID",
  "EUID",
  "BASH_SUBSHELL",
  "HISTCMD",
  "PIPESTATUS",
]);

/**
 * Whether bash may expand `word` as a glob the walk does not see (C15 unknown-value-glob-
 * listing): an unquoted expansion whose value is only known at run time may hold `*`, `?` or
 * `[`, and `/` and `..` too (`read x <<< '*'; echo ~/.ssh/$x` lists ~/.ssh,
 * `x=$(printf '/etc/*'); echo $x` lists /etc), or the string gives it one of several values,
 * one a glob (`if c; then x='*'; fi`). Quoted expansions, numbers (`$?`, `$#`, `$((…))`,
 * `${#x}`, an integer variable), values the string decides without a glob character, the
 * environment's variables (see {@link inheritedVariable}) and substitutions that print a plain
 * word (`$(git rev-parse HEAD)`) never glob. `set -f` is not followed: the word still counts.
 */
export function mayGlobUnseen(
  word: Word,
  env: ExpandEnv,
  defaultsOnly: (name: string) => boolean = () => false,
): boolean {
  // `$SHA` after `SHA=$(git rev-parse HEAD)` globs as `$(git rev-parse HEAD)` does (S31).
  const pieces = withInertUses(word, env).pieces;
  if (pieces === undefined) return false;
  if (!pieces.some((piece) => piece.kind === "expansion" && !piece.inQuotes)) return false;
  const expanded = expandWord(word, env);
  if (expanded !== null) {
    // One alternative is expanded where it stands: its globs are words the analysis sees.
    return expanded.length > 1 && expanded.some((fields) => fields.some((f) => f.pattern !== null));
  }
  return pieces.some(
    (piece) =>
      piece.kind === "expansion" && !piece.inQuotes && expansionMayGlob(piece, env, defaultsOnly),
  );
}

function expansionMayGlob(
  piece: Piece,
  env: ExpandEnv,
  defaultsOnly: (name: string) => boolean,
): boolean {
  // What an operand quotes or escapes stays plain text (`${x:-'$(a)'}`, `${x/a/\$(b)}`).
  const text = piece.text.startsWith("${")
    ? piece.text.replace(/\\[\s\S]|'[^']*'/g, "_")
    : piece.text;
  if (NUMERIC_EXPANSION.test(text)) return false;
  // `${!x}` names another variable; an operand may hold a glob of its own.
  if (text.startsWith("${!") || GLOB_OPERAND.test(text)) return true;
  if ((text.includes("$(") || text.includes("`")) && !plainSubstitutions(text)) return true;
  for (const match of text.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*])/g)) {
    const name = match[1] as string;
    const values = valuesOf(name, env);
    if (values !== null) {
      if (values.some(holdsGlob)) return true;
      continue;
    }
    if (inheritedVariable(name, env) || holdsInteger(name, env.vars)) continue;
    if (NUMBERS_BY_BASH.has(name) && !env.vars.has(name) && !env.vars.has(ANY_NAME)) continue;
    // An array of written-out words (`a=(x y)`, `set -- a b`): `$a`, `${a[@]}`, `$@`.
    // Not for a name bash rewrites itself: `_=(a b)` is `$_`'s value only until the next command.
    const elements = writtenByBash(name)
      ? undefined
      : env.vars.get(ARRAY_ELEMENTS + (name === "*" ? "@" : name));
    if (elements && !elements.some(holdsGlob)) continue;
    const anyName =
      env.vars.has(ANY_NAME) || env.vars.has(COMPUTED_NAME) || env.vars.has(DEFAULTED + ANY_NAME);
    // A name bash writes itself (`$_`, `$REPLY`) is no default's.
    // Only a name the walk found defaulted (a `${NAME:=…}` in the text): one a statement
    // assigned by a spelling the text scan does not see (`mapfile $'\x61'`) is not.
    if (
      !anyName &&
      env.vars.has(DEFAULTED + name) &&
      inheritedVariable(name, NOTHING_ASSIGNED) &&
      defaultsOnly(name)
    )
      continue;
    return true;
  }
  return false;
}

/** Where no name is assigned: {@link inheritedVariable} then only asks who writes a name. */
const NOTHING_ASSIGNED: ExpandEnv = { vars: new Map(), home: null, cwd: null };

function holdsGlob(value: VarValue): boolean {
  return value.glob === true || /[*?[]/.test(value.text);
}

/**
 * The path a word that may glob unseen (see {@link mayGlobUnseen}) stands for: bash lists
 * folders nobody knows, the value may climb anywhere, so any folder may be read.
 */
function unseenGlobPath(word: Word): PendingPath {
  return { raw: word.text, path: null, glob: null, access: "read", via: "operand" };
}

/**
 * An argument spelled as an assignment (`env X=a:~+/b`, `builtin export x=~-/b`) with the
 * tildes of its value expanded, as bash expands them outside POSIX mode. A plain `~` under
 * the user's HOME stays as written, as a word's leading `~` does (see {@link expandArgv}): the
 * path checks read `X=~/b` as the home folder, and a rule written with `~` still meets it.
 */
function assignmentArgument(word: Word, state: State): Word {
  if (!word.text.includes("~")) return word;
  const shaped = assignmentShaped(word);
  if (shaped === null) return word;
  const value = word.text.slice(shaped.from);
  const home = !state.vars.has("HOME") && state.home !== null;
  if (home && !/(^|:)~[^/:]/.test(value)) return word;
  return assignmentTildes(shaped.word, shaped.from, tildeFolder(state));
}

/**
 * A redirect target spelled as an assignment (`> a=~/x`, `< b=c:~+/y`): bash expands its
 * tildes as in an argument of that shape, with every redirect operator, and opens the result
 * as a path (`a=/home/user/x` under the working directory). Unlike an argument, a plain `~`
 * is expanded too: the target is no assignment to the home folder, it is that file.
 */
function redirectTildes(word: Word, state: State): Word {
  if (!word.text.includes("~")) return word;
  const shaped = assignmentShaped(word);
  if (shaped === null) return word;
  return assignmentTildes(shaped.word, shaped.from, tildeFolder(state));
}

/**
 * A word that may become several words (`"${a[@]}"`, `"$@"`, an unquoted `$x`, a glob) may
 * give an option its value and the program operands besides: `a=(x ~/.ssh/id_rsa); grep -ve
 * "${a[@]}"` reads the key (round 10 J4). The program's table is asked again with each such
 * word written twice; what the second copy becomes is what the word's extra words may become.
 */
export function spreadOperands(
  classification: Classification,
  uses: readonly PathUse[],
  posix: boolean,
): PathUse[] {
  const executed = classification.executed;
  if (executed === null) return [];
  let doubled: Word[] | null = null;
  for (let i = 1; i < executed.length; i++) {
    const word = executed[i] as Word;
    if (!optionValue(executed, i) || !mayBeSeveral(word) || uses.some((use) => use.word === word))
      continue;
    doubled ??= executed.slice(0, i);
    doubled.push(word);
    // A fresh object, so that what the copy becomes can be told from the word's own use.
    doubled.push({ ...word });
    for (let j = i + 1; j < executed.length; j++) {
      const next = executed[j] as Word;
      doubled.push(next);
      if (
        optionValue(executed, j) &&
        mayBeSeveral(next) &&
        !uses.some((use) => use.word === next)
      ) {
        doubled.push({ ...next });
      }
    }
    break;
  }
  if (doubled === null) return [];
  const copies = new Set(doubled.filter((word) => !executed.includes(word)));
  return operandPaths(doubled, classification.placeholders, posix).filter((use) =>
    copies.has(use.word),
  );
}

/**
 * Whether the word at `i` may be an option's value: it follows an option (`-e`, `--regexp`),
 * and is not literal. The first word of an expansion there is the value; the rest are operands.
 */
function optionValue(words: readonly Word[], i: number): boolean {
  const word = words[i] as Word;
  const before = words[i - 1]?.text ?? "";
  return !word.literal && before.startsWith("-") && before !== "--" && before !== "-";
}

/** An expansion that gives several words even inside double quotes. */
const SEVERAL_WORDS = /\$\{?@|\$\{[A-Za-z_][A-Za-z0-9_]*\[@\]|\$\{![A-Za-z_][A-Za-z0-9_]*@\}/;

/** Whether a word may expand to more than one word. */
function mayBeSeveral(word: Word): boolean {
  if (word.splittable) return true;
  return (
    word.pieces?.some(
      (piece) =>
        piece.kind === "expansion" && /^\$\{?(@|[A-Za-z_][A-Za-z0-9_]*\[@\])/.test(piece.text),
    ) ?? false
  );
}

/**
 * The glob words of such a program, as the folders bash lists to expand them (`echo *\/*` lists
 * each folder `*` names, dot folders too under `dotglob`), judged as a `for` list's are.
 */
export function namesOnlyGlobs(executed: readonly Word[] | null): PathUse[] {
  const name = executed?.[0]?.text;
  if (executed === null || name === undefined || !NAMES_ONLY_PROGRAMS.has(name)) return [];
  // A word that may become `-v` makes printf assign (and evaluate a subscript).
  if (
    name === "printf" &&
    executed.some((word) => word.text.startsWith("-v") || (!word.literal && word.pattern === null))
  ) {
    return [];
  }
  const uses: PathUse[] = [];
  for (const word of executed.slice(1)) {
    // Shown as the word the program gets (`**/*.ts` for `$f`), which the gates look it up by.
    if (word.glob) uses.push({ word: { ...word, written: undefined }, access: "read" });
  }
  return uses;
}

/**
 * Programs whose output a substitution is read as (a number, a name, an object id, words
 * written out: evaluated.ts NUMERIC_OUTPUT, PLAIN_OUTPUT and GLOB_FREE_OUTPUT, paths.ts
 * NAME_TOKEN_OUTPUT, unknown-words.ts PLAIN_WORDS_OUTPUT) while the program bash finds by name
 * is the one run.
 */
const TRUSTED_OUTPUT_PROGRAMS: readonly string[] =
  "date id nproc wc git grep whoami uname lsof pidof echo printf seq pgrep".split(" ");

/** The builtins of {@link TRUSTED_OUTPUT_PROGRAMS} that print the words they are given. */
const PRINTERS: ReadonlySet<string> = new Set(["echo", "printf"]);

/** Builtins that change the working directory to their operand. */
const DIRECTORY_CHANGES: ReadonlySet<string> = new Set(["cd", "pushd"]);

/** Programs that list a folder, the working directory when they are given no operand. */
const LISTERS: ReadonlySet<string> = new Set(["ls", "dir", "vdir", "exa", "eza", "lsd"]);
/** Listers that walk everything below the folder. */
const RECURSIVE_LISTERS: ReadonlySet<string> = new Set(["du", "tree"]);
const HERE: Word = wordFromText(".");
/** Some file below the working directory (what git's `-C DIR` also names, `DIR/…`). */
const HERE_FILES: Word = wordFromText("./…");

/**
 * How a program touches the folder it runs in when no operand says otherwise: a lister lists
 * it (`ls`, `du`), git finds its repository there and writes it (`git init` makes `.git`), a
 * program the tables do not know may open anything relative to it (`npm test` reads
 * `package.json`). Shell builtins and the file programs the tables know name their files as
 * operands (their own defaults, `grep -r` or `find` without one, are in their tables).
 */
function workingDirectoryUse(
  executed: readonly Word[] | null,
  operands: boolean,
): PathUse[] | null {
  const first = executed?.[0];
  if (first === undefined) return null;
  const name = toolName(first.text) ?? first.text;
  if (LISTERS.has(name)) return operands ? null : [{ word: HERE, access: "read" }];
  if (RECURSIVE_LISTERS.has(name)) {
    return operands ? null : [{ word: HERE, access: "read", below: true }];
  }
  // git finds its repository in the folder and, for most subcommands, works on the whole work
  // tree there (`add -A` reads every file, `diff`/`show` print them, `archive` packs them):
  // the folder and everything below it, as `git -C DIR` is read (git.ts inFolder).
  if (name === "git") {
    return [
      { word: HERE, access: "read_write" },
      { word: HERE_FILES, access: "read" },
    ];
  }
  if (SHELL_WORDS.has(name) || isKnownFileCommand(name)) return null;
  return [{ word: HERE, access: "read" }];
}

/** The values a variable holds in a state, or null when unknown. */
function valuesOfState(name: string, state: State): readonly VarValue[] | null {
  return valuesOf(name, envOf(state));
}

/** Walks one parsed program. */
/**
 * The git package specs a package runner fetches: `npx SPEC`, `npm exec SPEC` (the command
 * the layer hands on is the spec) and their `-p`/`--package SPEC` values.
 */
function runnerGitSpecs(layers: readonly WrapperLayer[], first: Word | undefined): NpmGitSpec[] {
  const runners = layers.filter((layer) => {
    const name = toolName(layer.argv[0] ?? "") ?? "";
    return name === "npx" || (name === "npm" && layer.argv.some((w) => /^(exec|x)$/.test(w)));
  });
  if (runners.length === 0) return [];
  const words = first === undefined ? [] : [first];
  for (const layer of runners) {
    layer.argv.forEach((text, i) => {
      const value =
        /^--package=(.*)$/s.exec(text)?.[1] ??
        (/^(-p|--package)$/.test(text) ? layer.argv[i + 1] : undefined);
      if (value !== undefined) words.push(wordFromText(value));
    });
  }
  return words.flatMap((word) => npmGitSpec(word) ?? []);
}

/**
 * The cheap text tests that let the walk skip work a text cannot need (issue 18). Tests turn
 * them off to prove each skip changes no analysis (test/text-gates.test.ts).
 */
export const textGates = { enabled: true };

export class Walker {
  readonly units: PendingUnit[] = [];
  readonly diagnostics: Diagnostic[] = [];
  /** Start indices of MISSING nodes that bash would accept (`x=1 >f` has no command name). */
  readonly forgivenMissing = new Set<number>();
  /** Start indices of the ERROR nodes the walk reported (the tree inspection reports the rest). */
  readonly reportedErrors = new Set<number>();
  /**
   * Start indices of text the grammar dropped and the walk put back (a lone `-` before `<<`,
   * the `>` of a `<>` redirect).
   */
  readonly repaired = new Set<number>();
  private seq = 0;
  /** Units of function bodies that are never called: bash runs none of them. */
  readonly uncalled: PendingUnit[] = [];
  /**
   * The bodies in {@link Walker.uncalled} by the function's name, with the state they were
   * walked in: a call whose command word bash builds from pieces (`de{,}ploy`, `${x}ploy`)
   * never spells the name, and takes them back (see {@link Walker.bodiesCalledByValue}).
   */
  private readonly uncalledBodies = new Map<string, { units: PendingUnit[]; entry: State }[]>();
  /** Units that may run again (loop bodies, called functions), with the units they may follow. */
  private readonly again: [PendingUnit, number, State][] = [];
  /** The state each filled unit was walked in (see {@link Walker.runAlongside}). */
  private readonly unitStates = new WeakMap<PendingUnit, State>();
  /**
   * The files and folders each unit walked so far may rename, in walk order (S34 moved-cwd,
   * see {@link Walker.movedAway}).
   */
  private readonly folderMoves: { unit: PendingUnit; moved: PendingPath[] }[] = [];
  /** How many of {@link folderMoves} were known when each command's walk began. */
  private readonly movesAtCommand = new WeakMap<Node, number>();
  /** A bare `exec` with redirects was walked (see {@link Walker.mayExecStdin}). */
  private execRedirects = false;
  /** Units of a git subcommand that starts the editor (it reads the command's stdin). */
  private readonly editorStarts = new WeakSet<PendingUnit>();
  /** Names of the functions the string defines: calling one may change any variable. */
  private readonly functions = new Set<string>();
  /** Plain commands whose whole stdout is known, for an xargs after them (see `stdinProducer`). */
  private readonly producers = new WeakMap<Node, XargsInput>();
  /** The body (and its redirects) of the latest definition of each function, for its calls. */
  private readonly bodies = new Map<string, { body: Node; redirects: Node[] }>();
  /**
   * The variables a function's body leaves set, on success (`ok`) and whatever its status
   * (`any`), for a body whose walk is the whole of what a call does to them (see
   * {@link Walker.bodySummary}).
   */
  private readonly summaries = new Map<string, { ok: Vars; any: Vars }>();
  /** Functions whose body is being walked again for a call (a recursive call stops there). */
  private readonly rewalking = new Set<string>();
  /** Paths of statements that run no command (`x=(~/.ssh/*)`), given a unit at the end. */
  private readonly unhosted: PendingPath[] = [];
  /** The assignment statement the first unhosted path comes from. */
  private unhostedAt: Node | null = null;
  /** Where the string first may have rebound PATH or BASH_CMDS, or null. */
  private lookupRebound: number | null = null;
  /** The assignments no assignment word shows, in text order (see untracked.ts). */
  private untracked: readonly UntrackedAssignment[] = [];
  /** How many function bodies the walk is inside: `local` outside one is refused. */
  private functionDepth = 0;
  /** Walking a command's words with its inherited variables empty (see {@link emptiedInherited}). */
  private emptying = false;
  /** What the last simple command wrote to stdout, when it is literal text (`echo x`, `cat <<EOF`). */
  private lastStdout: string | null = null;
  /**
   * The compiler-line carriers of every cmake and ctest call walked so far in the string: the
   * compiler, launcher and flags variables of its own environment and its `-D` definitions
   * (see {@link compilerLineRuns}).
   */
  private readonly cmakeCarriers: {
    env: { name: string; value: Word | null }[];
    defines: CmakeDefine[];
  } = { env: [], defines: [] };

  private readonly nested: NestedAnalysis;
  /** Start indices of statements that run as coprocesses (context subshell). */
  private readonly coprocStarts: ReadonlySet<number>;
  /**
   * Where a statement starts whose `!` the parse blanked out (the grammar misreads a compound
   * command after it, see analyze.ts): the walk negates the statement again.
   */
  private readonly negatedStarts: ReadonlySet<number>;
  /** {@link Walker.text} with the keywords blanked out for the grammar put back. */
  private readonly spelledText: string;
  /** The parsed text. */
  private readonly text: string;
  /**
   * The whole command a nested script came from (`bash -O globstar -c '…'`, `BASHOPTS=…`): an
   * option its host turns on for it is mentioned there.
   */
  private readonly host: string;
  /** Whether the text has a newline at all (most commands are one line). */
  private readonly multiline: boolean;
  /**
   * Whether the text has a `$` or a backquote at all (no expansion of a variable, nor a
   * substitution, without one).
   */
  private readonly dollar: boolean;

  /** Heredocs the grammar parsed as a `<&0` stand-in (see `parseWithHeredocRepair`). */
  private readonly heredocs: ReadonlyMap<number, HeredocSpan>;

  /** The working directory the whole command starts in (the project), or null. */
  private readonly origin: string | null;

  constructor(
    nested: NestedAnalysis,
    coprocStarts: ReadonlySet<number>,
    text: string,
    heredocs: ReadonlyMap<number, HeredocSpan> = new Map(),
    origin: string | null = null,
    host: string = text,
    negatedStarts: ReadonlySet<number> = new Set(),
    spelledText: string = text,
  ) {
    this.origin = origin === null ? null : originOf(origin);
    this.host = host;
    // A nested script runs after what its host wrote so far.
    this.nested = (script, state) => withEnclosing(this.units, () => nested(script, state));
    this.coprocStarts = coprocStarts;
    this.negatedStarts = negatedStarts;
    this.spelledText = spelledText.length === text.length ? spelledText : text;
    this.text = text;
    this.heredocs = heredocs;
    this.multiline = text.includes("\n");
    this.dollar = !textGates.enabled || text.includes("$") || text.includes("`");
  }

  /**
   * Whether a call of a function the string defined, with stdin fed, runs code from that
   * stdin: its body, walked again with stdin fed, holds a unit that is not proven. The units
   * of that walk are dropped; the call carries the answer.
   */
  private bodyReadsCode(classification: Classification, state: State, ctx: Ctx): boolean {
    const name = classification.executed?.[0]?.text ?? "";
    const defined = this.bodies.get(name);
    if (defined === undefined || this.rewalking.has(name)) return false;
    // `command f` and `builtin f` never call a function.
    if (
      classification.wrappers.some((layer) => layer.name === "command" || layer.name === "builtin")
    )
      return false;
    const units = this.units.length;
    const uncalled = this.uncalled.length;
    const diagnostics = this.diagnostics.length;
    const lastStdout = this.lastStdout;
    const again = this.again.length;
    this.rewalking.add(name);
    try {
      const entry: State = { ...state, vars: new Map([[ANY_NAME, null]]), home: null };
      this.statement(
        defined.body,
        entry,
        { ...ctx, stdinFed: true, stdinScript: null },
        defined.redirects,
      );
      return this.units.slice(units).some((unit) => unit.sentinel !== null);
    } finally {
      this.rewalking.delete(name);
      this.units.length = units;
      this.uncalled.length = uncalled;
      this.diagnostics.length = diagnostics;
      this.again.length = again;
      this.lastStdout = lastStdout;
    }
  }

  /**
   * Walks the root node. `rebindsLookup`: the text names PATH where bash assigns it without an
   * assignment word ({@link LOOKUP_BY_NAME}).
   */
  program(root: Node, state: State, rebindsLookup = false): void {
    const ctx: Ctx = { context: null, unparseable: false, stdinFed: false };
    this.root = root;
    this.untracked = untrackedAssignments(
      this.text,
      () => assignmentOperators(root),
      () => quotedText(root, this.text, this.heredocs),
    );
    if (this.coprocStarts.size > 0) {
      // `coproc NAME { …; }` stores the descriptors in NAME. The keyword and the name are
      // blanked out of the walked text: they are read back from the text as written, and a
      // name that cannot be read there may be any.
      const named: UntrackedAssignment[] = [];
      const written = this.spelledText;
      for (const start of this.coprocStarts) {
        const before = written.slice(Math.max(0, start - 300), start);
        if (!/coproc\s*$/.test(before)) {
          const name = /coproc\s+([A-Za-z_][A-Za-z0-9_]*)\s*$/.exec(before)?.[1];
          named.push({ at: start, name: name ?? ANY_ASSIGNED, integer: true });
        }
      }
      this.untracked = [...this.untracked, ...named].sort((a, b) => a.at - b.at);
    }
    if (this.text.includes("${") && this.text.includes("=")) {
      const defaulted = defaultedNames(this.text);
      // `${NAME:=…}` assigns NAME itself too, where the walk does not place it: an exported
      // GIT_DIR given a value so reaches git (peer7 W8).
      const names = defaulted.map((marker) => marker.slice(DEFAULTED.length));
      if (defaulted.length > 0) state = assign(state, [...defaulted, ...names], null);
    }
    const end = this.sequence(root.children, state, ctx, true);
    this.bodiesCalledByValue();
    this.trailingCd(root);
    this.hostUnhosted(ctx);
    this.historySize(end.any);
    this.historyExpansion(ctx);
    this.translatedStrings(ctx);
    this.movedBeforeRunning();
    // Links the string itself made (`ln -s ~/.ssh k; cat k/id_rsa`) lead where they point (made-links.ts).
    followMadeLinks(this.units, this.again, (unit) => this.unitStates.get(unit));
    // Links git or an archive may have made from content the text does not show (git-links.ts).
    markUnseenLinks(this.units, this.again);
    // A loop's next round, or a later call of a function, runs what was written after it.
    const visible = this.visibleUnits();
    // The indices count this string's units; the enclosing scripts' units come first.
    const offset = visible.length - this.units.length;
    for (const unit of rerunsWrittenCode(this.again, visible, offset)) {
      unit.sentinel = strongerSentinel(unit.sentinel, SENTINELS.opaqueWrapper);
    }
    for (const [unit, until] of this.again) {
      const found = this.globCandidates.get(unit);
      if (found === undefined) continue;
      if (mayHaveCreated(visible.slice(0, until + offset), unit, null, false)) {
        floorGlobNames(unit, found);
        this.globCandidates.delete(unit);
      }
    }
    if (rebindsLookup) this.lookupRebound ??= 0;
    // An element of BASH_ALIASES is an alias: with expand_aliases, a bare name on a later line
    // runs its text. Any spelling of the name (`BASH_""ALIASES[ls]=…`, `read 'BASH_ALIASES[x]'`)
    // counts.
    if (this.lookupRebound === null) {
      // Cheap test first: without its quotes the text holds the name only if it holds `_`.
      const at = this.text.includes("_")
        ? this.text.replace(/['"\\]/g, "").indexOf("BASH_ALIASES")
        : -1;
      if (at !== -1) this.lookupRebound = Math.min(at, this.text.length);
    }
    if (this.lookupRebound !== null) {
      // Once PATH (or bash's table of command locations) may name other directories, a bare
      // name runs whatever file is found there: no unit's command word is proven.
      const at = this.lookupRebound;
      const unit = this.newUnit(at, at, at, ctx);
      unit.argv = ["PATH"];
      unit.wrappers = [
        {
          name: "PATH",
          kind: "opaque",
          argv: ["the string may change where command names are found"],
        },
      ];
      unit.sentinel = SENTINELS.opaqueWrapper;
      unit.synthetic = true;
      this.units.push(unit);
    }
    const shadowed = this.shadowedOutputProgram();
    if (shadowed !== null) {
      // What a substitution of such a program prints is read as a number or a plain word
      // (evaluated.ts, paths.ts, unknown-words.ts): a function of that name prints what its
      // body says (`date(){ echo 'a[$(id)]'; }; echo $(( $(date +%s) ))` runs id).
      const unit = this.newUnit(0, 0, 0, ctx);
      unit.argv = [shadowed];
      unit.wrappers = [
        {
          name: shadowed,
          kind: "opaque",
          argv: [`the string may define ${shadowed}, whose output is read as a plain word`],
        },
      ];
      unit.sentinel = SENTINELS.opaqueWrapper;
      unit.synthetic = true;
      this.units.push(unit);
    }
  }

  /**
   * A program whose output the analysis trusts (see {@link TRUSTED_OUTPUT_PROGRAMS}) that the
   * string, or the script hosting it, may make run something else while a substitution may
   * read it: a function of that name (quotes and backslashes aside: `eval "da""te() …"`),
   * `enable`, `alias`, a sourced file. Null when there is none.
   */
  private shadowedOutputProgram(): string | null {
    const text = this.text;
    const host = this.host;
    if (!/\$\(|`/.test(text) && !/\$\(|`/.test(host)) return null;
    const both = host === text ? text : `${host}\n${text}`;
    let bare: string | null = null;
    for (const name of TRUSTED_OUTPUT_PROGRAMS) {
      if (!both.includes(name)) continue;
      // echo and printf are trusted only as a substitution's whole body (`$(echo hi)`).
      if (PRINTERS.has(name) && !/(?:\$\(|`)\s*(?:echo|printf)\b/.test(both)) continue;
      bare ??= both.replace(/['"\\]/g, "");
      if (mayRedefine(name, bare) || /\balias\b/.test(bare)) return name;
    }
    return null;
  }

  // ---- statements -------------------------------------------------------------------------

  private statement(node: Node, state: State, ctx: Ctx, bound: Node[] = []): Flow {
    state = this.movedAway(this.untrackedIn(node, state));
    const moves = this.folderMoves.length;
    let flow = this.statementFlow(node, state, ctx, bound);
    // A rename inside it (`mv ../b ../../c`, in a subshell or a substitution too) moved the
    // folder the shell stands in: the flow leaves it unknown, and a loop walks its body again.
    if (this.folderMoves.length > moves) {
      flow = { ok: this.movedAway(flow.ok), any: this.movedAway(flow.any) };
    }
    // An error in it may leave the rest of the line: the next line may start from here.
    if (this.functionDepth === 0 && this.mayDropLine(node)) this.mayDrop(state, flow.any);
    if (this.lookupRebound === null && flow.any.vars.has(LOOKUP_REBOUND)) {
      this.lookupRebound = node.startIndex;
    }
    return flow;
  }

  /**
   * The state with every name a statement assigns without an assignment word (`{IFS}>f`,
   * `(( IFS = 5 ))`, `${IFS:=0}`; see untracked.ts) unknown from its start on: where in the
   * statement bash assigns it, the words after read the new value. A plain assignment later
   * in the flow decides the name again; one before it no longer does.
   */
  private untrackedIn(node: Node, state: State): State {
    const found = this.untracked;
    if (found.length === 0) return state;
    let low = 0;
    let high = found.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((found[mid] as UntrackedAssignment).at < node.startIndex) low = mid + 1;
      else high = mid;
    }
    // A heredoc body stands after the line of its statement, outside the node's text.
    const end = Math.max(node.endIndex, this.heredocEnd(node));
    for (let i = low; i < found.length; i++) {
      const assignment = found[i] as UntrackedAssignment;
      if (assignment.at >= end) break;
      if (assignment.name === ANY_ASSIGNED) return anyAssigned(state);
      if (assignment.word !== undefined) {
        state = defaultAssigned(state, assignment.name, assignment.word);
        continue;
      }
      // The words before the assignment read the old value (`x='a[$(id)]'; ((x++))` evaluates
      // it): the name holds that or an integer, which is an integer only when both are. A
      // value from the environment is the user's own: evaluated or split it is trusted as an
      // integer is, and the walk knows it no better.
      const name = assignment.name;
      const fromEnvironment =
        !state.vars.has(name) && !state.vars.has(ANY_NAME) && !/^(?:IFS|HOME|PWD)$/.test(name);
      state =
        assignment.integer && (fromEnvironment || holdsInteger(name, state.vars))
          ? assignInteger(state, name)
          : assign(state, [name], null);
    }
    return state;
  }

  /** Where the last heredoc body of a `<<` written inside `node` ends (0: none). */
  private heredocEnd(node: Node): number {
    let end = 0;
    if (this.heredocs.size === 0) return end;
    // Only the spans whose `<<` stands inside the node are looked at: asked for each
    // statement of a long script, a scan of every span would grow with their product.
    this.spansByStart ??= [...this.heredocs.values()].sort((a, b) => a.opStart - b.opStart);
    const spans = this.spansByStart;
    let low = 0;
    let high = spans.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((spans[mid] as HeredocSpan).opStart < node.startIndex) low = mid + 1;
      else high = mid;
    }
    for (let i = low; i < spans.length; i++) {
      const span = spans[i] as HeredocSpan;
      if (span.opStart >= node.endIndex) break;
      end = Math.max(end, span.end);
    }
    return end;
  }

  private spansByStart: HeredocSpan[] | undefined;

  /** The names of `untracked` written inside `node`, or null when one may be any name. */
  private untrackedNames(node: Node): string[] | null {
    const names: string[] = [];
    const end = Math.max(node.endIndex, this.heredocEnd(node));
    for (const assignment of this.untracked) {
      if (assignment.at < node.startIndex || assignment.at >= end) continue;
      if (assignment.name === ANY_ASSIGNED) return null;
      names.push(assignment.name);
    }
    return names;
  }

  private statementFlow(
    node: Node,
    state: State,
    ctx: Ctx,
    bound: Node[],
    coprocess = false,
  ): Flow {
    tick(STEP.statement);
    if (
      this.negatedStarts.size > 0 &&
      ctx.negated !== node.startIndex &&
      this.negatedStarts.has(node.startIndex) &&
      node.isNamed
    ) {
      // `! { …; }`, `! for …`, `! ((x))` (the `!` blanked out): as a `negated_command`, the
      // statement may fail or succeed, and set -e ignores it.
      const inner = { ...ctx, checked: true as const, negated: node.startIndex };
      const flow = this.statementFlow(node, state, inner, bound, coprocess);
      return { ok: flow.any, any: flow.any };
    }
    if (!coprocess && this.coprocStarts.has(node.startIndex) && node.isNamed) {
      ctx = { ...ctx, context: "subshell" };
      // The coprocess is the command at this point, not a list or pipeline around it (those
      // reach it as their first member): it runs in a subshell, and nothing it sets stays.
      if (chainBody(node) === null) {
        const first = this.units.length;
        this.statementFlow(node, state, ctx, bound, true);
        // bash does not wait for it: what the string runs next may run before it does.
        this.runAlongside(first, Infinity, state);
        return same(state);
      }
    }
    // Input redirected onto a compound command (`{ python3; } < x.py`, `! php < f`, a loop)
    // is the stdin of every command inside it.
    if (!ctx.stdinFed && bound.some(feedsStdin)) ctx = { ...ctx, stdinFed: true };
    switch (node.type) {
      case "command":
        return this.command(node, state, ctx, bound);
      case "redirected_statement":
        return this.redirected(node, state, ctx, bound);
      case "list":
        return this.list(node, state, ctx, bound);
      case "pipeline":
        return this.pipeline(node, state, ctx, bound);
      case "subshell":
        return this.compound(node, state, ctx, bound, () => {
          this.sequence(node.children, state, { ...ctx, context: "subshell" });
          return same(state);
        });
      case "compound_statement":
        return this.compound(node, state, ctx, bound, () => {
          if (node.child(0)?.type === "((") {
            this.expressions(node, state, ctx);
            return same(state);
          }
          return this.sequence(node.children, state, ctx);
        });
      case "negated_command": {
        // `! cmd {m[…]}</dev/null`: a redirect after the negated pipeline is its command's.
        const negated = node.namedChildren.filter((child) => child?.type !== "comment");
        const only = negated.length === 1 ? negated[0] : undefined;
        if (only) {
          const flow = this.statement(only, state, { ...ctx, checked: true }, bound);
          return { ok: flow.any, any: flow.any };
        }
        return this.compound(node, state, ctx, bound, () => {
          const flow = this.sequence(node.children, state, { ...ctx, checked: true });
          return { ok: flow.any, any: flow.any };
        });
      }
      case "if_statement":
        return this.compound(node, state, ctx, bound, () => this.ifStatement(node, state, ctx));
      case "while_statement":
      case "for_statement":
      case "c_style_for_statement":
        return this.compound(node, state, ctx, bound, () => this.loop(node, state, ctx));
      case "case_statement":
        return this.compound(node, state, ctx, bound, () => this.caseStatement(node, state, ctx));
      case "function_definition":
        return this.compound(node, state, ctx, bound, () =>
          this.functionDefinition(node, state, ctx),
        );
      case "declaration_command":
      case "unset_command":
        return this.declaration(node, state, ctx, bound);
      case "test_command":
        return this.testCommand(node, state, ctx, bound);
      case "variable_assignment":
      case "variable_assignments":
        return this.compound(node, state, ctx, bound, () => this.assignment(node, state, ctx));
      case "ERROR":
        return this.compound(node, state, ctx, bound, () => this.error(node, state, ctx));
      case "comment":
        return same(state);
      default:
        if (!node.isNamed) return same(state);
        return this.compound(node, state, ctx, bound, () =>
          this.sequence(node.children, state, ctx),
        );
    }
  }

  /**
   * Statements separated by `;`, newlines and `&`, in order. `lines`: a script's top level,
   * where each line starts from every state an error may have left the line before in
   * (see dropped-lines.ts).
   */
  private sequence(children: (Node | null)[], state: State, ctx: Ctx, lines = false): Flow {
    let flow = same(state);
    let before = state;
    let first = this.units.length;
    let lastEnd = -1;
    for (const child of children) {
      if (!child) continue;
      if (lines && child.isNamed) {
        // A statement later on the same line runs only where no error left the line: it
        // starts from the flow. The next line starts from the dropped states too.
        const ended = lastEnd !== -1 && lineEndsBetween(this.text, lastEnd, child.startIndex);
        if (ended && this.dropped !== null) {
          flow = joinDropped(flow, this.dropped);
          this.dropped = null;
        }
        lastEnd = Math.max(child.endIndex, this.heredocEnd(child));
      }
      if (child.type === "&") {
        // The statement before ran in the background, in a subshell: its cd changed nothing.
        flow = same(before);
        for (let index = first; index < this.units.length; index++) {
          (this.units[index] as PendingUnit).background = true;
        }
        // Whatever the string runs after it may run before its commands do
        // (`bash s.sh & echo … > s.sh`).
        this.runAlongside(first, Infinity, before);
        continue;
      }
      if (!child.isNamed) continue;
      before = flow.any;
      first = this.units.length;
      flow = this.statement(child, flow.any, ctx);
    }
    if (lines && this.dropped !== null) {
      flow = joinDropped(flow, this.dropped);
      this.dropped = null;
    }
    return flow;
  }

  /**
   * Every state at which an error may have left the current line of the script's top level
   * (the entry and the end of each statement that may raise one), joined in one as they come
   * (a line of thousands of them costs one join each): the next line may start from it.
   */
  private dropped: State | null = null;

  /** `states` are ones at which an error may leave the rest of the line (see {@link dropped}). */
  private mayDrop(...states: State[]): void {
    for (const state of states)
      this.dropped = this.dropped === null ? state : union(this.dropped, state);
  }

  /** Where in the walked text an error may leave the rest of the line (see dropped-lines.ts). */
  private dropRisks: number[] | undefined;

  /**
   * Whether an error in `node` may leave the rest of its line: an expansion or subscripted
   * assignment that may fail so ({@link dropRisks}), or, when `failglob` may be on, a word
   * pathname expansion may make nothing of (a glob, or any expansion: its value may be one).
   */
  private mayDropLine(node: Node): boolean {
    // Found once for the whole text: a statement's own text is not scanned again (nested
    // statements would make that quadratic).
    // A heredoc body's expansion error ends the shell instead (traced): the node's own
    // text is enough.
    this.dropRisks ??= dropRisks(this.text, this.mayToggle("failglob"));
    return riskWithin(this.dropRisks, node.startIndex, node.endIndex);
  }

  /**
   * Whether a call of a function the string defines may leave the rest of the line: some body
   * may raise such an error or assign a name that may be readonly, or `FUNCNEST` may refuse
   * the call. Any body, as one function may call another.
   */
  private callMayDropLine(): boolean {
    if (/FUNCNEST/.test(this.text) || this.readonlySpelled()) return true;
    for (const { body } of this.bodies.values()) {
      if (this.mayDropLine(body) || BASH_READONLY_ASSIGNED.test(body.text)) return true;
    }
    return false;
  }

  /**
   * The units walked from `first` (up to `upTo`) may run after every unit up to `until`, not
   * only those walked before them: {@link rerunsWrittenCode} judges them again at the end.
   * `state` stands in for a unit walked without one of its own.
   */
  private runAlongside(first: number, until: number, state: State, upTo = this.units.length): void {
    for (const unit of this.units.slice(first, upTo)) {
      this.again.push([unit, until, this.unitStates.get(unit) ?? state]);
    }
  }

  private list(node: Node, state: State, ctx: Ctx, bound: Node[]): Flow {
    if (misparsed(node)) return this.chain(node, state, ctx, bound);
    const children = node.children.filter((child): child is Node => child !== null);
    const statements = children.filter((child) => child.isNamed && child.type !== "comment");
    const last = statements[statements.length - 1];
    let flow: Flow | null = null;
    let operator = ";";
    for (const child of children) {
      if (!child.isNamed) {
        operator = child.type;
        continue;
      }
      if (child.type === "comment") continue;
      const extra = child === last ? bound : [];
      // A command before `&&` or `||` may fail without stopping a `set -e` shell.
      const inner = child === last ? ctx : { ...ctx, checked: true as const };
      if (flow === null) {
        flow = this.statement(child, state, inner, extra);
        continue;
      }
      const exits = operator === "||" && extra.length === 0 && this.surelyExits(child);
      const before: Flow = flow;
      flow = joined(flow, operator, (from) => this.statement(child, from, inner, extra));
      // `cd src || exit 1`: the shell goes on only where the command before `||` succeeded.
      if (exits) flow = same(before.ok);
    }
    return flow ?? same(state);
  }

  /**
   * Whether a statement surely ends the shell it runs in: the `exit` builtin with at most one
   * plain word and no redirect (a redirect that fails keeps it from running), or a `{ …; }`
   * group whose last statement is one. Not where the string may define a function or alias
   * named `exit` or turn the builtin off with `enable`, nor where a command word is only known
   * at run time.
   */
  private surelyExits(node: Node): boolean {
    if (node.type === "compound_statement") {
      const last = node.namedChildren.filter((c) => c !== null && c.type !== "comment").at(-1);
      return last !== undefined && last !== null && this.surelyExits(last);
    }
    if (node.type !== "command") return false;
    const words = node.namedChildren.filter((c): c is Node => c !== null);
    const name = words[0];
    if (name?.type !== "command_name" || name.text !== "exit" || words.length > 2) return false;
    if (words.length === 2 && !/^\d+$/.test((words[1] as Node).text)) return false;
    return (
      !/\bexit\s*\(|\bfunction\s+exit\b|\benable\b|\balias\b/.test(this.text) &&
      !this.computedCommand()
    );
  }

  private pipeline(node: Node, state: State, ctx: Ctx, bound: Node[]): Flow {
    if (misparsed(node)) return this.chain(node, state, ctx, bound);
    const members = node.children.filter(
      (child): child is Node => child?.isNamed === true && child.type !== "comment",
    );
    return this.pipe(
      members.map((member, index) => ({
        node: member,
        redirects: index === members.length - 1 ? bound : [],
      })),
      state,
      ctx,
    );
  }

  /**
   * tree-sitter-bash nests lists inside pipelines (`cd d && make 2>&1 | tail` becomes
   * `(cd d && make 2>&1) | tail`; `a |& b |& c && d` becomes `a |& (b |& c && d)`), where
   * bash binds `|` tighter than `&&` and `||` and reads both lists from the left. The
   * statements and operators are read off in order and grouped again as bash groups them, so
   * that a `cd` moves what really runs after it; a redirect on a nested list goes to its last
   * command (toolchain G8).
   */
  private chain(node: Node, state: State, ctx: Ctx, bound: Node[]): Flow {
    const items: ChainItem[] = [];
    const operators: string[] = [];
    flattenChain(node, items, operators);
    const last = items[items.length - 1];
    if (last === undefined || operators.length !== items.length - 1) {
      return this.sequence(node.children, state, ctx);
    }
    last.redirects = [...last.redirects, ...bound];
    const groups: ChainItem[][] = [[items[0] as ChainItem]];
    const joins: string[] = [];
    operators.forEach((operator, index) => {
      const item = items[index + 1] as ChainItem;
      if (operator === "&&" || operator === "||") {
        joins.push(operator);
        groups.push([item]);
      } else (groups[groups.length - 1] as ChainItem[]).push(item);
    });
    const run = (group: ChainItem[], from: State, last: boolean): Flow => {
      const inner = last ? ctx : { ...ctx, checked: true as const };
      const only = group.length === 1 ? group[0] : undefined;
      if (only !== undefined) return this.statement(only.node, from, inner, only.redirects);
      return this.pipe(group, from, inner);
    };
    let flow = run(groups[0] as ChainItem[], state, groups.length === 1);
    groups.slice(1).forEach((group, index) => {
      const last = index === groups.length - 2;
      const only = group.length === 1 ? group[0] : undefined;
      const exits =
        joins[index] === "||" &&
        only !== undefined &&
        only.redirects.length === 0 &&
        this.surelyExits(only.node);
      const before = flow;
      flow = joined(flow, joins[index] as string, (from) => run(group, from, last));
      // `cd src || exit 1`: the shell goes on only where the command before `||` succeeded.
      if (exits) flow = same(before.ok);
    });
    return flow;
  }

  /** The members of a pipeline, each in its own subshell: nothing they change stays. */
  private pipe(members: readonly ChainItem[], state: State, ctx: Ctx): Flow {
    const first = this.units.length;
    let stdout: string | null = null;
    let produced: XargsInput | null = null;
    let last = same(state);
    members.forEach((member, index) => {
      this.lastStdout = null;
      const before = members[index - 1];
      // `|&` also sends the producer's stderr (find's messages) into the pipe.
      const piped =
        before !== undefined &&
        produced !== null &&
        !this.text.slice(before.node.endIndex, member.node.startIndex).includes("|&");
      // Every member of a multi-command pipeline runs in its own subshell: cd there changes
      // nothing. With lastpipe, the last one may run in this shell (see `lastpipe`).
      last = this.statement(
        member.node,
        state,
        {
          ...ctx,
          stdinFed: ctx.stdinFed || index > 0,
          stdinScript: index > 0 ? stdout : ctx.stdinScript,
          stdinProducer:
            piped && produced !== null ? { owner: member.node, input: produced } : null,
        },
        member.redirects,
      );
      stdout = this.lastStdout;
      produced =
        member.node.type === "command" && member.redirects.length === 0
          ? (this.producers.get(member.node) ?? null)
          : null;
    });
    this.lastStdout = null;
    // The members start together: a later one may write before an earlier one runs what it
    // wrote (`bash s.sh | { echo … > s.sh; }`).
    this.runAlongside(first, this.units.length, state);
    return this.lastpipe(state, last);
  }

  /**
   * The state after a pipeline whose last member left `last`. With `shopt -s lastpipe` (job
   * control is off in `bash -c`) that member runs in this shell and what it sets stays: any
   * spelling of the option, or a computed `shopt` operand, counts, and then either state may
   * follow (the option may be off where the pipeline runs).
   */
  private lastpipe(state: State, last: Flow): Flow {
    this.lastpipeMention ??= this.mayToggle("lastpipe");
    if (!this.lastpipeMention) return same(state);
    return { ok: union(state, last.ok), any: union(state, last.any) };
  }

  private lastpipeMention: boolean | undefined;

  /**
   * tree-sitter-bash binds a trailing redirect to a whole list or pipeline
   * (`a && b | c > f`), where bash binds it to the last command (toolchain G8): pass the
   * redirects down to the last statement.
   */
  private redirected(node: Node, state: State, ctx: Ctx, bound: Node[]): Flow {
    const body = node.childForFieldName("body");
    const redirects = node.children.filter(
      (child): child is Node => child?.isNamed === true && child !== body && isRedirect(child),
    );
    const all = [...redirects, ...bound];
    if (body === null) return this.redirectOnly(node, all, state, ctx);
    return this.statement(body, state, ctx, all);
  }

  /** A statement with only redirects (`> f`): bash opens the files, runs nothing. */
  private redirectOnly(node: Node, redirects: Node[], state: State, ctx: Ctx): Flow {
    // Unless the grammar put words inside them (`2>&- <<EOF rm x`): those are the command.
    const trailing = redirects.flatMap((redirect) => redirectArguments(redirect));
    if (trailing.length > 0) {
      trailing.sort((a, b) => a.startIndex - b.startIndex);
      return this.simpleCommand(node, trailing, [], redirects, [], [], state, ctx);
    }
    const unit = this.newUnit(node.startIndex, node.startIndex, lastWordEnd(node, []), ctx);
    unit.executed = [];
    unit.sentinel = ctx.unparseable ? SENTINELS.unparseable : null;
    this.units.push(unit);
    return this.redirects(redirects, state, ctx, unit) ?? same(state);
  }

  /**
   * Redirects on a compound statement apply to everything inside it; their paths go to the
   * first unit inside, or to a unit of their own when the compound runs no command.
   */
  private compound(node: Node, state: State, ctx: Ctx, bound: Node[], body: () => Flow): Flow {
    const firstUnit = this.units.length;
    const flow = body();
    if (bound.length === 0) return flow;
    // Words tree-sitter-bash put inside a redirect after a statement that is not a simple
    // command (`x=1 <<EOF cmd "$(…)"`): bash runs them as a command; read them, floored.
    const trailing = bound.flatMap((redirect) => redirectArguments(redirect));
    if (trailing.length > 0) {
      for (const word of trailing) this.expressions(word, state, ctx);
      const unit = this.newUnit(
        trailing[0]?.startIndex ?? node.startIndex,
        node.startIndex,
        node.endIndex,
        {
          ...ctx,
          unparseable: true,
        },
      );
      unit.argv = trailing.map((word) => evaluateWord(word).text);
      this.units.push(unit);
    }
    let host = this.units.slice(firstUnit).sort((a, b) => a.pos - b.pos || a.seq - b.seq)[0];
    if (host === undefined) {
      host = this.newUnit(node.startIndex, node.startIndex, node.endIndex, ctx);
      host.executed = [];
      this.units.push(host);
    }
    const inside = this.units.length;
    let redirected = this.redirects(bound, state, ctx, host, false) ?? flow;
    // A redirect bash fails to make skips the whole compound (`{ c=a; } >&5`): status 1.
    if (this.redirectsMayFail(bound)) {
      redirected = { ok: redirected.ok, any: union(state, redirected.any) };
    }
    // bash expands these redirects before the body runs (`{ bash s.sh; } <<< "$(…)"`).
    if (this.units.length > inside) {
      this.runAlongside(firstUnit, this.units.length, state, inside);
    }
    return redirected;
  }

  private ifStatement(node: Node, state: State, ctx: Ctx): Flow {
    // Every branch may run. The conditions run in turn until one succeeds: an `elif` (and the
    // `else`) starts from the state every earlier condition left, failing.
    const branches: State[] = [];
    let failed = state;
    let sawElse = false;
    const { condition, body } = this.ifParts(node.children);
    const test = { ...ctx, checked: true as const };
    // A branch that surely ends the shell (`then exit 1`) leaves no state to go on from.
    const branch = (statements: readonly (Node | null)[], from: State) => {
      const end = this.sequence(statements as Node[], from, ctx).any;
      const last = statements.filter((n): n is Node => n?.isNamed === true && n.type !== "comment");
      const lastOne = last[last.length - 1];
      if (lastOne === undefined || !this.surelyExits(lastOne)) branches.push(end);
    };
    // `if ! cd src; then exit 1; fi`: the condition fails where the cd succeeded.
    const negated = negatedOnly(condition);
    let first: Flow;
    if (negated !== null) {
      const inner = this.statement(negated, state, test, []);
      first = { ok: inner.any, any: inner.any };
      failed = inner.ok;
    } else {
      first = this.sequence(condition, state, test);
      failed = first.any;
    }
    branch(body, first.ok);
    for (const child of node.children) {
      if (child?.type !== "elif_clause" && child?.type !== "else_clause") continue;
      if (child.type === "else_clause") {
        sawElse = true;
        branch(child.children, failed);
        continue;
      }
      const parts = this.ifParts(child.children);
      const tested = this.sequence(parts.condition, failed, test);
      branch(parts.body, tested.ok);
      failed = tested.any;
    }
    if (!sawElse) branches.push(failed);
    // Every branch ends the shell: nothing runs after the `if` (kept as the state before it).
    return same(branches.length === 0 ? state : branches.reduce(union));
  }

  /**
   * The condition and the body of an `if` or `elif`: the statements (and the `&` after one,
   * which {@link Walker.sequence} reads) before `then`, and those after it up to the next
   * clause.
   */
  private ifParts(children: readonly (Node | null)[]): { condition: Node[]; body: Node[] } {
    const condition: Node[] = [];
    const body: Node[] = [];
    let phase = condition;
    for (const child of children) {
      if (!child) continue;
      if (child.type === "then") {
        phase = body;
        continue;
      }
      if (child.type === "elif_clause" || child.type === "else_clause") break;
      if (child.type === "&" || (child.isNamed && child.type !== "comment")) phase.push(child);
    }
    return { condition, body };
  }

  private loop(node: Node, state: State, ctx: Ctx): Flow {
    if (node.type === "c_style_for_statement") {
      const header = /^for\s*\(\((.*?)\)\)/s.exec(node.text)?.[1] ?? node.text;
      this.checkArithmetic(header, node, state, ctx);
    }
    // A later round sees what an earlier one assigned: every name the loop may assign is
    // unknown throughout, except a `for` variable over words the string decides.
    const plain = assignedNames(node, this.functions);
    const untracked = this.untrackedNames(node);
    const names = plain === null || untracked === null ? null : [...plain, ...untracked];
    let assigned0 = names === null ? havoc(state) : assign(state, names, null);
    // A counter that holds an integer before the loop starts the rounds as one; a round
    // that assigns it anything else leaves a state this entry does not cover (see covers).
    for (const name of names ?? []) {
      if (holdsInteger(name, state.vars)) assigned0 = assignInteger(assigned0, name);
    }
    // A later round starts where the body's cd left the last one: the folder is unknown.
    // A cd inside `( … )` or a substitution stays in that subshell. Where every change of
    // directory is a plain `cd` to an absolute folder written out, the rounds below follow
    // it: they start in the loop's folders or that one.
    const moving = outsideSubshells(node);
    let entry =
      this.movesDirectory(moving) && !this.absoluteCdsOnly(moving)
        ? unknownCwd(assigned0)
        : assigned0;
    // The names above are read off the text; what the walk itself sees a round do decides.
    // A round that leaves a state the entry does not cover (`pr''intf -v c x`, `x=c;
    // printf -v $x …`, a quoted `cd`) is walked again from the wider state; past a few
    // tries, from nothing known.
    // `break` and `continue` leave a round wherever they stand (and a function called may run
    // them): then every name the round assigns may hold any value it had in between.
    const jumps = /\b(break|continue)\b/.test(unquoted(node.text)) || this.computedCommand();
    for (let attempt = 0; ; attempt++) {
      const mark = this.mark();
      const first = this.units.length;
      const outer = assignedLog;
      const log = new Set<string>();
      assignedLog = log;
      let round: Flow;
      try {
        round = this.loopRound(node, state, entry, ctx);
      } finally {
        assignedLog = outer;
        for (const name of log) outer?.add(name);
      }
      const left = jumps ? assign(round.any, log, null) : round.any;
      const after = union(entry, left);
      if (covers(entry, after)) {
        for (const unit of this.units.slice(first)) {
          this.again.push([unit, this.units.length, after]);
        }
        return same(sameCwds(after.cwds, entry.cwds) ? after : unknownCwd(after));
      }
      this.restore(mark);
      entry = attempt < 2 ? after : unknownCwd(havoc(state));
    }
  }

  /** Snapshots of what a walk adds, to walk a part again (see {@link Walker.restore}). */
  private mark(): Mark {
    return {
      units: this.units.length,
      uncalled: this.uncalled.length,
      diagnostics: this.diagnostics.length,
      again: this.again.length,
      unhosted: this.unhosted.length,
      unhostedAt: this.unhostedAt,
      lastStdout: this.lastStdout,
    };
  }

  /** Drops what the walk added since `mark`. */
  private restore(mark: Mark): void {
    this.units.length = mark.units;
    this.uncalled.length = mark.uncalled;
    this.diagnostics.length = mark.diagnostics;
    this.again.length = mark.again;
    this.unhosted.length = mark.unhosted;
    this.unhostedAt = mark.unhostedAt;
    this.lastStdout = mark.lastStdout;
  }

  /** How many per-value walks of a `for` body enclose the current point (see eachValue). */
  private perValue = 0;

  /**
   * The states a `for` body starts in, one per word of its list, when the list is a few
   * plain words (no glob) the walk knows and no per-value walk encloses this one; null
   * otherwise (the body is walked once with the variable holding any of them).
   */
  private eachValue(node: Node, state: State): State[] | null {
    // `select` may leave the variable empty (a reply that is no number of the list).
    if (node.type !== "for_statement" || node.child(0)?.type === "select" || this.perValue > 0)
      return null;
    const variable = node.childForFieldName("variable")?.text;
    if (variable === undefined) return null;
    const values = state.vars.get(variable) ?? null;
    if (values === null || values.length < 2 || values.length > MAX_ROUNDS_APART) return null;
    if (values.some((value) => value.glob)) return null;
    return values.map((value) => assign(state, [variable], [value]));
  }

  /**
   * Whether a `for` list of `values` gives `name` one number a round (see inert-values.ts
   * numberListing), run by the program bash finds by name (a function or alias of it floors
   * the string: shadowedOutputProgram), into a name no attribute changes.
   */
  private numberLoop(values: readonly Node[], name: string, state: State): boolean {
    const only = values.length === 1 ? (values[0] as Node) : null;
    if (only === null || !numberListing(only.type, only.text, envOf(state))) return false;
    if (state.vars.has(LOOKUP_REBOUND) || this.mayTrace()) return false;
    return !this.mayBeInteger(name, state) && !this.mayBeCased(name, state);
  }

  /** One round of a loop from `entry` (its header, condition and body), as the walk sees it. */
  private loopRound(node: Node, state: State, entry: State, ctx: Ctx): Flow {
    let flow = same(entry);
    const first = this.units.length;
    let listed: PendingPath[] = [];
    const variable = node.childForFieldName("variable");
    if (variable !== null && node.type === "for_statement") {
      const values = node.children.filter(
        (child): child is Node => child !== null && fieldOf(node, child) === "value",
      );
      // A case attribute changes each word as the loop assigns it (`declare -l f; for f in
      // .ENV` reads .env, traced): the values are the walk's only without one.
      const assigned = this.mayBeCased(variable.text, entry)
        ? null
        : loopValues(values, entry, this.mayBePosix([], entry));
      // bash lists the folders of the words' globs before the first round, whether or not
      // the body uses the variable (`for f in ~/.ssh/*; do :; done` opens ~/.ssh).
      // Only the names are taken (C15 glob-list-names-judged-as-files): `for f in .e*; do
      // echo found; done` lists /repo as `echo .e*` does and opens no .env; what the body
      // does with a name is judged where it uses the variable.
      const listWords = values.map((value) => evaluateWord(value));
      const globs: PathUse[] = [
        ...listWords.filter((word) => word.glob),
        ...valueGlobs(listWords, state),
      ].map((word) => ({ word, access: "read" }));
      if (globs.length > 0) listed = this.resolve(globs, state).map(listedOnly);
      listed.push(
        ...unseenGlobs(listWords, listed, state, this.defaultsOnly, (word) =>
          this.listingNames(word, state),
        ),
      );
      if (
        this.mayBeInteger(variable.text, state) &&
        (assigned === null || assigned.some((v) => v.glob || !safeIntegerText(v.text, state)))
      ) {
        this.evaluated(
          variable,
          `${variable.text} is an integer variable: each word is evaluated`,
          ctx,
        );
      }
      // An integer variable holds each word evaluated: plain decimals as written, any other
      // word (`for n in 1+2` gives 3) a number the walk does not work out.
      const held =
        assigned !== null &&
        this.mayBeInteger(variable.text, state) &&
        !assigned.every((v) => !v.glob && plainDecimal(v.text))
          ? null
          : assigned;
      flow = same(assign(entry, [variable.text], held));
      // S32 F-prec2 seq-loop: over `$(seq 1 5)` the variable holds one number a round.
      if (assigned === null && this.numberLoop(values, variable.text, entry)) {
        const number = assignInteger(entry, variable.text);
        flow = same(markInertOutput(number, variable.text, ONE_NUMBER_WORD));
      }
      // `for GIT_EXTERNAL_DIFF in 'cmd'` assigns each word as `NAME=word` would.
      const words =
        assigned === null
          ? [wordFromText(variable.text, { computed: true, start: variable.startIndex })]
          : assigned.map((value) =>
              wordFromText(value.text, { computed: value.glob, start: variable.startIndex }),
            );
      for (const value of words) {
        for (const injection of injectedByAssignment(variable.text, value)) {
          this.inject(injection, null, state, ctx);
        }
      }
      // `select` also puts the line it reads in REPLY.
      if (node.child(0)?.type === "select" && this.mayBeInteger("REPLY", state)) {
        this.evaluated(variable, "select assigns REPLY, which may be an integer variable", ctx);
      }
    }
    let before = flow.any;
    // A `while`/`until` loop ends after its condition: the state there may follow the loop.
    let tested: State | null = null;
    for (const child of node.children) {
      // A condition statement put in the background (`while c=x & false`) ran in a subshell.
      if (child?.type === "&") flow = same(before);
      if (!child?.isNamed || child.type === "comment") continue;
      const field = fieldOf(node, child);
      if (field === "variable") continue;
      if (
        field === "value" ||
        field === "initializer" ||
        field === "update" ||
        (isExpression(child) && !isAssignmentStatement(node, child))
      ) {
        this.expressions(child, flow.any, ctx);
        continue;
      }
      if (field === "body" && node.type === "while_statement") tested = flow.any;
      before = flow.any;
      // A `while` or `until` condition may fail without stopping a `set -e` shell.
      const inner =
        field === "body" || node.type !== "while_statement"
          ? ctx
          : { ...ctx, checked: true as const };
      const each = field === "body" ? this.eachValue(node, flow.any) : null;
      if (each !== null) {
        // One walk of the body per word of the list, each with the variable holding it: a
        // rule is met by what each round runs (`for f in a b; do rm "$f"; done`).
        this.perValue++;
        try {
          const flows = each.map((round) => this.statement(child, round, inner));
          flow = {
            ok: flows.map((f) => f.ok).reduce(union),
            any: flows.map((f) => f.any).reduce(union),
          };
        } finally {
          this.perValue--;
        }
        continue;
      }
      flow = this.statement(child, flow.any, inner);
    }
    if (tested !== null) flow = same(union(tested, flow.any));
    // A glob the body already reads through the variable needs no second path.
    const seen = new Set(
      this.units.slice(first).flatMap((unit) => unit.paths.map((p) => `${p.access}:${p.glob}`)),
    );
    const unseen = listed.filter((p) => p.glob === null || !seen.has(`${p.access}:${p.glob}`));
    if (unseen.length > 0) {
      this.unhosted.push(...unseen);
      this.unhostedAt ??= node;
    }
    return flow;
  }

  private caseStatement(node: Node, state: State, ctx: Ctx): Flow {
    // `;&` runs the next arm's body with the state this arm left; `;;&` goes on testing the
    // later patterns with it. `testing`: the states the patterns of an arm may be tested in;
    // `falling`: the state a `;&` before hands to this arm's body.
    const ends: State[] = [];
    let testing = state;
    let falling: State | null = null;
    for (const child of node.children) {
      if (!child?.isNamed) continue;
      if (child.type !== "case_item") {
        this.expressions(child, state, ctx);
        continue;
      }
      const statements: Node[] = [];
      let terminator = ";;";
      for (const part of child.children) {
        if (!part || part.type === "comment") continue;
        const field = fieldOf(child, part);
        if (field === "value") this.expressions(part, testing, ctx);
        else if (field === "termination" || field === "fallthrough") terminator = part.type;
        else if (part.type === "&" || part.isNamed) statements.push(part);
      }
      const entry: State = falling === null ? testing : union(testing, falling);
      const end = this.sequence(statements, entry, ctx).any;
      falling = null;
      if (terminator === ";&") falling = end;
      else {
        ends.push(end);
        if (terminator === ";;&") testing = union(testing, end);
      }
    }
    // No pattern matched, or the last arm fell through past the end.
    ends.push(testing);
    if (falling !== null) ends.push(falling);
    return same(ends.reduce(union));
  }

  /**
   * The bodies of functions a unit called by a computed command word (`x=de; ${x}ploy`) are
   * taken back from {@link Walker.uncalled}: bash runs them, as for a call that spells the name,
   * whenever the function is called. A body walked in a part that was walked again is taken
   * back once, from where it still is.
   */
  private bodiesCalledByValue(): void {
    if (this.uncalledBodies.size === 0) return;
    // A unit with a word that is the name of such a function: the text never spells it, so the
    // walk built it (the command word, or a word after `time` or a keyword). Taken as a call,
    // and so are the calls in the bodies taken back.
    let from = 0;
    while (from < this.units.length) {
      const called = new Set<string>();
      for (const unit of this.units.slice(from)) {
        for (const word of unit.argv) if (this.uncalledBodies.has(word)) called.add(word);
      }
      from = this.units.length;
      for (const name of called) {
        for (const { units, entry } of this.uncalledBodies.get(name) ?? []) {
          for (const unit of units) {
            const at = this.uncalled.indexOf(unit);
            if (at === -1) continue;
            this.uncalled.splice(at, 1);
            this.units.push(unit);
            this.again.push([unit, Infinity, entry]);
          }
        }
        this.uncalledBodies.delete(name);
      }
    }
  }

  private functionDefinition(node: Node, state: State, ctx: Ctx): Flow {
    const body = node.childForFieldName("body");
    const redirects = node.children.filter(
      (child): child is Node => child?.isNamed === true && isRedirect(child),
    );
    const name = node.childForFieldName("name")?.text;
    if (name) this.functions.add(name);
    if (name && body) this.bodies.set(name, { body, redirects });
    // A function whose name appears nowhere else in the string is never called: bash runs
    // nothing of it. (A call through a computed name is itself floored as opaque.)
    // bash calls command_not_found_handle itself, for any command it cannot find.
    const called =
      !name ||
      name === "command_not_found_handle" ||
      calledElsewhere(this.text, name, node.startIndex, node.endIndex);
    // The body runs whenever the function is called, with whatever the variables hold then:
    // list its units once, here, with no variable known.
    // Called later, the body sees whatever the variables (HOME included) hold then.
    // A name the string spells may hold anything it was given (`GIT_DIR=x; f() { git log; }`):
    // it stays present, with no value known, for what looks names up (git's path variables).
    const entry: State = {
      ...state,
      // A call after a cd (`f(){ cat notes.txt; }; cd && f`) runs the body elsewhere.
      cwds: this.movesDirectoryAnywhere() ? null : state.cwds,
      vars: new Map([
        [ANY_NAME, null],
        // A `${NAME:=…}` the walk does not place may assign NAME in the body too (S32 F-prec:
        // a body's own `X=$(date +%s)` keeps its marker, see inertOutputOf).
        ...[...state.vars.keys()]
          .filter((key) => key.startsWith(DEFAULTED))
          .map((key): [string, null] => [key, null]),
        ...this.spelledNames(),
        ...(this.movesDirectoryAnywhere() ? [[LEFT_BY_CD, null] as [string, null]] : []),
      ]),
      home: null,
    };
    const first = this.units.length;
    this.functionDepth++;
    let flow: Flow;
    try {
      flow = body ? this.statement(body, entry, ctx, redirects) : same(entry);
    } finally {
      this.functionDepth--;
    }
    if (name && body && this.bodySummary(body, redirects)) {
      this.summaries.set(name, { ok: flow.ok.vars, any: flow.any.vars });
    }
    // Its units are still there for the token cross-check to account for, not as commands.
    if (!called) {
      const units = this.units.splice(first);
      this.uncalled.push(...units);
      if (name) {
        const bodies = this.uncalledBodies.get(name) ?? [];
        bodies.push({ units, entry });
        this.uncalledBodies.set(name, bodies);
      }
    } else for (const unit of this.units.slice(first)) this.again.push([unit, Infinity, entry]);
    // A call may change the directory at any later point, unless nothing in the string can
    // (see cwdStays).
    const after =
      this.cwdStays() || sameState({ ...flow.any, vars: state.vars }, state)
        ? state
        : unknownCwd(state);
    return same(name ? assign(after, [`${DEFINED_FUNCTION}${name}`], [{ text: name }]) : after);
  }

  /**
   * Whether the variables a walk of this body leaves are what a call leaves: a `{ }` body with
   * no redirect of its own (one that fails runs nothing), no word that leaves it early or
   * jumps out of it (`return`, `break`, `continue`: the walk goes on past them), none that
   * makes a name local to the call or readonly (`local`, `declare`, `typeset`, `readonly`: the
   * walk gives such a name for good), and no trap (its code runs at the call's end).
   */
  private bodySummary(body: Node, redirects: readonly Node[]): boolean {
    if (body.type !== "compound_statement" || redirects.length > 0) return false;
    if (this.computedCommand()) return false;
    // Read as bash spells the words: `ret''urn`, `retur\⏎n`, `$'\x72eturn'` and
    // `{ret,}urn` are `return` too (R32 summary-quoted-return).
    const plain = unquoted(body.text.replace(/\\\n/g, ""));
    const spelled = plain.includes("{") ? spellBraces(plain) : plain;
    if (spelled === null) return false;
    return !/\b(?:return|break|continue|local|declare|typeset|readonly|trap)\b/.test(
      `${plain}\n${spelled}`,
    );
  }

  /**
   * What a bare call (no redirect, no prefix assignment, no wrapper) of `name` surely leaves
   * set: the summary of its body, when the string defines it once (the summary is of the body
   * that runs) and the state holds it as defined (the call runs it).
   */
  private calledSummary(name: string, state: State): { ok: Vars; any: Vars } | null {
    const summary = this.summaries.get(name);
    if (summary === undefined || !this.functions.has(name)) return null;
    // Past FUNCNEST calls deep, bash refuses the call and runs nothing of the body.
    if (/FUNCNEST/.test(this.text)) return null;
    if (state.vars.get(`${DEFINED_FUNCTION}${name}`)?.length !== 1) return null;
    const plain = this.plainText().replace(/['"\\]/g, "");
    const definitions = [
      ...namesBeforeEmptyParens(plain),
      ...[...plain.matchAll(/\bfunction[ \t]+([^\s;&|(){}<>]+)/g)].map((match) => match[1]),
    ].filter((each) => each === name);
    return definitions.length === 1 ? summary : null;
  }

  /** Every name the text spells, each with no value known (at most {@link MAX_SPELLED}). */
  private spelledNames(): [string, null][] {
    if (this.spelled === undefined) {
      const names = new Set(this.plainText().match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []);
      let list = [...names];
      // Past the bound, the names programs read from the environment (upper case) are kept.
      if (list.length > MAX_SPELLED) {
        list = list.filter((name) => /^[A-Z_][A-Z0-9_]*$/.test(name));
        // git's and the loaders' own names first, should even those be too many.
        list.sort((a, b) => Number(!/^(GIT|XDG|LD)_/.test(a)) - Number(!/^(GIT|XDG|LD)_/.test(b)));
      }
      this.spelled = list.slice(0, MAX_SPELLED * 4).map((name) => [name, null]);
    }
    return this.spelled;
  }

  private spelled: [string, null][] | undefined;

  private assignment(node: Node, state: State, ctx: Ctx): Flow {
    const names = node.type === "variable_assignment" ? [node] : node.namedChildren;
    // bash expands and makes a statement's assignments left to right: a substitution in one
    // sees the ones before it (`f=README.md; f=.env g=$(cat "$f")` runs cat .env).
    let seen = state;
    // bash refuses an assignment to a readonly name and the name keeps its old value (the
    // statement stops, the next line goes on): the old value stays possible beside the new.
    const refusable = names.some(
      (child) =>
        child?.type === "variable_assignment" &&
        this.mayBeReadonly(/^[A-Za-z_][A-Za-z0-9_]*/.exec(child.text)?.[0] ?? "", state),
    );
    for (const assignment of names) {
      if (assignment?.type !== "variable_assignment") continue;
      this.expressions(assignment, seen, ctx);
      this.evaluatedAssignment(assignment, seen, ctx);
      const after = this.assigned(assignment, seen);
      seen = refusable ? union(seen, after) : after;
    }
    this.injectAssignments(
      names.filter((child): child is Node => child?.type === "variable_assignment"),
      null,
      state,
      ctx,
    );
    for (const assignment of names) {
      if (assignment?.type === "variable_assignment") {
        this.unhosted.push(...this.arrayGlobs(assignment, state, node));
      }
    }
    let next = state;
    for (const assignment of names) {
      if (assignment?.type === "variable_assignment") next = this.assigned(assignment, next, ctx);
    }
    if (refusable) {
      next = union(state, next);
      // The refusal also leaves the rest of the line (`UID=1; c=b` keeps c).
      if (this.functionDepth === 0) this.mayDrop(state, next);
    }
    const assignedNames = names.map((child) => child?.childForFieldName("name")?.text ?? "");
    this.unhosted.push(...this.shellReads(assignedNames, next));
    return same(next);
  }

  /** What bash reads itself when a statement assigns `names` (TZ's file under `set -a`). */
  private shellReads(names: readonly string[], next: State): PendingPath[] {
    const reads = shellReadsOnAssignment(names, next);
    return reads.length === 0 ? [] : this.resolve(pathsOfAssignments(reads), next);
  }

  /** The state after one `NAME=value` (also `+=`, arrays, subscripts) in the current shell. */
  private assigned(node: Node, state: State, ctx?: Ctx): State {
    let next = this.assignedValue(node, state, ctx);
    // `declare -l x; x=.ENV` assigns `.env`: a case attribute changes what is assigned.
    const name = node.childForFieldName("name")?.text ?? "";
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && this.mayBeCased(name, state)) {
      next = assign(next, [name], null);
    }
    // `$'\u00e9'` is é in a UTF-8 locale but stays the text `\u00E9` in the C locale, which
    // the string does not decide: split on such an IFS, or with one, the value is two values.
    if (localeDependent(node.text)) {
      next = assign(next, [name.replace(/\[.*$/s, "")], null);
    }
    // A PATH written out of the standard directories finds what the user's PATH finds.
    if (
      next.vars.has(LOOKUP_REBOUND) &&
      node.childForFieldName("name")?.text === "PATH" &&
      !node.children.some((child) => child?.type === "+=")
    ) {
      const value = node.childForFieldName("value");
      if (value !== null && value.type !== "array" && standardPath(evaluateWord(value).text)) {
        const vars = copyVars(next.vars);
        vars.delete(LOOKUP_REBOUND);
        return { ...next, vars };
      }
    }
    return next;
  }

  /**
   * A declaration's `NAME=VALUE` whose VALUE bash expanded in `from`, the state before the
   * declaration, assigned in `into`: a plain scalar value as {@link Walker.assignedValue}
   * works it out, anything else unknown.
   */
  private assignedFrom(node: Node, from: State, into: State): State {
    const name = node.childForFieldName("name")?.text ?? "";
    const base = /^[A-Za-z_][A-Za-z0-9_]*/.exec(name)?.[0];
    if (base === undefined) return into;
    const valueNode = node.childForFieldName("value");
    if (
      base !== name ||
      valueNode === null ||
      valueNode.type === "array" ||
      node.children.some((child) => child?.type === "+=") ||
      this.mayBeInteger(name, into) ||
      this.mayBeCased(name, into) ||
      localeDependent(node.text)
    ) {
      return assign(into, [base], null);
    }
    const valueWord = assignmentTildes(evaluateWord(valueNode), 0, tildeFolder(from));
    if (valueWord.glob || globMade(valueWord, from.vars)) return assign(into, [name], null);
    const expanded = expandWord(valueWord, envOf(from), { split: false });
    if (expanded === null || expanded.length > MAX_VALUES) return assign(into, [name], null);
    return assign(
      into,
      [name],
      expanded.map((fields) => ({ text: fields.map((f) => f.text).join(" ") })),
    );
  }

  private assignedValue(node: Node, state: State, ctx?: Ctx): State {
    const nameNode = node.childForFieldName("name");
    const name = nameNode?.type === "variable_name" ? nameNode.text : null;
    if (name === null) {
      // `a[i]=…` and other forms: the array's name may now hold anything.
      const base = /^[A-Za-z_][A-Za-z0-9_]*/.exec(nameNode?.text ?? "")?.[0];
      // `V[0]+=1` to an integer variable evaluates the element's old value, as `V+=1` does.
      if (ctx && base && node.children.some((child) => child?.type === "+=")) {
        if (this.appendEvaluatesOld(base, state)) {
          this.evaluated(node, `${base} may be an integer variable: += evaluates its value`, ctx);
        }
      }
      return base ? assign(state, [base], null) : state;
    }
    const valueNode = node.childForFieldName("value");
    const appends = node.children.some((child) => child?.type === "+=");
    if (valueNode === null)
      return assign(state, [name], appends ? valuesOfState(name, state) : [{ text: "" }]);
    if (valueNode.type === "array") {
      // An integer array holds each element evaluated (`declare -i a; a=(1+2)` holds 3).
      // An associative array's `a=(k v …)` pairs keys with values (R29 assoc-array-words,
      // traced: `declare -A a; a=(echo rm); "${a[@]}" -rf src` ran rm): not its words.
      const listed = appends || this.mayBeAssociative() ? null : literalElements(valueNode);
      const elements =
        listed !== null &&
        this.mayBeInteger(name, state) &&
        !listed.every((element) => plainDecimal(element.text))
          ? null
          : listed;
      const next = assign(state, [name], null);
      // `a=(--o*)`: the elements are file names, any text (see glob-names.ts). A listed
      // element that is a glob is kept as its pattern, as a `for` over it keeps it
      // (`files=(src/*.ts); for f in "${files[@]}"`), and glob-names.ts reads it there.
      const made =
        elements === null &&
        valueNode.namedChildren.some(
          (element) => element !== null && globMade(evaluateWord(element), state.vars),
        );
      if (made) return markGlobMade(next, name);
      if (appends) return next;
      const kept = elements === null ? next : assign(next, [ARRAY_ELEMENTS + name], elements);
      return markCodeFree(kept, name, valueNode);
    }
    // An assignment expands a leading `~` and one after every unquoted `:` in its value.
    const valueWord = assignmentTildes(evaluateWord(valueNode), 0, tildeFolder(state));
    // `g=$f`, `g=${f#./}` after `for f in *`: g holds (part of) a file name, any text.
    if (!appends && globMade(valueWord, state.vars) && !valueWord.glob) {
      const values = expandWord(valueWord, envOf(state), { split: false, braces: false });
      const next = assign(
        state,
        [name],
        values === null
          ? null
          : values.map((f) => ({ text: f.map((x) => x.text).join(" "), glob: true })),
      );
      return markGlobMade(next, name);
    }
    if (ctx && this.mayBeInteger(name, state) && !safeInteger(valueWord, state, valueNode.text)) {
      this.evaluated(node, `${name} is an integer variable: what is assigned is evaluated`, ctx);
    } else if (ctx && appends && this.appendEvaluatesOld(name, state)) {
      this.evaluated(node, `${name} may be an integer variable: += evaluates its value`, ctx);
    }
    const expanded = expandWord(valueWord, envOf(state), { split: false, braces: false });
    // A prompt string is expanded again each time the prompt shows (PS4 under `set -x`).
    if (
      PROMPTS.has(name) &&
      ctx &&
      (expanded === null || expanded.some((f) => /[`$\\]/.test(f.map((x) => x.text).join(" "))))
    ) {
      this.evaluated(node, `${name} is expanded again each time it is shown`, ctx);
    }
    if (expanded === null) {
      const next =
        !appends && this.integerResult(valueNode, name, state)
          ? assignInteger(state, name)
          : assign(state, [name], null);
      const output = appends ? null : this.inertValue(valueNode, name, state);
      return output === null ? next : markInertOutput(next, name, output);
    }
    let values: VarValue[] = expanded.map((fields) => ({
      text: fields.map((f) => f.text).join(" "),
    }));
    // An integer variable holds what bash evaluates the value to: a plain decimal is that
    // number as written; `1+2`, `010` or an append (`V+=1` adds) is a number the walk does
    // not work out, and a variable that may not be an integer may hold the text instead.
    if (this.mayBeInteger(name, state) && (appends || !values.every((v) => plainDecimal(v.text))))
      return assign(
        state,
        [name],
        appends ? integerAppends(valuesOfState(name, state), values) : null,
      );
    if (appends) {
      const before = valuesOfState(name, state);
      if (before === null) return assign(state, [name], null);
      values = before.flatMap((b) => values.map((v) => ({ text: b.text + v.text })));
    }
    return assign(state, [name], values.length > MAX_VALUES ? null : values);
  }

  /**
   * The substitution whose output `name=VALUE` leaves in `name`, when VALUE is one (quoted or
   * not) that {@link inertSourceOf} trusts, run by the program bash finds by name (PATH as
   * bash's, no `set -x` trace in its output) into a name with no attribute that changes what
   * is assigned (S31 assigned-inert-value). Null otherwise.
   */
  private inertValue(value: Node, name: string, state: State): string | null {
    const inner = unquotedSole(value);
    const output = inertSourceOf(inner.type, inner.text, state.vars);
    if (output === null) return null;
    if (state.vars.has(LOOKUP_REBOUND) || this.mayTrace()) return null;
    if (this.mayBeInteger(name, state) || this.mayBeCased(name, state)) return null;
    return output;
  }

  /**
   * Whether `name=VALUE` surely leaves an integer in `name`: VALUE is one arithmetic
   * expansion (`$((n+1))`, quoted or not) that runs nothing, whose result bash prints in
   * decimal. When the arithmetic fails (`$((1/0))`) bash stops the string, but inside an
   * `eval` only that string, and the name keeps its old value: so that value must be an
   * integer too, or one from the environment (the user's own, trusted like any).
   */
  private integerResult(value: Node, name: string, state: State): boolean {
    const inner = unquotedSole(value);
    if (this.numericValue(inner, state)) return true;
    if (inner.type !== "arithmetic_expansion" || !/^\$\(\(.*\)\)$/s.test(inner.text)) return false;
    const env = envOf(state);
    if (unsafeArithmetic(inner.text.slice(3, -2), env) !== null) return false;
    if (/[`$]/.test(inner.text.slice(3, -2).replace(/\$\{?[A-Za-z_][A-Za-z0-9_]*\}?/g, "")))
      return false;
    const old = state.vars.has(name) || state.vars.has(ANY_NAME);
    return !old || holdsInteger(name, state.vars);
  }

  /**
   * Whether a value is one command substitution that prints only a number whatever its input
   * (`$(wc -l < f)`, `$(date +%s)`, `$(git rev-list --count HEAD)`, `$(grep -c x f)`: see
   * `numericOutput`) run by the program bash finds by name (no function, alias, sourced file,
   * `hash` or PATH rebinding in the string), or a counter bash keeps (`$SECONDS`, `$$`) that
   * the string never assigns or unsets: it holds digits, or nothing when the command fails,
   * both inert in arithmetic.
   */
  private numericValue(value: Node, state: State): boolean {
    const text = value.text;
    const plain = this.plainText();
    const counter = /^\$\{?(SECONDS|EPOCHSECONDS|BASHPID|PPID|UID|EUID|LINENO|\$)\}?$/.exec(text);
    if (counter !== null) {
      const name = counter[1] as string;
      return !state.vars.has(name) && !state.vars.has(ANY_NAME) && !/\bunset\b/.test(plain);
    }
    // bash's status and count (`rc=$?`, `n=$#`): a decimal number whatever the string did, since
    // no statement assigns `?` or `#`. The last background job's pid (`PID=$!`, S33
    // numeric-variable) is digits too, or nothing before any job: both inert in arithmetic.
    if (/^\$(?:[?#!]|\{[?#!]\})$/.test(text)) return true;
    // `${PIPESTATUS[N]}` too, but only where nothing the string ran may have assigned it: bash
    // sets it after every command, not after an assignment statement, which leaves the string's
    // own value there (R19, traced: `PIPESTATUS='a[$(id)]'; x=${PIPESTATUS[0]}; echo $((x))`
    // runs id). Any assignment the walk follows keeps the name in its state (a call of a
    // function whose body assigns it, a name only known at run time, code it cannot read).
    if (/^\$\{PIPESTATUS\[[0-9]+\]\}$/.test(text)) {
      const vars = state.vars;
      return ![
        "PIPESTATUS",
        ANY_NAME,
        COMPUTED_NAME,
        `${DEFAULTED}PIPESTATUS`,
        `${DEFAULTED}${ANY_NAME}`,
      ].some((key) => vars.has(key));
    }
    if (value.type !== "command_substitution" || !text.startsWith("$(") || !text.endsWith(")")) {
      return false;
    }
    if (!numericOutput(text.slice(2, -1)) || state.vars.has(LOOKUP_REBOUND)) return false;
    // Under `set -x` the trace may go to the output (`BASH_XTRACEFD=1`): `+ grep -c x
    // /etc/passwd` then stands before the count, and the variable is no number a path may
    // hold (paths.ts numberToken, S33 numeric-variable), as an inert value is not (S31).
    if (this.mayTrace()) return false;
    const bare = plain.replace(/['"\\]/g, "");
    if (/\b(alias|eval|hash)\b/.test(bare)) return false;
    return !["wc", "date", "git", "grep", "id", "nproc"].some(
      (name) => mayRedefine(name, plain) || mayRedefine(name, bare),
    );
  }

  /**
   * The folders bash lists when it globs the unquoted words of `$(ls)` / `$(ls DIR)` (S33
   * ls-listing-words, r33d: `for f in $(ls src); do echo "$f"; done` asked as a glob of any
   * folder). Without -l, -R, -d, -F or -p, GNU ls given one folder prints its entries' names,
   * one a line when its output is no terminal, and a name holds no `/`; given a file it prints
   * the operand as written, which is a relative path without `..` or a glob character here.
   * A word of such output that holds a glob character therefore matches names in the working
   * folder only (`*`, and `.*` since a name may start with a dot), or anything below it when
   * `globstar` reads a `**` name: it is judged as those three words globbed there, listing
   * only. The words themselves stay computed (`cat $(ls src)` reads names nobody knows). Null
   * for any other word, or where `ls` may be another program (a function, an alias, PATH).
   */
  private listingNames(word: Word, state: State): PendingPath[] | null {
    const pieces = word.pieces;
    const only = pieces?.length === 1 ? pieces[0] : undefined;
    if (only === undefined || only.kind !== "expansion" || only.inQuotes === true) return null;
    const listing =
      /^\$\([ \t]*ls((?:[ \t]+-[1A]+)*)(?:[ \t]+([A-Za-z0-9_][A-Za-z0-9_.\/-]*))?[ \t]*\)$/.exec(
        only.text,
      );
    if (listing === null) return null;
    const operand = listing[2];
    if (operand !== undefined && operand.split("/").some((segment) => segment === ".."))
      return null;
    if (state.vars.has(LOOKUP_REBOUND)) return null;
    const plain = this.plainText();
    const bare = plain.replace(/['"\\]/g, "");
    if (/\b(alias|eval|hash)\b/.test(bare) || mayRedefine("ls", plain) || mayRedefine("ls", bare))
      return null;
    const uses: PathUse[] = ["*", ".*", "**"].map((text) => ({
      word: wordFromText(text, { glob: true }),
      access: "read",
    }));
    return this.resolve(uses, state).map(listedOnly);
  }

  private error(node: Node, state: State, ctx: Ctx): Flow {
    this.reportedErrors.add(node.startIndex);
    this.diagnostics.push({
      kind: "grammar-error",
      message: `the grammar could not parse \`${clip(node.text)}\``,
      at: node.startIndex,
    });
    // The grammar's failed nodes nest, and each is read again whole: paid at what a read
    // costs (R25: 120 KB of `<<a=(` made thousands of nested nodes, seconds of CPU time).
    tick(ERROR_READ_STEPS_PER_CHAR * node.text.length);
    const words = tokenWords(node.text);
    const unit = this.newUnit(node.startIndex, node.startIndex, node.endIndex, ctx);
    unit.argv = words.map((word) => word.text);
    unit.sentinel = SENTINELS.unparseable;
    // A brace spelling the grammar cannot read (`{rm,-rf,build}`) is still judged by the
    // words bash makes of it, so that a deny is not stepped around (it stays floored too).
    if (words.some((word) => hasBraceExpansion(word.text))) {
      const expanded = expandArgv(
        words.map((word) => wordFromText(word.text, { glob: true, start: word.start })),
        state,
      );
      if (expanded.every((word) => word.literal)) unit.executed = expanded.map((word) => word.text);
    }
    unit.paths = this.resolve(
      shapedPaths(words, []).map((use) => ({ ...use, via: "operand" as const })),
      state,
    );
    this.units.push(unit);
    // Each command the token pass finds between operators is judged on its own words too,
    // floored, so that `…; ( rm -rf x &&` in a broken region still meets `rm *`.
    for (const group of operatorGroups(node.text)) {
      if (group.length === 0 || group.length === words.length) continue;
      const piece = this.newUnit(node.startIndex, node.startIndex, node.endIndex, ctx);
      piece.argv = group.map((word) => word.text);
      piece.executed = piece.argv;
      piece.sentinel = SENTINELS.unparseable;
      piece.synthetic = true;
      this.units.push(piece);
    }
    // Commands the grammar still recognised inside the region are listed too, floored, and
    // so is whatever a substitution written in it runs.
    this.sequence(node.children, state, { ...ctx, unparseable: true });
    this.textSubstitutions(node, "word", state, { ...ctx, unparseable: true });
    return same(state);
  }

  // ---- commands ----------------------------------------------------------------------------

  private command(node: Node, state: State, ctx: Ctx, bound: Node[]): Flow {
    this.movesAtCommand.set(node, this.folderMoves.length);
    const assignments: Node[] = [];
    const redirects: Node[] = [];
    const wordNodes: Node[] = [];
    const subshells: Node[] = [];
    const errors: Node[] = [];
    let nameMissing = false;
    // INVARIANT: a prefix assignment the grammar cut (`y=a[\$\(rm\ x\)]`) is one word again,
    // never a command named after its tail (read/cut-words.ts).
    const cut = joinCutAssignments(node);
    if (cut?.doubtful) ctx = { ...ctx, unparseable: true };
    for (const child of cut?.children ?? node.children) {
      if (!child?.isNamed) continue;
      if (child.type === "ERROR") errors.push(child);
      else if (child.type === "variable_assignment") assignments.push(child);
      else if (isRedirect(child)) redirects.push(child);
      else if (child.type === "command_name") {
        const inner = child.namedChildren[0] ?? child;
        if (inner.isMissing || child.isMissing) nameMissing = true;
        else wordNodes.push(inner);
      } else if (child.type === "subshell" || child.type === "compound_statement")
        subshells.push(child);
      else if (child.type === "comment") continue;
      else wordNodes.push(child);
    }
    // `{fd}>f` puts a number bash picks in fd, whatever the string gave it before (B18
    // named-fd-redirect-read-as-word-in-cmdsub-or-case-arm: `x=$( sh {x}>&2 -c CMD )`).
    const named = descriptorNames([...redirects, ...bound]);
    if (named.length > 0) state = assign(state, named, null);
    if (nameMissing) {
      // `x=1 > f` is valid bash with no command; `ls &&` is not.
      const missing = node.childForFieldName("name");
      if ((assignments.length > 0 || redirects.length > 0) && missing) {
        this.forgivenMissing.add(missing.startIndex);
      }
    }
    // Digits written against a redirect are its descriptor, first word or not: tree-sitter-bash
    // names a command after them (`c=git 0<&-` is the command `0` to it, which bash never runs).
    const first = wordNodes[0];
    if (
      first !== undefined &&
      (redirects.length > 0 || bound.length > 0) &&
      validDescriptor(first.text) &&
      [...redirects, ...bound].some((redirect) => redirect.startIndex === first.endIndex)
    ) {
      const after = [...redirects, ...bound].flatMap((redirect) => redirectArguments(redirect));
      if (
        wordNodes.length === 1 &&
        assignments.length > 0 &&
        after.length === 0 &&
        ![...redirects, ...bound].some(
          (redirect) => closesDescriptor(redirect) && redirect.childForFieldName("destination"),
        )
      ) {
        // Assignments and redirects alone (`c=git 0<&-`, `IFS=: 0</dev/null`): they bind in
        // this shell, as `c=git` does (B18 fd-zero-redirect-on-assignment-only-statement).
        wordNodes.length = 0;
        nameMissing = true;
      } else if (wordNodes.length === 1 && assignments.length === 0) {
        // A word after the redirect may be an assignment bash makes in this shell (`0<&- c=git`
        // sets c), which the grammar hands back as a command word: not read here.
        ctx = { ...ctx, unparseable: true };
      }
    }
    if (
      wordNodes.length === 0 &&
      errors.length === 0 &&
      assignments.length > 0 &&
      (cut !== null ||
        (nameMissing &&
          [...redirects, ...bound].every((redirect) => redirectArguments(redirect).length === 0)))
    ) {
      // Nothing but assignments once joined, or assignments with redirects and no command
      // (`a=(~/.ssh/*) 2>/dev/null`, `2>&1 n='a[$(id)]'`): they bind in this shell, as a
      // statement `y=1` does, and bash expands their values there.
      const flow = this.assignment(
        SyntaxNode.over("variable_assignments", assignments, [], node),
        state,
        ctx,
      );
      const all = [...redirects, ...bound];
      return all.length === 0 ? flow : this.redirectOnly(node, all, flow.ok, ctx);
    }
    // Prefix assignments are made left to right: a substitution in one sees those before it
    // (`f=.env; f=README.md c=$(cat "$f") true` runs cat README.md).
    let prefixed = state;
    for (const [i, assignment] of assignments.entries()) {
      this.expressions(assignment, prefixed, ctx);
      // Only a later value with a substitution can see it.
      if (assignments.slice(i + 1).some((later) => /\$\(|`/.test(later.text))) {
        prefixed = this.prefixAssigned(assignment, prefixed);
      }
    }
    if (errors.length > 0) {
      // INVARIANT: a command the grammar could only partly read is floored, and the broken
      // region is reported on its own rather than read as words.
      for (const error of errors) this.error(error, state, ctx);
      ctx = { ...ctx, unparseable: true };
    }
    // A descriptor number written against its redirect (`npm 0</dev/null publish`) belongs to
    // the redirect; tree-sitter-bash sometimes hands it back as a word.
    // (Both steps below only concern a command with redirects: most have none.)
    if (redirects.length > 0 || bound.length > 0) {
      const redirectStarts = new Set([...redirects, ...bound].map((r) => r.startIndex));
      for (let i = wordNodes.length - 1; i >= 0; i--) {
        const wordNode = wordNodes[i] as Node;
        if (i > 0 && /^[0-9]+$/.test(wordNode.text) && redirectStarts.has(wordNode.endIndex)) {
          wordNodes.splice(i, 1);
        }
        // `{fd}<<<x` opens the here-string on a descriptor bash puts in fd (the grammar has no
        // such redirect for `<<` and `<<<`; analyze.ts repairs the file ones): no word.
        const fed = [...redirects, ...bound].find((r) => r.startIndex === wordNode.endIndex);
        if (fed !== undefined && namedDescriptor(fed) && NAMED_FD.test(wordNode.text)) {
          wordNodes.splice(i, 1);
        }
        // `{NAME[SUB]}>f` stores the descriptor bash picks in an array element: SUB is
        // evaluated as any subscript of an assignment (`{a['$(id)']}>f` runs id).
        if (
          redirectStarts.has(wordNode.endIndex) &&
          /^\{[A-Za-z_][A-Za-z0-9_]*\[/.test(wordNode.text) &&
          wordNode.text.endsWith("]}") &&
          evaluatedSubscript(wordNode.text.slice(1, -1), envOf(state))
        ) {
          this.evaluated(wordNode, "a {NAME[SUB]} redirect evaluates its subscript", ctx);
        }
      }
      // Bash lets a redirection stand anywhere among a command's words (`git 2>/dev/null
      // push`); tree-sitter-bash hands the words after it back inside the redirect node.
      const trailing = [...redirects, ...bound].flatMap((redirect) => redirectArguments(redirect));
      if (trailing.length > 0) {
        wordNodes.push(...trailing);
        wordNodes.sort((a, b) => a.startIndex - b.startIndex);
      }
    }
    if (wordNodes.length === 0) {
      const all = [...redirects, ...bound];
      if (all.length === 0) return same(state);
      return this.redirectOnly(node, all, state, ctx);
    }
    return this.simpleCommand(
      node,
      wordNodes,
      assignments,
      redirects,
      bound,
      subshells,
      state,
      ctx,
    );
  }

  /** A simple command from its parts: the words bash runs, its assignments and redirects. */
  private simpleCommand(
    node: Node,
    wordNodes: readonly Node[],
    assignments: readonly Node[],
    redirects: readonly Node[],
    bound: readonly Node[],
    subshells: readonly Node[],
    state: State,
    ctx: Ctx,
  ): Flow {
    if (this.multiline && this.acrossLines([...assignments, ...wordNodes, ...redirects])) {
      this.diagnostics.push({
        kind: "grammar-error",
        message: "the grammar joined the words of two lines into one command",
        at: node.startIndex,
      });
      ctx = { ...ctx, unparseable: true };
    }
    const written = joinTouching(wordNodes.map((wordNode) => evaluateWord(wordNode)));
    const args = [node, wordNodes, assignments, redirects, bound, subshells] as const;
    // A variable the string never assigns is usually unset: its unquoted word vanishes and the
    // later words move one slot left (`git worktree $u add .ssh HEAD`), and `-${u}r` is `-r`.
    // The command is judged with the environment's values and with them empty, the flows of
    // both joined as two branches' are.
    // Only a `$NAME` piece or a trusted substitution (S32 F-empty: `` `git rev-list -1 x` ``
    // too) can be emptied, and every piece is text of the walked string: a string without `$`
    // or a backquote has none, and skips the look.
    const emptied = this.emptying || !this.dollar ? null : emptiedInherited(written, state);
    const flow = this.commandWords(...args, written, state, ctx);
    if (emptied === null) return flow;
    const from = this.units.length;
    this.emptying = true;
    let other: Flow;
    try {
      other = this.commandWords(...args, emptied, state, ctx);
    } finally {
      this.emptying = false;
    }
    for (const unit of this.units.slice(from)) unit.synthetic = true;
    return { ok: union(flow.ok, other.ok), any: union(flow.any, other.any) };
  }

  /** A simple command whose words are `written` (see {@link simpleCommand}). */
  private commandWords(
    node: Node,
    wordNodes: readonly Node[],
    assignments: readonly Node[],
    redirects: readonly Node[],
    bound: readonly Node[],
    subshells: readonly Node[],
    written: Word[],
    state: State,
    ctx: Ctx,
  ): Flow {
    // What the string decides about its own variables, braces and IFS is applied, so that a
    // spelling (`{rm,-rf,x}`, `x=rm; $x`, `rm${IFS}-rf`) meets the patterns the command does.
    const expanded = expandArgv(written, state, this.emptyStack(state));
    // Under `set -k` an assignment word after the command name goes to its environment, not
    // its arguments (peer7 W4): the command is judged without those words and with that
    // environment, and its paths as written are kept in case the option is off.
    const keywords =
      expanded.length > 1 && hasAssignmentWord(expanded) && this.keywordOn()
        ? keywordWords(expanded)
        : NO_WORDS;
    const asWritten = keywords.length > 0 ? expanded : null;
    const words =
      asWritten === null ? expanded : expanded.filter((word) => !keywords.includes(word));
    if (words[0] !== undefined) words[0] = programWord(words[0], state);
    for (const wordNode of wordNodes) this.expressions(wordNode, state, ctx);
    const all = [...redirects, ...bound];
    this.repairDash(words, all);
    // A stdin an earlier bare `exec` gave the shell (S34 exec-stdin) is what this command
    // reads, unless it or what holds it (a pipe, a group's redirect) gives another.
    const execFed =
      ctx.stdinFed || all.some((redirect) => touchesStdin(redirect, this.text))
        ? undefined
        : execStdin(state.vars);
    const stdinFed = ctx.stdinFed || all.some(feedsStdin) || execFed !== undefined;
    const stdinScript =
      literalStdin(all, this.heredocs, this.text, state) ??
      (all.some(feedsStdin) ? null : (ctx.stdinScript ?? execFed ?? null));
    const first = words[0] as Word;
    const unit = this.newUnit(first.start, node.startIndex, lastWordEnd(node, redirects), ctx);
    this.units.push(unit);
    const producer = ctx.stdinProducer ?? null;
    const owned =
      producer !== null &&
      (producer.owner === node || producer.owner.childForFieldName("body") === node) &&
      all.every(leavesStdin);
    // A name the string defined as a function runs its body (walked where it is defined),
    // not a program whose later words may be a command it runs.
    const calls =
      first.literal &&
      !first.text.includes("/") &&
      state.vars.get(`${DEFINED_FUNCTION}${first.text}`)?.length === 1;
    const classification = classify(
      words,
      stdinFed,
      stdinScript,
      calls,
      owned ? producer.input : null,
    );
    // A computed command word anywhere may be `enable` or `source`, which change what runs.
    // Under `set -x` a trace line may go into the same pipe first (BASH_XTRACEFD=1, a group's
    // 2>&1): the output is then more than the command's own.
    const produces =
      all.length === 0 && !this.computedCommand() && !this.mayTrace()
        ? knownOutput(classification, this.plainText())
        : null;
    if (produces !== null) this.producers.set(node, produces);
    this.evaluatingBuiltin(node, classification.executed ?? words, state, ctx);
    // The option may be off: the words are also what a builtin is given (`alias x=…`).
    const asWrittenClass = asWritten === null ? null : classify(asWritten, stdinFed, stdinScript);
    if (asWrittenClass !== null)
      this.evaluatingBuiltin(node, asWrittenClass.executed ?? (asWritten as Word[]), state, ctx);
    this.lastStdout = this.mayTrace() ? null : literalStdout(classification, stdinScript);
    const environment = assignmentsOf(assignments);
    if (asWritten !== null) environment.push(...assignmentsOfWords(keywords));
    const ownEnvironment = this.fill(unit, words, classification, state, ctx, environment);
    this.globNamesFloor(unit, written, state);
    unit.paths.push(
      ...unseenGlobs(written, unit.paths, state, this.defaultsOnly, (word) =>
        this.listingNames(word, state),
      ),
    );
    // With HOME unknown (a function's body) the gates cannot place a `~/…*` word a program
    // only shows (`echo ~/{.ssh,x}/*`): its files keep what follows `~/` (resolveField), a
    // reach wider than the listing, as for any glob with a folder nobody knows.
    if (state.home === null) {
      const homeless = written.filter(
        (word) =>
          word.tilde &&
          word.glob &&
          word.text.startsWith("~/") &&
          !unit.paths.some((path) => path.raw === word.text),
      );
      if (homeless.length > 0) {
        const uses = homeless.map((word): PathUse => ({ word, access: "read" }));
        unit.paths.push(...this.resolve(uses, state));
      }
    }
    if (asWritten !== null && asWrittenClass !== null) {
      // With the option off the words stay arguments (`ssh -o ProxyCommand=…`, `tmux new
      // 'g=git; …'`): that program is judged too, as written.
      const sibling = this.newUnit(unit.pos, unit.start, unit.end, ctx);
      sibling.synthetic = true;
      this.units.push(sibling);
      this.fill(
        sibling,
        asWritten as Word[],
        asWrittenClass,
        state,
        ctx,
        assignmentsOf(assignments),
      );
      sibling.sentinel = strongerSentinel(sibling.sentinel, unit.sentinel);
    }
    const filled = this.units.length;
    if (
      classification.wrappers.length === 0 &&
      first.literal &&
      !first.text.includes("/") &&
      classification.executed?.[0] === first &&
      state.vars.get(`${DEFINED_FUNCTION}${first.text}`)?.length === 1
    ) {
      unit.callsFunction = true;
    }
    // git's editor reads the fed text as its keys: what its escapes show runs or is opened.
    if (stdinFed && stdinScript !== null && this.editorStarts.has(unit)) {
      const escapes = sessionEscapes(stdinScript);
      unit.paths.push(...this.resolve(escapes.files, state));
      if (escapes.lines.length > 0) this.payload(unit, escapes.lines.join("\n"), state);
    }
    this.historyFiles(classification, unit, state);
    const runs = fileRuns(classification.executed ?? [], state.cwds, state.home);
    if (runs.length > 0) unit.runs = runs;
    if (asWritten !== null) {
      const keywordAssignments = assignmentsOfWords(keywords);
      for (const injection of injectedByAssignments(keywordAssignments)) {
        this.inject(injection, unit, state, ctx);
      }
      unit.paths.push(...this.resolve(pathsOfAssignments(keywordAssignments), state));
      const posix = this.mayBePosix(environment, state);
      unit.paths.push(...this.resolve(operandUses(asWrittenClass ?? classification, posix), state));
    }
    // The body was listed where it was defined, with stdin not fed: a call with stdin fed
    // (`f < job.py`, `cat x | f`) gives it to whatever in the body reads it (`f() { python3; }`).
    if (stdinFed && unit.sentinel === null && this.bodyReadsCode(classification, state, ctx)) {
      unit.sentinel = SENTINELS.opaqueWrapper;
    }
    unit.key = keyOf(written);
    this.injectAssignments(assignments, unit, state, ctx);
    const ownPaths = unit.paths.length;
    const continued = this.redirects(all, state, ctx, unit);
    // bash runs every substitution of the command (its words, redirects and assignments)
    // before the program opens its files: one that renamed the working folder (`cat
    // ../../x $(mv ../b ../../c)`) moved where the program's relative paths land.
    const moves = this.movesAtCommand.get(node);
    if (moves !== undefined && this.folderMoves.length > moves && state.cwds !== null) {
      const cwds = state.cwds;
      const carried = this.folderMoves
        .slice(moves)
        .some((move) => move.unit !== unit && mayCarryAny(move.moved, cwds));
      if (carried) markMovedCwd(unit);
    }
    // A function of that name (`cat() { …; }` anywhere) writes something else.
    const writer = classification.executed?.[0]?.text ?? "";
    if (
      this.lastStdout !== null &&
      onlyStdoutToFile(all, this.heredocs) &&
      !mayRedefine(writer, this.plainText())
    ) {
      const targets = unit.paths
        .slice(ownPaths)
        .filter((path) => path.via === "redirect" && path.access !== "read");
      // `>>` adds to a text nobody knows (a last line with no newline goes on in it).
      if (targets.length === 1 && !appendsStdout(all))
        (targets[0] as PendingPath).wroteText = this.lastStdout;
    }
    for (const subshell of subshells)
      this.statement(subshell, state, { ...ctx, context: "subshell" });
    // bash expands the command's redirects (a here-string, a here-document's body, a `<(…)`
    // or `>(…)`, a target) before it starts the program, and the substitutions of its words
    // and assignments before them: what they wrote is there when it runs
    // (`bash s.sh <<< "$(echo … > s.sh)"`).
    if (this.units.slice(filled).some(writesOrCompiles)) {
      this.floorWrittenCode(unit, classification, state, ownEnvironment);
    }
    const prefixes = assignments.map((a) => a.childForFieldName("name")?.text ?? "");
    const own = prefixValues(assignments);
    const judged = continued ?? this.effect(classification, state, prefixes, unit, ctx, own);
    // The option may be off: the words as written are what `set` makes the positional
    // parameters and where `cd` goes (`set -- dd of=/etc/passwd; "$@"` runs dd with of=).
    const writtenFlow =
      continued !== null || asWrittenClass === null
        ? null
        : this.effect(asWrittenClass, state, prefixes, unit, ctx, own);
    const flow =
      writtenFlow === null
        ? judged
        : { ok: union(judged.ok, writtenFlow.ok), any: union(judged.any, writtenFlow.any) };
    this.integerEffects(classification, node, state, ctx);
    if (asWrittenClass !== null) this.integerEffects(asWrittenClass, node, state, ctx);
    // A call of a function with nothing around it runs its body as the body's walk saw it.
    const bare =
      all.length === 0 &&
      assignments.length === 0 &&
      asWrittenClass === null &&
      classification.wrappers.length === 0 &&
      first.literal &&
      classification.executed?.[0] === first;
    let after = this.variableEffects(
      asWrittenClass ?? classification,
      flow,
      unit,
      state,
      ctx,
      bare,
    );
    if (
      makesReadonly(classification) ||
      (asWrittenClass !== null && makesReadonly(asWrittenClass))
    ) {
      const made = [READONLY_MADE];
      after = { ok: assign(after.ok, made, null), any: assign(after.any, made, null) };
    }
    const read =
      asWritten === null && assignments.length === 0
        ? this.readLiteral(classification, all, state)
        : null;
    if (read !== null) {
      // A readonly name refuses `read` (status 1) and keeps its old value; so does a read
      // of a closed or write-only stdin (value null: `read c <<< a <&-`).
      const old =
        read.value === null || this.mayBeReadonly(read.name, state)
          ? valuesOfState(read.name, state)
          : [];
      const value =
        old === null ? null : read.value === null ? old : [...old, { text: read.value }];
      after = {
        ok: assign(after.ok, [read.name], value),
        any: assign(after.any, [read.name], value),
      };
    }
    // `builtin unset -f f`, `command unset f`, a command name only known at run time, or a
    // trap (its code runs between later commands) may remove a function.
    if (
      classification.executed === null ||
      classification.executed.some((word) => !word.literal || /unset|trap/.test(word.text))
    ) {
      after = { ok: forgetFunctions(after.ok), any: forgetFunctions(after.any) };
    }
    // A redirect bash fails to make skips the command (status 1): `set -- a >&5`,
    // `read x <<< a 2>nodir/f`, `cd src >&5` change nothing then.
    if (after.any !== state && this.redirectsMayFail(all)) {
      after = { ok: after.ok, any: union(state, after.any) };
    }
    // A bare `exec` (`command exec` too) keeps its redirects for the rest of the shell: what
    // it gives descriptor 0 is every later command's stdin (S34 exec-stdin). bash 5.2 undoes
    // them after `builtin exec` (traced); taking that spelling as keeping them only asks more.
    if (all.length > 0 && bareExec(classification)) {
      this.execRedirects = true;
      const given = (from: State) => this.execRedirected(all, from, state);
      after = { ok: given(after.ok), any: given(after.any) };
    }
    return assignments.length > 0
      ? persistedPrefixes(classification, assignments, after, this)
      : after;
  }

  /**
   * Whether the string gives `name` a value only through defaults of plain text
   * (`: ${g:=src}`): every other mention of the name is an expansion (`$g`, `${g…}`), so no
   * statement assigns it, and its value is the environment's or that text. No glob either way.
   */
  private readonly defaultsOnly = (name: string): boolean => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return false;
    let known = this.onlyDefaulted.get(name);
    if (known === undefined) {
      const text = this.text;
      known = true;
      for (const match of text.matchAll(
        new RegExp(`(?<![A-Za-z0-9_])${name}(?![A-Za-z0-9_])`, "g"),
      )) {
        const at = match.index ?? 0;
        const after = text.slice(at + name.length);
        const expanded = text[at - 1] === "$" || (text[at - 1] === "{" && text[at - 2] === "$");
        const operand = /^(:?[-=+?])([^}]*)\}/.exec(after);
        if (!expanded || (operand !== null && /[*?[\]$`'"\\{]/.test(operand[2] as string))) {
          known = false;
          break;
        }
      }
      this.onlyDefaulted.set(name, known);
    }
    return known;
  };

  private readonly onlyDefaulted = new Map<string, boolean>();

  /**
   * The value `read` gives its one name from a literal here-string (`read -r ans <<< y`): the
   * line with the default IFS's blanks trimmed. Null when anything else may decide it: an
   * option other than -r, -s or -p, several names or a computed one, a backslash read without
   * -r, another stdin, an IFS not the default, a function, wrapper or declaration (an integer,
   * cased or reference attribute) that may change what `read` does or what the name is.
   */
  private readLiteral(
    classification: Classification,
    redirects: readonly Node[],
    state: State,
  ): { name: string; value: string | null } | null {
    const words = classification.executed;
    if (words === null || words[0]?.text !== "read" || classification.wrappers.length > 0) {
      return null;
    }
    if (
      this.functions.has("read") ||
      /\b(?:enable|declare|typeset|local)\b/.test(this.plainText())
    ) {
      return null;
    }
    let raw = false;
    let i = 1;
    for (; i < words.length; i++) {
      const text = (words[i] as Word).text;
      if (!(words[i] as Word).literal) return null;
      if (text === "--") {
        i++;
        break;
      }
      const option = /^-([rs]*)(p?)$/.exec(text);
      if (option === null || text === "-") break;
      if ((option[1] as string).includes("r")) raw = true;
      if (option[2] === "p") i++;
    }
    const names = words.slice(i);
    const name = names[0];
    if (names.length !== 1 || name === undefined || !name.literal) return null;
    if (!/^[a-z_][a-z0-9_]*$/.test(name.text)) return null;
    if (this.mayBeInteger(name.text, state) || this.mayBeCased(name.text, state)) return null;
    const fed = redirects.filter(feedsStdin);
    const only = fed[0];
    if (fed.length !== 1 || only === undefined || only.type !== "herestring_redirect") return null;
    // Another redirect of stdin after it (`<&-`, `0>/dev/null`, `0<>f`) leaves read a closed,
    // write-only or other input: it fails and keeps the old value, or reads something else.
    const others = redirects.filter(
      (redirect) => redirect !== only && touchesStdin(redirect, this.text),
    );
    const last = others.reduce<Node | null>(
      (found, redirect) =>
        found === null || redirect.startIndex > found.startIndex ? redirect : found,
      null,
    );
    if (last !== null) {
      return last.startIndex > only.startIndex && leavesNoInput(last)
        ? { name: name.text, value: null }
        : null;
    }
    if (descriptorOf(only) !== null || only.namedChildren.length !== 1) {
      return null;
    }
    const word = hereStringWord(only.namedChildren[0] as Node, state);
    if (!word.literal) return null;
    const ifs = valuesOfState("IFS", state);
    if (ifs?.length !== 1 || ifs[0]?.text !== " \t\n") return null;
    const line = word.text.split("\n")[0] as string;
    if (!raw && line.includes("\\")) return null;
    // Only plain text: a value with code characters (`a[$(…)]` for a later `[ -v`) stays unknown.
    if (!/^[^$`[\]'"\\(){};&|<>!]*$/.test(line)) return null;
    return { name: name.text, value: line.replace(/^[ \t]+|[ \t]+$/g, "") };
  }

  /** The state after a prefix assignment `NAME=value` that stays (see {@link persistedPrefixes}). */
  prefixAssigned(node: Node, state: State): State {
    return this.assigned(node, state);
  }

  /**
   * `read`, `mapfile`, `printf -v`, `getopts` and `wait -p` assign what nobody sees: to a
   * variable with the integer attribute that value is evaluated as arithmetic
   * (`declare -i x; read x <<< 'a[$(id)]'` runs id).
   */
  private integerEffects(classification: Classification, node: Node, state: State, ctx: Ctx): void {
    const executed = classification.executed;
    const name = executed ? toolName(executed[0]?.text ?? "") : null;
    if (executed === null || name === null || !ASSIGNING_COMMANDS.has(name) || name === "let")
      return;
    if (DECLARERS.has(name)) {
      this.declarerEffects(name, executed, node, state, ctx);
      return;
    }
    const words = executed.slice(1);
    // The variables these builtins assign without being told (`read` alone fills REPLY).
    // getopts writes OPTIND as a number it computes: nothing of the string is evaluated there.
    const implied = IMPLIED_TARGETS.get(name)?.find(
      (each) => !(each === "OPTIND" && name === "getopts") && this.mayBeInteger(each, state),
    );
    if (implied !== undefined) {
      this.evaluated(node, `${name} assigns ${implied}, which may be an integer variable`, ctx);
      return;
    }
    let targets: Word[];
    if (name === "printf") {
      const at = words.findIndex((word) => /^-[^-]*v/.test(word.text));
      if (at === -1) return;
      const option = words[at] as Word;
      const attached = option.text.slice(option.text.indexOf("v") + 1);
      targets = attached !== "" ? [{ ...option, text: attached }] : words.slice(at + 1, at + 2);
    } else {
      targets = words.filter((word) => !word.text.startsWith("-"));
    }
    for (const word of targets) {
      const names = word.literal ? (word.text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) : null;
      const integer =
        names === null
          ? this.anyInteger(state)
            ? "a computed name"
            : undefined
          : names.find((each) => this.mayBeInteger(each, state));
      if (integer !== undefined) {
        this.evaluated(node, `${name} assigns ${integer}, which may be an integer variable`, ctx);
        return;
      }
    }
  }

  /**
   * `declare` and its kin run as a plain command (`command declare -i n=…`, `time declare …`,
   * `! typeset …`): an integer variable evaluates what it is given, a name reference evaluates
   * a subscript it names, and a subscript is evaluated.
   */
  private declarerEffects(
    name: string,
    executed: readonly Word[],
    node: Node,
    state: State,
    ctx: Ctx,
  ): void {
    const words = executed.slice(1);
    const flags = words
      .filter((word) => word.literal && /^[-+][A-Za-z]+$/.test(word.text))
      .map((word) => word.text)
      .join("");
    const given = flags.replace(/\+[A-Za-z]*/g, "");
    const integer = /i/.test(given);
    const reference = /n/.test(given);
    this.declaredByCommand(words, /[aA]/.test(given), node, state, ctx);
    for (const word of words) {
      if (word.literal && /^[-+][A-Za-z]+$/.test(word.text)) continue;
      if (!word.literal) {
        if (integer || reference) {
          this.evaluated(node, `${name} gives an attribute to a value nobody can see`, ctx);
          return;
        }
        continue;
      }
      const assignment = /^([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?\+?=/.exec(word.text);
      if (assignment === null) continue;
      const value = word.text.slice(assignment[0].length);
      if (
        ((integer || this.mayBeInteger(assignment[1] as string, state)) &&
          !safeIntegerText(value, state)) ||
        (assignment[0].endsWith("+=") && this.appendEvaluatesOld(assignment[1] as string, state)) ||
        (reference && value.includes("[")) ||
        (assignment[2] !== undefined && /[`$]/.test(assignment[2]))
      ) {
        this.evaluated(node, `${name} evaluates what it assigns`, ctx);
        return;
      }
    }
  }

  /**
   * A value a declaration builtin may read again as a compound array assignment (round8 H19):
   * one that expands something when read so is judged as that assignment (`a=(…)`), which
   * is also walked for what it runs; a value the walk cannot see is an evaluated string.
   * Returns whether the value was flagged.
   */
  private compoundReread(
    node: Node,
    name: string,
    texts: readonly string[] | null,
    state: State,
    ctx: Ctx,
  ): boolean {
    const why = "a declaration reads a quoted (…) value again as a compound array assignment";
    if (texts === null) {
      this.evaluated(node, why, ctx);
      return true;
    }
    for (const text of texts) {
      if (!rereadRuns(text)) continue;
      this.evaluated(node, why, ctx, /^[A-Za-z_]\w*$/.test(name) ? `${name}=${text}` : null, state);
      return true;
    }
    return false;
  }

  /**
   * Whether NAME may already be an array, so that a declaration reads a `(…)` value given
   * to it as a compound assignment: the string makes it one somewhere (`a=(…)`, `a[i]=…`,
   * `declare -a`, `read -a`, `mapfile`).
   */
  private mayBeArray(name: string): boolean {
    // Any spelling of the builtins counts (`decl''are -a x`, `map""file x`), and so does an
    // option or a command word only known at run time.
    const text = this.plainText();
    // What does not depend on the name is worked out once: a declaration asks for each name
    // it assigns, and the builtins' scan reads the whole command each time.
    this.arraysAnywhere ??=
      text.includes("mapfile") ||
      text.includes("readarray") ||
      mentionedInCommand(text, ARRAY_BUILTIN, ARRAY_OPTION) ||
      this.computedCommand();
    tick(STEP.token);
    return (
      this.arraysAnywhere ||
      text.includes(`${name}=(`) ||
      text.includes(`${name}+=(`) ||
      text.includes(`${name}[`)
    );
  }

  private arraysAnywhere: boolean | undefined;

  /**
   * Whether the string may turn on `set -k` (`set -o keyword`): any spelling of `set` with a
   * `k` flag, the word `keyword`, or a computed `set` operand.
   */
  private keywordOn(): boolean {
    // Any spelling of the option holds a `k` (`$'\x6b'` and a computed word a `$` or a
    // backtick): most strings hold none, and skip the scan.
    this.keywordMention ??= /[k$`]/.test(this.host) && this.mayToggle("keyword", "k");
    return this.keywordMention;
  }

  private keywordMention: boolean | undefined;

  /**
   * What a declaration builtin reached as a plain command assigns (`builtin export`,
   * `command declare`, `\\export`, `x=export; $x …`; peer7 W7): the same injections, prompt
   * strings and compound values as its statement form (see {@link Walker.declaration}).
   */
  private declaredByCommand(
    words: readonly Word[],
    arrays: boolean,
    node: Node,
    state: State,
    ctx: Ctx,
  ): void {
    for (const word of words) {
      const assignment = /^([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?(\+?)=/.exec(word.text);
      if (assignment === null) {
        if (!word.literal && arrays) this.compoundReread(node, "", null, state, ctx);
        continue;
      }
      const name = assignment[1] as string;
      const value = { ...word, text: word.text.slice(assignment[0].length) };
      for (const injection of injectedByAssignments(assignmentsOfWords([word]))) {
        this.inject(injection, null, state, ctx);
      }
      if (PROMPTS.has(name) && (!word.literal || /[`$\\]/.test(value.text))) {
        this.evaluated(node, `${name} is expanded again each time it is shown`, ctx);
      }
      // The word's expansion carries its `NAME=` too.
      const texts =
        valueTexts(word, state)?.map((text) =>
          text.startsWith(assignment[0]) ? text.slice(assignment[0].length) : text,
        ) ?? null;
      if (texts !== null || arrays || assignment[3] === "+" || this.mayBeArray(name))
        this.compoundReread(node, name, texts, state, ctx);
    }
  }

  /** Whether any variable may have the integer attribute here. */
  private anyInteger(state: State): boolean {
    for (const key of state.vars.keys()) if (key.startsWith(INTEGER)) return true;
    return this.mayBeInteger("", state);
  }

  /**
   * INVARIANT: an unescaped newline between two words ends a command (continuations are gone
   * from the parsed text). tree-sitter-bash sometimes runs a command on past one
   * (`a |& b |& sort⏎HOME=/tmp x >f`): the words after it are not arguments bash passes.
   */
  private acrossLines(parts: readonly Node[]): boolean {
    if (!this.multiline) return false;
    const sorted = parts
      .filter((part) => part.type !== "heredoc_redirect")
      .sort((a, b) => a.startIndex - b.startIndex);
    for (let i = 1; i < sorted.length; i++) {
      const before = sorted[i - 1] as Node;
      const after = sorted[i] as Node;
      if (after.startIndex > before.endIndex) {
        if (this.text.slice(before.endIndex, after.startIndex).includes("\n")) return true;
      }
    }
    return false;
  }

  /**
   * What a command does to the shell's variables: `read`, `mapfile`, `getopts`, `printf -v`,
   * `let` assign values nobody can see; `eval`, `source` and a call of a function defined in
   * the string can change anything.
   */
  private variableEffects(
    classification: Classification,
    flow: Flow,
    host: PendingUnit,
    state: State,
    ctx: Ctx,
    bare = false,
  ): Flow {
    const executed = classification.executed;
    const runsCode = classification.wrappers.some((layer) => layer.kind === "opaque");
    const executedName = executed ? toolName(executed[0]?.text ?? "") : null;
    // bash looks the command's first word up as a function before a builtin or a program: a
    // function the string defines under a wrapper's name runs its body, not the command the
    // wrapper would run (`nice(){ x=.env; }; x=README.md; nice ls; cat $x` reads .env).
    const head = host.argv[0];
    const name =
      head !== undefined &&
      head !== executedName &&
      !head.includes("/") &&
      (this.functions.has(head) || (this.functionDepth > 0 && this.definedAnywhere().has(head)))
        ? head
        : executedName;
    if (
      runsCode ||
      name === "eval" ||
      name === "source" ||
      name === "." ||
      (name !== null && this.functions.has(name)) ||
      // In a body listed where it is defined, a function defined further on may be what a
      // name calls (`h(){ local f=a; g; cat "$f"; }; g(){ unset f; }; h`).
      (name !== null && this.functionDepth > 0 && this.definedAnywhere().has(name))
    ) {
      // A function's body keeps the directory when nothing in the string can change it.
      const keeps = !runsCode && name !== null && this.functions.has(name) && this.cwdStays();
      // Nor does it undefine a function when nothing in the string can (`f; f` calls f twice).
      const defined =
        !runsCode && name !== null && this.functions.has(name) && this.keepsFunctions();
      // Code the walk does not read (`eval`, `source`) may make any name readonly; a
      // function's body is the string's own text, which mayBeReadonly reads.
      const unread = runsCode || name === null || !this.definedAnywhere().has(name);
      // A bare call of a function the string defines once leaves what its body surely set.
      const summary = bare && !runsCode && name !== null ? this.calledSummary(name, state) : null;
      const lost = (from: State, set: Vars | undefined) => {
        const after = keeps ? { ...havoc(from), cwds: from.cwds } : havoc(from);
        // The call may have given (or exported) any name the string spells, and a name given
        // before it keeps its value: present, with no value known, as at a body's entry, for
        // what looks names up (`f(){ export GIT_WORK_TREE=~; }; f; git add -A`, PYTHONPATH).
        const vars = new Map([...this.spelledNames(), ...after.vars]);
        // The body's own `readonly x` marked only the body's state: after the call any name
        // the text may make readonly may refuse its next assignment (`x=.env; f() { readonly
        // x; }; f; x=README.md; cat "$x"` reads .env, traced).
        if (unread || this.readonlySpelled()) vars.set(READONLY_MADE, null);
        // The body was walked with every name unknown: a value it holds at the end, the body
        // gave on each of its paths.
        for (const [key, values] of set ?? []) {
          if (values !== null && /^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) vars.set(key, values);
        }
        // The code called may run a bare `exec` that gives the shell another stdin (S34
        // exec-stdin: `x() { exec <<< '!git push'; }; x; ed -s f`); if none can, the stdin an
        // earlier one gave is still the text it was. A body that surely gave one text gave it.
        const summarized = set?.get(EXEC_STDIN) ?? null;
        if (summarized !== null) vars.set(EXEC_STDIN, summarized);
        else if (this.mayExecStdin()) vars.set(EXEC_STDIN, null);
        else if (from.vars.has(EXEC_STDIN)) vars.set(EXEC_STDIN, from.vars.get(EXEC_STDIN) ?? null);
        after.vars = vars;
        return defined ? withFunctionsOf(after, from) : after;
      };
      const after = { ok: lost(flow.ok, summary?.ok), any: lost(flow.any, summary?.any) };
      if (this.functionDepth === 0 && name !== null && this.functions.has(name)) {
        // The body may leave the line halfway, where its summary (what it surely set by its
        // end) does not hold: the names it sets may hold anything (R32 body-drop-midstate).
        if (this.callMayDropLine()) this.mayDrop(state, lost(flow.any, undefined));
      }
      return after;
    }
    if (executed !== null && name === "unset") {
      const after = (from: State) => unsetAnyhow(executed.slice(1), from);
      return { ok: after(flow.ok), any: after(flow.any) };
    }
    if (executed === null || name === null || !ASSIGNING_COMMANDS.has(name)) return flow;
    const operands = nameOperands(name, executed.slice(1), state.vars);
    if (operands !== null) {
      // The names this builtin assigns are known: each gets a value nobody sees, judged as an
      // assignment of unknown text would be (`read PS4`, `printf -v GIT_EXTERNAL_DIFF …`).
      const assigned = [...(IMPLIED_TARGETS.get(name) ?? [])];
      let computed = false;
      for (const word of operands) {
        const base = /^[A-Za-z_][A-Za-z0-9_]*/.exec(word.text)?.[0];
        if (!word.literal) computed = true;
        else if (base !== undefined) assigned.push(base);
      }
      this.unknownAssignments(assigned, executed, host, state, ctx);
      // A name only known at run time (`read "$n"`, `printf -v "$n" …`) may be PATH.
      if (computed) assigned.push(...COMPUTED_NAME_TARGETS);
      return { ok: assign(flow.ok, assigned, null), any: assign(flow.any, assigned, null) };
    }
    const names = executed
      .slice(1)
      .flatMap((word) => word.text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []);
    if (IMPLIED_TARGETS.has(name)) names.push(...(IMPLIED_TARGETS.get(name) ?? []));
    // `let` with its words written out gives a name it assigns an integer, and a name it only
    // reads keeps its value: one that held an integer holds one after it either way, even
    // when an earlier word fails (`n=0; for …; do let n++; done`). Any other name is unknown.
    if (name === "let" && executed.slice(1).every((word) => word.literal)) {
      const after = (from: State) => {
        let next = from;
        for (const each of new Set(names)) {
          next = holdsInteger(each, next.vars)
            ? assignInteger(next, each)
            : assign(next, [each], null);
        }
        return next;
      };
      return { ok: after(flow.ok), any: after(flow.any) };
    }
    if (name !== "let" && !DECLARERS.has(name))
      this.unknownAssignments(names, executed, host, state, ctx);
    // A name only known at run time (`read "$n"`, `printf -v "$n" …`) may be PATH.
    if (
      name !== "let" &&
      (name !== "printf" ||
        executed.some((word) => /^-[^-]*v/.test(word.text)) ||
        // A first word only known at run time may be `-v` itself (`a=(-v); printf "${a[0]}" …`).
        (executed[1] !== undefined && mayBeOption(executed[1]))) &&
      executed.slice(1).some((word) => !word.literal)
    ) {
      names.push(...COMPUTED_NAME_TARGETS);
    }
    if (DECLARERS.has(name)) {
      // `command declare -i n`: later assignments to n are evaluated; `-n` makes them assign
      // another variable (PATH among them).
      const words = executed.slice(1);
      const flags = words
        .filter((word) => word.literal && /^-[A-Za-z]+$/.test(word.text))
        .map((word) => word.text)
        .join("");
      for (const word of words) {
        if (!word.literal) names.push(`${INTEGER}*`, "PATH");
        const declared = /^[A-Za-z_][A-Za-z0-9_]*/.exec(word.text)?.[0];
        if (declared && /i/.test(flags)) names.push(`${INTEGER}${declared}`);
        if (declared && /[luc]/.test(flags)) names.push(`${CASED}${declared}`);
      }
      if (/n/.test(flags)) names.push("PATH");
    }
    return { ok: assign(flow.ok, names, null), any: assign(flow.any, names, null) };
  }

  /**
   * Variables a builtin, a `for` or a `${NAME:=…}` gives a value the walk does not see: one
   * that carries a command (`read GIT_EXTERNAL_DIFF`, `printf -v PS4 …`) is judged like the
   * assignment of unknown text, so the call is never allowed on it.
   */
  private unknownAssignments(
    names: readonly string[],
    words: readonly Word[],
    host: PendingUnit | null,
    state: State,
    ctx: Ctx,
  ): void {
    let value: Word | null = null;
    for (const name of names) {
      value ??= wordFromText(words.map((word) => word.text).join(" "), {
        computed: true,
        start: words[0]?.start ?? -1,
      });
      for (const injection of injectedByAssignment(name, value)) {
        this.inject(injection, host, state, ctx);
      }
    }
  }

  /**
   * `NAME=VALUE` of a declaration the walk does not follow exactly (`declare -A m=(…)`): the
   * value is unknown, yet an array written without code holds none, unless the assignment
   * may be refused and leave an older value the string gave (a readonly name, or an indexed
   * array that `-A` cannot convert).
   */
  private declaredUnknown(state: State, name: string, array: Node | null): State {
    const next = assign(state, [name], null);
    if (array === null || state.vars.has(name) || state.vars.has(ANY_NAME)) return next;
    return this.mayBeReadonly(name, state) ? next : markCodeFree(next, name, array);
  }

  private declaration(node: Node, state: State, ctx: Ctx, bound: Node[]): Flow {
    this.expressions(node, state, ctx);
    const tracked = new DeclarationWords();
    const words = tracked.list;
    const globbed: PendingPath[] = [];
    let next = state;
    const joined = joinedWords(node);
    // Bash expands every word of a declaration before it assigns any (`f=old; declare f=new
    // g=$f` gives g `old`): a value is read in the state before the declaration, or in either
    // state where an earlier word changed one.
    const assignedHere = new Set<string>();
    const before = (): State => (assignedHere.size === 0 ? next : union(state, next));
    // Bash lets a redirection stand among the builtin's words (`declare 2>/dev/null x=.env`);
    // tree-sitter-bash hands the words after it back inside the redirect: they are the
    // builtin's words all the same, an assignment among them read as a quoted one is.
    const trailing = [...node.children, ...bound]
      .filter((child): child is Node => child !== null && isRedirect(child))
      .flatMap((redirect) => redirectArguments(redirect));
    for (const extra of trailing) {
      const word = evaluateWord(extra);
      if (word.literal && /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/.test(word.text)) {
        joined.set(extra, word);
      }
    }
    const children =
      trailing.length === 0
        ? node.children
        : [...node.children, ...trailing].sort(
            (a, b) => (a?.startIndex ?? 0) - (b?.startIndex ?? 0),
          );
    for (const child of children) {
      if (!child || child.type === "comment") continue;
      if (isRedirect(child)) continue;
      // `declare p={a,publish}` is two words, `p=a p=publish`, and `declare {P,}ATH=x` assigns
      // PATH: braces in a declaration's word make the names it assigns unknown.
      const braced = node.type === "declaration_command" && hasBraceExpansion(child.text);
      if (braced) {
        const base = /^[A-Za-z_][A-Za-z0-9_]*/.exec(child.text)?.[0];
        next = assign(next, base ? [base, ...COMPUTED_NAME_TARGETS] : COMPUTED_NAME_TARGETS, null);
        if (base) assignedHere.add(base);
      }
      const group = joined.get(child);
      if (group === null) continue;
      // A name or option spelled in pieces (`M'APFILE'`, `-'ai'`) is read below as one word.
      if (group !== undefined && group.text.includes("=")) {
        // One shell word the grammar read as several nodes (`PA""TH=x`), or a quoted
        // assignment (`export "PATH=x"`): bash assigns it all the same.
        const word = group;
        const assignment = /^([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?\+?=/.exec(word.text);
        if (word.literal && assignment) {
          const flags = tracked.clusters;
          for (const injection of injectedByAssignments(assignmentsOfWords([word]))) {
            this.inject(injection, null, state, ctx);
          }
          const name = assignment[1] as string;
          assignedHere.add(name);
          const value = word.text.slice(assignment[0].length);
          // A quoted assignment (`export "RANDOM=r"`) to a name that may be an integer
          // variable evaluates its value as the unquoted one does.
          if ((/i/.test(flags) || this.mayBeInteger(name, next)) && !safeIntegerText(value, next)) {
            this.evaluated(child, "an integer variable evaluates what is assigned to it", ctx);
          } else if (assignment[0].endsWith("+=") && this.appendEvaluatesOld(name, next)) {
            this.evaluated(
              child,
              `${name} may be an integer variable: += evaluates its value`,
              ctx,
            );
          }
          if (assignment[2] !== undefined && /[`$]/.test(assignment[2])) {
            this.evaluated(child, "a subscript of an assignment is evaluated", ctx);
          }
          this.compoundReread(child, name, [value], state, ctx);
          const exact =
            assignment[2] === undefined &&
            !assignment[0].includes("+") &&
            exactDeclaration(words, SCALAR_OPTIONS, this.functionDepth > 0);
          next = assign(
            next,
            [name],
            exact &&
              !braced &&
              !/[niaAluc]/.test(flags) &&
              !value.startsWith("~") &&
              !value.includes(":~")
              ? [{ text: value }]
              : null,
          );
          if (/i/.test(flags)) next = assign(next, [`${INTEGER}${name}`], null);
          if (/[luc]/.test(flags)) next = assign(next, [`${CASED}${name}`], null);
        } else if (!word.literal && word.text.includes("=")) {
          next = assign(next, COMPUTED_NAME_TARGETS, null);
          if (tracked.mayDeclareInteger(node)) next = assign(next, [`${INTEGER}*`], null);
          if (/[aA]/.test(tracked.clusters)) this.compoundReread(child, "", null, state, ctx);
        }
        tracked.push(word);
        continue;
      }
      if (child.type === "variable_assignment") {
        this.injectAssignments([child], null, state, ctx);
        const values = before();
        globbed.push(...this.arrayGlobs(child, values, null));
        this.evaluatedAssignment(child, values, ctx);
        const name = child.childForFieldName("name")?.text ?? "";
        const value = child.childForFieldName("value");
        const valueWord = value ? evaluateWord(value) : null;
        const text = `${name}=${valueWord?.text ?? ""}`;
        tracked.push({
          ...wordFromText(text, { start: child.startIndex }),
          literal: valueWord?.literal ?? true,
        });
        const flags = tracked.clusters;
        // A name reference with a subscript, or an integer variable given a value that holds
        // code: both are evaluated whenever the name is used or assigned.
        if (/n/.test(flags) && /\[/.test(valueWord?.text ?? "")) {
          this.evaluated(child, "a name reference evaluates the subscript it names", ctx);
        }
        if (/i/.test(flags) && valueWord !== null && !safeInteger(valueWord, values)) {
          this.evaluated(child, "an integer variable evaluates what is assigned to it", ctx);
        } else if (
          child.children.some((part) => part?.type === "+=") &&
          this.appendEvaluatesOld(name, next)
        ) {
          this.evaluated(child, `${name} may be an integer variable: += evaluates its value`, ctx);
        }
        if (valueWord !== null && value?.type !== "array") {
          const arrayish =
            /[aA]/.test(flags) ||
            child.children.some((part) => part?.type === "+=") ||
            this.mayBeArray(name);
          const texts = valueTexts(valueWord, values);
          if (texts !== null || arrayish) this.compoundReread(child, name, texts, state, ctx);
        }
        // `declare -a dirs=(src tests)` assigns the array as `dirs=(…)` does.
        const array = value?.type === "array";
        const readsEarlier = assignedHere.size > 0 && /[$`~]/.test(value?.text ?? "");
        assignedHere.add(name);
        next =
          braced ||
          (/[niaAluc]/.test(flags) && !(array && /^[-agx]*$/.test(flags))) ||
          !exactDeclaration(
            words,
            array ? ARRAY_OPTIONS : SCALAR_OPTIONS,
            this.functionDepth > 0,
            words.length - 1,
          )
            ? this.declaredUnknown(next, name, array ? value : null)
            : readsEarlier
              ? this.assignedFrom(child, state, next)
              : this.assigned(child, next, ctx);
        if (/i/.test(flags)) next = assign(next, [`${INTEGER}${name}`], null);
        if (/[luc]/.test(flags)) next = assign(next, [`${CASED}${name}`], null);
        // `declare -i n=5`: bash evaluates 5 and stores the same digits.
        if (
          /i/.test(flags) &&
          !array &&
          valueWord?.literal === true &&
          plainDecimal(valueWord.text) &&
          !child.children.some((part) => part?.type === "+=") &&
          exactDeclaration(words, INTEGER_OPTIONS, this.functionDepth > 0, words.length - 1)
        ) {
          next = assign(next, [name], [{ text: valueWord.text }]);
        }
        continue;
      }
      const word =
        group ??
        (child.isNamed
          ? evaluateWord(child)
          : wordFromText(child.type, { start: child.startIndex }));
      const keyword = words[0]?.text ?? word.text;
      // A computed word may be any assignment (`declare "$x"`, `export $v`); a name reference
      // makes later assignments to its name assign another variable; `local PATH` (and
      // `declare`/`typeset` in a function) leaves PATH unset, which finds files in `.`.
      // `declare -a $x`: the word may be `a=(…)`, read again as a compound assignment.
      if (
        !word.literal &&
        child.type !== "variable_name" &&
        node.type === "declaration_command" &&
        /[aA]/.test(tracked.clusters)
      ) {
        this.compoundReread(child, "", null, state, ctx);
      }
      // `export -n NAME` only takes the export attribute away: no reference is made, but the
      // programs run later no longer get the variable (PATH among them).
      const unexport = keyword === "export" && /n/.test(tracked.clusters);
      if (
        // `declare R${u}EPLY`: a name the grammar cut after its first letters is computed too.
        (!word.literal && (child.type !== "variable_name" || group !== undefined)) ||
        (node.type === "declaration_command" &&
          keyword !== "export" &&
          /^-[a-zA-Z]*n/.test(word.text))
      ) {
        next = assign(next, COMPUTED_NAME_TARGETS, null);
        // `declare -i R${u}EPLY`: the name may be any (REPLY, u unset), now an integer's.
        if (!word.literal && tracked.mayDeclareInteger(node)) {
          next = assign(next, [`${INTEGER}*`], null);
        }
      } else if (
        LOOKUP_VARIABLES.has(word.text) &&
        ((keyword !== "export" && keyword !== "readonly") || unexport)
      ) {
        next = assign(next, ["PATH"], null);
      }
      // `export POSIXLY_CORRECT` passes on the value posix mode gave it (see mayBePosix).
      if (word.text === "POSIXLY_CORRECT") next = assign(next, [word.text], null);

      // `unset NAME` removes the function NAME when no variable has that name; a computed
      // word may name any function.
      if (node.type === "unset_command" && !word.literal) {
        next = assign(next, functionKeys(next), null);
      } else if (node.type === "unset_command" && !word.text.startsWith("-")) {
        next = assign(next, [`${DEFINED_FUNCTION}${word.text}`], null);
      }
      if (
        node.type === "unset_command" &&
        /^[A-Za-z_][A-Za-z0-9_]*$/.test(word.text) &&
        // `unset -f x` removes the function x: the variable keeps its value.
        !tracked.leads("f")
      ) {
        // `unset -n NAME` leaves NAME alone unless it is a name reference; in a function,
        // unsetting a caller's local shows the variable it hid (dynamic scope): either way
        // the value is not known.
        const nameRef = tracked.leads("n");
        // With no name reference the string could have made, `unset -n` changes nothing.
        if (!nameRef || next.vars.has(COMPUTED_NAME) || next.vars.has(ANY_NAME)) {
          const hidden = this.functionDepth > 0 || nameRef;
          next = assign(next, [word.text], word.text === "HOME" || hidden ? null : [{ text: "" }]);
        }
      } else if (node.type === "unset_command" && /^[A-Za-z_][A-Za-z0-9_]*\[/.test(word.text)) {
        // `unset 'a[0]'` removes one element: the array's list is no longer its words.
        next = assign(next, [word.text.slice(0, word.text.indexOf("["))], null);
      } else if (
        node.type === "declaration_command" &&
        /^[A-Za-z_][A-Za-z0-9_]*$/.test(word.text)
      ) {
        // `declare x`, `local x`, `export x` keep the value; with -n (a name reference) or
        // -i (arithmetic on every later assignment) the value cannot be followed, but for
        // digits `declare -i` or `typeset -i` gives outside a function: bash keeps what the
        // variable holds, and a later `+=` evaluates digits to a number (traced under 5.2:
        // `V=5; declare -i V; echo $V` prints 5).
        if (
          tracked.leads("niaAluc") &&
          !(
            (keyword === "declare" || keyword === "typeset") &&
            this.functionDepth === 0 &&
            tracked.plainIntegerOptions &&
            holdsInteger(word.text, next.vars)
          )
        )
          next = assign(next, [word.text], null);
        if (tracked.leads("i")) {
          next = assign(next, [`${INTEGER}${word.text}`], null);
        }
        if (tracked.leads("luc")) {
          next = assign(next, [`${CASED}${word.text}`], null);
        }
        // `declare $opt x`: the option may be -i.
        if (tracked.computed) next = assign(next, [`${INTEGER}*`], null);
      }
      tracked.push(word);
    }
    // A declaration bash refuses leaves the variable as it was (`local` outside a function,
    // any of them on a readonly name): either state may follow.
    if (this.mayRefuse(words, node, state)) next = union(state, next);
    // A redirect bash fails to make skips the declaration (`export c=a >&5`).
    const ownRedirects = node.children.filter(
      (child): child is Node => child !== null && isRedirect(child),
    );
    if (this.redirectsMayFail([...ownRedirects, ...bound])) next = union(state, next);
    // From here bash may refuse an assignment to any name (see mayBeReadonly), or only to the
    // names a declaration written out gives (`readonly A; B=README.md; cat "$B"` reads it).
    if (
      words[0]?.text === "readonly" ||
      words.some((w) => /^-[A-Za-z]*r/.test(w.text) || (!w.literal && /[$`]/.test(w.text)))
    ) {
      const named = this.readonlyNames(words);
      next = assign(
        next,
        named === null ? [READONLY_MADE] : named.map((name) => READONLY_NAME + name),
        null,
      );
    }
    const first = words[0];
    if (first === undefined) return same(next);
    const unit = this.newUnit(node.startIndex, node.startIndex, node.endIndex, ctx);
    this.units.push(unit);
    this.evaluatingBuiltin(node, words, state, ctx);
    this.fill(unit, words, classify(words, ctx.stdinFed), state, ctx);
    unit.paths.push(...globbed);
    const assignedNames = words.map((w) => /^([A-Za-z_][A-Za-z0-9_]*)\+?=/.exec(w.text)?.[1] ?? "");
    unit.paths.push(...this.shellReads(assignedNames, next));
    const redirects = node.children.filter(
      (child): child is Node => child !== null && isRedirect(child),
    );
    return this.redirects([...redirects, ...bound], state, ctx, unit) ?? same(next);
  }

  /** Whether bash may refuse the assignments of the declaration builtin whose words are `words`. */
  private mayRefuse(words: readonly Word[], node: Node, state: State): boolean {
    if (words[0]?.text === "local" && this.functionDepth === 0) return true;
    // Any spelling counts (`read''only x`, `dec""lare -r x`), and so does an option or a
    // command word only known at run time. Bounded runs keep the scan linear.
    const text = this.plainText();
    return (
      (text.includes("readonly") ||
        /(?:declare|typeset|local)[ \t][^;&|\n]{0,200}(?:-[A-Za-z]{0,20}r|\s[$`])/.test(text) ||
        this.computedCommand()) &&
      !this.soleDeclaration(words, node, state)
    );
  }

  /**
   * Whether this declaration is the string's only word that can make a name readonly, so that
   * none of its names was readonly before it ran (`readonly x=README.md; cat $x`): no other
   * `readonly`, `declare`, `typeset` or `local`, however quoted or escaped, and none bash could
   * spell at run time (a computed command word, `$'…'`, a brace expansion, `enable`, unknown
   * code). It may still run twice (a loop, a function called twice), and bash refuses it then
   * on a name that already holds the same literal value; each name is given once, or a later
   * word of the same command would be refused (`readonly x=.env x=README.md` keeps .env).
   */
  private soleDeclaration(words: readonly Word[], node: Node, state: State): boolean {
    if (this.host !== this.text || this.computedCommand()) return false;
    if (/\$['"]/.test(this.text)) return false;
    const bare = (text: string) => text.replace(/\\\n/g, "").replace(/['"\\]/g, "");
    const whole = bare(this.text);
    // Code the walk did not read may have made a name readonly (`source lib`, `eval "$c"`).
    // A function's body starts with every name unknown, as it may run after anything: there
    // only the text can say that no such code runs anywhere in the string (no builtin that
    // runs code it is given, no `.`), and the function's own calls then find the name as
    // this declaration leaves it.
    if (state.vars.has(ANY_NAME) && (this.functionDepth === 0 || RUNS_GIVEN_CODE.test(whole))) {
      return false;
    }
    if (whole.includes("enable") || bracePairWithList(whole)) return false;
    const site = /\b(?:readonly|declare|typeset|local)\b/g;
    if ((whole.match(site)?.length ?? 0) !== 1) return false;
    if ((bare(node.text).match(site)?.length ?? 0) !== 1) return false;
    const names = words
      .slice(1)
      .filter((word) => !/^[-+]/.test(word.text))
      .map((word) => /^[A-Za-z_][A-Za-z0-9_]*/.exec(word.text)?.[0] ?? "");
    // Bash's own readonly names (UID, PPID, …) are readonly before any declaration runs.
    if (names.some((name) => BASH_READONLY.has(name))) return false;
    return new Set(names).size === names.length && !names.includes("");
  }

  private testCommand(node: Node, state: State, ctx: Ctx, bound: Node[]): Flow {
    this.expressions(node, state, ctx);
    const opener = node.child(0)?.type;
    if (opener === "[[") this.conditional(node, state, ctx);
    if (opener !== "[") {
      // `=~` puts what it matched in BASH_REMATCH, a value of the tested text, not of any
      // assignment the walk saw (`BASH_REMATCH=(1); [[ '~/.ssh/*' =~ .+ ]]; echo $BASH_REMATCH`).
      const after =
        opener === "[[" && node.text.includes("=~") ? assign(state, ["BASH_REMATCH"], null) : state;
      // `[[ … ]]` is a keyword: nothing executes besides its substitutions.
      if (bound.length > 0) return this.compound(node, after, ctx, bound, () => same(after));
      return same(after);
    }
    const words = tokenWords(node.text);
    // `[ -v 'a[$(id)]' ]` evaluates the subscript as `test -v` does.
    if (/-[vR]|[$`]/.test(node.text)) {
      // The token reader does not say which words were quoted: a word counts as splitting
      // only when the grammar found an unquoted expansion somewhere in the test.
      const split = unquotedExpansions(node);
      const expanded = expandArgv(words, state).map((word) =>
        split.length > 0 || !word.splittable ? word : { ...word, splittable: false },
      );
      // The token reader splits a substitution into pieces: its output is judged here.
      const substitution = split.find(
        (found) =>
          found.type === "command_substitution" && splitsIntoUnknown(found.text, envOf(state)),
      );
      if (substitution !== undefined) {
        this.evaluated(node, "[ may be given -v and a name by a substitution's output", ctx);
      } else if (SEVERAL_WORDS.test(node.text)) {
        // The token reader keeps no pieces: `"$@"`, `"${a[@]}"` and `"${!p@}"` are found in
        // the text. Each becomes several words, quoted or not, `-v NAME` among them maybe.
        this.evaluated(node, "[ may be given -v and a name by a list of words", ctx);
      } else this.evaluatingBuiltin(node, expanded, state, ctx);
    }
    const unit = this.newUnit(node.startIndex, node.startIndex, node.endIndex, ctx);
    this.units.push(unit);
    // `[` only tests: its operands are strings and file names it stats, never reads.
    unit.argv = words.map((word) => word.text);
    unit.executed = unit.argv;
    unit.key = "[";
    unit.sentinel = ctx.unparseable ? SENTINELS.unparseable : null;
    return this.redirects(bound, state, ctx, unit) ?? same(state);
  }

  /**
   * tree-sitter-bash 0.25.1 silently drops a lone `-` operand right before a heredoc or a
   * numbered redirect (`git commit -F - <<'MSG'`, `python3 - <<'PY'`). The word is a plain
   * literal, so it is put back where it stood instead of flooring a very common command.
   */
  private repairDash(words: Word[], redirects: readonly Node[]): void {
    const last = words[words.length - 1];
    if (last === undefined) return;
    const next = redirects
      .map((redirect) => redirect.startIndex)
      .filter((start) => start >= last.end)
      .sort((a, b) => a - b)[0];
    if (next === undefined) return;
    const between = this.text.slice(last.end, next);
    if (between.trim() !== "-") return;
    const start = last.end + between.indexOf("-");
    words.push(wordFromText("-", { start }));
    this.repaired.add(start);
  }

  /**
   * A glob after a command of the string that may have created a file where it reads: a word
   * that may be a file name starting with `-` where the program still reads options floors the
   * unit (`echo > ./--output=.env; git log *`), and an unquoted expansion of a glob-made value
   * names computed paths (`echo > 'x .env'; for f in x*; do cat $f; done` opens .env).
   */
  private globNamesFloor(unit: PendingUnit, written: readonly Word[], state: State): void {
    const found = globNames(written, state.vars);
    if (!found.option && found.split.length === 0) return;
    const cwd = found.folderKnown && state.cwds?.length === 1 ? (state.cwds[0] as string) : null;
    if (mayHaveCreated(this.visibleUnits(), unit, found.split.length > 0 ? null : cwd)) {
      floorGlobNames(unit, found);
    } else {
      // A loop's next round or a later call of a function may run it after a write.
      this.globCandidates.set(unit, found);
    }
  }

  /** Units whose globs may name a file a later write creates, should they run again after it. */
  private readonly globCandidates = new Map<PendingUnit, GlobNames>();

  /**
   * Floors `unit` when it runs code a unit walked so far may have written: a script it runs,
   * git after its hooks or config were written (see {@link runsWrittenCode}).
   */
  private floorWrittenCode(
    unit: PendingUnit,
    classification: Classification,
    state: State,
    environment: readonly Assignment[],
  ): void {
    if (
      classification.executed &&
      runsWrittenCode(
        classification.executed,
        () => this.visibleUnits(),
        state,
        classification.wrappers,
        unit,
        // The command's own environment (`GIT_DIR=g git status`, `env GIT_DIR=g git …`).
        environment,
      )
    ) {
      unit.sentinel = strongerSentinel(unit.sentinel, SENTINELS.opaqueWrapper);
    }
    // A program no table knows may run a command among its later words (`ssh-agent sh s`):
    // one that runs a file the string wrote is code nobody read.
    if (
      classification.later.some((later) =>
        runsWrittenCode(later, () => this.visibleUnits(), state, [], unit),
      )
    ) {
      unit.sentinel = strongerSentinel(unit.sentinel, SENTINELS.opaqueWrapper);
    }
  }

  /** Fills a unit from its classification: wrappers, executed, sentinel, operand paths. */
  /**
   * Whether the editor a git subcommand starts is named by the command's own environment as a
   * program that runs nothing it is given (`GIT_EDITOR=true git rebase --continue`): then that
   * editor is the unit the variable's value makes, and no other program runs. `GIT_EDITOR`
   * outranks every setting, so only it (and, for a todo list, `GIT_SEQUENCE_EDITOR` too)
   * proves it: `-c core.editor=true` does not, because a `GIT_EDITOR` in the environment the
   * agent runs in would win. A variable assigned by an earlier statement may not be exported.
   */
  private editorGiven(kind: "message" | "sequence", env: readonly Assignment[]): boolean {
    const names = kind === "sequence" ? ["GIT_EDITOR", "GIT_SEQUENCE_EDITOR"] : ["GIT_EDITOR"];
    return names.every((name) => {
      const last = env.filter((a) => a.name === name).pop();
      return (
        last !== undefined &&
        last.append !== true &&
        dataProgram({ name, value: last.value, command: true })
      );
    });
  }

  private fill(
    unit: PendingUnit,
    words: Word[],
    classification: Classification,
    state: State,
    ctx: Ctx,
    prefixes: readonly Assignment[] = [],
  ): readonly Assignment[] {
    // Each unit copies its words (argv, key, computed indices, the wrapper's environment): a
    // wrapper that runs many commands from one line (find's every `-exec`) fills a unit per
    // command from the whole line, so the copies grow with the square of the line and count.
    tick(STEP.copy * words.length);
    this.unitStates.set(unit, state);
    unit.argv = words.map((word) => word.text);
    unit.key = keyOf(words);
    unit.wrappers = classification.wrappers;
    unit.executed = classification.executed?.map((word) => word.text) ?? null;
    const computedArgv = indicesOf(words, (word) => !word.literal);
    const computedExecuted = indicesOf(classification.executed ?? [], (word) => !word.literal);
    if (computedArgv.length > 0 || computedExecuted.length > 0) {
      unit.computed = { argv: computedArgv, executed: computedExecuted };
    }
    unit.sentinel = strongerSentinel(
      classification.sentinel,
      ctx.unparseable ? SENTINELS.unparseable : null,
    );
    // Code the same string wrote is code nobody read: a script it wrote and then runs, or git
    // run after the string wrote its hooks or config.
    const wrapperWords = words.slice(0, words.length - classification.rest.length);
    let assigned: Assignment[] = [];
    if (classification.wrappers.length > 0) {
      const written = new Set(wrapperWords.map((word) => word.text));
      assigned = [
        ...assignmentsOfWords(wrapperWords),
        // Words a layer split out of one of its own (`env -S 'HOME=/tmp npm test'`) set
        // the environment as written-out `NAME=value` words would.
        ...assignmentsOfWords(
          classification.wrappers
            .flatMap((layer) => layer.argv)
            .filter((text) => !written.has(text))
            .map((text) => wordFromText(text)),
        ),
      ];
    }
    // The program's whole environment, as written before it and by its wrappers (read only).
    const environment =
      prefixes.length === 0
        ? assigned
        : assigned.length === 0
          ? prefixes
          : [...prefixes, ...assigned];
    // S32 pip-option-env: pip's `PIP_<NAME>` variables are its `--name` options, judged so.
    const pipOptions = pipEnvironmentOptions(
      classification.executed,
      environment,
      state.vars,
      this.exportedNames(),
    );
    if (pipOptions.length > 0 && classification.executed !== null) {
      classification.executed = [...classification.executed, ...pipOptions];
      classification.rest = [...classification.rest, ...pipOptions];
    }
    this.floorWrittenCode(unit, classification, state, environment);
    // A home configuration writer finds its files through the HOME its environment sets, and
    // its settings through the variables it sets (`GNUPGHOME=./g gpg`), as far as they reach it
    // (`env -u GNUPGHOME`, `env -i`, `exec -c` drop them: the default place again).
    const reaching = reachingEnvironment(environment, classification.wrappers);
    const home = lastHome(reaching);
    const posix = this.mayBePosix(environment, state);
    const own = operandUses(classification, posix, reaching);
    const uses = home === undefined ? own : underProgramHome(own, home.value, home.append === true);
    uses.push(...spreadOperands(classification, uses, posix));
    if (this.moved(state)) uses.push(...initHereUses(classification.executed));
    const resolved = this.resolve(uses, state);
    resolved.push(...this.namesOnlyListings(classification.executed, state));
    // Bare names an unknown program may write through (`tool -o package.json`): only the
    // written-code floor counts them.
    const guessed =
      classification.executed === null ? [] : unmodelledWrites(classification.executed, uses);
    if (guessed.length > 0) unit.mayWrite = this.resolve(guessed, state);
    // A wrapper that enters a folder first (`env -C DIR`, `sudo -D DIR`) runs the command there,
    // as `(cd DIR && cmd)` would: its files are judged there too, and the folder is read.
    if (classification.folders !== undefined) {
      const folders = classification.folders;
      folders.forEach((word, i) => {
        const from = inFolders(folders.slice(0, i), state);
        resolved.push(...this.resolve([{ word, access: "read" }], from));
      });
      resolved.push(...this.resolve(uses, inFolders(folders, state)));
    }
    // The folder a cd enters is not opened: a folder nobody can name (`cd "$DIR"`) is no file
    // touched. What runs after it is judged in an unknown folder (see `effect` and `moved`).
    unit.paths.push(
      ...(DIRECTORY_CHANGES.has(classification.executed?.[0]?.text ?? "")
        ? resolved.filter((path) => path.path !== null || path.glob !== null)
        : resolved),
    );
    const moving = folderMoveUses(classification.executed, uses);
    if (moving.length > 0) this.noteFolderMoves(unit, moving, state, classification.folders);
    // Away from the folder the command started in, a program that works on the folder it runs
    // in touches that folder, wherever the string went (`cd && ls -la` lists the home folder).
    if (this.moved(state) && !this.functions.has(classification.executed?.[0]?.text ?? "")) {
      const here = workingDirectoryUse(classification.executed, uses.length > 0);
      if (here !== null) unit.paths.push(...this.resolve(here, state));
    }
    unit.paths.push(...this.resolve(pathsOfAssignments(assigned), state));
    // A program run with a HOME the string chose reads its settings and writes its caches
    // there (`HOME=/tmp npm test` reads /tmp/.npmrc, writes /tmp/.npm/_logs).
    const program = classification.executed?.[0]?.text;
    if (program !== undefined && !SHELL_WORDS.has(program) && usesHome(program)) {
      unit.paths.push(...this.resolve(this.reboundHome(environment, state), state));
      // S32 settings-home: its settings there (a cloned project's .gitconfig, .npmrc,
      // .cargo/config.toml, .ssh/config) are code nobody read, as XDG_CONFIG_HOME's are for git.
      const callerHome = state.vars.has("HOME") ? null : state.home;
      const lostHome = state.home === null && this.plainText().includes("HOME");
      if (
        settingsMoved(
          (classification.executed ?? []).map((word) => word.text),
          reaching,
          state,
          callerHome,
          lostHome,
        )
      ) {
        unit.sentinel = strongerSentinel(unit.sentinel, SENTINELS.opaqueWrapper);
      }
    }
    // A path-shaped value in a program's own environment names a file it may open.
    if (prefixes.length > 0 || assigned.length > 0) {
      const head = classification.executed?.[0]?.text ?? "";
      if (!SHELL_WORDS.has(head)) {
        // git's own variables are judged by git's table, each with its direction.
        const ownedByGit = /(^|\/)git$/.test(head);
        const env = environment.filter((a) => !(ownedByGit && a.name.startsWith("GIT_")));
        unit.paths.push(...this.resolve(pathShapedAssignments(env, envOf(state)), state));
      }
    }
    // S32 exported-path-env: what an earlier statement exported reaches the program too.
    const head = classification.executed?.[0]?.text ?? "";
    if (state.vars.size > 0 && !SHELL_WORDS.has(head)) {
      const ownedByGit = /(^|\/)git$/.test(head);
      const skip = (name: string) => ownedByGit && name.startsWith("GIT_");
      const exported = this.exportedNames();
      const text = this.optionText();
      const uses = exportedPathUses(state.vars, exported, environment, skip, text);
      unit.paths.push(...this.resolve(uses, state));
    }
    // A load path an earlier statement set reaches the program that reads it.
    const loads = statementLoadPaths(classification.executed ?? [], state);
    if (loads.length > 0) unit.paths.push(...this.resolve(pathsOfAssignments(loads), state));
    // git's global options are set aside for matching (`git -C . push` is `git push`).
    const executedWords = classification.executed ?? [];
    const gitWords = configEnvWritten(executedWords, (name) =>
      knownValue(name, environment, state),
    );
    const git = readGit(dashedGit(gitWords) ?? gitWords);
    if (git !== null) {
      unit.executed = git.canonical.map((word) => word.text);
      unit.sentinel = strongerSentinel(unit.sentinel, git.sentinel);
      // A pull an earlier `git config pull.rebase interactive` made interactive (git.ts).
      const editorRun =
        git.editorRun ??
        writtenInteractiveRebase(git.canonical, () => this.visibleUnits()) ??
        (mergeAutoEdits(git.canonical, environment, state) ? "message" : undefined);
      if (editorRun !== undefined && !this.editorGiven(editorRun, environment)) {
        unit.sentinel = strongerSentinel(unit.sentinel, SENTINELS.indirectionWrapper);
        this.editorStarts.add(unit);
      }
      unit.paths.push(...this.gitHomeFiles(environment, state));
      const settings = [
        ...(git.settings ?? []),
        ...gitEnvironmentSettings(environment, state.vars),
      ];
      if (settings.length > 0) unit.gitSettings = settings;
      // git's variables the string assigned in a statement or an export (`export GIT_DIR=.ssh`).
      unit.paths.push(...this.resolve(gitAssignedPaths(state.vars), state));
      // What the string did before it (a tree it built, ignore rules it changed) (git-links.ts).
      const sequence = gitSequenceUses(git.canonical, () => this.visibleUnits(), unit);
      if (sequence.length > 0) unit.paths.push(...this.resolve(sequence, state));
    }
    // npm runs the command an alias or a unique prefix names (`npm pub` publishes).
    const npm = git === null ? npmCanonical(classification.executed ?? []) : null;
    if (npm !== null) unit.executed = npm.map((word) => word.text);
    // npm's settings from its environment (`NPM_CONFIG_GLOBAL=1 npm i x`, an earlier
    // `export npm_config_location=global`) may make it install into its global prefix.
    if (git === null && /^(npm|pnpm)$/.test(toolName(executedWords[0]?.text ?? "") ?? "")) {
      const env = [...settingsOfVars(state.vars, /^npm_config_/i), ...prefixes, ...assigned];
      if (npmWritesGlobalPrefix(executedWords, env) && !npmWritesGlobalPrefix(executedWords)) {
        unit.paths.push(...this.resolve([npmGlobalPrefixUse()], state));
      }
    }
    // pip's `--user` from its environment (`PIP_USER=1 pip install x`, an earlier export).
    if (git === null && (prefixes.length > 0 || assigned.length > 0 || state.vars.size > 0)) {
      const env = [...settingsOfVars(state.vars, /^PIP_USER$/), ...prefixes, ...assigned];
      if (pipUserSiteUse(executedWords) === null) {
        const userSite = pipUserSiteUse(executedWords, env);
        if (userSite !== null) unit.paths.push(...this.resolve([userSite], state));
      }
    }
    // A compressor's options from an earlier export (`export GZIP=-N; gunzip x.gz`: with -N it
    // writes the name in the header; `export BZIP2=-d; bzip2 y.bz2` decompresses): paths.ts
    // reads the command's own environment the same way.
    if (git === null && state.vars.size > 0) {
      const env = settingsOfVars(
        state.vars,
        /^(GZIP|PIGZ|LZOP|BZIP2|BZIP|LBZIP2|XZ_DEFAULTS|XZ_OPT)$/,
      );
      if (env.length > 0) {
        const program = toolName(executedWords[0]?.text ?? "") ?? "";
        const named = [
          ...headerNamedOutputs(program, executedWords, env),
          ...optionVariableOutputs(program, executedWords, env),
        ];
        if (named.length > 0) unit.paths.push(...this.resolve(named, state));
      }
    }
    // A git package spec (`npm i github:u/r`, `git+file:///p`): npm runs git on its URL,
    // judged like that git command written out (its file and ssh transports included).
    const specs =
      git === null && toolName(executedWords[0]?.text ?? "") === "npm"
        ? npmGitSpecs(executedWords)
        : [];
    // npx and `npm exec` fetch the package their first operand or `--package` names.
    specs.push(...runnerGitSpecs(classification.wrappers, executedWords[0]));
    for (const spec of specs) {
      // npm's own folder specs are its paths (paths.ts); a runner's are read here.
      if (spec.folder !== null && toolName(executedWords[0]?.text ?? "") !== "npm") {
        const folder = {
          word: wordFromText(spec.folder),
          access: "read" as const,
          below: true as const,
        };
        unit.paths.push(...this.resolve([folder], state));
      }
      for (const url of spec.urls) {
        const gitWords = ["git", "--no-replace-objects", "ls-remote", url].map((text) =>
          wordFromText(text),
        );
        const sibling = this.newUnit(unit.pos, unit.start, unit.end, ctx);
        sibling.synthetic = true;
        this.units.push(sibling);
        this.fill(
          sibling,
          gitWords,
          classify(gitWords, false, null, true),
          state,
          ctx,
          environment,
        );
        sibling.sentinel = strongerSentinel(sibling.sentinel, unit.sentinel);
        // An ssh URL: git runs npm's ssh command through sh, a unit for each program.
        for (const run of npmSshRuns(url)) {
          const ssh = this.newUnit(unit.pos, unit.start, unit.end, ctx);
          ssh.synthetic = true;
          ssh.argv = run;
          ssh.executed = run;
          ssh.sentinel = unit.sentinel;
          this.units.push(ssh);
        }
      }
    }
    const hidden = [...injectedByAssignments(assigned), ...(git?.injections ?? [])];
    // A compiler program and the flags a build tool appends to it are one command line.
    hidden.push(...this.compilerLineRuns(executedWords, environment, state));
    // A launcher's program and its arguments variable are one line (program-args.ts).
    hidden.push(...programArgRuns(state.vars, environment));
    // A script that removes a temporary folder or a system file (programs/script-runs.ts).
    hidden.push(...scriptHelperRuns(executedWords));
    // An alias an earlier `git config alias.NAME …` of the string wrote (git.ts).
    if (git !== null) {
      hidden.push(...writtenAliasRuns(git.canonical, () => this.visibleUnits()));
      hidden.push(...writtenRemoteRuns(git.canonical, () => this.visibleUnits()));
      hidden.push(...writtenSignatureChecks(git.canonical, () => this.visibleUnits()));
    }
    for (const injection of hidden) this.inject(injection, unit, state, ctx);
    // Another command the same wrapper runs (find's second `-exec`, or its `{}` written out
    // once more) is read like the first: git's table, code the string wrote, its environment.
    for (const extra of classification.extra) {
      const sibling = this.newUnit(unit.pos, unit.start, unit.end, ctx);
      sibling.synthetic = true;
      const first = this.units.length;
      this.units.push(sibling);
      this.fill(sibling, words, extra, state, ctx, prefixes);
      sibling.sentinel = strongerSentinel(sibling.sentinel, unit.sentinel);
      // A reading of an unknown host's later words, and every unit it yields, is hosted by it.
      const host = extra.hostedBy ?? unit.hostedBy;
      if (host !== undefined) {
        for (const each of this.units.slice(first)) each.hostedBy ??= host;
      }
    }
    this.payload(unit, classification.script, state);
    // A function the string defined is walked with its words: what it runs is seen there.
    if (!this.functions.has(classification.executed?.[0]?.text ?? "")) {
      for (const line of classification.lines) this.laterLine(unit, line, state);
      if (classification.fed !== undefined) this.fedText(unit, classification.fed, state);
    }
    return environment;
  }

  /**
   * The literal text fed to a program no table knows that has no command of its words
   * (`printf 'git push' | pg_virtualenv`, see `Classification.fed`): a shell it starts may
   * run it as a script. Its commands are units hosted by the program (`BashUnit.hostedBy`):
   * nothing proves it runs them. Text bash cannot parse is data.
   */
  private fedText(host: PendingUnit, text: string, state: State): void {
    const result = this.nested(text, state);
    if (
      result === null ||
      result.diagnostics.some((d) => BROKEN_LINE.has(d.kind)) ||
      result.units.some((u) => u.sentinel === SENTINELS.unparseable)
    ) {
      return;
    }
    const first = this.units.length;
    this.attach(result, {
      at: { pos: host.pos, start: host.start, end: host.end },
      context: host.context,
      wrappers: host.wrappers,
      sentinel: host.sentinel,
      synthetic: true,
      where: "inside the text fed to a program's stdin",
    });
    const name = host.executed?.[0] ?? host.argv[0] ?? "";
    for (const each of this.units.slice(first)) each.hostedBy ??= name;
  }

  /**
   * A later word of a program no table knows that reads as a command line (see
   * `Classification.lines`): its commands are units of their own. Text bash cannot parse on
   * one line runs nothing under `sh -c` (prose: `feat(x): y`); on several lines the ones
   * before the error run, so the host is floored.
   */
  private laterLine(host: PendingUnit, line: string, state: State): void {
    const result = this.nested(line, state);
    const broken =
      result === null ||
      result.diagnostics.some((d) => BROKEN_LINE.has(d.kind)) ||
      result.units.some((u) => u.sentinel === SENTINELS.unparseable);
    if (!broken) {
      this.attach(result, {
        at: { pos: host.pos, start: host.start, end: host.end },
        context: host.context,
        wrappers: host.wrappers,
        sentinel: host.sentinel,
        synthetic: true,
        where: "inside a command line given as a word",
      });
    } else if (result === null || line.includes("\n")) {
      host.sentinel = strongerSentinel(host.sentinel, SENTINELS.opaqueWrapper);
    }
  }

  /**
   * The home folder a command runs with when the string rebound HOME (on the command, by `env`,
   * or in an earlier statement): read and written below, as every file a program keeps under
   * its home is then one of the string's choosing. None while HOME is the caller's.
   */
  private reboundHome(assignments: readonly Assignment[], state: State): PathUse[] {
    const assigned = assignments.filter((assignment) => assignment.name === "HOME").pop();
    let word: Word;
    if (assigned !== undefined) {
      word =
        assigned.append === true
          ? wordFromText(`$HOME${assigned.value.text}`, { computed: true })
          : assigned.value;
    } else if (
      state.vars.has("HOME") ||
      (state.home === null && this.plainText().includes("HOME"))
    ) {
      // A home the walk lost track of (a function body, after `eval`) is only a rebound one
      // when the string names HOME somewhere.
      word =
        state.home === null ? wordFromText("$HOME", { computed: true }) : wordFromText(state.home);
    } else return [];
    // `HOME=` leaves programs without a home: they fall back to the password file's.
    if (word.literal && word.text === "") return [];
    return [{ word, access: "read_write", below: true }];
  }

  /**
   * git reads its global configuration and attributes from `$HOME/.gitconfig` and
   * `$HOME/.config/git/`. Under the caller's home these are git's own business; once the
   * string rebinds HOME (`HOME=/tmp git diff`, `HOME=x; git log`) they are files of its
   * choosing, judged like any other read (an unknown home is an unknown path).
   */
  private gitHomeFiles(assignments: readonly Assignment[], state: State): PendingPath[] {
    const assigned = assignments.filter((assignment) => assignment.name === "HOME").pop();
    let homes: (string | null)[];
    if (assigned !== undefined) {
      homes = resolveWord(assigned.value, state).map((resolved) =>
        resolved.glob === null ? resolved.path : null,
      );
    } else if (
      state.vars.has("HOME") ||
      (state.home === null && this.plainText().includes("HOME"))
    ) {
      // A home the walk lost track of (a function body, after `eval`) is only a rebound one
      // when the string names HOME somewhere.
      homes = [state.home];
    } else return [];
    return dedupe(homes.map((home) => home ?? "")).flatMap((home): PendingPath[] => {
      if (home === "")
        return [{ raw: "$HOME", path: null, glob: null, access: "read", via: "operand" }];
      const base = home === "/" ? "" : home;
      return [
        {
          raw: "~/.gitconfig",
          path: `${base}/.gitconfig`,
          glob: null,
          access: "read",
          via: "operand",
        },
        {
          raw: "~/.config/git",
          path: null,
          glob: `${globOfFolder(base)}/.config/git/**`,
          access: "read",
          via: "operand",
        },
      ];
    });
  }

  /**
   * A command hidden in a value (`GIT_SSH_COMMAND=…`, `git -c core.pager=…`): a unit of its
   * own carrying the opaque sentinel, with the units of its literal command line after it.
   */
  private inject(injection: Injection, host: PendingUnit | null, state: State, ctx: Ctx): void {
    const value = injection.value;
    const at = value.start >= 0 ? value.start : (host?.pos ?? 0);
    const unit = this.newUnit(at, host?.start ?? at, host?.end ?? value.end, ctx);
    unit.argv = [value.text];
    unit.synthetic = true;
    if (injection.program !== undefined) {
      // A program the tool starts with words of its own: judged by them like any command.
      const cwd = tildePlus(state);
      const placed = injection.program.map((word) =>
        word.startsWith("$TOP/") && cwd !== null
          ? `${cwd === "/" ? "" : cwd}${word.slice(4)}`
          : word,
      );
      unit.argv = [...placed];
      unit.executed = [...placed];
      const computed = injection.computed ?? [];
      if (computed.length > 0) unit.computed = { argv: [...computed], executed: [...computed] };
      this.units.push(unit);
      return;
    }
    if (dataProgram(injection)) {
      // A program run with data only: a unit of its own, judged by its name like any command.
      // An editor is given the file to edit (`true .git/COMMIT_EDITMSG`), whose name git picks.
      const edits = EDITOR_NAMES.test(injection.name);
      unit.argv = edits ? [value.text, "$FILE"] : [value.text];
      unit.executed = [...unit.argv];
      if (edits) {
        unit.computed = { argv: [1], executed: [1] };
        // The command git runs, as it runs it: one file name, one word (never split or globbed).
        unit.text = `${value.text} "$FILE"`;
      }
      this.units.push(unit);
      return;
    }
    unit.wrappers = [
      { name: injection.name, kind: "opaque", argv: [`${injection.name}=${value.text}`] },
    ];
    unit.sentinel = strongerSentinel(SENTINELS.opaqueWrapper, unit.sentinel);
    unit.synthetic = true;
    this.units.push(unit);
    if (injection.command && value.literal) this.payload(unit, value.text, state);
  }

  /**
   * The compiler lines a build tool may run (injection.ts compilerLines): the compiler, launcher
   * and flags variables of the command's environment and of what the string assigned before
   * (taken as exported, as `set -a` or a later `export` may), and cmake's `-D` definitions.
   */
  private compilerLineRuns(
    executed: readonly Word[],
    environment: readonly Assignment[],
    state: State,
  ): Injection[] {
    const env: { name: string; value: Word | null }[] = [];
    for (const [name, values] of state.vars) {
      if (!isCompilerLineVariable(name)) continue;
      if (values === null) env.push({ name, value: null });
      else for (const value of values) env.push({ name, value: wordFromText(value.text) });
    }
    // configure and make (`./configure CC=git CFLAGS=push`, `sh configure …`) take the same
    // variables as `NAME=VALUE` operands.
    const at = scriptOperand(executed);
    const script = at === null ? "" : (executed[at]?.text ?? "").replace(/^.*\//, "");
    const operands =
      at !== null && VARIABLE_OPERAND_TOOLS.test(script)
        ? assignmentsOfWords(executed.slice(at + 1))
        : [];
    for (const { name, value } of [...environment, ...operands]) {
      if (isCompilerLineVariable(name)) env.push({ name, value });
    }
    // ctest hands its `--build-options -D…` to the cmake it runs.
    const cmake = /^c(?:make|test)$/.test(toolName(executed[0]?.text ?? "") ?? "");
    if (env.length === 0 && !cmake) return [];
    if (!cmake) return compilerLines(env, []);
    // cmake keeps every definition and the compiler it found in the build folder's
    // CMakeCache.txt, and a later call on that folder checks the cached compiler with its own
    // flags (R24 cmake-cache-split, traced: `cmake -DCMAKE_C_COMPILER=git -B b .; cmake
    // -DCMAKE_C_FLAGS='push origin' b` ran `git push origin CMakeCCompilerId.c`). Which folder
    // a call configures is not always known (`-B`, `-S`, a preset, the working directory), so
    // each call joins the carriers of every cmake call walked before it, whatever its folder
    // (the joined line is the same whichever call runs first).
    const defines = cmakeDefines(executed);
    const earlier = this.cmakeCarriers;
    // An earlier call's carrier is placed at this command (its unit is this command's).
    const moved = <T extends Word | null>(word: T): T =>
      word === null ? word : ({ ...word, start: -1, end: -1 } as T);
    const joined = compilerLines(
      [...earlier.env.map(({ name, value }) => ({ name, value: moved(value) })), ...env],
      [...earlier.defines.map((define) => ({ ...define, word: moved(define.word) })), ...defines],
    );
    for (const { name, value } of environment) {
      if (isCompilerLineVariable(name)) earlier.env.push({ name, value });
    }
    earlier.defines.push(...defines);
    return joined;
  }

  /** Injections carried by assignment nodes (prefix, statement or declaration). */
  private injectAssignments(
    nodes: readonly Node[],
    host: PendingUnit | null,
    state: State,
    ctx: Ctx,
  ): void {
    const assignments = assignmentsOf(nodes);
    for (const injection of injectedByAssignments(assignments)) {
      this.inject(injection, host, state, ctx);
    }
    host?.paths.push(...this.resolve(pathsOfAssignments(assignments), state));
  }

  /** Lists the units of a literal script an opaque layer runs (`bash -c '…'`). */
  private payload(host: PendingUnit, script: string | null, state: State): void {
    if (script === null) return;
    const result = this.nested(script, state);
    if (result === null) {
      this.diagnostics.push({
        kind: "nesting-limit",
        message: "a nested script was not analysed: too many levels of bash -c",
        at: host.start,
      });
      return;
    }
    this.attach(result, {
      at: { pos: host.pos, start: host.start, end: host.end },
      context: host.context,
      wrappers: host.wrappers,
      sentinel: host.sentinel,
      synthetic: true,
      where: "inside a nested script",
    });
  }

  /** Adds a nested analysis's units and diagnostics to this walk's (see {@link attachNested}). */
  private attach(
    result: { units: PendingUnit[]; diagnostics: Diagnostic[] },
    placement: Omit<NestedPlacement, "seq">,
  ): void {
    const attached = attachNested(result, { ...placement, seq: () => this.seq++ });
    this.diagnostics.push(...attached.diagnostics);
    this.units.push(...attached.units);
    // What the nested script renamed moved the same folders for this walk (S34 moved-cwd).
    for (const unit of attached.units) {
      if (unit.moves !== undefined) this.folderMoves.push({ unit, moved: unit.moves });
    }
  }

  /**
   * How a command changes the state: `cd`, `pushd`, `popd`. `values` holds the literal texts
   * the command's own assignments give (`HOME=/tmp cd`), null for one only known at run time.
   */
  private effect(
    classification: Classification,
    state: State,
    prefixes: readonly string[] = [],
    host: PendingUnit | null = null,
    ctx: Ctx | null = null,
    values: ReadonlyMap<string, string | null> = new Map(),
  ): Flow {
    const executed = classification.executed;
    if (
      executed === null ||
      classification.wrappers.some((layer) => layer.kind !== "transparent")
    ) {
      return same(state);
    }
    const name = toolName(executed[0]?.text ?? "");
    if (name === "set") {
      const posix = this.mayBePosix([], state);
      return same(positionalsAfter(executed, errexitAfter(executed, state), posix));
    }
    // `shift` moves the positional parameters: the ones `set --` gave, less the first N.
    if (name === "shift") return same(shifted(executed, state));
    if (name !== "cd" && name !== "pushd" && name !== "popd") return same(state);
    const operands = executed
      .slice(1)
      .filter((word) => !/^-[LPe@]+$/.test(word.text) && word.text !== "--");
    let target: State;
    const first = operands[0];
    // CDPATH the string sets (or sets for this cd) sends a relative name elsewhere; a HOME
    // set for this cd alone is where a bare cd goes.
    const cdpath =
      (state.vars.has("CDPATH") || prefixes.includes("CDPATH")) &&
      first !== undefined &&
      !/^(\/|\.\.?(\/|$))/.test(first.text);
    // With `cdable_vars` a name that is no folder here is a variable holding the folder
    // (`cd HOME`; peer7 W2).
    const cdable =
      first !== undefined &&
      /^[A-Za-z_][A-Za-z0-9_]*$/.test(first.text) &&
      (state.vars.has(ANY_NAME) || this.mayToggle("cdable_vars"));
    // The folder it enters is then unknown, as for `cd "$X"`.
    if (cdable)
      host?.paths.push({ raw: first.text, path: null, glob: null, access: "read", via: "operand" });
    // pushd alone swaps the top two folders of the stack and `pushd +N`/`-N` rotates it: it
    // goes where the stack says (`DIRSTACK[1]=~/.ssh; pushd +1`), as popd does.
    const stacked =
      name === "pushd" && (first === undefined || (first.literal && /^[+-]\d+$/.test(first.text)));
    const popped = name === "popd" && operands.length === 0 ? stackAfterPop(state) : null;
    let enteredGlob = false;
    // A CDPATH of literal folders: each entry's folder of that name, or the name here when
    // none is a folder (an empty entry is `.`; traced under 5.2: `CDPATH=/ cd tmp` enters /tmp,
    // `CDPATH= cd src` ./src). Which of them exists is not known: the walk follows them all.
    // A `..` in the name is not followed: `cd -P` climbs it from where the folder really is.
    const searched =
      cdpath &&
      !cdable &&
      operands.length === 1 &&
      name === "cd" &&
      first?.literal === true &&
      !first.text.split("/").includes("..")
        ? cdpathFolders(
            first.text,
            values.has("CDPATH") ? values.get("CDPATH") : knownText(state, "CDPATH"),
            state,
          )
        : null;
    // A HOME or OLDPWD given for this cd alone, written out, is where it goes.
    const given = (variable: string): string | null => {
      const text = values.get(variable);
      return typeof text === "string" && text.startsWith("/") ? posix.normalize(text) : null;
    };
    // popd enters the folder below the top of the stack as `cd DIR` enters DIR: the folder is
    // read when the string's pushd calls decided it; otherwise it is one nobody knows.
    if (name === "popd" && operands.length === 0 && host !== null && host.argv[0] === "popd") {
      for (const folder of popped?.cwds ?? [null]) {
        host.paths.push({
          raw: folder ?? "$(the folder popd returns to)",
          path: folder,
          glob: null,
          access: "read",
          via: "operand",
        });
      }
    }
    if (popped !== null) target = popped;
    else if (searched !== null) {
      target = { ...state, cwds: searched };
      // cd enters each folder it may find: the name is read in each place.
      for (const folder of searched) {
        host?.paths.push({
          raw: first?.text ?? "",
          path: folder,
          glob: null,
          access: "read",
          via: "operand",
        });
      }
    } else if (name === "popd" || stacked || operands.length > 1 || cdpath || cdable) {
      target = unknownCwd(state);
    } else if (operands.length === 0 && prefixes.includes("HOME")) {
      const home = given("HOME");
      target = home === null ? unknownCwd(state) : { ...state, cwds: [home] };
    }
    // `cd -P` climbs a `..` from where the folder really is on disk, which may be a link's
    // target (after `cd link`, or in an absolute operand): not the lexical reading.
    else if (physicalCd(executed) && climbsAfterMove(operands[0] as Word, this.moved(state)))
      target = unknownCwd(state);
    else if (operands.length === 0)
      target = { ...state, cwds: state.home === null ? null : [state.home] };
    else {
      const word = operands[0] as Word;
      // An OLDPWD set for this cd alone is where it goes.
      if (word.literal && word.text === "-") {
        const old = given("OLDPWD");
        target = !prefixes.includes("OLDPWD")
          ? oldDirectory(state)
          : old === null
            ? unknownCwd(state)
            : { ...state, cwds: [old] };
        // `cd -` enters OLDPWD as `cd DIR` enters DIR: the folder is read when the string
        // decided it; otherwise the word stands for a folder only known at run time.
        if (host !== null && name === "cd" && host.argv.length === 2 && host.argv[1] === "-") {
          const known = target.vars.has(LEFT_BY_CD) ? null : target.cwds;
          if (known === null) host.computed = { argv: [1], executed: [1] };
          else {
            for (const folder of known) {
              host.paths.push({
                raw: "-",
                path: folder,
                glob: null,
                access: "read",
                via: "operand",
              });
            }
          }
        }
      } else {
        const entries = resolveWord(word, state);
        const resolved = entries.map((entry) => entry.path);
        target = resolved.some((path) => path === null)
          ? unknownCwd(state)
          : { ...state, cwds: dedupe(resolved as string[]) };
        // A folder a glob names (`cd a*`) is entered under the name bash found on disk, which
        // may hold `$(…)`: PWD (and `~+`) then hold that unknown name.
        enteredGlob = entries.some((entry) => entry.glob !== null);
      }
    }
    // bash sets PWD to the folder it entered, whatever the string assigned to it before, and
    // OLDPWD to the PWD it left (where a later `cd -` goes).
    {
      const vars = copyVars(target.vars);
      vars.delete("PWD");
      // A folder the string does not name (`cd "$(printf %s -P)" \$*`, `cd "$(ls)"`) is
      // entered under the name bash found on disk, which may hold `$(…)`, as for a glob; so
      // is one entered physically (`cd -P link`, `set -P`): PWD is then the link's target. A
      // folder it names may hold `$(…)` itself (`cd '$(id)'`, `HOME='/x/$(id)' cd`).
      if (
        enteredGlob ||
        target.cwds === null ||
        target.cwds.some((folder) => /[`$\\]/.test(folder)) ||
        physicalCd(executed) ||
        this.mayToggle("physical", "P")
      ) {
        vars.set("PWD", null);
      }
      const left = tildePlus(state);
      vars.set("OLDPWD", left === null ? null : [{ text: left }]);
      // pushd DIR keeps the folder it left below the new top of the stack; any other pushd
      // changes the stack in a way not followed here.
      if (name === "pushd") {
        const below = stackBelow(state);
        const entered = target.cwds?.length === 1 && !target.vars.has(LEFT_BY_CD);
        vars.set(
          DIRSTACK_BELOW,
          !stacked && entered && left !== null && below !== null
            ? [{ text: JSON.stringify([left, ...below]) }]
            : null,
        );
      }
      target = { ...target, vars };
    }
    // A cd that fails leaves the directory as it was, unless `set -e` then stops the shell.
    if (ctx !== null && this.stopsOnFailure(state, ctx)) return same(target);
    return { ok: target, any: union(state, target) };
  }

  // ---- redirects and expressions -----------------------------------------------------------

  /**
   * Walks redirects: their paths go to `host`, substitutions in their targets and in
   * unquoted heredoc bodies are walked, and statements tree-sitter nests inside a heredoc
   * redirect (`cat <<EOF | sh`, `cat <<EOF && rm x`) are walked after the host.
   */
  private redirects(
    redirects: Node[],
    state: State,
    ctx: Ctx,
    host: PendingUnit,
    ownText = true,
  ): Flow | null {
    let flow: Flow | null = null;
    for (const redirect of redirects) {
      if (ownText) host.start = Math.min(host.start, redirect.startIndex);
      if (redirect.type === "heredoc_redirect") {
        for (const child of redirect.children) {
          if (ownText && child?.type === "heredoc_start")
            host.end = Math.max(host.end, child.endIndex);
        }
        flow = this.heredoc(redirect, state, ctx, host, flow, ownText);
        continue;
      }
      if (ownText) host.end = Math.max(host.end, redirect.endIndex);
      const span = heredocSpan(redirect, this.heredocs);
      if (span !== undefined) {
        if (ownText) host.end = Math.max(host.end, span.opEnd);
        // INVARIANT: only an unquoted delimiter makes the body expand; a quoted body is text.
        if (!span.quoted) {
          const body = this.text.slice(span.bodyStart, span.bodyEnd);
          this.substitutionsIn(body, span.bodyStart, "heredoc", state, ctx);
        }
      }
      if (redirect.type === "herestring_redirect") {
        // `<<<` feeds a string, not a file: no path, only its substitutions run.
        this.expressions(redirect, state, ctx);
        continue;
      }
      this.fileRedirect(redirect, state, ctx, host);
    }
    return flow;
  }

  /**
   * Whether bash may fail to make one of `redirects`, and so skip the command they belong to
   * (status 1; the shell goes on): a file it may not open (a missing folder, a folder, a
   * missing file, noclobber), a descriptor that may not be open (`>&5`, `2>&9`, `4<&8`), a
   * target only known at run time. None can fail that only use `/dev/null`, close a
   * descriptor, or duplicate 0, 1 or 2 when the string closes none (`2>&1`); nor a here-string
   * or here-document; unless the string mentions ulimit (a low descriptor limit leaves none,
   * for `/dev/null` either).
   */
  /**
   * `from` after a bare `exec`'s redirects (S34 exec-stdin, r34b: `exec <<< '!git push
   * origin main'; ed -s README.md` ran git push): descriptor 0 (and any other input
   * descriptor, for a later `exec 0<&3`) holds the literal text of a here-string or heredoc,
   * the text of the descriptor copied, or what nobody knows (a file, `<(…)`, a computed word).
   * A closed or write-only stdin is taken as unknown too: a program may open a file there.
   */
  private execRedirected(redirects: readonly Node[], from: State, before: State): State {
    let next = from;
    for (const redirect of redirects) {
      // `{fd}<<<x` opens a descriptor past 9 whose number only a later `<&$fd` names.
      if (namedDescriptor(redirect)) continue;
      const written = writtenDescriptor(redirect, this.text);
      if (written !== null && !/^[0-9]$/.test(written)) continue;
      const operator = redirect.children.find((child) => child !== null && !child.isNamed)?.type;
      const span = heredocSpan(redirect, this.heredocs);
      const input =
        span !== undefined ||
        redirect.type === "heredoc_redirect" ||
        redirect.type === "herestring_redirect" ||
        (operator?.startsWith("<") ?? false);
      const fd = written ?? (input ? "0" : "1");
      if (!input && fd !== "0") continue;
      let value: readonly VarValue[] | null = null;
      if (span !== undefined || redirect.type !== "file_redirect") {
        const text = literalStdin([redirect], this.heredocs, this.text, before);
        value = text === null ? null : [{ text }];
      } else if (operator === "<&" && !closesDescriptor(redirect)) {
        const source = redirect.childForFieldName("destination")?.text ?? "";
        const copied = /^[0-9]$/.test(source) ? execDescriptorKey(source) : null;
        value = copied !== null && next.vars.has(copied) ? (next.vars.get(copied) ?? null) : null;
      }
      next = assign(next, [execDescriptorKey(fd)], value);
    }
    return next;
  }

  /**
   * Whether code the walk does not follow into the state (a function's body, eval'd or
   * sourced text) may hold a bare `exec` that redirects: one walked anywhere so far (a body
   * is walked where it is defined), or a unit running `exec` (an eval's text, walked as a
   * nested string whose state the walk does not get back) (S34 exec-stdin).
   */
  private mayExecStdin(): boolean {
    return (
      this.execRedirects ||
      this.units.some((unit) => unit.argv.slice(0, 3).some((word) => toolName(word) === "exec"))
    );
  }

  private redirectsMayFail(redirects: readonly Node[]): boolean {
    if (redirects.length === 0) return false;
    const plain = this.plainText();
    const limited = /ulimit/.test(plain);
    const closing = limited || /&\s*-|exec/.test(plain);
    return redirects.some((redirect) => {
      if (redirect.type === "heredoc_redirect" || redirect.type === "herestring_redirect") {
        return limited;
      }
      if (redirect.type !== "file_redirect") return true;
      if (heredocSpan(redirect, this.heredocs) !== undefined) return limited;
      const descriptor = writtenDescriptor(redirect, this.text);
      if (descriptor !== null && !/^[0-9]$/.test(descriptor)) return true;
      if (closesDescriptor(redirect)) return false;
      const destination = redirect.childForFieldName("destination");
      if (destination === null || destination.endIndex !== redirect.endIndex) return true;
      const word = evaluateWord(destination);
      if (!word.literal || word.tilde || word.glob) return true;
      // Opening /dev/null takes a descriptor too: under a low limit it fails (R32
      // ulimit-devnull, traced: `ulimit -Sn 3` then `{ c=x; } 2>/dev/null` skipped the group).
      if (word.text === "/dev/null") return limited;
      const operator = redirect.children.find((child) => child !== null && !child.isNamed)?.type;
      return !((operator === ">&" || operator === "<&") && /^[0-2]$/.test(word.text) && !closing);
    });
  }

  private fileRedirect(redirect: Node, state: State, ctx: Ctx, host: PendingUnit): void {
    let operator = "";
    for (const child of redirect.children) {
      if (child && !child.isNamed && operator === "") {
        operator = child.type;
        // `<>` parsed as `<` (analyze.ts, repairReadWrite): the node keeps the text as written.
        const after = child.endIndex - redirect.startIndex;
        if (operator === "<" && redirect.text[after] === ">") {
          operator = "<>";
          this.repaired.add(child.endIndex);
        }
      }
      // A broken redirect (`2>&1 | rm …` read as one redirect): its region is reported and walked.
      if (child?.type === "ERROR") this.error(child, state, ctx);
    }
    const destination = redirect.childForFieldName("destination");
    if (destination === null || closesDescriptor(redirect)) return;
    if (destination.type === "process_substitution") {
      this.expressions(destination, state, ctx);
      return;
    }
    this.expressions(destination, state, ctx);
    // A target the grammar cut at `[\` (`> .e[\n]v`) goes on in the word that touches it.
    const parts = [evaluateWord(destination)];
    for (const child of redirect.namedChildren) {
      if (child === null || child.startIndex < destination.endIndex) continue;
      if (child.startIndex !== (parts[parts.length - 1] as Word).end) break;
      parts.push(evaluateWord(child));
    }
    const word = redirectTildes(
      (parts.length > 1 ? joinTouching(parts)[0] : parts[0]) as Word,
      state,
    );
    if (operator === ">&" && this.reexpandedTarget(redirect, word, state)) {
      this.evaluated(redirect, ">& expands a target that is no descriptor number again", ctx);
      // A value whose second expansion is only a glob or a leading `~` names the file that
      // expansion writes (`x='.en?'; echo >&"$x"` writes .env).
      for (const text of this.firstExpansion(word, state) ?? []) {
        if (/[$`\\'"{(]/.test(text) || !/[*?[~]/.test(text)) continue;
        const again = wordFromText(text, { glob: /[*?[]/.test(text), tilde: text.startsWith("~") });
        host.paths.push(
          ...this.resolve([{ word: again, access: "write", via: "redirect" }], state),
        );
      }
    }
    const access = redirectAccess(operator, word);
    if (access === null) return;
    // `> "log-$TS.txt"` after `TS=$(date +%s)` names what `> "log-$(date +%s).txt"` names.
    const target = withInertUses(word, envOf(state));
    host.paths.push(...this.resolve([{ word: target, access, via: "redirect" }], state));
  }

  /**
   * Whether `>&WORD` (or `1>&WORD`) may expand its target a second time: when the expanded word
   * is not a descriptor number or `-`, bash makes it a `&>` redirect and expands the text it got
   * once more (tilde, parameters, substitutions, quote removal, braces, globs; no splitting),
   * so `>&'$(id)'` runs id and `x='.en?'; echo >&"$x"` writes .env. A target whose text holds
   * none of those characters names itself; any other, or one the walk cannot see, is code.
   * Other descriptors (`2>&WORD`, `<&WORD`, `{v}>&WORD`) fail as ambiguous instead.
   */
  private reexpandedTarget(redirect: Node, word: Word, state: State): boolean {
    const descriptor = descriptorOf(redirect);
    if (descriptor !== null && !/^0*1$/.test(descriptor.text)) return false;
    const texts = this.firstExpansion(word, state);
    if (texts === null) return true;
    return texts.some((text) => !/^(\d+|-)$/.test(text) && /[$`\\'"~*?[{(]/.test(text));
  }

  /** The texts a redirect target may have after its (first) expansion, or null if unknown. */
  private firstExpansion(word: Word, state: State): string[] | null {
    if (word.tilde) {
      // `>& ~/log`: only the plain `~` names a directory the walk knows.
      if (!word.literal || !/^~(\/|$)/.test(word.text) || state.home === null) return null;
      return [state.home + word.text.slice(1)];
    }
    if (word.literal) return [word.text];
    const expanded = expandWord(word, envOf(state), { split: false });
    if (expanded === null) return null;
    const texts: string[] = [];
    for (const fields of expanded) {
      // A glob becomes the name of a file the walk does not know.
      if (fields.some((field) => field.pattern !== null)) return null;
      texts.push(fields.map((field) => field.text).join(" "));
    }
    return texts;
  }

  private heredoc(
    redirect: Node,
    state: State,
    ctx: Ctx,
    host: PendingUnit,
    prior: Flow | null,
    ownText: boolean,
  ): Flow | null {
    const start = redirect.children.find((child) => child?.type === "heredoc_start");
    const operator = redirect.children.find(
      (child) => child?.type === "<<" || child?.type === "<<-",
    );
    // The delimiter word as bash reads it, from the text: the grammar's heredoc_start is not
    // always the whole word (`<<$(echo a b)`).
    let wordAt = operator?.endIndex ?? -1;
    while (this.text[wordAt] === " " || this.text[wordAt] === "\t") wordAt++;
    const word = operator ? readDelimiterWord(this.text, wordAt) : null;
    const quoted = word?.quoted ?? false;
    const pipeline = redirect.children.find((child) => child?.type === "pipeline") ?? null;
    let flow = prior;
    const right = redirect.childForFieldName("right");
    // INVARIANT: what follows the heredoc's line up to its delimiter is body text, never words.
    // tree-sitter-bash reads a body line that starts with a backslash (`\`rm`, `\$x`) as more
    // words of a command written after the heredoc (`cat <<EOF | grep`); then the words of
    // that command are not the ones bash runs, and the statements there are floored.
    if (
      start &&
      [pipeline, right].some((node) => node !== null && this.inBody(node, redirect, start))
    ) {
      this.diagnostics.push({
        kind: "grammar-error",
        message: "the grammar read a heredoc's body as words of the commands on its line",
        at: redirect.startIndex,
      });
      ctx = { ...ctx, unparseable: true };
    }
    // INVARIANT: only an unquoted delimiter makes the body expand; a quoted body is text. The
    // body is read from the source between the heredoc's line and its delimiter, whatever form
    // the grammar hands it back in (a body node, words, nothing).
    // INVARIANT: the body ends where bash ends it. The grammar's end is taken only when its
    // delimiter line is the one bash looks for; otherwise (a delimiter bash may print again,
    // no line ends the body, the grammar stopped elsewhere) the body may run to the end of the
    // text, and the statement is not trusted.
    const end = redirect.children.find((child) => child?.type === "heredoc_end");
    const endLine =
      end === undefined ? null : operator?.type === "<<-" ? end.text.replace(/^\t+/, "") : end.text;
    const certain = word?.delimiter != null && endLine === word.delimiter;
    if (start && word !== null && !certain) {
      this.diagnostics.push({
        kind: "grammar-error",
        message: "where bash ends a heredoc's body is not where the grammar ends it",
        at: redirect.startIndex,
      });
      ctx = { ...ctx, unparseable: true };
    }
    if (!quoted && start) {
      const lineEnd = this.text.indexOf("\n", start.endIndex);
      const bodyEnd = certain ? (end?.startIndex ?? redirect.endIndex) : this.text.length;
      if (lineEnd !== -1 && lineEnd < bodyEnd) {
        this.substitutionsIn(
          this.text.slice(lineEnd + 1, bodyEnd),
          lineEnd + 1,
          "heredoc",
          state,
          ctx,
        );
      }
    }
    for (const child of redirect.children) {
      if (!child?.isNamed) continue;
      if (child.type === "heredoc_body") continue;
      if (child.type === "ERROR") {
        this.error(child, state, ctx);
        continue;
      }
      if (isRedirect(child)) {
        if (pipeline === null || child.startIndex < pipeline.startIndex) {
          if (ownText) host.end = Math.max(host.end, child.endIndex);
          this.fileRedirect(child, state, ctx, host);
        }
      }
    }
    if (pipeline !== null) {
      const after = redirect.children.filter(
        (child): child is Node =>
          child !== null && isRedirect(child) && child.startIndex > pipeline.startIndex,
      );
      const members = pipeline.children.filter((child): child is Node => child?.isNamed === true);
      let stdout = this.lastStdout;
      let last = same(state);
      members.forEach((member, index) => {
        this.lastStdout = null;
        const extra = index === members.length - 1 ? after : [];
        last = this.statement(
          member,
          state,
          { ...ctx, stdinFed: true, stdinScript: stdout },
          extra,
        );
        stdout = this.lastStdout;
      });
      this.lastStdout = null;
      flow = this.lastpipe(state, last);
    }
    if (right !== null) {
      const operator = redirect.childForFieldName("operator")?.type ?? ";";
      // After `||` the command before may have succeeded and skipped the right side.
      flow = joined(flow ?? same(state), operator, (from) => this.statement(right, from, ctx));
    }
    return flow;
  }

  /**
   * Whether a statement the grammar nested in a heredoc redirect has a word in that heredoc's
   * body: after the newline that ends the heredoc's line, before its delimiter. The bodies of
   * the statement's own heredocs are its own.
   */
  private inBody(node: Node, redirect: Node, start: Node): boolean {
    const lineEnd = this.text.indexOf("\n", start.endIndex);
    if (lineEnd === -1) return false;
    const end = redirect.children.find((child) => child?.type === "heredoc_end");
    const bodyEnd = end?.startIndex ?? redirect.endIndex;
    const stack: Node[] = [node];
    while (stack.length > 0) {
      const current = stack.pop() as Node;
      tick(STEP.expression);
      if (current.endIndex <= lineEnd || current.startIndex >= bodyEnd) continue;
      const type = current.type;
      if (type === "heredoc_body" || type === "heredoc_end" || type === "heredoc_content") continue;
      const children = current.children;
      if (children.length === 0) return current.endIndex > current.startIndex;
      for (const child of children) if (child) stack.push(child);
    }
    return false;
  }

  /** Finds the substitutions in a word, string, expansion or expression and walks them. */
  private expressions(node: Node, state: State, ctx: Ctx): void {
    // Each level scans its own text for markers: the span is paid for, so a deep nesting
    // (a thousand `$(`) reaches the deadline instead of running quadratic work unbudgeted.
    tick(STEP.expression + node.endIndex - node.startIndex);
    if (
      (node.type === "concatenation" || node.type === "word") &&
      node.parent?.type !== "concatenation"
    ) {
      this.rereadBraces(node, state, ctx);
    }
    switch (node.type) {
      case "command_substitution": {
        // INVARIANT: a backtick substitution ends at its first unescaped backtick. The grammar
        // sometimes runs one on over the next (`<\`a\` \`b\``, read as one word), losing
        // the word boundary between them: the command's words are not the ones bash runs.
        if (node.text.startsWith("`") && closingBacktickAt(node.text) < node.text.length - 1) {
          this.diagnostics.push({
            kind: "grammar-error",
            message: "the grammar read adjacent backtick substitutions as one",
            at: node.startIndex,
          });
          ctx = { ...ctx, unparseable: true };
        }
        const inner = {
          ...ctx,
          context: "command_substitution" as const,
          stdinFed: false,
          checked: true as const,
        };
        if (this.escapedBackticks(node, state, inner)) return;
        if (node.text.startsWith("`", leadingBlanks(node))) {
          // tree-sitter-bash misreads some backtick bodies (a `${…}` or a redirect inside, or
          // backticks inside double quotes): the body is cut out with bash's rules and
          // analysed on its own, like any other script text.
          this.textSubstitutions(node, "word", state, ctx);
          return;
        }
        if (this.quotedSubstitution(node, state, inner)) return;
        const redirects = node.children.filter(
          (child): child is Node => child !== null && isRedirect(child),
        );
        // `$(< file)`: bash reads the file itself, no command runs.
        if (redirects.length > 0) this.redirectOnly(node, redirects, state, inner);
        this.sequence(node.children, state, inner);
        return;
      }
      case "process_substitution": {
        // `>(cmd)` reads what the host writes; `<(cmd)` writes what the host reads.
        const first = this.units.length;
        this.sequence(node.children, state, {
          ...ctx,
          context: "process_substitution",
          stdinFed: node.text.startsWith(">("),
          checked: true,
        });
        // bash does not wait for it: what runs after it starts may run before its commands.
        this.runAlongside(first, Infinity, state);
        return;
      }
      case "ERROR":
        this.error(node, state, ctx);
        return;
      case "heredoc_body":
        // The grammar parses some bodies and leaves others as text (`<<-`, backticks): the
        // body is read with bash's own heredoc rules, whatever form it comes in.
        this.textSubstitutions(node, "heredoc", state, ctx);
        return;
      case "arithmetic_expansion": {
        const inner = node.text.replace(/^\$(\(\(|\[)/, "").replace(/(\)\)|\])$/, "");
        this.checkArithmetic(inner, node, state, ctx);
        break;
      }
      case "compound_statement":
        if (node.child(0)?.type === "((")
          this.checkArithmetic(node.text.slice(2, -2), node, state, ctx);
        break;
      case "subscript": {
        const index =
          node.childForFieldName("index")?.text ?? /\[(.*)\]$/s.exec(node.text)?.[1] ?? "";
        if (index !== "@" && index !== "*") this.checkArithmetic(index, node, state, ctx);
        break;
      }
      case "expansion": {
        // `${PATH:=dir}`, `${PATH=dir}` assign when PATH is unset or empty.
        if (/^\$\{(?:PATH|BASH_CMDS|BASH_ALIASES)(?:\[[^\]]*\])?:?=/.test(node.text)) {
          this.lookupRebound ??= node.startIndex;
        }
        const bad = unsafeExpansion(node.text, envOf(state));
        if (bad !== null) this.evaluated(node, `the value of ${bad} is evaluated here`, ctx);
        // `${x:=v}` assigns v: to an integer variable, v is evaluated as arithmetic.
        const defaulted = /^\$\{([A-Za-z_][A-Za-z0-9_]*):?=(.*)\}$/s.exec(node.text);
        if (defaulted) {
          // …and a command-bearing variable (`${GIT_EXTERNAL_DIFF:=cmd}`) carries it.
          const operand = defaulted[2] as string;
          const value = wordFromText(operand, {
            computed: /[`$'"\\]/.test(operand),
            start: node.startIndex,
          });
          for (const injection of injectedByAssignment(defaulted[1] as string, value)) {
            this.inject(injection, null, state, ctx);
          }
        }
        if (
          defaulted &&
          this.mayBeInteger(defaulted[1] as string, state) &&
          !/^[-+]?[0-9]*$/.test(defaulted[2] as string)
        ) {
          this.evaluated(
            node,
            `${defaulted[1]} is an integer variable: its default is evaluated`,
            ctx,
          );
        }
        // tree-sitter-bash reads `$((` in a `${…}` operand as a command substitution holding a
        // subshell (`${x:-$(( '$(rm x)' ))}` gave a command named `$(rm x)`): such an operand is
        // read from its text with bash's rules instead, arithmetic quoting included.
        if (node.text.includes("$((")) {
          this.textSubstitutions(node, insideString(node) ? "dquote" : "word", state, ctx);
          return;
        }
        break;
      }
      default:
        break;
    }
    const text = node.text;
    if (!node.hasError && !EXPRESSION_MARKERS.some((marker) => text.includes(marker))) return;
    if (node.namedChildCount === 0) {
      const mode = leafQuoting(node);
      if (mode !== null) this.textSubstitutions(node, mode, state, ctx);
      return;
    }
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (isStatement(child)) this.statement(child, state, ctx);
      else this.expressions(child, state, ctx);
    }
  }

  /**
   * A word whose brace expansion bash reads again as text (a character range across `Z`..`a`
   * makes a bare `\` or backquote, see `rereadBraceWords`): the substitutions of each such
   * word, as bash scans it, run (`echo {a..Z..5}'$(rm y)'` runs rm). A word that expands into
   * too many to list may run anything: an unparseable unit.
   */
  private rereadBraces(node: Node, state: State, ctx: Ctx): void {
    const text = node.text;
    if (!text.includes("{") || !text.includes("..") || !bracesExpandAt(node)) return;
    const parts = node.children.flatMap((child) =>
      child === null
        ? []
        : [
            {
              type: child.type,
              start: child.startIndex - node.startIndex,
              end: child.endIndex - node.startIndex,
            },
          ],
    );
    const words = rereadBraceWords(text, node.type === "concatenation" ? parts : []);
    if (words === null) {
      if (!CROSSING_RANGE.test(text)) return;
      const unit = this.newUnit(node.startIndex, node.startIndex, node.endIndex, ctx);
      unit.argv = [text];
      unit.sentinel = SENTINELS.unparseable;
      unit.synthetic = true;
      this.units.push(unit);
      this.diagnostics.push({
        kind: "grammar-error",
        message: "a brace expansion bash reads again holds too many words to follow",
        at: node.startIndex,
      });
      return;
    }
    for (const word of words) {
      this.substitutionsIn(word, node.startIndex, "word", state, ctx, closedBackquote);
    }
  }

  /**
   * Whether `name` may have the integer attribute: the string gave it (`declare -i`, `local -i`,
   * `typeset -i`), or gave it somewhere the walk cannot place (a computed `declare` option, a
   * function body, code walked with no variable known) and may have given it to this name.
   */
  /**
   * Whether `NAME+=…` may run code: to an integer variable bash adds the value as arithmetic,
   * evaluating what NAME already holds (`V=$(cat f); declare -i V; V+=1` runs a `a[$(…)]`
   * the file held). A value the string decides is checked; one it does not is unknown, but
   * the environment's is the user's (see `inheritedVariable`).
   */
  private appendEvaluatesOld(name: string, state: State): boolean {
    const base = /^[A-Za-z_][A-Za-z0-9_]*/.exec(name)?.[0];
    if (base === undefined || !this.mayBeInteger(base, state)) return false;
    const env = envOf(state);
    if (inheritedVariable(base, env)) return false;
    const values = valuesOf(base, env);
    return values === null || values.some((value) => !safeIntegerText(value.text, state));
  }

  /** The names of every function the text defines, wherever it does (quotes removed). */
  private definedAnywhere(): ReadonlySet<string> {
    if (this.allFunctions === undefined) {
      const plain = this.plainText().replace(/['"\\]/g, "");
      this.allFunctions = new Set([
        ...namesBeforeEmptyParens(plain),
        ...[...plain.matchAll(/\bfunction[ \t]+([^\s;&|(){}<>]+)/g)].map(
          (match) => match[1] as string,
        ),
      ]);
    }
    return this.allFunctions;
  }

  private allFunctions: ReadonlySet<string> | undefined;

  private mayBeInteger(name: string, state: State): boolean {
    if (BASH_INTEGERS.has(name)) return true;
    if (state.vars.has(`${INTEGER}${name}`) || state.vars.has(`${INTEGER}*`)) return true;
    if (!state.vars.has(ANY_NAME)) return false;
    // With no variable known, only a string that may give the attribute somewhere counts.
    return this.attributeAnywhere(DECLARED_INTEGER);
  }

  /**
   * Whether the text may give some name the attribute an option cluster matching `cluster`
   * gives (`-i`, `-l`/`-u`/`-c`, `-A`): only a declaration builtin gives one (bash passes no
   * attribute through the environment), with such a cluster or a computed word that may be
   * one (quotes and backslashes aside; `local v="$1"` only assigns); a command word only known
   * at run time, or an ANSI-C string, may spell one. Worked out once per pattern.
   */
  private attributeAnywhere(cluster: RegExp): boolean {
    let known = this.attributesAnywhere.get(cluster);
    if (known === undefined) {
      const plain = this.plainText();
      known =
        this.unspelled ||
        this.text.includes("$'") ||
        this.computedCommand() ||
        (/declare|typeset|local/.test(plain) &&
          (mentionedInCommand(plain, DECLARATION_WORD, cluster) || declaresComputedWord(plain)));
      this.attributesAnywhere.set(cluster, known);
    }
    return known;
  }

  private readonly attributesAnywhere = new Map<RegExp, boolean>();

  /** Whether `name` may have a case attribute (`declare -l`, `-u`, `-c`), which changes its values. */
  private mayBeCased(name: string, state: State): boolean {
    if (state.vars.has(`${CASED}${name}`)) return true;
    if (!state.vars.has(ANY_NAME)) return false;
    return this.attributeAnywhere(DECLARED_CASED);
  }

  /**
   * Whether any name may be an associative array (`declare -A`, `local -A`, `typeset -A`, or a
   * declaration the text does not spell out), whose compound assignment pairs keys with values.
   */
  private mayBeAssociative(): boolean {
    return this.attributeAnywhere(DECLARED_ASSOCIATIVE);
  }

  /**
   * Whether `name` may be readonly when it is assigned, so that bash refuses the assignment
   * and the name keeps its old value: bash's own readonly names, or any name once a
   * `readonly`, a declaration builtin with `-r` or a computed word, or code the walk does not
   * read ran ({@link READONLY_MADE}). In a function's body (it may run after any later
   * command), or when an ANSI-C string, a brace expansion or a line continuation may spell one,
   * the text decides: it may spell `readonly` (quotes and backslashes aside) or a declaration
   * builtin with an option cluster holding `r` or a computed word.
   */
  private mayBeReadonly(name: string, state: State): boolean {
    if (BASH_READONLY.has(name) || state.vars.has(READONLY_MADE)) return true;
    if (state.vars.has(READONLY_NAME + name)) return true;
    return this.readonlySpelled() && (this.functionDepth > 0 || this.readonlyUnseen === true);
  }

  /** Whether the text may spell a declaration that makes a name readonly (see mayBeReadonly). */
  private readonlySpelled(): boolean {
    if (this.readonlyAnywhere === undefined) {
      const spells = (plain: string) =>
        plain.includes("readonly") ||
        (/declare|typeset|local/.test(plain) &&
          (mentionedInCommand(plain, DECLARATION_WORD, DECLARED_READONLY) ||
            declaresComputedWord(plain)));
      const plain = this.optionText();
      this.readonlyAnywhere = this.unspelled || spells(plain);
      // Spelled as the walk reads it: the declaration marks the state when it runs.
      this.readonlyUnseen =
        this.unspelled ||
        this.text.includes("$'") ||
        (this.readonlyAnywhere && !spells(unquoted(this.text)));
    }
    return this.readonlyAnywhere;
  }

  private readonlyAnywhere: boolean | undefined;
  private readonlyUnseen: boolean | undefined;

  /**
   * The variables a declaration makes readonly when its words say exactly which: all written
   * out, `readonly` or a declaration builtin whose options are only `-r`, `-a`, `-A`, `-x`,
   * and names with or without a plain `=value` (no subscript). Null otherwise, and wherever
   * the string may make a nameref (`declare -n r=x; readonly r` makes x readonly, traced):
   * then any name may be readonly.
   */
  private readonlyNames(words: readonly Word[]): string[] | null {
    const name = words[0]?.text ?? "";
    if (!["readonly", "declare", "typeset", "local"].includes(name)) return null;
    if (/-[A-Za-z]*n/.test(this.optionText()) || this.unspelled) return null;
    const names: string[] = [];
    for (const word of words.slice(1)) {
      // The grammar hands a bare name back as a variable name, which the walk reads as computed.
      if (!word.literal && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(word.text)) return null;
      if (/^-[rxaA]+$/.test(word.text)) continue;
      const found = /^([A-Za-z_][A-Za-z0-9_]*)(?:=|$)/.exec(word.text);
      if (found === null) return null;
      names.push(found[1] as string);
    }
    return names;
  }

  /**
   * What an assignment evaluates beyond its words: the quoted subscripts of a compound array
   * (`a=(['a[$(id)]']=1)`), the elements of an integer array, and the value of `a[i]=v` for an
   * integer array.
   */
  private evaluatedAssignment(node: Node, state: State, ctx: Ctx): void {
    const value = node.childForFieldName("value");
    const name = node.childForFieldName("name")?.text ?? "";
    const base = /^[A-Za-z_][A-Za-z0-9_]*/.exec(name)?.[0] ?? "";
    const integer = base !== "" && this.mayBeInteger(base, state);
    if (value?.type === "array") {
      for (const pieces of compoundSubscripts(value)) {
        if (this.subscriptMayRun(pieces, state)) {
          this.evaluated(value, "a subscript of a compound array assignment is evaluated", ctx);
          return;
        }
      }
      if (!integer) return;
      for (const element of value.namedChildren) {
        if (!element || element.type === "comment") continue;
        const word = evaluateWord(element);
        const text = word.text.replace(/^\[[^\]]*\]\+?=/, "");
        if (!word.literal || !safeIntegerText(text, state)) {
          this.evaluated(value, `${base} is an integer array: its elements are evaluated`, ctx);
          return;
        }
      }
      return;
    }
    if (integer && name !== base && value !== null && !safeInteger(evaluateWord(value), state)) {
      this.evaluated(node, `${base} is an integer array: what is assigned is evaluated`, ctx);
    }
  }

  /** Whether a compound array subscript, its quotes removed, may run a command. */
  private subscriptMayRun(pieces: readonly Node[], state: State): boolean {
    const raw = pieces.map((piece) => piece.text).join(" ");
    const words = pieces.map((piece) => evaluateWord(piece));
    const inner = (text: string) => {
      const close = Math.max(text.lastIndexOf("]="), text.lastIndexOf("]+="));
      return text.slice(text.indexOf("[") + 1, close === -1 ? undefined : close);
    };
    if (words.every((word) => word.literal)) {
      const subscript = inner(words.map((word) => word.text).join(" "));
      return /[`$]/.test(subscript) || unsafeArithmetic(subscript, envOf(state)) !== null;
    }
    // An expansion in it: the names are checked, and quoted text that turns into `$(`.
    const subscript = inner(raw);
    return (
      (/['"\\]/.test(subscript) && /[`$]/.test(subscript.replace(/\$\{?[A-Za-z_@*#?0-9]/g, ""))) ||
      unsafeArithmetic(subscript, envOf(state)) !== null
    );
  }

  /** `[[ … ]]`: arithmetic comparisons evaluate both sides; `-v` evaluates a subscript. */
  private conditional(node: Node, state: State, ctx: Ctx): void {
    const stack: Node[] = [node];
    while (stack.length > 0) {
      const current = stack.pop() as Node;
      tick(STEP.expression);
      const operator = current.children.find((child) => child?.type === "test_operator")?.text;
      if (
        current.type === "binary_expression" &&
        operator &&
        /^-(eq|ne|lt|le|gt|ge)$/.test(operator)
      ) {
        for (const side of current.namedChildren) {
          if (!side || side.type === "test_operator") continue;
          this.checkArithmetic(side.text, side, state, ctx);
          // The operand is evaluated after quote removal: `'a[$(id)]'` runs id.
          const word = evaluateWord(side);
          const expanded = word.literal
            ? null
            : expandWord(word, envOf(state), { split: false })?.flat();
          const fields = word.literal ? [word.text] : expanded?.map((field) => field.text);
          // A value a glob made is a file name, which may hold `$(…)` in a subscript.
          const globbed = expanded?.some((field) => field.pattern !== null) === true;
          if (globbed || fields?.some((text) => /[`$]/.test(text))) {
            this.evaluated(side, "[[ ]] evaluates an arithmetic operand, subscripts included", ctx);
          }
        }
      }
      if (current.type === "unary_expression" && operator === "-v") {
        const operand = current.namedChildren.find((child) => child?.type !== "test_operator");
        const word = operand ? evaluateWord(operand) : null;
        // The name may come from an expansion: each value it can have is a name evaluated.
        // `[[ ]]` neither splits nor globs its words.
        const expanded =
          word && !word.literal ? expandWord(word, envOf(state), { split: false }) : null;
        const names =
          word === null
            ? []
            : word.literal
              ? [word.text]
              : (expanded?.flat().map((field) => field.text) ?? null);
        // A value a glob made (`for f in a*`) is a file name, which may hold `a[$(…)]`.
        const globbed = expanded?.flat().some((field) => field.pattern !== null) === true;
        if (
          names === null ||
          globbed ||
          names.some((text) => evaluatedSubscript(text, envOf(state)))
        ) {
          this.evaluated(current, "[[ -v ]] evaluates the subscript of the name", ctx);
        }
      }
      for (const child of current.namedChildren) if (child) stack.push(child);
    }
  }

  /** An arithmetic expression: a name in it whose value may hold code floors the call. */
  private checkArithmetic(expression: string, node: Node, state: State, ctx: Ctx): void {
    // `((PATH=0))`, `(( $n = 0 ))` with n=PATH: a bare name then runs ./0/NAME.
    if (expression.includes("=") && ARITHMETIC_LOOKUP_ASSIGNMENT.test(expression)) {
      this.lookupRebound ??= node.startIndex;
    }
    const bad = unsafeArithmetic(expression, envOf(state));
    if (bad !== null) this.evaluated(node, `the value of ${bad} is evaluated as arithmetic`, ctx);
  }

  /**
   * Code in a string that bash evaluates later reaches an evaluating context: a unit of its own
   * carrying `<evaluated-string>`, so the call is never allowed without asking.
   */
  private evaluated(
    node: Node,
    why: string,
    ctx: Ctx,
    payload: string | null = null,
    state?: State,
  ): void {
    const unit = this.evaluatedSpan(node.startIndex, node.endIndex, node.text, why, ctx);
    if (payload !== null && state !== undefined) this.payload(unit, payload, state);
  }

  /** A unit for a string bash evaluates, written at `[start, end)`. */
  private evaluatedSpan(
    start: number,
    end: number,
    text: string,
    why: string,
    ctx: Ctx,
  ): PendingUnit {
    const unit = this.newUnit(start, start, end, ctx);
    unit.argv = [text];
    unit.wrappers = [{ name: why, kind: "opaque", argv: [text] }];
    unit.sentinel = strongerSentinel(SENTINELS.evaluatedString, unit.sentinel);
    unit.synthetic = true;
    this.units.push(unit);
    return unit;
  }

  /**
   * Builtins that evaluate a string later or bind a name to code: `let`, `declare -i`,
   * `mapfile -C`, `compgen -C/-F/-W`, `complete -C/-W`, `alias`, `hash -p`, `enable -f`, and any
   * name-taking builtin handed a name with a subscript (`read 'a[$(id)]'`).
   */
  private evaluatingBuiltin(node: Node, words: readonly Word[], state: State, ctx: Ctx): void {
    const name = toolName(words[0]?.text ?? "");
    if (name === null || !EVALUATING_BUILTINS.has(name)) return;
    const env = envOf(state);
    const rest = words.slice(1);
    const flag = (letter: string) =>
      rest.some((w) => new RegExp(`^-[A-Za-z]*${letter}`).test(w.text));
    const optionWord = (letter: string): Word | undefined => {
      const index = rest.findIndex((w) => new RegExp(`^-[A-Za-z]*${letter}$`).test(w.text));
      if (index !== -1) return rest[index + 1];
      const attached = rest.find((w) => new RegExp(`^-[A-Za-z]*${letter}.`).test(w.text));
      return attached
        ? { ...attached, text: attached.text.replace(new RegExp(`^-[A-Za-z]*?${letter}`), "") }
        : undefined;
    };
    if (name === "let") {
      for (const word of rest) {
        if (!word.literal || unsafeArithmetic(word.text, env) !== null || /[`$[]/.test(word.text)) {
          this.evaluated(node, "let evaluates its arguments as arithmetic", ctx);
          return;
        }
      }
    }
    if ((name === "declare" || name === "typeset" || name === "local") && flag("i")) {
      for (const word of rest) {
        const value = /^[A-Za-z_][A-Za-z0-9_]*\+?=(.*)$/s.exec(word.text)?.[1];
        if (
          value !== undefined &&
          (!word.literal || unsafeArithmetic(value, env) !== null || /[`$[]/.test(value))
        ) {
          this.evaluated(node, "an integer variable evaluates what is assigned to it", ctx);
          return;
        }
      }
    }
    // A word only known at run time may be `-C` or `-W` itself (`a=(-C); compgen "${a[0]}" CMD`).
    if (
      /^(?:compgen|complete|mapfile|readarray)$/.test(name) &&
      rest.some((word) => mayBeOption(word))
    ) {
      this.evaluated(node, `${name} may be given an option that runs code`, ctx, null, state);
      return;
    }
    if ((name === "mapfile" || name === "readarray") && flag("C")) {
      const callback = optionWord("C");
      this.evaluated(
        node,
        `${name} -C runs its callback`,
        ctx,
        callback?.literal ? callback.text : null,
        state,
      );
      return;
    }
    if ((name === "compgen" || name === "complete") && (flag("C") || flag("F"))) {
      const command = optionWord("C");
      this.evaluated(
        node,
        `${name} runs a command or function`,
        ctx,
        command?.literal ? command.text : null,
        state,
      );
      return;
    }
    // `compgen -W LIST` (and `complete -W`, when completion runs) expands its word list
    // again, substitutions included (round8 H13): judged as those words written in a command.
    if ((name === "compgen" || name === "complete") && flag("W")) {
      const list = optionWord("W");
      if (list === undefined || !list.literal || /[`$]/.test(list.text)) {
        this.evaluated(
          node,
          `${name} -W expands its word list again`,
          ctx,
          list?.literal ? `: ${list.text}` : null,
          state,
        );
        return;
      }
    }
    // A word only known at run time may be `NAME=VALUE` itself (`a=('ls=git push'); alias
    // "${a[0]}"`): the alias it defines runs what nobody sees.
    if (name === "alias" && rest.some((w) => !w.text.includes("=") && unknownValue(w))) {
      this.evaluated(node, "an alias may run in place of a later command", ctx);
      return;
    }
    if (name === "alias" && rest.some((w) => w.text.includes("="))) {
      for (const word of rest) {
        const eq = word.text.indexOf("=");
        if (eq === -1) continue;
        const value = word.text.slice(eq + 1);
        this.evaluated(
          node,
          "an alias may run in place of a later command",
          ctx,
          word.literal ? value : null,
          state,
        );
      }
      return;
    }
    // A word only known at run time may be the option itself (`a=(-p); hash "${a[0]}" …`).
    const maybe = (letter: string) => flag(letter) || rest.some((word) => mayBeOption(word));
    if ((name === "hash" && maybe("p")) || (name === "enable" && maybe("f"))) {
      this.evaluated(node, `${name} binds a command name to other code`, ctx);
      return;
    }
    if (name === "test" || name === "[") {
      // `test -v NAME` evaluates NAME's subscript; a name the string does not decide may
      // carry any. A computed word may itself be `-v` (or split into `-v NAME`).
      for (let i = 0; i < rest.length; i++) {
        const word = rest[i] as Word;
        const before = rest[i - 1];
        const named = before !== undefined && (/^-[vR]$/.test(before.text) || !before.literal);
        // `"$@"` and `"${a[@]}"` become several words however they are quoted, and their
        // values are not followed word by word: `set -- -v 'a[$(id)]'; test "$@"` runs id.
        if (
          (named && (!word.literal || evaluatedSubscript(word.text, env))) ||
          (!word.literal && word.splittable && splitsIntoUnknown(word.text, env)) ||
          (!word.literal && word.splittable && knownSubscriptCode(word.text, env)) ||
          (!word.literal && !word.splittable && mayBeSeveral(word))
        ) {
          this.evaluated(node, `${name} -v evaluates the subscript of the name it is given`, ctx);
          return;
        }
      }
      return;
    }
    if (NAME_TAKING.has(name) && rest.some((w) => evaluatedSubscript(w.text, env))) {
      this.evaluated(node, `${name} evaluates the subscript of a name it is given`, ctx);
      return;
    }
    // A name the string does not decide (`unset "$1"`, `read "$x"` after `read x`) may carry
    // any subscript; one from the environment is the user's own.
    if (NAME_TAKING.has(name) && rest.some((w) => !w.literal)) {
      const names = nameOperands(name, rest) ?? rest.filter((w) => !w.text.startsWith("-"));
      for (const word of names) {
        if (word.literal) continue;
        const eq = word.text.indexOf("=");
        if (splitsIntoUnknown(eq === -1 ? word.text : word.text.slice(0, eq), env)) {
          this.evaluated(node, `${name} evaluates the subscript of a name it is given`, ctx);
          return;
        }
      }
    }
  }

  /**
   * Substitutions in text the grammar handed back unparsed: each body is analysed as the
   * command substitution (or process substitution) bash runs.
   */
  private textSubstitutions(node: Node, mode: QuotingMode, state: State, ctx: Ctx): void {
    this.substitutionsIn(node.text, node.startIndex, mode, state, ctx);
  }

  /** The substitutions of `text`, which starts at `base` in the parsed text. */
  private substitutionsIn(
    text: string,
    base: number,
    mode: QuotingMode,
    state: State,
    ctx: Ctx,
    runs: (found: FoundSubstitution, text: string) => boolean = () => true,
  ): void {
    const node = { startIndex: base };
    text = this.unblanked(text, base);
    for (const found of findSubstitutions(text, mode)) {
      if (!runs(found, text)) continue;
      if (found.kind === "arithmetic" || found.kind === "expansion") {
        // A variable's value evaluated there (`$((x))`, `${z:x}`, `${!x}` in a heredoc body).
        const bad =
          found.kind === "arithmetic"
            ? unsafeArithmetic(found.body, envOf(state))
            : (unsafeExpansion(found.body, envOf(state)) ??
              unsafeExpansionSubscript(found.body, envOf(state)));
        if (bad !== null) {
          const at = base + found.start;
          this.evaluatedSpan(
            at,
            base + found.end,
            found.body,
            `the value of ${bad} is evaluated here`,
            ctx,
          );
        }
        continue;
      }
      const at = node.startIndex + found.start;
      const context = found.kind === "process" ? "process_substitution" : "command_substitution";
      // A substitution whose code is not read still runs something: an unparseable unit.
      const unread = (kind: "grammar-error" | "nesting-limit", message: string) => {
        const unit = this.newUnit(at, at, node.startIndex + found.end, ctx);
        unit.context = context;
        unit.argv = [found.body];
        unit.sentinel = SENTINELS.unparseable;
        unit.synthetic = true;
        this.units.push(unit);
        this.diagnostics.push({ kind, message, at });
      };
      if (found.doubt) {
        // INVARIANT: where bash closes it is not certain (`$((echo a) #)` read again as
        // `$( (` with a comment): what runs there is not known, so it cannot be allowed.
        unread("grammar-error", "where bash closes this substitution is not certain");
        continue;
      }
      const result = this.nested(found.body, state);
      const first = this.units.length;
      if (result === null) {
        // Too deep to look into.
        unread("nesting-limit", "a substitution nested too deep was not analysed");
        continue;
      }
      this.adoptNested(
        result,
        at,
        node.startIndex + found.end,
        context,
        ctx,
        "inside a substitution",
      );
      this.blankedCoprocs({ startIndex: at, endIndex: node.startIndex + found.end }, first, state);
    }
  }

  /** Lists the units of a nested analysis as units of this walk, at `start`. */
  private adoptNested(
    result: { units: PendingUnit[]; diagnostics: Diagnostic[] },
    start: number,
    end: number,
    context: BashCommandContext,
    ctx: Ctx,
    where: string,
  ): void {
    this.attach(result, {
      at: { pos: start, start, end },
      context,
      sentinel: ctx.unparseable ? SENTINELS.unparseable : null,
      synthetic: true,
      where,
    });
  }

  /**
   * A `$(…)` inside double quotes or a `${…}` operand is analysed from its text, as a script of
   * its own. The checks that read the whole string (the token cross-check, the heredoc scan of
   * each line) never look inside a quoted word, so a command the grammar broke there
   * (`"$(sed 2>&- s/x/y/ f)"`, a heredoc whose `MSG ` line is not its delimiter) would go
   * unnoticed; analysed as text it meets them like any command line. Whatever the grammar
   * invented or could not read inside is then judged by that analysis, not a second time here.
   */
  private quotedSubstitution(node: Node, state: State, ctx: Ctx): boolean {
    if (!insideQuotedWord(node)) return false;
    // `"$(< file)"` runs no command: it is walked as the redirect it is.
    if (node.namedChildren.every((child) => child?.type === "file_redirect")) return false;
    const text = this.unblanked(node.text, node.startIndex);
    const lead = leadingBlanks(node);
    const body = text.slice(lead + 2, text.endsWith(")") ? -1 : undefined);
    const result = this.nested(body, state);
    if (result === null) return false;
    const first = this.units.length;
    const stack: Node[] = [node];
    while (stack.length > 0) {
      const current = stack.pop() as Node;
      if (current.isMissing) this.forgivenMissing.add(current.startIndex);
      if (current.type === "ERROR") this.reportedErrors.add(current.startIndex);
      for (const child of current.children) if (child) stack.push(child);
    }
    // The units keep their places and keys: the token cross-check of this text reads a
    // substitution inside double quotes too, and must find them where they stand.
    this.attach(result, {
      at: { shift: node.startIndex + lead + 2, within: [node.startIndex, node.endIndex] },
      context: "command_substitution",
      sentinel: ctx.unparseable ? SENTINELS.unparseable : null,
      synthetic: false,
      where: "inside a quoted substitution",
    });
    this.blankedCoprocs(node, first, state);
    return true;
  }

  /**
   * `text`, standing at `start` in the walked text, as written: with the `coproc`, `time` and
   * `!` keywords blanked out for the grammar (see analyze.ts) put back, so that a body read
   * again as a script of its own (`"$(c=rm; coproc w { c=echo; }; $c x)"`) keeps them.
   */
  private unblanked(text: string, start: number): string {
    if (this.spelledText === this.text || !this.text.startsWith(text, start)) return text;
    return this.spelledText.slice(start, start + text.length);
  }

  /**
   * A body read again from the walked text has lost its `coproc` keywords (blanked for the
   * grammar, see analyze.ts): what it runs is judged as if it ran beside everything else
   * (a coprocess is not waited for), so a write after it still counts before it.
   */
  private blankedCoprocs(
    node: { startIndex: number; endIndex: number },
    first: number,
    state: State,
  ): void {
    for (const start of this.coprocStarts) {
      if (start > node.startIndex && start < node.endIndex) {
        this.runAlongside(first, Infinity, state);
        return;
      }
    }
  }

  /**
   * Inside backticks bash removes the backslash of `\\``, `\\$` and `\\\\` before parsing, so
   * ``echo `echo \`rm x\``` runs `rm x`; tree-sitter-bash reads the escaped backticks as text.
   * Right in double quotes it removes the one of `\\"` too (`` "`cat \".env\"`" `` reads
   * .env): see `backquoteReadings`. Such a body is parsed again after that removal (each
   * reading, when where it stands leaves two) and its units listed from there.
   */
  private escapedBackticks(node: Node, state: State, ctx: Ctx): boolean {
    const text = this.unblanked(node.text, node.startIndex);
    const lead = leadingBlanks(node);
    const quoted = backquoteQuoting(node);
    const escaped = quoted === false ? /\\[`$\\]/ : /\\[`$\\"]/;
    if (!text.startsWith("`", lead) || !escaped.test(text)) return false;
    const raw = text.slice(lead + 1, text.endsWith("`") ? -1 : undefined);
    const results = [];
    for (const body of backquoteReadings(raw, quoted)) {
      const result = this.nested(body, state);
      if (result === null) return false;
      results.push(result);
    }
    const first = this.units.length;
    for (const result of results) {
      this.attach(result, {
        at: { pos: node.startIndex, start: node.startIndex, end: node.endIndex },
        context: ctx.context,
        sentinel: ctx.unparseable ? SENTINELS.unparseable : null,
        synthetic: true,
        where: "inside backticks",
      });
    }
    this.blankedCoprocs(node, first, state);
    return true;
  }

  // ---- helpers ---------------------------------------------------------------------------

  /**
   * The folders bash lists for the glob words of a program that only prints or compares them
   * (see {@link namesOnlyGlobs}), as the globs of the names it may find; a word whose folder
   * is not known here (`cd "$D"; echo *`, `~` in a function) is left to the gates, which judge
   * it as a glob word no path names.
   */
  private namesOnlyListings(executed: readonly Word[] | null, state: State): PendingPath[] {
    const out: PendingPath[] = [];
    for (const use of namesOnlyGlobs(executed)) {
      const found = this.resolve([use], state);
      if (found.every((path) => path.glob !== null)) out.push(...found.map(listedOnly));
    }
    return out;
  }

  /**
   * The globs in the elements of an array assignment (`x=(~/.ssh/*)`, `declare -a x=(…)`):
   * bash expands them when it assigns, listing the folders they name, so each is a path read
   * as the files it can match, whether or not the array is used (round 10 J2).
   */
  private arrayGlobs(assignment: Node, state: State, statement: Node | null): PendingPath[] {
    const value = assignment.childForFieldName("value");
    if (value === null || value.type !== "array" || !/[*?[$`]/.test(value.text)) return [];
    const uses: PathUse[] = [];
    const elements: Word[] = [];
    for (const element of value.namedChildren) {
      if (element === null) continue;
      const word = evaluateWord(element);
      elements.push(word);
      if (word.glob) uses.push({ word, access: "read" });
    }
    for (const word of valueGlobs(elements, state)) uses.push({ word, access: "read" });
    // An array keeps the names (`a=(.e*)` lists /repo and opens nothing), as a `for` list.
    const found = uses.length === 0 ? [] : this.resolve(uses, state).map(listedOnly);
    found.push(...unseenGlobs(elements, found, state, this.defaultsOnly));
    if (found.length > 0 && statement !== null) this.unhostedAt ??= statement;
    return found;
  }

  /**
   * Gives the paths of statements that ran no command a unit: the last one of the string, or
   * one of their own when the string runs nothing else: a unit with no words, as for a
   * redirect alone (`a=(src/*)` runs no command, as `x=1` runs none; its paths are judged).
   */
  private hostUnhosted(ctx: Ctx): void {
    if (this.unhosted.length === 0) return;
    let host = this.units[this.units.length - 1];
    if (host === undefined) {
      const at = this.unhostedAt;
      host = this.newUnit(at?.startIndex ?? 0, at?.startIndex ?? 0, at?.endIndex ?? 0, ctx);
      host.argv = [];
      host.executed = host.argv;
      host.synthetic = true;
      this.units.push(host);
    }
    host.paths.push(...this.unhosted.splice(0));
  }

  /**
   * Whether the directory stack holds only the working directory here: the string never runs
   * `pushd`, `popd` or names `DIRSTACK`, and no code the walk cannot read ran before.
   */
  private emptyStack(state: State): boolean {
    // Asked for every command; only the first part depends on where the walk is.
    this.stackNamed ??= /pushd|popd|DIRSTACK/.test(this.plainText());
    return !state.vars.has(ANY_NAME) && !this.stackNamed && !this.computedCommand();
  }

  private stackNamed: boolean | undefined;

  /**
   * Whether the string may turn xtrace on (`set -x`, `set -o xtrace`, a computed `set` word)
   * or point its trace somewhere (BASH_XTRACEFD): trace lines then reach a command's stdout.
   */
  private mayTrace(): boolean {
    this.traced ??=
      /BASH_XTRACEFD|xtrace|SHELLOPTS/.test(this.plainText()) ||
      mentionedInCommand(this.plainText(), TRACE_SET_WORD, TRACE_FLAG);
    return this.traced;
  }

  private traced: boolean | undefined;

  /**
   * Whether the working directory may differ from the one the command started in: a `cd`
   * ran, whether or not its operand spelled where it went (`cd` alone, `cd -`, `CDPATH`). A
   * folder left unknown by code the walk cannot read (`source x`) is not counted: that code
   * may do anything, and a program after it is judged as the command before it would be.
   */
  private moved(state: State): boolean {
    const cwds = state.cwds;
    if (cwds === null) return state.vars.has(LEFT_BY_CD);
    return this.origin !== null && (cwds.length !== 1 || cwds[0] !== this.origin);
  }

  /**
   * Records what `unit` may rename (S34 moved-cwd). A program given several files renames
   * them one by one, each read from where the shell then stands: once one may be the working
   * folder or a parent of it, the others and the destination may be any file.
   */
  private noteFolderMoves(
    unit: PendingUnit,
    moving: readonly PathUse[],
    state: State,
    folders: readonly Word[] | undefined,
  ): void {
    const here = folders === undefined ? state : inFolders(folders, state);
    const moved = this.resolve([...moving], here);
    unit.moves = moved;
    this.folderMoves.push({ unit, moved });
    // A pattern or a computed name may be several files (find's `-exec mv {}` runs once for
    // each); a folder's `/**` beside its name is the same file.
    const sources = moved.filter((path) => path.path !== null || !path.glob?.endsWith("/**"));
    const several =
      new Set(sources.map((path) => path.path)).size > 1 ||
      sources.some((path) => path.path === null);
    if (several && here.cwds !== null && mayCarryAny(moved, here.cwds)) markMovedCwd(unit);
  }

  /**
   * The state with its working directory unknown where a unit walked before may have renamed
   * it or a folder above it (S34 moved-cwd, r34a: `cd a/b && mv ../b ../../c && cat
   * ../../home/user/notes.txt` read the home folder's file), as after `cd "$X"`.
   */
  private movedAway(state: State): State {
    if (this.folderMoves.length === 0 || state.cwds === null) return state;
    const cwds = state.cwds;
    return this.folderMoves.some(({ moved }) => mayCarryAny(moved, cwds))
      ? unknownCwd(state)
      : state;
  }

  /**
   * Units that may run after a rename walked later (a pipeline member beside it, a job left in
   * the background, a loop's next round, a function called after it) read their relative
   * paths from a folder that may have moved (S34 moved-cwd): marked (see `markMovedCwd`).
   */
  private movedBeforeRunning(): void {
    if (this.folderMoves.length === 0) return;
    const index = new Map(this.units.map((unit, at) => [unit, at]));
    for (const [unit, until, entry] of this.again) {
      const cwds = (this.unitStates.get(unit) ?? entry).cwds;
      if (cwds === null) continue;
      const earlier = this.folderMoves.some(({ unit: mover, moved }) => {
        const at = index.get(mover);
        return mover !== unit && at !== undefined && at < until && mayCarryAny(moved, cwds);
      });
      if (earlier) markMovedCwd(unit);
    }
  }

  private newUnit(pos: number, start: number, end: number, ctx: Ctx): PendingUnit {
    return {
      pos,
      seq: this.seq++,
      start,
      end,
      argv: [],
      context: ctx.context,
      wrappers: [],
      executed: null,
      sentinel: ctx.unparseable ? SENTINELS.unparseable : null,
      paths: [],
      key: null,
      synthetic: false,
    };
  }

  private resolve(
    uses: (PathUse & { via?: "redirect" | "operand" })[],
    state: State,
  ): PendingPath[] {
    // Most of a command's questions name no path: no glob options to work out.
    if (uses.length === 0) return [];
    // Without `globstar` bash reads a written `**` as `*` (resolveUses); with it, and without
    // `dotglob`, a written `**` enters no dot folder, as `*` matches no dot file.
    const options = this.globOptions(state);
    const resolved = resolveUses(uses, state, !options.star, !options.dot);
    if (!resolved.some((path) => path.glob !== null)) return resolved;
    return withGlobOptions(resolved, this.globOptions(state));
  }

  /**
   * Whether bash may match globs with `dotglob` or `nocaseglob` on here. Either is set by
   * `shopt`, and `dotglob` by giving GLOBIGNORE a value (bash then matches dot files, `.` and
   * `..` aside), in whatever spelling (`declare GLOB""IGNORE=x`, `read GLOBIGNORE`): any
   * mention of them in the string counts, as does a name computed at run time, code the walk
   * cannot follow, and an ANSI-C string that may spell either.
   */
  private globOptions(state: State): GlobOptions {
    if (this.globMentions === undefined) {
      const plain = this.plainText();
      this.globMentions = {
        dot: this.mayToggle("dotglob") || plain.includes("GLOBIGNORE"),
        nocase: this.mayToggle("nocaseglob"),
        dots: this.mayToggle("globskipdots"),
        // The host may turn it on for a nested script (`bash -O globstar -c …`, BASHOPTS in the
        // environment, a `shopt` before `eval`).
        star: this.mayToggle("globstar") || /BASHOPTS|-[A-Za-z]*O/.test(this.optionText()),
      };
    }
    const unknown = state.vars.has(ANY_NAME) || state.vars.has(LOOKUP_REBOUND);
    return {
      dot: this.globMentions.dot || unknown,
      nocase: this.globMentions.nocase || unknown,
      dots: this.globMentions.dots || unknown,
      star: this.globMentions.star || unknown,
    };
  }

  private globMentions: GlobOptions | undefined;

  /**
   * The text with its ANSI-C strings decoded and its quotes and backslashes removed, for the
   * cheap tests of whether the string names a shell option or variable at all: an ANSI-C
   * string may spell one (`$'\x64otglob'`), and so may quotes (`sh""opt`).
   */
  /**
   * Whether no command of the string can undefine a function: none is spelled `unset` (in
   * any quoting), none is computed, and no code the walk cannot see runs (`eval`, `source`,
   * `.`, `enable`, a trap).
   */
  private keepsFunctions(): boolean {
    this.functionsKept ??=
      !/unset|eval|trap/.test(this.plainText()) &&
      !runsUnseenCode(this.plainText()) &&
      !this.unspelled &&
      !this.computedCommand();
    return this.functionsKept;
  }

  private functionsKept: boolean | undefined;

  private plainText(): string {
    if (this.plain === undefined) {
      const plain = unquoted(this.text);
      // Brace expansion spells a name no quote-free text shows (`last{pipe,}`), and so does a
      // line continuation (`last\⏎pipe`): the text as bash will have spelled it is read too.
      const spelled = /[{\n]/.test(plain)
        ? spellBraces(unquoted(this.text.replace(/\\\n/g, "")))
        : plain;
      if (spelled === null) this.unspelled = true;
      this.plain = spelled === null || spelled === plain ? plain : `${plain}\n${spelled}`;
    }
    return this.plain;
  }

  private plain: string | undefined;
  /** A brace expansion too large to write out: the string may spell any name. */
  private unspelled = false;

  /**
   * The text an option test reads: the string's own ({@link Walker.plainText}) and, for a
   * nested script, its host's, which may turn the option on for it (`bash -O lastpipe -c …`,
   * `env SHELLOPTS=keyword bash -c …`).
   */
  private optionText(): string {
    if (this.options === undefined) {
      const host = this.host === this.text ? null : spellBraces(unquoted(this.host));
      if (this.host !== this.text && host === null) this.unspelled = true;
      this.options = host === null ? this.plainText() : `${this.plainText()}\n${host}`;
    }
    return this.options;
  }

  private options: string | undefined;

  /**
   * Whether the string may turn the shell option `name` on or off anywhere, in whatever
   * spelling: the name written out (quotes, ANSI-C strings and brace expansion aside, so
   * `shopt -s last{pipe,}` counts), an operand of `shopt` (which sets `set` options too, with
   * `-o`) only known at run time or a pattern a file name may complete (`shopt -s $o`,
   * `shopt -s lastp?pe`), a command word only known at run time, or the host of a nested
   * script setting it for it. `flag` is the option's `set` letter, for an option `set` sets:
   * then a `set` with that letter (`set -euk`) or with a computed operand counts too.
   */
  /**
   * Whether `POSIXLY_CORRECT` may be in a program's environment, which makes GNU getopt stop
   * at the first operand: its own assignments or a wrapper's (`env POSIXLY_CORRECT=1`), a
   * variable the string set or may have set before it (taken as exported: `set -a`, `export`
   * and `declare -x` may export it later), or posix mode, which sets it to `y` for an `export
   * POSIXLY_CORRECT` to pass on. One the caller's environment holds is outside the analysis
   * (see the README's environment assumptions).
   */
  private mayBePosix(environment: readonly Assignment[], state: State): boolean {
    if (state.vars.has("POSIXLY_CORRECT") || state.vars.has(ANY_NAME)) return true;
    for (const assignment of environment) if (assignment.name === "POSIXLY_CORRECT") return true;
    return this.mayToggle("posix");
  }

  private mayToggle(name: string, flag?: string): boolean {
    // Asked for every command of the string, about the same whole text: kept per walk, as
    // scanning it anew made a string of many commands cost the square of its length in work
    // the deadline's steps did not see.
    const key = flag === undefined ? name : `${name} -${flag}`;
    let toggles = this.toggles.get(key);
    if (toggles === undefined) {
      toggles = this.scanToggle(name, flag);
      this.toggles.set(key, toggles);
    }
    return toggles;
  }

  private readonly toggles = new Map<string, boolean>();

  private scanToggle(name: string, flag?: string): boolean {
    const text = this.optionText();
    if (text.includes(name) || this.computedCommand()) return true;
    if (mentionedInCommand(text, SHOPT_WORD, OPERAND_IN)) return true;
    if (this.host !== this.text && (assignsHostOptions(text) || HOST_OPTIONS.test(text))) {
      return true;
    }
    if (flag === undefined) return false;
    // `x.set(…)` in a heredoc's code is no `set`: a word that goes on before it is another.
    // A redirect's `&` or `|` (`set >/dev/null 0<&- -k`, `&>f`, `>|f`) does not end it.
    return mentionedInCommand(text.replace(/&>|[<>]&|>\|/g, "> "), SET_WORD, setFlag(flag));
  }

  /**
   * The names the string may export ({@link exportMentions}), null for any name: `set -a` (or
   * `allexport`) anywhere, or a command word only known at run time, which may be `export`.
   */
  private exportedNames(): ReadonlySet<string> | null {
    if (this.exports === undefined) {
      this.exports =
        this.mayToggle("allexport", "a") || this.computedCommand()
          ? null
          : exportMentions(this.optionText());
    }
    return this.exports;
  }

  private exports: ReadonlySet<string> | null | undefined;

  /**
   * Whether some command word of the string is only known at run time (`$c`, `${x}d`,
   * `` `echo cd` ``): it may be any builtin, so the checks that look for a builtin's name in
   * the text ({@link Walker.mayRefuse}, `lastpipe`, a `cd`) count it as that builtin.
   */
  private computedCommand(): boolean {
    if (this.computedName === undefined) {
      if (this.text.includes("{")) this.plainText();
      this.computedName = this.unspelled;
      // A name only known at run time holds one of these (node texts are the text's own
      // characters, or blanks): most strings hold none, and skip the walk of the tree.
      const stack: Node[] = this.root === null || !/[$`*?[]/.test(this.text) ? [] : [this.root];
      while (stack.length > 0 && !this.computedName) {
        const current = stack.pop() as Node;
        if (current.type === "command") {
          const name = current.childForFieldName("name");
          // A pattern may match a file named after any builtin (`rea?only`).
          if (name !== null && (/[$`]/.test(name.text) || hasUnquotedGlob(name.text))) {
            this.computedName = true;
          }
        }
        for (const child of current.namedChildren) if (child) stack.push(child);
      }
    }
    return this.computedName;
  }

  private computedName: boolean | undefined;

  /** Whether `text` (part of the string) may change the working directory, however spelled. */
  /**
   * Whether nothing in the string can change the working directory of this shell: no `cd`,
   * `pushd` or `popd` however spelled, no command word only known at run time, and nothing
   * that runs code the string does not show in this shell (`source`, `.`, `eval`, `trap`,
   * `enable`, `fc`, callbacks of `mapfile`, `compgen`, `complete`). A function's body then
   * keeps the directory, wherever and however often it is called.
   */
  private cwdStays(): boolean {
    this.stays ??=
      !this.movesDirectoryAnywhere() &&
      !/(?:^|[^\w.-])(?:source|eval|trap|enable|fc|mapfile|readarray|compgen|complete)(?![\w-])|(?:^|[\s;&|(){}`])\.(?:\s|$)/.test(
        this.plainText(),
      ) &&
      !/\\\n/.test(this.text);
    return this.stays;
  }

  private stays: boolean | undefined;

  /**
   * A plain `cd DIR` (or `pushd DIR`) at the very end of the string, or followed only by more
   * of them, changes the directory of a shell that then exits: nothing opens a file or runs
   * there, so the folder it enters is no path of the call (`cd packages/core && npm test;
   * cd ../..` reaches `/` only when the first cd failed, and then does nothing there). Not
   * when a trap (an EXIT trap runs after it), an alias, `enable` or a function named `cd` can
   * make it more than the builtin, or with a redirect, a substitution or `&`.
   */
  private trailingCd(root: Node): void {
    if (this.host !== this.text || this.computedCommand()) return;
    if (/trap|alias|enable/.test(this.plainText())) return;
    if (this.functions.has("cd") || this.functions.has("pushd")) return;
    this.trailingCdOf(root);
    // A subshell `( … )` exits after its last statement as the shell does: a plain cd there
    // changes the directory of nothing that runs after it (`(cd /tmp) && git status`).
    if (!this.text.includes("(")) return;
    const stack: Node[] = [root];
    while (stack.length > 0) {
      const node = stack.pop() as Node;
      tick(STEP.expression);
      if (node.type === "subshell") this.trailingCdOf(node);
      for (const child of node.children) if (child) stack.push(child);
    }
  }

  /** The trailing plain cds among the statements of `root` (see {@link trailingCd}). */
  private trailingCdOf(root: Node): void {
    const statements = root.children.filter((child): child is Node => child !== null);
    for (let i = statements.length - 1; i >= 0; i--) {
      const statement = statements[i] as Node;
      if (statement.type === "&") return;
      if (!statement.isNamed || statement.type === "comment") continue;
      // The grammar puts the redirects of a list's last command (`a && cd - >/dev/null`) on
      // the whole list.
      const body = statement.childForFieldName("body");
      const redirected = statement.type === "redirected_statement" && body?.type === "list";
      const tail = redirected ? this.text.slice(body.endIndex, statement.endIndex) : "";
      const last = lastOfList(redirected ? body : statement);
      const command = last.type === "redirected_statement" ? last.childForFieldName("body") : last;
      if (command?.type !== "command" || !TRAILING_CD.test(last.text + tail)) return;
      const end = redirected ? statement.endIndex : last.endIndex;
      for (const unit of this.units) {
        if (unit.start < last.startIndex || unit.end > end || unit.synthetic) continue;
        const name = unit.executed?.[0];
        if (name !== "cd" && name !== "pushd" && name !== "popd") return;
        // A `cd -` to an OLDPWD only known at run time keeps its computed word (pg13-23).
        unit.paths = unit.paths.filter((path) => path.via !== "operand");
      }
      // The last command of a trailing `&&`/`||` list (`cd src && git status && cd -`) is
      // the last the shell runs when it runs at all: the statements before it are not trailing.
      if (last !== statement) return;
    }
  }

  /**
   * Whether a failing simple command here surely ends the shell: `set -e` is on (see
   * errexitAfter) and nothing around the command makes bash ignore it. Only the string's
   * own shell counts: a script walked for `bash -c` or `eval` inherits no such certainty, nor
   * does a string where a command word is only known at run time or `shopt -o` may turn it
   * off.
   */
  private stopsOnFailure(state: State, ctx: Ctx): boolean {
    return (
      state.vars.has(ERREXIT) &&
      ctx.checked !== true &&
      // A body may be called where bash ignores `set -e` (`f || :`, `if f`), which its walk
      // where it is defined does not see (R32 errexit-body-checked).
      this.functionDepth === 0 &&
      ctx.context !== "command_substitution" &&
      ctx.context !== "process_substitution" &&
      this.host === this.text &&
      !this.computedCommand() &&
      !/shopt/.test(this.plainText())
    );
  }

  /**
   * {@link movesDirectory} of the whole string, read once: each function definition asks it,
   * and spelling the braces of the whole text for each made a chain of definitions quadratic.
   */
  private movesDirectoryAnywhere(): boolean {
    this.movesAnywhere ??= this.movesDirectory(this.text);
    return this.movesAnywhere;
  }

  private movesAnywhere: boolean | undefined;

  /**
   * The units before this point, the enclosing scripts' included ({@link visibleUnits}), the
   * copy counted as work: a nested script (an alias payload, a quoted `"$(…)"`) looks at every
   * unit before it, so a chain of nested aliases did quadratic work the steps did not see.
   */
  private visibleUnits(): readonly PendingUnit[] {
    const units = visibleUnits(this.units);
    // A top-level walk sees its own units, not a copy.
    if (units !== this.units) tick(STEP.char * units.length);
    return units;
  }

  private movesDirectory(text: string): boolean {
    if (MOVES_DIRECTORY.test(text)) return true;
    if (!/['"\\{]/.test(text)) return this.computedCommand();
    // `c{d..d} /etc` is `cd /etc`.
    const spelled = spellBraces(unquoted(text));
    return spelled === null || MOVES_DIRECTORY.test(spelled) || this.computedCommand();
  }

  /**
   * Whether each word of `text` (a loop, subshells aside) that may change the directory is a
   * plain `cd` to an absolute folder written out, with no `..`: nothing quoted, escaped or
   * braced that could spell another, and no command word only known at run time.
   */
  private absoluteCdsOnly(text: string): boolean {
    if (/['"\\{]/.test(text) || this.computedCommand()) return false;
    const moves = text.match(new RegExp(MOVES_DIRECTORY.source, "g"))?.length ?? 0;
    let plain = 0;
    for (const match of text.matchAll(PLAIN_ABSOLUTE_CD)) {
      if (!/(^|\/)\.\.(\/|$)/.test(match[1] as string)) plain++;
    }
    return moves > 0 && plain === moves;
  }

  /** The root the walk started at. */
  private root: Node | null = null;

  /**
   * The history file a command reads or writes (round8 H6, round7 G6): `history -r/-n [FILE]`
   * reads it, `history -w/-a [FILE]` writes it, and `set -o history` (`shopt -o -s history`)
   * reads `$HISTFILE` as it turns history on. The file is `$HISTFILE` where the command runs.
   */
  private historyFiles(classification: Classification, unit: PendingUnit, state: State): void {
    const executed = classification.executed;
    if (executed === null) return;
    const name = toolName(executed[0]?.text ?? "");
    if (name !== "history" && name !== "set" && name !== "shopt") return;
    if (name !== "history" && !/hist/i.test(this.plainText())) return;
    const words = executed.slice(1);
    const computed = words.some((word) => !word.literal);
    const uses: PathUse[] = [];
    if (name === "history") {
      let letters = "";
      let i = 0;
      for (; i < words.length; i++) {
        const text = (words[i] as Word).text;
        if (text === "--") {
          i++;
          break;
        }
        if (!/^-[A-Za-z]+$/.test(text)) break;
        letters += text.slice(1);
      }
      const reads = computed || /[rn]/.test(letters);
      const writes = computed || /[wa]/.test(letters);
      if (!reads && !writes) return;
      const file = words[i] ?? historyFileWord(unit.start);
      if (reads) uses.push({ word: file, access: "read" });
      if (writes) uses.push({ word: file, access: "write" });
    } else {
      const history = words.some((word) => !word.literal || word.text === "history");
      const option = words.some((word) => !word.literal || /^-[A-Za-z]*o/.test(word.text));
      if (!history || !option) return;
      uses.push({ word: historyFileWord(unit.start), access: "read" });
    }
    unit.paths.push(...this.resolve(uses, state));
  }

  /**
   * With history expansion on (`set -H`, `set -o histexpand`), bash rebuilds each later line
   * from earlier ones before reading it (`!!`, `!:1-4`, `!!:s/x//`; round7 G23): what such a
   * line runs is text the walk never sees as a command. A `!` followed by a word is an
   * evaluated string once the string may turn expansion on.
   */
  private historyExpansion(ctx: Ctx): void {
    const text = this.text;
    if (!text.includes("!") && !text.includes("^") && !text.includes("histchars")) return;
    const plain = this.plainText();
    if (!this.mayToggle("histexpand", "H")) return;
    // `!` starts an expansion, `^old^new` at a line's start is one, and `histchars` may
    // name other characters.
    const bang = this.text.search(/![^\s=(]/);
    const caret = this.text.search(/(^|\n)[ \t]*\^/);
    const chars = plain.includes("histchars") ? 0 : -1;
    const found = [bang, caret, chars].filter((index) => index !== -1);
    if (found.length === 0) return;
    const at = Math.min(...found);
    const end = this.text.indexOf("\n", at);
    const stop = end === -1 ? this.text.length : end;
    this.evaluatedSpan(
      at,
      stop,
      this.text.slice(at, stop),
      "history expansion rebuilds a line from earlier ones",
      ctx,
    );
  }

  /**
   * A `$"…"` string is looked up in the message catalogue of `TEXTDOMAIN` under
   * `TEXTDOMAINDIR`, and the translation is expanded again, command substitutions included
   * (round9 I1). When the string may name the catalogue, whatever it wrote there runs: the
   * first such string is an evaluated string.
   */
  private translatedStrings(ctx: Ctx): void {
    const text = this.text;
    if (!text.includes('$"') || !this.plainText().includes("TEXTDOMAIN")) return;
    const at = text.indexOf('$"');
    const end = text.indexOf("\n", at);
    const stop = end === -1 ? text.length : end;
    this.evaluatedSpan(
      at,
      stop,
      text.slice(at, stop),
      "a translated string is expanded again from a catalogue the string may write",
      ctx,
    );
  }

  /**
   * Assigning HISTFILESIZE truncates the history file to that many lines, rewriting it
   * (round8 H6), in whatever form it is assigned (`read`, `declare`, `${…:=}`). One unit
   * carries the history file: where the string leaves HISTFILE, and a file the walk cannot
   * name (the user's own, or one HISTFILE held earlier).
   */
  private historySize(state: State): void {
    // A spelling holds `SIZE` (`HIST""FILESIZE`), an ANSI-C string (`$'\x53'`), a brace
    // expansion (`HISTFILESIZ{E,E}`), a quote or a line continuation inside the name.
    const text = this.text;
    // Reading it (`$HISTFILESIZE`, `${HISTFILESIZE}`) changes nothing.
    // Taking the reads out leaves no name where there was none: most words need no rewrite.
    const assigned = (spelled: string) =>
      spelled.includes("HISTFILESIZE") &&
      spelled.replace(/\$\{?HISTFILESIZE\b(?!\s*:?[=+])\}?/g, "").includes("HISTFILESIZE");
    // A name built from pieces the walk knows (`read "${p}FILESIZE"`, `printf -v
    // "${p}FILESIZE"` with p=HIST) is spelled out in the words the command runs with.
    const built = this.units.some((unit) => {
      for (let i = 1; i < unit.argv.length; i++) if (assigned(unit.argv[i] as string)) return true;
      return false;
    });
    if (!built && (!/SIZE|\$'|[{"'\\]/.test(text) || !assigned(this.plainText()))) return;
    const at = this.text.indexOf("HISTFILESIZE");
    const start = at === -1 ? 0 : at;
    const unit = this.newUnit(start, start, start + "HISTFILESIZE".length, {
      context: null,
      unparseable: false,
      stdinFed: false,
    });
    unit.argv = ["HISTFILESIZE"];
    unit.synthetic = true;
    const raw = "$HISTFILE";
    unit.paths.push(
      ...this.resolve([{ word: historyFileWord(start), access: "read_write" }], state),
      { raw, path: null, glob: null, access: "read_write", via: "operand" },
    );
    this.units.push(unit);
  }
}

/** `"$HISTFILE"` as a word: the history file, wherever the string (or the user) put it. */
function historyFileWord(start: number): Word {
  return {
    ...wordFromText("$HISTFILE", { computed: true, start }),
    pieces: [{ kind: "expansion", text: "$HISTFILE", inQuotes: true, variable: "HISTFILE" }],
  };
}

interface GlobOptions {
  dot: boolean;
  nocase: boolean;
  /** `shopt -u globskipdots`: a segment written `.*` or `.?` also matches `..` (and `.`). */
  dots: boolean;
  /** `shopt -s globstar`: a `**` segment matches any run of folders. */
  star: boolean;
}

/**
 * Whether a segment of a word may match `.` or `..` with `globskipdots` off: it starts with a
 * dot, holds a wildcard, and its written text besides the wildcards is dots only (`.*`, `.?`,
 * `.[.]`, `.@(.)`, and `..*`, `.*.`: S32 F-empty, r32a traced `cat ..*\/etc/hostname` reading
 * /etc/hostname). More than two written dots, or any other letter, can match neither.
 */
function mayMatchDotNames(raw: string): boolean {
  return raw.split("/").some((segment) => {
    if (!segment.startsWith(".") || !/[*?[]|[@!+]\(/.test(segment)) return false;
    const written = segment.replace(/[@!+*?]\([^)]*\)|\[[^\]]*\]|[*?]/g, "");
    return /^\.{1,2}$/.test(written);
  });
}

/**
 * The globs as bash may match them under `dotglob` (a wildcard starting a segment also matches
 * a leading `.`), `nocaseglob` (letters match either case) and with `globskipdots` off (`.*`
 * matches `..`), each added beside the glob as written, so that `GLOBIGNORE=x; cat *` meets
 * `**\/.env` as bash's match of `.env` does.
 */
function withGlobOptions(paths: PendingPath[], options: GlobOptions): PendingPath[] {
  if (!options.dot && !options.nocase && !options.dots) return paths;
  const out: PendingPath[] = [];
  for (const path of paths) {
    out.push(path);
    if (path.glob === null) continue;
    // Matching `..` climbs out of the folder the glob names, to anywhere the rest of the
    // pattern leads (round7 G17): a place the walk cannot name.
    if (options.dots && mayMatchDotNames(path.raw)) {
      out.push({ ...path, path: null, glob: null });
    }
    // Letters are made caseless before a leading wildcard stands for the dot: bash matches the
    // segment as written (`?ENV` under both options matches `.env`), and the dot variant
    // (`.ENV`) holds no wildcard that would still mark it caseless (C21 dotglob-nocase).
    let variants = options.nocase ? [path.glob, caseless(path.glob)] : [path.glob];
    if (options.dot) variants = variants.flatMap(dotVariants);
    for (const glob of new Set(variants)) {
      if (glob !== path.glob) out.push({ ...path, path: null, glob });
    }
  }
  return out;
}

/** Segment-starting wildcards at which `dotglob` lets a leading `.` match. */
const MAX_DOT_SEGMENTS = 3;

/**
 * The glob with each segment-starting wildcard also matching a leading dot: `*` as `.*`, `?`
 * and `[…]` as `.`. Past a few such segments, each becomes `**` (any segments): more, never
 * less.
 */
function dotVariants(glob: string): string[] {
  const starts: number[] = [];
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === "\\") {
      i++;
      continue;
    }
    if ((c === "*" || c === "?" || c === "[") && (i === 0 || glob[i - 1] === "/")) {
      // The analyzer's own `**` (any run of segments) already spans dot files.
      if (c === "*" && glob[i + 1] === "*") continue;
      if (c === "[" && classEnd(glob, i) === i && !subtleBracket(glob, i)) continue;
      starts.push(i);
    }
  }
  if (starts.length === 0) return [glob];
  if (starts.length > MAX_DOT_SEGMENTS) {
    const segments = glob.split("/").map((segment) => (/^[*?[]/.test(segment) ? "**" : segment));
    return [glob, segments.join("/")];
  }
  const out: string[] = [];
  for (let mask = 0; mask < 1 << starts.length; mask++) {
    // Each text so far and where the glob resumes: a bracket read in more than one way forks.
    let texts = [{ text: "", from: 0 }];
    starts.forEach((at, bit) => {
      if ((mask & (1 << bit)) === 0) return;
      const c = glob[at] as string;
      // `*` stays after the dot; `?` or a class stands for the dot itself.
      const readings =
        c === "*"
          ? [{ dot: ".", from: at }]
          : c === "[" && subtleBracket(glob, at)
            ? subtleDotReadings(glob, at)
            : [{ dot: ".", from: (c === "[" ? classEnd(glob, at) : at) + 1 }];
      texts = texts.flatMap(({ text, from }) =>
        from > at
          ? [{ text, from }]
          : readings.map((reading) => ({
              text: text + glob.slice(from, at) + reading.dot,
              from: reading.from,
            })),
      );
    });
    for (const { text, from } of texts) out.push(text + glob.slice(from));
  }
  return out;
}

/** Readings of a bracket read in more than one way kept apart; past them, any dot name. */
const MAX_BRACKET_READINGS = 8;

/**
 * The dot readings of a {@link subtleBracket} that starts a segment: the dot, and the glob
 * going on after any later `]` of the segment (where bash may end it); past a few, any dot name.
 */
function subtleDotReadings(glob: string, open: number): { dot: string; from: number }[] {
  const slash = glob.indexOf("/", open);
  const end = slash === -1 ? glob.length : slash;
  const readings: { dot: string; from: number }[] = [];
  for (let k = glob.indexOf("]", open + 1); k !== -1 && k < end; k = glob.indexOf("]", k + 1)) {
    if (readings.length === MAX_BRACKET_READINGS) return [{ dot: ".*", from: end }];
    readings.push({ dot: ".", from: k + 1 });
  }
  return readings;
}

/**
 * The index of the `]` closing the class at `open`, or `open` when it is a literal `[`. A
 * POSIX class, an equivalence class or a collating symbol inside (`[![:upper:]]`, `[[=.=]]`,
 * `[[.period.]]`) ends at its own `:]`, `=]` or `.]`, not at the bracket's end.
 */
function classEnd(glob: string, open: number): number {
  let i = open + 1;
  if (glob[i] === "!" || glob[i] === "^") i++;
  if (glob[i] === "]") i++;
  for (; i < glob.length; i++) {
    const c = glob[i];
    if (c === "]") return i;
    // A quoted character (`[!\]]`) is a member, a `]` too.
    if (c === "\\") {
      i++;
      continue;
    }
    const mark = glob[i + 1];
    if (c === "[" && (mark === ":" || mark === "=" || mark === ".")) {
      const close = glob.indexOf(`${mark}]`, i + 2);
      if (close !== -1) i = close + 1;
    }
  }
  return open;
}

/**
 * Whether the bracket opened at `open` is one bash 5.2's matcher reads in more than one way:
 * before its `]`, a `[` followed by `=`, `.` or `:` that is not a lone plain class `[:name:]`
 * (`[[=e]`, `[![=x=]]]`, `[:[:]`, `[+-[:digit:]]`). Where it ends depends on the character
 * tried, so {@link classEnd} does not say; the gates read it by each of its readings.
 */
function subtleBracket(glob: string, open: number): boolean {
  let i = open + 1;
  if (glob[i] === "!" || glob[i] === "^") i++;
  for (let first = true; i < glob.length; i++, first = false) {
    const c = glob[i];
    if (c === "/" || (c === "]" && !first)) return false;
    if (c === "\\") {
      i++;
      continue;
    }
    if (c === "[" && /[:=.]/.test(glob[i + 1] ?? "")) {
      const plain = /^\[:[a-z]+:\]/.exec(glob.slice(i, i + 32));
      if (plain === null || glob[i - 1] === "-" || glob[i + plain[0].length] === "-") return true;
      i += plain[0].length - 1;
    }
  }
  return false;
}

/**
 * The glob with every letter of a segment that holds a wildcard matching either case
 * (`nocaseglob`; bash opens a segment without one as written); a class becomes `?`.
 */
function caseless(glob: string): string {
  return glob
    .split("/")
    .map((segment) => (/(^|[^\\])[*?[]/.test(segment) ? caselessSegment(segment) : segment))
    .join("/");
}

function caselessSegment(glob: string): string {
  // A bracket read in more than one way: any name, a dot name where the segment starts with one.
  if (
    [...glob.matchAll(/\[/g)].some(
      (m) => glob[m.index - 1] !== "\\" && subtleBracket(glob, m.index),
    )
  ) {
    return /^\\?\./.test(glob) ? ".*" : "*";
  }
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    let c = glob[i] as string;
    if (c === "[") {
      const close = classEnd(glob, i);
      if (close !== i) {
        const body = glob.slice(i, close + 1);
        out += /[A-Za-z]/.test(body) ? "?" : body;
        i = close;
        continue;
      }
    }
    if (c === "\\" && i + 1 < glob.length) c = glob[++i] as string;
    const lower = c.toLowerCase();
    const upper = c.toUpperCase();
    if (lower !== upper && lower.length === 1 && upper.length === 1) out += `[${lower}${upper}]`;
    else out += /[*?[\\]/.test(c) && glob[i - 1] === "\\" ? `\\${c}` : c;
  }
  return out;
}

/** A `**` segment of a glob. */
const GLOBSTAR = /(?:^|\/)\*\*(?:\/|$)/;

/** Resolves path uses against a state, dropping device nodes. */
/** A name of a descriptor's open file: `/dev/stdin`, `/dev/fd/N`, `/proc/self/fd/N`. */
const DESCRIPTOR_LINK = /^\/(?:dev\/(?:stdin|fd\/\d+)|proc\/(?:self|thread-self|\d+)\/fd\/\d+)$/;

export function resolveUses(
  uses: (PathUse & { via?: "redirect" | "operand" })[],
  state: State,
  noGlobstar = false,
  noDotglob = false,
): PendingPath[] {
  const out: PendingPath[] = [];
  for (const use of uses) {
    const word =
      use.word.tilde && /^~\+(\/|$)/.test(use.word.text)
        ? tildePlusWord(use.word, state)
        : use.word.tilde && /^~-(\/|$)/.test(use.word.text)
          ? tildeMinusWord(use.word, state)
          : use.word;
    // find's `{}` written out: the start and everything below it, as a recursive tool's operand.
    if (word.standsBelow !== undefined) {
      const start = resolveUses([{ ...use, word: word.standsBelow, below: true }], state);
      const raw = use.word.text;
      for (const path of start) {
        // Only what lies below the start, when the start itself is a word of its own.
        if (word.strictlyBelow && path.path !== null) continue;
        out.push({ ...path, raw });
      }
      continue;
    }
    for (const resolved of resolveWord(word, state, noGlobstar && use.deep !== true)) {
      const raw = use.word.written ?? use.word.text;
      const via = use.via ?? "operand";
      // A recursive tool given a descriptor's name follows the link to what the descriptor
      // was opened on, a folder too (`grep -r KEY /dev/fd/3 3< .` reads all of /repo): a
      // path nobody can work out.
      if (use.below && resolved.path !== null && DESCRIPTOR_LINK.test(resolved.path)) {
        out.push({ raw, path: null, glob: null, access: use.access, via });
        continue;
      }
      if (resolved.path !== null && isDevice(resolved.path)) continue;
      if (use.access === "read" && resolved.path !== null && isByteSource(resolved.path)) continue;
      if (use.outsideOnly && insideWorkingDirectory(resolved, use.word.text, state)) continue;
      const text = use.word.text;
      out.push({
        raw,
        path: resolved.path,
        glob: resolved.glob,
        access: use.access,
        via,
        ...(text !== raw ? { expanded: text } : {}),
        ...(resolved.joined !== undefined ? { joined: resolved.joined } : {}),
        // Bash's own `**` (globstar on, dotglob off) skips dot folders as `*` skips dot files;
        // one a program matches itself (`deep`) does not.
        ...(noDotglob &&
        !noGlobstar &&
        use.deep !== true &&
        resolved.wordGlob &&
        GLOBSTAR.test(resolved.glob ?? "")
          ? { starsSkipDots: true as const }
          : {}),
      });
      // A recursive tool touches every file below a directory operand.
      if (!use.below) continue;
      const base = resolved.path === null ? resolved.glob : globOfFolder(resolved.path);
      if (base !== null) {
        const glob = base === "/" ? "/**" : `${base.replace(/\/\*\*$/, "")}/**`;
        // A recursion that skips dot names (`ls -R` without -a) meets what lies below as
        // bash's own `**` does.
        const skips = use.skipsDots === true ? { starsSkipDots: true as const } : {};
        out.push({ raw, path: null, glob, access: use.access, via, ...skips });
      }
    }
  }
  return out;
}

/**
 * Whether a resolved name surely lies inside the working directory, whichever the walk may be
 * in: its path, or the part of its glob before the first pattern character, at or below each
 * candidate folder, with no `..` written in it.
 */
function insideWorkingDirectory(
  resolved: { path: string | null; glob: string | null },
  written: string,
  state: State,
): boolean {
  if (state.cwds === null || state.cwds.length === 0 || /(^|\/)\.\.(\/|$)/.test(written)) {
    return false;
  }
  const name = resolved.path ?? resolved.glob;
  if (name === null || /(^|\/)\.\.(\/|$)/.test(name)) return false;
  // A glob's folders up to its first pattern character (`/repo/src/` of `/repo/src/*.ts`).
  const folder =
    resolved.path !== null
      ? `${name}/`
      : name.slice(0, name.slice(0, name.search(/[*?[\\{]|$/)).lastIndexOf("/") + 1);
  return state.cwds.every((cwd) => folder.startsWith(cwd === "/" ? "/" : `${cwd}/`));
}

/** The files a classified command touches through its operands and its wrappers. */
export function operandUses(
  classification: Classification,
  posix = false,
  environment: readonly Assignment[] = [],
): PathUse[] {
  const uses: PathUse[] = [...classification.files];
  if (classification.executed !== null) {
    uses.push(
      ...operandPaths(classification.executed, classification.placeholders, posix, environment),
    );
  } else if (classification.wrappers[classification.wrappers.length - 1]?.kind === "opaque") {
    // The operands of `bash -c`, `eval`, `python -c` are code; a literal script's own units
    // report the paths it touches.
  } else {
    // What runs is not proven: every word that looks like a path may be touched.
    uses.push(...shapedPaths(classification.rest.slice(1), classification.placeholders));
  }
  return uses;
}

/** The command word the cross-check compares: `time`'s own options skipped. */
function keyOf(words: readonly Word[]): string | null {
  let i = 0;
  while (words[i]?.literal && words[i]?.text === "time") {
    i++;
    while (words[i]?.literal && (words[i]?.text === "-p" || words[i]?.text === "--")) i++;
  }
  const word = words[i];
  if (word === undefined) return null;
  return word.literal ? word.text : "?";
}

/** The heredoc a `<&0` stand-in redirect was parsed for, if it is one. */
function heredocSpan(
  redirect: Node,
  heredocs: ReadonlyMap<number, HeredocSpan>,
): HeredocSpan | undefined {
  if (heredocs.size === 0 || redirect.type !== "file_redirect") return undefined;
  const operator = redirect.children.find((child) => child !== null && !child.isNamed);
  return operator?.type === "<&" ? heredocs.get(operator.startIndex) : undefined;
}

/**
 * A here-string's word as bash expands it before the command reads it: its tildes as an
 * assignment value's, at the start and after every unquoted `:` (`<<< ~/x` is
 * /home/user/x, `<<< a:~/x` a:/home/user/x; traced under bash 5.2), computed when the
 * string does not decide the folder a prefix names (`~user`).
 */
function hereStringWord(node: Node, state: State): Word {
  return assignmentTildes(evaluateWord(node), 0, tildeFolder(state));
}

/** The text a heredoc (or a literal here-string) puts on stdin. */
function literalStdin(
  redirects: readonly Node[],
  heredocs: ReadonlyMap<number, HeredocSpan>,
  source: string,
  state: State,
): string | null {
  let text: string | null = null;
  for (const redirect of redirects) {
    if (namedDescriptor(redirect)) continue;
    const span = heredocSpan(redirect, heredocs);
    if (span !== undefined) {
      const raw = source.slice(span.bodyStart, span.bodyEnd);
      text = span.stripTabs ? raw.replace(/^\t+/gm, "") : raw;
    } else if (redirect.type === "heredoc_redirect") {
      const body = redirect.children.find((child) => child?.type === "heredoc_body");
      const strip = redirect.children.some((child) => child?.type === "<<-");
      const raw = body?.text ?? "";
      text = strip ? raw.replace(/^\t+/gm, "") : raw;
    } else if (redirect.type === "herestring_redirect") {
      const value = redirect.namedChildren[0];
      const word = value ? hereStringWord(value, state) : null;
      text = word?.literal ? `${word.text}\n` : null;
    }
  }
  return text;
}

/**
 * Whether the only output redirect is one `>`, `>>` or `>|` of stdout (no descriptor, or 1):
 * the file it names gets the command's stdout and nothing else.
 */
function onlyStdoutToFile(
  redirects: readonly Node[],
  heredocs: ReadonlyMap<number, HeredocSpan>,
): boolean {
  let outputs = 0;
  for (const redirect of redirects) {
    if (redirect.type !== "file_redirect") continue;
    const operator = redirect.children.find((child) => child !== null && !child.isNamed)?.type;
    if (operator === undefined) return false;
    // Input from a file or a descriptor after the heredoc is what cat copies instead.
    if (operator.startsWith("<")) {
      if (heredocSpan(redirect, heredocs) !== undefined) continue;
      return false;
    }
    const descriptor = descriptorOf(redirect)?.text;
    if (![">", ">>", ">|"].includes(operator) || (descriptor !== undefined && descriptor !== "1"))
      return false;
    outputs++;
  }
  return outputs === 1;
}

/** Whether a redirect of the list appends (`>>`). */
function appendsStdout(redirects: readonly Node[]): boolean {
  return redirects.some(
    (redirect) =>
      redirect.type === "file_redirect" &&
      redirect.children.find((child) => child !== null && !child.isNamed)?.type === ">>",
  );
}

/** A redirect that leaves stdin as it is: output to a file or a descriptor other than 0. */
function leavesStdin(redirect: Node): boolean {
  if (redirect.type !== "file_redirect") return false;
  const descriptor = descriptorOf(redirect);
  const operator = redirect.children.find((child) => child !== null && !child.isNamed)?.type;
  return operator !== undefined && !operator.startsWith("<") && descriptor?.text !== "0";
}

/** Past this many numbers, seq's output is not spelled out for xargs. */
const SEQ_NUMBERS = 256;

/**
 * The whole stdout of a plain command when it is known, for an xargs it is piped to: the
 * builtin `echo` of literal words (no option; a function of that name, anywhere in the string,
 * runs something else),
 * `printf '%s\n'` of literal words, `seq` of small literal counts, or find's `-print0` list of paths below literal starts.
 */
function knownOutput(classification: Classification, text: string): XargsInput | null {
  const executed = classification.executed;
  if (executed === null || classification.wrappers.length > 0 || classification.sentinel !== null)
    return null;
  const name = executed[0]?.text ?? "";
  if (!/^(echo|printf|seq|find)$/.test(name) || mayRedefine(name, text)) return null;
  const rest = executed.slice(1);
  if (!rest.every((word) => word.literal)) return null;
  // `--help` is read by an echo that is not the builtin (`enable -n echo`).
  if (name === "echo" && !/^-[neE]+$|^--/.test(rest[0]?.text ?? "")) {
    return { type: "text", text: `${rest.map((word) => word.text).join(" ")}\n` };
  }
  // printf's format used again for each word: one word a line.
  if (name === "printf" && rest[0]?.text === "%s\\n" && rest.length > 1) {
    return {
      type: "text",
      text: rest
        .slice(1)
        .map((word) => `${word.text}\n`)
        .join(""),
    };
  }
  if (name === "seq" && rest.length >= 1 && rest.length <= 3) {
    const numbers = rest.map((word) => (/^\d{1,6}$/.test(word.text) ? Number(word.text) : -1));
    if (numbers.some((n) => n < 0)) return null;
    const last = numbers[numbers.length - 1] as number;
    const first = numbers.length > 1 ? (numbers[0] as number) : 1;
    const step = numbers.length === 3 ? (numbers[1] as number) : 1;
    if (step === 0 || (last - first) / step >= SEQ_NUMBERS) return null;
    const out: number[] = [];
    for (let n = first; n <= last; n += step) out.push(n);
    return { type: "text", text: out.map((n) => `${n}\n`).join("") };
  }
  if (name === "find") {
    const found = findPrint0Starts(executed);
    return found === null ? null : { type: "paths0", ...found };
  }
  return null;
}

/**
 * Whether the string may run something else under `name`: a function of that name defined
 * anywhere in it (a loop runs a later definition before an earlier call), a sourced file
 * (which may define one), or `enable`, which turns a builtin off or loads another.
 */
function mayRedefine(name: string, text: string): boolean {
  const facts = scannedFacts(text);
  if (facts.unseen) return true;
  const known = facts.defines.get(name);
  if (known !== undefined) return known;
  let definition = DEFINITIONS.get(name);
  if (definition === undefined) {
    definition = new RegExp(`(^|[^\\w-])${name}\\s*\\(\\s*\\)|\\bfunction\\s+${name}\\b`);
    DEFINITIONS.set(name, definition);
  }
  const defines = definition.test(text);
  facts.defines.set(name, defines);
  return defines;
}

/** What the whole-text scans found in one text (see {@link scannedFacts}). */
interface TextFacts {
  /** Whether the text may run code it does not show (see {@link runsUnseenCode}). */
  readonly unseen: boolean;
  /** Whether the text may define a function of each name asked about so far. */
  readonly defines: Map<string, boolean>;
}

/**
 * The answers of the whole-text scans, kept for the few texts an analysis scans (the whole
 * string, its plain and bare readings). Every unit and every `echo` of a string asks them of
 * the same texts: scanned anew each time, a string of many commands cost the square of its
 * length in work the deadline's steps did not see (a `case` of 800 arms spent a quarter of a
 * second of CPU on 50 ms of counted work).
 */
const SCANNED = new Map<string, TextFacts>();
const SCANNED_TEXTS = 4;

function scannedFacts(text: string): TextFacts {
  let facts = SCANNED.get(text);
  if (facts === undefined) {
    if (SCANNED.size >= SCANNED_TEXTS) SCANNED.clear();
    facts = {
      unseen: /\b(enable|source)\b|(^|[;&|(){}\n]|\b(then|do|else)\s)\s*\.\s/.test(text),
      defines: new Map(),
    };
    SCANNED.set(text, facts);
  }
  return facts;
}

/** Whether the text may run code it does not show: `enable -f`, `source` or `.`. */
function runsUnseenCode(text: string): boolean {
  return scannedFacts(text).unseen;
}

/** The last `HOME=` of an environment, or undefined. */
function lastHome(environment: readonly Assignment[]): Assignment | undefined {
  for (let i = environment.length - 1; i >= 0; i--) {
    const assignment = environment[i] as Assignment;
    if (assignment.name === "HOME") return assignment;
  }
  return undefined;
}

/**
 * The starting folder as the walk compares it, kept for the few a session passes on every
 * call (its project), in a map bounded against a caller passing a new one each time.
 */
function originOf(origin: string): string {
  let known = ORIGINS.get(origin);
  if (known === undefined) {
    known = posix.normalize(`${origin}/.`);
    if (ORIGINS.size >= 64) ORIGINS.clear();
    ORIGINS.set(origin, known);
  }
  return known;
}

const ORIGINS = new Map<string, string>();

/** The pattern of a definition of each name `mayRedefine` is asked about (a handful). */
const DEFINITIONS = new Map<string, RegExp>();

/**
 * What a command writes to stdout when that is known text: `cat` of its stdin, `echo` of
 * literals. The fast path hands it on through a pipe as the walk does.
 */
export function literalStdout(
  classification: Classification,
  stdinScript: string | null,
): string | null {
  const executed = classification.executed;
  if (executed === null || classification.wrappers.length > 0) return null;
  const name = executed[0]?.text;
  if (name === "cat" && executed.length === 1) return stdinScript;
  if (
    name === "echo" &&
    executed.slice(1).every((word) => word.literal && !/^-[neE]+$/.test(word.text))
  ) {
    return `${executed
      .slice(1)
      .map((word) => word.text)
      .join(" ")}\n`;
  }
  // `printf FORMAT` with no directive: the format with its escapes (`printf ':!x\nq\n'`).
  if (name === "printf" && executed.length === 2) return printfText(executed[1] as Word);
  return null;
}

/** The escapes of printf's format whose meaning is plain; any other stops the reading. */
const PRINTF_ESCAPES: Readonly<Record<string, string>> = {
  n: "\n",
  t: "\t",
  r: "\r",
  "\\": "\\",
  '"': '"',
  "'": "'",
  a: "\u0007",
  b: "\b",
  f: "\f",
  v: "\v",
};

/**
 * What `printf FORMAT` prints when the format is a literal with no conversion (`%%` prints
 * `%`) and only plain escapes; null otherwise (an option, `%s`, an octal or `\c`).
 */
function printfText(format: Word): string | null {
  if (!format.literal || format.text.startsWith("-")) return null;
  let out = "";
  const text = format.text;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === "%") {
      if (text[i + 1] !== "%") return null;
      out += "%";
      i++;
    } else if (c === "\\") {
      const escaped = PRINTF_ESCAPES[text[i + 1] ?? ""];
      if (escaped === undefined) return null;
      out += escaped;
      i++;
    } else {
      out += c;
    }
  }
  return out;
}

function redirectAccess(operator: string, word: Word): PathAccess | null {
  switch (operator) {
    case ">":
    case ">>":
    case ">|":
    case "&>":
    case "&>>":
      return "write";
    case "<":
      return "read";
    case "<>":
      return "read_write";
    case ">&":
      // `>&2` and `>&-` duplicate or close a descriptor; `>&file` writes stdout and stderr.
      return word.literal && /^(\d+|-)$/.test(word.text) ? null : "write";
    case "<&":
      return null;
    default:
      return null;
  }
}

/** A `{NAME}` redirect's name. */
const NAMED_FD = /^\{[A-Za-z_][A-Za-z0-9_]*\}$/;

/**
 * Whether `{NAME}` stands against a heredoc or here-string (`{fd}<<<x`): bash opens it on a
 * new descriptor it puts in NAME, so it is not stdin.
 */
function namedDescriptor(redirect: Node): boolean {
  return namedDescriptorName(redirect) !== null;
}

/** The NAME of a `{NAME}` against a heredoc or here-string (see {@link namedDescriptor}). */
function namedDescriptorName(redirect: Node): string | null {
  if (redirect.type !== "heredoc_redirect" && redirect.type !== "herestring_redirect") {
    return null;
  }
  const parent = redirect.parent;
  if (parent === null) return null;
  const before = parent.text.slice(0, redirect.startIndex - parent.startIndex);
  const open = before.lastIndexOf("{");
  if (open === -1 || !NAMED_FD.test(before.slice(open))) return null;
  return open === 0 || /[\s;&|(]/.test(before[open - 1] as string)
    ? before.slice(open + 1, -1)
    : null;
}

/**
 * The names `{NAME}` redirects put the descriptor bash opens in: `{fd}>f` (analyze.ts reads it
 * as a redirect, its descriptor written `{fd}`) and `{fd}<<<x`.
 */
function descriptorNames(redirects: readonly Node[]): string[] {
  const names: string[] = [];
  for (const redirect of redirects) {
    const descriptor = redirect.childForFieldName("descriptor")?.text;
    const name =
      descriptor !== undefined && NAMED_FD.test(descriptor)
        ? descriptor.slice(1, -1)
        : namedDescriptorName(redirect);
    if (name !== null) names.push(name);
  }
  return names;
}

/**
 * The marker (a name in the walk's variables, so that branches, loops and calls join it as
 * they join values) of the stdin a bare `exec` gave the shell (S34 exec-stdin): present once
 * one may have; its one value is the literal text fed, null when that text is not known.
 */
const EXEC_STDIN = "%exec-stdin";

/** The marker of what a bare `exec` opened on descriptor `fd` (EXEC_STDIN for 0). */
function execDescriptorKey(fd: string): string {
  return fd === "0" ? EXEC_STDIN : `%exec-fd:${fd}`;
}

/**
 * The stdin an earlier bare `exec` left the shell: undefined when none may have, the literal
 * text when it is one known text, null when it is not known.
 */
function execStdin(vars: Vars): string | null | undefined {
  if (!vars.has(EXEC_STDIN)) return undefined;
  const values = vars.get(EXEC_STDIN) ?? null;
  return values?.length === 1 ? (values[0] as VarValue).text : null;
}

/**
 * Whether the command is `exec` with no command (`exec <<< x`, `command exec 0<f`,
 * `exec -- <&3`, an operand only known at run time that may be empty): its redirects stay
 * for the rest of the shell.
 */
function bareExec(classification: Classification): boolean {
  const executed = classification.executed;
  return (
    executed !== null &&
    executed.length > 0 &&
    toolName((executed[0] as Word).text) === "exec" &&
    classification.wrappers.every((layer) => layer.kind === "transparent")
  );
}

function feedsStdin(redirect: Node): boolean {
  if (redirect.type === "heredoc_redirect" || redirect.type === "herestring_redirect") {
    return !namedDescriptor(redirect);
  }
  if (redirect.type !== "file_redirect") return false;
  const descriptor = descriptorOf(redirect);
  const operator = redirect.children.find((child) => child !== null && !child.isNamed)?.type;
  return (
    (operator === "<" || operator === "<&") && (descriptor === null || descriptor.text === "0")
  );
}

/**
 * The descriptor written before a redirect's operator: its own field, or the digits right
 * before it that tree-sitter-bash handed back as a word (`read c <<< a 0>/dev/null`).
 */
function writtenDescriptor(redirect: Node, source: string): string | null {
  const field = redirect.childForFieldName("descriptor");
  if (field !== null) return field.text;
  const start = redirect.startIndex;
  const before = source.slice(Math.max(0, start - 24), start);
  return /(?:^|[\s;&|()<>])([0-9]+)$/.exec(before)?.[1] ?? null;
}

/**
 * Whether a redirect of descriptor 0 leaves nothing to read there: it closes it (`<&-`,
 * `0>&-`) or opens a file for writing only (`0>f`, `0>>f`, `0>|f`); a read then fails
 * ("Bad file descriptor"; traced under bash 5.2) and assigns nothing.
 */
function leavesNoInput(redirect: Node): boolean {
  if (redirect.type !== "file_redirect") return false;
  if (closesDescriptor(redirect)) return true;
  const operator = redirect.children.find((child) => child !== null && !child.isNamed)?.type;
  return operator === ">" || operator === ">>" || operator === ">|";
}

/**
 * Whether a redirect gives descriptor 0 something (an input, a closing, a write-only file):
 * one with descriptor 0, or none and an input operator (`<`, `<&`, `<&-`, `<>`, a heredoc).
 */
function touchesStdin(redirect: Node, source: string): boolean {
  if (redirect.type === "heredoc_redirect" || redirect.type === "herestring_redirect") {
    if (namedDescriptor(redirect)) return false;
  } else if (redirect.type !== "file_redirect") {
    return true;
  }
  const descriptor = writtenDescriptor(redirect, source);
  if (descriptor !== null) return !/^[1-9][0-9]*$/.test(descriptor);
  if (redirect.type !== "file_redirect") return true;
  const operator = redirect.children.find((child) => child !== null && !child.isNamed)?.type;
  return operator === undefined || operator.startsWith("<");
}

/**
 * The words tree-sitter-bash put inside a redirect that bash reads as arguments of the
 * command: everything after the redirect's own target (`2>/dev/null push origin`), every
 * word after a descriptor close (`>&- arg`), the words after a heredoc's delimiter or a
 * here-string's word.
 */
export function redirectArguments(redirect: Node, limit = Number.POSITIVE_INFINITY): Node[] {
  // `>&-` and `<&-` close a descriptor and take no target: a word after them is an argument.
  const destination = closesDescriptor(redirect) ? null : redirect.childForFieldName("destination");
  const found: Node[] = [];
  let targetSeen = false;
  let targetEnd = -1;
  // A heredoc's arguments stand on its own line; what follows the newline is its body, even
  // where the grammar hands it back as words.
  const start = redirect.children.find((child) => child?.type === "heredoc_start");
  let lineEnd = limit;
  if (start) {
    const newline = redirect.text.indexOf("\n", start.endIndex - redirect.startIndex);
    if (newline !== -1) lineEnd = Math.min(lineEnd, redirect.startIndex + newline);
  }
  for (const child of redirect.children) {
    if (!child?.isNamed) continue;
    // Past a region the grammar could not read, the words belong to whatever it is.
    if (child.type === "ERROR") break;
    if (child.startIndex >= lineEnd) break;
    // Digits against `<` or `>` past the largest descriptor are a word of the command
    // (`. 2147483648</dev/null` sources the file 2147483648).
    if (child.type === "file_descriptor" && outOfRange(child.text)) {
      found.push(child);
      continue;
    }
    switch (child.type) {
      case "file_descriptor":
      case "heredoc_start":
      case "heredoc_body":
      case "heredoc_end":
      case "heredoc_content":
      case "pipeline":
      case "comment":
      case "ERROR":
        continue;
    }
    if (isRedirect(child)) {
      // tree-sitter-bash nests a redirect written after a heredoc inside it, with the words
      // that follow (`cat <<EOF >out -n file`).
      found.push(...redirectArguments(child, lineEnd));
      continue;
    }
    if (STATEMENT_TYPES.has(child.type)) continue;
    // The rest of a target the grammar cut at `[\` or `}\` (`<.e[\n]v`): not an argument.
    if (child.startIndex === targetEnd) {
      targetEnd = child.endIndex;
      continue;
    }
    if (redirect.type === "herestring_redirect" && !targetSeen) {
      targetSeen = true;
      targetEnd = child.endIndex;
      continue;
    }
    if (redirect.type === "file_redirect" && destination !== null && !targetSeen) {
      if (child.startIndex === destination.startIndex) {
        targetSeen = true;
        targetEnd = child.endIndex;
      }
      continue;
    }
    // A descriptor number written against the next redirect (`npm 2>/dev/null 0</dev/null
    // publish`): tree-sitter-bash makes it one more word of this redirect.
    if (validDescriptor(child.text) && redirectStartsAt(redirect, child.endIndex)) continue;
    found.push(child);
  }
  return found;
}

/** Whether digits written against a redirect are its descriptor: bash takes up to INT_MAX. */
function validDescriptor(text: string): boolean {
  return /^[0-9]+$/.test(text) && Number(text) <= 2147483647;
}

/** Digits too large to be a descriptor (`{fd}` and other names are no digits). */
function outOfRange(text: string): boolean {
  return /^[0-9]+$/.test(text) && !validDescriptor(text);
}

/** A redirect's descriptor number as bash reads it, or null when it has none (or a word). */
function descriptorOf(redirect: Node): Node | null {
  const descriptor = redirect.childForFieldName("descriptor");
  return descriptor !== null && outOfRange(descriptor.text) ? null : descriptor;
}

/** Whether a redirect beside `redirect` (or inside it) starts at `index`. */
function redirectStartsAt(redirect: Node, index: number): boolean {
  const near = [...(redirect.parent?.children ?? []), ...redirect.children];
  return near.some((node) => node !== null && node.startIndex === index && isRedirect(node));
}

function closesDescriptor(redirect: Node): boolean {
  return redirect.children.some((child) => child?.type === ">&-" || child?.type === "<&-");
}

/**
 * How bash quotes a leaf of the tree that still holds substitution characters: the grammar did
 * not parse them, so they are looked for in its text. `null`: bash expands nothing there.
 */
function leafQuoting(node: Node): QuotingMode | null {
  switch (node.type) {
    case "ansi_c_string":
      // Inside a double-quoted `${…}`, bash decodes `$'…'` and expands what it decodes to.
      return ancestorIsDoubleQuotedExpansion(node) ? "heredoc" : null;
    case "comment":
    case "heredoc_start":
    case "heredoc_end":
      return null;
    case "raw_string": {
      // Single quotes quote, except inside a `${…}` that stands inside double quotes, and in
      // arithmetic: bash expands `$((' $(cmd) '))`, `(( '$(cmd)' ))` and `a['$(cmd)']=` first.
      for (let up = node.parent; up !== null; up = up.parent) {
        if (up.type === "string" || up.type === "heredoc_body") return "heredoc";
        if (isArithmetic(up)) return "heredoc";
        if (ARITHMETIC_PARTS.has(up.type)) continue;
        if (up.type !== "expansion" && up.type !== "concatenation") return null;
      }
      return null;
    }
    case "string_content":
      return "dquote";
    default:
      return "word";
  }
}

function isRedirect(node: Node): boolean {
  return (
    node.type === "file_redirect" ||
    node.type === "heredoc_redirect" ||
    node.type === "herestring_redirect"
  );
}

const STATEMENT_TYPES = new Set([
  "command",
  "redirected_statement",
  "list",
  "pipeline",
  "subshell",
  "compound_statement",
  "negated_command",
  "if_statement",
  "while_statement",
  "for_statement",
  "c_style_for_statement",
  "case_statement",
  "function_definition",
  "declaration_command",
  "unset_command",
  "test_command",
]);

function isStatement(node: Node): boolean {
  return STATEMENT_TYPES.has(node.type);
}

/**
 * Whether `child` of a loop is a statement made only of assignments: a `while`/`until`
 * condition (`while a=(~/.ssh/*); do …`) runs it in this shell as a statement `a=…` does.
 * (A C-style for's `i=0` is arithmetic, and comes as its initializer.)
 */
function isAssignmentStatement(loop: Node, child: Node): boolean {
  return (
    loop.type === "while_statement" &&
    (child.type === "variable_assignment" || child.type === "variable_assignments")
  );
}

function isExpression(node: Node): boolean {
  return !isStatement(node) && node.type !== "do_group" && node.type !== "ERROR";
}

function fieldOf(parent: Node, child: Node): string | null {
  const children = parent.children;
  for (let i = 0; i < children.length; i++) {
    const candidate = children[i];
    if (
      candidate &&
      candidate.startIndex === child.startIndex &&
      candidate.endIndex === child.endIndex &&
      candidate.type === child.type
    ) {
      return parent.fieldNameForChild(i);
    }
  }
  return null;
}

function lastWordEnd(node: Node, redirects: readonly Node[]): number {
  let end = node.startIndex;
  for (const child of node.children) {
    if (!child || child.type === "heredoc_redirect") continue;
    end = Math.max(end, child.endIndex);
  }
  for (const redirect of redirects) {
    if (redirect.type === "heredoc_redirect") {
      for (const child of redirect.children) {
        if (child?.type === "heredoc_start") end = Math.max(end, child.endIndex);
      }
    }
  }
  return end;
}

/**
 * Whether the backquoted substitution `node` stands right inside double quotes, where bash
 * also takes its body's `\"` for `"` (see `backquoteReadings`): true in a string, false
 * elsewhere (a heredoc body, `${…}`, `$(( ))` in one), null inside a `$[ ]` in a string,
 * which bash's reading of the string may dequote as well.
 */
function backquoteQuoting(node: Node): boolean | null {
  const parent = node.parent;
  if (parent?.type === "string") return true;
  for (let up = parent; up !== null; up = up.parent) {
    if (up.type === "arithmetic_expansion") {
      return up.text.startsWith("$[") && up.parent?.type === "string" ? null : false;
    }
    if (!/expression$|^number$|^variable_name$/.test(up.type)) return false;
  }
  return false;
}

/** Where the backtick that closes the one opening `text` stands (bash skips `\x` inside). */
function closingBacktickAt(text: string): number {
  for (let i = 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === "`") return i;
  }
  return text.length;
}

/** The `NAME=value` assignments of their nodes (a value-less `NAME=` assigns the empty word). */
function assignmentsOf(nodes: readonly Node[]): Assignment[] {
  return nodes.map((node) => {
    const valueNode = node.childForFieldName("value");
    return {
      name: node.childForFieldName("name")?.text ?? "",
      value: valueNode ? evaluateWord(valueNode) : wordFromText("", { start: node.endIndex }),
      append: node.children.some((child) => child?.type === "+="),
    };
  });
}

/** One statement of a list or pipeline read off in order, with the redirects bound to it. */
interface ChainItem {
  node: Node;
  redirects: Node[];
}

const CHAIN_OPERATORS = new Set(["|", "|&", "&&", "||"]);

/** The flow after `prior OPERATOR next`, `next` walked from the state the operator lets through. */
function joined(prior: Flow, operator: string, next: (from: State) => Flow): Flow {
  if (operator === "&&") {
    const after = next(prior.ok);
    return { ok: after.ok, any: union(prior.any, after.any) };
  }
  if (operator === "||") {
    const after = next(prior.any);
    return { ok: union(prior.ok, after.ok), any: union(prior.any, after.any) };
  }
  return next(prior.any);
}

/** The list or pipeline a statement is, looking through a redirect on it. */
function chainBody(node: Node): Node | null {
  if (node.type === "list" || node.type === "pipeline") return node;
  if (node.type !== "redirected_statement") return null;
  const body = node.childForFieldName("body");
  return body !== null && (body.type === "list" || body.type === "pipeline") ? body : null;
}

/** Whether a pipeline somewhere in this list or pipeline has a list as a member. */
function misparsed(node: Node): boolean {
  const body = chainBody(node);
  if (body === null) return false;
  for (const child of body.children) {
    if (!child?.isNamed) continue;
    const inner = chainBody(child);
    if (inner === null) continue;
    if (body.type === "pipeline" && inner.type === "list") return true;
    if (misparsed(child)) return true;
  }
  return false;
}

/** The statements and operators of a list or pipeline, in the order they are written. */
function flattenChain(node: Node, items: ChainItem[], operators: string[]): void {
  const body = chainBody(node);
  if (body === null) {
    items.push({ node, redirects: [] });
    return;
  }
  let seen = false;
  for (const child of body.children) {
    if (!child || child.type === "comment") continue;
    if (!child.isNamed) {
      if (seen && CHAIN_OPERATORS.has(child.type)) operators.push(child.type);
      continue;
    }
    flattenChain(child, items, operators);
    seen = true;
  }
  if (body !== node) {
    const last = items[items.length - 1];
    const redirects = node.children.filter(
      (child): child is Node => child?.isNamed === true && child !== body && isRedirect(child),
    );
    if (last !== undefined) last.redirects = [...last.redirects, ...redirects];
  }
}

/** How far the walk's lists reached at some point (see {@link Walker.mark}). */
interface Mark {
  units: number;
  uncalled: number;
  diagnostics: number;
  again: number;
  unhosted: number;
  unhostedAt: Node | null;
  lastStdout: string | null;
}

function same(state: State): Flow {
  return { ok: state, any: state };
}

/**
 * The statement a condition made of one `! cmd` negates (`if ! cd src; then …`), with no
 * other statement around it; null otherwise. The condition fails where that one succeeds.
 */
function negatedOnly(condition: readonly Node[]): Node | null {
  const named = condition.filter((n) => n.isNamed && n.type !== "comment");
  const only = named.length === 1 && condition.length === 1 ? named[0] : undefined;
  if (only?.type !== "negated_command") return null;
  const inner = only.namedChildren.filter((c): c is Node => c !== null && c.type !== "comment");
  return inner.length === 1 ? (inner[0] as Node) : null;
}

/** Whether a `cd`/`pushd` resolves its folder physically: its last `-L`/`-P` is `-P`. */
function physicalCd(words: readonly Word[]): boolean {
  let physical = false;
  for (const word of words.slice(1)) {
    if (word.text === "--" || !/^-[LPe@]+$/.test(word.text)) break;
    for (const letter of word.text) {
      if (letter === "P") physical = true;
      else if (letter === "L") physical = false;
    }
  }
  return physical;
}

/**
 * Whether a folder operand has a `..` whose physical climb may differ from the lexical one:
 * any in an absolute name, or in a relative one once a `cd` moved the shell (the folder it
 * sits in may be a link's target; the one it started in is physical).
 */
function climbsAfterMove(word: Word | undefined, moved: boolean): boolean {
  if (word === undefined || !/(^|\/)\.\.(\/|$)/.test(word.text)) return false;
  return moved || word.text.startsWith("/") || word.tilde;
}

/**
 * The state after a change of directory the walk cannot follow. The mark says the folder was
 * left by a `cd` (see {@link Walker.moved}); code the walk cannot read at all (`source`, a
 * call) leaves the folder unknown without it, as it leaves everything else.
 */
function unknownCwd(state: State): State {
  const vars = copyVars(state.vars);
  vars.set(LEFT_BY_CD, null);
  return { ...state, cwds: null, vars };
}

function dedupe(paths: readonly string[]): string[] {
  return [...new Set(paths)];
}

/** The state a wrapper's command runs in after it entered `folders` in order (`env -C DIR`). */
function inFolders(folders: readonly Word[], state: State): State {
  let here = state;
  for (const folder of folders) {
    const resolved = resolveWord(folder, here).map((entry) => entry.path);
    here = resolved.some((path) => path === null)
      ? unknownCwd(here)
      : { ...here, cwds: dedupe(resolved as string[]) };
  }
  return here;
}

/**
 * POSIX special builtins: in POSIX mode (`set -o posix`, POSIXLY_CORRECT, which the string or
 * the user's environment may set) an assignment before one of them stays after it, as a plain
 * assignment would (bash's POSIX-mode list, "assignment statements preceding POSIX special
 * builtins persist").
 */
const POSIX_SPECIAL_BUILTINS = new Set([
  ":",
  ".",
  "source",
  "break",
  "continue",
  "eval",
  "exec",
  "exit",
  "export",
  "readonly",
  "return",
  "set",
  "shift",
  "times",
  "trap",
  "unset",
]);

/**
 * The state after a command with prefix assignments: before a special builtin they may have
 * stayed (`x=/home/user/notes.txt export y; cat $x` reads that file in POSIX mode), so either
 * state may follow.
 */
function persistedPrefixes(
  classification: Classification,
  assignments: readonly Node[],
  flow: Flow,
  walker: { prefixAssigned(node: Node, state: State): State },
): Flow {
  const name = toolName(classification.executed?.[0]?.text ?? "") ?? "";
  if (!POSIX_SPECIAL_BUILTINS.has(name)) return flow;
  let ok = flow.ok;
  let any = flow.any;
  for (const assignment of assignments) {
    ok = walker.prefixAssigned(assignment, ok);
    any = walker.prefixAssigned(assignment, any);
  }
  // INVARIANT: both the state with the assignments and the one without may follow.
  return { ok: union(flow.ok, ok), any: union(flow.any, any) };
}

/** Whether two lists hold the same values in the same order. */
function sameValues(a: readonly VarValue[], b: readonly VarValue[]): boolean {
  return (
    a.length === b.length &&
    a.every((value, i) => value.text === b[i]?.text && value.glob === b[i]?.glob)
  );
}

/** The flow joined with the states an error may have left the line in (see Walker.dropped). */
function joinDropped(flow: Flow, dropped: State): Flow {
  return { ok: union(flow.ok, dropped), any: union(flow.any, dropped) };
}

function union(a: State, b: State): State {
  const home = a.home === b.home ? a.home : null;
  const vars = unionVars(a.vars, b.vars);
  if (a.cwds === null || b.cwds === null) return { cwds: null, home, vars };
  const cwds = dedupe([...a.cwds, ...b.cwds]);
  return { cwds: cwds.length > MAX_CWDS ? null : cwds, home, vars };
}

/**
 * A copy of the variables, to change: its work grows with how many the walk holds (a
 * declaration of hundreds of names copies them once per name), so it is counted, and the
 * verdict on such a list never depends on how loaded the machine is.
 */
function copyVars(vars: Vars): Map<string, readonly VarValue[] | null> {
  tick(STEP.char * vars.size);
  return new Map(vars);
}

/** The longest value followed, in characters. */
const MAX_VALUE_LENGTH = 4096;

/** At most this many words of a `for` list get a walk of the body each. */
const MAX_ROUNDS_APART = 4;

/** At most this many values are followed per variable; past it the variable is unknown. */
const MAX_VALUES = 8;

/**
 * The folders below the top of the directory stack, as the string's own `pushd DIR` calls
 * left them: an empty list until one ran, null once the stack may hold anything else.
 */
function stackBelow(state: State): string[] | null {
  if (state.vars.has(ANY_NAME) || state.vars.has("DIRSTACK")) return null;
  if (!state.vars.has(DIRSTACK_BELOW)) return [];
  const values = state.vars.get(DIRSTACK_BELOW);
  const only = values?.length === 1 ? values[0] : undefined;
  return only === undefined ? null : (JSON.parse(only.text) as string[]);
}

/** `popd` with a stack the string's `pushd DIR` calls made: back to the folder below the top. */
function stackAfterPop(state: State): State | null {
  const below = stackBelow(state);
  if (below === null || below.length === 0) return null;
  const [top, ...rest] = below;
  const vars = copyVars(state.vars);
  vars.set(DIRSTACK_BELOW, [{ text: JSON.stringify(rest) }]);
  return { ...state, vars, cwds: [top as string] };
}

/**
 * The literal texts a command's own assignments give (`HOME=/tmp cd`): null for a value only
 * known at run time or one with a `~` bash expands there.
 */
function prefixValues(assignments: readonly Node[]): ReadonlyMap<string, string | null> {
  const out = new Map<string, string | null>();
  for (const assignment of assignments) {
    const name = assignment.childForFieldName("name")?.text ?? "";
    const value = assignment.childForFieldName("value");
    const word = value === null ? null : evaluateWord(value);
    const appends = assignment.children.some((part) => part?.type === "+=");
    out.set(
      name,
      appends
        ? null
        : word === null
          ? ""
          : word.literal && !word.glob && !word.text.includes("~")
            ? word.text
            : null,
    );
  }
  return out;
}

/** A variable's one literal value the string gave, or null (unknown, or several). */
function knownText(state: State, name: string): string | null {
  if (state.vars.has(ANY_NAME)) return null;
  const values = state.vars.get(name);
  if (!values || values.length !== 1) return null;
  const value = values[0] as VarValue;
  return value.glob || value.text.includes("~") ? null : value.text;
}

/**
 * The folders `cd NAME` may enter under CDPATH `cdpath` (see Walker.effect): each entry's
 * folder of that name and NAME itself, all resolved where the walk is; null when CDPATH or a
 * folder is unknown.
 */
function cdpathFolders(
  name: string,
  cdpath: string | null | undefined,
  state: State,
): string[] | null {
  if (typeof cdpath !== "string" || /[*?[$`\\]/.test(name) || name.includes("~")) return null;
  const folders: string[] = [];
  for (const entry of [...cdpath.split(":").map((e) => (e === "" ? "." : e)), null]) {
    const text = entry === null ? name : `${entry.replace(/\/+$/, "")}/${name}`;
    for (const resolved of resolveWord(wordFromText(text), state)) {
      if (resolved.path === null) return null;
      folders.push(resolved.path);
    }
  }
  return dedupe(folders);
}

/**
 * Where `cd -` goes: `$OLDPWD`, known once a directory change of this string set it (or the
 * string assigned it an absolute folder); otherwise a folder the string does not decide.
 */
function oldDirectory(state: State): State {
  const values = state.vars.has(ANY_NAME) ? null : state.vars.get("OLDPWD");
  if (!values || values.length === 0 || values.some((v) => v.glob || !v.text.startsWith("/"))) {
    return unknownCwd(state);
  }
  return { ...state, cwds: dedupe(values.map((value) => value.text)) };
}

/** Either path may have run: a name one path leaves to the environment is unknown. */
function unionVars(a: Vars, b: Vars): Vars {
  if (a === b) return a;
  // Each name of both is looked at in a few passes, each a copy's work or more.
  tick(STEP.copy * (a.size + b.size));
  const out = new Map<string, readonly VarValue[] | null>();
  if (a.has(ANY_NAME) || b.has(ANY_NAME)) out.set(ANY_NAME, null);
  // A name only one path set may hold that path's value or the environment's: unknown, so
  // that a value holding code is never taken for the environment's (`true && x='a[$(id)]';
  // echo $((x))` runs id); it is known to hold no code only where both may not (CODE_FREE).
  for (const name of b.keys()) if (!a.has(name)) out.set(name, null);
  for (const [name, values] of a) {
    if (!b.has(name)) {
      out.set(name, null);
      continue;
    }
    const other = b.get(name) ?? null;
    if (values === null || other === null) {
      out.set(name, null);
      continue;
    }
    const merged = [...values];
    for (const value of other) {
      if (!merged.some((v) => v.text === value.text && v.glob === value.glob)) merged.push(value);
    }
    out.set(name, merged.length > MAX_VALUES ? null : merged);
  }
  // Two lists of an array's elements merged are its possible values, not its words.
  for (const [key, values] of a) {
    if (!key.startsWith(ARRAY_ELEMENTS) || values === null) continue;
    const other = b.get(key);
    if (other !== undefined && other !== null && !sameValues(values, other)) {
      out.set(ARRAY_MERGED + key.slice(ARRAY_ELEMENTS.length), null);
    }
  }
  // A value known only as an integer stays so when both paths surely hold one; so does
  // `set -e`.
  if (!a.has(ERREXIT) || !b.has(ERREXIT)) out.delete(ERREXIT);
  for (const key of [...out.keys()]) {
    if (key.startsWith(INTEGER_VALUE) || key.startsWith(CODE_FREE) || key.startsWith(INERT_OUTPUT))
      out.delete(key);
  }
  // A name holds a substitution's output after either path when both say it holds that one.
  for (const [key, values] of a) {
    if (!key.startsWith(INERT_OUTPUT)) continue;
    const name = key.slice(INERT_OUTPUT.length);
    const output = inertOutputOf(name, a);
    if (output !== null && output === inertOutputOf(name, b) && out.get(name) === null) {
      out.set(key, values);
    }
  }
  for (const [name, values] of out) {
    if (values === null && holdsInteger(name, a) && holdsInteger(name, b)) {
      out.set(INTEGER_VALUE + name, null);
    }
    // `true && x=5`: x holds 5 or the user's value, neither of them code.
    if (
      values === null &&
      /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) &&
      codeFreeIn(name, a) &&
      codeFreeIn(name, b)
    ) {
      out.set(CODE_FREE + name, null);
    }
  }
  return out;
}

/** The names `set -o` knows (bash 5.2): any other makes it fail ("invalid option name"). */
const SET_OPTION_NAMES: ReadonlySet<string> = new Set([
  "allexport",
  "braceexpand",
  "emacs",
  "errexit",
  "errtrace",
  "functrace",
  "hashall",
  "histexpand",
  "history",
  "ignoreeof",
  "interactive-comments",
  "keyword",
  "monitor",
  "noclobber",
  "noexec",
  "noglob",
  "nolog",
  "notify",
  "nounset",
  "onecmd",
  "physical",
  "pipefail",
  "posix",
  "privileged",
  "verbose",
  "vi",
  "xtrace",
]);

/** The letters `set` takes besides `o` (`-i`, `-c`, `-s`, `-Z`, `--x`, `-?` make it fail). */
const SET_LETTERS = "abefhkmnprtuvxBCEHPT";

/**
 * What `set WORDS` does, as bash 5.2's set builtin: it first checks every option word (a
 * letter it does not take anywhere among them refuses the whole command, nothing changed),
 * then applies the option words in turn: `-o NAME` takes the next word as NAME unless it is
 * empty or starts with `-` or `+` (then `-o` only lists the options: `set -o +e` turns
 * errexit off, `set -o -- -- a` makes `$1` `--`), each `o` of a cluster the next such word
 * (`-oe pipefail x`: `$1` is x); an unknown NAME stops it there, the letters before it
 * applied. Only a run that did not fail assigns the positional parameters: from the word
 * after `--` (even none), after `-` (if any), or from the first word that is no option.
 * - `unknown`: a word only known at run time among the options.
 * - `fails`: bash surely stops before assigning (the parameters stay); `mayFail`: the check
 *   may refuse the command (a word the walk is unsure it reads as an option).
 * - `errexit`: what the letters applied before any stop leave errexit (undefined: untouched).
 * - `operands`: the index of the first word assigned, or null when none are.
 */
interface SetRun {
  unknown: boolean;
  fails: boolean;
  mayFail: boolean;
  errexit: boolean | undefined;
  operands: number | null;
}

function setRun(words: readonly Word[]): SetRun {
  const run: SetRun = {
    unknown: false,
    fails: false,
    mayFail: setCheckMayRefuse(words),
    errexit: undefined,
    operands: null,
  };
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (!word.literal) return { ...run, unknown: true };
    const text = word.text;
    if (text === "--" || text === "-") {
      if (text === "--" || i + 1 < words.length) run.operands = i + 1;
      return run;
    }
    if (text[0] !== "-" && text[0] !== "+") {
      run.operands = i;
      return run;
    }
    const sign = text[0] === "-";
    for (const letter of text.slice(1)) {
      if (letter === "o") {
        const option = words[i + 1];
        if (option === undefined) continue;
        if (!option.literal) return { ...run, unknown: true };
        if (option.text === "" || /^[-+]/.test(option.text)) continue;
        i++;
        if (!SET_OPTION_NAMES.has(option.text)) return { ...run, fails: true };
        if (option.text === "errexit") run.errexit = sign;
      } else if (SET_LETTERS.includes(letter)) {
        if (letter === "e") run.errexit = sign;
      } else {
        return { ...run, fails: true };
      }
    }
  }
  return run;
}

/**
 * Whether bash's check of `set`'s option words may refuse the command: some letter it does
 * not take in a word that check may read as options. The check reads words up to `--`, `-`,
 * `+` or one not starting with `-`/`+`, and `o` takes the next word as its value: read both
 * ways (whatever that word is, or only one not starting with `-`/`+`), and any word only known
 * at run time may be an option too.
 */
function setCheckMayRefuse(words: readonly Word[]): boolean {
  for (const always of [true, false]) {
    for (let i = 1; i < words.length; i++) {
      const word = words[i] as Word;
      if (!word.literal) return true;
      const text = word.text;
      if (text === "--" || text === "-" || text === "+" || !/^[-+]/.test(text)) break;
      for (const letter of text.slice(1)) {
        if (letter !== "o" && !SET_LETTERS.includes(letter)) return true;
        if (letter !== "o") continue;
        const next = words[i + 1];
        if (next === undefined) continue;
        if (!next.literal) return true;
        if (always || !/^[-+]/.test(next.text)) i++;
      }
    }
  }
  return false;
}

/**
 * The state after `set WORDS` for errexit (see {@link setRun}): `-e`, `-o errexit` (alone or
 * in a cluster such as `-euo pipefail`) turn it on, `+e` and `+o errexit` off. A `set` that
 * may fail may have changed nothing or only the letters before the failing one, so errexit
 * then counts as on only when it is on either way; a word only known at run time may be
 * anything, so errexit is then not counted on.
 */
function errexitAfter(words: readonly Word[], state: State): State {
  const was = state.vars.has(ERREXIT);
  const run = setRun(words);
  const applied = run.errexit ?? was;
  const on = run.unknown ? false : run.fails || run.mayFail ? was && applied : applied;
  if (on === was) return state;
  const vars = copyVars(state.vars);
  if (on) vars.set(ERREXIT, null);
  else vars.delete(ERREXIT);
  return { ...state, vars };
}

/**
 * The state after `set WORDS` for the positional parameters (see {@link setRun}): the words
 * after the options become `$1`, `$2`, … and `"$@"`'s elements. Without such words, or when
 * bash refuses the command (`set -Z a`, `set -o nosuch a`), they stay as they were; when the
 * check may refuse it, either may follow; a word only known at run time may be `--` or any
 * parameter, so all are unknown then.
 */
function positionalsAfter(words: readonly Word[], state: State, posix: boolean): State {
  const run = setRun(words);
  if (run.unknown) return withPositionals(state, null);
  if (run.fails || run.operands === null) return state;
  const next = operandsAsPositionals(words, run.operands, state, posix);
  return run.mayFail ? union(state, next) : next;
}

/**
 * `set`'s operands are expanded like any command's arguments before they are stored: a
 * leading `~` is already the home folder in `$1` (`set -- ~/.bashrc; cat "$1"` reads the
 * home's file). A tilde prefix the state does not decide (`~user`, `~+` with several
 * directories) leaves the parameters unknown.
 */
function operandsAsPositionals(
  words: readonly Word[],
  from: number,
  state: State,
  posix: boolean,
): State {
  const operands: Word[] = [];
  for (const word of words.slice(from)) {
    // `set -- x=~/a`: `$1` is `x=/home/user/a` (see storedAssignmentWord).
    const stored = storedAssignmentWord(word, state, posix);
    if (stored === null) return withPositionals(state, null);
    operands.push(stored);
  }
  // `set -- --u*`: the parameters are file names, any text (see glob-names.ts).
  if (operands.some((word) => globMade(word, state.vars))) {
    return markGlobMade(withPositionals(state, null), "@");
  }
  if (operands.some((word) => !word.literal) || operands.length > MAX_VALUES) {
    return withPositionals(state, null);
  }
  const values: string[] = [];
  for (const word of operands) {
    const text = word.tilde ? expandTilde(word.text, state) : word.text;
    if (text === null) return withPositionals(state, null);
    values.push(text);
  }
  return withPositionals(state, values);
}

/**
 * The state with the positional parameters given (`set -- a b`) or unknown (null): a name the
 * map does not hold is one the walk does not know, as for the environment's.
 */
/**
 * The state after `shift [N]`: the parameters a literal `set --` gave, less the first N (a
 * count past their number fails and moves none); unknown for any other count or list.
 */
function shifted(words: readonly Word[], state: State): State {
  const elements = state.vars.get(`${ARRAY_ELEMENTS}@`) ?? null;
  const count = words[1];
  if (
    elements === null ||
    words.length > 2 ||
    state.vars.has(ANY_NAME) ||
    elements.some((element) => element.glob === true) ||
    (count !== undefined && !(count.literal && /^[0-9]+$/.test(count.text)))
  ) {
    return withPositionals(state, null);
  }
  // Each `$N` must hold that one element: two paths' lists merged are no list.
  for (const [i, element] of elements.entries()) {
    const at = state.vars.get(String(i + 1));
    if (at?.length !== 1 || at[0]?.text !== element.text || at[0]?.glob === true) {
      return withPositionals(state, null);
    }
  }
  const n = count === undefined ? 1 : Number(count.text);
  if (n > elements.length) return state;
  return withPositionals(
    state,
    elements.slice(n).map((element) => element.text),
  );
}

function withPositionals(state: State, values: readonly string[] | null): State {
  const vars = copyVars(state.vars);
  for (const key of [...vars.keys()]) {
    if (/^[0-9]+$/.test(key) || key === `${ARRAY_ELEMENTS}@`) vars.delete(key);
  }
  vars.delete(`${GLOB_MADE}@`);
  if (values !== null) {
    values.forEach((text, i) => {
      vars.set(String(i + 1), [{ text }]);
    });
    vars.set(
      `${ARRAY_ELEMENTS}@`,
      values.map((text) => ({ text })),
    );
  }
  return { ...state, vars };
}

/**
 * The state after `${name:=word}` or `${name=word}` may have assigned `word` (null: computed):
 * the name holds what it held or the word. A name from the environment stays so (its value
 * is the user's own, and unknown to the walk alike) unless the walk knows its value itself
 * (IFS, HOME, PWD) or the word may carry code (see `defaultedNames`).
 */
function defaultAssigned(state: State, name: string, word: string | null): State {
  if (!state.vars.has(name) && !state.vars.has(ANY_NAME) && !/^(?:IFS|HOME|PWD)$/.test(name)) {
    if (word !== null && /^[-+]?[0-9]*$/.test(word)) return state;
  }
  const old = valuesOfState(name, state);
  if (word !== null && old !== null) {
    const values = old.some((value) => value.text === word && !value.glob)
      ? old
      : [...old, { text: word }];
    return assign(state, [name], values.length > MAX_VALUES ? null : values);
  }
  if (word !== null && /^[-+]?[0-9]+$/.test(word) && holdsInteger(name, state.vars)) {
    return assignInteger(state, name);
  }
  return assign(state, [name], null);
}

/** Whether `text` holds a `$'…'` string with a `\u` or `\U` escape past ASCII. */
function localeDependent(text: string): boolean {
  if (!text.includes("$'")) return false;
  for (const match of text.matchAll(/\$'((?:[^'\\]|\\.)*)'?/gs)) {
    for (const sequence of (match[1] as string).matchAll(/\\(?:[uU]([0-9a-fA-F]{1,8})|.)/gs)) {
      if (sequence[1] !== undefined && Number.parseInt(sequence[1], 16) > 0x7f) return true;
    }
  }
  return false;
}

/**
 * The state after an assignment to a name the walk cannot tell (`(( $n = 0 ))`): no variable
 * keeps a known value, PATH among them. Attributes and the functions defined stay.
 */
function anyAssigned(state: State): State {
  const vars = new Map<string, readonly VarValue[] | null>([
    [ANY_NAME, null],
    [LOOKUP_REBOUND, null],
  ]);
  for (const key of state.vars.keys()) {
    if (
      key.startsWith("%") &&
      !key.startsWith(INTEGER_VALUE) &&
      !key.startsWith(ARRAY_ELEMENTS) &&
      !key.startsWith(CODE_FREE) &&
      !key.startsWith(INERT_OUTPUT)
    )
      vars.set(key, state.vars.get(key) ?? null);
  }
  return { ...state, home: null, vars };
}

/**
 * Where the `=` of each assignment word the walk assigns itself stands: those of a command,
 * a declaration or a statement of their own, not one tree-sitter read inside a test or an
 * arithmetic expression.
 */
function assignmentOperators(root: Node): Set<number> {
  const out = new Set<number>();
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    // One look at each node of the whole tree, as cheap as copying it: charged as a copy, so
    // that this pass does not take the budget of the walk itself (6,000 words took half).
    tick(STEP.copy);
    if (node.type === "variable_assignment") {
      const operator = node.children.find((child) => child?.type === "=" || child?.type === "+=");
      if (operator) out.add(operator.endIndex - 1);
    }
    if (
      node.type === "test_command" ||
      node.type === "arithmetic_expansion" ||
      node.type === "subscript" ||
      // tree-sitter reads `${x:-$((IFS=5))}` as a substitution holding a subshell `(IFS=5)`.
      node.type === "expansion" ||
      (node.type === "command_substitution" && node.text.startsWith("$((")) ||
      (node.type === "compound_statement" && node.child(0)?.type === "((")
    )
      continue;
    if (node.type === "c_style_for_statement") {
      const body = node.childForFieldName("body");
      if (body) stack.push(body);
      continue;
    }
    for (const child of node.namedChildren) if (child) stack.push(child);
  }
  return out;
}

/**
 * The quoting of each character of `text` as the walk reads it (see untracked.ts): the grammar's
 * `'…'`, `$'…'` and the literal runs of `"…"`, and the bodies of heredocs with a quoted
 * delimiter (cut out before the parse, so found in their spans).
 */
function quotedText(
  root: Node,
  text: string,
  heredocs: ReadonlyMap<number, HeredocSpan>,
): QuotedText {
  const kinds = new Uint8Array(text.length);
  for (const span of heredocs.values()) {
    if (span.quoted) kinds.fill(IN_LITERAL_BODY, span.bodyStart, span.bodyEnd);
  }
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    tick(STEP.copy);
    const type = node.type;
    if (type === "raw_string" || type === "ansi_c_string") {
      kinds.fill(IN_SINGLE, node.startIndex, node.endIndex);
      continue;
    }
    if (type === "string_content" && node.parent?.type === "string") {
      kinds.fill(IN_DOUBLE, node.startIndex, node.endIndex);
      continue;
    }
    for (const child of node.namedChildren) if (child) stack.push(child);
  }
  return kinds;
}

/** The state with `name` set to an integer the walk does not know (see INTEGER_VALUE). */
function assignInteger(state: State, name: string): State {
  const next = assign(state, [name], null);
  const vars = copyVars(next.vars);
  vars.set(INTEGER_VALUE + name, null);
  return { ...next, vars };
}

/** The state with `names` set to what they may now hold (`null`: unknown). */
/**
 * Every name the walk assigns while a loop's round is walked (see {@link Walker.loop}), or
 * null outside a loop.
 */
let assignedLog: Set<string> | null = null;

/** What glob-made words make of a unit after a write (see `globNamesFloor`). */
function floorGlobNames(unit: PendingUnit, found: GlobNames): void {
  if (found.option) unit.sentinel = strongerSentinel(unit.sentinel, SENTINELS.computedWord);
  for (const word of found.split) {
    unit.paths.push({ raw: word.text, path: null, glob: null, access: "read", via: "operand" });
  }
}

/** The state with `name` marked as holding what `substitution` printed (see inert-values.ts). */
function markInertOutput(state: State, name: string, substitution: string): State {
  const vars = copyVars(state.vars);
  vars.set(INERT_OUTPUT + name, [{ text: substitution }]);
  return { ...state, vars };
}

/** The state with `name` marked as holding a file name a glob made (see glob-names.ts). */
function markGlobMade(state: State, name: string): State {
  const vars = copyVars(state.vars);
  vars.set(globMadeKey(name), []);
  return { ...state, vars };
}

function assign(state: State, names: Iterable<string>, given: readonly VarValue[] | null): State {
  // A value past a few kilobytes is not followed: doubling one (`x=$x$x`) would otherwise
  // grow without bound long before any deadline looked.
  const values = given?.some((value) => value.text.length > MAX_VALUE_LENGTH) ? null : given;
  const vars = copyVars(state.vars);
  let home = state.home;
  for (const name of names) {
    assignedLog?.add(name);
    vars.set(name, values);
    vars.delete(INTEGER_VALUE + name);
    vars.delete(ARRAY_ELEMENTS + name);
    vars.delete(ARRAY_MERGED + name);
    vars.delete(CODE_FREE + name);
    vars.delete(GLOB_MADE + name);
    vars.delete(INERT_OUTPUT + name);
    if (LOOKUP_VARIABLES.has(name)) vars.set(LOOKUP_REBOUND, null);
    // An element (`declare -a a[0]=push`, `read 'a[1]'`): the array's name now holds what
    // the walk no longer knows, whatever elements it remembered.
    const bracket = name.indexOf("[");
    if (bracket > 0) {
      const base = name.slice(0, bracket);
      assignedLog?.add(base);
      vars.set(base, null);
      vars.delete(INTEGER_VALUE + base);
      vars.delete(ARRAY_ELEMENTS + base);
      vars.delete(ARRAY_MERGED + base);
      vars.delete(CODE_FREE + base);
      vars.delete(INERT_OUTPUT + base);
      if (LOOKUP_VARIABLES.has(base)) vars.set(LOOKUP_REBOUND, null);
    }
    if (name === "HOME")
      home = values?.length === 1 && values[0]?.glob !== true ? (values[0]?.text ?? null) : null;
  }
  return { ...state, vars, home };
}

/**
 * The state after an `unset` the grammar did not read as one: spelled in pieces or behind
 * `command`, `builtin` or a prefix (`command unset x`, `\unset x`, `y=1 unset x`). Every name its
 * words spell, as a variable or a function, no longer holds what the walk knew (R27
 * wrapped-unset, traced: `x=ok; command unset x; cat .env$x` read .env; `command unset PATH`
 * finds programs in the working directory; `command unset HOME` moves `~`). A word known only
 * at run time may name any of them.
 */
function unsetAnyhow(words: readonly Word[], state: State): State {
  const names: string[] = [];
  let computed = false;
  for (const word of words) {
    if (!word.literal) computed = true;
    for (const name of word.text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) {
      names.push(name, `${DEFINED_FUNCTION}${name}`);
    }
  }
  if (computed) names.push(...COMPUTED_NAME_TARGETS, "HOME", ...functionKeys(state));
  return assign(state, names, null);
}

/** Options of the assigning builtins that take the next word (or the rest of the cluster). */
const VALUE_OPTIONS: ReadonlyMap<string, string> = new Map([
  ["read", "adinNptu"],
  ["mapfile", "dnOsuCc"],
  ["readarray", "dnOsuCc"],
  ["printf", "v"],
  ["wait", "p"],
  ["getopts", ""],
]);

/** Options whose value is a variable name the builtin assigns. */
const NAME_OPTIONS: ReadonlyMap<string, string> = new Map([
  ["read", "a"],
  ["printf", "v"],
  ["wait", "p"],
]);

/**
 * The words an assigning builtin takes as names of variables it assigns: `read`'s operands
 * and `-a`, `mapfile`'s array, `printf -v`, `wait -p`, `getopts`' second operand. Null when
 * the words do not say (a computed word where an option may stand), and every word then
 * counts as a possible name.
 */
function nameOperands(name: string, words: readonly Word[], vars?: Vars): Word[] | null {
  const valued = VALUE_OPTIONS.get(name);
  if (valued === undefined) return null;
  const naming = NAME_OPTIONS.get(name) ?? "";
  const names: Word[] = [];
  let i = 0;
  for (; i < words.length; i++) {
    const word = words[i] as Word;
    if (!word.literal) {
      // A process id or status (`wait $!`, `wait "$!"`) is digits or nothing, never an option:
      // the operands start there.
      if (/^("?)\$(?:[!?$]|\{[!?$]\})\1$/.test(word.text)) break;
      // So is a variable holding one (`PID=$!; wait $PID`, S33 numeric-variable): `-5` or
      // digits take no name, and an empty one leaves the later words as `wait $!` does.
      const held = /^("?)\$(?:([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)\})\1$/.exec(
        word.text,
      );
      const variable = held?.[2] ?? held?.[3];
      if (vars !== undefined && variable !== undefined && integerHeld(variable, vars)) break;
      // `read -p "$prompt" x` is an option's value above; a computed word here may be `-v`.
      return null;
    }
    if (word.text === "--") {
      i++;
      break;
    }
    if (!/^-./.test(word.text) || name === "getopts") break;
    for (let at = 1; at < word.text.length; at++) {
      const letter = word.text[at] as string;
      if (!valued.includes(letter)) continue;
      const attached = word.text.slice(at + 1);
      const value = attached !== "" ? { ...word, text: attached } : words[++i];
      if (value === undefined) return null;
      if (naming.includes(letter)) names.push(value);
      break;
    }
  }
  const operands = words.slice(i);
  switch (name) {
    case "read":
      names.push(...operands);
      break;
    case "mapfile":
    case "readarray":
      names.push(...operands.slice(0, 1));
      break;
    case "getopts":
      names.push(...operands.slice(1, 2));
      break;
  }
  return names;
}

/** Whether `name` holds an integer the walk is sure of, with no name assigned at run time since. */
function integerHeld(name: string, vars: Vars): boolean {
  return !vars.has(COMPUTED_NAME) && !vars.has(ANY_NAME) && holdsInteger(name, vars);
}

/**
 * Code the analyzer cannot follow ran (`eval`, `source`, a function call): any variable, the
 * home directory and the working directory may have changed.
 */
/**
 * Whether a variable the word expands unquoted holds a value the string gave it that may
 * split into a name with code in its subscript (`x='-v a[$(id)]'; [ $x ]` runs id, traced).
 */
function knownSubscriptCode(text: string, env: ExpandEnv): boolean {
  for (const match of text.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)) {
    const values = valuesOf(match[1] as string, env);
    if (values?.some((value) => /\[[^\]]*[`$]/.test(value.text))) return true;
  }
  return false;
}

/** `state` with the functions `from` holds as defined. */
function withFunctionsOf(state: State, from: State): State {
  const keys = functionKeys(from);
  if (keys.length === 0) return state;
  const vars = copyVars(state.vars);
  for (const key of keys) vars.set(key, from.vars.get(key) ?? null);
  return { ...state, vars };
}

/** The state with no function known to be defined. */
function forgetFunctions(state: State): State {
  const keys = functionKeys(state);
  return keys.length === 0 ? state : assign(state, keys, null);
}

/** The keys of every function the state holds as defined. */
function functionKeys(state: State): string[] {
  const keys: string[] = [];
  for (const key of state.vars.keys()) if (key.startsWith(DEFINED_FUNCTION)) keys.push(key);
  return keys;
}

/**
 * Whether a command runs `readonly`, or a declaration builtin with `-r` or a computed word,
 * through a command word only known at run time (`$r$o x=.env`, `builtin readonly x`): the
 * text scan of Walker.mayBeReadonly may not see it.
 */
function makesReadonly(classification: Classification): boolean {
  const executed = classification.executed;
  const name = toolName(executed?.[0]?.text ?? "");
  return (
    executed !== null &&
    name !== null &&
    DECLARERS.has(name) &&
    (name === "readonly" ||
      executed.slice(1).some((word) => !word.literal || /^-[A-Za-z]*r/.test(word.text)))
  );
}

function havoc(state: State): State {
  const vars = new Map<string, readonly VarValue[] | null>([[ANY_NAME, null]]);
  // A folder a cd already left unknown stays so (a function whose body runs cd).
  if (state.vars.has(LEFT_BY_CD)) vars.set(LEFT_BY_CD, null);
  if (state.vars.has(READONLY_MADE)) vars.set(READONLY_MADE, null);
  for (const key of state.vars.keys()) if (key.startsWith(READONLY_NAME)) vars.set(key, null);
  // A stdin a bare `exec` gave stays given, though what is left of its text is not known.
  if (state.vars.has(EXEC_STDIN)) vars.set(EXEC_STDIN, null);
  return { cwds: null, home: null, vars };
}

function sameCwds(a: readonly string[] | null, b: readonly string[] | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((cwd, index) => cwd === b[index]);
}

/**
 * Whether `wider` (the entry of a loop joined with what a round left) says nothing `entry`
 * does not: every value it allows, `entry` allows.
 */
function covers(entry: State, wider: State): boolean {
  if (entry.home !== wider.home || !sameCwds(entry.cwds, wider.cwds)) return false;
  // A name the entry holds as an integer must still be one.
  for (const key of entry.vars.keys()) {
    if (
      (key.startsWith(INTEGER_VALUE) || key.startsWith(CODE_FREE) || key === ERREXIT) &&
      !wider.vars.has(key)
    )
      return false;
    // A name the entry holds as a substitution's output must still hold that one.
    if (
      key.startsWith(INERT_OUTPUT) &&
      inertOutputOf(key.slice(INERT_OUTPUT.length), wider.vars) !==
        inertOutputOf(key.slice(INERT_OUTPUT.length), entry.vars)
    )
      return false;
  }
  for (const [name, values] of wider.vars) {
    if (!entry.vars.has(name)) return false;
    const before = entry.vars.get(name) ?? null;
    if (values === null ? before !== null : before === null || before.length !== values.length)
      return false;
  }
  return true;
}

function sameState(a: State, b: State): boolean {
  if (a.home !== b.home || a.vars !== b.vars) return false;
  if (a.cwds === null || b.cwds === null) return a.cwds === b.cwds;
  return a.cwds.length === b.cwds.length && a.cwds.every((cwd, index) => cwd === b.cwds?.[index]);
}

/**
 * The names a statement may assign anywhere inside it. An `eval`, `source`, `read`-like
 * builtin or function call inside makes every name possible: the caller gets `*`.
 */
/**
 * Whether an assignment is the prefix of a command named by a literal word that is neither a
 * POSIX special builtin (whose prefixes may stay) nor a function of the string.
 */
function environmentOnly(assignment: Node, functions: ReadonlySet<string>): boolean {
  const command = assignment.parent;
  if (command?.type !== "command") return false;
  const name = command.childForFieldName("name");
  const word = name?.namedChildren[0] ?? name;
  if (name === null || word === null || name.isMissing || word.isMissing) return false;
  const spelled = unquoted(word.text);
  if (word.startIndex <= assignment.endIndex || /[$`\\]/.test(spelled) || spelled === "")
    return false;
  const program = toolName(spelled) ?? spelled;
  return !POSIX_SPECIAL_BUILTINS.has(program) && !functions.has(program);
}

function assignedNames(node: Node, functions: ReadonlySet<string>): string[] | null {
  const names = new Set<string>();
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const current = stack.pop() as Node;
    tick(STEP.expression);
    if (current.type === "variable_assignment") {
      const base = /^[A-Za-z_][A-Za-z0-9_]*/.exec(current.childForFieldName("name")?.text ?? "");
      // A prefix of a program or a regular builtin (`PATH=/usr/bin:$PATH git status`) is its
      // environment only: the shell keeps nothing. (What a round does keep decides anyway,
      // see Walker.loop.)
      if (base && !environmentOnly(current, functions)) names.add(base[0]);
    } else if (current.type === "for_statement" || current.type === "select_statement") {
      const variable = current.childForFieldName("variable");
      if (variable) names.add(variable.text);
    } else if (
      current.type === "command" ||
      current.type === "declaration_command" ||
      current.type === "unset_command"
    ) {
      const spelled = current.childForFieldName("name")?.text ?? "";
      // A command word only known at run time may be any builtin, or a function.
      if (current.type === "command" && /[$`]/.test(spelled)) return null;
      // Read after quote removal: `pr''intf -v c x` is printf.
      const command =
        current.type === "command" ? toolName(unquoted(spelled)) : (current.child(0)?.type ?? null);
      const runs = (name: string | null) =>
        name === "eval" || name === "source" || name === "." || functions.has(name ?? "");
      if (runs(command)) return null;
      // `command eval …`, `builtin source …`.
      if (
        (command === "command" || command === "builtin") &&
        current.namedChildren.some((word) => word !== null && runs(unquoted(word.text)))
      ) {
        return null;
      }
      // `command printf -v c x` and `builtin read c` assign as the builtin does; `unset`
      // changes the names it is given.
      if (
        command !== null &&
        (ASSIGNING_COMMANDS.has(command) ||
          command === "command" ||
          command === "builtin" ||
          command === "unset")
      ) {
        for (const word of current.namedChildren) {
          if (word === null) continue;
          for (const name of unquoted(word.text).match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) {
            names.add(name);
          }
        }
      }
    } else if (current.type === "arithmetic_expansion" || current.type === "compound_statement") {
      for (const name of current.text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) names.add(name);
    }
    for (const child of current.namedChildren) if (child) stack.push(child);
  }
  return [...names];
}

/**
 * The text of `node` with every subshell it holds (`( … )`, `$( … )`, backquotes, `<( … )`)
 * blanked out: what runs there changes nothing in this shell.
 */
function outsideSubshells(node: Node): string {
  const text = node.text.split("");
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const current = stack.pop() as Node;
    tick(STEP.expression);
    if (
      current !== node &&
      (current.type === "subshell" ||
        current.type === "command_substitution" ||
        current.type === "process_substitution")
    ) {
      for (let i = current.startIndex; i < current.endIndex; i++) text[i - node.startIndex] = " ";
      continue;
    }
    for (const child of current.children) if (child) stack.push(child);
  }
  return text.join("");
}

/**
 * The elements of `(…)` when each is one plain word bash keeps as written (no expansion, no
 * brace, no tilde, no `[k]=` subscript) or a glob whose one expansion is pathname expansion
 * (kept as its pattern, `glob: true`). Null otherwise, or when there is none.
 */
function literalElements(array: Node): VarValue[] | null {
  const out: VarValue[] = [];
  for (const element of array.namedChildren) {
    if (!element || element.type === "comment") continue;
    const word = evaluateWord(element);
    if (word.brace || word.tilde) return null;
    if (/^\[|^[^'"\\]*\]\+?=/.test(element.text) || element.type === "subscript") return null;
    if (word.glob && word.pattern !== null) {
      // Pathname expansion is the element's one expansion: the file names it matches, each
      // an element, kept as the pattern (a `for` list's glob is held the same way).
      out.push({ text: word.pattern, glob: true });
      continue;
    }
    if (!word.literal) return null;
    out.push({ text: word.text });
  }
  return out.length === 0 || out.length > MAX_VALUES ? null : out;
}

/**
 * The state after a compound array assignment whose elements the walk does not list: marked
 * {@link CODE_FREE} when every key and element is written without `$`, a backquote, a
 * backslash or a glob, so that its unknown value is not taken for code (see assignsCode).
 */
function markCodeFree(state: State, name: string, array: Node): State {
  for (const element of array.namedChildren) {
    if (!element || element.type === "comment") continue;
    const text = element.text.replace(/^\[[^\]]*\]\+?=/, "");
    if (/[$`\\*?[\]]/.test(text) || /[$`\\]/.test(element.text)) return state;
  }
  const vars = copyVars(state.vars);
  vars.set(CODE_FREE + name, null);
  return { ...state, vars };
}

/**
 * What a `for` variable may hold: each word of the list after expansion, globs as globs.
 * `posix`: whether posix mode may be on (see {@link storedAssignmentWord}).
 */
function loopValues(values: readonly Node[], state: State, posix: boolean): VarValue[] | null {
  if (values.length === 0) return null;
  const out: VarValue[] = [];
  // `"${dirs[@]}"` alone: each element of an array assigned from plain words, one round each.
  const whole =
    values.length === 1
      ? /^"\$\{([A-Za-z_][A-Za-z0-9_]*)\[@\]\}"$/.exec(values[0]?.text ?? "")
      : null;
  if (whole) {
    const elements = state.vars.get(ARRAY_ELEMENTS + (whole[1] as string)) ?? null;
    return elements === null || elements.length === 0 ? null : [...elements];
  }
  // `"$@"` alone: each positional parameter a literal `set --` gave, one round each.
  if (values.length === 1 && /^"\$(?:@|\{@\})"$/.test(values[0]?.text ?? "")) {
    const elements = state.vars.get(`${ARRAY_ELEMENTS}@`) ?? null;
    return elements === null || elements.length === 0 ? null : [...elements];
  }
  // The grammar cuts `.e[\n]v` and `{.e,x}\nv` in a `for` list as in a command's words.
  for (const written of joinTouching(values.map((node) => evaluateWord(node)))) {
    const word = storedAssignmentWord(written, state, posix);
    if (word === null) return null;
    const expanded = expandWord(word, envOf(state));
    if (expanded === null || expanded.length !== 1) return null;
    for (const field of expanded[0] as Field[]) {
      // The words of a `for` list get tilde expansion like any other word.
      const tilde = word.tilde ? expandTilde(field.text, state) : field.text;
      if (tilde === null) return null;
      out.push(field.pattern === null ? { text: tilde } : { text: field.pattern, glob: true });
    }
  }
  return out.length > MAX_VALUES ? null : out;
}

/**
 * A word whose value the walk stores (a `for` list's, a `set` operand) spelled as an
 * assignment (`x=~/a`, `k+=a:~-/b`, `PATH=~root/x`), with the tildes after its `=` and after
 * each unquoted `:` expanded as bash expands them there outside posix mode, HOME's `~` too:
 * the variable holds `x=/home/user/a`, and a later `${f#x=}` or an `IFS==` split hands on the
 * folder, not the text `~/a` (C17 assignment-word-tilde-in-for-list-and-set-args). A braced
 * word keeps its tildes (bash expands the braces first and no longer reads an assignment).
 * Null (unknown) when a prefix's folder is not decided or written so that it is not followed
 * (`x=~user/a`, `x=~"/a"`), or when posix mode may be on: bash keeps the text there, and the
 * string may switch the mode.
 */
function storedAssignmentWord(word: Word, state: State, posix: boolean): Word | null {
  if (!(word.written ?? word.text).includes("~") || word.brace) return word;
  const shaped = assignmentShaped(word);
  if (shaped === null) {
    // A word the walk expanded already (a `set` operand, see assignmentArgument) lost its
    // pieces: in posix mode bash would have kept the text it was written with.
    return posix && word.written !== undefined && ASSIGNMENT_SHAPED.test(word.written)
      ? null
      : word;
  }
  const expanded = assignmentTildes(shaped.word, shaped.from, tildeFolder(state));
  if (expanded === shaped.word && word.written === undefined) return word;
  if (posix || expanded.pieces === undefined) return null;
  return expanded;
}

const ASSIGNMENT_SHAPED = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/;

/**
 * The text with `$'…'` decoded and every quote and backslash dropped: a builtin's name spelled
 * with quotes (`c''d`, `read""only`, `\\cd`) reads as the name.
 */
function unquoted(text: string): string {
  const decoded = text.includes("$'")
    ? text.replace(/\$'((?:[^'\\]|\\.)*)'?/gs, (_, body: string) => decodeAnsi(body))
    : text;
  return decoded.replace(/['"\\]/g, "");
}

function clip(text: string): string {
  const line = text.split("\n")[0] ?? "";
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
}

/**
 * The variables the string assigned before a call that `pattern` names
 * (`export npm_config_global=true`), each value as a word; a value it did not decide, or any
 * name an unknown assignment may have set, is unknown.
 */
function settingsOfVars(vars: Vars, pattern: RegExp): NpmSetting[] {
  const settings: NpmSetting[] = [];
  for (const [name, values] of vars) {
    if (name === ANY_NAME) {
      for (const known of [
        ...["npm_config_global", "PIP_USER", "GZIP", "PIGZ", "LZOP", "BZIP2", "BZIP"],
        ...["LBZIP2", "XZ_DEFAULTS", "XZ_OPT"],
      ]) {
        if (pattern.test(known)) settings.push({ name: known, value: null });
      }
      continue;
    }
    if (!pattern.test(name)) continue;
    if (values === null) {
      settings.push({ name, value: null });
      continue;
    }
    for (const value of values) settings.push({ name, value: wordFromText(value.text) });
  }
  return settings;
}

/** Shells that run a script operand (`sh configure …`, see {@link scriptOperand}). */
const SCRIPT_SHELLS =
  /^(?:sh|bash|dash|ksh|zsh|mksh|ash|yash|posh|oksh|loksh|lksh|pdksh|rbash|rksh|ksh93)$/;

/**
 * Where the program or script a command runs stands among its words: the first word, or after
 * a shell and its options the script operand (R24 configure-shell-option: `sh -e ./configure`,
 * `bash -x configure`, `sh -- configure` run configure with the words after it). `-o`/`-O`
 * (also in a cluster, `-eo pipefail`) and bash's `--rcfile`/`--init-file` take the next word;
 * `-c` and `-s` run no script operand (null).
 */
function scriptOperand(executed: readonly Word[]): number | null {
  if (!SCRIPT_SHELLS.test(toolName(executed[0]?.text ?? "") ?? "")) return 0;
  let i = 1;
  while (i < executed.length) {
    const text = (executed[i] as Word).text;
    if (text === "--" || text === "-") return i + 1;
    if (/^--(?:rcfile|init-file)$/.test(text)) {
      i += 2;
      continue;
    }
    if (text.startsWith("--")) {
      i++;
      continue;
    }
    if (!/^[-+][A-Za-z]+$/.test(text)) return i;
    if (/[cs]/.test(text.slice(1))) return null;
    i += 1 + (text.slice(1).match(/[oO]/g)?.length ?? 0);
  }
  return null;
}

/** Build tools that take variables as `NAME=VALUE` operands (see Walker.compilerLineRuns). */
const VARIABLE_OPERAND_TOOLS = /^(?:configure|config\.status|make|gmake|bmake|pmake|scons)$/;

/** The variables and git settings that name an editor: it is run with the file to edit. */
const EDITOR_NAMES =
  /^(EDITOR|VISUAL|GIT_EDITOR|GIT_SEQUENCE_EDITOR|core\.editor|sequence\.editor)$/;

/**
 * Blanks a substitution node's text starts with: inside double quotes tree-sitter-bash 0.25
 * starts a `$(…)` or backtick node that follows a variable and a blank (`"$d $(date)"`) at the
 * blank, so the body is cut out after them.
 */
function leadingBlanks(node: Node): number {
  return /^\s*/.exec(node.text)?.[0].length ?? 0;
}

/**
 * The one text a variable holds for a program: its last plain assignment in the command's own
 * environment (prefix or wrapper), else the one value the string assigned it; null otherwise.
 */
/**
 * A `git merge` (or the merge a `git pull` makes) with GIT_MERGE_AUTOEDIT set to anything but
 * a false value by the command's environment or an earlier statement: git then opens the
 * editor for the merge message although stdin is no terminal, unless the message is given
 * (`-m`, `-F`, `--no-edit`). A value only known at run time may be true.
 */
function mergeAutoEdits(
  canonical: readonly Word[],
  environment: readonly Assignment[],
  state: State,
): boolean {
  const name = canonical[1]?.text;
  if (name !== "merge" && name !== "pull") return false;
  const args = canonical.slice(2);
  if (
    args.some(
      (word) =>
        word.literal &&
        /^-[a-zA-Z]*[mF]|^--(message|file|no-edit)(=|$)|^--(abort|quit)$/.test(word.text),
    )
  ) {
    return false;
  }
  const own = environment.filter((assignment) => assignment.name === "GIT_MERGE_AUTOEDIT");
  const earlier = state.vars.get("GIT_MERGE_AUTOEDIT");
  // Each value as text, or null where it is only known at run time.
  const values: (string | null)[] = [
    ...own.map((assignment) =>
      assignment.append === true || !assignment.value.literal ? null : assignment.value.text,
    ),
    ...(earlier === undefined
      ? []
      : earlier === null
        ? [null]
        : earlier.map((value) => (value.glob === true ? null : value.text))),
  ];
  if (own.length === 0 && state.vars.has(ANY_NAME)) values.push(null);
  return values.some((value) => value === null || !/^(|false|no|off|0+)$/i.test(value.trim()));
}

function knownValue(name: string, environment: readonly Assignment[], state: State): string | null {
  const own = environment.filter((assignment) => assignment.name === name).pop();
  if (own !== undefined) {
    return own.append !== true && own.value.literal ? own.value.text : null;
  }
  const values = state.vars.get(name);
  if (values === undefined || values === null || values.length !== 1) return null;
  const only = values[0];
  return only === undefined || only.glob ? null : only.text;
}

/** The one expansion a double-quoted value holds whole (`"$(…)"`, `"$((…))"`), or the value. */
function unquotedSole(value: Node): Node {
  return value.type === "string" &&
    value.namedChildren.length === 1 &&
    value.text === `"${value.namedChildren[0]?.text}"`
    ? (value.namedChildren[0] as Node)
    : value;
}
