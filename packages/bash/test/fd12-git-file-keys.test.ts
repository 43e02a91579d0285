import { describe, expect, it } from "vitest";
import { analyze, globPaths, paths } from "./helpers.ts";

describe("adversarial: git ls-files --exclude-per-directory opens its file in every folder", () => {
  it.each([
    "git ls-files -o --exclude-per-directory=.env",
    "git ls-files -o --exclude-per-directory .env",
    "git ls-files -oi --exclude-per=.env",
    "git ls-files -ci --exclude-per-directory=.env",
  ])("%s", async (command) => {
    const analysis = await analyze(command);
    expect(paths(analysis)).toContain("read:/repo/.env");
    expect(globPaths(analysis).join(" ")).toContain("/repo/**/.env");
  });

  it("reads a value with a folder in it where it points, and elsewhere an unknown file", async () => {
    const found = paths(
      await analyze("git ls-files -o --exclude-per-directory=../home/user/.ssh/id_rsa"),
    );
    expect(found).toContain("read:/home/user/.ssh/id_rsa");
    expect(found).toContain("read:?");
  });

  it("keeps the usual .gitignore proven", async () => {
    const analysis = await analyze("git ls-files -o --exclude-per-directory=.gitignore");
    expect(analysis.status).toBe("ok");
    expect(paths(analysis)).toContain("read:/repo/.gitignore");
  });
});

describe("adversarial: a file-valued git setting scoped by a URL or identity", () => {
  it.each([
    [
      "git -c http.https://x.example.cookieFile=.env ls-remote https://x.example/y",
      "read:/repo/.env",
    ],
    [
      "git -c http.https://x.example/a.git.sslKey=/home/user/k fetch https://x.example/a.git",
      "read:/home/user/k",
    ],
    ["git -c http.https://h.sslCAInfo=~/.ssh/ca pull https://h/r", "read:/home/user/.ssh/ca"],
    ["git -c http.https://h.proxySSLCert=/home/user/c fetch https://h/r", "read:/home/user/c"],
    [
      "git -c sendemail.work.smtpSSLCertPath=/home/user/c send-email --identity=work x.patch",
      "read:/home/user/c",
    ],
  ])("%s", async (command, path) => {
    expect(paths(await analyze(command))).toContain(path);
  });
});
