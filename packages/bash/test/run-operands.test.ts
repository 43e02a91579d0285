import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { CODE_FILE_RULES } from "../src/walk/written-code.ts";
import { analyze } from "./helpers.ts";

function sentinels(analysis: BashAnalysis): string[] {
  return analysis.units.flatMap((unit) => (unit.sentinel === null ? [] : [unit.sentinel]));
}

const PY = "printf 'import os\\nos.system(\"git push origin main\")\\n' > x";
const CM = "printf 'execute_process(COMMAND git push origin main)\\n' > x";

describe("programs that load as code the files their grammar names (table examples)", () => {
  const matches = CODE_FILE_RULES.flatMap((rule) => rule.match.map((command) => [command]));
  const notMatches = CODE_FILE_RULES.flatMap((rule) => rule.notMatch.map((command) => [command]));

  it.each(matches)("floors %s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it.each(notMatches)("keeps %s proven", async (command) => {
    expect(sentinels(await analyze(command))).toEqual([]);
  });
});

describe("adversarial: a program no table knows runs a command among its later words", () => {
  it.each([
    ["mywrap sh <<< 'git push origin main'"],
    ["echo 'git push origin main' | mywrap bash"],
    ["mywrap -v -- dash < s"],
    ["mywrap nohup sh <<< 'git push origin main'"],
    ["nohup mywrap sh <<< 'git push origin main'"],
    ["echo push origin main | mywrap xargs git"],
    ["mywrap /usr/bin/python3 <<< 'import os'"],
    ["mywrap sudo -s"],
    ["echo 'git push origin main' > s; mywrap sh s"],
    [`${PY}; mywrap python3 x`],
    [`${PY}; mywrap timeout 5 python3 x`],
    ["docker exec -i c sh < s.sh"],
  ])("floors %s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  // A name standing last with nothing fed to it, a subcommand named like a wrapper, a
  // script already on disk, and the known programs that take such words as text.
  it.each([
    ["which python3"],
    ["pkill node"],
    ["brew install python3"],
    ["mywrap sh script.sh"],
    ["uv run python app.py"],
    ["echo x > /tmp/notes.txt; uv run python app.py"],
    ["echo x | mywrap cat"],
    ["docker exec -it c bash"],
    ["docker exec -it c ls -la"],
    ["kubectl exec -i pod -- ls"],
    ["docker compose exec web bash"],
    ["mywrap env list"],
    ["echo sh"],
    ["grep python3 notes.txt"],
    ["git commit -m 'use node'"],
    ["cargo run -- sh"],
  ])("keeps %s proven", async (command) => {
    expect(sentinels(await analyze(command))).toEqual([]);
  });
});

describe("adversarial: wrappers of the tables run what they are given, stdin included", () => {
  it.each([
    ["ssh-agent sh <<< 'git push origin main'"],
    ["echo 'git push origin main' | ssh-agent bash"],
    ["ssh-agent nohup sh <<< 'git push origin main'"],
    ["fakeroot-sysv sh <<< 'git push origin main'"],
    ["fakeroot-tcp bash < s"],
    ["memusage sh <<< 'git push origin main'"],
    ["sotruss sh <<< 'git push origin main'"],
    ["logsave /dev/null sh <<< 'git push origin main'"],
    ["dpkg-architecture -c sh <<< 'git push origin main'"],
    ["dpkg-architecture --command sh <<< 'git push origin main'"],
    ["cmake -E env sh <<< 'git push origin main'"],
    ["cmake -E time sh <<< 'git push origin main'"],
    ["cmake -E chdir . sh <<< 'git push origin main'"],
    ["echo 'git push origin main' > s; logsave /dev/null sh s"],
    [`${CM}; cmake -E env cmake -P x`],
    [`${CM}; cmake -E chdir . ctest -S x`],
    [`${PY}; memusage python3 x`],
    ["cmake -E env PATH=. cat x"],
  ])("floors %s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it("floors xargs behind cmake -E env: its operands come from stdin", async () => {
    const analysis = await analyze("echo push origin main | cmake -E env xargs git");
    expect(analysis.units[1]?.sentinel).toBe("<indirection-bash-wrapper>");
  });

  it.each([
    ["ssh-agent git push origin main", "git push origin main"],
    ["fakeroot-sysv git push origin main", "git push origin main"],
    ["memusage --data=m.dat git push origin main", "git push origin main"],
    ["sotruss -- git push origin main", "git push origin main"],
    ["logsave out.log git push origin main", "git push origin main"],
    ["dpkg-architecture -c git push origin main", "git push origin main"],
    ["cmake -E env X=1 git push origin main", "git push origin main"],
    ["cmake -E time git push origin main", "git push origin main"],
  ])("%s executes %s", async (command, executed) => {
    const first = (await analyze(command)).units[0];
    expect(first?.executed?.join(" ")).toBe(executed);
  });

  it("runs the single word of dpkg-architecture -c through the shell", async () => {
    const analysis = await analyze("dpkg-architecture -c 'git push origin main; id'");
    // dpkg and the compiler it asks first are its own helpers (S27 wrapper-script-helpers).
    expect(analysis.units.map((unit) => unit.executed?.join(" ") ?? null)).toEqual([
      null,
      "dpkg --print-architecture",
      "gcc -dumpmachine",
      "git push origin main",
      "id",
    ]);
  });

  it.each([
    ["logsave out.log ls", "/repo/out.log", "write"],
    ["ssh-agent -a ./agent.sock ls", "/repo/agent.sock", "write"],
    ["memusage -d m.dat ls", "/repo/m.dat", "write"],
    ["sotruss -o t.log ls", "/repo/t.log", "write"],
  ])("%s touches %s (%s)", async (command, path, access) => {
    const analysis = await analyze(command);
    expect(analysis.paths.map((p) => [p.path, p.access])).toContainEqual([path, access]);
  });

  it("counts the per-process files of sotruss -f -o", async () => {
    const analysis = await analyze("sotruss -f -o t.log ls");
    expect(analysis.paths.map((p) => p.glob)).toContain("/repo/t.log.*");
  });

  it.each([
    ["memusage -n 'x;id' ls"],
    ["memusage -nfoo ls"],
    ["memusage -p m ls"],
    ["sotruss -l ./audit.so ls"],
    ["sotruss -ef ls"],
    ["dpkg-architecture -cls"],
    ["cmake -E env -x ls"],
  ])("leaves %s unproven", async (command) => {
    const first = (await analyze(command)).units[0];
    expect({ executed: first?.executed, floored: first?.sentinel !== null }).toEqual({
      executed: null,
      floored: true,
    });
  });

  it("floors cmake -E chdir: the command's relative paths are elsewhere", async () => {
    const first = (await analyze("cmake -E chdir /tmp rm -rf x")).units[0];
    expect(first?.executed?.join(" ")).toBe("rm -rf x");
    expect(first?.sentinel).toBe("<indirection-bash-wrapper>");
  });
});

describe("adversarial: a file the string wrote, run by a loader under another name", () => {
  it.each([
    [`${PY}; pdb3 -c continue x`],
    [`${PY}; pdb3.11 -c c x`],
    [`${PY}; python3 -m pydoc ./x`],
    [`${PY}; python3 -m venv v && v/bin/python x`],
    [`${PY}; .venv/bin/python3 x`],
    ["echo x > x; java --source 17 x"],
    ["echo x > x; java -cp . --source 17 x"],
    ["echo x > x; java --class-path=. --source 17 x"],
    ["printf 'system(\"git push origin main\");1;\\n' > x; cpan -j x -l"],
  ])("floors %s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it.each([
    ["python3 -m venv .venv && .venv/bin/pip install -r requirements.txt"],
    ["python3 -m venv v && v/bin/python app.py"],
    [`${PY.replace("> x", "> /tmp/x")}; .venv/bin/python app.py`],
    ["echo x > /tmp/x; java -jar app.jar"],
    ["pydoc3 json"],
    ["cpan -l"],
  ])("keeps %s proven", async (command) => {
    expect(sentinels(await analyze(command))).toEqual([]);
  });
});

describe("adversarial: a script given as a stream to a loader", () => {
  it.each([
    [`${PY}; pdb3 -c continue /dev/fd/3 3< x`],
    [`${PY}; pdb3 -c continue /dev/stdin < x`],
    [`${PY}; pydoc3 -w /dev/fd/3 3< x`],
    [`${PY}; python3 -m pydoc /dev/fd/3 3< x`],
    [`${PY}; python3 -m doctest /dev/fd/4 4< x`],
    [`${CM}; cmake -P /dev/fd/3 3< x`],
    [`${CM}; cmake -P /dev/stdin < x`],
    [`${CM}; ctest -S /dev/fd/3 3< x`],
    [`${CM}; ctest -S /dev/stdin < x`],
    ["cmake -P /dev/stdin <<'EOF'\nexecute_process(COMMAND git push origin main)\nEOF"],
    ["cmake -C <(cat x) -S . -B b"],
    ["cpan -j /dev/stdin -l < x"],
  ])("floors %s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it.each([["cmake -P build.cmake"], ["ctest -S ci.cmake"], ["cmake -S . -B build"]])(
    "keeps %s proven",
    async (command) => {
      expect(sentinels(await analyze(command))).toEqual([]);
    },
  );
});

describe("adversarial: an rc file the string wrote, loaded without being named", () => {
  it.each([
    [`${PY.replace("> x", "> .pdbrc")}; pdb3 -m this`],
    [`${PY.replace("> x", "> .pdbrc")}; pdb3.11 -m json.tool /dev/null`],
    ["printf -- '--exec=git push origin main\\n' > .proverc; prove README.md"],
    ["printf -- '--exec git push origin main\\n' > .proverc; prove README.md"],
    ["printf -- '--exec=git push origin main\\n' > x; prove --rc=x README.md"],
    ["printf '%s\\n' '--exec=git push origin main' > x; prove --rc x README.md"],
  ])("floors %s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it("analyses the command prove --exec runs each test with", async () => {
    const analysis = await analyze("prove --exec 'git push origin main' t");
    expect(analysis.units.map((unit) => unit.executed?.join(" ") ?? null)).toEqual([
      null,
      "git push origin main",
    ]);
  });

  it.each([["prove -lr t"], ["prove -I lib -j 4 t"], ["echo x > /tmp/notes.txt; prove t"]])(
    "keeps %s proven",
    async (command) => {
      expect(sentinels(await analyze(command))).toEqual([]);
    },
  );
});

describe("ssh-add reads the default identities when it is given no file", () => {
  const DEFAULTS = ["id_rsa", "id_ecdsa", "id_ecdsa_sk", "id_ed25519", "id_ed25519_sk"]
    .concat(["id_xmss", "id_dsa"])
    .map((name) => `/home/user/.ssh/${name}`);

  it.each([["ssh-add"], ["ssh-agent ssh-add"], ["ssh-add -t 3600 -c"], ["ssh-add -d"]])(
    "%s reads them",
    async (command) => {
      const analysis = await analyze(command);
      const read = analysis.paths.filter((p) => p.access === "read").map((p) => p.path);
      expect(read).toEqual(expect.arrayContaining(DEFAULTS));
    },
  );

  it.each([["ssh-add -l"], ["ssh-add -L"], ["ssh-add -D"], ["ssh-add -x"], ["ssh-add -K"]])(
    "%s reads none of them",
    async (command) => {
      expect((await analyze(command)).paths).toEqual([]);
    },
  );

  it("reads only the key it is given", async () => {
    const analysis = await analyze("ssh-add ~/.ssh/deploy");
    expect(analysis.paths.map((p) => [p.path, p.access])).toEqual([
      ["/home/user/.ssh/deploy", "read"],
    ]);
  });
});
