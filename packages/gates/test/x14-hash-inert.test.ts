// hash looks names up in PATH (or forgets them) and prints: it runs and opens nothing
// (A14 query-builtin-asks, strace of `hash rm; hash -r`: no execve, no openat).
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "git *": "allow", "cat *": "allow", "ls *": "allow", "echo *": "allow" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};

describe("hash only looks names up", () => {
  it.each<[string]>([["hash rm"], ["hash -r"], ["hash"], ["hash -t git"], ["hash -d ls; ls"]])(
    "%s is allowed",
    async (command) => {
      expect((await decideBash(CAUTIOUS, command)).action).toBe("allow");
    },
  );

  it.each<[string]>([
    // -p binds a name to another file: `ls` would then run rm.
    ["hash -p /bin/rm ls; ls"],
    ["hash -p /bin/rm ls"],
    // An unknown option or a computed name is not read here.
    ["hash -x rm"],
    ['hash "$N"'],
    // A rule that names the builtin still meets it.
  ])("%s still asks", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).not.toBe("allow");
  });
});
