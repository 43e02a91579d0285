// A18 return-to-string-decided-directory-not-followed (needless asks): `popd` goes back to the
// folder the string's `pushd DIR` left, and a directory change the shell makes last (`cd DIR`,
// `popd`, also as the last command of an `&&` list, with its output sent to /dev/null)
// changes the folder of a shell that then exits. Traced under bash 5.2: `pushd src >/dev/null
// && git status && popd >/dev/null` runs git status in /repo/src and opens no other file.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "git *": "allow", "cat *": "allow", "ls *": "allow", "rm *": "deny" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};

describe("popd back to a folder the string's pushd left, and a last directory change", () => {
  it.each<[string]>([
    ["pushd src >/dev/null && git status && popd >/dev/null"],
    ["pushd src && popd && cat README.md"],
    ["pushd src > /dev/null; ls; popd > /dev/null"],
    ["cd src && git status && cd - >/dev/null"],
    ["popd"],
  ])("%j is allowed", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe("allow");
  });

  it.each<[string, "ask" | "deny"]>([
    // A command after it runs in the folder it entered.
    ["cd src && ls; cd - >/dev/null; ls", "ask"],
    // After a cd that may fail, cd - may enter the caller's OLDPWD (corpus pg13-23).
    ["cd src && git status; cd -", "ask"],
    ["cd src && ls; cd - 2>/dev/null", "ask"],
    ["popd && git status", "ask"],
    ["pushd src; pushd ~/.ssh; popd; popd; ls", "ask"],
    // popd back to a folder of the stack that is denied.
    ["pushd ~/.ssh && pushd /repo && popd && cat id_rsa", "deny"],
    ["pushd ~/.ssh >/dev/null && popd && ls", "ask"],
    // An EXIT trap runs after the last command; a redirect to a file is a write.
    ["trap 'ls' EXIT; cd src && ls; cd -", "ask"],
    ["pushd /etc && popd", "ask"],
    ["pushd src && popd +1", "ask"],
  ])("%j still asks or denies", async (command, action) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe(action);
  });
});
