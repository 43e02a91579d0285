import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_UID } from "../src/fixture.ts";
import { BashOracle, oracleUnavailableReason } from "../src/sandbox.ts";

const unavailable = oracleUnavailableReason();

// These tests run real bash in namespaces; without root, strace or util-linux they cannot.
describe.skipIf(unavailable !== null)(
  `BashOracle${unavailable ? ` (skipped: ${unavailable})` : ""}`,
  () => {
    let oracle: BashOracle;
    beforeAll(async () => {
      oracle = await BashOracle.start({ timeoutMs: 5_000 });
    });
    afterAll(async () => {
      await oracle?.close();
    });

    const files = (observation: Awaited<ReturnType<BashOracle["run"]>>) =>
      observation.files.map((file) => `${file.access} ${file.path}`);

    it("runs /bin/rm as the harmless stub: the execve shows, build survives", async () => {
      const observation = await oracle.run("/bin/rm -rf build; ls build");
      expect(observation.execs.map((exec) => [exec.path, exec.argv, exec.stub])).toEqual([
        ["/bin/rm", ["/bin/rm", "-rf", "build"], true],
        ["/usr/bin/ls", ["ls", "build"], false],
      ]);
      expect(observation.stdout).toBe("out.js\n");
    });

    it("sees cat .env read .env and echo hi > out write out", async () => {
      const observation = await oracle.run("cat .env; echo hi > out");
      expect(observation.execs.map((exec) => exec.argv)).toEqual([["cat", ".env"]]);
      expect(files(observation)).toEqual(["read /repo/.env", "write /repo/out"]);
      expect(observation.stdout).toBe("API_KEY=fixture-secret\n");
    });

    it("gives every command a fresh fixture", async () => {
      const first = await oracle.run("echo changed > .env; rm -f README.md; touch ~/new");
      expect(first.exitCode).toBe(0);
      const second = await oracle.run("cat .env; ls ~/new");
      expect(second.stdout).toBe("API_KEY=fixture-secret\n");
      expect(second.stderr).toContain("No such file");
    });

    it("runs as the unprivileged fixture user in the fixture's home and project", async () => {
      const observation = await oracle.run('id -u; echo "$HOME"; pwd; git log --oneline | wc -l');
      expect(observation.stdout).toBe(`${FIXTURE_UID}\n/home/user\n/repo\n1\n`);
    });

    it("cannot write outside the fixture and has no network", async () => {
      const observation = await oracle.run(
        "echo x > /etc/oracle-test; echo x > /usr/oracle-test; exec 3<>/dev/tcp/127.0.0.1/22",
      );
      expect(observation.stderr).toContain("/etc/oracle-test: Read-only file system");
      expect(observation.stderr).toContain("/usr/oracle-test: Read-only file system");
      expect(observation.stderr).toMatch(/Network is unreachable|Connection refused/);
      // The failed attempts are still reported: the analysis must know about them.
      expect(files(observation)).toEqual(["write /etc/oracle-test", "write /usr/oracle-test"]);
    });

    it("kills a command past the time limit, with every process it started", async () => {
      const slow = await BashOracle.start({ timeoutMs: 500 });
      try {
        const observation = await slow.run("sleep 30 & sleep 30");
        expect(observation.timedOut).toBe(true);
        const next = await slow.run("echo after");
        expect(next.stdout).toBe("after\n");
      } finally {
        await slow.close();
      }
    });

    it("reports a program a wrapper starts, and a file a program writes", async () => {
      const observation = await oracle.run("timeout 5 tee out.txt < README.md > /dev/null");
      expect(observation.execs.map((exec) => exec.argv)).toEqual([
        ["timeout", "5", "tee", "out.txt"],
        ["tee", "out.txt"],
      ]);
      expect(files(observation)).toEqual(["read /repo/README.md", "write /repo/out.txt"]);
    });
  },
);
