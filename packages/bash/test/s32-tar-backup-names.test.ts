import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

// S32 F-prec tar-backup-names: `tar --backup --suffix=nv -xf a.tar .e` asked under a policy
// denying .env, though the backup's name is exact. Traced under bash 5.2 in the oracle: with
// an existing .e, tar renamed /repo/.e to /repo/.env (renameat) before extracting .e anew.

/** The exact paths the analysis names as written. */
async function written(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.paths
    .filter((path) => path.access !== "read" && path.path !== null)
    .map((path) => path.path as string);
}

describe("s32: tar's backup of a member named on the line is judged exactly", () => {
  it.each([
    "echo > .e; tar --backup --suffix=nv -xf a.tar .e",
    "echo > .e; tar -x --suffix=nv -f a.tar .e",
    "echo > .e; tar xf a.tar --backup --suffix=nv .e",
  ])("%s writes /repo/.env", async (command) => {
    expect(await written(command)).toContain("/repo/.env");
  });

  it.each([
    // Numbered backups ignore the suffix; -C, --strip-components or patterns move the member.
    "echo > .e; tar --backup=numbered --suffix=nv -xf a.tar .e",
    "echo > .e; tar --backup --suffix=nv -xf a.tar -C sub .e",
    "echo > .e; tar --backup --suffix=nv --strip-components=1 -xf a.tar x/.e",
    "echo > .e; tar --backup --suffix=nv --transform=s/x/y/ -xf a.tar .e",
    "echo > .e; tar --backup --suffix=nv -xf a.tar --wildcards '.e'",
  ])("%s names no exact backup", async (command) => {
    expect(await written(command)).not.toContain("/repo/.env");
  });
});
