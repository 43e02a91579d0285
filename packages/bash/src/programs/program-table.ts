import { tokenizeOrNull } from "../check/crosscheck.ts";
import type { Word } from "../read/words.ts";
import type { ProgramDeclaration, ProgramKind, ProgramTable } from "../types.ts";
import { classify } from "./classify.ts";
import type { OptionGrammar } from "./getopt.ts";
import { opaqueRuleFor } from "./opaque.ts";
import { declaredFileUses, isKnownFileCommand } from "./paths.ts";
import {
  activePrograms,
  type DeclaredProgram,
  declaredProgram,
  type ProgramIndex,
  setActivePrograms,
} from "./programs.ts";
import { SHELL_WORDS } from "./shell-words.ts";
import { wrapperFor } from "./wrappers.ts";

/**
 * Programs a policy declares (`AnalyzeOptions.programs`): their checks, and the compiled table
 * the analysis reads. Like the built-in tables, an entry carries `match` / `notMatch` examples
 * that {@link checkPrograms} runs through the same classification the analyzer uses.
 *
 * A declaration only adds. The names the built-in tables know cannot be declared at all, so no
 * entry can turn an executor (`bash -c`) into a wrapper or a file command (`cat`) into
 * something that forgets its operands; and a declared program is still judged as written, with
 * every word shaped like a path, as if nobody had declared it.
 */

/** Which built-in table knows a program name. */
export type BuiltinProgramTable = "wrapper" | "executor" | "files" | "git" | "shell";

/** What is wrong with one declared program, as data. */
export interface ProgramProblem {
  /**
   * `builtin`: the name is one a built-in table knows; `invalid`: the entry cannot be read as
   * declared; `example`: one of its examples does not hold.
   */
  readonly kind: "builtin" | "invalid" | "example";
  /** Where: the entry's key, then the field, then the example (`["uv run", "match", "uv run x"]`). */
  readonly path: readonly (string | number)[];
  /** One lowercase sentence, the user's values in backticks. */
  readonly message: string;
  readonly expected: string | null;
  readonly received: string | null;
  /** What to do about it. */
  readonly help: string;
}

/**
 * The built-in table that knows a program name, or `null` when a policy may declare it.
 *
 * @example
 * ```ts
 * builtinProgram("sudo"); // "wrapper"
 * builtinProgram("python3.12"); // "executor"
 * builtinProgram("with-retry"); // null
 * ```
 */
export function builtinProgram(name: string): BuiltinProgramTable | null {
  if (SHELL_WORDS.has(name)) return "shell";
  if (name === "git") return "git";
  if (wrapperFor(name) !== undefined) return "wrapper";
  if (opaqueRuleFor(name) !== undefined) return "executor";
  if (isKnownFileCommand(name)) return "files";
  return null;
}

const KINDS: readonly ProgramKind[] = ["wrapper", "executor", "files"];

const KIND_NAMES: Readonly<Record<ProgramKind, string>> = {
  wrapper: "a wrapper",
  executor: "an executor",
  files: "a files program",
};

/** The fields each kind reads; any other field is an error, never ignored. */
const FIELDS: Readonly<Record<ProgramKind, readonly string[]>> = {
  wrapper: [
    "kind",
    "options",
    "positionals",
    "unsafe",
    "query",
    "fileOptions",
    "match",
    "notMatch",
  ],
  executor: ["kind", "options", "codeOptions", "match", "notMatch"],
  files: ["kind", "options", "operands", "recursive", "fileOptions", "match"],
};

const ACCESS = ["read", "write", "read_write"];
const ARITY = ["none", "required", "optional"];
const NAME_WORD = /^[A-Za-z0-9_][A-Za-z0-9_.+@%,=-]*$/;
const SHORT = /^(?:[A-Za-z0-9](?::{1,2})?)*$/;
const LONG = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const MAX_POSITIONALS = 16;

const code = (text: unknown) => `\`${typeof text === "string" ? text : JSON.stringify(text)}\``;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

/**
 * Every problem of a table of declared programs: entries that name a built-in program, entries
 * that cannot be read, and examples that do not hold. The examples of the readable entries are
 * run with those entries in force, through the classification the analyzer uses:
 *
 * - a wrapper's `match` maps a command to the command it finally runs; its `notMatch` lists
 *   commands whose inner command must stay unproven;
 * - an executor's `match` lists commands that run code (the opaque sentinel), its `notMatch`
 *   commands that do not;
 * - a files program's `match` maps a command to exactly what its declaration makes it touch:
 *   `"read src/**"` (a recursive operand), `"write out.tar"`, `"read_write x"`.
 *
 * @example
 * ```ts
 * checkPrograms({ "with-retry": { kind: "wrapper", options: { short: "n:" },
 *   match: { "with-retry -n 3 git push": "git push" } } });
 * // []
 * checkPrograms({ sudo: { kind: "wrapper" } })[0]?.kind;
 * // "builtin"
 * ```
 */
export function checkPrograms(programs: ProgramTable): ProgramProblem[] {
  const problems: ProgramProblem[] = [];
  const readable: Record<string, ProgramDeclaration> = {};
  for (const key of Object.keys(programs)) {
    const found = declarationProblems(key, programs[key]);
    problems.push(...found);
    if (found.length === 0) readable[key] = programs[key] as ProgramDeclaration;
  }
  const index = buildIndex(readable);
  const previous = activePrograms();
  setActivePrograms(index);
  try {
    for (const programList of index.byName.values()) {
      for (const program of programList) problems.push(...exampleProblems(program));
    }
  } finally {
    setActivePrograms(previous);
  }
  return problems;
}

const compiled = new WeakMap<object, ProgramIndex | null>();

/**
 * The compiled table of `programs`, once per distinct object; `null` for none or an empty one.
 * Examples are not run here (that is {@link checkPrograms}' job).
 *
 * @throws TypeError when an entry names a built-in program or cannot be read
 */
export function programIndex(programs: ProgramTable | undefined): ProgramIndex | null {
  if (programs === undefined) return null;
  if (typeof programs !== "object" || programs === null) {
    throw new TypeError("AnalyzeOptions.programs must be an object of program declarations");
  }
  const known = compiled.get(programs);
  if (known !== undefined) return known;
  for (const key of Object.keys(programs)) {
    const [problem] = declarationProblems(key, programs[key]);
    if (problem !== undefined) {
      throw new TypeError(`AnalyzeOptions.programs[${JSON.stringify(key)}]: ${problem.message}`);
    }
  }
  const index = Object.keys(programs).length === 0 ? null : buildIndex(programs);
  compiled.set(programs, index);
  return index;
}

/** Makes `programs` the declared table of the analysis about to run (throws like {@link programIndex}). */
export function usePrograms(programs: ProgramTable | undefined): void {
  setActivePrograms(programIndex(programs));
}

function buildIndex(programs: ProgramTable): ProgramIndex {
  const byName = new Map<string, DeclaredProgram[]>();
  for (const key of Object.keys(programs)) {
    const declaration = programs[key] as ProgramDeclaration;
    const words = key.split(" ");
    const name = words[0] as string;
    const options: OptionGrammar = {
      short: `+${declaration.options?.short ?? ""}`,
      long: declaration.options?.long ?? {},
      abbreviations: declaration.options?.abbreviations === true,
    };
    const program: DeclaredProgram = {
      key,
      words,
      declaration,
      options,
      wrapper:
        declaration.kind === "wrapper"
          ? {
              names: [name],
              // Judged as itself and as the command it runs; never transparent, so a rule
              // naming the wrapper keeps applying.
              kind: "indirection",
              exact: true,
              options,
              ...(declaration.unsafe ? { unsafe: declaration.unsafe } : {}),
              ...(declaration.query ? { query: declaration.query } : {}),
              ...(declaration.fileOptions ? { fileOptions: declaration.fileOptions } : {}),
              operands: {
                type: "command",
                required: true,
                positionals: declaration.positionals ?? 0,
              },
              match: [],
              notMatch: [],
              note: declaration.note ?? key,
            }
          : null,
    };
    const list = byName.get(name) ?? [];
    list.push(program);
    byName.set(name, list);
  }
  // The longest key first: `uv run` before `uv`.
  for (const list of byName.values()) list.sort((a, b) => b.words.length - a.words.length);
  return { byName };
}

/** The problems that make an entry unreadable (its examples are not run then). */
function declarationProblems(key: string, value: unknown): ProgramProblem[] {
  const problems: ProgramProblem[] = [];
  const add: AddProblem = (path, message, expected, received, help) => {
    problems.push({ kind: "invalid", path: [key, ...path], message, expected, received, help });
  };

  const words = key.split(" ");
  const name = words[0] as string;
  if (!words.every((word) => NAME_WORD.test(word))) {
    add(
      [],
      `${code(key)} is not a program name, optionally followed by subcommand words`,
      "a bare program name, then words separated by one space (`uv run`)",
      code(key),
      "write the name as the command line spells it, without a directory: `/usr/bin/x` and `x` are the same program",
    );
    return problems;
  }
  const builtin = builtinProgram(name);
  if (builtin !== null) {
    problems.push({
      kind: "builtin",
      path: [key],
      message: `${code(name)} is a built-in program (${TABLE_NAMES[builtin]}), so its reading cannot be changed`,
      expected: "a program the built-in tables do not know",
      received: code(name),
      help: "remove the entry: the analysis already reads this program, and an entry could only loosen that reading",
    });
    return problems;
  }
  if (!isRecord(value)) {
    add(
      [],
      "a program entry is an object",
      "an object with a `kind`",
      code(value),
      'write `{ "kind": "wrapper" }`, `"executor"` or `"files"`',
    );
    return problems;
  }
  const kind = value.kind as ProgramKind;
  if (!KINDS.includes(kind)) {
    add(
      ["kind"],
      `${code(value.kind)} is not a kind of program`,
      "`wrapper`, `executor` or `files`",
      code(value.kind),
      "a wrapper runs the command in its arguments, an executor runs code it is given, a files program reads or writes its operands",
    );
    return problems;
  }
  const grammar = optionNames(value.options, add);
  const context: FieldContext = { kind, grammar, add };
  for (const field of Object.keys(value)) {
    if (field === "options" || field === "kind") continue;
    if (field === "note" || FIELDS[kind].includes(field)) {
      FIELD_RULES[field]?.(value[field], context);
      continue;
    }
    const owners = KINDS.filter((k) => FIELDS[k].includes(field));
    add(
      [field],
      owners.length === 0
        ? `unknown field ${code(field)}`
        : `${code(field)} does not apply to ${KIND_NAMES[kind]}`,
      `one of ${FIELDS[kind].map(code).join(", ")}`,
      code(field),
      owners.length === 0
        ? "remove it"
        : `it belongs to ${owners.map((k) => KIND_NAMES[k]).join(" or ")}: remove it or change \`kind\``,
    );
  }
  return problems;
}

type AddProblem = (
  path: readonly (string | number)[],
  message: string,
  expected: string | null,
  received: string | null,
  help: string,
) => void;

interface FieldContext {
  readonly kind: ProgramKind;
  /** The options the entry declares, with how each takes a value. */
  readonly grammar: ReadonlyMap<string, string>;
  readonly add: AddProblem;
}

/** A list of option names, each declared in `options` (and taking a value, for a file). */
function optionList(field: string, needsValue = false) {
  return (names: unknown, { grammar, add }: FieldContext) => {
    if (!isStrings(names)) {
      add(
        [field],
        `${code(field)} is a list of option names`,
        "an array of strings",
        code(names),
        'write option names without dashes: `["n", "attempts"]`',
      );
      return;
    }
    names.forEach((option, index) => {
      const arity = grammar.get(option);
      if (arity === undefined) {
        add(
          [field, index],
          `${code(option)} is not one of the options declared in \`options\``,
          "a letter of `options.short` or a key of `options.long`",
          code(option),
          "declare the option first, without its dashes",
        );
      } else if (needsValue && arity === "none") {
        add(
          [field, index],
          `the option ${code(option)} takes no value, so it names no file`,
          "an option that takes a value",
          code(option),
          'declare it with a value (`o:` or `"required"`)',
        );
      }
    });
  };
}

function access(field: string) {
  return (value: unknown, { add }: FieldContext, path: (string | number)[] = [field]) => {
    if (ACCESS.includes(value as string)) return;
    add(
      path,
      `${code(value)} is not an access`,
      "`read`, `write` or `read_write`",
      code(value),
      "say whether the file is read, written or both",
    );
  };
}

/** Each field's own check, run when the entry's kind reads the field. */
const FIELD_RULES: Readonly<Record<string, (value: unknown, context: FieldContext) => void>> = {
  unsafe: optionList("unsafe"),
  query: optionList("query"),
  codeOptions: optionList("codeOptions"),
  operands: access("operands"),
  recursive: (value, context) => {
    if (Array.isArray(value)) optionList("recursive")(value, context);
    else if (typeof value !== "boolean") {
      context.add(
        ["recursive"],
        "`recursive` is `true`, `false` or a list of options",
        "a boolean or an array of option names",
        code(value),
        "write `true` when it always recurses, or the options that make it recurse",
      );
    }
  },
  fileOptions: (value, context) => {
    if (!isRecord(value)) {
      context.add(
        ["fileOptions"],
        "`fileOptions` maps an option to what it does to its file",
        "an object",
        code(value),
        'write `{ "o": "write" }`',
      );
      return;
    }
    optionList("fileOptions", true)(Object.keys(value), context);
    for (const [option, given] of Object.entries(value)) {
      access("fileOptions")(given, context, ["fileOptions", option]);
    }
  },
  positionals: (value, { add }) => {
    if (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_POSITIONALS)
      return;
    add(
      ["positionals"],
      `${code(value)} is not a number of words`,
      `an integer from 0 to ${MAX_POSITIONALS}`,
      code(value),
      "count the words between the options and the command it runs (`timeout`'s duration is one)",
    );
  },
  note: (value, { add }) => {
    if (typeof value === "string") return;
    add(
      ["note"],
      "`note` is text",
      "a string",
      code(value),
      "say why the entry looks the way it does",
    );
  },
  match: (value, { kind, add }) => {
    const ok =
      kind === "executor"
        ? isStrings(value)
        : isRecord(value) &&
          Object.values(value).every((expected) =>
            kind === "wrapper" ? typeof expected === "string" : isStrings(expected),
          );
    if (ok) return;
    const shape = MATCH_SHAPES[kind];
    add(["match"], shape.message, shape.expected, code(value), shape.help);
  },
  notMatch: (value, { add }) => {
    if (isStrings(value)) return;
    add(
      ["notMatch"],
      "`notMatch` lists commands",
      "an array of commands",
      code(value),
      'write `["mylang script.ml"]`',
    );
  },
};

const MATCH_SHAPES: Readonly<
  Record<ProgramKind, { message: string; expected: string; help: string }>
> = {
  wrapper: {
    message: "a wrapper's `match` maps each command to the command it runs",
    expected: "an object of command → command",
    help: 'write `{ "with-retry -n 3 git push": "git push" }`',
  },
  executor: {
    message: "an executor's `match` lists commands that run code",
    expected: "an array of commands",
    help: 'write `["mylang -e x"]`',
  },
  files: {
    message: "a files program's `match` maps each command to what it touches",
    expected: "an object of command → array of `read|write|read_write PATH`",
    help: 'write `{ "backup -r src": ["read src/**"] }`',
  },
};

const TABLE_NAMES: Readonly<Record<BuiltinProgramTable, string>> = {
  wrapper: "a wrapper the analysis peels",
  executor: "an executor: it runs code it is given",
  files: "a command whose operands the analysis reads",
  git: "git has a table of its own",
  shell: "a bash builtin or reserved word",
};

/** The option names a declaration's grammar knows, with how each takes a value. */
function optionNames(options: unknown, add: AddProblem): Map<string, string> {
  const names = new Map<string, string>();
  if (options === undefined) return names;
  if (!isRecord(options)) {
    add(
      ["options"],
      "`options` is an object",
      "`{ short?, long?, abbreviations? }`",
      code(options),
      'write `{ "short": "n:v" }`',
    );
    return names;
  }
  for (const field of Object.keys(options)) {
    if (!["short", "long", "abbreviations"].includes(field)) {
      add(
        ["options", field],
        `unknown field ${code(field)}`,
        "`short`, `long` or `abbreviations`",
        code(field),
        "remove it",
      );
    }
  }
  const short = options.short;
  if (short !== undefined) {
    if (typeof short !== "string" || !SHORT.test(short)) {
      add(
        ["options", "short"],
        `${code(short)} is not a getopt optstring`,
        "letters, each followed by `:` when it takes a value (`::` when the value is optional and attached)",
        code(short),
        'write `"n:v"`: `-n` takes a value, `-v` does not',
      );
    } else {
      for (let i = 0; i < short.length; i++) {
        const letter = short[i] as string;
        if (letter === ":") continue;
        const arity =
          short[i + 1] !== ":" ? "none" : short[i + 2] === ":" ? "optional" : "required";
        if (names.has(letter)) {
          add(
            ["options", "short"],
            `the option ${code(letter)} is declared twice`,
            "each letter once",
            code(short),
            "remove one of them",
          );
        }
        names.set(letter, arity);
      }
    }
  }
  const long = options.long;
  if (long !== undefined) {
    if (!isRecord(long)) {
      add(
        ["options", "long"],
        "`long` maps each long option to how it takes a value",
        "an object",
        code(long),
        'write `{ "attempts": "required", "verbose": "none" }`',
      );
    } else {
      for (const [option, arity] of Object.entries(long)) {
        if (!LONG.test(option)) {
          add(
            ["options", "long", option],
            `${code(option)} is not a long option name`,
            "the name without its dashes",
            code(option),
            "write `attempts` for `--attempts`",
          );
        } else if (!ARITY.includes(arity as string)) {
          add(
            ["options", "long", option],
            `${code(arity)} is not how an option takes a value`,
            "`none`, `required` or `optional`",
            code(arity),
            "`required` takes the next word or `=value`, `optional` only `=value`",
          );
        } else {
          names.set(option, arity as string);
        }
      }
    }
  }
  if (options.abbreviations !== undefined && typeof options.abbreviations !== "boolean") {
    add(
      ["options", "abbreviations"],
      "`abbreviations` is `true` or `false`",
      "a boolean",
      code(options.abbreviations),
      "write `true` when the program accepts `--att` for `--attempts`",
    );
  }
  return names;
}

/** The words of an example, or `null` when it is not one simple command. */
function exampleWords(text: string): Word[] | null {
  const tokens = tokenizeOrNull(text);
  if (tokens === null || tokens.some((token) => "op" in token)) return null;
  const words = tokens.flatMap((token) => ("word" in token ? [token.word] : []));
  return words.length === 0 ? null : words;
}

/** What a files program's declaration makes one command touch, as its examples write it. */
export function touchedByDeclaration(program: DeclaredProgram, words: readonly Word[]): string[] {
  return declaredFileUses(program, words).map((use) => {
    const text = use.below ? `${use.word.text.replace(/\/+$/, "")}/**` : use.word.text;
    return `${use.access} ${text}`;
  });
}

function exampleProblems(program: DeclaredProgram): ProgramProblem[] {
  const { declaration, key } = program;
  const problems: ProgramProblem[] = [];
  const fail = (
    field: "match" | "notMatch",
    at: string | number,
    message: string,
    expected: string | null,
    received: string | null,
    help: string,
  ) =>
    problems.push({ kind: "example", path: [key, field, at], message, expected, received, help });

  // Each example is read alone: a command line that starts with the entry's key.
  const read = (field: "match" | "notMatch", at: string | number, command: string) => {
    const words = exampleWords(command);
    const match = words === null ? null : declaredProgram(words);
    if (words === null || match?.program !== program || match.at < 0) {
      fail(
        field,
        at,
        `the example ${code(command)} is not one command starting with ${code(key)}`,
        `\`${key} …\``,
        code(command),
        "write one simple command (no `|`, `;`, `&&`) that starts with the program's key",
      );
      return null;
    }
    return { words, at: match.at };
  };

  const match = declaration.match;
  const notMatch = declaration.notMatch ?? [];
  switch (declaration.kind) {
    case "wrapper": {
      for (const [command, inner] of Object.entries(match ?? {}) as [string, string][]) {
        const example = read("match", command, command);
        if (example === null) continue;
        const executed = classify(example.words, false).executed;
        const shown = executed?.map((word) => word.text).join(" ") ?? null;
        if (shown !== inner) {
          fail(
            "match",
            command,
            `${code(command)} runs ${shown === null ? "a command that is not proven" : code(shown)}, not ${code(inner)}`,
            code(inner),
            shown === null ? "not proven" : code(shown),
            "fix the example, or the options and `positionals` that say where the command starts",
          );
        }
      }
      notMatch.forEach((command, index) => {
        const example = read("notMatch", index, command);
        if (example === null) return;
        const executed = classify(example.words, false).executed;
        if (executed !== null) {
          const shown = executed.map((word) => word.text).join(" ");
          fail(
            "notMatch",
            index,
            `${code(command)} runs ${code(shown)}, which is proven`,
            "a command that is not proven",
            code(shown),
            "fix the example, or list the option in `unsafe` when what runs after it is not the operand as written",
          );
        }
      });
      break;
    }
    case "executor": {
      const opaque = (words: Word[]) =>
        classify(words, false).wrappers.some(
          (layer) => layer.kind === "opaque" && layer.name === (words[0] as Word).text,
        );
      ((match ?? []) as string[]).forEach((command, index) => {
        const example = read("match", index, command);
        if (example !== null && !opaque(example.words)) {
          fail(
            "match",
            index,
            `${code(command)} runs no code, by this declaration`,
            "a command that runs code",
            code(command),
            "fix the example, or list the option that makes it run code in `codeOptions`",
          );
        }
      });
      notMatch.forEach((command, index) => {
        const example = read("notMatch", index, command);
        if (example !== null && opaque(example.words)) {
          fail(
            "notMatch",
            index,
            `${code(command)} runs code, by this declaration`,
            "a command that runs no code",
            code(command),
            "fix the example; without `codeOptions` every call runs code",
          );
        }
      });
      break;
    }
    case "files": {
      const entries = Object.entries(match ?? {}) as [string, string[]][];
      for (const [command, expected] of entries) {
        const example = read("match", command, command);
        if (example === null) continue;
        const touched = touchedByDeclaration(program, example.words.slice(example.at - 1));
        const same = [...touched].sort().join("\n") === [...expected].sort().join("\n");
        if (!same) {
          fail(
            "match",
            command,
            `${code(command)} touches ${touched.map(code).join(", ") || "nothing"} by this declaration`,
            expected.map(code).join(", ") || "nothing",
            touched.map(code).join(", ") || "nothing",
            "fix the example, or the `operands`, `recursive` and `fileOptions` of the entry",
          );
        }
      }
      break;
    }
  }
  return problems;
}
