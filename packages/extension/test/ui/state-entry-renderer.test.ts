import type { CustomEntry, ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { visibleWidth } from "@earendil-works/pi-tui";
import {
  PERMISSIONS_STATE_ENTRY_TYPE,
  type PermissionsStateEntry,
  type PersistedPermissionHook,
} from "@pi-permission/payload";
import {
  renderPermissionStateCompact,
  renderPermissionStateExpanded,
} from "@pi-permission/renderers";
import { describe, expect, it, vi } from "vitest";
import { renderPermissionsEntry } from "../../src/ui/state-entry-renderer.ts";
import { darkTheme, plainLines } from "./theme.ts";

const theme = darkTheme();

function hook(
  name: string,
  source: PersistedPermissionHook["source"],
  enabled: boolean,
  changed = false,
): PersistedPermissionHook {
  return { id: `${source}:${name}`, name, source, enabled, changed };
}

// The worked example of the state-entry design: a mixed modal save.
const MIXED: PermissionsStateEntry = {
  hooks: [
    hook("Git mutations", "user", false),
    hook("Destructive removal", "user", true),
    hook("Production deployment", "project", true, true),
    hook("Generated files", "project", true),
    hook("Release publication", "package:release-guard", false, true),
    hook("Secrets", "package:read-guard", true),
  ],
};

const ONE_DISABLED: PermissionsStateEntry = {
  hooks: [
    hook("Git mutations", "user", false, true),
    hook("Destructive removal", "user", true),
    hook("Production deployment", "project", true),
    hook("Generated files", "project", true),
    hook("Release publication", "package:release-guard", true),
    hook("Secrets", "package:read-guard", true),
  ],
};

function customEntry(data: unknown): CustomEntry {
  return {
    type: "custom",
    customType: PERMISSIONS_STATE_ENTRY_TYPE,
    data,
    id: "e1",
    parentId: null,
    timestamp: "2026-11-30T12:00:00.000Z",
  };
}

function draw(data: unknown, expanded: boolean, width: number): readonly string[] {
  const component = renderPermissionsEntry(customEntry(data), { expanded }, theme);
  if (component === undefined) throw new Error("expected a card");
  return component.render(width);
}

describe("the permission state card", () => {
  it("registers as Pi's entry renderer as it is", () => {
    const pi: Pick<ExtensionAPI, "registerEntryRenderer"> = { registerEntryRenderer: vi.fn() };
    pi.registerEntryRenderer(PERMISSIONS_STATE_ENTRY_TYPE, renderPermissionsEntry);
    expect(pi.registerEntryRenderer).toHaveBeenCalledWith("permissions", renderPermissionsEntry);
  });

  it("shows the compact line of a mixed transition on a padded card", () => {
    expect(plainLines(draw(MIXED, false, 80))).toEqual([
      "",
      " Permissions · 2 checks changed · 4/6 active",
      "",
    ]);
  });

  it("says `1 check disabled` for a one-hook transition", () => {
    expect(plainLines(draw(ONE_DISABLED, false, 80))).toEqual([
      "",
      " Permissions · 1 check disabled · 5/6 active",
      "",
    ]);
  });

  it("shows the complete inventory when expanded, `*` on the rows that changed", () => {
    expect(plainLines(draw(MIXED, true, 80))).toEqual([
      "",
      " Permissions · 2 checks changed · 4/6 active",
      "",
      "   ○ Git mutations             user",
      "   ● Destructive removal       user",
      " * ● Production deployment     project",
      "   ● Generated files           project",
      " * ○ Release publication       package:release-guard",
      "   ● Secrets                   package:read-guard",
      "",
    ]);
  });

  it.each([
    { expanded: false, width: 80 },
    { expanded: true, width: 80 },
    { expanded: false, width: 24 },
    { expanded: true, width: 30 },
    { expanded: true, width: 12 },
  ])(
    "draws exactly the renderers' text inside the card (expanded $expanded, width $width)",
    ({ expanded, width }) => {
      // The box takes one column of padding on each side.
      const options = { width: width - 2 };
      const text = expanded
        ? renderPermissionStateExpanded(MIXED, options)
        : [renderPermissionStateCompact(MIXED, options)];
      expect(plainLines(draw(MIXED, expanded, width))).toEqual(
        ["", ...text.map((line) => ` ${line}`), ""].map((line) => line.trimEnd()),
      );
    },
  );

  it.each([80, 30, 12])(
    "fills every line to exactly the render width on the card background (width %i)",
    (width) => {
      const background = theme.getBgAnsi("customMessageBg");
      for (const line of draw(MIXED, true, width)) {
        expect(visibleWidth(line)).toBe(width);
        expect(line.startsWith(background)).toBe(true);
      }
    },
  );

  it("colours the title accent, enabled dots success, disabled dots warning and metadata muted", () => {
    const [, compact, , gitRow, removalRow, , , , secretsRow] = draw(MIXED, true, 80);
    expect(compact).toContain(theme.fg("accent", "Permissions"));
    expect(compact).toContain(theme.fg("muted", " · 4/6 active"));
    expect(gitRow).toContain(theme.fg("warning", "○"));
    expect(gitRow).toContain(theme.fg("muted", "user"));
    expect(removalRow).toContain(theme.fg("success", "●"));
    expect(secretsRow).toContain(theme.fg("muted", "package:read-guard"));
  });
});

describe("entries that are not permission state entries draw nothing", () => {
  const row = { id: "user:git", name: "Git", source: "user", enabled: false, changed: true };
  it.each([
    { note: "the legacy enablement record", data: { hooks: { "user:git": true } } },
    { note: "the legacy global switch", data: { enabled: false } },
    { note: "no data at all", data: undefined },
    { note: "null", data: null },
    { note: "a bare array of hooks", data: [row] },
    { note: "an empty snapshot", data: { hooks: [] } },
    { note: "a snapshot without a changed row", data: { hooks: [{ ...row, changed: false }] } },
    { note: "a row missing its changed flag", data: { hooks: [{ ...row, changed: undefined }] } },
    { note: "a row with a mistyped flag", data: { hooks: [{ ...row, enabled: "no" }] } },
    { note: "an unknown source", data: { hooks: [{ ...row, source: "global" }] } },
    { note: "a row with an extra field", data: { hooks: [{ ...row, path: "/home/me/hook.ts" }] } },
    { note: "two rows with one id", data: { hooks: [row, { ...row, changed: false }] } },
    { note: "an extra top-level field", data: { hooks: [row], version: 2 } },
    {
      note: "a value whose getter throws",
      data: {
        get hooks(): never {
          throw new Error("hostile");
        },
      },
    },
  ])("$note", ({ data }) => {
    expect(renderPermissionsEntry(customEntry(data), { expanded: true }, theme)).toBeUndefined();
    expect(renderPermissionsEntry(customEntry(data), { expanded: false }, theme)).toBeUndefined();
  });
});
