export {
  accessCovers,
  type CheckNote,
  type CheckOutcome,
  candidates,
  checkSoundness,
  MODELLED_PROGRAMS,
  type SoundnessFailure,
  sentinelReason,
} from "./check.ts";
export { findCorpus, loadCorpusCommands } from "./corpus.ts";
export {
  buildTemplate,
  FIXTURE_CWD,
  FIXTURE_FILES,
  FIXTURE_HOME,
  FIXTURE_UID,
  type TemplateEntry,
} from "./fixture.ts";
export {
  type Finding,
  type FuzzOptions,
  type FuzzSummary,
  failureClass,
  formatSummary,
  runFuzz,
} from "./fuzz.ts";
export {
  FILE_WORDS,
  type Fragment,
  generatedCommand,
  mutatedCorpusCommand,
  render,
  TARGET_WORDS,
} from "./generate.ts";
export { globCovers, isComputed, type WordContext, wordsMatch } from "./match.ts";
export { minimizeTokens, tokenize, untokenize } from "./minimize.ts";
export {
  IMPLICIT_ETC_FILES,
  type NoiseContext,
  type NoiseReason,
  noiseReason,
  within,
} from "./noise.ts";
export {
  BashOracle,
  type Observation,
  type OracleOptions,
  oracleUnavailableReason,
  STUBBED_PROGRAMS,
} from "./sandbox.ts";
export {
  type Access,
  decodeEscapes,
  decodeResult,
  decodeString,
  decodeStringArray,
  type ExecEvent,
  type FileEvent,
  interpretTrace,
  openMode,
  parseStraceText,
  type RawSyscall,
  resolvePath,
  splitArgs,
  TRACED_SYSCALLS,
  type Trace,
} from "./strace.ts";
