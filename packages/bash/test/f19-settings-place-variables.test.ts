import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function writes(command: string): Promise<(string | null)[]> {
  return (await analyze(command)).paths
    .filter((path) => path.access !== "read")
    .map((path) => path.path);
}

describe("a variable set on the command moves a home-settings writer's place (B19 home-config-writer-ignores-env-override)", () => {
  // strace (B19): gpg looked only in /repo/g, kubectl wrote /repo/k, npm wrote /repo/c; nothing
  // under /home/user.
  it.each([
    ["GNUPGHOME=./g gpg --list-keys", "/repo/g"],
    ["env GNUPGHOME=/repo/g gpg --list-keys", "/repo/g"],
    ["KUBECONFIG=./k kubectl config set-credentials u --token=x", "/repo/k"],
    ["npm_config_cache=./c npm cache clean --force", "/repo/c"],
    ["XDG_CONFIG_HOME=/repo/xc pip config set global.x y", "/repo/xc/pip/pip.conf"],
    // The value's place is written, wherever it is.
    ["KUBECONFIG=/home/user/.bashrc kubectl config set-credentials u", "/home/user/.bashrc"],
  ])("%s writes %s, not the default home place", async (command, path) => {
    const written = await writes(command);
    expect(written).toContain(path);
    expect(written.filter((p) => /^\/home\/user\/\.(gnupg|kube|npm|config)/.test(p ?? ""))).toEqual(
      [],
    );
  });

  it.each([
    ["GNUPGHOME= gpg --list-keys", "/home/user/.gnupg"],
    ["GNUPGHOME+=x gpg --list-keys", "/home/user/.gnupg"],
    ["GNUPGHOME=~/g gpg --list-keys", "/home/user/.gnupg"],
    ["KUBECONFIG=a:b kubectl config set-credentials u", "/home/user/.kube/config"],
    ["export GNUPGHOME=./g; gpg --list-keys", "/home/user/.gnupg"],
    ["npm_config_cache=./c npm login", "/home/user/.npmrc"],
    ["XDG_CONFIG_HOME=/repo/xc pip cache purge", "/home/user/.cache/pip"],
  ])("%s still writes the default %s", async (command, path) => {
    expect(await writes(command)).toContain(path);
  });
});
