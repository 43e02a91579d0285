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
    return mcpTargetReadings(toolName, input)?.[0] ?? null;
  }
  return null;
}

/** How many places a proxy's tool name is split at, at most, to find its server's name. */
const MAX_SPLITS = 64;

/**
 * Every way a call may be named on the `mcp` surface, each reading as {@link mcpTargetsOf}
 * lists one; the call is judged by the strictest. A call of Pi's `mcp__server__tool` or of the
 * proxy with `server` and `tool` has one reading. The proxy called with `tool` alone
 * (pi-mcp-adapter names a server's tools `<server>_<tool>`, and accepts `server:tool`) has
 * the tool name itself, `server:tool` split at its colon, or one reading for each `_` the
 * server's name may end at (`github_delete_repository` is `github:delete_repository` or
 * `github_delete:repository`), since which one it is depends on the adapter's configuration.
 * `null` for a tool that is not MCP.
 *
 * @example
 * ```ts
 * mcpTargetReadings("mcp", { tool: "github_delete_repo" });
 * // [["github_delete_repo"], ["github:delete_repo", "github_delete_repo", "github", "delete_repo"],
 * //  ["github_delete:repo", "github_delete_repo", "github_delete", "repo"]]
 * ```
 */
export function mcpTargetReadings(toolName: string, input: unknown): string[][] | null {
  if (toolName !== "mcp" || typeof input !== "object" || input === null) {
    const targets = mcpTargetsOf(toolName, input);
    return targets === null ? null : [targets];
  }
  const { server, tool } = input as { server?: unknown; tool?: unknown };
  if (typeof server === "string" && typeof tool === "string" && server && tool) {
    return [named(server, tool)];
  }
  if (typeof tool === "string" && tool !== "") {
    const readings = [[tool]];
    const colon = tool.indexOf(":");
    if (colon > 0 && colon < tool.length - 1) {
      readings.push(named(tool.slice(0, colon), tool.slice(colon + 1)));
    }
    let at = tool.indexOf("_");
    for (let splits = 0; at >= 0 && splits < MAX_SPLITS; splits++) {
      if (at > 0 && at < tool.length - 1) {
        readings.push(named(tool.slice(0, at), tool.slice(at + 1)));
      }
      at = tool.indexOf("_", at + 1);
    }
    return readings;
  }
  // A proxy call that names no tool (a search, a server's list) cannot be proven to be
  // anything narrower.
  return [["mcp"]];
}

function named(server: string, tool: string): string[] {
  return unique([`${server}:${tool}`, `${server}_${tool}`, server, tool]);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
