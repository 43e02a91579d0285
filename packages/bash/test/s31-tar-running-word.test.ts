import { describe, expect, it } from "vitest";
import { tarRunningWord } from "../src/programs/option-env.ts";
import { analyze } from "./helpers.ts";

// tar's words that run a command were read by two tests: one for its argv (opaque.ts), one for
// TAR_OPTIONS (option-env.ts). They disagreed on `--checkpoint` (a prefix of
// `--checkpoint-action`, but an option of its own that runs nothing): asked on the argv, quiet
// in the variable. One test now reads both.

describe("tar's running words are read alike on the argv and in TAR_OPTIONS", () => {
  const quiet = ["--checkpoint", "--checkpoint=10", "-cf", "--file=x.tar", "czf"];
  const running = [
    "--checkpoint-action=exec=id",
    "--checkpoint-a=exec=id",
    "--to-command=sh",
    "-I",
    "-cIf",
    "--use-compress=sh",
    "--info-script=x",
  ];

  it.each(quiet)("%s runs nothing, on the argv and in TAR_OPTIONS", async (word) => {
    expect(tarRunningWord(word)).toBe(false);
    const argv = await analyze(`tar -cf x.tar ${word} src`);
    const env = await analyze(`TAR_OPTIONS='${word}' tar -cf x.tar src`);
    expect(argv.units.map((unit) => unit.sentinel)).toEqual([null]);
    expect(env.units.map((unit) => unit.sentinel)).toEqual([null]);
  });

  it.each(running)("%s runs a command, on the argv and in TAR_OPTIONS", async (word) => {
    expect(tarRunningWord(word)).toBe(true);
    const argv = await analyze(`tar -cf x.tar ${word} src`);
    const env = await analyze(`TAR_OPTIONS='${word}' tar -cf x.tar src`);
    expect(argv.units.some((unit) => unit.sentinel !== null)).toBe(true);
    expect(env.units.some((unit) => unit.sentinel !== null)).toBe(true);
  });
});
