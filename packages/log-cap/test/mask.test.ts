import { describe, expect, it } from "vitest";
import { isSensitiveLogKey, MASKED_LOG_VALUE, maskSensitiveFields } from "../src/index.ts";

describe("isSensitiveLogKey", () => {
  it.each([
    ["the bare term", "token"],
    ["a camelCase key ending in token", "githubToken"],
    ["a SCREAMING_SNAKE env name", "GITHUB_TOKEN"],
    ["a term glued to a prefix without a separator", "GITHUBTOKEN"],
    ["an OAuth access token", "access_token"],
    ["a header with token last", "x-auth-token"],
    ["a digit before the term", "oauth2Token"],
    ["password", "password"],
    ["password in any case", "PassWord"],
    ["password in odd casing that splits into humps", "pAsSwOrD"],
    ["passwd", "passwd"],
    ["a hash of a password (when in doubt, mask)", "passwordHash"],
    ["a passphrase", "sshPassphrase"],
    ["secret", "secret"],
    ["a client secret", "client_secret"],
    ["the AWS secret access key", "AWS_SECRET_ACCESS_KEY"],
    ["plural secrets hold many", "secrets"],
    ["apiKey", "apiKey"],
    ["api_key", "api_key"],
    ["api-key", "api-key"],
    ["x-api-key", "x-api-key"],
    ["an acronym hump", "APIKey"],
    ["apikey as one word", "apikey"],
    ["plural api keys", "apiKeys"],
    ["authorization", "authorization"],
    ["an Authorization header", "Authorization"],
    ["a proxy authorization header", "Proxy-Authorization"],
    ["cookie", "cookie"],
    ["set-cookie", "set-cookie"],
    ["credential", "credential"],
    ["credentials", "credentials"],
    ["a private key", "privateKey"],
    ["private_key", "private_key"],
    ["a private key followed by a non-quantity word", "private_key_pem"],
    ["a term with a quantity word before it", "maxToken"],
  ])("masks %s: %s", (_note, key) => {
    expect(isSensitiveLogKey(key)).toBe(true);
  });

  it.each([
    ["a token count", "tokenCount"],
    ["a token count in snake case", "token_count"],
    ["a count of tokens used", "tokens_used"],
    ["the plural of token, a usage count in an agent's logs", "max_tokens"],
    ["input tokens", "inputTokens"],
    ["a token limit", "tokenLimit"],
    ["a count after several words", "maxTokenCount"],
    ["a password length", "password_length"],
    ["a count of secrets", "secretsTotal"],
    ["a term inside a longer word: tokenizer", "tokenizer"],
    ["a term inside a longer word: secretary", "secretary"],
    ["a term inside a longer word: passwordless", "passwordless"],
    ["a bare key", "key"],
    ["a sort key", "sortKey"],
    ["a public key", "publicKey"],
    ["auth alone", "authMethod"],
    ["pwd, the working directory", "PWD"],
    ["a command", "command"],
    ["the empty key", ""],
    ["an array index", "0"],
  ])("leaves %s unmasked: %s", (_note, key) => {
    expect(isSensitiveLogKey(key)).toBe(false);
  });

  it("answers a name the same way every time, past the number of answers it keeps", () => {
    // More distinct names than are kept (a tool input's keys), each asked twice.
    const names = Array.from({ length: 3000 }, (_, i) =>
      i % 3 === 0 ? `field${i}Token` : i % 3 === 1 ? `field${i}_count` : `x${i}`,
    );
    const first = names.map(isSensitiveLogKey);
    expect(names.map(isSensitiveLogKey)).toEqual(first);
    expect(first.filter(Boolean)).toHaveLength(1000);
    expect(isSensitiveLogKey("githubToken")).toBe(true);
    expect(isSensitiveLogKey("tokenCount")).toBe(false);
  });
});

describe("maskSensitiveFields", () => {
  it("replaces the whole value of a sensitive key whatever its type", () => {
    expect(
      maskSensitiveFields({
        token: "ghp_0123456789",
        password: 123456,
        secret: null,
        apiKey: undefined,
        credentials: { user: "ann", pass: "x" },
        cookies: ["a=1", "b=2"],
        authorization: true,
        command: "ls",
      }),
    ).toEqual({
      token: "[masked]",
      password: "[masked]",
      secret: "[masked]",
      apiKey: "[masked]",
      credentials: "[masked]",
      cookies: "[masked]",
      authorization: "[masked]",
      command: "ls",
    });
  });

  it("masks sensitive keys at any depth of plain objects and arrays", () => {
    expect(
      maskSensitiveFields({
        toolInput: { headers: { Authorization: "Bearer abc", Accept: "text/html" } },
        env: [{ name: "GITHUB_TOKEN" }, { GITHUB_TOKEN: "ghp_x", HOME: "/home/ann" }],
      }),
    ).toEqual({
      toolInput: { headers: { Authorization: "[masked]", Accept: "text/html" } },
      env: [{ name: "GITHUB_TOKEN" }, { GITHUB_TOKEN: "[masked]", HOME: "/home/ann" }],
    });
  });

  it("never masks by what a value looks like, so a secret inside a command stays", () => {
    const details = {
      command: "curl -H 'Authorization: Bearer sk-live-0123456789' https://example.com",
      note: "password=hunter2",
      tokenCount: 4096,
    };
    expect(maskSensitiveFields(details)).toEqual(details);
  });

  it("returns a copy and leaves the input unchanged", () => {
    const details = { nested: { token: "ghp_x" } };
    const result = maskSensitiveFields(details);
    expect(result).toEqual({ nested: { token: MASKED_LOG_VALUE } });
    expect(details).toEqual({ nested: { token: "ghp_x" } });
  });

  it("replaces a cyclic value under a sensitive key and keeps other cycles in the copy", () => {
    const details: Record<string, unknown> = { password: "x" };
    details.self = details;
    details.secret = details;
    const result = maskSensitiveFields(details);
    expect(result.password).toBe("[masked]");
    expect(result.secret).toBe("[masked]");
    expect(result.self).toBe(result);
  });

  it("passes a class instance under a plain key through untouched", () => {
    class Login {
      password = "hunter2";
    }
    const login = new Login();
    expect(maskSensitiveFields({ login }).login).toBe(login);
  });
});
