import { readFileSync } from "node:fs";
import Value from "typebox/value";
import { describe, expect, it } from "vitest";
import { POLICY_SCHEMA_URL, parsePolicyText, policyJsonSchema } from "../src/index.ts";

const COMMITTED = new URL("../schema/permissions.schema.json", import.meta.url);

interface Node {
  description?: string;
  properties?: Record<string, Node>;
  additionalProperties?: Node | boolean;
}

describe("schema/permissions.schema.json", () => {
  // Regenerate after an intended schema change with `npm run schema:update` (vitest -u on this file).
  it("is exactly what src/schema.ts generates", async () => {
    await expect(`${JSON.stringify(policyJsonSchema(), null, 2)}\n`).toMatchFileSnapshot(
      "../schema/permissions.schema.json",
    );
  });

  it("is published where a policy file's `$schema` points", () => {
    const committed = JSON.parse(readFileSync(COMMITTED, "utf8"));
    expect([committed.$id, committed.$schema]).toEqual([
      POLICY_SCHEMA_URL,
      "https://json-schema.org/draft/2020-12/schema",
    ]);
  });

  it("describes every field and every named surface, so editors can show it", () => {
    const committed = JSON.parse(readFileSync(COMMITTED, "utf8")) as Node;
    const undescribed: string[] = [];
    const visit = (node: Node, path: string) => {
      for (const [key, child] of Object.entries(node.properties ?? {})) {
        if (!child.description) undescribed.push(`${path}.${key}`);
        if (key === "permission" || key === "hooks") visit(child, `${path}.${key}`);
      }
    };
    visit(committed, "");
    expect(undescribed).toEqual([]);
  });

  it("gives a non-TypeScript validator the loader's verdict on each document", () => {
    const committed = JSON.parse(readFileSync(COMMITTED, "utf8"));
    const documents: [document: unknown, note: string][] = [
      [{ $schema: POLICY_SCHEMA_URL, permission: { "*": "ask", read: "allow" } }, "valid"],
      [
        { permission: { bash: { "git push *": { action: "deny", reason: "CI" } } } },
        "deny with a reason",
      ],
      [{ permission: { myExtensionTool: "deny" } }, "any tool name is a surface"],
      [{ yollo: true }, "unknown key"],
      [{ permission: { path_wrote: "deny" } }, "misspelled surface"],
      [{ permission: { bash: { "git *": "alow" } } }, "unknown action"],
      [{ permission: { "*": { "git *": "allow" } } }, "the universal default is an action"],
      [{ promptMaxRows: 0 }, "below the minimum"],
      [{ forwardingTimeoutMs: 1.5 }, "not an integer"],
      [
        { hooks: { h: { name: "H", permission: { "*": "deny" } } } },
        "a hook has no universal default",
      ],
      [{ hooks: { h: { name: "H", permission: { bash: "deny" } } } }, "a valid hook"],
    ];
    const loaderValid = documents.map(
      ([d]) =>
        !parsePolicyText(JSON.stringify(d), { scope: "global", file: "/p.json" }).issues.some(
          (i) => i.severity === "error",
        ),
    );
    expect(documents.map(([d]) => Value.Check(committed, d))).toEqual(loaderValid);
    expect(loaderValid).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
  });
});
