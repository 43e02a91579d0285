// D19 command-secrets-scrub-secrets-times-text: the review log ran one pattern per secret
// value over the whole line (5,000 values of `KEY=N` in 44 KB took 2 s after the call).
// Secrets of one name and context, and the assignments of every name, are now hidden in one
// pass; what is masked stays what each value's own pattern masked.
import { describe, expect, it } from "vitest";
import { findCommandSecrets, scrubSecrets } from "../src/command-secrets.ts";

function scrub(command: string) {
  return scrubSecrets(command, findCommandSecrets(command, null));
}

describe("many secrets of a command", () => {
  it("masks every value of one name", () => {
    const command = `${Array.from({ length: 2000 }, (_, i) => `KEY=${i}`).join(" ")} true`;
    const { text, masked } = scrub(command);
    expect(text).toBe(`${Array.from({ length: 2000 }, () => "KEY=[masked]").join(" ")} true`);
    expect(masked).toEqual(["KEY"]);
  });

  it("masks the values of many names", () => {
    const command = `${Array.from({ length: 500 }, (_, i) => `A${i}_TOKEN=v${i}`).join(" ")} true`;
    const { text, masked } = scrub(command);
    expect(text).not.toMatch(/=v\d/);
    expect(masked).toHaveLength(500);
  });

  it.each([
    ["TOKEN=ab true; TOKEN=absecretpart true", "TOKEN=[masked] true; TOKEN=[masked] true"],
    ["TOKEN='a b' true; echo a b", "TOKEN=[masked] true; echo a b"],
    ['export API_KEY="s3c"; x API_KEY="s3c"', "export API_KEY=[masked]; x API_KEY=[masked]"],
    ["TOKEN=[masked] true", "TOKEN=[masked] true"],
    [
      "curl -H 'Authorization: Bearer t1' -H 'authorization: Bearer t1' x",
      "curl -H 'Authorization: [masked]' -H 'authorization: [masked]' x",
    ],
    ["mysql --password=p1 --password p10 x", "mysql --password=[masked] --password [masked] x"],
  ])("%s is logged as %s", (command, logged) => {
    expect(scrub(command).text).toBe(logged);
  });
});
