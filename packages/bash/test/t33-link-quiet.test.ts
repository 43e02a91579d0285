// T32 sibling-call-toctou: which commands are proven to make no symbolic link, so that a call
// running beside them keeps the paths it was judged on (gates concurrent-calls.ts).
import { describe, expect, it } from "vitest";
import { backgroundLinkMaker, loadBashAnalyzer, mayMakeLinks } from "../src/index.ts";

const analyzer = await loadBashAnalyzer({ memoSize: 0 });
const mayLink = (command: string) =>
  mayMakeLinks(analyzer.analyze(command, { cwd: "/repo", home: "/home/u" }));

describe("mayMakeLinks", () => {
  it.each([
    "cat README.md",
    "ls -la src && pwd",
    "git status --short",
    "git -C sub log --oneline -5 | head",
    "git diff HEAD~1 -- src",
    "grep -rn TODO src | sort | uniq -c",
    "find . -name '*.ts' -newer x | wc -l",
    "echo x > out.txt",
    "sed -i 's/a/b/' src/a.ts",
    "mkdir -p build && touch build/stamp && rm -f build/old",
    "git add -A && git commit -m wip",
    "/usr/bin/cat x",
    "timeout 5 cat x",
    "f() { cat x; }; f",
    "jq .name package.json",
  ])("%s makes none", (command) => {
    expect(mayLink(command)).toBe(false);
  });

  it.each([
    // link makers, movers and copiers that keep links
    "ln -s .env notes",
    "ln target name",
    "mv old notes",
    "cp -a fixtures/. .",
    "cp -r src dst",
    "rsync -a src/ dst/",
    "install -m 644 a b",
    // archives and patches carry links
    "tar xf a.tar",
    "unzip a.zip",
    "patch -p1 < x.diff",
    // git commands that write the work tree, or an alias
    "git checkout-index -f notes",
    "git checkout main",
    "git stash pop",
    "git mv a b",
    "git apply x.patch",
    "git clone ../r",
    "git worktree add ../w",
    "git lg",
    "git init --separate-git-dir=gd",
    "git init",
    "git",
    // programs that run code the text does not show
    "npm install",
    "npm test",
    "make",
    "./build.sh",
    "python3 x.py",
    'node -e \'require("fs").symlinkSync(".env","n")\'',
    "awk 'BEGIN{system(\"ln -s a b\")}'",
    'bash -c "$CMD"',
    'eval "$X"',
    '"$TOOL" x',
    // quiet programs hosting one that is not
    "find . -exec ln -s {} l \\;",
    "timeout 5 ln -s a b",
    "f() { ln -s a b; }; f",
    "cat x | xargs ln -s",
    // an analysis that is not whole
    "cat <<EOF",
  ])("%s may", (command) => {
    expect(mayLink(command)).toBe(true);
  });
});

// T33 background-carrier: a job the string leaves running may make a link after the call
// returns; the tables' known link makers there are found, a program no table knows is not.
describe("backgroundLinkMaker", () => {
  const maker = (command: string) =>
    backgroundLinkMaker(analyzer.analyze(command, { cwd: "/repo", home: "/home/u" }))?.executed ??
    null;
  it.each<[string, string[]]>([
    [
      "(until ls go; do ls; done; git checkout-index -f notes) &",
      ["git", "checkout-index", "-f", "notes"],
    ],
    ["tar xf a.tar &", ["tar", "xf", "a.tar"]],
    ["cp -a src dst & wait", ["cp", "-a", "src", "dst"]],
    ["ln -s x y & echo started", ["ln", "-s", "x", "y"]],
    ["{ sleep 1; python3 -m venv v; } &", ["python3", "-m", "venv", "v"]],
  ])("%s", (command, executed) => {
    expect(maker(command)).toEqual(executed);
  });

  it.each([
    "npm run dev > /dev/null 2>&1 &",
    "nohup npm run dev > dev.log 2>&1 &",
    "git checkout-index -f notes",
    "tar xf a.tar && echo done",
    "sleep 5 &",
    "git status &",
  ])("%s leaves none running", (command) => {
    expect(maker(command)).toBeNull();
  });
});
