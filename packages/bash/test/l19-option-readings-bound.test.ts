import { describe, expect, it } from "vitest";
import { optionReadings } from "../src/programs/paths.ts";

/**
 * optionReadings reads each option word with and without the next word as its value, up to 256
 * readings. D19: the count looked only at finished readings, so `npm -a -a …` went one call
 * deeper per option, copying the reading each time, before the first one finished (9000 words:
 * 0.8-2 s, 580 MB; 20000 words overflowed the stack).
 */
describe("optionReadings on many options", () => {
  it("gives up past 256 readings without descending through every word", () => {
    expect(optionReadings(Array.from({ length: 40_000 }, () => "-a"))).toBeNull();
  });

  it("still lists every reading of a few options", () => {
    expect(optionReadings(["-n", "x", "config", "set"])).toEqual([
      ["-n=x", "config", "set"],
      ["-n", "x", "config", "set"],
    ]);
  });
});
