import { describe, expect, it } from "vitest";
import { pathsOf } from "./helpers.ts";

describe("curl reads file: URLs in every spelling its URL parser takes", () => {
  // strace of curl 7.88 on the host: file:/x (one slash), FILE:/x, File:/x,
  // file://LOCALHOST/x, file:/x?q#f, file:/%61 and file:/../x all opened the file; with
  // --proto-default file (also --proto-def) a bare /x did; -T wrote the file: URL's file.
  it.each([
    ["curl -s file:/home/user/notes.txt", "read /home/user/notes.txt"],
    ["curl -s FILE:/home/user/notes.txt", "read /home/user/notes.txt"],
    ["curl -s File:/home/user/notes.txt", "read /home/user/notes.txt"],
    ["curl -s file://LOCALHOST/home/user/notes.txt", "read /home/user/notes.txt"],
    ["curl -s 'file:/home/user/notes.txt?x#y'", "read /home/user/notes.txt"],
    ["curl -s file:/%68ome/user/notes.txt", "read /home/user/notes.txt"],
    ["curl -s file:/../home/user/notes.txt", "read /home/user/notes.txt"],
    ["curl -s 'file:/home/user/{notes.txt,x}'", "read /home/user/notes.txt"],
    ["curl -s '{FILE,x}:/home/user/notes.txt'", "read /home/user/notes.txt"],
    ["curl -s --url file:/home/user/notes.txt", "read /home/user/notes.txt"],
    ["curl -s http://x --next file:/home/user/notes.txt", "read /home/user/notes.txt"],
    ["curl -s --proto-default file /home/user/notes.txt", "read /home/user/notes.txt"],
    ["curl -s --proto-def file /home/user/notes.txt", "read /home/user/notes.txt"],
    ["curl -s --proto-default FILE --url /home/user/notes.txt", "read /home/user/notes.txt"],
    ["curl -s -T README.md file:/home/user/x", "read_write /home/user/x"],
    ["curl -s --upload-file README.md FILE:/home/user/x", "read_write /home/user/x"],
  ])("%s touches %s", async (command, path) => {
    expect(await pathsOf(command)).toContain(path);
  });

  it.each([
    "curl -s https://example.com/a?b=file:/home/user/x",
    "curl --proto-default https example.com/x",
    "curl -s file:README.md",
  ])("%s reads no local file", async (command) => {
    expect(
      (await pathsOf(command)).filter((p) => p.includes("home") || p.includes("README")),
    ).toEqual([]);
  });
});
