import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function floorOf(command: string, name: string): Promise<string | null> {
  const analysis = await analyze(command);
  const unit = analysis.units.find((u) => u.argv[0]?.endsWith(name));
  expect(unit).toBeDefined();
  return unit?.sentinel ?? null;
}

describe("the postgres server binary runs SQL and settings given to it", () => {
  // strace: `postgres --single -D db postgres` ran `sh -c git push` for COPY … TO PROGRAM
  // read from a here-string, read id_rsa through pg_read_file and wrote /home/user/out.txt.
  it.each([
    [`postgres --single -D db postgres <<< "COPY (select 1) TO PROGRAM 'git push'"`, "postgres"],
    [
      "echo \"select pg_read_file('/home/user/.ssh/id_rsa')\" | postgres --single -D db postgres",
      "postgres",
    ],
    ["postgres --single -j -D db postgres < q.sql", "postgres"],
    ["postgres --boot -D db < x.bki", "postgres"],
    ["postgres -D db -c shared_preload_libraries=/tmp/x.so", "postgres"],
    ["postgres -D db -clocal_preload_libraries=x", "postgres"],
    ["postgres -D db --archive_command='git push'", "postgres"],
    ["/usr/lib/postgresql/15/bin/postgres --single -D db x < q.sql", "postgres"],
    ["pg_ctl -D db -o '--single' start", "pg_ctl"],
    ["pg_ctl -p ./fake -D db start", "pg_ctl"],
  ])("%s floors %s", async (command, name) => {
    expect(await floorOf(command, name)).not.toBeNull();
  });

  it.each([
    ["postgres -D db", "postgres"],
    ["postgres --version", "postgres"],
    ["pg_ctl -D db -l db.log start", "pg_ctl"],
    ["pg_ctl -Ddb -w stop", "pg_ctl"],
  ])("%s leaves %s proven", async (command, name) => {
    expect(await floorOf(command, name)).toBeNull();
  });
});
