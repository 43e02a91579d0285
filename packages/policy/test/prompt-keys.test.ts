// The dialog settings: `promptKeys` (checked by invalidPromptKey, read from the user's own files
// only), `promptDoublePress` (true wins) and `promptNotification`.
import { describe, expect, it } from "vitest";
import {
  DEFAULT_PROMPT_KEYS,
  formatPolicyIssue,
  mergeScopes,
  parsePolicyText,
} from "../src/index.ts";
import { resolveSettings } from "../src/settings.ts";

const GLOBAL = "/home/u/.pi/agent/permissions.json";
const PROJECT = "/repo/.pi/permissions.json";

function globalFile(document: unknown) {
  return parsePolicyText(JSON.stringify(document), { scope: "global", file: GLOBAL });
}

function projectFile(document: unknown) {
  return parsePolicyText(JSON.stringify(document), { scope: "project", file: PROJECT });
}

function keyIssues(promptKeys: unknown) {
  return mergeScopes([globalFile({ promptKeys })]).issues.map((i) => [
    i.code,
    i.jsonPath,
    i.received,
  ]);
}

describe("invalidPromptKey", () => {
  it.each([
    // note, promptKeys, the issues [code, at, received]
    ["a remap of a few keys is fine", { once: "o", deny: "x" }, []],
    [
      "digits and signs work, but a session key needs a distinct upper case",
      {
        once: "1",
        session: "2",
        always: "3",
        deny: "4",
        denyWithReason: "?",
        wider: "+",
        expand: "=",
      },
      [["invalidPromptKey", "promptKeys.session", '"2"']],
    ],
    ["two characters", { once: "yy" }, [["invalidPromptKey", "promptKeys.once", '"yy"']]],
    ["an empty key is a schema error", { once: "" }, [["emptyValue", "promptKeys.once", '`""`']]],
    ["a space", { deny: " " }, [["invalidPromptKey", "promptKeys.deny", '" "']]],
    [
      "a control character (escape)",
      { deny: "\u001b" },
      [["invalidPromptKey", "promptKeys.deny", '"\\u001b"']],
    ],
    [
      "j and k move",
      { once: "j", deny: "k" },
      [
        ["invalidPromptKey", "promptKeys.once", '"j"'],
        ["invalidPromptKey", "promptKeys.deny", '"k"'],
      ],
    ],
    [
      "wider may not pick where always saves",
      { wider: "g" },
      [["invalidPromptKey", "promptKeys.wider", '"g"']],
    ],
    ["g is fine for an answer key", { once: "g" }, []],
    [
      "a collision with another key's default",
      { once: "n" },
      [["invalidPromptKey", "promptKeys.once", '"n"']],
    ],
    [
      "a collision between two written keys marks both",
      { once: "x", deny: "x" },
      [
        ["invalidPromptKey", "promptKeys.once", '"x"'],
        ["invalidPromptKey", "promptKeys.deny", '"x"'],
      ],
    ],
    ["a swap is fine", { once: "n", deny: "y" }, []],
    [
      "the session key's upper case is taken",
      { once: "S" },
      [["invalidPromptKey", "promptKeys.once", '"S"']],
    ],
    ["a single emoji is one character", { expand: "👀" }, []],
    ["an unknown key name", { approve: "y" }, [["unknownKey", "promptKeys.approve", "`approve`"]]],
  ])("%s", (_note, promptKeys, expected) => {
    expect(keyIssues(promptKeys)).toEqual(expected);
  });

  it("says what collides and how to fix it, at the key's place in the file", () => {
    const text = '{\n  "promptKeys": { "once": "n" }\n}';
    const [found] = mergeScopes([parsePolicyText(text, { scope: "global", file: GLOBAL })]).issues;
    expect(found && formatPolicyIssue(found)).toBe(
      `error[invalidPromptKey]: \`n\` is both the \`once\` key and the \`deny\` key
  --> ${GLOBAL}:2:19
  at: promptKeys.once
  expected: a key no other answer uses
  received: "n"
  help: remap \`deny\` too, or pick another key (the defaults: once \`y\`, session \`s\`, always \`a\`, deny \`n\`, denyWithReason \`r\`, wider \`w\`, expand \`v\`)`,
    );
  });

  it("keeps the default keys and the file's other settings when a key is invalid", () => {
    const merged = mergeScopes([globalFile({ promptKeys: { once: "j" }, promptMaxRows: 9 })]);
    expect([merged.policy.settings.promptKeys, merged.policy.settings.promptMaxRows]).toEqual([
      DEFAULT_PROMPT_KEYS,
      9,
    ]);
  });
});

describe("promptKeys", () => {
  it("fills the keys a file leaves out with their defaults", () => {
    expect(
      mergeScopes([globalFile({ promptKeys: { once: "o" } })]).policy.settings.promptKeys,
    ).toEqual({
      ...DEFAULT_PROMPT_KEYS,
      once: "o",
    });
  });

  it("takes a later file's map whole: a key it leaves out is the default, not the earlier file's", () => {
    expect(
      resolveSettings([{ promptKeys: { once: "o" } }, { promptKeys: { deny: "x" } }]).promptKeys,
    ).toEqual({
      ...DEFAULT_PROMPT_KEYS,
      deny: "x",
    });
  });

  it("ignores a project file's keys, trusted or not, and warns", () => {
    const merged = mergeScopes([
      globalFile({ promptKeys: { once: "o" } }),
      projectFile({
        promptKeys: { once: "n", deny: "y" },
        permission: { bash: { "git *": "allow" } },
      }),
    ]);
    expect([
      merged.policy.settings.promptKeys,
      merged.issues.map((i) => [i.severity, i.code, i.file, i.jsonPath]),
    ]).toEqual([
      { ...DEFAULT_PROMPT_KEYS, once: "o" },
      [["warning", "promptKeysIgnored", PROJECT, "promptKeys"]],
    ]);
  });

  it("ignores the keys of a broken project file too", () => {
    const merged = mergeScopes([
      projectFile({ promptKeys: { once: "n", deny: "y" }, yollo: true }),
    ]);
    expect([merged.policy.settings.promptKeys, merged.issues.map((i) => i.code)]).toEqual([
      DEFAULT_PROMPT_KEYS,
      ["unknownKey", "promptKeysIgnored"],
    ]);
  });
});

describe("promptDoublePress and promptNotification", () => {
  it("keeps the double press on once any file switches it on", () => {
    const merged = mergeScopes([
      globalFile({ promptDoublePress: true }),
      projectFile({ promptDoublePress: false }),
    ]);
    expect(merged.policy.settings.promptDoublePress).toBe(true);
  });

  it("is off with no file, and a notification kind is read as written", () => {
    expect([
      resolveSettings([]).promptDoublePress,
      resolveSettings([]).promptNotification,
      resolveSettings([{ promptNotification: "osc777" }]).promptNotification,
    ]).toEqual([false, "off", "osc777"]);
  });

  it("rejects a notification kind it does not know", () => {
    expect(
      mergeScopes([globalFile({ promptNotification: "beep" })]).issues.map((i) => [
        i.code,
        i.jsonPath,
      ]),
    ).toEqual([["unknownValue", "promptNotification"]]);
  });
});
