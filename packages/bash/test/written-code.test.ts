import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { NAMED_FILE_RULES, WRITTEN_CODE_RULES } from "../src/walk/written-code.ts";
import { analyze } from "./helpers.ts";

function sentinels(analysis: BashAnalysis): string[] {
  return analysis.units.flatMap((unit) => (unit.sentinel === null ? [] : [unit.sentinel]));
}

const matches = WRITTEN_CODE_RULES.flatMap((rule) =>
  rule.match.map((command) => [command, rule.note] as const),
);
const notMatches = WRITTEN_CODE_RULES.flatMap((rule) =>
  rule.notMatch.map((command) => [command, rule.note] as const),
);

describe("programs that load project files the same string wrote (table examples)", () => {
  it.each(matches)("floors %s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it.each(notMatches)("keeps %s proven", async (command) => {
    expect(sentinels(await analyze(command))).toEqual([]);
  });
});

const namedMatches = NAMED_FILE_RULES.flatMap((rule) =>
  rule.match.map((command) => [command, rule.note] as const),
);
const namedNotMatches = NAMED_FILE_RULES.flatMap((rule) =>
  rule.notMatch.map((command) => [command, rule.note] as const),
);

describe("programs that run what a file named by a variable or option configures (table examples)", () => {
  it.each(namedMatches)("floors %s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it.each(namedNotMatches)("keeps %s proven", async (command) => {
    expect(sentinels(await analyze(command))).toEqual([]);
  });
});

describe("adversarial: a program a compiler of the same string produced", () => {
  it.each([
    ["echo 'int main(){return system(\"git push\");}' > x.c; gcc x.c && ./a.out"],
    ["echo x > x.c; cc -o x x.c; ./x"],
    ["echo x > x.rs; rustc x.rs && ./x"],
    ["echo x > X.java; javac X.java && java X"],
    ["gcc -x c - <<< 'int main(){return system(\"git push\");}' && ./a.out"],
    ["echo 'int main(){}' | cc -x c -o x - && ./x"],
    ["gcc <(echo 'int main(){}') -o y; ./y"],
  ])("floors %s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it.each([["gcc x.c"], ["gcc x.c && ./a.out"], ["cargo build && ./target/debug/app"]])(
    "keeps %s proven (nothing of it was written by the string)",
    async (command) => {
      expect(sentinels(await analyze(command))).toEqual([]);
    },
  );
});

describe("adversarial: npm's own commands write the files npm runs", () => {
  it.each([
    ["npm pkg set scripts.x='npm publish'; npm run x"],
    ["npm pkg set scripts.test='git push'; npm test"],
    ["npm pkg set 'scripts.prepare=git push'; npm install"],
    ["npm config set script-shell ./s.sh; npm run x"],
  ])("floors %s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it.each([
    ["npm pkg set name=x", "/repo/package.json"],
    ["npm version patch", "/repo/package.json"],
    ["npm config set registry https://x.example", "/home/user/.npmrc"],
    ["npm config set --location=project registry https://x.example", "/repo/.npmrc"],
  ])("%s writes %s", async (command, path) => {
    const analysis = await analyze(command);
    expect(analysis.paths.map((p) => [p.path, p.access])).toContainEqual([path, "write"]);
  });

  it("keeps npm pkg get a read", async () => {
    expect((await analyze("npm pkg get name")).paths).toEqual([]);
  });
});

describe("adversarial: a load path set by a statement reaches the program that reads it", () => {
  it.each([
    ["export PYTHONPATH=/tmp; python3 x.py", "/tmp"],
    ["PYTHONPATH=/tmp; export PYTHONPATH; python3 x.py", "/tmp"],
    ["declare -x PERL5LIB=/opt/lib; perl x.pl", "/opt/lib"],
    ["export LD_LIBRARY_PATH=/tmp/l; ls", "/tmp/l"],
  ])("%s reads %s", async (command, path) => {
    const analysis = await analyze(command);
    expect(analysis.paths.map((p) => [p.path, p.access])).toContainEqual([path, "read"]);
  });

  it("leaves programs that do not read it alone", async () => {
    const analysis = await analyze("export PYTHONPATH=/tmp; ls");
    expect(analysis.paths.map((p) => p.path)).not.toContain("/tmp");
  });
});

describe("adversarial: a compiler variable holding a command line", () => {
  it.each([
    ["CC='git push' pip install .", "git push"],
    ["export CXX='sh -c id'; pip install .", "sh -c id"],
  ])("%s runs %s", async (command, inner) => {
    const analysis = await analyze(command);
    expect(analysis.units.map((unit) => (unit.executed ?? unit.argv).join(" "))).toContain(inner);
    expect(sentinels(analysis)).toContain("<opaque-bash-wrapper>");
  });

  it("keeps CC=clang a program name", async () => {
    expect(sentinels(await analyze("CC=clang pip install ."))).toEqual([]);
  });
});

describe("adversarial: files a folder write puts where a loader loads", () => {
  it.each([
    ["tar xf x.tar; python3 main.py"],
    ["cp -r /tmp/x/. .; pytest"],
    ["cp -r /tmp/x src; python3 src/main.py"],
  ])("floors %s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it("keeps a copy into a folder beside the loaded ones proven", async () => {
    expect(sentinels(await analyze("cp -r dist /repo/out && node app.js"))).toEqual([]);
  });
});

describe("adversarial: a write after a run reaches the run's next round", () => {
  it.each([
    ["for i in 1 2; do python3 x.py; echo 'import os' > x.py; done"],
    ["while true; do pytest; echo x > conftest.py; done"],
    ["for i in 1 2; do bash x.sh; echo 'git push' > x.sh; done"],
    ["f() { pytest; echo x > conftest.py; }; f; f"],
    ["f() { pytest; }; echo x > conftest.py; f"],
  ])("floors %s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it.each([
    ['while read l; do python3 proc.py "$l" > out.txt; done < list'],
    ["for i in 1 2; do pytest; done; echo x > notes.txt"],
  ])("keeps %s proven", async (command) => {
    expect(sentinels(await analyze(command))).toEqual([]);
  });
});

describe("adversarial: a nested script runs after what its host wrote", () => {
  it.each([
    ['echo x > x.py; echo "$(python3 x.py)"'],
    ['echo x > x.sh; echo "$(bash x.sh)"'],
    ['echo x > conftest.py; out="$(pytest -q)"'],
  ])("floors %s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it("keeps a quoted substitution after an unrelated write proven", async () => {
    expect(sentinels(await analyze('echo x > /tmp/notes.txt; echo "$(python3 x.py)"'))).toEqual([]);
  });
});

describe("adversarial: python entry points run the files the string wrote", () => {
  it.each([
    ["echo 'import os' > x.py; pdb3 -c continue x.py"],
    ["echo 'import os' > x.py; pydoc3 ./x.py"],
    ["echo x > x.py; pygmentize -l x.py:L -x README.md"],
    ["printf '>>> import os\\n' > x.txt; python3 -m doctest x.txt"],
    ["printf 'cos\\n' > x.pkl; python3 -m pickle x.pkl"],
    ["echo x > x.ll; lli x.ll"],
  ])("floors %s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it("keeps python -m json.tool on a file the string did not write proven", async () => {
    expect(sentinels(await analyze("echo x > notes.txt; python3 -m json.tool x.json"))).toEqual([]);
  });
});

describe("adversarial: data folders and library paths named by the environment", () => {
  it.each([
    ["PYTHONPYCACHEPREFIX=/home/user/pc python3 -m json.tool README.md", "/home/user/pc", "write"],
    ["GNUPGHOME=/home/user/g gpg -k", "/home/user/g", "read_write"],
  ])("%s touches %s", async (command, path, access) => {
    const analysis = await analyze(command);
    expect(analysis.paths.map((p) => [p.path, p.access])).toContainEqual([path, access]);
  });

  it("floors a relative library path, where the string may have built a library", async () => {
    const command = "echo x > x.c; gcc -shared -fPIC -o libselinux.so.1 x.c; LD_LIBRARY_PATH=. ls";
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });
});

describe("adversarial: a configuration file named by the environment can run a command", () => {
  it.each([
    ["RIPGREP_CONFIG_PATH=rc rg x x.txt"],
    ["LESSKEYIN=k less README.md"],
    ["WGETRC=w wget https://x.example"],
  ])("floors %s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });
});

describe("adversarial: debuggers and launchers run the script the string wrote (H12)", () => {
  it.each([
    ["echo 'system \"git push\"' > x.rb; rdbg3.1 --nonstop x.rb"],
    ["echo 'system \"git push\"' > x.rb; rdbg -n x.rb"],
    ["echo x > x.rb; byebug x.rb"],
    ["echo x > p; chmod +x p; dlv exec ./p"],
    ["echo x > t.js; node inspect t.js"],
    ["echo x > x.sh; bashdb x.sh"],
    ["echo 'int main(){}' > x.c; c99 x.c && ./a.out"],
    ["echo 'int main(){}' > x.c; c89 -o m x.c; ./m"],
    ["echo 'int main(){}' > x.c; x86_64-linux-gnu-gcc-12 x.c && ./a.out"],
    ["echo 'int main(){}' > x.c; musl-gcc x.c && ./a.out"],
    ["echo 'int main(){}' > x.c; ccache gcc x.c && ./a.out"],
    ["echo 'int main(){}' > x.c; x86_64-w64-mingw32-gcc-win32 x.c && ./a.exe"],
    ["echo x > x.cu; nvcc x.cu && ./a.out"],
  ])("floors %s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it.each([["node inspect app.js"], ["echo x > /tmp/out.txt; deno run x.ts"], ["rdbg -n x.rb"]])(
    "keeps %s proven",
    async (command) => {
      expect(sentinels(await analyze(command))).toEqual([]);
    },
  );
});

describe("adversarial: a variable that names a program points at a file the string wrote (H14, H15)", () => {
  it.each([
    ["echo x > p; chmod +x p; CC=./p pip install ."],
    ["echo x > p; chmod +x p; CC=/repo/p cargo build"],
    ["echo x > p; chmod +x p; PKG_CONFIG=./p pip install ."],
    ["echo x > p; CC='ccache ./p' make -n"],
    ["mkdir -p v/bin; echo x > v/bin/python; VIRTUAL_ENV=/repo/v uv pip install x"],
    ["echo x > p; chmod +x p; npm_config_node_gyp=./p npm install"],
    ["echo x > p; chmod +x p; export SHELL=/repo/p; tmux new -d"],
  ])("floors %s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it.each([["CC=clang pip install ."], ["echo x > /tmp/out.txt; CC=clang pip install ."]])(
    "keeps %s proven",
    async (command) => {
      expect(sentinels(await analyze(command))).toEqual([]);
    },
  );
});

describe("adversarial: an option that names a program points at a file the string wrote (H14)", () => {
  it.each([
    ["echo x > p; chmod +x p; pandoc --filter ./p x.md"],
    ["echo x > f.lua; pandoc --lua-filter f.lua x.md"],
    ["echo x > p; chmod +x p; helm template x . --post-renderer ./p"],
    ["echo x > p; chmod +x p; kpt fn eval . --exec ./p"],
    ["echo x > p; chmod +x p; some-tool --python=./p run"],
    ["echo x > x.go; dlv debug"],
  ])("floors %s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it.each([
    ["echo x > s.sh; chmod +x s.sh; git add s.sh"],
    ["echo x > s.sh; chmod +x s.sh; shellcheck --shell=bash s.sh"],
    ["pandoc --filter ./p x.md"],
  ])("keeps %s proven", async (command) => {
    expect(sentinels(await analyze(command))).toEqual([]);
  });
});

describe("adversarial: the compressor scripts run GREP, DIFF or CMP (round 11b K-b6)", () => {
  it.each([
    ["GREP='g=git; $g push origin main; grep' xzgrep x README.md"],
    ["DIFF='rm -rf build; diff' lzdiff README.md Makefile"],
    ["CMP='rm -rf build; cmp' xzcmp a b"],
    ["export EGREP='rm x;egrep'; zegrep x f"],
    ["EGREP=$E bzegrep x f"],
    ["echo x > p; chmod +x p; DIFF=/repo/p zdiff README.md Makefile"],
  ])("floors %s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it.each([["GREP=grep xzgrep x f"], ["DIFF=/usr/bin/diff zdiff a b"], ["LC_ALL=C xzgrep x f"]])(
    "keeps %s proven",
    async (command) => {
      expect(sentinels(await analyze(command))).toEqual([]);
    },
  );
});

describe("adversarial: groff runs troff and its postprocessors from GROFF_BIN_PATH or GROFF_COMMAND_PREFIX (round 11b K-b12)", () => {
  it.each([
    ["echo x > troff; chmod +x troff; GROFF_BIN_PATH=/repo groff README.md"],
    ["echo x > bin/troff; GROFF_BIN_PATH=/usr/bin:bin groff README.md"],
    ["echo x > xtroff; chmod +x xtroff; GROFF_COMMAND_PREFIX=./x groff README.md"],
  ])("floors %s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it("keeps a prefix with nothing written proven", async () => {
    expect(sentinels(await analyze("GROFF_COMMAND_PREFIX=g groff README.md"))).toEqual([]);
  });
});

describe("adversarial: an option that names the program to run may name one the string wrote (round 11b K-b8)", () => {
  it.each([
    ["echo x > t; chmod +x t; llvm-reduce-14 --test=./t -o y.ll x.ll"],
    ["echo x > t; llvm-reduce --test /repo/t x.ll"],
    ["echo x > p; bugpoint -run-custom -exec-command=./p x.bc"],
  ])("floors %s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it("keeps one that names nothing written proven", async () => {
    expect(
      sentinels(await analyze("echo x > /tmp/notes.txt; llvm-reduce --test=./t x.ll")),
    ).toEqual([]);
  });
});

describe("adversarial: bind starts readline, which reads INPUTRC and $include lines (round 11a K-a4)", () => {
  it.each([
    ["INPUTRC=/home/user/.ssh/id_rsa; bind -q x", "/home/user/.ssh/id_rsa"],
    ["bind '$include /home/user/.ssh/id_rsa'", "/home/user/.ssh/id_rsa"],
    ['bind "\\$include ~/.ssh/id_rsa" 2>&1 | cat', "/home/user/.ssh/id_rsa"],
  ])("%s reads %s", async (command, path) => {
    const analysis = await analyze(command);
    expect(analysis.paths.map((p) => [p.path, p.access])).toContainEqual([path, "read"]);
  });

  it("leaves what a file read with -f includes unknown", async () => {
    const analysis = await analyze("echo '$include ~/.ssh/id_rsa' > x.rc; bind -f x.rc");
    expect(
      analysis.paths.some((p) => p.access === "read" && p.sentinel === "<computed-path>"),
    ).toBe(true);
  });

  it("reads nothing more for a plain query", async () => {
    expect((await analyze("bind -q x")).paths).toEqual([]);
  });
});

describe("adversarial: gcc runs its passes from COMPILER_PATH's folders (round 11b K-b12)", () => {
  it("floors gcc after the string wrote an assembler there", async () => {
    const command =
      "echo x > as; chmod +x as; COMPILER_PATH=/repo gcc -c -x c /dev/null -o /dev/null";
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });
});

describe("adversarial: hostname completion reads HOSTFILE (round 11a K-a12)", () => {
  it.each([
    ["HOSTFILE=/home/user/.ssh/id_rsa; compgen -A hostname"],
    ["HOSTFILE=~/.ssh/id_rsa compgen -A hostname"],
    ["export HOSTFILE=/home/user/.ssh/id_rsa; compgen -o default -A hostname"],
  ])("%s reads the key", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.paths.map((p) => [p.path, p.access])).toContainEqual([
      "/home/user/.ssh/id_rsa",
      "read",
    ]);
  });
});

describe("precision: go and touch write no code of the string's own (prec11)", () => {
  // go's package operands are read, not written: a later go command runs nothing this string
  // wrote. What go writes itself (`-o`, profiles) is compiled from the project, as cargo's
  // target/ is; a file touch creates is empty; gofmt without -r only reformats.
  it.each([
    ["go vet ./... && go test ./..."],
    ["go test ./pkg/a && go test ./pkg/b"],
    ["go build ./... && go vet ./... && echo OK"],
    ["go fmt ./... && go test ./..."],
    ["go test ./... > out.txt; go vet ./..."],
    ["go test ./... 2>&1 | tee test.log && go vet ./..."],
    ["go test ./... && go run ./cmd/app"],
    ["gofmt -w internal/parser && go build ./... && go test ./internal/parser/..."],
    ["go build -o bin/server ./cmd/server && ./bin/server --help"],
    ["go build -o=bin/server ./cmd/server && ./bin/server"],
    ["go test -c -o ./x.test ./pkg && ./x.test -test.v"],
    ["go vet main.go && go run main.go"],
    ["touch src/a.ts && npm test"],
    ["touch src/new-module.ts && npx vitest run"],
    ["touch x.py && python3 x.py"],
  ])("keeps %s proven", async (command) => {
    expect(sentinels(await analyze(command))).toEqual([]);
  });

  it.each([
    // code the string wrote, then compiled by go and run
    ["echo 'package main' > main.go; go build -o bin/s . && ./bin/s"],
    ["echo 'int x;' > gen.c; go build -o bin/a . && ./bin/a"],
    ["echo x > pkg/a/x_test.go && go test ./pkg/a"],
    ["cat > cmd/x/main.go <<'EOF'\npackage main\nEOF\ngo build -o x ./cmd/x && ./x"],
    // a rewrite rule is code the string wrote, in every file below the folder
    ["gofmt -r 'a -> b' -w internal/parser && go test ./internal/parser"],
    ["gofmt -w -r 'a->b' main.go && go run main.go"],
    ["gofmt -w $R pkg && go test ./pkg"],
    // a redirect's content is what the program printed
    ["go build -o bin/s . > gen.go && ./bin/s"],
    ["go run ./cmd/gen > out.sh && sh out.sh"],
    // what go run hands its program is the program's to write
    ["go run ./cmd/gen -o ./bin/tool && ./bin/tool"],
    // a computed word may be -o: the next word is then written, not read
    ["go build $FLAGS bin/x ./cmd && ./bin/x"],
    // touch adds no code, but a file the string wrote before it still counts
    ["echo 'import os' > x.py; touch x.py && python3 x.py"],
    // go's output into git's hooks is still a hook git will run
    ["go build -o .git/hooks/pre-commit ./cmd/h && git commit -m x"],
  ])("floors %s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });
});

describe("precision: linters that only read, and the profilers (prec11)", () => {
  it.each([
    ["npx eslint src/a.ts && npx eslint src/b.ts"],
    ["npx prettier --check src/a.ts && npx prettier --check src/b.ts"],
    ["echo src/a.ts src/b.ts | xargs -n1 npx prettier --check"],
    ["npx eslint --fix-dry-run src/a.ts && npm test"],
    ["python3 -m cProfile -s cumtime scripts/bench.py"],
    // F15: an in-place formatter rewrites the project's own text; it puts no code of the
    // string's into the files (a file the string wrote before it still counts, below)
    ["npx prettier --write src/a.ts && npm test"],
    ["npx prettier -lw src/a.ts && npm test"],
    ["npx eslint --fix src/a.ts && npm test"],
  ])("keeps %s proven", async (command) => {
    expect(sentinels(await analyze(command))).toEqual([]);
  });

  it.each([
    ["echo 'x' > src/a.ts; npx prettier --write src/a.ts && node src/a.ts"],
    ["npx eslint --fix -o ./r.js src && node ./r.js"],
    ["npx prettier --write src/a.ts > out.js && node out.js"],
    ["npx eslint -o ./r.js src && node ./r.js"],
    ["npx prettier --check $F src/a.ts && npm test"],
    ["echo 'import os' > ./b.py; python3 -m cProfile ./b.py"],
    ["echo 'import os' > ./b.py; python3 -m profile -s time ./b.py"],
  ])("floors %s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });
});
