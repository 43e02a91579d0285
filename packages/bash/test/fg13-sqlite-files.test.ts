import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function floorOf(command: string): Promise<string | null> {
  const analysis = await analyze(command);
  const unit = analysis.units.find((u) => u.argv[0] === "sqlite3");
  expect(unit).toBeDefined();
  return unit?.sentinel ?? null;
}

describe("sqlite3 SQL that opens files whose names SQL may build", () => {
  // strace: sqlite3 read /home/user/.ssh/id_rsa through fsdir('/home/user/.ssh'), also with the
  // path built as char(47)||'home/…', and wrote /home/user/x.zip through a zipfile table.
  it.each([
    `sqlite3 :memory: "select name, data from fsdir('/home/user/.ssh')"`,
    `sqlite3 x.db "select cast(data as text) from FsDir('notes.txt')"`,
    `sqlite3 :memory: 'select * from fsdir(char(47)||"home/user/notes.txt")'`,
    `sqlite3 -json :memory: "select * from fsdir('..')"`,
    `sqlite3 :memory: "select name from zipfile('/home/user/x.zip')"`,
    `sqlite3 :memory: "create virtual table z using ZIPFILE('x.zip'); insert into z(name, data) values('a', 'b')"`,
    `sqlite3 x.db "pragma temp_store_directory = '/home/user'"`,
    "sqlite3 x.db -Ax",
    "sqlite3 x.db --archive -c src",
  ])("%s floors sqlite3", async (command) => {
    expect(await floorOf(command)).not.toBeNull();
  });
});

describe("sqlite3 dot-commands", () => {
  // A dot-command that opens a file or runs a program floors; one that only shows the
  // database or sets the output's look opens nothing (strace: only app.db and ~/.sqliterc).
  it.each([
    "sqlite3 x.db '.shell git push'",
    "sqlite3 x.db '.once /home/user/x'",
    "sqlite3 x.db .tables '.output out.txt'",
    "sqlite3 x.db '.read q.sql'",
    "sqlite3 x.db '.import /home/user/x.csv t'",
    "sqlite3 x.db '.open /home/user/y.db'",
    "sqlite3 x.db '.backup /home/user/b.db'",
    "sqlite3 x.db '.load ./ext'",
    "sqlite3 x.db '.tables\n.shell id'",
    "sqlite3 x.db '.schema' '.system id'",
    "sqlite3 .data/app.db .shell",
    "sqlite3 -cmd .tables x.db",
  ])("%s floors sqlite3", async (command) => {
    expect(await floorOf(command)).not.toBeNull();
  });

  it.each([
    "sqlite3 app.db .tables",
    "sqlite3 app.db '.schema users'",
    "sqlite3 app.db .dump > backup.sql",
    "sqlite3 app.db .indexes",
    "sqlite3 app.db .headers on '.mode column' 'select * from users limit 5'",
    "sqlite3 -header -column app.db 'select count(*) from users'",
    "sqlite3 .data/app.db 'select 1'",
    "sqlite3 app.db 'select * from credits'",
  ])("%s leaves sqlite3 proven", async (command) => {
    expect(await floorOf(command)).toBeNull();
  });
});
