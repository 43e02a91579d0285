import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function paths(command: string): Promise<(string | null)[]> {
  return (await analyze(command)).paths.map((path) => path.path);
}

/**
 * Traced under bash 5.2 (B15 class scheme-prefix-double-slash-path): a program that reads
 * what follows `NAME:` as a file reads `//path`, which is `/path`: openssl's `file:` password
 * source (`-passin file://etc/hostname` opened /etc/hostname), java's `-javaagent:` (opened
 * /home/user/a.jar). Only a URL scheme (`https:`, `git+ssh:`) starts an authority after `//`.
 */
describe("a //path after a name that is no URL scheme is a path", () => {
  it.each([
    ["openssl rsa -passin file://etc/hostname -in key.pem", "/etc/hostname"],
    ["openssl enc -pass file://home/user/notes.txt -in README.md", "/home/user/notes.txt"],
    ["openssl rsa -passin file:////etc/hostname", "/etc/hostname"],
    ["openssl engine dynamic -pre SO_PATH://home/user/notes.txt -pre LOAD", "/home/user/notes.txt"],
    ["java -javaagent://home/user/a.jar -version", "/home/user/a.jar"],
    ["java -cp .://home/user/lib Main", "/home/user/lib"],
    ["xmllint --path .://home/user x.xml", "/home/user"],
    ["foo SO_PATH://home/user/x", "/home/user/x"],
    ["foo file://localhost/etc/x", "/etc/x"],
    ["foo file:///etc/x", "/etc/x"],
  ])("%s names %s", async (command, path) => {
    expect(await paths(command)).toContain(path);
  });
});

describe("a URL's authority stays no path", () => {
  it.each([
    "foo http://example.com/x",
    "foo --url=https://example.com/x",
    "foo -Durl=https://example.com/x",
    "foo git+ssh://example.com/x",
    "foo ssh://git@example.com:22/x",
    "openssl rsa -passin env:HOME",
    "openssl rsa -passin pass:secret",
  ])("%s names no file outside", async (command) => {
    const found = await paths(command);
    expect(found.every((p) => p === null || p.startsWith("/repo"))).toBe(true);
  });
});
