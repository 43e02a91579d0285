/**
 * Bash analysis for permission gating: every command a bash string really runs, and every
 * path it touches.
 *
 * @packageDocumentation
 */
export {
  type AnalyzerSettings,
  analyzeBash,
  type BashAnalyzer,
  loadBashAnalyzer,
} from "./analyze.ts";
export { commandWords } from "./programs/command-words.ts";
export { ruleReadings } from "./programs/file-runs.ts";
export { backgroundLinkMaker, linkMakingUnit, mayMakeLinks } from "./programs/link-quiet.ts";
export { NAMES_ONLY_PROGRAMS } from "./programs/names-only.ts";
export {
  mayReadOtherwise,
  OPTION_SYNONYMS,
  type OptionSynonyms,
  optionSynonymReading,
} from "./programs/option-synonyms.ts";
export { mayNameAnother } from "./programs/program-names.ts";
export {
  type BuiltinProgramTable,
  builtinProgram,
  checkPrograms,
  type ProgramProblem,
} from "./programs/program-table.ts";
export { toolName as systemProgramName } from "./programs/wrappers.ts";
export * from "./sentinels.ts";
export { threadCpuMs } from "./thread-cpu.ts";
export type * from "./types.ts";
