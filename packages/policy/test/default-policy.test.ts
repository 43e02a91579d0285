import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_POLICY_TEXT,
  decideSurface,
  matchesPathPattern,
  mergeScopes,
  POLICY_SCHEMA_URL,
} from "../src/index.ts";
import { defaultPolicyScope } from "../src/load.ts";

describe("the built-in default policy", () => {
  it("is the committed policies/default.json, byte for byte", () => {
    expect(readFileSync(new URL("../policies/default.json", import.meta.url), "utf8")).toBe(
      DEFAULT_POLICY_TEXT,
    );
  });

  it("loads without an issue and points its $schema at the published schema", () => {
    const scope = defaultPolicyScope();
    expect([
      scope.status,
      scope.issues,
      scope.status === "loaded" && scope.document.$schema,
    ]).toEqual(["loaded", [], POLICY_SCHEMA_URL]);
  });

  const { policy } = mergeScopes([defaultPolicyScope()]);
  const where = { cwd: "/repo", home: "/home/u" };
  const onPath = (surface: string, path: string) =>
    decideSurface(policy.rules, surface, (p) => matchesPathPattern(p, path, where), false)
      ?.action ?? "none";
  const tool = (name: string) => decideSurface(policy.rules, name, () => true, true)?.action;

  it.each([
    ["read", "allow"],
    ["grep", "allow"],
    ["find", "allow"],
    ["ls", "allow"],
    ["write", "ask"],
    ["edit", "ask"],
    ["bash", "ask"],
    ["some_extension_tool", "ask"],
  ])("the %s tool: %s", (name, action) => {
    expect(tool(name)).toBe(action);
  });

  it.each([
    ["/repo/.env", "deny"],
    ["/repo/api/.env.production", "deny"],
    ["/home/u/.ssh/id_ed25519", "deny"],
    ["/home/u/.aws/credentials", "deny"],
    ["/home/u/.config/gcloud/application_default_credentials.json", "deny"],
    ["/home/u/.kube/config", "deny"],
    ["/repo/src/index.ts", "none"],
  ])("the path %s: %s", (path, action) => {
    expect([onPath("path_read", path), onPath("path_write", path)]).toEqual([action, action]);
  });

  it("asks for every path outside the project", () => {
    expect(onPath("external_directory_read", "/etc/hosts")).toBe("ask");
  });
});
