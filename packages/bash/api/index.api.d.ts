declare const SENTINELS: {
    readonly unparseable: "<unparseable-bash-command>";
    readonly opaqueWrapper: "<opaque-bash-wrapper>";
    readonly indirectionWrapper: "<indirection-bash-wrapper>";
};
type Sentinel = (typeof SENTINELS)[keyof typeof SENTINELS];
declare function isSentinel(value: string): value is Sentinel;
export { SENTINELS, type Sentinel, isSentinel };
