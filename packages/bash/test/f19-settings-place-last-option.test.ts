import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function writes(command: string): Promise<(string | null)[]> {
  return (await analyze(command)).paths
    .filter((path) => path.access !== "read")
    .map((path) => path.path);
}

const HOME_PLACE = /^\/home\/user\/\.(gnupg|kube|npm|cache\/pip)/;

describe("the last redirecting option decides, an empty one is the default (R19 kubeconfig-repeated-option-last-empty-default, gpg-repeated-homedir-last-empty-default)", () => {
  // strace (R19): kubectl wrote /home/user/.kube/config, gpg created /home/user/.gnupg.
  it.each([
    [
      "kubectl --kubeconfig=./k --kubeconfig= config set-credentials u --token=x",
      "/home/user/.kube/config",
    ],
    [
      "kubectl --kubeconfig ./k --kubeconfig '' config set-credentials u --token=x",
      "/home/user/.kube/config",
    ],
    [
      "kubectl config set-credentials u --token=x --kubeconfig=./k --kubeconfig=",
      "/home/user/.kube/config",
    ],
    ["kubectl --kubeconfig=./k config --kubeconfig= set-credentials u", "/home/user/.kube/config"],
    [
      "e=; kubectl --kubeconfig ./k --kubeconfig=$e config set-credentials u",
      "/home/user/.kube/config",
    ],
    ["gpg --batch --homedir ./g --homedir '' --list-keys", "/home/user/.gnupg"],
    ["gpg --batch --homedir=./g --homedir= --list-keys", "/home/user/.gnupg"],
    // gpg takes an abbreviated long option (R19 gpg-abbreviated-homedir-last-empty).
    ["gpg --batch --homedir ./g --homed '' --list-keys", "/home/user/.gnupg"],
    ["gpg --batch --homedir ./g --home= --list-keys", "/home/user/.gnupg"],
    ["gpg --batch --homedir ./g --homedi ./h --list-keys", "/home/user/.gnupg"],
  ])("%s writes %s", async (command, path) => {
    expect(await writes(command)).toContain(path);
  });

  it.each([
    ["kubectl --kubeconfig= --kubeconfig=./k config set-credentials u --token=x", "/repo/k"],
    ["gpg --batch --homedir '' --homedir ./g --list-keys", "/repo/g"],
  ])("%s writes only %s", async (command, path) => {
    const written = await writes(command);
    expect(written).toContain(path);
    expect(written.filter((p) => HOME_PLACE.test(p ?? ""))).toEqual([]);
  });
});

describe("after `--` a word is an operand, not a redirecting option (R19 home-writer-redirect-option-after-double-dash)", () => {
  // strace (R19): gpg still created /home/user/.gnupg.
  it.each([
    ["gpg --batch --list-keys -- --homedir ./g", "/home/user/.gnupg"],
    ["gpg --batch --list-keys -- --homedir=./g", "/home/user/.gnupg"],
    ["gpg --batch --list-keys -- --version", "/home/user/.gnupg"],
    ["gpg --batch --list-keys -- -h", "/home/user/.gnupg"],
    ["gpgsm --list-keys -- --homedir", "/home/user/.gnupg"],
    // `--` taken as --comment's value, or not: either reading counts.
    ["gpg --batch --comment -- --homedir ./g --list-keys", "/home/user/.gnupg"],
  ])("%s writes %s", async (command, path) => {
    expect(await writes(command)).toContain(path);
  });

  it("an option before `--` still moves the place", async () => {
    const written = await writes("gpg --batch --homedir ./g --list-keys -- x");
    expect(written).toContain("/repo/g");
    expect(written.filter((p) => HOME_PLACE.test(p ?? ""))).toEqual([]);
  });
});
