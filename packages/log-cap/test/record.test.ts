import { describe, expect, it } from "vitest";
import { prepareReviewLogRecord } from "../src/index.ts";

describe("prepareReviewLogRecord", () => {
  it("caps, then masks, and names the pointer of every change", () => {
    expect(
      prepareReviewLogRecord(
        {
          requestId: "perm-3b241101-e2bb-4255-8caf-4136c566a962",
          command: "curl https://example.com/x",
          apiKey: "sk-live-123",
          toolInput: { headers: { Authorization: "Bearer abc" }, body: "0123456789abcdef" },
          argv: ["short", "a rather long argument"],
        },
        12,
      ),
    ).toEqual({
      record: {
        requestId: "perm-3b2411…",
        command: "curl https:…",
        apiKey: "[masked]",
        toolInput: { headers: { Authorization: "[masked]" }, body: "0123456789a…" },
        argv: ["short", "a rather lo…"],
      },
      capped: ["/requestId", "/command", "/toolInput/body", "/argv/1"],
      masked: ["/apiKey", "/toolInput/headers/Authorization"],
    });
  });

  it("masks a sensitive value longer than the width whole, never as a shortened partial secret", () => {
    const secret = `sk-live-${"0123456789".repeat(200)}`;
    expect(prepareReviewLogRecord({ token: secret, nested: { password: secret } }, 20)).toEqual({
      record: { token: "[masked]", nested: { password: "[masked]" } },
      capped: [],
      masked: ["/token", "/nested/password"],
    });
  });

  it("does not list strings inside a masked object as capped", () => {
    expect(
      prepareReviewLogRecord({ credentials: { user: "a-very-long-user-name", key: "x" } }, 10),
    ).toEqual({ record: { credentials: "[masked]" }, capped: [], masked: ["/credentials"] });
  });

  it("shortens a long command and never masks it", () => {
    const command = `export GITHUB_TOKEN=ghp_secret && ${"echo hello; ".repeat(100)}`;
    expect(prepareReviewLogRecord({ command }, 30)).toEqual({
      record: { command: "export GITHUB_TOKEN=ghp_secre…" },
      capped: ["/command"],
      masked: [],
    });
  });

  it.each([
    ["a width equal to the marker keeps it whole", 8, "[masked]"],
    ["a width narrower than the marker caps it too", 5, "[mas…"],
    ["the narrowest width leaves the ellipsis", 1, "…"],
  ])("fits the mask marker to the width: %s", (_note, width, marker) => {
    expect(prepareReviewLogRecord({ secret: "s" }, width)).toEqual({
      record: { secret: marker },
      capped: [],
      masked: ["/secret"],
    });
  });

  it("escapes ~ and / in pointers as RFC 6901 asks", () => {
    expect(
      prepareReviewLogRecord(
        { "a/b": { "c~d": "abcdefghij" }, "x/token": "s", "": "abcdefghij" },
        8,
      ),
    ).toEqual({
      record: { "a/b": { "c~d": "abcdefg…" }, "x/token": "[masked]", "": "abcdefg…" },
      capped: ["/a~1b/c~0d", "/"],
      masked: ["/x~1token"],
    });
  });

  it("leaves the input unchanged, so an event holding the same object is never altered", () => {
    const details = { command: "abcdefghij", apiKey: "sk-live-123" };
    prepareReviewLogRecord(details, 4);
    expect(details).toEqual({ command: "abcdefghij", apiKey: "sk-live-123" });
  });

  it("refuses a width that is not a positive integer", () => {
    expect(() => prepareReviewLogRecord({ command: "ls" }, 0)).toThrow(
      new RangeError("review-log field width must be a positive integer, got 0"),
    );
  });
});
