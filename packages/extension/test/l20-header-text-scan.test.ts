import type { BashAnalysis } from "@pi-permission/bash";
import { describe, expect, it } from "vitest";
import { findCommandSecrets, scrubSecrets } from "../src/command-secrets.ts";

/**
 * Attack round D20, class command-secrets-text-scan-colon-values-4k-patterns: when the analysis
 * could not finish, every `:` after a sensitive name in the text gave a secret whose value was up
 * to 4 KB of what followed, and each value was matched as a string at every word end of every
 * match (2.2 s per log line at 5.9 KB, 49.6 s at 32 KB). A header read from the text is now
 * masked from its context to a quote or the end of the line, in one pass; a value the scan had
 * cut at its limit ended inside a word, never matched, and was written out.
 */
const timedOut = { status: "partial", units: [], paths: [], diagnostics: [] } as const;
const secretsOf = (command: string) =>
  findCommandSecrets(command, timedOut as unknown as BashAnalysis);

describe("sensitive headers read from a command's text", () => {
  it("many headers of one name make one secret, masked to the end of the line", () => {
    const command = `echo ${Array.from({ length: 1000 }, (_, i) => `token:${i}`).join(" ")} )`;
    const secrets = secretsOf(command);
    expect(secrets.map((secret) => secret.name)).toEqual(["token header"]);
    expect(scrubSecrets(command, secrets).text).toBe("echo token:[masked]");
    expect(scrubSecrets("ask", secrets)).toEqual({ text: "ask", masked: [] });
  });

  it("a value longer than the scan reads is masked whole", () => {
    const command = `curl -H Authorization:Bearer_${"s".repeat(5000)} https://x.example )`;
    const scrubbed = scrubSecrets(command, secretsOf(command)).text;
    expect(scrubbed).toBe("curl -H Authorization:[masked]");
    expect(scrubbed).not.toContain("sss");
  });

  it("a quoted value ends at its quote", () => {
    const command = 'curl -H "X-Api-Key: k-123" -H "Accept: json" https://x.example )';
    expect(scrubSecrets(command, secretsOf(command)).text).toBe(
      'curl -H "X-Api-Key: [masked]" -H "Accept: json" https://x.example )',
    );
  });
});
