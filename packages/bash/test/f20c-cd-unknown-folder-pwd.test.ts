import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function evaluates(command: string): Promise<boolean> {
  const analysis = await analyze(command);
  return analysis.units.some((u) => u.sentinel === "<evaluated-string>");
}

describe("PWD after a cd into a folder the string does not name", () => {
  // strace (M20): `mkdir '$(git push origin main)'; cd "$(printf %s -P)" \$*` entered the
  // folder named $(git push origin main) (the substitution gave cd its -P option, the glob
  // matched the folder), and `echo "${PWD@P}"` then ran git push. The same with -L, --, an
  // unquoted $(echo -P), and the folder's name written out; `cd -P link` enters the link's
  // target, whose name may hold $(…) too.
  it.each([
    `mkdir '$(git push origin main)'; cd "$(printf %s -P)" \\$*; echo "\${PWD@P}"`,
    `cd $(echo -P) \\$*; echo "\${PWD@P}"`,
    `cd "$(printf %s -L)" \\$*; echo "\${PWD@P}"`,
    `cd "$(printf %s --)" \\$*; echo "\${PWD@P}"`,
    `cd "$(printf %s -P)" '$(git push origin main)'; echo "\${PWD@P}"`,
    `cd "$(printf %s -P)" \\$*; echo "$PWD"; echo "\${PWD@P}"`,
    `cd "$(ls)"; echo "\${PWD@P}"`,
    `ln -s '$(git push origin main)' a; cd -P a; echo "\${PWD@P}"`,
    `set -P; cd a; echo "\${PWD@P}"`,
    `set -o physical; cd a; echo "\${PWD@P}"`,
    // R20: a folder the string names may hold $(…) itself; DIRSTACK holds it too.
    `cd '$(git push origin main)'; echo "\${PWD@P}"`,
    `cd '$(git push origin main)'; x=PWD; echo "\${!x@P}"`,
    `HOME='/repo/$(git push origin main)' cd; echo "\${PWD@P}"`,
    `OLDPWD='/repo/$(git push origin main)'; cd -; echo "\${PWD@P}"`,
    `CDPATH='/repo/$(git push origin main)' cd y; echo "\${PWD@P}"`,
    `pushd '\`git push origin main\`'; echo "\${PWD@P}"`,
    `cd '$(git push origin main)'; echo "\${DIRSTACK@P}"`,
    `cd \\$*; x=DIRSTACK; echo "\${!x@P}"`,
  ])("%s asks", async (command) => {
    expect(await evaluates(command)).toBe(true);
  });

  it.each([
    `cd src; echo "\${PWD@P}"`,
    `cd -L src; echo "\${PWD@P}"`,
    `cd /tmp && echo "\${PWD@P}"`,
    `echo "\${PWD@P}"`,
    `cd src; echo "\${PWD@P}"`,
    `echo "\${DIRSTACK@P}"`,
  ])("%s stays proven", async (command) => {
    expect(await evaluates(command)).toBe(false);
  });
});
