import { describe, expect, it } from "vitest";
import { analyze, opaqueWrapper, outsideWrites } from "./helpers.ts";

/** Whether some unit of the command carries the opaque sentinel (judged ask at least). */
async function opaque(command: string): Promise<boolean> {
  const analysis = await analyze(command);
  return analysis.units.some((u) => u.sentinel === opaqueWrapper);
}

describe("run-parts reads --test/--list as getopt_long does", () => {
  it.each([
    // The word is the value of an option that takes one, not the option (traced: ran d/a).
    "run-parts --regex --list -a push -a origin -a main d",
    "run-parts --arg --test d",
    "run-parts -a --test d",
    "run-parts -u --list d",
    "run-parts --umask --test d",
    "run-parts --reg --test d",
    // After `--` it is the folder.
    "run-parts -- --test",
    // An option the grammar does not know may be anything.
    "run-parts --frobnicate --test d",
  ])("%j runs the folder's programs", async (command) => {
    expect(await opaque(command)).toBe(true);
  });

  it.each([
    "run-parts --test d",
    "run-parts --list d",
    "run-parts d --test",
    "run-parts --tes -a x d",
    "run-parts --li d",
    "run-parts --regex=x --list d",
  ])("%j runs nothing", async (command) => {
    expect(await opaque(command)).toBe(false);
  });
});

describe("systemd-tmpfiles' actions by any getopt_long prefix", () => {
  it.each([
    "systemd-tmpfiles --creat -",
    "systemd-tmpfiles --cr /repo/t.conf",
    "systemd-tmpfiles --rem -",
    "systemd-tmpfiles --remo=x -",
    "systemd-tmpfiles --cle -",
    "systemd-tmpfiles --pur -",
    "systemd-tmpfiles --create -",
  ])("%j writes what its configuration lists", async (command) => {
    expect(await opaque(command)).toBe(true);
  });

  it.each(["systemd-tmpfiles --cat-config", "systemd-tmpfiles --prefix=/x --cat-config"])(
    "%j takes no action",
    async (command) => {
      expect(await opaque(command)).toBe(false);
    },
  );
});

describe("npm's option words read as nopt reads them", () => {
  it.each([
    // A negated boolean given false is on (traced: npm 11 installed into /usr/lib/node_modules).
    "npm i --no-global=false .",
    "npm i --no-global false .",
    "npm update --no-global false",
    "npm i --NO-global=false x",
    "npm i --no-no-global x",
    // Any run of dashes.
    "npm i ---no-global=false x",
    "npm i -location=global x",
    // A negated list option still takes its value.
    "npm i --no-location=global x",
  ])("%j writes npm's global prefix", async (command) => {
    expect(await outsideWrites(command)).toEqual([null]);
  });

  it.each([
    // A boolean takes only true/false as its value: `--global=0` is global, 0 an operand
    // (these also read as a prefix of --globalconfig, so npm's options are not proven).
    "npm i --global=0 x",
    "npm i --global=null x",
    "npm i --global 0 x",
    "npm i --no-glob=false .",
    "npm i --no-global=$V x",
  ])("%j is not proven local", async (command) => {
    const global = (await outsideWrites(command)).includes(null);
    expect(global || (await opaque(command))).toBe(true);
  });

  it.each([
    "npm i --no-global x",
    "npm i --no-global=true x",
    "npm i --no-global true x",
    "npm i --no-global=0 x",
    "npm i --no-no-global=false x",
    "npm i --Global x",
  ])("%j writes nothing outside the project", async (command) => {
    expect(await outsideWrites(command)).toEqual([]);
  });

  it.each([
    // nopt sets a string-typed option even through `no-` (npm config get: script-shell=/bin/foo).
    "npm run build --no-script-shell=./evil",
    "npm run build --no-script-shell ./evil",
    "npm run build ---script-shell=./evil",
    "npm run build -script-shell=./evil",
    "npm run build --NO-node-options='--require ./x.js'",
    "npm docs x --no-browser='git push'",
  ])("%j runs a program the option names", async (command) => {
    expect(await opaque(command)).toBe(true);
  });
});
