type PermissionAction = "allow" | "ask" | "deny";
declare function strictest(actions: Iterable<PermissionAction>): PermissionAction | undefined;
export { type PermissionAction, strictest };
