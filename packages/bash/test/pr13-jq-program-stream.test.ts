import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function computed(command: string): Promise<boolean> {
  return (await analyze(command)).paths.some((path) => path.path === null);
}

// jq -f reads its program from the first operand; from a stream that program is the string's
// own text, whose `import "n" as $n {search: "/home/user"}` makes jq look for modules in any
// folder (jq stats them; the oracle does not trace stat).
describe("a jq program read from a stream may import modules from anywhere", () => {
  it.each([
    'jq -n -f /dev/stdin <<< \'import "notes" as $n {search: "/home/user"}; $n\'',
    "echo 'include \"/home/user/notes\"; .' | jq -f /dev/stdin f.json",
    "jq -nf /dev/fd/3 3< p.jq",
    "jq --from-file - f.json",
    "jq -n --from-file /proc/self/fd/0",
    "gojq -n -f /dev/stdin <<< 1",
  ])("%s is floored", async (command) => {
    expect(await computed(command)).toBe(true);
  });

  it.each([
    "jq -f prog.jq f.json",
    "jq -f prog.jq /dev/stdin",
    "cat f.json | jq -f prog.jq -",
    "jq -n '1 + 1'",
    "jq .name package.json",
  ])("%s is not", async (command) => {
    expect(await computed(command)).toBe(false);
  });
});
