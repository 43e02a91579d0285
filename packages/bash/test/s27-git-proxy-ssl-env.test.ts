import { describe, expect, it } from "vitest";
import { pathsOf } from "./helpers.ts";

// S27 git-proxy-ssl-env: git's https transport reads GIT_PROXY_SSL_CERT, GIT_PROXY_SSL_KEY and
// GIT_PROXY_SSL_CAINFO, the twins of http.proxySSLCert/Key/CAInfo, for an https proxy (host
// strace of git 2.39: git-remote-https opened ~/.ssh/id_rsa and .env as soon as the proxy's TCP
// connection was up). The config keys and GIT_SSL_* were judged; these variables were not.

describe("s27: the files git's https proxy settings name in the environment", () => {
  it.each([
    [
      "GIT_PROXY_SSL_CERT=~/.ssh/id_rsa git -c http.proxy=https://proxy.example:443 ls-remote https://example.com/x",
      "read /home/user/.ssh/id_rsa",
    ],
    ["GIT_PROXY_SSL_KEY=/home/user/.ssh/id_ed25519 git fetch", "read /home/user/.ssh/id_ed25519"],
    ["GIT_PROXY_SSL_CAINFO=.env git fetch", "read /repo/.env"],
    ["export GIT_PROXY_SSL_CAINFO=.env; git pull", "read /repo/.env"],
    [
      "env GIT_PROXY_SSL_CERT=/home/user/.ssh/id_rsa git clone https://e.com/x",
      "read /home/user/.ssh/id_rsa",
    ],
    ["git -c http.pinnedPubkey=/home/user/.ssh/id_rsa fetch", "read /home/user/.ssh/id_rsa"],
  ])("%s: %s", async (command, use) => {
    expect(await pathsOf(command)).toContain(use);
  });
});
