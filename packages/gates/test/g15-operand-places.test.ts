// G15 cd-resolution-gaps and glob-after-cd-with-option: a pattern whose operands are absolute
// paths is not stepped around by spelling the operand otherwise (a variable, a brace, `${IFS}`,
// `$PWD/..`), by a directory change the analyzer cannot follow (the operand may then name a
// file in any folder: ask), or by an option before a glob the analyzer resolved.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, bash, policyOf } from "./fixtures.ts";

async function verdictOf(permission: PermissionMap, command: string): Promise<string> {
  return evaluateToolCall(policyOf(permission), bash(command), await analyzerOnce()).action;
}

const BUILDS: PermissionMap = {
  "*": "allow",
  bash: { "*": "allow", "rm /tmp/builds/*": "deny" },
};
const IMPORTANT: PermissionMap = {
  "*": "allow",
  bash: { "*": "allow", "rm ~/important/*": "deny" },
};

describe("an operand spelled otherwise is resolved as the word the program gets", () => {
  it.each([
    "cd /tmp && {rm,builds/x}",
    "cd /tmp && rm${IFS}builds/x",
    "cd /tmp && rm build{s,}/x",
    "cd /tmp && rm builds/{x,y}",
    "x=builds; cd /tmp && rm $x/y",
    "cd /tmp; f=builds/x; rm $f",
    'cd /tmp; for f in builds/x; do rm "$f"; done',
    'cd /tmp; set -- builds/x; rm "$1"',
    "rm $PWD/../tmp/builds/x",
    "rm $HOME/../../tmp/builds/x",
    "rm ~+/../tmp/builds/x",
  ])("%s is denied", async (command) => {
    expect(await verdictOf(BUILDS, command)).toBe("deny");
  });

  it("meets a rule written with ~", async () => {
    expect(await verdictOf(IMPORTANT, "rm ~+/../home/user/important/a")).toBe("deny");
  });
});

describe("a relative operand after a cd the analyzer cannot follow may name any folder's file", () => {
  it.each([
    "OLDPWD=/tmp cd - && rm builds/x",
    "HOME=/tmp cd && rm builds/x",
    "CDPATH=/tmp cd builds && rm x",
    "for d in /tmp; do cd $d; rm builds/x; done",
    "f() { rm builds/x; }; cd /tmp && f",
    "pushd /tmp; pushd /repo; popd; rm builds/x",
    "cd /tmp; cd /repo; cd - >/dev/null; rm builds/x",
    'cd "$D" && rm builds/x',
  ])("%s is not allowed", async (command) => {
    expect(await verdictOf(BUILDS, command)).not.toBe("allow");
  });

  it("keeps such an operand allowed where no rule of absolute paths could meet it", async () => {
    for (const command of ['cd "$D" && rm builds/x', 'cd "$D" && cat x']) {
      expect(
        await verdictOf({ "*": "allow", bash: { "*": "allow", "rm -rf /*": "deny" } }, command),
        command,
      ).toBe("allow");
    }
    expect(await verdictOf(BUILDS, 'cd "$D" && cat builds/x')).toBe("allow");
  });
});

describe("an option before a glob the analyzer resolved does not step around the rule", () => {
  it.each<[PermissionMap, string]>([
    [BUILDS, "cd /tmp && rm -rf builds/*"],
    [BUILDS, "cd /tmp/builds && rm -f *"],
    [BUILDS, "cd /tmp/builds && rm -f ./*"],
    [BUILDS, "cd /tmp && /bin/rm -rf builds/*"],
    [IMPORTANT, "cd ~/important && rm -rf *"],
    [IMPORTANT, "cd && rm -rf important/*"],
    [IMPORTANT, "cd && rm important/*"],
  ])("%#: %s is not allowed", async (permission, command) => {
    expect(await verdictOf(permission, command)).not.toBe("allow");
  });

  it("keeps globs elsewhere allowed", async () => {
    for (const command of ["rm -rf dist/*", "cd /tmp && rm -rf other/*"]) {
      expect(await verdictOf(BUILDS, command), command).toBe("allow");
    }
    expect(await verdictOf(IMPORTANT, "cd && rm -rf other/*")).toBe("allow");
  });
});
