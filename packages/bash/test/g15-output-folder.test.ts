import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

describe("an option naming the folder a program saves into covers the files below it", () => {
  it.each([
    // G15 output-dir-option (wget -P src saves src/x, by the name the URL gives)
    ["wget -P src http://127.0.0.1/x", "write:/repo/src/**"],
    ["wget --directory-prefix=/tmp/d http://127.0.0.1/x", "write:/tmp/d/**"],
  ])("%s", async (command, written) => {
    expect(paths(await analyze(command))).toContain(written);
  });

  it("keeps -O to the one file it names", async () => {
    expect(paths(await analyze("wget -O out.html http://127.0.0.1/x"))).toEqual([
      "write:/repo/out.html",
    ]);
  });
});
