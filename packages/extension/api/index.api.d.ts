interface BlockResult {
    block: true;
    reason: string;
}
interface GateFailure {
    error: unknown;
}
declare function failClosed<T>(gate: () => T | Promise<T>, onFailure: (failure: GateFailure) => string): Promise<T | BlockResult>;
export { type BlockResult, type GateFailure, failClosed };
