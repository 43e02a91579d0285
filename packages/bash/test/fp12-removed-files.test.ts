import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** The sentinel of the unit whose words start with `words`. */
async function floorOf(command: string, words: string): Promise<string | null> {
  const analysis = await analyze(command);
  const unit = analysis.units.find((u) => u.argv.join(" ").startsWith(words));
  expect(unit).toBeDefined();
  return unit?.sentinel ?? null;
}

describe("removing files before a runner writes no code into it", () => {
  // strace: `rm -rf node_modules && npm ci` runs the stub rm, then npm ci installs from the
  // lockfile; a removed file has no content for the runner to load.
  it.each([
    ["rm -rf node_modules && npm ci", "npm ci"],
    ["rm -rf node_modules package-lock.json && npm install", "npm install"],
    ["rm -f package-lock.json; npm install", "npm install"],
    ["rmdir build && npm test", "npm test"],
    ["unlink conftest.py && pytest -q", "pytest"],
    ["find . -name '*.pyc' -delete && pytest -q", "pytest"],
    ["git clean -fdx && npm ci", "npm ci"],
    ["git rm -q src/old.test.ts && npx vitest run", "npx vitest"],
    ["rm -f .git/index.lock && git commit -m x", "git commit"],
  ])("%s leaves %s as it is", async (command, runner) => {
    expect(await floorOf(command, runner)).toBeNull();
  });

  it.each([
    // A file moved, linked, copied or redirected into place carries content.
    // A project file moved into place carries the project's own content (860af4c); one from
    // outside it carries content nobody has seen.
    ["rm -rf node_modules && mv /tmp/x node_modules && npm ci", "npm ci"],
    ["rm -rf node_modules && ln -s /tmp/evil node_modules && npm ci", "npm ci"],
    ["rm -rf node_modules && cp -r /tmp/m node_modules && npm ci", "npm ci"],
    ["rm -rf node_modules > package.json; npm ci", "npm ci"],
    // find writing a file of its own, or running a program.
    ["find . -name x -delete -fprint conftest.py && pytest", "pytest"],
    ["find . -name x -delete -exec cp /tmp/c conftest.py ';' && pytest", "pytest"],
    // A wrapper may write a file of its own around the remover.
    ["strace -o package.json rm x && npm ci", "npm ci"],
    // A function named rm runs its own body.
    ["rm() { echo x > package.json; }; rm -rf node_modules && npm ci", "npm ci"],
    // Written content before the runner still counts next to a removal.
    ["rm -rf node_modules && echo '{}' > package.json && npm ci", "npm ci"],
  ])("%s still floors %s", async (command, runner) => {
    expect(await floorOf(command, runner)).not.toBeNull();
  });
});
