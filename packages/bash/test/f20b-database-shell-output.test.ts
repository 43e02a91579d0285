import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function floorOf(command: string, name: string): Promise<string | null> {
  const analysis = await analyze(command);
  const unit = analysis.units.find((u) => u.argv[0]?.endsWith(name));
  expect(unit).toBeDefined();
  return unit?.sentinel ?? null;
}

describe("database shells that run their output target or pager", () => {
  // strace (B20): psql opened its -o/--output target while reading options and ran
  // `sh -c git push origin main` for a target starting with '|', before connecting anywhere;
  // `psql --ou '|…'` (abbreviated) did the same.
  it.each([
    ["psql -o '|git push origin main'", "psql"],
    ["psql --output='|git push origin main'", "psql"],
    ["psql --output '|git push origin main'", "psql"],
    ["psql --ou '|git push origin main'", "psql"],
    ["psql -o'|git push origin main'", "psql"],
    ["psql -Atqo '|git push origin main'", "psql"],
    ["psql -Atqo'|id'", "psql"],
    ["psql -h localhost -o '| id' -d x", "psql"],
    ["psql -c 'select 1' -o \\|id", "psql"],
    ["/usr/bin/psql -o '|id'", "psql"],
    ["mysql --pager='git push origin main'", "mysql"],
    ["mariadb --pager=id -h db", "mariadb"],
    ["duckdb -c '.output |id'", "duckdb"],
    ["duckdb -cmd '.once |id' x.db", "duckdb"],
    [`duckdb -c "copy (select 1) to '/home/user/x'"`, "duckdb"],
    ["duckdb x.db 'select 1'", "duckdb"],
    // Not traced (not installed): clickhouse-client reads FROM INFILE and writes INTO OUTFILE
    // on the client's side; clickhouse-local's SQL reads any file (file()).
    [`clickhouse-client --query "insert into t from infile '/home/user/x'"`, "clickhouse-client"],
    [`clickhouse-local --query "select * from file('/home/user/x')"`, "clickhouse-local"],
    // Other SQL shells (not installed, not traced): their documented shell escapes and scripts.
    ["mycli -e 'system git push origin main'", "mycli"],
    ["usql -c '\\! git push origin main'", "usql"],
    ["pgcli -c '\\! id'", "pgcli"],
    [`mongosh --eval 'require("child_process").execSync("id")'`, "mongosh"],
    ["mongosh mongodb://h/db x.js", "mongosh"],
    ["sqlplus -s u/p @x.sql", "sqlplus"],
    ["sqlcmd -i x.sql", "sqlcmd"],
  ])("%s floors %s", async (command, name) => {
    expect(await floorOf(command, name)).not.toBeNull();
  });

  it.each([
    ["psql -c 'select 1'", "psql"],
    ["psql -c 'select a || b from t'", "psql"],
    ["psql -o out.txt -c 'select 1'", "psql"],
    ["psql -h '|x' -c 'select 1'", "psql"],
    ["psql -U postgres -d app -c 'select count(*) from users'", "psql"],
    ["mysql -h db -u me", "mysql"],
    ["duckdb x.db", "duckdb"],
    ["duckdb --version", "duckdb"],
    ["clickhouse-client --query 'select 1'", "clickhouse-client"],
    ["clickhouse-local --version", "clickhouse-local"],
    ["mycli -h db -u me", "mycli"],
    ["mongosh mongodb://h/db", "mongosh"],
    ["usql pg://h/db", "usql"],
  ])("%s leaves %s proven", async (command, name) => {
    expect(await floorOf(command, name)).toBeNull();
  });
});
