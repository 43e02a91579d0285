import type { PermissionsStateEntry, PersistedPermissionHook } from "@pi-permission/payload";
import { describe, expect, it } from "vitest";
import {
  renderPermissionStateCompact,
  renderPermissionStateExpanded,
  summarizePermissionState,
} from "../src/index.ts";

function hook(
  name: string,
  source: PersistedPermissionHook["source"],
  enabled: boolean,
  changed = false,
): PersistedPermissionHook {
  return { id: `${source}:${name}`, name, source, enabled, changed };
}

/** The inventory of the accepted design's example (seed 004). */
const seedExample: PermissionsStateEntry = {
  hooks: [
    hook("Git mutations", "user", false),
    hook("Destructive removal", "user", true),
    hook("Production deployment", "project", true, true),
    hook("Generated files", "project", true),
    hook("Release publication", "package:release-guard", false, true),
    hook("Secrets", "package:read-guard", true),
  ],
};

describe("the compact line", () => {
  it.each([
    {
      note: "one hook disabled out of six",
      entry: {
        hooks: [
          hook("Git mutations", "user", false, true),
          ...["A", "B", "C", "D", "E"].map((n) => hook(n, "user", true)),
        ],
      },
      line: "Permissions · 1 check disabled · 5/6 active",
    },
    {
      note: "three hooks enabled at once",
      entry: {
        hooks: [
          ...["A", "B", "C"].map((n) => hook(n, "project", true, true)),
          ...["D", "E", "F"].map((n) => hook(n, "project", true)),
        ],
      },
      line: "Permissions · 3 checks enabled · 6/6 active",
    },
    {
      note: "a modal save that enabled one hook and disabled another",
      entry: seedExample,
      line: "Permissions · 2 checks changed · 4/6 active",
    },
  ])("reads as in the design: $note", ({ entry, line }) => {
    expect(renderPermissionStateCompact(entry)).toBe(line);
  });

  it("never names the hook, even for a single change", () => {
    const entry = { hooks: [hook("Secrets", "user", true, true)] };
    expect(renderPermissionStateCompact(entry)).toBe("Permissions · 1 check enabled · 1/1 active");
  });

  it("says only the count for a snapshot that records no change", () => {
    const entry = { hooks: [hook("Secrets", "user", true)] };
    expect(renderPermissionStateCompact(entry)).toBe("Permissions · 1/1 active");
  });
});

describe("the expanded card", () => {
  it("reproduces the design's example exactly", () => {
    expect(renderPermissionStateExpanded(seedExample).join("\n")).toBe(
      [
        "Permissions · 2 checks changed · 4/6 active",
        "",
        "  ○ Git mutations             user",
        "  ● Destructive removal       user",
        "* ● Production deployment     project",
        "  ● Generated files           project",
        "* ○ Release publication       package:release-guard",
        "  ● Secrets                   package:read-guard",
      ].join("\n"),
    );
  });

  it("widens the name column for a long name and measures wide characters in columns", () => {
    expect(
      renderPermissionStateExpanded({
        hooks: [
          hook("Block force-pushes to protected branches", "user", false, true),
          hook("生产部署", "project", true),
        ],
      }),
    ).toEqual([
      "Permissions · 1 check disabled · 1/2 active",
      "",
      "* ○ Block force-pushes to protected branches  user",
      "  ● 生产部署                                  project",
    ]);
  });

  it("keeps a hook name on its row, whatever it contains", () => {
    const lines = renderPermissionStateExpanded({
      hooks: [hook("evil\nname\u001b[31m", "user", true, true)],
    });
    expect(lines[2]).toBe(`* ● ${"evil name\\x1b[31m".padEnd(26)}user`);
  });

  it("colours through the style callback: accent title, success and warning dots, muted metadata", () => {
    const style = (role: string, text: string) => `<${role}>${text}</${role}>`;
    expect(
      renderPermissionStateExpanded(
        { hooks: [hook("Git", "user", false, true), hook("Secrets", "package:read-guard", true)] },
        { style },
      ),
    ).toEqual([
      "<title>Permissions</title><metadata> · </metadata>1 check disabled<metadata> · 1/2 active</metadata>",
      "",
      "* <disabled>○</disabled> Git                       <metadata>user</metadata>",
      "  <enabled>●</enabled> Secrets                   <metadata>package:read-guard</metadata>",
    ]);
  });

  it("cuts every line to the width it is given, marked with an ellipsis", () => {
    expect(renderPermissionStateExpanded(seedExample, { width: 30 })).toEqual([
      "Permissions · 2 checks change…",
      "",
      "  ○ Git mutations            …",
      "  ● Destructive removal      …",
      "* ● Production deployment    …",
      "  ● Generated files          …",
      "* ○ Release publication      …",
      "  ● Secrets                  …",
    ]);
  });
});

describe("summarizePermissionState", () => {
  it("derives the counts and the direction from the snapshot alone", () => {
    expect(summarizePermissionState(seedExample)).toEqual({
      active: 4,
      total: 6,
      changed: 2,
      direction: "changed",
    });
  });
});
