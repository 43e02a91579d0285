declare const PERMISSION_CHANNELS: {
    readonly decision: "permissions:decision";
    readonly uiPrompt: "permissions:ui_prompt";
    readonly ready: "permissions:ready";
};
type PermissionChannel = (typeof PERMISSION_CHANNELS)[keyof typeof PERMISSION_CHANNELS];
export { PERMISSION_CHANNELS, type PermissionChannel };
