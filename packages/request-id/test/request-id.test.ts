import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  adoptOrMintPermissionRequestId,
  createPermissionRequestId,
  isFilenameSafeRequestId,
  MAX_REQUEST_ID_LENGTH,
} from "../src/index.ts";

const MINTED = /^perm-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("createPermissionRequestId", () => {
  it("mints perm- followed by a version-4 uuid", () => {
    expect(createPermissionRequestId()).toMatch(MINTED);
  });

  it("never repeats an id over many mints", () => {
    const ids = new Set(Array.from({ length: 10_000 }, createPermissionRequestId));
    expect(ids.size).toBe(10_000);
  });

  it("always mints an id that passes the filename-safety guard", () => {
    const ids = Array.from({ length: 1_000 }, createPermissionRequestId);
    expect(ids.filter((id) => !isFilenameSafeRequestId(id))).toEqual([]);
  });
});

const SAFE: [note: string, id: string][] = [
  ["a minted id", "perm-3b241101-e2bb-4255-8caf-4136c566a962"],
  ["the legacy <ts>-<rand>-<pid> forwarding id", "1732960000000-k3j2h1x-4242"],
  ["a single letter", "a"],
  ["dots between other characters", "a..b"],
  ["a leading dot with a name after it", ".hidden"],
  ["underscore and hyphen alone", "_-"],
  ["exactly the length cap", "a".repeat(MAX_REQUEST_ID_LENGTH)],
  ["a device name as part of a longer word", "console"],
];

const UNSAFE: [note: string, id: unknown][] = [
  ["the empty string", ""],
  ["the current directory", "."],
  ["the parent directory", ".."],
  ["only dots", "..."],
  ["a parent-directory escape", "../x"],
  ["a path separator", "a/b"],
  ["a Windows path separator", "a\\b"],
  ["an absolute path", "/etc/passwd"],
  ["a space", "a b"],
  ["a trailing newline, which a bare $ would let through", "abc\n"],
  ["a NUL byte", "a\u0000b"],
  ["an accented letter", "perm-é"],
  ["a fullwidth letter that folds to ASCII elsewhere", "perm-ｘ"],
  ["an emoji", "perm-😀"],
  ["one character over the length cap", "a".repeat(MAX_REQUEST_ID_LENGTH + 1)],
  ["a Windows device name", "CON"],
  ["a Windows device name with an extension", "nul.request"],
  ["a numbered Windows device name in lower case", "com1"],
  ["undefined", undefined],
  ["null", null],
  ["a number, never coerced", 42],
  ["a String object, never coerced", new String("perm-a")],
  ["an array holding a safe id", ["perm-a"]],
  ["an object with a safe toString", { toString: () => "perm-a" }],
];

describe("isFilenameSafeRequestId", () => {
  it.each(SAFE)("accepts %s", (_note, id) => {
    expect(isFilenameSafeRequestId(id)).toBe(true);
  });

  it.each(UNSAFE)("refuses %s", (_note, id) => {
    expect(isFilenameSafeRequestId(id)).toBe(false);
  });
});

describe("adoptOrMintPermissionRequestId", () => {
  it.each(SAFE)("adopts %s verbatim", (_note, id) => {
    expect(adoptOrMintPermissionRequestId(id)).toBe(id);
  });

  it.each(UNSAFE)("mints a fresh id instead of %s", (_note, id) => {
    expect(adoptOrMintPermissionRequestId(id)).toMatch(MINTED);
  });

  it("mints a different id on each refusal", () => {
    expect(adoptOrMintPermissionRequestId("../x")).not.toBe(adoptOrMintPermissionRequestId("../x"));
  });

  it("returns the candidate exactly when the guard accepts it, and a fresh mint otherwise", () => {
    const candidate = fc.oneof(
      fc.string({ unit: "binary" }),
      fc.string({ unit: fc.constantFrom(..."aZ09._-/\\ \u0000é"), maxLength: 140 }),
      fc.anything(),
    );
    fc.assert(
      fc.property(candidate, (value) => {
        const id = adoptOrMintPermissionRequestId(value);
        expect(isFilenameSafeRequestId(id)).toBe(true);
        if (isFilenameSafeRequestId(value)) expect(id).toBe(value);
        else expect(id).toMatch(MINTED);
      }),
    );
  });

  it("adopts every non-dot id from the safe alphabet within the length cap", () => {
    // This alphabet cannot spell a Windows device name, so only dots-only ids are left out.
    const safe = fc
      .string({
        unit: fc.constantFrom(..."abcxyzABCXYZ0189._-"),
        minLength: 1,
        maxLength: MAX_REQUEST_ID_LENGTH,
      })
      .filter((s) => !/^\.+$/.test(s));
    fc.assert(
      fc.property(safe, (id) => {
        expect(adoptOrMintPermissionRequestId(id)).toBe(id);
      }),
    );
  });
});
