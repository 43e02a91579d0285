declare const PERMISSION_REQUEST_ID_PREFIX = "perm-";
declare function createPermissionRequestId(): string;
export { PERMISSION_REQUEST_ID_PREFIX, createPermissionRequestId };
