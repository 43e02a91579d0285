import { describe, expect, it } from "vitest";
import { curlFormFiles, curlGlobNames } from "../src/programs/curl-files.ts";
import { analyze, paths } from "./helpers.ts";

// Traced with the real curl 7.88 under `strace -f -e openat` against a local HTTP server.

describe("curl's form fields name their files in curl's own syntax", () => {
  it.each<[string, string[]]>([
    // A quoted name (`@"…"`, `\"` and `\\` escaped), with what follows up to `;`/`,` skipped.
    ["curl -F 'f=@\"/etc/passwd\"' http://x", ["read:/etc/passwd"]],
    ["curl --form 'f=@\"/etc/passwd\";type=text/plain' http://x", ["read:/etc/passwd"]],
    ['curl -F f=@\\"/etc/passwd\\" http://x', ["read:/etc/passwd"]],
    ["curl -F 'f=@\"a\"junk,b' http://x", ["read:/repo/a", "read:/repo/b"]],
    // Several files for one field, each with its own parameters.
    ["curl -F 'f=@README.md,/etc/passwd' http://x", ["read:/repo/README.md", "read:/etc/passwd"]],
    ["curl -F 'f=@a;type=text/plain,/etc/passwd' http://x", ["read:/repo/a", "read:/etc/passwd"]],
    // A part's headers from a file, on any kind of part (`@` or `<`, any case).
    [
      "curl -F 'f=@README.md;headers=@/etc/passwd' http://x",
      ["read:/repo/README.md", "read:/etc/passwd"],
    ],
    ["curl -F 'f=text;type=text/plain;HEADERS=</etc/passwd' http://x", ["read:/etc/passwd"]],
    ["curl -F 'f=(;headers=@/etc/passwd' http://x", ["read:/etc/passwd"]],
    // A field's content from a file, quoted or not; blanks before a plain name are skipped.
    ["curl -F 'f=<\"/etc/passwd\"' http://x", ["read:/etc/passwd"]],
    ["curl -F 'f=@ /etc/passwd' http://x", ["read:/etc/passwd"]],
    // `-` is stdin; a field without `=` is refused before anything is read.
    ["curl -F 'f=@-' http://x", []],
    ["curl -F '@/etc/passwd' http://x", []],
    ["curl -F 'f=text' -F 'f=x;filename=/etc/passwd' http://x", []],
  ])("%s", async (command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });

  it("a value with an expansion is a file the command does not show", async () => {
    expect(paths(await analyze('curl -F "f=$X" http://x'))).toEqual(["read:?"]);
    expect(paths(await analyze('curl -d "$BODY" http://x'))).toEqual(["read:?"]);
    // What the command assigns itself is known.
    expect(paths(await analyze('B=x; curl -d "$B" http://x'))).toEqual([]);
    expect(paths(await analyze('curl -d "{\\"a\\": \\"$X\\"}" http://x'))).toEqual([]);
  });

  it("reads field syntax as curl's parser does", () => {
    expect(curlFormFiles('f=@"a\\"b\\\\c",d')).toEqual(['a"b\\c', "d"]);
    expect(curlFormFiles('f=@"unclosed,x')).toEqual(['"unclosed', "x"]);
    expect(curlFormFiles("f=@a ;type=a/b")).toEqual(["a"]);
    expect(curlFormFiles("=)")).toEqual([]);
  });
});

describe("curl globs its upload names and URLs itself", () => {
  it.each<[string, string[]]>([
    ["curl -T '{README.md,/etc/passwd}' http://x", ["read:/repo/README.md", "read:/etc/passwd"]],
    ["curl --upload-file '{a,/etc/passwd}' http://x", ["read:/repo/a", "read:/etc/passwd"]],
    // curl 7 takes a unique prefix of a long option: `--upl` is `--upload-file` (its full
    // table resolves it, S34 option-abbrev), whose names curl globs.
    ["curl --upl '/etc/{passwd,group}' http://x", ["read:/etc/passwd", "read:/etc/group"]],
    ["curl 'file:///etc/{passwd,shadow}'", ["read:/etc/passwd", "read:/etc/shadow"]],
    ["curl '{file,http}:///etc/passwd'", ["read:/etc/passwd"]],
    // A range is not spelled out: unknown, never the literal name.
    ["curl -T 'file[1-3]' http://x", ["read:?"]],
    ["curl 'file:///etc/passw[c-e]'", ["read:?"]],
    // `\` keeps a brace literal; another scheme reads no file.
    ["curl -T 'x\\{a,b\\}' http://x", ["read:/repo/x{a,b}"]],
    ["curl 'http://x/[1-3]' 'https://x/{a,b}'", []],
    ["curl -T ~/'{.netrc,x}' http://x", ["read:/home/user/.netrc", "read:/home/user/x"]],
    // `-g` may turn the globbing off: the name as written too.
    ["curl -g -T '{a,b}' http://x", ["read:/repo/{a,b}", "read:/repo/a", "read:/repo/b"]],
  ])("%s", async (command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });

  it("a data option's value is no operand, even with braces", async () => {
    expect(paths(await analyze('curl --data-raw \'{"a":{"b":1}}\' http://x'))).toEqual([]);
  });

  it("spells out sets as curl does", () => {
    expect(curlGlobNames("a{b,c}d{e,f}")).toEqual(["abde", "abdf", "acde", "acdf"]);
    expect(curlGlobNames("{a,}")).toEqual(["a", ""]);
    expect(curlGlobNames("{a\\,b,c}")).toEqual(["a,b", "c"]);
    expect(curlGlobNames("x[]")).toEqual(["x[]"]);
    for (const unknown of ["{}", "{a{b}}", "{a", "a}", "{<n>a,b}", "[a-c]"]) {
      expect(curlGlobNames(unknown)).toBeNull();
    }
  });
});

describe("curl options that read a file they do not name", () => {
  // strace with HOME set: -n, --netrc and --netrc-optional open $HOME/.netrc.
  it.each([
    "curl -n http://x",
    "curl -sSn http://x",
    "curl --netrc http://x",
    "curl --netrc-optional http://x",
    "curl --netrc-opt http://x",
  ])("%s", async (command) => {
    expect(paths(await analyze(command))).toEqual(["read:/home/user/.netrc"]);
  });

  it("curl 8.3's --expand- options fill values from variables", async () => {
    expect(paths(await analyze("curl --expand-upload-file '{{HOME}}/x' http://x"))).toEqual([
      "read:?",
    ]);
    expect(paths(await analyze("curl --expand-output out.txt http://x"))).toEqual([
      "write:/repo/out.txt",
    ]);
  });
});

describe("curl names the files it downloads after the URL", () => {
  // Real curl 7.88 against a local server: -O wrote `%2eenv` for /%2eenv (escapes kept),
  // `.env` for /.env?x=1#f, `a` and `.env` for --remote-name-all '…/{a,.env}', and
  // `-o 'g_#1'` wrote g_a and g_.env.
  it.each<[string, string[]]>([
    ["curl -O http://x/.env", ["write:/repo/.env"]],
    ["curl -sSLO https://x.example/pkg/file.tar.gz", ["write:/repo/file.tar.gz"]],
    ["curl -O 'http://x/%2eenv?x=1'", ["write:/repo/%2eenv", "write:/repo/.env"]],
    ["curl --remote-name-all 'http://x/{a,.env}'", ["write:/repo/a", "write:/repo/.env"]],
    ["curl -O --output-dir ~/dl http://x/a", ["write:/home/user/dl", "write:/home/user/dl/a"]],
    // A name curl takes from the server or from the URL's glob is unknown.
    ["curl -OJ http://x/a", ["write:?", "write:/repo/a"]],
    ["curl 'http://x/{a,.env}' -o 'g_#1'", ["write:/repo/g_#1", "write:?"]],
    ['curl -O "$URL"', ["write:?"]],
    // No path, no name: curl refuses to write.
    ["curl -O http://x", []],
    ["curl -o out.txt http://x/a", ["write:/repo/out.txt"]],
  ])("%s", async (command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });
});
