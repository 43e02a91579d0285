import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function writes(command: string): Promise<(string | null)[]> {
  return (await analyze(command)).paths
    .filter((path) => path.access !== "read")
    .map((path) => path.path);
}

const HOME_PLACE = /^\/home\/user\/\.(gnupg|kube|npm|cache\/pip)/;

describe("a wrapper that unsets or clears the environment drops a settings variable set before it (R19 env-override-dropped-by-env-unset-or-clear)", () => {
  // strace (R19): gpg created /home/user/.gnupg, kubectl wrote /home/user/.kube/config.
  it.each([
    ["GNUPGHOME=./g env -u GNUPGHOME gpg --batch --list-keys", "/home/user/.gnupg"],
    ["env GNUPGHOME=./g env -u GNUPGHOME gpg --batch --list-keys", "/home/user/.gnupg"],
    ["GNUPGHOME=./g env -uGNUPGHOME gpg --batch --list-keys", "/home/user/.gnupg"],
    ["GNUPGHOME=./g env --unset=GNUPGHOME gpg --batch --list-keys", "/home/user/.gnupg"],
    ["GNUPGHOME=./g env --unset GNUPGHOME -- gpg --batch --list-keys", "/home/user/.gnupg"],
    ["GNUPGHOME=./g env --u=GNUPGHOME gpg --batch --list-keys", "/home/user/.gnupg"],
    ["GNUPGHOME=./g env -i PATH=/usr/bin gpg --batch --list-keys", "/home/user/.gnupg"],
    ["GNUPGHOME=./g env -viu X gpg --batch --list-keys", "/home/user/.gnupg"],
    ["GNUPGHOME=./g env --ignore-env PATH=/usr/bin gpg --batch --list-keys", "/home/user/.gnupg"],
    ["GNUPGHOME=./g env - PATH=/usr/bin gpg --batch --list-keys", "/home/user/.gnupg"],
    ["GNUPGHOME=./g /usr/bin/env -u GNUPGHOME gpg --batch --list-keys", "/home/user/.gnupg"],
    ["GNUPGHOME=./g nice env -u GNUPGHOME gpg --batch --list-keys", "/home/user/.gnupg"],
    ["GNUPGHOME=./g timeout 5 env --unset=GNUPGHOME gpg --batch --list-keys", "/home/user/.gnupg"],
    ["GNUPGHOME=./g exec -c gpg --batch --list-keys", "/home/user/.gnupg"],
    ["GNUPGHOME=./g exec -c -a x gpg --batch --list-keys", "/home/user/.gnupg"],
    ["GNUPGHOME=./g cmake -E env --unset=GNUPGHOME gpg --batch --list-keys", "/home/user/.gnupg"],
    [
      "KUBECONFIG=./k env -u KUBECONFIG kubectl config set-credentials u",
      "/home/user/.kube/config",
    ],
    ["npm_config_cache=./c env -u npm_config_cache npm cache clean --force", "/home/user/.npm"],
    // HOME is dropped alike: the program's home is the user's again.
    ["HOME=/repo/h env -u HOME gpg --batch --list-keys", "/home/user/.gnupg"],
    ["HOME=/repo/h env -i gpg --batch --list-keys", "/home/user/.gnupg"],
  ])("%s writes %s", async (command, path) => {
    expect(await writes(command)).toContain(path);
  });

  it.each([
    ["env -i GNUPGHOME=./g gpg --batch --list-keys", "/repo/g"],
    ["env -u GNUPGHOME GNUPGHOME=./g gpg --batch --list-keys", "/repo/g"],
    ["GNUPGHOME=./g env -u X gpg --batch --list-keys", "/repo/g"],
    ["GNUPGHOME=./g env -v gpg --batch --list-keys", "/repo/g"],
    ["GNUPGHOME=./g exec gpg --batch --list-keys", "/repo/g"],
    ["exec -c env GNUPGHOME=./g gpg --batch --list-keys", "/repo/g"],
    ["HOME=/repo/h gpg --batch --list-keys", "/repo/h/.gnupg"],
  ])("%s writes only %s", async (command, path) => {
    const written = await writes(command);
    expect(written).toContain(path);
    expect(written.filter((p) => HOME_PLACE.test(p ?? ""))).toEqual([]);
  });
});
