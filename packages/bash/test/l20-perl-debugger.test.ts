import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/**
 * Attack round B20, classes perl-debugger-PERLDB_OPTS-pipe and perl-debugger-perldb-rc-file:
 * `perl -d` starts perl5db.pl, which opens the `|cmd` of PERLDB_OPTS's LineInfo (or pager) as a
 * pipe at start and runs `./.perldb` (or `~/.perldb`) as Perl code before the script. Traced
 * under bash 5.2 with strace: `git push origin main` ran in each case below.
 */
const proven = async (command: string) => {
  const analysis = await analyze(command);
  return analysis.status === "ok" && analysis.units.every((unit) => unit.sentinel === null);
};

describe("perl's debugger runs code from its settings", () => {
  it.each([
    "PERLDB_OPTS='NonStop=1 LineInfo=|git push origin main' perl -d /dev/null",
    "export PERLDB_OPTS='NonStop LineInfo=|sh'; perl -d app.pl",
    "env PERLDB_OPTS='pager=|sh' perl -d app.pl",
    "echo 'system(\"git push origin main\");' > .perldb && perl -d README.md < /dev/null",
    "printf 'system q(id);\\n' > .perldb; perl -wd app.pl",
    "printf 'system q(id);\\n' > .perldb; perl -Tw -d app.pl",
    "echo 'system(q(id))' > ~/.perldb; cd /tmp && perl -d x.pl",
    "echo x > .perldb; HOME=. perl -d:NYTProf app.pl",
  ])("%j is not proven", async (command) => {
    expect(await proven(command)).toBe(false);
  });

  it.each([
    "perl -d app.pl",
    "echo x > ~/.perldb; perl app.pl",
    "echo x > ~/.perldb; perl -w -c app.pl",
    "echo x > ~/.perldb; perl -Mstrict -w app.pl",
    "echo x > /tmp/notes.txt; perl -d app.pl",
  ])("%j stays proven", async (command) => {
    expect(await proven(command)).toBe(true);
  });
});
