import { describe, expect, it } from "vitest";
import { maskWithinStrings } from "../src/index.ts";

const tokenScrub = (s: string) => ({
  text: s.replaceAll("TOKEN=abc", "TOKEN=[masked]"),
  masked: s.includes("TOKEN=abc") ? ["TOKEN", "TOKEN"] : [],
});

describe("maskWithinStrings", () => {
  it("scrubs every string at any depth and says where and what, once per name", () => {
    const details = {
      command: "TOKEN=abc gh pr list",
      nested: { list: ["ok", "TOKEN=abc x"] },
      count: 3,
    };
    expect(maskWithinStrings(details, tokenScrub)).toEqual({
      record: {
        command: "TOKEN=[masked] gh pr list",
        nested: { list: ["ok", "TOKEN=[masked] x"] },
        count: 3,
      },
      within: [
        { at: "/command", what: ["TOKEN"] },
        { at: "/nested/list/1", what: ["TOKEN"] },
      ],
    });
  });

  it("never changes the caller's object", () => {
    const details = { command: "TOKEN=abc gh" };
    maskWithinStrings(details, tokenScrub);
    expect(details).toEqual({ command: "TOKEN=abc gh" });
  });
});
