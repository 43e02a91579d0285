// The catalogue of surfaces is the one place a surface is described: the schema, the pattern
// languages and the directional sugar are all read from it.
import { describe, expect, it } from "vitest";
import {
  FILE_TOOLS,
  PolicyDocumentSchema,
  patternLanguage,
  permissionRules,
  SURFACES,
  type SurfaceSpec,
  surfaceSpec,
} from "../src/index.ts";
import { BUILTIN_TOOL_SURFACES, SPECIAL_SURFACES } from "../src/surfaces.ts";

const entries = Object.entries(SURFACES) as [string, SurfaceSpec][];
const permissionProperties = (
  PolicyDocumentSchema.properties.permission as unknown as {
    properties: Record<string, { description?: string; anyOf?: { description?: string }[] }>;
  }
).properties;

describe("the catalogue of surfaces", () => {
  it("gives the schema one property per surface, with the catalogue's description", () => {
    const described = Object.fromEntries(
      Object.entries(permissionProperties)
        .filter(([key]) => key !== "*")
        .map(([key, schema]) => [key, schema.description]),
    );
    expect(described).toEqual(
      Object.fromEntries(entries.map(([name, spec]) => [name, spec.description])),
    );
  });

  it("splits into the special surfaces and Pi's built-in tools", () => {
    expect([...SPECIAL_SURFACES, ...BUILTIN_TOOL_SURFACES].sort()).toEqual(
      entries.map(([name]) => name).sort(),
    );
    expect(SPECIAL_SURFACES).toEqual(
      entries.filter(([, spec]) => spec.kind === "special").map(([name]) => name),
    );
  });

  it("names each surface's pattern language; an unknown tool's patterns are names", () => {
    for (const [name, spec] of entries) expect(patternLanguage(name)).toBe(spec.language);
    expect(patternLanguage("my_extension_tool")).toBe("name");
    expect(patternLanguage("constructor")).toBe("name");
    expect(surfaceSpec("toString")).toBeUndefined();
  });

  it("lists the file tools with the access the catalogue gives them", () => {
    expect(FILE_TOOLS).toEqual(
      Object.fromEntries(
        entries.flatMap(([name, spec]) => (spec.file ? [[name, spec.file.access]] : [])),
      ),
    );
  });

  it("expands a bare surface into the directional surfaces the catalogue names", () => {
    for (const [name, spec] of entries) {
      const rules = permissionRules(
        { [name]: { "/x/**": "deny" } },
        { scope: "global", file: null },
      );
      expect(rules.map((rule) => rule.surface)).toEqual(spec.directions ?? [name]);
    }
  });

  it("gives every path surface a gate family, and directional ones their own access", () => {
    for (const [name, spec] of entries) {
      if (spec.language !== "path" || spec.kind !== "special") continue;
      expect(spec.paths?.family).toBe(name.startsWith("path") ? "path" : "external_directory");
      const access = name.endsWith("_read")
        ? "read"
        : name.endsWith("_write")
          ? "write"
          : "read_write";
      expect(spec.paths?.access).toBe(access);
    }
  });
});
