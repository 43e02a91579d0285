import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "git *": "allow", "ls *": "allow" },
  path: { "**/.env": "deny" },
};

// A18 set-plus-x-not-inert: turning tracing off expands no PS4 (traced: `set +eux; git
// status` runs only git status); turning it on expands PS4 before every command.
describe("set +x turns tracing off and runs nothing", () => {
  it.each([
    "set +x; git status",
    "set +o xtrace; git status",
    "set +ex; git status",
    "set +eux; git status",
    "{ set +x; } 2>/dev/null; git status",
    "git status; set +x",
    "set +xv; ls",
    "set -e +x; git status",
  ])("%s is allowed", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe("allow");
  });

  it.each([
    "set -x; git status",
    "set -o xtrace; git status",
    "set -ex; git status",
    "set +o -o xtrace; git status",
    "set +x -x; git status",
    "set +o xtrace -o xtrace; git status",
    "set -xo xtrace; git status",
  ])("%s still asks", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe("ask");
  });
});
