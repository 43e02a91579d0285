declare const SENTINELS: {
    readonly unparseable: "<unparseable-bash-command>";
    readonly opaqueWrapper: "<opaque-bash-wrapper>";
    readonly indirectionWrapper: "<indirection-bash-wrapper>";
    readonly evaluatedString: "<evaluated-string>";
    readonly gitAlias: "<git-alias>";
    readonly computedPath: "<computed-path>";
    readonly computedWord: "<computed-word>";
    readonly analysisTimeout: "<analysis-timeout>";
    readonly concurrentCall: "<concurrent-call>";
};
type Sentinel = (typeof SENTINELS)[keyof typeof SENTINELS];
declare function isSentinel(value: string): value is Sentinel;
type ParseStatus = "ok" | "partial" | "unparseable";
type BashCommandContext = "command_substitution" | "process_substitution" | "subshell" | null;
type WrapperKind = "transparent" | "indirection" | "opaque";
interface WrapperLayer {
    name: string;
    kind: WrapperKind;
    argv: readonly string[];
}
interface BashUnit {
    text: string;
    argv: readonly string[];
    context: BashCommandContext;
    wrappers: readonly WrapperLayer[];
    executed: readonly string[] | null;
    sentinel: Sentinel | null;
    computed?: {
        readonly argv: readonly number[];
        readonly executed: readonly number[];
    };
    callsFunction?: true;
    hostedBy?: string;
    background?: true;
    runs?: readonly (readonly string[])[];
}
type PathAccess = "read" | "write" | "read_write";
interface TouchedPath {
    raw: string;
    path: string | null;
    access: PathAccess;
    unit: number;
    via: "redirect" | "operand";
    glob?: string;
    sentinel?: typeof SENTINELS.computedPath;
    joined?: string;
    listed?: true;
    starsSkipDots?: true;
}
interface BashAnalysis {
    status: ParseStatus;
    units: readonly BashUnit[];
    paths: readonly TouchedPath[];
    diagnostics?: readonly AnalysisDiagnostic[];
}
interface AnalysisDiagnostic {
    kind: "grammar-error" | "missing-token" | "dropped-text" | "cross-check" | "nesting-limit" | "internal-error" | "deadline";
    message: string;
    offset: number;
}
interface AnalyzeOptions {
    cwd: string;
    home: string;
    deadlineMs?: number;
    programs?: ProgramTable;
}
type ProgramTable = Readonly<Record<string, ProgramDeclaration>>;
type ProgramKind = "wrapper" | "executor" | "files";
interface ProgramOptions {
    readonly short?: string;
    readonly long?: Readonly<Record<string, "none" | "required" | "optional">>;
    readonly abbreviations?: boolean;
}
interface ProgramDeclaration {
    readonly kind: ProgramKind;
    readonly options?: ProgramOptions;
    readonly positionals?: number;
    readonly unsafe?: readonly string[];
    readonly query?: readonly string[];
    readonly codeOptions?: readonly string[];
    readonly operands?: PathAccess;
    readonly recursive?: boolean | readonly string[];
    readonly fileOptions?: Readonly<Record<string, PathAccess>>;
    readonly match?: readonly string[] | Readonly<Record<string, string | readonly string[]>>;
    readonly notMatch?: readonly string[];
    readonly note?: string;
}
declare function toolName(name: string): string | null;
interface BashAnalyzer {
    analyze(command: string, options: AnalyzeOptions): BashAnalysis;
}
interface AnalyzerSettings {
    memoSize?: number;
}
declare function loadBashAnalyzer(settings?: AnalyzerSettings): Promise<BashAnalyzer>;
declare function analyzeBash(command: string, options: AnalyzeOptions): Promise<BashAnalysis>;
declare function commandWords(unit: BashUnit): readonly string[];
declare function ruleReadings(pattern: string, cwd: string, home: string): string[];
declare function mayMakeLinks(analysis: BashAnalysis): boolean;
declare function linkMakingUnit(analysis: BashAnalysis): number;
declare function backgroundLinkMaker(analysis: BashAnalysis): BashUnit | null;
declare const NAMES_ONLY_PROGRAMS: ReadonlySet<string>;
interface OptionSynonyms {
    readonly command: readonly string[];
    readonly longOptions: readonly string[];
    readonly valueLetters: string;
    readonly synonyms: readonly (readonly string[])[];
    readonly abbreviations?: boolean | "rule";
    readonly optionalLetters?: string;
    readonly combined?: Readonly<Record<string, readonly string[]>>;
}
declare const OPTION_SYNONYMS: readonly OptionSynonyms[];
declare function mayReadOtherwise(text: string): boolean;
declare function optionSynonymReading(argv: readonly string[], ruleWords: readonly string[]): string[] | null;
declare function mayNameAnother(text: string): boolean;
type BuiltinProgramTable = "wrapper" | "executor" | "files" | "git" | "shell";
interface ProgramProblem {
    readonly kind: "builtin" | "invalid" | "example";
    readonly path: readonly (string | number)[];
    readonly message: string;
    readonly expected: string | null;
    readonly received: string | null;
    readonly help: string;
}
declare function builtinProgram(name: string): BuiltinProgramTable | null;
declare function checkPrograms(programs: ProgramTable): ProgramProblem[];
declare function threadCpuMs(): number;
export { type AnalysisDiagnostic, type AnalyzeOptions, type AnalyzerSettings, type BashAnalysis, type BashAnalyzer, type BashCommandContext, type BashUnit, type BuiltinProgramTable, NAMES_ONLY_PROGRAMS, OPTION_SYNONYMS, type OptionSynonyms, type ParseStatus, type PathAccess, type ProgramDeclaration, type ProgramKind, type ProgramOptions, type ProgramProblem, type ProgramTable, SENTINELS, type Sentinel, type TouchedPath, type WrapperKind, type WrapperLayer, analyzeBash, backgroundLinkMaker, builtinProgram, checkPrograms, commandWords, isSentinel, linkMakingUnit, loadBashAnalyzer, mayMakeLinks, mayNameAnother, mayReadOtherwise, optionSynonymReading, ruleReadings, toolName as systemProgramName, threadCpuMs };
