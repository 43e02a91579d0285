import { describe, expect, it } from "vitest";
import { analyze, pathsOf } from "./helpers.ts";

describe("sqlite3 opens a database operand that starts with file: as a URI", () => {
  // strace: `sqlite3 'file:%2fhome%2fuser%2fx.db' …` wrote /home/user/x.db (and its journal);
  // file:///home/user/x.db and file://localhost/home/user/y.db too; the query and fragment are
  // cut off (file:x.db?mode=ro#frag read /repo/x.db).
  it.each([
    ["sqlite3 'file:%2fhome%2fuser%2fx.db' 'create table t(x)'", "read_write /home/user/x.db"],
    ["sqlite3 file:%2Fhome%2Fuser%2Fx.db 'create table t(x)'", "read_write /home/user/x.db"],
    ["sqlite3 'file:%2e%2e%2fhome%2fuser%2fx' 'create table t(x)'", "read_write /home/user/x"],
    ["sqlite3 'file:///home/user/x.db' 'select 1'", "read_write /home/user/x.db"],
    ["sqlite3 'file://localhost/home/user/y.db' 'select 1'", "read_write /home/user/y.db"],
    ["sqlite3 'file:x.db?mode=ro#frag' 'select 1'", "read_write /repo/x.db"],
    ["sqlite3 -readonly 'file:%2fhome%2fuser%2fx.db' 'select 1'", "read /home/user/x.db"],
    ["sqlite3 'file:app.db?modeof=%2fhome%2fuser%2fm' 'select 1'", "read /home/user/m"],
    // Options that take values (-nonce S, -lookaside SIZE N) are skipped before the database.
    [
      "sqlite3 -nonce x 'file:%2fhome%2fuser%2fx.db' 'create table t(x)'",
      "read_write /home/user/x.db",
    ],
    [
      "sqlite3 -lookaside 100 2 'file:%2fhome%2fuser%2fx.db' 'select 1'",
      "read_write /home/user/x.db",
    ],
    [
      "sqlite3 -pagecache 100 2 -sorterref 5 /home/user/x.db 'select 1'",
      "read_write /home/user/x.db",
    ],
  ])("%s touches %s", async (command, path) => {
    expect(await pathsOf(command)).toContain(path);
  });

  it.each([
    "sqlite3 'file:app.db?vfs=unix-dotfile' 'select 1'",
    "sqlite3 'file://elsewhere/x.db' 'select 1'",
    "sqlite3 'file:%zz' 'select 1'",
    "sqlite3 'file:a%00b' 'select 1'",
  ])("%s may open any file", async (command) => {
    expect((await pathsOf(command)).some((p) => p.startsWith("write <"))).toBe(true);
  });

  it.each(["sqlite3 file::memory: 'select 1'", "sqlite3 file: 'select 1'"])(
    "%s opens no database file",
    async (command) => {
      expect(await pathsOf(command)).toEqual([]);
    },
  );
});

describe("sqlite3 VACUUM INTO in any spelling", () => {
  // strace: each wrote /home/user/vN (and its journal) from a :memory: database.
  it.each([
    `sqlite3 :memory: "VACUUM \\"main\\" INTO '/home/user/v1'"`,
    `sqlite3 :memory: "VACUUM/**/INTO '/home/user/v2'"`,
    `sqlite3 :memory: "VACUUM 'main' INTO '/home/user/v3'"`,
    `sqlite3 :memory: "VACUUM [main] INTO '/home/user/v4'"`,
    `sqlite3 :memory: "VACUUM -- c\nINTO '/home/user/v5'"`,
    `sqlite3 :memory: "VACUUM main/*x*/INTO '/home/user/v6'"`,
    "sqlite3 :memory: \"VACUUM `main` INTO '/home/user/v7'\"",
    `sqlite3 :memory: "vacuum/**/into char(47)||'home/user/v8'"`,
  ])("%s floors sqlite3", async (command) => {
    const analysis = await analyze(command);
    const unit = analysis.units.find((u) => u.argv[0] === "sqlite3");
    expect(unit?.sentinel ?? null).not.toBeNull();
  });

  it.each(["sqlite3 app.db vacuum", "sqlite3 app.db 'insert into t values (1)'"])(
    "%s leaves sqlite3 proven",
    async (command) => {
      const analysis = await analyze(command);
      const unit = analysis.units.find((u) => u.argv[0] === "sqlite3");
      expect(unit?.sentinel ?? null).toBeNull();
    },
  );
});
