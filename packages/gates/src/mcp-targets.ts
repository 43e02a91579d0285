/**
 * The names an MCP tool call may be matched by on the `mcp` surface, most specific first:
 * Pi's `mcp__github__create_issue` is `github:create_issue`, `github_create_issue`,
 * `github`, `create_issue` and its own name. Returns `null` for a tool that is not MCP.
 */
export function mcpTargetsOf(toolName: string, input: unknown): string[] | null {
  const parsed = /^mcp__(.+?)__(.+)$/.exec(toolName);
  if (parsed) {
    const [, server = "", tool = ""] = parsed;
    return unique([`${server}:${tool}`, `${server}_${tool}`, server, tool, toolName]);
  }
  if (toolName === "mcp" && typeof input === "object" && input !== null) {
    const { server, tool } = input as { server?: unknown; tool?: unknown };
    if (typeof server === "string" && typeof tool === "string" && server && tool) {
      return unique([`${server}:${tool}`, `${server}_${tool}`, server, tool]);
    }
    // A proxy call that names no target cannot be proven to be anything narrower.
    return ["mcp"];
  }
  return null;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
