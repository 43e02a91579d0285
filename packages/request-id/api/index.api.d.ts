declare const PERMISSION_REQUEST_ID_PREFIX = "perm-";
declare const MAX_REQUEST_ID_LENGTH = 128;
declare function createPermissionRequestId(): string;
declare function isFilenameSafeRequestId(id: unknown): id is string;
declare function adoptOrMintPermissionRequestId(candidate: unknown): string;
export { MAX_REQUEST_ID_LENGTH, PERMISSION_REQUEST_ID_PREFIX, adoptOrMintPermissionRequestId, createPermissionRequestId, isFilenameSafeRequestId };
