import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

// S33 scoped-install (r33d-scoped-install-*): `npm i -D @types/node && npm test` asked while
// `npm i -D typescript && npm test` did not: the slash of `@types/node` gave it a path's shape,
// so it was judged as /repo/@types/node written, and a package tool after a write asked.
// npm-package-arg reads a valid `@scope/name` as a registry name before anything else, and
// `@range` after it as a version, range or tag unless it spells a path, URL, alias or git spec;
// pnpm, yarn and bun read such a spec the same way. Traced: npm reads package.json, lockfiles,
// node_modules and ~/.npm, and opens no /repo/@types.

/** Whether no unit carries a sentinel. */
async function plain(command: string): Promise<boolean> {
  const analysis = await analyze(command);
  return analysis.units.every((unit) => unit.sentinel === null);
}

/** Every path or glob the analysis names. */
async function named(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.paths.map((path) => path.path ?? path.glob ?? "?");
}

describe("s33: a scoped registry spec names no file", () => {
  it.each([
    "npm i -D @types/node && npm test",
    "npm install @testing-library/react && npm test",
    "npm i -D @types/node@^20 && npm test",
    "npm i --save-dev @types/node@20.11.0 @types/jest@latest && npm test",
    "npm uninstall @types/node && npm test",
    "npm i --save-exact --tag=next @types/node && npm test",
    "npm i --tag next @types/node && npm test",
    "pnpm add -D @vitejs/plugin-react && pnpm build",
    "yarn add -D @types/jest && yarn test",
    "bun add -d @types/bun && bun test",
  ])("%s is judged by its words", async (command) => {
    expect(await plain(command)).toBe(true);
  });

  it.each([
    ["npm i -D @types/node", "/repo/@types"],
    ["pnpm add @vitejs/plugin-react", "/repo/@vitejs"],
  ])("%s opens nothing under %s", async (command, folder) => {
    expect((await named(command)).some((path) => path.startsWith(folder))).toBe(false);
  });

  it.each([
    // Folders, files, tarballs, git and GitHub specs, alone or after a scoped name.
    "npm i ./pkg && npm test",
    "npm i user/repo && npm test",
    "npm i github:user/repo && npm test",
    "npm i git+https://example.com/r.git && npm test",
    "npm i @a/b@./x && npm test",
    "npm i @a/b@file:x && npm test",
    "npm i @a/b@user/repo && npm test",
    "npm i @a/b@~/x && npm test",
    "npm i @a/b.tgz && npm test",
    "npm i @a/b@1.0.0.tgz && npm test",
    // The value of an option that may take the next word: a folder.
    "npm i --prefix @a/b x && npm test",
    "npm --prefix @a/b i x && npm test",
    "pnpm add -C @a/b x && pnpm test",
    // A word only known at run time may be such an option, or empty.
    'npm i -D "$X" @a/b && npm test',
    "npm i --prefix $E @a/b && npm test",
  ])("%s is not proven", async (command) => {
    expect(await plain(command)).toBe(false);
  });

  it.each([
    // Not a package-naming command: the word goes on to a program or a script, or names a
    // tarball npm writes.
    ["npm run build @a/b", "/repo/@a/b"],
    ["npm test -- @a/b", "/repo/@a/b"],
    ["npm exec -- tsc -p @a/b", "/repo/@a/b"],
    ["npm pack @a/b", "/repo/@a/b"],
    ["npx eslint @a/b", "/repo/@a/b"],
  ])("%s still names %s", async (command, path) => {
    expect(await named(command)).toContain(path);
  });
});
