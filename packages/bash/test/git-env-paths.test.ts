import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

describe("adversarial: files git's environment and URL rewrites name", () => {
  it.each([
    ["GIT_SHALLOW_FILE=/home/user/notes.txt git log -1", ["read_write /home/user/notes.txt"]],
    ["GIT_GRAFT_FILE=/home/user/notes.txt git log -1", ["read /home/user/notes.txt"]],
    ["QUILT_SERIES=.env git quiltimport --dry-run", ["read /repo/.env"]],
    [
      "GIT_ALTERNATE_OBJECT_DIRECTORIES=/srv/o.git/objects:~/x git log -1",
      [
        "read /srv/o.git/objects",
        "read /srv/o.git/objects/…",
        "read /home/user/x",
        "read /home/user/x/…",
      ],
    ],
    ["GIT_SSL_KEY=/home/user/.ssh/k git fetch", ["read /home/user/.ssh/k"]],
    [
      "git -c url./srv/origin.git.insteadOf=foo fetch foo",
      ["read_write /srv/origin.git", "read_write /srv/origin.git/…"],
    ],
    [
      "git -c url.file:///srv/origin.git.insteadOf=x fetch x",
      ["read_write /srv/origin.git", "read_write /srv/origin.git/…"],
    ],
    ["git -c url.https://example.com/.insteadOf=x fetch x", []],
    [
      "GIT_CONFIG_PARAMETERS=\"'url./srv/origin.git.insteadof'='foo'\" git fetch foo",
      ["read_write /srv/origin.git", "read_write /srv/origin.git/…"],
    ],
    [
      "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=url./srv/o.git.insteadOf GIT_CONFIG_VALUE_0=x git fetch x",
      ["read_write /srv/o.git", "read_write /srv/o.git/…"],
    ],
    ["GIT_CONFIG_PARAMETERS=\"'include.path'='/home/user/x'\" git status", ["read /home/user/x"]],
  ])("%s", async (command, expected) => {
    const analysis = await analyze(command);
    expect(analysis.paths.map((path) => `${path.access} ${path.path}`)).toEqual(expected);
  });
});
