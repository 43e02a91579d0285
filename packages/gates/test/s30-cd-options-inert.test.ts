// R36 cd-option-needless: `cd -L` is cd's default (logical) and `-e` only changes cd's status
// after `-P`; traced, `cd -L src && cat a.ts` opened /repo/src/a.ts exactly as `cd src && cat
// a.ts` does. The analysis follows both as `cd src`, so they are set aside as `cd src` is.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "git *": "allow", "cat *": "allow", "ls *": "allow" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};

describe("cd with -L or -e moves as cd does", () => {
  it.each(["cd -L src && cat a.ts", "cd -e src && ls", "cd -Le src; ls", "cd -L -e -- src && ls"])(
    "%s is allowed",
    async (command) => {
      expect((await decideBash(CAUTIOUS, command)).action).toBe("allow");
    },
  );

  it.each([
    // -P resolves links: after it the analysis no longer knows $PWD.
    "cd -P src && ls",
    "cd -Pe src && ls",
    "cd -Lx src && ls",
    "cd -@ src && ls",
    "cd -L src extra && ls",
    "CDPATH=/etc cd -L src && ls",
  ])("%s is judged as before", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe("ask");
  });

  it("still judges the folder it moves to", async () => {
    expect((await decideBash(CAUTIOUS, "cd -L .ssh && ls")).action).toBe("deny");
  });
});
