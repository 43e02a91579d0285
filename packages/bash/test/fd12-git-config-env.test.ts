import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

describe("adversarial: a file-valued git setting whose value comes from the environment", () => {
  it.each([
    "A=.env git --config-env=core.excludesFile=A status",
    "A=.env git --config-env core.excludesFile=A status",
    "git --config-env=blame.ignoreRevsFile=HOME blame README.md",
    "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.attributesFile git status",
    "export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=mailmap.file GIT_CONFIG_VALUE_0=.env; git log -1 --use-mailmap",
  ])("%s names an unknown file", async (command) => {
    const found = paths(await analyze(command));
    expect(found).toContain("read:?");
    expect(found.join(" ")).not.toMatch(/core\.|blame\.|config-env/);
  });

  it.each([
    [
      "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.excludesFile GIT_CONFIG_VALUE_0=/home/user/.ssh/id_rsa git status",
      "read:/home/user/.ssh/id_rsa",
    ],
    [
      "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=blame.ignoreRevsFile GIT_CONFIG_VALUE_0=.env git blame README.md",
      "read:/repo/.env",
    ],
    [
      "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.attributesFile GIT_CONFIG_VALUE_0=~/.ssh/config git status",
      "read:/home/user/.ssh/config",
    ],
  ])("%s reads the value written beside its key", async (command, path) => {
    expect(paths(await analyze(command))).toContain(path);
  });

  it("keeps a setting that names no file proven", async () => {
    const analysis = await analyze(
      "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=user.name GIT_CONFIG_VALUE_0=x git status",
    );
    expect(analysis.status).toBe("ok");
    expect(paths(analysis)).toEqual([]);
  });
});
