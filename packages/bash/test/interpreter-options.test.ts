import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { scriptSource } from "../src/programs/interpreter-options.ts";
import { wordFromText } from "../src/read/words.ts";
import { analyze } from "./helpers.ts";

function sentinels(analysis: BashAnalysis): string[] {
  return analysis.units.flatMap((unit) => (unit.sentinel === null ? [] : [unit.sentinel]));
}

const SH = "printf 'git push origin main\\n' > x; ";
const PY = "printf 'import os\\n' > x; ";
const PL = "printf 'system(1);\\n' > x; ";
const JS = "printf 'require(1)\\n' > x; ";
const TCL = "printf 'exec id\\n' > x; ";
const CM = "printf 'execute_process(COMMAND id)\\n' > x; ";

// Every one of these runs x (or stdin) as code: the option before it takes the next word as
// its value, so the script is the word after that value.
const floored = [
  `${SH}bash -o posix x`,
  `${SH}bash +o posix x`,
  `${SH}bash -O extglob x`,
  `${SH}bash +O extglob x`,
  `${SH}bash -euo pipefail x`,
  `${SH}bash -e -o pipefail x`,
  `${SH}bash -oo errexit nounset x`,
  `${SH}bash -o posix -O extglob x`,
  `${SH}bash --noprofile --norc -o pipefail x`,
  `${SH}bash --rcfile /dev/null x`,
  `${SH}bash -rcfile /dev/null x`,
  `${SH}bash --init-file /dev/null x`,
  `${SH}sh -o errexit x`,
  `${SH}dash -o errexit x`,
  `${SH}rbash -O extglob x`,
  `${SH}/bin/bash -o posix x`,
  `${SH}timeout 5 bash -o posix x`,
  `${SH}nice bash -O extglob x`,
  `${SH}env -S 'bash -o posix' x`,
  // The rc file of an interactive shell is code too.
  `${SH}bash --rcfile x -i -c true`,
  `${SH}bash --init-file x -i y`,
  `${SH}bash -e -norc x`,
  `${PY}python3 -X dev x`,
  `${PY}python3 -X importtime x`,
  `${PY}python3 -Xdev -W ignore x`,
  `${PY}python3 -bW ignore x`,
  `${PY}python3 --check-hash-based-pycs always x`,
  `${PY}/usr/bin/python3.11 -X frozen_modules=off x`,
  `${PL}perl -I . x`,
  `${PL}perl -wI lib x`,
  `${PL}perl -l -I lib x`,
  `${PL}perl5.36 -I. -I lib x`,
  `${JS}node --title t x`,
  `${JS}node --title=t --conditions dev x`,
  `${JS}node -C dev x`,
  `${JS}node --env-file .env x`,
  `${JS}node --inspect-port 0 x`,
  `${JS}node --disable-warning X x`,
  `${JS}node --unhandled-rejections strict x`,
  `${JS}node -r ./x app.js`,
  `${JS}node --import=./x app.js`,
  `${JS}node --env-file x app.js`,
  `${JS}node --test x`,
  `${JS}node --some-future-option t x`,
  `${TCL}tclsh -encoding utf-8 x`,
  `${TCL}tclsh8.6 -encoding utf-8 x`,
  `${CM}cmake -D X=1 -P x`,
  `${CM}cmake --log-level ERROR -P x`,
  `${CM}cmake -Px`,
  `${CM}cmake -DCMAKE_TOOLCHAIN_FILE=x -S . -B b`,
  `${CM}cmake -D CMAKE_PROJECT_INCLUDE:FILEPATH=/repo/x -S . -B b`,
  `${CM}cmake $ARGS -B b`,
  `${CM}ctest -C Debug "$S" x`,
  `${CM}ctest -C Debug -S x`,
  `${CM}ctest --output-log /dev/null -S x,arg`,
  "perl -I . <<< 'system(1)'",
  "perl -I lib -w <<< 'system(1)'",
  "node --title t <<< 'require(1)'",
  "node --icu-data-dir . <<< 'require(1)'",
  "node --secure-heap 0 <<< 'require(1)'",
  "node --dns-result-order ipv4first <<< 'require(1)'",
  "echo 'require(1)' | node --inspect-port 0",
  "node --env-file .env <<< 'require(1)'",
  "node -r /dev/stdin app.js <<< 'require(1)'",
  "node --future-flag app.js <<< 'require(1)'",
  "python3 --check-hash-based-pycs always <<< 'import os'",
  "python3 -X dev - <<< 'import os'",
  "python3 -Wignore -i app.py <<< 'import os'",
  "python3 -bi app.py <<< 'import os'",
  "tclsh -encoding utf-8 <<< 'exec id'",
  "tclsh -x y <<< 'exec id'",
  "tclsh -encoding utf-8 -x <<< 'exec id'",
  // Interpreters not installed here: their manuals' value options, and the rest unproven.
  `${SH}zsh -o errexit x`,
  `${SH}zsh --emulate sh x`,
  `${SH}ksh -o errexit x`,
  `${SH}mksh -T tty x`,
  "zsh -o errexit <<< 'git push origin main'",
  `${PL}ruby -I lib x`,
  `${PL}ruby -r ./x app.rb`,
  "ruby -I lib <<< 'system(1)'",
  "ruby -Ilib -r json <<< 'system(1)'",
  `${PL}php -d x=1 x`,
  `${PL}php -c x app.php`,
  "php -d x=1 <<< '<?php system(1);'",
  "lua -l os <<< 'os.execute(1)'",
  `${PL}lua -l os x`,
  `${JS}tsx --tsconfig t.json x`,
  `${JS}ts-node --project t.json x`,
  "ts-node --project t.json <<< 'require(1)'",
  `${PL}julia -t 4 x`,
  `${PL}julia -L x app.jl`,
  `${PL}julia --project x`,
  "julia -t 4 <<< 'run(1)'",
  `${TCL}expect -D 1 x`,
  "expect -D 1 <<< 'exec id'",
  // An option node does not list may take the next word: stdin, or any later word.
  "echo 'require(1)' | node --harmony app.js",
  "node --harmony app.js -",
  // A value that may split into several words (`$T` = `t -e code`) shifts the script.
  "node --title $T app.js",
  "python3 -W $W app.py",
  `${SH}bash -o $O x`,
];

// Ordinary uses: the script is a file on disk, and what the string wrote is only data for it.
const proven = [
  "bash -e script.sh",
  "bash -euo pipefail deploy.sh",
  "bash -o posix -O extglob deploy.sh",
  `${SH}bash -euo pipefail run.sh x`,
  "python3 -X dev app.py",
  `${PY}python3 -X dev app.py x`,
  `${PY}python3 -W ignore app.py x`,
  "perl -I lib t.pl",
  `${PL}perl -I lib t.pl x`,
  "node --title x app.js",
  `${JS}node --title t app.js x`,
  `${JS}node --max-old-space-size=4096 app.js x`,
  `${JS}node --inspect=9229 app.js x`,
  "node inspect app.js",
  "echo hi | node app.js",
  "echo hi | perl -I lib t.pl",
  "python3 -u app.py < in.txt",
  "python3 -Wignore -Xdev app.py < in.txt",
  "tclsh -encoding utf-8 x.tcl",
  `${TCL}tclsh -encoding utf-8 main.tcl x`,
  // The write lies outside the project: a cmake run searches the project for what it loads
  // (S31 written-unnamed-load), so a write inside it would floor either way.
  `${CM.replace("> x", "> /tmp/x")}cmake -D X=1 -P run.cmake`,
  "ctest -C Debug -S x.cmake",
  `${CM.replace("> x", "> /tmp/x")}cmake -D CMAKE_BUILD_TYPE=Release -S . -B b`,
  'cmake -S "$SRC" -B b',
  "zsh -o errexit deploy.zsh",
  "ksh -o errexit x.ksh",
  "ruby -w app.rb < in.txt",
  `${PL}ruby -I lib -r json app.rb x`,
  "php -f app.php < in.txt",
  `${PL}php -d x=1 app.php x`,
  "lua -l socket app.lua",
  "tsx app.ts < in.txt",
  `${JS}tsx watch app.ts x`,
  "julia -t 4 app.jl",
  `${PL}julia --project=. app.jl x`,
  "expect -f login.exp",
  "node --harmony app.js",
  'node --title "$T" app.js',
  'python3 -W "$W" app.py',
];

describe("interpreter options that take the next word as their value", () => {
  it.each(floored)("%s runs code nobody read", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it.each(proven)("%s stays proven", async (command) => {
    expect(sentinels(await analyze(command))).toEqual([]);
  });

  it("reads a shell's here-string as the script after -o values", async () => {
    const analysis = await analyze("bash -euo pipefail <<< 'git push origin main'");
    expect(analysis.units.some((unit) => unit.executed?.join(" ") === "git push origin main")).toBe(
      true,
    );
  });
});

describe("scriptSource", () => {
  const words = (command: string) => command.split(" ").map((text) => wordFromText(text));
  const files = (command: string) => scriptSource(words(command))?.files.map((w) => w.text);

  it("finds the script after values, clustered or not", () => {
    expect(files("bash -euo pipefail s a")).toEqual(["s"]);
    expect(files("bash -oo errexit nounset s")).toEqual(["s"]);
    expect(files("bash --rcfile r s")).toEqual(["r", "s"]);
    expect(files("python3 -bX dev s")).toEqual(["s"]);
    expect(files("python3 -Wignore s")).toEqual(["s"]);
    expect(files("perl -lI lib s")).toEqual(["s"]);
    expect(files("perl -i.bak s")).toEqual(["s"]);
    expect(files("node -r ./m --title=t s")).toEqual(["./m", "s"]);
    expect(files("node inspect s")).toEqual(["s"]);
    expect(files("tclsh -encoding utf-8 s a")).toEqual(["s"]);
    expect(files("cmake -D X=1 -P s")).toEqual(["s"]);
    expect(files("ctest -S s,a")).toEqual(["s"]);
  });

  it("leaves the script unproven after an option it does not know", () => {
    const source = scriptSource(words("node --harmony v s"));
    expect(source?.unproven).toBe(true);
    expect(source?.stdin).toBe(true);
    expect(source?.files.map((w) => w.text)).toEqual(["v", "s"]);
    expect(scriptSource(words("python3 --check-hash always s"))?.unproven).toBe(true);
    expect(scriptSource(words("bash --posi s"))?.unproven).toBe(true);
    expect(scriptSource(words("bash -e --norc s"))?.unproven).toBe(true);
    expect(scriptSource(words("node --constructor s"))?.unproven).toBe(true);
    expect(scriptSource(words("bash -constructor s"))?.inline).toBe(true);
  });

  it("says where inline code and stdin are", () => {
    expect(scriptSource(words("bash -o errexit -c code"))?.code?.text).toBe("code");
    expect(scriptSource(words("bash -co errexit code"))?.code?.text).toBe("code");
    expect(scriptSource(words("perl -I lib"))?.stdin).toBe(true);
    expect(scriptSource(words("tclsh -x s"))?.stdin).toBe(true);
    expect(scriptSource(words("python3 -"))?.dash).toBe(true);
    expect(scriptSource(words("php -f s"))?.stdin).toBe(false);
    expect(scriptSource(words("ruby -I lib"))?.stdin).toBe(true);
    expect(scriptSource(words("java -cp lib Main"))).toBeNull();
  });
});
