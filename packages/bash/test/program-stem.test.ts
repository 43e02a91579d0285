import { describe, expect, it } from "vitest";
import { programStem } from "../src/programs/wrappers.ts";

describe("a versioned or packaged program name is the program it stands for", () => {
  it.each([
    ["perl5.36.0", "perl"],
    ["perl5.36-x86_64-linux-gnu", "perl"],
    ["ruby3.1", "ruby"],
    ["tclsh8.6", "tclsh"],
    ["gcc-12", "gcc"],
    ["x86_64-linux-gnu-gcc", "gcc"],
    ["aarch64-linux-gnu-gcc-12", "gcc"],
    ["vim.basic", "vim"],
    ["dash.static", "dash"],
    ["sh.distrib", "sh"],
    ["lli-14", "lli"],
    ["editor", "vim"],
    ["pager", "less"],
    ["python3.13t", "python"],
    ["git", "git"],
    ["ls", "ls"],
    ["7z", "7z"],
  ])("%s is %s", (name, stem) => {
    expect(programStem(name)).toBe(stem);
  });
});
