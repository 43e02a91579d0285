import { describe, expect, it } from "vitest";
import type { TouchedPath } from "../src/index.ts";
import { analyze } from "./helpers.ts";

/** A whole expected path: `unit` defaults to 0, `via` to operand. */
function touched(
  raw: string,
  path: string | null,
  access: TouchedPath["access"],
  extra: Partial<TouchedPath> = {},
): TouchedPath {
  const computed = path === null && extra.glob === undefined;
  return {
    raw,
    path,
    access,
    unit: 0,
    via: "operand",
    ...(computed ? { sentinel: "<computed-path>" as const } : {}),
    ...extra,
  };
}

const redirect = { via: "redirect" } as const;

/** Everything below a directory operand of a recursive tool. */
function below(raw: string, directory: string, access: TouchedPath["access"]): TouchedPath {
  return touched(raw, null, access, { glob: directory === "/" ? "/**" : `${directory}/**` });
}

// biome-ignore lint/suspicious/noTemplateCurlyInString: bash parameter expansion, not a template
const BRACED_HOME = "${HOME}";

describe("paths: every file the command touches, with direction", () => {
  it.each<[string, string, TouchedPath[]]>([
    // Redirects.
    [
      "> writes",
      "git diff > /tmp/changes.patch",
      [touched("/tmp/changes.patch", "/tmp/changes.patch", "write", redirect)],
    ],
    [
      ">> appends, a write",
      'echo "API_KEY=abc" >> .env',
      [touched(".env", "/repo/.env", "write", redirect)],
    ],
    [
      ">| and &> and &>> write",
      "a >| x &> y &>> z",
      [
        touched("x", "/repo/x", "write", redirect),
        touched("y", "/repo/y", "write", redirect),
        touched("z", "/repo/z", "write", redirect),
      ],
    ],
    ["< reads", "cat < /etc/passwd", [touched("/etc/passwd", "/etc/passwd", "read", redirect)]],
    // Options a program's table does not list still name files when they look like paths.
    [
      "wget's listed file options, joined or separate",
      "wget --post-file .env -i urls.txt --save-cookies=c.txt https://x.example",
      [
        touched(".env", "/repo/.env", "read"),
        touched("urls.txt", "/repo/urls.txt", "read"),
        touched("c.txt", "/repo/c.txt", "write"),
      ],
    ],
    [
      "an unlisted --option=path of a listed program",
      "curl --engine=./creds https://x.example",
      [touched("./creds", "/repo/creds", "read_write")],
    ],
    [
      "curl's file options, `@file` values and file:// URLs",
      "curl --netrc-file ~/.netrc -b /tmp/jar -F f=@/etc/passwd -D /tmp/h file:///etc/shad%6fw",
      [
        touched("~/.netrc", "/home/user/.netrc", "read"),
        touched("/tmp/jar", "/tmp/jar", "read"),
        touched("/etc/passwd", "/etc/passwd", "read"),
        touched("/tmp/h", "/tmp/h", "write"),
        touched("/etc/shadow", "/etc/shadow", "read"),
      ],
    ],
    [
      "jq's program and slurped files",
      "jq -f /tmp/prog.jq --slurpfile a /tmp/x in.json",
      [
        touched("/tmp/prog.jq", "/tmp/prog.jq", "read"),
        touched("/tmp/x", "/tmp/x", "read"),
        touched("in.json", "/repo/in.json", "read"),
      ],
    ],
    [
      "a short option's attached value that spells a path out",
      "gcc a.c -o/tmp/a.out; unpack -d../out x.zip",
      [
        touched("/tmp/a.out", "/tmp/a.out", "read_write"),
        // gcc's own grammar (written-names.ts): its source read, its output written.
        touched("a.c", "/repo/a.c", "read"),
        touched("/tmp/a.out", "/tmp/a.out", "write"),
        touched("../out", "/out", "read_write", { unit: 1 }),
      ],
    ],
    [
      "an interpreter reads its script, a bare name included",
      "bash -x deploy.sh prod; python3 -B id_rsa; python3 -m http.server",
      [
        touched("deploy.sh", "/repo/deploy.sh", "read"),
        touched("id_rsa", "/repo/id_rsa", "read", { unit: 1 }),
      ],
    ],
    [
      "a pattern option is not a file",
      "tar --exclude=./.env -czf a.tgz src",
      [
        touched("a.tgz", "/repo/a.tgz", "write"),
        touched("src", "/repo/src", "read"),
        below("src", "/repo/src", "read"),
      ],
    ],
    [
      "tar -C changes the directory its operands are read from, in the old style too",
      "tar czf x.tgz -C ~/.ssh .",
      [
        touched("x.tgz", "/repo/x.tgz", "write"),
        touched(".", "/repo", "read"),
        below(".", "/repo", "read"),
        touched("~/.ssh", "/home/user/.ssh", "read"),
        below("~/.ssh", "/home/user/.ssh", "read"),
      ],
    ],
    [
      "tar -P may extract anywhere (links too, so sort's files may be any); sort -T writes its temporary files there",
      "tar -xPf a.tar; sort -T /tmp x",
      [
        touched("a.tar", "/repo/a.tar", "read"),
        touched(".", "/repo", "write"),
        below(".", "/repo", "write"),
        touched("/", "/", "write"),
        below("/", "/", "write"),
        touched("x", "/repo/x", "read", { unit: 1 }),
        touched("/tmp", "/tmp", "write", { unit: 1 }),
        touched("x", null, "read", { unit: 1 }),
        touched("/tmp", null, "write", { unit: 1 }),
      ],
    ],
    [
      "a long option abbreviated as GNU getopt allows is the option it stands for",
      "sort --out /tmp/x y; tar --cre --file x.tar -C /etc passwd",
      [
        touched("y", "/repo/y", "read"),
        touched("/tmp/x", "/tmp/x", "write"),
        touched("x.tar", "/repo/x.tar", "write", { unit: 1 }),
        touched("passwd", "/repo/passwd", "read", { unit: 1 }),
        touched("passwd", null, "read", { glob: "/repo/passwd/**", unit: 1 }),
        touched("/etc", "/etc", "read", { unit: 1 }),
        touched("/etc", null, "read", { glob: "/etc/**", unit: 1 }),
      ],
    ],
    [
      ">&file writes, >&2 duplicates",
      "a >&log 1>&2 2>&-",
      [touched("log", "/repo/log", "write", redirect)],
    ],
    ["a here-string is data, not a file", "grep x <<< /etc/passwd", []],
    [
      "$(< file) reads the file",
      'echo "$(< .env)"',
      [touched(".env", "/repo/.env", "read", { ...redirect, unit: 1 })],
    ],
    [
      "a heredoc host writes its redirect target",
      "cat <<'EOF' > notes.txt\nx\nEOF",
      [touched("notes.txt", "/repo/notes.txt", "write", redirect)],
    ],
    [
      "a trailing redirect belongs to the last command of a list",
      "a && b | c > f",
      [touched("f", "/repo/f", "write", { ...redirect, unit: 2 })],
    ],
    [
      "a group's redirect goes to its first command",
      "{ a; b; } > out",
      [touched("out", "/repo/out", "write", redirect)],
    ],
    // Devices.
    ["/dev/null and fd duplication touch nothing", "npm test > /dev/null 2>&1 < /dev/null", []],
    [
      "/dev/stdin, /dev/stdout, /dev/stderr, /dev/fd/N touch nothing",
      "cat /dev/stdin > /dev/stdout 2>/dev/stderr 3>/dev/fd/3",
      [],
    ],
    ["other /dev paths are ordinary", "cat /dev/sda", [touched("/dev/sda", "/dev/sda", "read")]],
    // Readers and writers.
    [
      "a reader's operands are read",
      "cat a b",
      [touched("a", "/repo/a", "read"), touched("b", "/repo/b", "read")],
    ],
    ["an option's value is not a file", "head -n 5 f", [touched("f", "/repo/f", "read")]],
    [
      "grep's pattern operand is not a file",
      "grep -r password ~/.ssh",
      [touched("~/.ssh", "/home/user/.ssh", "read"), below("~/.ssh", "/home/user/.ssh", "read")],
    ],
    [
      "grep -e moves the pattern out of the operands",
      "grep -e pat -f pats.txt f",
      [touched("pats.txt", "/repo/pats.txt", "read"), touched("f", "/repo/f", "read")],
    ],
    [
      "a slash inside grep's pattern is no path",
      "grep -r 'a/b' .",
      [touched(".", "/repo", "read"), below(".", "/repo", "read")],
    ],
    [
      "sed's script is not a file; -i rewrites the operands",
      "sed 's#a/b#c#' in.txt; sed -i 's/a/b/' f",
      [
        touched("in.txt", "/repo/in.txt", "read"),
        touched("f", "/repo/f", "read_write", { unit: 1 }),
      ],
    ],
    [
      "awk's program is not a file",
      "awk -F: '{ print $1 }' /etc/passwd",
      [touched("/etc/passwd", "/etc/passwd", "read")],
    ],
    [
      "rm writes every operand",
      "rm -rf build /",
      [
        touched("build", "/repo/build", "write"),
        below("build", "/repo/build", "write"),
        touched("/", "/", "write"),
        below("/", "/", "write"),
      ],
    ],
    [
      "cp reads its sources and writes its target",
      "cp config.yml /etc/app/conf",
      // The target may be a folder, which then receives config.yml under its own name.
      [
        touched("config.yml", "/repo/config.yml", "read"),
        touched("/etc/app/conf", "/etc/app/conf", "write"),
        touched("/etc/app/conf/config.yml", "/etc/app/conf/config.yml", "write"),
      ],
    ],
    [
      "cp -t names the target directory",
      "cp -t /opt a b",
      [
        touched("/opt", "/opt", "write"),
        touched("/opt/a", "/opt/a", "write"),
        touched("/opt/b", "/opt/b", "write"),
        touched("a", "/repo/a", "read"),
        touched("b", "/repo/b", "read"),
      ],
    ],
    [
      "mv removes its sources",
      "mv a b",
      [
        touched("a", "/repo/a", "read_write"),
        below("a", "/repo/a", "read_write"),
        touched("b", "/repo/b", "write"),
        below("b", "/repo/b", "write"),
      ],
    ],
    ["chmod's mode is not a file", "chmod 644 f", [touched("f", "/repo/f", "write")]],
    [
      "dd's if= and of=",
      // A read of /dev/zero names no file (S33 device-file): a plain input file shows the read.
      "dd if=base.img of=disk.img bs=1M",
      [
        touched("base.img", "/repo/base.img", "read"),
        touched("disk.img", "/repo/disk.img", "write"),
      ],
    ],
    [
      "sort -o writes",
      "sort -o out.txt in.txt",
      [touched("in.txt", "/repo/in.txt", "read"), touched("out.txt", "/repo/out.txt", "write")],
    ],
    ["tee writes", "tee a.log", [touched("a.log", "/repo/a.log", "write")]],
    [
      "source reads",
      "source .env && . ./env.sh",
      [
        touched(".env", "/repo/.env", "read"),
        // What .env ran may have changed directory: the next operand is known only as a pattern.
        touched("./env.sh", null, "read", { unit: 1, glob: "**/env.sh" }),
      ],
    ],
    [
      "curl -o writes, its URL is no path",
      "curl -o /tmp/x https://x.example/a/b",
      [touched("/tmp/x", "/tmp/x", "write")],
    ],
    // Commands we know nothing about: shape decides.
    [
      "an unknown command's path-shaped operands",
      "node ./build.js --out=dist/x DEST=/tmp/y plain",
      [
        touched("./build.js", "/repo/build.js", "read_write"),
        touched("dist/x", "/repo/dist/x", "read_write"),
        touched("/tmp/y", "/tmp/y", "read_write"),
      ],
    ],
    ["words that are not path-shaped are not paths", "npm run build", []],
    ["echo's operands are never files", "echo a/b ~/c", []],
    [
      "remote and revision words are not local paths",
      "scp f host:/tmp/x; tig HEAD..origin/main",
      [touched("f", "/repo/f", "read")],
    ],
    // git.
    [
      "git revisions and ranges are not paths; a REV:PATH blob reads its path",
      "git log HEAD..origin/main; git diff HEAD~1; git show HEAD:src/app.ts",
      [touched("src/app.ts", "/repo/src/app.ts", "read", { unit: 2 })],
    ],
    [
      "a ref with a slash is not a path (the checkout writes the working directory)",
      "git checkout origin/main",
      [touched(".", "/repo", "write")],
    ],
    [
      "git file commands take paths; -- starts paths",
      "git add src/x.ts && git diff HEAD -- src",
      [
        touched("src/x.ts", "/repo/src/x.ts", "read"),
        touched("src", "/repo/src", "read", { unit: 1 }),
      ],
    ],
    [
      "git -C reads another directory and the files inside it",
      "git -C /other status",
      [touched("/other", "/other", "read"), touched("/other/…", "/other/…", "read")],
    ],
    // find, fd, xargs.
    [
      "find reads its starting points; patterns are not paths",
      "find src -name '*.ts'",
      [touched("src", "/repo/src", "read"), below("src", "/repo/src", "read")],
    ],
    [
      "find -delete writes",
      "find . -name x -delete",
      [touched(".", "/repo", "write"), below(".", "/repo", "write")],
    ],
    [
      "find -exec: find walks below its start; {} is the start or a path below it",
      "find /tmp -exec rm {} \\;",
      [
        touched("/tmp", "/tmp", "read"),
        below("/tmp", "/tmp", "read"),
        // `/tmp/**` stands only below the start: the start is the next command's word.
        below("/tmp/**", "/tmp", "write"),
        touched("/tmp", "/tmp", "write", { unit: 1 }),
      ],
    ],
    [
      "find -execdir: the placeholder is not a path, the start point is walked",
      "find /tmp -execdir rm {} \\;",
      [touched("/tmp", "/tmp", "read"), below("/tmp", "/tmp", "read")],
    ],
    [
      "fd reads its search paths, not its pattern",
      "fd -e ts pattern src -x wc -l",
      [touched("src", "/repo/src", "read")],
    ],
    [
      "xargs -a reads its argument file",
      "xargs -a list.txt rm",
      [touched("list.txt", "/repo/list.txt", "read")],
    ],
    [
      "xargs -a reads its argument file given attached too",
      "xargs -a.env rm",
      [touched(".env", "/repo/.env", "read")],
    ],
    [
      "xargs --arg-file= reads its argument file",
      "xargs --arg-file=.env rm",
      [touched(".env", "/repo/.env", "read")],
    ],
  ])("%s: %j", async (_note, command, paths) => {
    expect((await analyze(command)).paths).toEqual(paths);
  });
});

describe("paths: grammar gaps", () => {
  it("reads <>, which tree-sitter-bash 0.25.1 does not parse, as a read and write of its file", async () => {
    const analysis = await analyze("exec 3<> lock");
    expect({
      status: analysis.status,
      paths: analysis.paths.map((p) => [p.path, p.access]),
    }).toEqual({ status: "ok", paths: [["/repo/lock", "read_write"]] });
  });
});

describe("paths: resolution", () => {
  it.each<[string, string, TouchedPath[]]>([
    ["~ expands to home", "cat ~/.bashrc", [touched("~/.bashrc", "/home/user/.bashrc", "read")]],
    [
      "$HOME expands to home",
      "cat $HOME/.bashrc",
      [touched("$HOME/.bashrc", "/home/user/.bashrc", "read")],
    ],
    [
      "the braced form in quotes expands to home",
      `cat "${BRACED_HOME}/.ssh/id_rsa"`,
      [touched(`${BRACED_HOME}/.ssh/id_rsa`, "/home/user/.ssh/id_rsa", "read")],
    ],
    ["a quoted ~ is a literal directory name", "cat '~/x'", [touched("~/x", "/repo/~/x", "read")]],
    ["another user's home is not known", "cat ~root/x", [touched("~root/x", null, "read")]],
    [
      "after HOME is reassigned ~ is its new value",
      "HOME=/tmp; cat ~/x",
      [touched("~/x", "/tmp/x", "read", { unit: 0 })],
    ],
    [
      ".. is resolved lexically",
      "cat src/../.env ../other/x",
      [touched("src/../.env", "/repo/.env", "read"), touched("../other/x", "/other/x", "read")],
    ],
    [
      "a literal cd moves relative paths",
      "cd src && cat x",
      [touched("src", "/repo/src", "read"), touched("x", "/repo/src/x", "read", { unit: 1 })],
    ],
    [
      "after cd; either directory may hold the file",
      "cd /tmp; cat x",
      [
        touched("/tmp", "/tmp", "read"),
        touched("x", "/repo/x", "read", { unit: 1 }),
        touched("x", "/tmp/x", "read", { unit: 1 }),
      ],
    ],
    [
      "a cd inside a subshell does not leak",
      "(cd /tmp && rm x); rm y",
      [
        touched("/tmp", "/tmp", "read"),
        touched("x", "/tmp/x", "write", { unit: 1 }),
        touched("y", "/repo/y", "write", { unit: 2 }),
      ],
    ],
    [
      "after a computed cd (whose folder is opened by nobody) a relative path is only a pattern",
      "cd $DIR && rm x /abs",
      [
        // Units 0 and 1 are `cd $DIR` and `cd` (DIR unset goes home: the folder is not known).
        touched("x", null, "write", { unit: 2, glob: "**/x" }),
        touched("/abs", "/abs", "write", { unit: 2 }),
      ],
    ],
    [
      "cd - goes somewhere unknown",
      "cd - && cat .env ../up",
      [
        touched(".env", null, "read", { unit: 1, glob: "**/.env" }),
        touched("../up", null, "read", { unit: 1 }),
      ],
    ],
    [
      "a computed path is null (and X unset is /file)",
      "cat $X/file",
      [touched("$X/file", null, "read"), touched("/file", "/file", "read", { unit: 1 })],
    ],
    [
      "a quoted variable operand of a file command is null",
      'rm -rf "$DIR"',
      [touched("$DIR", null, "write")],
    ],
    [
      "a glob keeps its resolved pattern",
      "cat .env*",
      [touched(".env*", null, "read", { glob: "/repo/.env*" })],
    ],
    ["a quoted glob character is literal", "cat 'a*b'", [touched("a*b", "/repo/a*b", "read")]],
    [
      "$PWD resolves to the working directory",
      "cat $PWD/x",
      [touched("$PWD/x", "/repo/x", "read")],
    ],
  ])("%s: %j", async (_note, command, paths) => {
    expect((await analyze(command)).paths).toEqual(paths);
  });
});

describe("paths: spellings of a file a program nobody listed is given", () => {
  it.each<[string, string, string]>([
    ["Go's and Java's single-dash -name=VALUE", "go build -o=/tmp/app .", "/tmp/app"],
    ["terraform -chdir=DIR", "terraform -chdir=/srv/infra plan", "/srv/infra"],
    ["a response file @/path", "gcc @/etc/args main.c", "/etc/args"],
    ["a response file @~/path", "javac @~/args", "/home/user/args"],
    ["a file: URL", "mytool file:///etc/passwd", "/etc/passwd"],
    [
      "a file: URL with localhost and an escape",
      "mytool file://localhost/etc/pass%77d",
      "/etc/passwd",
    ],
  ])("%s: %j touches %s", async (_note, command, path) => {
    const analysis = await analyze(command);
    expect(analysis.paths.map((p) => p.path)).toContain(path);
  });

  it("an npm package scope is not a response file", async () => {
    const analysis = await analyze("npm install @types/node");
    expect(analysis.paths.map((p) => p.path)).not.toContain("/types/node");
  });
});

describe("paths: writes outside the project the text does not spell out", () => {
  it.each<[string, (string | null)[]]>([
    ["mktemp", [null]],
    ["mktemp -d -t build.XXXX", [null]],
    // The X's are random: the file made is a glob (S31 mktemp-folder-choice).
    ["mktemp -p /var/tmp", ["/var/tmp", "/var/tmp/tmp.??????????"]],
    ["mktemp /tmp/x.XXXX", ["/tmp/x.????"]],
    ["mktemp notes.XXXX", ["/repo/notes.????"]],
    ["mktemp -u", []],
    ["npm install -g typescript", [null]],
    ["npm i --location=global x", [null]],
    ["npm link", [null]],
    ["pnpm add -g x", [null]],
    ["yarn global add x", [null]],
    ["npm install typescript", []],
    ["npm run build -- -g", []],
  ])("%j writes %j", async (command, paths) => {
    const analysis = await analyze(command);
    const written = analysis.paths.filter((p) => p.access === "write");
    expect(written.map((p) => p.path ?? p.glob ?? null)).toEqual(paths);
    for (const path of written)
      if (path.path === null && path.glob == null) expect(path.sentinel).toBe("<computed-path>");
  });
});

describe("paths: more files behind options and archives", () => {
  it.each<[string, string, string | null, string]>([
    ["less's -O names the log file it writes", "less -O/tmp/log notes.txt", "/tmp/log", "write"],
    [
      "openssl's file: password source",
      "openssl rsa -passin file:/etc/k -in key.pem",
      "/etc/k",
      "read_write",
    ],
    ["cpio -i may write anywhere (absolute member names)", "cpio -i < a.cpio", "/", "write"],
    [
      "cpio -D is where it extracts",
      "cpio -i -D /srv/out --no-absolute-filenames < a.cpio",
      "/srv/out",
      "write",
    ],
  ])("%s: %j", async (_note, command, path, access) => {
    const analysis = await analyze(command);
    expect(analysis.paths.some((p) => p.path === path && p.access === access)).toBe(true);
  });

  it("cpio --no-absolute-filenames keeps to its directory", async () => {
    const analysis = await analyze("cpio -i --no-absolute-filenames < a.cpio");
    expect(analysis.paths.some((p) => p.path === "/")).toBe(false);
  });
});
