// S32 settings-file-env: settings files and folders named by variables no table held.
// Traced: `SYSTEM_WGETRC=w.txt wget …` with `output_document = /home/user/.bashrc` in w.txt
// truncated .bashrc before wget connected (WGETRC already asked); `PGSYSCONFDIR=c pg_dump`
// with c/user_clusters giving the version `../../../repo/v` made pg_wrapper run
// /usr/lib/postgresql/../../../repo/v/bin/pg_dump, a script the string wrote (git push).
import { describe, expect, it } from "vitest";
import { unproven } from "./helpers.ts";

describe("settings files named by SYSTEM_WGETRC and PGSYSCONFDIR (S32 settings-file-env)", () => {
  it.each([
    "printf 'output_document = /home/user/.bashrc\\n' > w.txt; SYSTEM_WGETRC=w.txt wget -q http://127.0.0.1:9/x",
    "SYSTEM_WGETRC=w.txt wget -q http://x/y",
    "export SYSTEM_WGETRC=w.txt; wget -q http://x/y",
    "env SYSTEM_WGETRC=w.txt wget -q http://x/y",
    "PGSYSCONFDIR=c pg_dump",
    "export PGSYSCONFDIR=c; psql -l",
    "PGSYSCONFDIR=c createdb x",
    "KRB5_CONFIG=k git fetch",
    "MAILRC=m mail -s x a@b < /dev/null",
  ])("%s reads settings nobody read", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each(["wget -q http://x/y", "pg_dump db", "PGSYSCONFDIR=c ls", "psql -l"])(
    "%s stays proven",
    async (command) => {
      expect(await unproven(command)).toBe(false);
    },
  );
});
