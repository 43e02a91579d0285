import type { Word } from "../read/words.ts";
import type { ProgramDeclaration } from "../types.ts";
import type { OptionGrammar } from "./getopt.ts";
import { toolName, type WrapperGrammar } from "./wrappers.ts";

/**
 * The programs a policy declares (`AnalyzeOptions.programs`), as the analysis reads them.
 * The table is compiled once per options object (./program-table.ts) and made the active one
 * for the length of one synchronous analysis, like the deadline: classify and the operand
 * reader consult it only after the built-in tables had nothing to say, so without a
 * declaration the hot path pays one null check.
 */

/** One declared program, ready for the analysis. */
export interface DeclaredProgram {
  /** The key as written: the program's name, then any subcommand words. */
  readonly key: string;
  /** The key's words: `["uv", "run"]`. */
  readonly words: readonly string[];
  readonly declaration: ProgramDeclaration;
  /** The option grammar, stopping at the first operand. */
  readonly options: OptionGrammar;
  /** A wrapper's grammar: an indirection that runs exactly the words after it. */
  readonly wrapper: WrapperGrammar | null;
}

/** The compiled table: entries by program name, the longest key first. */
export interface ProgramIndex {
  readonly byName: ReadonlyMap<string, readonly DeclaredProgram[]>;
}

/** Where a declared program stands in a command's words. */
export interface ProgramMatch {
  readonly program: DeclaredProgram;
  /**
   * How many words the key takes (the name and its subcommand words), or `-1` when an option
   * stands between the name and a declared subcommand word later on the line
   * (`uv --quiet run x`): what runs there is not proven.
   */
  readonly at: number;
}

let active: ProgramIndex | null = null;

/** Makes `index` the table of the analysis about to run (`null`: none). */
export function setActivePrograms(index: ProgramIndex | null): void {
  active = index;
}

/** The active table, or `null` when the analysis runs with built-in tables only. */
export function activePrograms(): ProgramIndex | null {
  return active;
}

/**
 * The declared program a command's words start with, if any: its name (bare, or in a standard
 * binary directory, as for the built-in tables) followed by the key's subcommand words.
 */
export function declaredProgram(words: readonly Word[]): ProgramMatch | null {
  if (active === null) return null;
  const head = words[0];
  if (head === undefined || !head.literal) return null;
  const name = toolName(head.text);
  const candidates = name === null ? undefined : active.byName.get(name);
  if (candidates === undefined) return null;
  const second = words[1];
  // An option before the subcommand (`uv --quiet run x`), or a computed word that may be the
  // subcommand, hides where the command starts.
  const optionFirst = second?.literal === true && second.text.startsWith("-");
  for (const program of candidates) {
    const subcommands = program.words.slice(1);
    if (subcommands.every((text, k) => words[k + 1]?.literal && words[k + 1]?.text === text)) {
      return { program, at: program.words.length };
    }
    const first = subcommands[0];
    if (second === undefined || first === undefined) continue;
    const hidden =
      !second.literal ||
      (optionFirst && words.some((w, k) => k > 1 && (!w.literal || w.text === first)));
    if (hidden) return { program, at: -1 };
  }
  return null;
}
