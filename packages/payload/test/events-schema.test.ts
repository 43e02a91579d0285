import { readFileSync } from "node:fs";
import Value from "typebox/value";
import { describe, expect, it } from "vitest";
import {
  isPermissionDecisionEvent,
  isPermissionsStateEntry,
  isPromptPayload,
} from "../src/index.ts";
import { eventsJsonSchema } from "../src/schemas.ts";
import { bashPayload, denyEvent, stateEntry } from "./examples.ts";

const COMMITTED = new URL("../schema/events.schema.json", import.meta.url);

describe("schema/events.schema.json", () => {
  // Regenerate after an intended change with `npm run schema:update` (vitest -u on this file).
  it("is exactly what src/schemas.ts generates", async () => {
    await expect(`${JSON.stringify(eventsJsonSchema(), null, 2)}\n`).toMatchFileSnapshot(
      "../schema/events.schema.json",
    );
  });

  it("gives a non-TypeScript validator the guards' verdicts", () => {
    const { $defs } = JSON.parse(readFileSync(COMMITTED, "utf8"));
    const rows = [
      { schema: $defs.PromptPayload, guard: isPromptPayload, value: bashPayload },
      { schema: $defs.PromptPayload, guard: isPromptPayload, value: { ...bashPayload, kind: "x" } },
      { schema: $defs.PermissionDecisionEvent, guard: isPermissionDecisionEvent, value: denyEvent },
      {
        schema: $defs.PermissionDecisionEvent,
        guard: isPermissionDecisionEvent,
        value: { ...denyEvent, resolution: "user_approved" },
      },
      { schema: $defs.PermissionsStateEntry, guard: isPermissionsStateEntry, value: stateEntry },
      {
        schema: $defs.PermissionsStateEntry,
        guard: isPermissionsStateEntry,
        value: { enabled: false },
      },
    ];
    expect(rows.map(({ schema, value }) => Value.Check(schema, value))).toEqual(
      rows.map(({ guard, value }) => guard(value)),
    );
    expect(rows.map(({ guard, value }) => guard(value))).toEqual([
      true,
      false,
      true,
      false,
      true,
      false,
    ]);
  });
});
