// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
// M21 classes 3, 7, 8 and 14 (wrong allows, traced under bash 5.2 where the program is in the
// oracle): a word only known at run time lost its ask where a program no longer reads options
// (after `--`, as `--url`'s value) or where a grammar only looked for a literal `-`. Before `--`
// the generic rule takes such a word as any option or file; after it, each reader must still
// take it as anything it looks for: a `file:` URL (curl), a package spec (npm install), the
// subcommand of a binary a package manager runs (`pnpm changeset`), an npm option after the
// command of `npm exec` (npm reads options anywhere before `--`).
import { describe, expect, it } from "vitest";
import { SENTINELS } from "../src/index.ts";
import { analyze } from "./helpers.ts";

/** The paths only known at run time (`<computed-path>`). */
async function computed(command: string): Promise<string[]> {
  return (await analyze(command)).paths
    .filter((path) => path.sentinel === SENTINELS.computedPath)
    .map((path) => path.raw);
}

async function sentinels(command: string): Promise<(string | null)[]> {
  return (await analyze(command)).units.map((unit) => unit.sentinel);
}

describe("curl: a computed URL after `--` or as `--url`'s value may be a file: URL", () => {
  it.each([
    'curl -s --url "$(printf %s file:/home/user/.ssh/id_rsa)"',
    'curl --url "$(cat u)" -o /dev/null',
    'curl -s --url="$(cat u)"',
    'curl -s -- "$(printf %s file:///home/user/.ssh/id_rsa)"',
    'printf -v v %s file:/home/user/.ssh/id_rsa; curl -s -- "$v"',
    'read u < f; curl -s -- "fi$u"',
    'read u < f; curl -s -- "file://$u"',
    'read u < f; curl --proto-default file -s -- "$u/x"',
  ])("%s reads a computed file", async (command) => {
    expect(await computed(command)).not.toEqual([]);
  });

  it.each([
    'read u < f; curl -s -- "https://x.example/$u"',
    'read u < f; curl -s --url "http://x.example/?q=$u"',
    'read u < f; curl -s -- "/$u"',
  ])("%s names no file", async (command) => {
    expect(await computed(command)).toEqual([]);
  });
});

describe("npm: a computed word", () => {
  it.each([
    'npm install -- "$(cat spec)"',
    'printf -v v %s git+file:///srv/origin.git; npm install -- "$v"',
    'npm i -- "$(cat spec)"',
    'npm -- install "$(cat spec)"',
    'pnpm add -- "$(cat spec)"',
    'yarn add -- "$(cat spec)"',
  ])("after `--` of an installer may be any package spec: %s", async (command) => {
    expect(await sentinels(command)).toContain(SENTINELS.opaqueWrapper);
  });

  it.each([
    'npm exec node a.js "${u:---require}" ./x.js',
    "printf -v v %s '--require'; npm exec node a.js \"$v\" ./x.js",
    "read o < f; npm x tsc $o",
  ])("after npm exec's command may be npm's own option: %s", async (command) => {
    expect(await sentinels(command)).toContain(SENTINELS.opaqueWrapper);
  });

  it.each([
    'read X < f; npm run build -- --env="$X"',
    'read X < f; npm test -- "$X"',
    'read X < f; npm exec -- tsc "$X"',
  ])("keeps its role where a script or binary takes it: %s", async (command) => {
    expect(await sentinels(command)).not.toContain(SENTINELS.opaqueWrapper);
  });
});

describe("a binary a package manager runs is judged like the words written out", () => {
  it.each([
    'pnpm changeset -- "$(printf %s publish)"',
    'pnpm changeset -- "${u:-publish}"',
    'yarn changeset -- "$(cat x)"',
    'pnpm lerna -- "$(cat x)"',
  ])("%s: the subcommand may be the refused one", async (command) => {
    expect(await sentinels(command)).toContain(SENTINELS.computedWord);
  });
});
