import { describe, expect, it } from "vitest";
import { bashPatternMeets, NAME_RUN } from "../src/index.ts";

/**
 * D18-03 (session 18): whether a rule may meet a command with computed words is a search over
 * the rule's characters times the command's. A user rule of many stars against a long command
 * visited millions of states (16 stars and 8 KB: 3 s of CPU; 250 stars and 4 KB: 24 s and
 * 226 MB) and drew on no budget. Past a bounded number of states the rule is taken to meet,
 * the cautious answer: the call is judged as stricter, never looser.
 */
describe("a rule that may meet a computed command, under a bounded search", () => {
  const rule = `rm${" * a".repeat(250)} /x`;
  // `rm a a … a* a* a*`: each glob is a run of names (no `/`), as the gates spell it.
  const shape = `rm${" a".repeat(2000)} a${NAME_RUN} a${NAME_RUN} a${NAME_RUN}`;

  it("answers a 250-star rule against a 4 KB shape as meeting, once past the budget", () => {
    expect(bashPatternMeets(rule, shape)).toBe(true);
  });

  it("still answers small searches exactly", () => {
    expect(bashPatternMeets("rm * a * a /x", "rm a a a* a*")).toBe(true);
    expect(bashPatternMeets("rm * a /x", "rm b b*")).toBe(true);
    expect(bashPatternMeets("git push *", "git commit -m*")).toBe(false);
    expect(bashPatternMeets(`rm${" * a".repeat(16)} /x`, "rm a a* b*")).toBe(true);
    expect(bashPatternMeets(`rm${" * a".repeat(16)} /x`, "rm z z* z")).toBe(false);
    expect(bashPatternMeets("rm -rf /*", `rm ${NAME_RUN}`)).toBe(false);
    expect(bashPatternMeets("rm * a /x", `rm a${NAME_RUN}`)).toBe(false);
  });
});
