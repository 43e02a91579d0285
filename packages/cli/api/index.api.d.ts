interface CliIo {
    stdout: (text: string) => void;
    stderr: (text: string) => void;
}
declare const EXIT: {
    readonly ok: 0;
    readonly usage: 64;
};
declare function runCli(argv: readonly string[], io: CliIo): Promise<number>;
export { type CliIo, EXIT, runCli };
