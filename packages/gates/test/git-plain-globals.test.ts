import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, bash, policyOf } from "./fixtures.ts";

/** The strict allowlist of the corpus (P2): git's readers allowed, everything else denied. */
const ALLOWLIST: PermissionMap = {
  "*": "deny",
  bash: { "*": "deny", "git status": "allow", "git diff *": "allow", "git log *": "allow" },
};

async function judge(permission: PermissionMap, command: string) {
  const verdict = evaluateToolCall(policyOf(permission), bash(command), await analyzerOnce());
  const item = verdict.requests.find((r) => r.gate === "bash")?.items[0];
  return { action: item?.action, rule: item?.rule?.pattern ?? null };
}

describe("git's options that only change how output is shown are set aside for matching", () => {
  it.each([
    ["git --no-pager diff", "git diff *"],
    ["git -P log -1", "git log *"],
    ["git -p log -1", "git log *"],
    ["git --no-optional-locks status", "git status"],
    ["git -c color.ui=never diff --stat", "git diff *"],
    ["git --no-pager --literal-pathspecs log -- src", "git log *"],
  ])("%s meets %s", async (command, rule) => {
    expect(await judge(ALLOWLIST, command)).toEqual({ action: "allow", rule });
  });

  it.each([
    // -c of other keys changes what git reads or runs: the words as written still count.
    ["git -c core.pager=less log", "deny"],
    ["git -c color.ui=never -c diff.external=x diff", "deny"],
  ])("%s is still judged as written", async (command, action) => {
    expect((await judge(ALLOWLIST, command)).action).toBe(action);
  });

  // `git -C DIR x` is `cd DIR && git x`: the command rule meets `git x`, and the folder is
  // judged as the folder of a `cd` is, by the path and external_directory rules.
  it.each([
    ["git -C src log -1", "allow"],
    ["git -C src --no-pager diff --stat", "allow"],
    ["git -C /tmp diff", "deny"],
    ["git --no-pager -C /tmp diff", "deny"],
    ["git -C ~/.ssh log", "deny"],
    ["git -C src push origin main", "deny"],
  ])("%s is judged as git run in that folder: %s", async (command, action) => {
    const policy = policyOf({ ...ALLOWLIST, path: "allow", external_directory: "deny" });
    const verdict = evaluateToolCall(policy, bash(command), await analyzerOnce());
    expect(verdict.action).toBe(action);
  });

  it("never lets such an option step around a deny", async () => {
    const permission: PermissionMap = { bash: { "*": "allow", "git push *": "deny" } };
    expect(await judge(permission, "git --no-pager push origin main")).toEqual({
      action: "deny",
      rule: "git push *",
    });
    expect(await judge(permission, "git -C src push origin main")).toEqual({
      action: "deny",
      rule: "git push *",
    });
  });
});
