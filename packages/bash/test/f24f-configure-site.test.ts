// R24 configure-site (wrong allows under P3, by autoconf's manual: Site Defaults, Cache
// Files): a generated configure sources each file $CONFIG_SITE names as shell code before its
// checks (else $prefix/share/config.site and $prefix/etc/config.site), and with -C
// (--config-cache) or --cache-file=F it sources ./config.cache or F. A file the string wrote
// there is code nobody read; written-code.ts had no rule for configure.
import { describe, expect, it } from "vitest";
import { analyze, opaqueWrapper } from "./helpers.ts";

async function floored(command: string): Promise<boolean> {
  return (await analyze(command)).units.some((unit) => unit.sentinel === opaqueWrapper);
}

describe("configure sources the site and cache files the string wrote", () => {
  it.each([
    "printf 'git push origin main\\n' > x; CONFIG_SITE=x ./configure",
    "printf 'git push origin main\\n' > x.site; CONFIG_SITE=$PWD/x.site ./configure",
    "printf 'git push origin main\\n' > config.cache; ./configure -C",
    "printf 'git push origin main\\n' > config.cache; ./configure --config-cache",
    "echo x > x; export CONFIG_SITE=/repo/x; ../configure",
    "echo x > x; env CONFIG_SITE=x ./configure",
    "echo x > x; CONFIG_SITE=x sh ./configure",
    "echo x > x; CONFIG_SITE=x bash -x configure",
    "echo x > config.cache; sh configure -C",
    "mkdir -p p/share; echo x > p/share/config.site; ./configure --prefix=/repo/p",
    "mkdir -p p/etc; echo x > p/etc/config.site; ./configure --prefix=$PWD/p",
    "echo x > c; ./configure --c c",
    "echo x > c; ./configure --cache=c",
    "echo x > c; ./configure -cache-file=c",
  ])("%j runs what the string wrote", async (command) => {
    expect(await floored(command)).toBe(true);
  });

  it.each([
    "./configure",
    "./configure -C",
    "./configure --prefix=/usr",
    // Written outside the project: configure is a project script, which since S31
    // (written-unnamed-load, shell-script-after-write) is floored after any write in it.
    "echo x > /tmp/config.cache; ./configure",
    "echo x > /tmp/notes.txt; ./configure -C",
    "echo x > /tmp/y; sh ./configure",
  ])("%j runs nothing the string wrote", async (command) => {
    expect(await floored(command)).toBe(false);
  });

  it.each([
    "echo x > config.cache; ./configure",
    "echo x > notes.txt; ./configure -C",
    "echo x > y; sh ./configure",
  ])("%j: configure may load the written file by a name no rule sees", async (command) => {
    expect(await floored(command)).toBe(true);
  });
});
