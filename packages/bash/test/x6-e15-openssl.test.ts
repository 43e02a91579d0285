import { describe, expect, it } from "vitest";
import type { BashUnit } from "../src/index.ts";
import { analyze } from "./helpers.ts";

/** The unit that runs `name`. */
async function unitOf(command: string, name: string): Promise<BashUnit> {
  const units = (await analyze(command)).units;
  return units.find((unit) => (unit.executed ?? unit.argv)[0] === name) as BashUnit;
}

// E15 findings, each traced under bash 5.2 in the oracle sandbox.
describe("adversarial: openssl loads engines and providers the string wrote (E15 openssl-loads-module)", () => {
  // strace: a shared object written by a heredoc, loaded by -engine ./ev.so or by
  // -provider-path . -provider ev, ran git push from its constructor.
  it.each([
    ["base64 -d e > ev.so; openssl req -engine ./ev.so -new", "openssl"],
    ["base64 -d e > ev.so; openssl dgst -engine=./ev.so f", "openssl"],
    ["base64 -d e > ev.so; openssl s_client --engine ./ev.so -connect h:9", "openssl"],
    ["base64 -d e > ev.so; openssl list -provider-path . -provider ev", "openssl"],
    ["base64 -d e > ev.so; openssl list -provider ./ev.so", "openssl"],
    ["base64 -d e > ev.so; openssl engine -pre SO_PATH:./ev.so -pre LOAD dynamic", "openssl"],
    ["openssl engine ./ev.so", "openssl"],
    ['openssl req -engine "$E" -new', "openssl"],
  ])("%s is floored", async (command, name) => {
    expect((await unitOf(command, name)).sentinel).not.toBeNull();
  });

  it.each([
    "openssl enc -provider legacy -provider default -aes-256-cbc -in a -out b -k x",
    "openssl list -engines",
    "echo x > notes.txt; openssl list -provider-path . -provider legacy",
  ])("%s stays proven", async (command) => {
    expect((await unitOf(command, "openssl")).sentinel).toBeNull();
  });
});
