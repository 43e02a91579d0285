// Globs bash expands in words the analysis does not take as paths (an option's value, an
// `echo` operand) list folders and may become file operands; `~+` follows an assigned `PWD`.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "grep *": "allow", "cat *": "allow", "echo *": "allow" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};

const decide = async (command: string) => (await decideBash(CAUTIOUS, command)).action;

describe("globs in words that are not paths", () => {
  it.each<[string, string]>([
    ["grep -e .e* x", "ask"],
    ["grep -v -e ~/.ssh/* x", "deny"],
    ["echo ~/.ssh/*", "deny"],
    ["echo ../*", "ask"],
    ["PWD=/home/user/.ssh; cat ~+/id_rsa", "ask"],
    ["PWD=.env; cat ~+", "ask"],
    // Nothing a rule names can match.
    ["echo *", "allow"],
    ["grep -n x --include=*.ts src/app.ts", "allow"],
    ["cat ~+/README.md", "allow"],
  ])("%s", async (command, action) => {
    expect(await decide(command)).toBe(action);
  });
});
