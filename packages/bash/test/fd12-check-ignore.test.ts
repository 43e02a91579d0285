import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

describe("precision: git check-ignore matches names against the ignore rules and opens no file", () => {
  it.each([
    "git check-ignore -v .env",
    "git check-ignore .env .env.local",
    "git check-ignore -q -- .env",
    "git check-ignore --no-index -n .env",
  ])("%s touches no path", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.status).toBe("ok");
    expect(paths(analysis)).toEqual([]);
  });

  it("still reads what its standard input is redirected from", async () => {
    expect(paths(await analyze("git check-ignore --stdin < .env"))).toContain("read:/repo/.env");
  });
});
