import type { BashAnalysis } from "@pi-permission/bash";
import { describe, expect, it } from "vitest";
import { findCommandSecrets, scrubSecrets } from "../src/command-secrets.ts";

/** The review log's URL-password masking, called as the log writer calls it (no analysis). */
function scrubbed(command: string): string {
  return scrubSecrets(command, findCommandSecrets(command, null)).text;
}

describe("a URL's password in a command", () => {
  it("is found in every command of a sequence, not only the first", () => {
    // A global pattern's `test` resumes where the last match ended: the second, shorter
    // command's password was missed and written to disk as it was.
    const first = `${"x".repeat(60)} git clone https://bob:s3cret@github.com/a/b`;
    expect(scrubbed(first)).toContain("https://bob:[masked]@github.com");
    expect(scrubbed("curl https://u:pw1@x.io")).toBe("curl https://u:[masked]@x.io");
    expect(scrubbed("curl https://u:pw2@x.io")).toBe("curl https://u:[masked]@x.io");
  });

  it.each([
    ["svn+ssh://ann:t0p@host/repo", "svn+ssh://ann:[masked]@host/repo"],
    ["HTTPS://ann:t0p@host", "HTTPS://ann:[masked]@host"],
    ["redis://:onlypass@cache:6379", "redis://:[masked]@cache:6379"],
  ])("%s is masked whatever its scheme", (command, logged) => {
    expect(scrubbed(command)).toBe(logged);
  });

  it("leaves a URL without a password as it is", () => {
    expect(findCommandSecrets("git clone https://github.com/a/b", null)).toEqual([]);
    expect(findCommandSecrets("echo a.b.c:d@e", null)).toEqual([]);
  });
});

describe("two values of one secret name, one the start of the other", () => {
  it("masks the longer whole, whatever the order they stand in", () => {
    expect(scrubbed("TOKEN=ab true; TOKEN=absecretpart true")).toBe(
      "TOKEN=[masked] true; TOKEN=[masked] true",
    );
    expect(scrubbed("TOKEN=absecretpart true; TOKEN=ab true")).toBe(
      "TOKEN=[masked] true; TOKEN=[masked] true",
    );
  });

  it("masks a value inside quotes and before a separator", () => {
    expect(scrubbed('API_KEY="k1"; API_KEY=k1;true')).toBe(
      "API_KEY=[masked]; API_KEY=[masked];true",
    );
  });
});

describe("secrets in a command the analysis could not finish", () => {
  // What the analyzer answers past its deadline: no units, so no words to read secrets from.
  const timedOut = { status: "partial", units: [], paths: [], diagnostics: [] } as const;
  const scrub = (command: string) =>
    scrubSecrets(command, findCommandSecrets(command, timedOut as unknown as BashAnalysis)).text;

  it.each([
    ["curl -u alice:s3cretpw https://x.example", "curl -u alice:[masked] https://x.example"],
    ['curl -H "Authorization: Bearer tok123" x', 'curl -H "Authorization: [masked]" x'],
    ["mysql --password=s3cretdb -u root", "mysql --password=[masked] -u root"],
    ["gh --token 'tt-9' api user", "gh --token [masked] api user"],
  ])("%s is logged as %s", (command, logged) => {
    expect(scrub(`${"echo a; ".repeat(3)}${command}`)).toBe(`${"echo a; ".repeat(3)}${logged}`);
  });

  it("finds nothing in a command without such words", () => {
    expect(
      findCommandSecrets('echo {"a": 1} https://x.io/p:8080', timedOut as unknown as BashAnalysis),
    ).toEqual([]);
  });
});
