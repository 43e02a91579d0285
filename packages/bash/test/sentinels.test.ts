import { describe, expect, it } from "vitest";
import { isSentinel, SENTINELS } from "../src/index.ts";

describe("sentinels", () => {
  it.each([
    ["<unparseable-bash-command>", true],
    ["<opaque-bash-wrapper>", true],
    ["<indirection-bash-wrapper>", true],
    ["git *", false],
    ["<opaque-bash-wrapper> ", false],
  ])("isSentinel(%j) is %s", (value, expected) => {
    expect(isSentinel(value)).toBe(expected);
  });

  it("names exactly the sentinels of the soundness contract", () => {
    expect(Object.values(SENTINELS).sort()).toEqual([
      "<analysis-timeout>",
      "<computed-path>",
      "<computed-word>",
      "<concurrent-call>",
      "<evaluated-string>",
      "<git-alias>",
      "<indirection-bash-wrapper>",
      "<opaque-bash-wrapper>",
      "<unparseable-bash-command>",
    ]);
  });
});
