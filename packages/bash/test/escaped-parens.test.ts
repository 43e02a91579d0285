import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

describe("an escaped `\\$(` in a `${…}` operand is text, as bash reads it", () => {
  it.each([
    ['echo "${x:-\\$(rm -rf build)}"', ["echo", "${x:-\\$(rm -rf build)}"]],
    ["echo ${x/a/\\$(b)}", ["echo", "${x/a/\\$(b)}"]],
    ['echo "${x:+\\$(curl x)}" done', ["echo", "${x:+\\$(curl x)}", "done"]],
  ])("%s runs only echo", async (command, argv) => {
    const analysis = await analyze(command);
    expect(analysis.status).toBe("ok");
    expect(analysis.units.map((unit) => [unit.argv, unit.sentinel])).toContainEqual([argv, null]);
    // With x unset the expansion is empty: the echo is read without it too (x18-may-be-empty).
    expect(analysis.units.every((unit) => unit.argv[0] === "echo" && unit.sentinel === null)).toBe(
      true,
    );
  });

  it("keeps the operand's value as written where it is run", async () => {
    // bash -c gets the text `$(rm -rf build)` when x is unset: never proven harmless.
    const [unit] = (await analyze('bash -c "${x:-\\$(rm -rf build)}"')).units;
    expect(unit?.sentinel).not.toBeNull();
  });

  it("still finds a real substitution next to the escaped one", async () => {
    const analysis = await analyze('echo "${x:-\\$(a) $(curl y)}"');
    expect(analysis.units.some((unit) => unit.argv.join(" ") === "curl y")).toBe(true);
  });
});
