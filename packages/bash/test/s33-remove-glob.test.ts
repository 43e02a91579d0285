import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

// S33 remove-glob (r33d-rm-glob-01): `rm -rf dist/* && npm run build` asked while `rm -rf dist
// && npm run build` did not. A glob operand made the rm unit's words "known only at run time",
// and a removal with such a word was counted as a write that may carry the string's code.
// Traced (dist/a.js, dist/b.js made first): bash ran rm -rf dist/a.js dist/b.js, then npm; rm,
// rmdir and unlink write no content whatever their operands expand to. find's actions and
// git's subcommand still have to be the words as written, unless a glob starts with a fixed
// name: `find * -delete` with a file named -fprint writes through it.

/** Whether no unit carries a sentinel. */
async function plain(command: string): Promise<boolean> {
  const analysis = await analyze(command);
  return analysis.units.every((unit) => unit.sentinel === null);
}

describe("s33: a removal through a glob is judged like a literal removal", () => {
  it.each([
    "rm -rf dist/* && npm run build",
    "rm -f *.log && npm test",
    "rm -rf node_modules/.cache/* && npm test",
    "rm -f src/*.js && npx tsc",
    "rm -rf build/* coverage/* && npm run build",
    "git rm -q --cached dist/*.js && npm test",
    "rmdir out/*/ ; npm test",
    "unlink dist/*.map; npm run build",
  ])("%s is judged by its words", async (command) => {
    expect(await plain(command)).toBe(true);
  });

  it.each([
    // What puts content under new names through a glob still counts.
    "mv tmp/* scripts/ && npm test",
    "cp tmp/* . && npm test",
    "cp -r tmp/* node_modules/ && npm test",
    // find's words from a glob that may start with a dash (an action or option).
    "find * -delete && npm test",
    "find ?* -delete && npm test",
    "find $D -delete && npm test",
    // A removal that also writes through a redirect or a wrapper.
    "rm -v dist/* > package.json && npm test",
    "strace -o package.json rm -f dist/* && npm test",
    // What the string wrote is still what it wrote, whatever it removed.
    "echo 'console.log(1)' > x.js; rm -f dist/*; node x.js",
    'rm -rf dist/*; echo \'{"scripts":{"build":"git push"}}\' > package.json; npm run build',
  ])("%s is not proven", async (command) => {
    expect(await plain(command)).toBe(false);
  });
});
