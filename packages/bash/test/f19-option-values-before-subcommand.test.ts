import { describe, expect, it } from "vitest";
import { optionReadings } from "../src/programs/paths.ts";
import { analyze } from "./helpers.ts";

async function writes(command: string): Promise<(string | null)[]> {
  return (await analyze(command)).paths
    .filter((path) => path.access !== "read")
    .map((path) => path.path);
}

describe("an option's separate value before a subcommand (B19 home-config and npm writers)", () => {
  it("reads each option word both with and without the next word as its value", () => {
    expect(optionReadings(["-n", "x", "config", "set"])).toEqual([
      ["-n=x", "config", "set"],
      ["-n", "x", "config", "set"],
    ]);
    // A known flag takes no value, but `true`/`false` (npm's booleans take it).
    expect(optionReadings(["--batch", "--homedir", "g"], /^--batch$/)).toEqual([
      ["--batch", "--homedir=g"],
      ["--batch", "--homedir", "g"],
    ]);
    expect(optionReadings(["--json", "false", "init"], /^--json$/)).toHaveLength(2);
    // Nothing after `--`, nothing with `=` already, and `-` is an operand.
    expect(optionReadings(["--a=b", "-", "x", "--", "-c", "d"])).toEqual([
      ["--a=b", "-", "x", "--", "-c", "d"],
    ]);
    expect(optionReadings(Array.from({ length: 20 }, (_, i) => `-${i}`))).toBeNull();
  });

  // strace (B19): each wrote /home/user/.kube/config, ~/.config/pip/pip.conf, ~/.npm or
  // ~/.gnupg; the option's value hid the subcommand, or was the redirecting option.
  it.each([
    ["kubectl --context x config set-credentials u --token=x", "/home/user/.kube/config"],
    ["kubectl -n x config set-credentials u --token=x", "/home/user/.kube/config"],
    ["kubectl -v 1 config set-cluster c --server=https://x", "/home/user/.kube/config"],
    ["kubectl --request-timeout 1 config set-credentials u", "/home/user/.kube/config"],
    ["kubectl -s https://x config set-credentials u --token=x", "/home/user/.kube/config"],
    ["kubectl config --kubeconfig= set-credentials u --token=x", "/home/user/.kube/config"],
    ["kubectl config set-credentials u --token --kubeconfig=x", "/home/user/.kube/config"],
    ["kubectl config set-credentials u --username --kubeconfig", "/home/user/.kube/config"],
    ["pip --timeout 5 config set global.index-url https://x", "/home/user/.config/pip/pip.conf"],
    ["pip --proxy http://x config set global.x y", "/home/user/.config/pip/pip.conf"],
    ["pip3 --retries 1 config set global.x y", "/home/user/.config/pip/pip.conf"],
    ["python3 -m pip --timeout 5 config set global.x y", "/home/user/.config/pip/pip.conf"],
    ["pip --exists-action w config set global.x y", "/home/user/.config/pip/pip.conf"],
    ["pip config --editor vi set global.x y", "/home/user/.config/pip/pip.conf"],
    ["pip3.11 config set global.x y", "/home/user/.config/pip/pip.conf"],
    ["python3 -Im pip config set global.x y", "/home/user/.config/pip/pip.conf"],
    ["python3 -Impip config set global.x y", "/home/user/.config/pip/pip.conf"],
    ["npm --loglevel silent cache clean --force", "/home/user/.npm"],
    ["gpg --comment --homedir --list-keys", "/home/user/.gnupg"],
    ["gpg --set-filename --homedir --list-keys", "/home/user/.gnupg"],
    ["scalar -C /repo register", "/home/user/.gitconfig"],
    ["scalar -c x.y=z register", "/home/user/.gitconfig"],
    ["scalar -C . run all", "/home/user/.gitconfig"],
    ["ssh-keygen -t ed25519 -C -f -N ''", "/home/user/.ssh"],
    ["npm --json false init -y", "/repo/package.json"],
    ["npm --color false pkg set scripts.x=y", "/repo/package.json"],
    ["npm --prefix . pkg set scripts.x=y", "/repo/package.json"],
    ["npm --loglevel silent config set x y", "/home/user/.npmrc"],
  ])("%s writes %s", async (command, path) => {
    expect(await writes(command)).toContain(path);
  });

  it("leaves pip config --site's file to the running python (unknown)", async () => {
    expect((await analyze("pip config --site set global.x y")).paths).toContainEqual(
      expect.objectContaining({ path: null, access: "write", sentinel: "<computed-path>" }),
    );
  });

  // What must stay without a home write: the redirect is taken, or a flag takes no value.
  it.each([
    "kubectl --kubeconfig ./k config set-credentials u --token=x",
    "kubectl config set-credentials u --embed-certs --kubeconfig=./k",
    "kubectl -n x config view",
    "pip --timeout 5 config list",
    "pip -v cache purge --cache-dir ./c",
    "gpg --batch --no-tty --homedir ./g --import k.asc",
    "npm cache clean --force --cache ./c",
    "npm --loglevel silent cache ls",
    "ssh-keygen -q -t ed25519 -f ./k -N ''",
  ])("%s writes nothing in the home folder", async (command) => {
    expect((await writes(command)).filter((path) => path?.startsWith("/home/user"))).toEqual([]);
  });

  it("still takes a package script the string planted behind option values", async () => {
    const analysis = await analyze(
      "npm --json false init -y && npm --color false pkg set scripts.x='git push' && npm run x",
    );
    expect(analysis.paths.map((path) => [path.path, path.access])).toContainEqual([
      "/repo/package.json",
      "write",
    ]);
  });
});
