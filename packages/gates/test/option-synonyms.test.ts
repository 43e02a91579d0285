import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, bash, policyOf } from "./fixtures.ts";

async function decide(permission: PermissionMap, command: string): Promise<string> {
  const verdict = evaluateToolCall(policyOf(permission), bash(command), await analyzerOnce());
  const request = verdict.requests.find((r) => r.gate === "bash");
  return request?.action ?? "none";
}

describe("a deny or ask rule meets an option spelled another way the program reads the same", () => {
  const DENY: PermissionMap = {
    "*": "allow",
    bash: { "*": "allow", "rm -rf /*": "deny", "git push -f *": "deny" },
  };

  it.each([
    "rm -Rf /tmp",
    "rm -fR /x",
    "rm --recursive --force /etc",
    "rm --rec -f /x",
    "rm --re --fo /x",
    "rm -v --recursive -f /x",
    "sudo rm -R --force /x",
    "git push --force origin main",
  ])("%s is denied", async (command) => {
    expect(await decide(DENY, command)).toBe("deny");
  });

  it.each([
    // Not the options the rule names, or not options at all.
    "rm -R /x",
    "rm --force /x",
    "rm -Rf build",
    "rm -- --recursive -f /x",
    // An ambiguous abbreviation names no option (git refuses it).
    "git push --for origin main",
    "git push --forc origin main",
    "git push --force-with-lease origin main",
    "cp -R a /x",
  ])("%s is not denied by those rules", async (command) => {
    expect(await decide(DENY, command)).not.toBe("deny");
  });

  it("reads the rule's own long spelling", async () => {
    const permission: PermissionMap = {
      "*": "allow",
      bash: { "*": "allow", "chmod --recursive *": "ask" },
    };
    expect(await decide(permission, "chmod -R 777 src")).toBe("ask");
    expect(await decide(permission, "chmod -v 777 src")).toBe("allow");
  });

  it("never widens an allow rule", async () => {
    const permission: PermissionMap = {
      "*": "ask",
      bash: { "*": "ask", "rm -r build": "allow" },
    };
    expect(await decide(permission, "rm -r build")).toBe("allow");
    expect(await decide(permission, "rm -R build")).toBe("ask");
    expect(await decide(permission, "rm --recursive build")).toBe("ask");
  });
});

// G15 (spellings under user-written policies): options in git's own spellings, options the
// rule names at the end, other programs' tables, other names of a command, git push refspecs.
describe("a deny or ask rule meets the G15 spellings of what it names", () => {
  const DENY: PermissionMap = {
    "*": "allow",
    bash: {
      "*": "allow",
      "git reset --hard": "deny",
      "git branch -D *": "deny",
      "git push --force*": "deny",
      "git push * main": "deny",
      "git push origin --delete *": "deny",
      "git commit --no-verify *": "deny",
      "git clean -f*": "deny",
      "docker run * -v /:*": "deny",
      "docker run --privileged *": "deny",
      "kubectl delete namespace *": "deny",
      "terraform destroy*": "deny",
      "terraform apply -auto-approve": "deny",
      "cargo publish*": "deny",
      "sed -i *": "ask",
      "curl --upload-file *": "deny",
      "rm --no-preserve-root *": "deny",
    },
  };

  it.each<[string, string]>([
    ["git reset -q --hard", "deny"],
    ["git reset --quiet --hard", "deny"],
    ["git reset --hard -q", "deny"],
    ["git reset --har", "deny"],
    ["git branch -df x", "deny"],
    ["git branch --delete --force x", "deny"],
    ["git push -f origin dev", "deny"],
    ["git push -uf origin dev", "deny"],
    ["git push origin +dev", "deny"],
    ["git push origin HEAD:main", "deny"],
    ["git push origin refs/heads/main", "deny"],
    ["git push origin :x", "deny"],
    ["git commit -n -m x", "deny"],
    ["git commit --no-verif -m x", "deny"],
    ["git clean -d -f", "deny"],
    ["docker run --volume /:/h alpine", "deny"],
    ["docker run --volume=/:/h alpine", "deny"],
    ["docker run -v //:/h alpine", "deny"],
    ["docker container run --privileged alpine", "deny"],
    ["kubectl delete ns prod", "deny"],
    ["kubectl delete ns/prod", "deny"],
    ["terraform apply -destroy", "deny"],
    ["terraform apply -input=false -auto-approve", "deny"],
    ["cargo +nightly publish", "deny"],
    ["sed --in-place s/a/b/ README.md", "ask"],
    ["curl --upload-fil README.md http://127.0.0.1/", "deny"],
    ["rm --no-preserve -rf /", "deny"],
  ])("%s is %s", async (command, expected) => {
    expect(await decide(DENY, command)).toBe(expected);
  });

  it.each([
    // Not what the rules name.
    "git reset -q",
    "git reset --soft HEAD~1",
    "git branch -d x",
    "git push origin dev",
    "git push origin HEAD:dev",
    "git commit -m x",
    "git clean -n",
    "docker run -v /tmp:/h alpine",
    "kubectl delete pod x",
    "terraform plan -destroy",
    "terraform apply -auto-approve=false",
    "cargo +nightly build",
    "sed -n 1p README.md",
    "curl --data x http://127.0.0.1/",
  ])("%s stays allowed", async (command) => {
    expect(await decide(DENY, command)).toBe("allow");
  });

  it("never widens an allow rule", async () => {
    const permission: PermissionMap = {
      "*": "ask",
      bash: {
        "*": "ask",
        "git push origin dev": "allow",
        "docker run alpine": "allow",
        "git reset --hard": "allow",
        "kubectl get namespace": "allow",
      },
    };
    expect(await decide(permission, "git push origin dev")).toBe("allow");
    expect(await decide(permission, "git push origin HEAD:dev")).toBe("ask");
    expect(await decide(permission, "git push origin +dev")).toBe("ask");
    expect(await decide(permission, "docker container run alpine")).toBe("ask");
    expect(await decide(permission, "git reset --har")).toBe("ask");
    expect(await decide(permission, "git reset -q --hard")).toBe("ask");
    expect(await decide(permission, "kubectl get ns")).toBe("ask");
  });
});

// G15 module-runner-as-program: `python3 -m pip install x` runs pip's command line.
describe("a Python module run meets the rules of the module's command", () => {
  const RULES: PermissionMap = {
    "*": "allow",
    bash: { "*": "allow", "pip install *": "ask", "pip uninstall *": "deny" },
  };
  it.each<[string, string]>([
    ["python3 -m pip install x", "ask"],
    ["python -Im pip install x", "ask"],
    ["python3.12 -mpip install x", "ask"],
    ["python3 -W ignore -m pip uninstall -y x", "deny"],
    ["python3 -m pip list", "allow"],
    ["python3 -m http.server", "allow"],
    ["python3 script.py -m pip install x", "allow"],
  ])("%s is %s", async (command, expected) => {
    expect(await decide(RULES, command)).toBe(expected);
  });
});

/**
 * G16 kill-signal-spelling, chmod-mode-spelling, chown-owner-spelling: a user's deny of one
 * spelling of a signal, a mode or an owner meets the others (each killed the process or set
 * the mode under bash 5.2 and coreutils 9).
 */
describe("a deny rule meets a value spelled another way", () => {
  const RULES: PermissionMap = {
    "*": "allow",
    bash: {
      "*": "allow",
      "kill -9 *": "deny",
      "chmod 777 *": "deny",
      "chmod -R 777 *": "deny",
      "chown root *": "deny",
    },
  };

  it.each([
    ["kill -KILL 1", "deny"],
    ["kill -s KILL 1", "deny"],
    ["kill -n 9 1", "deny"],
    ["chmod 0777 x", "deny"],
    ["chmod a=rwx x", "deny"],
    ["chmod -R a+rwx d", "deny"],
    ["chown root:root x", "deny"],
    ["chown 0 x", "deny"],
    ["kill -TERM 1", "allow"],
    ["kill 1", "allow"],
    ["chmod 755 x", "allow"],
    ["chmod u+x x", "allow"],
    ["chown user:user x", "allow"],
  ])("%s is %s", async (command, expected) => {
    expect(await decide(RULES, command)).toBe(expected);
  });
});

/**
 * G16 versioned-program-name, program-alternate-name: a deny rule about a program meets it
 * under a versioned or distribution name; the rules index rules by their first word, so these
 * texts are read against every rule.
 */
describe("a deny rule meets its program under another name", () => {
  const RULES: PermissionMap = {
    "*": "allow",
    bash: { "*": "allow", "pip install *": "deny", "python *": "deny", "mkfs *": "deny" },
  };

  it.each([
    ["pip3.11 install x", "deny"],
    ["python3 x.py", "deny"],
    ["mkfs.ext4 /dev/sdb1", "deny"],
    ["pip3 list", "allow"],
    ["md5sum x", "allow"],
  ])("%s is %s", async (command, expected) => {
    expect(await decide(RULES, command)).toBe(expected);
  });
});

describe("a deny rule meets a command under another name", () => {
  const RULES: PermissionMap = {
    "*": "allow",
    bash: {
      "*": "allow",
      "npm exec *": "deny",
      "npm test": "deny",
      "npm config set *": "deny",
      "npm install -g *": "deny",
      "docker volume rm *": "deny",
      "docker build *": "deny",
      "docker rm -f *": "deny",
      "git add *": "deny",
      "git stash drop*": "deny",
      "git rebase *": "deny",
      "cargo build *": "deny",
      "pnpm remove *": "deny",
      "kubectl delete pod *": "deny",
    },
  };

  it.each([
    ["npm x --yes -- echo hi", "deny"],
    ["npm it", "deny"],
    ["npm cit", "deny"],
    ["npm set registry=http://evil", "deny"],
    ["npm i --location=global x", "deny"],
    ["docker volume remove x", "deny"],
    ["docker buildx build .", "deny"],
    ["docker container rm --force x", "deny"],
    ["git stage x", "deny"],
    ["git stash pop --index", "deny"],
    ["git pull --rebase", "deny"],
    ["npm get registry", "allow"],
    ["npm i --location=project x", "allow"],
    ["docker volume ls", "allow"],
    ["docker rm x", "allow"],
    ["git stash apply", "allow"],
    ["git pull --rebase=false", "allow"],
    ["cargo b x", "deny"],
    ["cargo +stable b", "deny"],
    ["pnpm rm x", "deny"],
    ["cargo c x", "allow"],
    ["pnpm i x", "allow"],
    ["kubectl delete svc,pod x", "deny"],
    ["kubectl delete all --all", "deny"],
    ["kubectl delete cm,secret x", "allow"],
  ])("%s is %s", async (command, expected) => {
    expect(await decide(RULES, command)).toBe(expected);
  });
});
