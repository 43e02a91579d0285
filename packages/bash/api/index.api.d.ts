declare const SENTINELS: {
    readonly unparseable: "<unparseable-bash-command>";
    readonly opaqueWrapper: "<opaque-bash-wrapper>";
    readonly indirectionWrapper: "<indirection-bash-wrapper>";
    readonly evaluatedString: "<evaluated-string>";
    readonly gitAlias: "<git-alias>";
    readonly computedPath: "<computed-path>";
    readonly computedWord: "<computed-word>";
    readonly analysisTimeout: "<analysis-timeout>";
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
}
interface BashAnalyzer {
    analyze(command: string, options: AnalyzeOptions): BashAnalysis;
}
declare function loadBashAnalyzer(): Promise<BashAnalyzer>;
declare function analyzeBash(command: string, options: AnalyzeOptions): Promise<BashAnalysis>;
declare function commandWords(unit: BashUnit): readonly string[];
export { type AnalysisDiagnostic, type AnalyzeOptions, type BashAnalysis, type BashAnalyzer, type BashCommandContext, type BashUnit, type ParseStatus, type PathAccess, SENTINELS, type Sentinel, type TouchedPath, type WrapperKind, type WrapperLayer, analyzeBash, commandWords, isSentinel, loadBashAnalyzer };
