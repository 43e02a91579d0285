import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * A function's body runs with whatever HOME holds when it is called: `~/…` there names a path
 * nobody knows, and also some `…/REST` whatever HOME is, which a rule about REST's folders
 * refuses (C15 function-body-tilde-loses-suffix; traced under bash 5.2: `f() { cat
 * ~/.ssh/id_rsa; }; f` reads /home/user/.ssh/id_rsa).
 */
describe("a tilde word in a function's body", () => {
  it.each([
    ["f() { cat ~/.ssh/id_rsa; }; f", ["read:?", "read:/**/.ssh/id_rsa"]],
    ["f(){ cat ~/{.ssh,x}/id_rsa; }; f", ["read:?", "read:/**/.ssh/id_rsa", "read:/**/x/id_rsa"]],
    ["f(){ echo x > ~/.ssh/x; }; f", ["write:?", "write:/**/.ssh/x"]],
    // What climbs out of HOME has no folder to keep.
    ["f(){ cat ~/../x; }; f", ["read:?"]],
  ])("%s", async (command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });

  it("a glob a program only shows keeps its rest too", async () => {
    const found = paths(await analyze("f(){ echo ~/.ssh/*; }; f"));
    expect(found).toContain("read:?");
    expect(found).toContain("read:/**/.ssh/*");
  });

  it("outside a body HOME is known", async () => {
    expect(paths(await analyze("cat ~/.ssh/id_rsa"))).toEqual(["read:/home/user/.ssh/id_rsa"]);
  });
});
