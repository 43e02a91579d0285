import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

// E15 findings, each traced under bash 5.2 in the oracle sandbox.
describe("adversarial: jq --run-tests reads its operand (E15 jq-run-tests-file)", () => {
  // strace: jq opened /home/user/.ssh/id_rsa for reading.
  it("reads the test file", async () => {
    expect(paths(await analyze("jq --run-tests ~/.ssh/id_rsa"))).toContain(
      "read:/home/user/.ssh/id_rsa",
    );
  });

  it("takes test programs from stdin as text nobody searched for imports", async () => {
    expect(paths(await analyze("jq --run-tests < t.txt"))).toContain("read:?");
  });
});
