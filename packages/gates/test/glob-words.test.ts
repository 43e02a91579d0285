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
    // echo opens none of the names it prints: bash lists the folder, as `ls` would, and
    // only a rule that covers every entry of a listed folder meets it.
    ["echo .e*", "allow"],
    ["echo src/.*", "allow"],
    ["echo */.env", "allow"],
    ["echo -n .env*", "allow"],
    ["echo ~/.ss*/*", "ask"],
    ["echo ~/.ssh/*/x", "deny"],
    ["echo ~/**/x", "ask"],
    // A program that may open the names still reads them.
    ["cat .e*", "ask"],
    ["grep -e x .e*", "ask"],
    ["printf -v x '%s' .e*", "ask"],
    // After a cd the walk follows, the folder it lists is known (`src`: names only).
    ["cd src && echo .e*", "allow"],
    ["cd ~/.ssh && echo *", "deny"],
    ['cd "$D" && echo .e*', "ask"],
    // Nothing a rule names can match.
    ["echo *", "allow"],
    ["grep -n x --include=*.ts src/app.ts", "allow"],
    ["cat ~+/README.md", "allow"],
  ])("%s", async (command, action) => {
    expect(await decide(command)).toBe(action);
  });
});
