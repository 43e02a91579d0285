import { describe, expect, it } from "vitest";
import { analyze, globPaths, mayRun, opaqueWrapper, paths } from "./helpers.ts";

describe("adversarial: a word of a program nobody knows that reads as a command line is judged as one", () => {
  it.each([
    ["hyperfine 'FOO=1 git push origin main'", "git push origin main"],
    ["watchexec -- 'true && git push origin main'", "git push origin main"],
    ["nodemon --exec 'npm test && git push origin main'", "git push origin main"],
    ["npx concurrently 'FOO=1 npm publish'", "npm publish"],
    ["entr -s 'if :; then rm -rf /x; fi'", "rm -rf /x"],
    ["hyperfine '(git push origin main)'", "git push origin main"],
    ["hyperfine '{ git push origin main; }'", "git push origin main"],
    ["hyperfine '! git push origin main'", "git push origin main"],
    ["hyperfine 'nohup git push origin main'", "git push origin main"],
    ["hyperfine 'command git push origin main'", "git push origin main"],
    ["hyperfine 'time git push origin main'", "git push origin main"],
    ["hyperfine 'eval git push origin main'", "git push origin main"],
    ["hyperfine 'git \"push\" origin main'", "git push origin main"],
    ["hyperfine 'true;git push origin main'", "git push origin main"],
    ["mytool --cmd='X=1 git push origin main'", "git push origin main"],
    ["hyperfine $'true\\ngit push origin main'", "git push origin main"],
  ])("%s", async (command, words) => {
    expect(mayRun(await analyze(command), words)).toBe(true);
  });

  it("reads a computed head in the line", async () => {
    const analysis = await analyze("concurrently 'npm:watch' 'g=git; $g push origin main'");
    expect(mayRun(analysis, "git push")).toBe(true);
  });

  it("sees the files a command in the line names", async () => {
    expect(paths(await analyze("hyperfine 'cp x /etc/passwd'"))).toContain("write:/etc/passwd");
  });

  it.each([
    ['gh pr create --title "fix a bug" --body "run make"'],
    ['gh pr create --title "feat(parser): read heredocs" --body "see the notes"'],
    ['mytool --message "don\'t stop"'],
    ['concurrently "npm run a" "npm run b"'],
  ])("keeps %s proven", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.every((unit) => unit.sentinel === null)).toBe(true);
  });

  it("runs the commands of a line it may run, no more", async () => {
    const analysis = await analyze('concurrently "npm run a" "npm run b"');
    expect(analysis.units.map((unit) => unit.executed?.join(" "))).toEqual([
      "concurrently npm run a npm run b",
      "npm run a",
      "npm run b",
    ]);
  });
});

describe("adversarial: a shell or interpreter standing last after a program nobody knows may be fed by it", () => {
  it.each([
    ["msgexec -i x.po sh"],
    ["msgfilter -i x.po -o y.po bash"],
    ["msgexec -i x.po python3"],
    ["msgexec -i x.po /usr/bin/perl"],
    ["mytool --input x dash"],
  ])("%s", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((unit) => unit.sentinel === opaqueWrapper)).toBe(true);
  });

  it.each([["which python3"], ["mytool install git"], ["brew install watch"], ["pkill -f vite"]])(
    "keeps %s proven",
    async (command) => {
      const analysis = await analyze(command);
      expect(analysis.units.every((unit) => unit.sentinel === null)).toBe(true);
    },
  );
});

describe("adversarial: a script the string wrote, given by a path to a program nobody knows", () => {
  const written = "printf '#!/bin/sh\\ngit push\\n' > n; install -m755 n s; ";
  it.each([
    ["msgexec -i x.po ./s"],
    ["gpgtar --gpg ./s --list-archive x"],
    ["gpg-agent --daemon ./s"],
    ["mytool --exec=./s"],
    ["mytool /repo/s"],
  ])("%s", async (command) => {
    const analysis = await analyze(written + command);
    expect(analysis.units.some((unit) => unit.sentinel === opaqueWrapper)).toBe(true);
  });

  it("keeps a path the string did not write proven", async () => {
    // Written outside the project: a write in it floors a program handed a project path, which
    // may be a script that runs the written one (s31 written-unnamed-load).
    const outside = "printf '#!/bin/sh\\ngit push\\n' > /tmp/n; install -m755 /tmp/n /tmp/s; ";
    const analysis = await analyze(`${outside}mytool ./other`);
    expect(analysis.units.every((unit) => unit.sentinel === null)).toBe(true);
  });
});

describe("adversarial: git diff --no-index reads every file below folders named after --", () => {
  it.each([
    ["git diff --no-index -- src .", "read:glob:/repo/**"],
    ["git diff --no-index --stat -- . src", "read:glob:/repo/**"],
    ["git -C src diff --no-index -- . ..", "read:glob:/repo/**"],
    ["git diff --no-index -- src/ /repo", "read:glob:/repo/**"],
    ["git diff -- ~ src", "read:glob:/home/user/**"],
  ])("%s", async (command, folder) => {
    expect(globPaths(await analyze(command))).toContain(folder);
  });
});

describe("adversarial: paths joined inside option words and NAME=FILE operands", () => {
  it.each([
    ["cc -c -Wp,-MD,/home/user/x.d -x c /dev/null", "/home/user/x.d"],
    ["gcc -c -Wa,-adhln=/home/user/x.lst x.c", "/home/user/x.lst"],
    ["gcc -shared -Wl,-Map=/home/user/x.map x.c", "/home/user/x.map"],
    ["gcc -shared -Wl,-T,/home/user/.ssh/id_rsa x.c", "/home/user/.ssh/id_rsa"],
    ["gcc -shared -Wl,--version-script=/home/user/v x.c", "/home/user/v"],
    ["java -Xlog:os:file=/home/user/pwned -version", "/home/user/pwned"],
    ["javac -J-Xlog:os:file=/home/user/pwned -version", "/home/user/pwned"],
    ["java -Xloggc:/home/user/gc.log -version", "/home/user/gc.log"],
    ["java -XX:Flags=/home/user/notes.txt -version", "/home/user/notes.txt"],
    ["jar -J-XX:VMOptionsFile=/home/user/o --version", "/home/user/o"],
    ["java -javaagent:/home/user/a.jar -version", "/home/user/a.jar"],
    ["objcopy --add-section .x=/home/user/.ssh/id_rsa x.o", "/home/user/.ssh/id_rsa"],
    ["llvm-objcopy --dump-section .text=/home/user/x x.o", "/home/user/x"],
    ["x86_64-linux-gnu-objcopy --update-section .t=/home/user/n x.o", "/home/user/n"],
    ["gcc -E -include/home/user/.ssh/id_rsa x.c", "/home/user/.ssh/id_rsa"],
    ["cpp -imacros/home/user/notes.txt /dev/null", "/home/user/notes.txt"],
    ["gcc -isystem../../etc x.c", "/etc"],
  ])("%s", async (command, path) => {
    expect((await analyze(command)).paths.map((use) => use.path)).toContain(path);
  });

  it.each([
    ["mytool --registry=https://registry.npmjs.org/ x"],
    ["mytool -Dx=http://a/b"],
    ["gcc -Wall -O2 -c x.c"],
  ])("finds no path outside the project in %s", async (command) => {
    const found = (await analyze(command)).paths.map((use) => use.path ?? use.glob ?? "?");
    expect(found.filter((path) => !path.startsWith("/repo/"))).toEqual([]);
  });
});

describe("adversarial: home folders written or read by default", () => {
  it.each([
    ["gpgsm --list-keys", "write:/home/user/.gnupg"],
    ["gpg-agent --daemon", "write:/home/user/.gnupg"],
    ["gpgconf --launch gpg-agent", "write:/home/user/.gnupg"],
    ["gpg-connect-agent /bye", "write:/home/user/.gnupg"],
    ["dirmngr --daemon", "write:/home/user/.gnupg"],
    ["gpgtar --list-archive x.tar", "write:/home/user/.gnupg"],
    ["gsettings set org.gnome.desktop.interface clock-format 12h", "write:/home/user/.cache/dconf"],
    ["activate-global-python-argcomplete --user", "write:/home/user/.bash_completion.d"],
    ["activate-global-python-argcomplete", "write:/etc/bash_completion.d"],
    ["bq init", "write:/home/user/.config/gcloud"],
    ["gsutil config", "write:/home/user/.config/gcloud"],
    ["xauth add :0 . 00", "write:/home/user/.Xauthority"],
    ["ssh-keygen -y <<< ''", "read:/home/user/.ssh/id_rsa"],
    ["echo | ssh-keygen -l", "read:/home/user/.ssh/id_rsa"],
    ["ssh-keygen -e", "read:/home/user/.ssh/id_rsa"],
    ["ssh-keygen -p -N x -P y", "read_write:/home/user/.ssh/id_rsa"],
    ["git credential-cache store", "read_write:/home/user/.cache/git/credential"],
    ["git credential-cache --timeout=60 erase", "read_write:/home/user/.cache/git/credential"],
  ])("%s", async (command, path) => {
    expect(paths(await analyze(command))).toContain(path);
  });

  it.each([
    ["gpgsm --homedir g -k"],
    ["ssh-keygen -y -f k"],
    ["ssh-keygen -lf k.pub"],
    ["xauth -f x add :0 . 00"],
    ["gsettings get a b"],
  ])("%s stays out of the home folder", async (command) => {
    expect(paths(await analyze(command)).filter((path) => path.includes("/home/user"))).toEqual([]);
  });
});

describe("adversarial: commands read from stdin that name files", () => {
  it.each([
    ["printf 'CREATE /home/user/x.a\\nSAVE\\n' | ar -M"],
    ["ar -M <<< $'CREATE /home/user/x.a\\nSAVE'"],
    ["ar -M < m.mri"],
    ["llvm-ar -M < m.mri"],
    ["echo 'merge /home/user/notes.txt' | xauth -f x source -"],
    ["xauth -f x source cmds"],
    ["echo 'extract /tmp/x :0' | xauth -f x"],
  ])("%s", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((unit) => unit.sentinel === opaqueWrapper)).toBe(true);
  });

  it.each([["ar rcs libx.a a.o"], ["xauth list"]])("keeps %s proven", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.every((unit) => unit.sentinel === null)).toBe(true);
  });
});

describe("the value of a message, title or body option is text, not a command line", () => {
  it.each([
    ["gh pr create --title 'fix: push' --body 'Run `git push origin main` after `npm test`.'"],
    ["gh pr comment 3 --body='Do not `npm publish` yet; wait'"],
  ])("%s", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units).toHaveLength(1);
    expect(analysis.units[0]?.sentinel).toBeNull();
  });

  it("still reads a later command line of the same program", async () => {
    const analysis = await analyze("runner --title x 'FOO=1 git push origin main'");
    expect(mayRun(analysis, "git push")).toBe(true);
  });
});
