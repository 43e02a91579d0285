import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

describe("xargs running echo, true or false does nothing with the words it reads", () => {
  // strace: `xargs -n1 echo < README.md` ran /usr/bin/echo once per word, opening nothing
  // but README.md (bash's redirect); the words read are printed, never run or opened.
  it.each([
    ["xargs -n1 echo < README.md", "echo"],
    ["git ls-files | xargs", "echo"],
    ["git ls-files | xargs -I{} echo {}", "echo {}"],
    ["git ls-files -z | xargs -0 true", "true"],
  ])("%s runs %s, proven", async (command, executed) => {
    const unit = (await analyze(command)).units.find((u) => u.argv[0] === "xargs");
    expect(unit?.executed?.join(" ")).toBe(executed);
    expect(unit?.sentinel).toBeNull();
  });

  it.each([
    // A program that may open or run what it is given.
    "git ls-files | xargs cat",
    "git ls-files | xargs rm -f",
    "git ls-files | xargs sh -c 'echo $0'",
    "git ls-files | xargs /tmp/echo",
  ])("%s still floors", async (command) => {
    const unit = (await analyze(command)).units.find((u) => u.argv[0] === "xargs");
    expect(unit?.sentinel).not.toBeNull();
  });
});
