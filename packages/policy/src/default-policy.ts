// The built-in default policy: what applies when the user has no policy file. The same text
// is committed as policies/default.json (test/default-policy.test.ts keeps the two
// equal), so `pi-permission init` writes exactly what the extension applies.

/**
 * The built-in default policy as the file `pi-permission init` writes (JSON with comments,
 * `$schema` set): reads and searches allowed, secret files (`.env`, `.env.*`, `~/.ssh`, cloud
 * credentials) denied, writes, edits and bash ask, and every path outside the project asks.
 *
 * @example
 * ```ts
 * writeFileSync(join(agentDir, "permissions.json"), DEFAULT_POLICY_TEXT);
 * ```
 */
export const DEFAULT_POLICY_TEXT = `{
  // The pi-permission built-in default policy. It applies when you have no policy file of
  // your own; \`pi-permission init\` writes this file for you to edit. The docs explain each
  // surface: docs/configuration.md in the pi-permission repository.
  "$schema": "https://unpkg.com/@pi-permission/policy/schema/permissions.schema.json",
  "permission": {
    // Anything no rule below names asks.
    "*": "ask",
    // Reading and searching are allowed; outside the project they still ask (below).
    "read": "allow",
    "grep": "allow",
    "find": "allow",
    "ls": "allow",
    // Changes and commands ask.
    "write": "ask",
    "edit": "ask",
    "bash": "ask",
    // Every path outside the working directory asks, reads included.
    "external_directory": "ask",
    // Secrets are denied to every tool, bash included, read or written.
    "path": {
      "**/.env": "deny",
      "**/.env.*": "deny",
      "~/.ssh/**": "deny",
      "~/.aws/**": "deny",
      "~/.azure/**": "deny",
      "~/.config/gcloud/**": "deny",
      "~/.kube/config": "deny",
      "~/.docker/config.json": "deny",
      "~/.netrc": "deny"
    }
  }
}
`;

/** How the built-in default policy is named where a file name would stand. */
export const DEFAULT_POLICY_NAME = "(built-in default policy)";
