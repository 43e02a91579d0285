// Programs that read their options with getopt_long take any unique prefix of a long option
// (F24d/F24e fixed systemd-tmpfiles, faillog and lastlog). opaque.ts still compared some long
// options exactly. pg_ctl's --options is pasted into its `sh -c` start line: traced in the
// oracle, `pg_ctl -D db --opt '& git push origin main #' -w -t 1 start` ran git push origin
// main, and was allowed under P3. util-linux's script, su and runuser (host-checked with a
// harmless command: `script -q --comm CMD`, `su --se=CMD`, `runuser --us root -- CMD` ran CMD)
// asked instead of reading the command they run.
import { describe, expect, it } from "vitest";
import { analyze, opaqueWrapper, runs } from "./helpers.ts";

async function opaque(command: string): Promise<boolean> {
  return (await analyze(command)).units.some((unit) => unit.sentinel === opaqueWrapper);
}

describe("pg_ctl's --options by any prefix", () => {
  it.each([
    "pg_ctl -D db --opt '& git push origin main #' start",
    "pg_ctl -D db --o='& git push origin main #' start",
    "pg_ctl -D db --options '-c archive_command=id' start",
    "pg_ctl start -D db --optio=-c\\ x=1",
  ])("%j hands the server options", async (command) => {
    expect(await opaque(command)).toBe(true);
  });

  it.each(["pg_ctl -D db -l db.log start", "pg_ctl -D db --log=db.log start", "pg_ctl status"])(
    "%j runs no options",
    async (command) => {
      expect(await opaque(command)).toBe(false);
    },
  );
});

describe("script, su and runuser read their command by any prefix", () => {
  it.each([
    "script -q --comm 'git push origin main' /dev/null",
    "script -q --c='git push origin main' /dev/null",
    "script --command 'git push origin main' /dev/null",
    "su --comm 'git push origin main'",
    "su --c='git push origin main'",
    "su --se='git push origin main'",
    "su --session-comm 'git push origin main' root",
    "runuser --us root -- git push origin main",
    "runuser --user=root git push origin main",
  ])("%j runs git push", async (command) => {
    expect(await runs(command, "git", "push")).toBe(true);
  });

  it.each([
    // `--s` is --shell, --supp-group or --session-command: an error; su asks as before.
    "su --s 'git push origin main'",
    "su --shell /bin/sh",
  ])("%j names no command", async (command) => {
    expect(await runs(command, "git", "push")).toBe(false);
    expect(await opaque(command)).toBe(true);
  });
});

describe("fossil's commands by any unique prefix (its documentation; not installed here)", () => {
  it.each(["fossil sett ssh-command 'id'", "fossil settin ssh-command id", "fossil conf import f"])(
    "%j may store a command",
    async (command) => {
      expect(await opaque(command)).toBe(true);
    },
  );

  it.each(["fossil status", "fossil se x", "fossil commit -m x"])(
    "%j stores none",
    async (command) => {
      expect(await opaque(command)).toBe(false);
    },
  );
});
