// C21 dotglob-nocase (wrong allows under P1, traced under bash 5.2): with both `dotglob` and
// `nocaseglob` on (or `nocaseglob` and GLOBIGNORE set), `cat ?ENV` opens /repo/.env. The walk
// made the leading wildcard a dot first (`.ENV`) and then left that segment as written, for it
// held no wildcard any more: neither variant matched `.env`.
import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function globsOf(command: string): Promise<(string | null | undefined)[]> {
  return (await analyze(command)).paths.map((path) => path.glob);
}

describe("a leading wildcard under dotglob and nocaseglob matches a dot file in either case", () => {
  it.each([
    ["shopt -s dotglob nocaseglob; cat ?ENV", "/repo/.[eE][nN][vV]"],
    ["shopt -s dotglob nocaseglob; cat [.]ENV", "/repo/.[eE][nN][vV]"],
    ["shopt -s nocaseglob; GLOBIGNORE=x; cat ?ENV", "/repo/.[eE][nN][vV]"],
    ["shopt -s dotglob nocaseglob; echo x >> ?ENV", "/repo/.[eE][nN][vV]"],
    ["shopt -s dotglob nocaseglob; cat ~/?SSH/ID_RSA", "/home/user/.[sS][sS][hH]/ID_RSA"],
  ])("%s may open %s", async (command, glob) => {
    expect(await globsOf(command)).toContain(glob);
  });

  it("keeps the as-written and case-sensitive dot variants", async () => {
    const globs = await globsOf("shopt -s dotglob nocaseglob; cat ?ENV");
    expect(globs).toContain("/repo/?ENV");
    expect(globs).toContain("/repo/.ENV");
  });
});
